"""A card named by its small print alone, short of the whole-card margin, is withheld
where another card's outline covers that print (``vision.reader._doubt_crossed``): the
print may lie under the other card, and a half-covered corner index can read as
another."""

from __future__ import annotations

import numpy as np
import pytest

from referee.cards import parse_card
from vision.identify import Identification
from vision.reader import _doubt_crossed

SEVEN, EIGHT = parse_card("D7"), parse_card("D8")

INDEX = ((slice(0, 29), slice(0, 21)), np.full((29, 21), 1 / (29 * 21), np.float32))
"""The region of the fine picture a tango_nuevo D7 and D8 differ in: the top-left
corner index (as ``vision.small_print`` finds it), evenly weighed."""


def _outline(x: float, y: float, w: float = 100.0, h: float = 150.0) -> np.ndarray:
    return np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])


def _read(code: int, by_print: bool) -> Identification:
    return Identification(
        card=code,
        best_guess=code,
        score=0.9,
        margin=0.1 if by_print else 0.4,
        confidence=0.5 if by_print else 0.58,
        design="enrolled-tango_nuevo",
        floor=0.6,
        by_print=by_print,
        print_regions=(INDEX,),
    )


def _checked(other: np.ndarray, by_print: bool = True) -> Identification:
    """The read of a card outlined at the origin, upright, once checked against
    ``other``'s outline."""
    view = np.zeros((96, 64, 3), np.uint8)
    best = [(_outline(0, 0), view, _read(SEVEN, by_print)), (other, view, _read(EIGHT, False))]
    _doubt_crossed(best)
    return best[0][2]


def test_a_card_named_by_its_small_print_under_another_card_is_withheld():
    """Another card over its corner index (6 % of its outline) may hide the print it
    was named by."""
    read = _checked(_outline(-70, -110))
    assert (read.card, read.best_guess, read.doubted, read.confidence) == (None, SEVEN, True, 0.0)
    assert not read.by_print


@pytest.mark.parametrize(
    "other",
    [_outline(100, 20), _outline(99.5, 0), _outline(110, 0), _outline(80, 105)],
    ids=["touching", "overlapping-by-half-a-pixel", "apart", "over-the-far-corner"],
)
def test_a_card_named_by_its_small_print_keeps_it_where_its_print_is_in_view(other):
    """Cards side by side, touching or apart, hide nothing of each other; a card over
    the far corner (6 % of the outline) hides none of the print the name rests on."""
    read = _checked(other)
    assert (read.card, read.doubted) == (SEVEN, False)


def test_a_card_named_past_the_margin_is_not_checked():
    """A card the whole-card margin names keeps its name under another card's corner."""
    read = _checked(_outline(-70, -110), by_print=False)
    assert (read.card, read.doubted) == (SEVEN, False)
