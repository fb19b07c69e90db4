"""Enrolled look-alikes told apart where their print differs (``vision.small_print``):
cards alike in all but a small sign must be judged by that sign, whatever each
camera view of them carries besides."""

from __future__ import annotations

import functools

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import parse_card
from vision.art import DESIGNS, card_images
from vision.geometry import RECT_H, RECT_W
from vision.profile import art_rectified, describe_fine
from vision.small_print import LEAD, Contrast, Prints

LOOK_ALIKES = [
    ("tango", "CQ", "SQ"),
    ("tango", "SJ", "CJ"),
    ("tango", "CK", "SK"),
    ("simplistic", "CQ", "SQ"),
    ("tango_nuevo", "D6", "D8"),
    ("tango_nuevo", "H8", "H9"),
]
"""Pairs the held-out enrolled run named one for the other (docs/benchmarks.md)."""


@functools.cache
def _art(design: str, code: str) -> np.ndarray:
    return art_rectified(card_images(DESIGNS[design])[parse_card(code)])


def _camera(card: np.ndarray, draw: st.DrawFn, off: float) -> np.ndarray:
    """A camera's view of a rectified card: its outline's corners up to ``off`` pixels
    off, out of focus, under a light falling off across it, with sensor noise."""
    corners = np.float32([[0, 0], [RECT_W - 1, 0], [RECT_W - 1, RECT_H - 1], [0, RECT_H - 1]])
    moves = draw(st.lists(st.floats(-off, off), min_size=8, max_size=8))
    warp = cv2.getPerspectiveTransform(corners, corners + np.float32(moves).reshape(4, 2))
    view = cv2.warpPerspective(
        card, warp, (RECT_W, RECT_H), borderMode=cv2.BORDER_REPLICATE
    ).astype(np.float32)
    view = cv2.GaussianBlur(view, (0, 0), draw(st.floats(0.5, 1.0)))
    fall = np.linspace(1.0, draw(st.floats(0.8, 1.0)), RECT_W, dtype=np.float32)[None, :, None]
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    view = view * fall + rng.normal(0.0, draw(st.floats(0.0, 8.0)), view.shape).astype(np.float32)
    return np.clip(view, 0, 255).astype(np.uint8)


def _contrast(own: np.ndarray, rival: np.ndarray) -> Contrast:
    """The contrast of two cards' templates (rows of fine descriptors), as an
    identifier makes it from its deck's templates."""
    prints = Prints(np.concatenate([own, rival]))
    return Contrast.of(
        prints, tuple(range(len(own))), tuple(range(len(own), len(own) + len(rival)))
    )


def _enrolled(pair: tuple[str, str, str], draw: st.DrawFn, off: float):
    """Three enrolled views of each card of ``pair`` (design, card, look-alike) and a
    later view of the card, each taken apart with outlines up to ``off`` pixels off:
    the fine descriptors of the view and of the two cards' templates."""
    design, card, twin = pair
    own = np.stack([describe_fine(_camera(_art(design, card), draw, off)) for _ in range(3)])
    rival = np.stack([describe_fine(_camera(_art(design, twin), draw, off)) for _ in range(3)])
    return describe_fine(_camera(_art(design, card), draw, off)), own, rival


OFF = 0.5
"""How far (pixels) each corner of every view's outline may be off in these
properties (300 examples of each held once). At 1 pixel neither holds, as the docs
say: with two of the three enrolled views of a tango SJ with their outline's top-left
corner 1 pixel right, the CJ's exact, a later view of the SJ with its top-left corner 1
pixel left and its bottom-right 1 pixel right leads as the CJ by 0.39 (a wrong read
let through);
all three enrolled views of a tango CQ with the bottom-right corner 1 pixel in, and
the later view's 1 pixel out, lead the SQ by -0.35 (left unnamed)."""


@settings(max_examples=60, deadline=None)
@given(pair=st.sampled_from(LOOK_ALIKES), data=st.data())
def test_a_view_never_leads_for_a_look_alike_of_its_card(pair, data):
    """Judged as its look-alike, a view of a card never leads it by ``LEAD``, whatever
    each view carries besides (outline, focus, light, noise): the check lets no such
    wrong read through."""
    view, own, rival = _enrolled(pair, data.draw, off=OFF)
    assert _contrast(rival, own).lead(view) < LEAD


@settings(max_examples=60, deadline=None)
@given(pair=st.sampled_from(LOOK_ALIKES), data=st.data())
def test_a_view_leads_the_look_alike_of_its_card(pair, data):
    """A view of a card leads its look-alike by ``LEAD`` where the two differ: the
    check leaves a card it sees named."""
    view, own, rival = _enrolled(pair, data.draw, off=OFF)
    assert _contrast(own, rival).lead(view) >= LEAD


def test_cards_whose_templates_are_the_same_are_never_told_apart():
    """Two cards enrolled from the same pictures (a player showing one card for two):
    nothing in their templates tells them apart, so neither leads, and the identifier
    names neither."""
    templates = np.stack([describe_fine(_art("tango", "CQ"))] * 3)
    view = describe_fine(_art("tango", "CQ"))
    assert _contrast(templates, templates.copy()).lead(view) == -np.inf
