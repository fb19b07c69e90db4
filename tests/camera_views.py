"""Helpers shared by the vision tests that need a deck enrolled from camera views: a
card's printed art rectified, a camera's imperfect view of it (shaded, partly covered
too), and an identifier of a deck enrolled from such views, built in a second instead
of through the guide; how far an outline found lies from a card's true corners; and
paper of a card's shape with writing on it, which must be named no card."""

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


def shaded(view: np.ndarray, rng: np.random.Generator, keep: float | None = None) -> np.ndarray:
    """``view`` under a soft shadow's edge at a random slant, the shade keeping ``keep``
    of the light (drawn from 40–90 % when not given)."""
    ys, xs = np.mgrid[0:RECT_H, 0:RECT_W].astype(np.float32)
    slant = rng.uniform(0, np.pi)
    across = np.cos(slant) * (xs - RECT_W / 2) + np.sin(slant) * (ys - RECT_H / 2)
    across -= rng.uniform(-20, 20)
    keep = rng.uniform(0.4, 0.9) if keep is None else keep
    gain = keep + (1 - keep) / (1 + np.exp(-across / rng.uniform(1, 6)))
    return np.clip(view * gain[:, :, None], 0, 255).astype(np.uint8)


def covered(view: np.ndarray, over: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``view`` with a band of ``over`` (another card, a plain object) across one of its
    ends, 5–35 % of its length and 20–100 % of its width, from a corner."""
    covered = view.copy()
    high, wide = int(rng.uniform(0.05, 0.35) * RECT_H), int(rng.uniform(0.2, 1.0) * RECT_W)
    top = 0 if rng.random() < 0.5 else RECT_H - high
    left = 0 if rng.random() < 0.5 else RECT_W - wide
    covered[top : top + high, left : left + wide] = over[top : top + high, left : left + wide]
    return covered


COVERS = ("none", "card", "plain")
"""What :func:`seen_poorly` may lay across a view: nothing, another card, a plain object."""


def seen_poorly(design: str, code: str, rng: np.random.Generator, cover: str) -> np.ndarray:
    """A camera view of ``design``'s card ``code`` (outline up to 3 pixels off) under a
    shadow's edge; with ``cover`` "card" or "plain" (``COVERS``), a band of another card
    of the deck or of a plain colour across one end (:func:`covered`)."""
    view = shaded(camera(art(design, code), rng, 3.0), rng)
    if cover == "card":
        other = card_code(int(rng.choice(CARDS)))
        view = covered(view, camera(art(design, other), rng, 3.0), rng)
    elif cover == "plain":
        view = covered(view, np.full_like(view, rng.integers(0, 256, 3)), rng)
    return view


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


PAPER_WRITINGS = ("score sheet", "big numeral", "round marks")
"""What :func:`paper_with_writing` may write on paper."""


def paper_with_writing(kind: str, red: bool, rng: np.random.Generator) -> np.ndarray:
    """Paper of a card's shape, rectified, with something written on it (``kind``): a
    score sheet (ruled lines, numbers), a numeral written big in the middle and small
    in a corner, or round marks like pips; in red or black ink."""
    slip = np.full((RECT_H, RECT_W, 3), int(rng.integers(200, 256)), np.uint8)
    ink = (0, 0, 200) if red else (30, 30, 30)
    font = cv2.FONT_HERSHEY_DUPLEX
    if kind == "score sheet":
        for y in range(10, RECT_H, int(rng.integers(8, 20))):
            cv2.line(slip, (3, y), (RECT_W - 3, y), (150, 150, 150), 1)
        for _ in range(int(rng.integers(2, 10))):
            at = (int(rng.integers(0, RECT_W - 20)), int(rng.integers(10, RECT_H)))
            cv2.putText(slip, str(rng.integers(0, 2500)), at, font, 0.4, ink, 1)
    elif kind == "big numeral":
        numeral = str(rng.choice(list("23456789AJQK")))
        cv2.putText(slip, numeral, (4, 16), font, 0.5, ink, 1)
        middle = (RECT_W // 4, RECT_H * 2 // 3)
        cv2.putText(slip, numeral, middle, font, float(rng.uniform(1, 2.5)), ink, 2)
    else:
        for _ in range(int(rng.integers(1, 9))):
            centre = (int(rng.integers(5, RECT_W - 5)), int(rng.integers(5, RECT_H - 5)))
            cv2.circle(slip, centre, int(rng.integers(3, 12)), ink, -1)
    return slip
