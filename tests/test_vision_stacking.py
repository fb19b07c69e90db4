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


def test_a_card_printed_where_the_other_card_s_side_runs_under_it_is_not_decided():
    """A hidden side running through dense print steps as a seen one does: the card
    beneath can then not be told from a card beside, and nothing is decided."""
    top = OVERLAPS["over-a-corner"]
    grey = laid(UNDER, top)
    stripes = (np.indices(grey.shape).sum(axis=0) // 3) % 2 == 0
    inside = np.zeros(grey.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.int32(np.rint(top)), 1)
    grey[(inside == 1) & stripes] = 20  # the top card's print where UNDER's sides run
    assert not lies_beneath(grey, top, UNDER)


def test_a_top_card_whose_sides_over_the_other_show_nothing_decides_nothing():
    """Without a rim, a card's sides facing away from its shadow vanish over a card as
    light as it: it lies on top, but the picture does not show it, and nothing is
    decided."""
    top = OVERLAPS["over-a-corner"]  # its top and left sides run over UNDER
    grey = laid(UNDER, top, rim=False)
    assert not lies_beneath(grey, top, UNDER)
    assert not lies_beneath(grey, UNDER, top)
