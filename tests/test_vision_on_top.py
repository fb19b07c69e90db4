"""Which of two overlapping cards lies on top (``vision.reader._lies_over``): where their
outlines overlap, the picture shows the print of the card on top, which that card's
template explains and the other's does not. A card said to lie over another keeps the
small print the other's outline crosses; the card beneath must never be said to. Once
checked, neither of two overlapping cards is named as another."""

from __future__ import annotations

import cv2
import numpy as np
from camera_views import enrolled_deck
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.cards import CARDS, card_code, parse_card
from vision.art import DESIGNS, card_images
from vision.geometry import rectify
from vision.reader import _doubt_crossed, _lies_over

FRAME = (480, 640)
DESIGNS_TRIED = ("tango_nuevo", "tango", "anglo_modern")
MOSTLY_SEEN = 0.7
"""The least share of a card beneath another that is in view for it to be read as
itself: beneath that, its outline shows mostly the other card."""


def _outline(centre: tuple[float, float], turn: float, length: float = 190.0) -> np.ndarray:
    """A card's outline (clockwise from its top-left corner) ``length`` pixels long,
    turned ``turn`` degrees about ``centre``."""
    width = length / 1.5
    corners = np.float32([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * [width / 2, length / 2]
    angle = np.radians(turn)
    rotation = np.float32([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    return np.float32(corners @ rotation.T + centre)


def _lay(picture: np.ndarray, face: np.ndarray, outline: np.ndarray) -> None:
    """Lays a card's printed face (BGRA, its corners round) on ``picture`` at ``outline``,
    with the soft shadow a card casts."""
    h, w = face.shape[:2]
    source = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    size = (picture.shape[1], picture.shape[0])
    shadow = cv2.warpPerspective(
        face[:, :, 3], cv2.getPerspectiveTransform(source, outline + 3), size
    )
    shade = cv2.GaussianBlur(shadow.astype(np.float32) / 255, (0, 0), 3)[:, :, None]
    picture[:] = picture * (1 - 0.3 * shade)
    matrix = cv2.getPerspectiveTransform(source, outline)
    colour = cv2.warpPerspective(face[:, :, :3], matrix, size).astype(np.float32)
    alpha = cv2.warpPerspective(face[:, :, 3], matrix, size).astype(np.float32)[:, :, None] / 255
    picture[:] = picture * (1 - alpha) + colour * alpha


def _table(
    design: str,
    lower: str,
    upper: str,
    under: np.ndarray,
    over: np.ndarray,
    seed: int,
    hand: tuple[int, int] | None = None,
):
    """A picture of ``upper`` lying over ``lower`` (card codes of ``design``) on green
    felt, with sensor noise, and a hand's fingertip at ``hand`` where given; and the
    two cards' reads in the reader's form: (outline, view, read), the lower card first."""
    rng = np.random.default_rng(seed)
    picture = np.empty((*FRAME, 3), np.float32)
    picture[:] = (40, 110, 50)
    faces = card_images(DESIGNS[design])
    _lay(picture, faces[parse_card(lower)], under)
    _lay(picture, faces[parse_card(upper)], over)
    if hand is not None:
        cv2.ellipse(picture, hand, (30, 45), 30, 0, 360, (120, 150, 205), -1)
    picture += rng.normal(0, 3, picture.shape)
    picture = np.clip(picture, 0, 255).astype(np.uint8)
    identifier = enrolled_deck(design)
    views = [rectify(picture, outline) for outline in (under, over)]
    reads = identifier.identify(views)
    return identifier, list(zip((under, over), views, reads, strict=True))


TWO_CARDS = {
    "design": st.sampled_from(DESIGNS_TRIED),
    "lower": st.sampled_from(CARDS),
    "upper": st.sampled_from(CARDS),
    "shift": st.tuples(st.floats(-170, 170), st.floats(-200, 200)),
    "turns": st.tuples(st.floats(0, 360), st.floats(0, 360)),
    "seed": st.integers(0, 2**16),
}
"""Two cards of a design, the upper laid over the lower at any shift and turns (for
:func:`_laid`), and the seed of the picture's noise."""


def _laid(shift: tuple[float, float], turns: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """The outlines of a card in the middle of the picture and of one laid ``shift``
    pixels from it, each turned as ``turns`` says."""
    under = _outline((320, 240), turns[0])
    return under, _outline((320 + shift[0], 240 + shift[1]), turns[1])


UNDER, OVER = _outline((320, 240), 0), _outline((210, 340), 0)
"""A tango_nuevo HK lying over the S7's lower left corner, the heart by its "K" inside
the S7's outline, both named."""


def test_a_card_over_anothers_corner_is_said_to_lie_over_it_and_not_the_other_way():
    """The HK's template explains the part the two outlines share, the S7's does not."""
    identifier, best = _table("tango_nuevo", "S7", "HK", UNDER, OVER, 3)
    assert [read.card for _, _, read in best] == [parse_card("S7"), parse_card("HK")]
    assert _lies_over(identifier, best, 1, 0)
    assert not _lies_over(identifier, best, 0, 1)


def test_a_card_on_top_keeps_the_name_its_print_gives_under_anothers_outline():
    """Read again with the part inside the S7's outline hidden, the HK would be
    withheld (enrolled tango_nuevo's kings differ only in their corner signs, below),
    but it lies on top, and keeps its name; so does the S7."""
    identifier, best = _table("tango_nuevo", "S7", "HK", UNDER, OVER, 3)
    _doubt_crossed(identifier, (*FRAME, 3), best)
    assert [read.card for _, _, read in best] == [parse_card("S7"), parse_card("HK")]


def test_a_card_beneath_whose_print_the_other_may_hide_is_still_withheld(monkeypatch):
    """The same two cards, read as if neither could be said to lie on top: the HK is
    withheld (what the check did before it could tell)."""
    monkeypatch.setattr("vision.reader._lies_over", lambda *args: False)
    identifier, best = _table("tango_nuevo", "S7", "HK", UNDER, OVER, 3)
    _doubt_crossed(identifier, (*FRAME, 3), best)
    assert (best[1][2].card, best[1][2].doubted) == (None, True)


def test_neither_card_is_said_to_lie_on_top_under_a_hand_over_both():
    """A fingertip over the middle of the part the HK and the S7 share: it is neither
    card's print, so neither is said to lie over the other."""
    identifier, best = _table("tango_nuevo", "S7", "HK", UNDER, OVER, 3, hand=(265, 290))
    assert not _lies_over(identifier, best, 1, 0)
    assert not _lies_over(identifier, best, 0, 1)


@settings(max_examples=60, deadline=None)
@given(**TWO_CARDS)
def test_the_card_beneath_is_never_said_to_lie_over_the_one_on_top(
    design, lower, upper, shift, turns, seed
):
    """Whatever the two cards and however they overlap, the card drawn first (beneath)
    is never said to lie over the one drawn over it."""
    under, over = _laid(shift, turns)
    identifier, best = _table(design, card_code(lower), card_code(upper), under, over, seed)
    if best[0][2] is None:
        return  # the card beneath is read as no card face: nothing to say of it
    assert not _lies_over(identifier, best, 0, 1)


@settings(max_examples=60, deadline=None)
@given(**TWO_CARDS)
def test_once_checked_neither_of_two_overlapping_cards_is_named_as_another(
    design, lower, upper, shift, turns, seed
):
    """Whatever the two cards and however they overlap (the one beneath at least
    ``MOSTLY_SEEN`` in view), once the check has read again each whose print the
    other's outline may hide, each is named as itself or not at all."""
    under, over = _laid(shift, turns)
    shared, _ = cv2.intersectConvexConvex(under, over)
    assume(shared <= (1 - MOSTLY_SEEN) * cv2.contourArea(under))
    identifier, best = _table(design, card_code(lower), card_code(upper), under, over, seed)
    _doubt_crossed(identifier, (*FRAME, 3), best)
    for (_, _, read), shown in zip(best, (lower, upper), strict=True):
        assert read is None or read.card in (None, shown)
