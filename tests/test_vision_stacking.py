"""Which of two overlapping cards lies on top is told by the picture: the top card's
sides step across the card beneath, the card beneath shows no side under the top one
(``vision.stacking.lies_beneath``). Where the picture does not show it, nothing is
decided, and the reader takes the overlap for a cover as before."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from laid_cards import laid, outline, turned

from vision.stacking import lies_beneath

UNDER = outline(200, 150)
OVERLAPS = {
    "over-a-corner": outline(250, 230),
    "over-a-side": outline(140, 190),
    "turned-over-the-top": turned(outline(230, 60), 35),
}


@pytest.mark.parametrize("top", OVERLAPS.values(), ids=OVERLAPS.keys())
def test_the_card_laid_last_is_on_top_and_the_other_beneath(top):
    grey = laid(UNDER, top)
    assert lies_beneath(grey, top, UNDER)
    assert not lies_beneath(grey, UNDER, top)


@pytest.mark.parametrize("top", OVERLAPS.values(), ids=OVERLAPS.keys())
def test_the_same_cards_laid_the_other_way_round(top):
    grey = laid(top, UNDER)
    assert lies_beneath(grey, UNDER, top)
    assert not lies_beneath(grey, top, UNDER)


def test_a_picture_that_shows_no_sides_decides_nothing():
    """Two outlines over one plain grey: neither card can be said to lie on top."""
    grey = np.full((480, 640), 128, np.uint8)
    top = OVERLAPS["over-a-corner"]
    assert not lies_beneath(grey, top, UNDER)
    assert not lies_beneath(grey, UNDER, top)


def test_cards_apart_or_touching_lie_neither_on_nor_under_each_other():
    for other in (outline(400, 150), outline(300, 150)):
        grey = laid(UNDER, other)
        assert not lies_beneath(grey, other, UNDER)
        assert not lies_beneath(grey, UNDER, other)


@pytest.mark.parametrize("rim", [True, False], ids=["rimmed", "no-rim"])
def test_a_hidden_side_through_the_top_card_s_print_decides_nothing(rim):
    """The card beneath's hidden sides run through the top card's dense print, which
    steps across them as much as an edge does, only not at them alone: the card beneath
    is never taken for the top one, and with its sides so unclear, neither is the top."""
    top = OVERLAPS["over-a-corner"]
    grey = laid(UNDER, top, rim=rim)
    stripes = (np.indices(grey.shape).sum(axis=0) // 3) % 2 == 0
    printed = np.zeros(grey.shape, np.uint8)
    cv2.fillConvexPoly(printed, np.int32(np.rint(outline(260, 240, 80, 130))), 1)
    grey[(printed == 1) & stripes] = 20  # the top card's print, 10 pixels in from its edge
    assert not lies_beneath(grey, UNDER, top)
    assert not lies_beneath(grey, top, UNDER)


def test_a_top_card_whose_sides_over_the_other_show_nothing_decides_nothing():
    """Without a rim, a card's sides facing away from its shadow vanish over a card as
    light as it: it lies on top, but the picture does not show it, and nothing is
    decided."""
    top = OVERLAPS["over-a-corner"]  # its top and left sides run over UNDER
    grey = laid(UNDER, top, rim=False)
    assert not lies_beneath(grey, top, UNDER)
    assert not lies_beneath(grey, UNDER, top)
