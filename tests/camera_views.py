"""Helpers shared by the vision tests that need a deck enrolled from camera views: a
card's printed art rectified, a camera's imperfect view of it, and an identifier of a
deck enrolled from such views, built in a second instead of through the guide; and how
far an outline found lies from a card's true corners."""

from __future__ import annotations

import functools

import cv2
import numpy as np

from referee.cards import CARDS, card_code, parse_card
from vision.art import DESIGNS, card_images
from vision.geometry import RECT_H, RECT_W, order_corners
from vision.identify import Identifier
from vision.profile import DeckProfile, art_rectified


@functools.cache
def art(design: str, code: str) -> np.ndarray:
    """The card ``code`` of ``design`` as printed, rectified as a view is."""
    return art_rectified(card_images(DESIGNS[design])[parse_card(code)])


def camera(card: np.ndarray, rng: np.random.Generator, off: float) -> np.ndarray:
    """A camera's view of a rectified card: its outline's corners up to ``off`` pixels
    off, out of focus, under a light falling off across it, with sensor noise."""
    corners = np.float32([[0, 0], [RECT_W - 1, 0], [RECT_W - 1, RECT_H - 1], [0, RECT_H - 1]])
    moves = rng.uniform(-off, off, (4, 2)).astype(np.float32)
    warp = cv2.getPerspectiveTransform(corners, corners + moves)
    view = cv2.warpPerspective(
        card, warp, (RECT_W, RECT_H), borderMode=cv2.BORDER_REPLICATE
    ).astype(np.float32)
    view = cv2.GaussianBlur(view, (0, 0), rng.uniform(0.5, 1.0))
    fall = np.linspace(1.0, rng.uniform(0.8, 1.0), RECT_W, dtype=np.float32)[None, :, None]
    view = view * fall + rng.normal(0.0, rng.uniform(0.0, 8.0), view.shape).astype(np.float32)
    return np.clip(view, 0, 255).astype(np.uint8)


ENROLLED_OFF = 0.5
"""How far (pixels) the outlines of a deck's enrolled views may be off: the guide takes
each view of a card lying alone and still, its outline refined."""


@functools.cache
def enrolled_deck(design: str) -> Identifier:
    """An identifier of ``design`` enrolled from three camera views of each card."""
    rng = np.random.default_rng(2026)
    shown = {
        c: [camera(art(design, card_code(c)), rng, ENROLLED_OFF) for _ in range(3)] for c in CARDS
    }
    return Identifier([DeckProfile.from_rectified(f"enrolled-{design}", "french", shown)])


def corner_error(outline: np.ndarray, corners: np.ndarray) -> float:
    """Largest distance of an outline's corner from the card's, in the best pairing."""
    truth = order_corners(corners)
    return min(
        float(np.linalg.norm(np.roll(outline, k, axis=0) - truth, axis=1).max()) for k in range(4)
    )
