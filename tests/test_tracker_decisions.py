"""When the tracker takes a card as decided from its reads (``vision.tracker.agreed``).

A wrong card written into the game log is what a table notices most; a read the reader
withheld (``doubted``) says its best guess is unsure there, and counts against it."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from referee.cards import parse_card
from vision.tracker import agreed

CQ, SQ = parse_card("CQ"), parse_card("SQ")
TALLIES = st.dictionaries(st.integers(0, 35), st.integers(1, 12), max_size=4).map(Counter)


def test_two_reads_of_a_card_withheld_as_it_elsewhere_do_not_decide_it():
    """Enrolled tango's CQ of seed 11469 (a DK over its corner) read SQ on a few
    outlines and was withheld as SQ on most: two SQ reads once decided it SQ."""
    assert agreed(Counter({SQ: 2})) == SQ
    assert agreed(Counter({SQ: 2}), doubts=Counter({SQ: 1})) is None
    assert agreed(Counter({SQ: 3}), SQ, Counter({SQ: 5})) is None
    assert agreed(Counter({SQ: 2}), doubts=Counter({CQ: 3})) == SQ  # doubts of another card


@given(votes=TALLIES, doubts=TALLIES, extra=st.none() | st.integers(0, 35))
def test_a_card_withheld_as_often_as_named_is_never_decided(votes, doubts, extra):
    """Whatever the reads: a card the reader withheld from naming at least as often as
    it named it (the mean look counted too) is not decided."""
    decided = agreed(votes, extra, doubts)
    if decided is not None:
        named = votes[decided] + (extra == decided)
        assert doubts[decided] < named
        assert named >= 2


@given(card=st.integers(0, 35), reads=st.integers(2, 40), doubts=TALLIES)
def test_agreeing_reads_decide_a_card_no_read_doubts(card, reads, doubts):
    """Reads that all name one card decide it from the second on, whatever the reader
    withheld from naming other cards at that place."""
    del doubts[card]
    assert agreed(Counter({card: reads}), doubts=doubts) == card
