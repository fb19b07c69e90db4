"""Which cards a view is judged among: its own card must not be left out where the
whole card barely tells it from its look-alikes (tango_nuevo's number cards)."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from vision.identify import RIVALS, SHORTLIST_MOST, SHORTLIST_REACH, _shortlist


@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=36, unique=True))
def test_every_card_scoring_near_the_best_is_judged(scores):
    """The best and its ``RIVALS`` runners-up are always judged; so is every card
    within ``SHORTLIST_REACH`` of the best, up to ``SHORTLIST_MOST``; no card farther
    off joins them, and the best cards come first."""
    per_card = np.array(scores)
    order = [int(c) for c in np.argsort(per_card)[::-1]]
    chosen = _shortlist(order, per_card)
    assert chosen == order[: len(chosen)]
    assert len(chosen) >= min(RIVALS + 1, len(order))
    assert len(chosen) <= SHORTLIST_MOST
    near = [c for c in order if per_card[c] >= per_card[order[0]] - SHORTLIST_REACH]
    if len(near) <= SHORTLIST_MOST:
        assert set(near) <= set(chosen)
    assert all(c in near for c in chosen[RIVALS + 1 :])


def test_a_card_fifth_on_the_whole_card_but_near_the_best_is_judged():
    """The tango_nuevo C6 of the review's camera: 0.77 against the best's 0.84, fifth
    among six number cards of clubs; judged without it, it was named C8."""
    per_card = np.full(36, 0.5)
    per_card[[28, 29, 35, 31, 27, 30]] = [0.837, 0.818, 0.798, 0.786, 0.769, 0.763]
    order = [int(c) for c in np.argsort(per_card)[::-1]]
    assert 27 in _shortlist(order, per_card)
    assert 27 not in order[: RIVALS + 1]
