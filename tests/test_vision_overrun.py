"""A card outlined past its end, onto a neighbour or a strip of table as dark as its
print, cut back to a card's proportions (vision.geometry.overrun_outlines,
vision.reader.best_outlines)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scene_reads import names_with_and_without

from referee.cards import parse_card
from vision.geometry import LEAST_SEEN, overrun_outlines, quad_area
from vision.reader import CARD_PROPORTIONS


def _card(width: float, proportion: float, turn: float) -> np.ndarray:
    """A card's outline, clockwise from a short side, turned ``turn`` radians."""
    length = width * proportion
    flat = np.array([[0, 0], [width, 0], [width, length], [0, length]], np.float64)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    return np.float32(flat @ rotation.T + 400)


@given(
    width=st.floats(40, 200),
    proportion=st.sampled_from(CARD_PROPORTIONS),
    turn=st.floats(0, 2 * np.pi),
    side=st.sampled_from([0, 2]),
    overrun=st.floats(0.02, 1 / LEAST_SEEN - 1 - 1e-3),  # the bound itself rounds either way
)
def test_an_outline_run_on_past_a_cards_end_is_cut_back_to_the_card(
    width, proportion, turn, side, overrun
):
    """Whichever short side the outline runs on past, by up to the share
    ``LEAST_SEEN`` allows, one of the outlines tried at the card's proportion is the
    card's own; every one tried lies inside the outline as found."""
    card = _card(width, proportion, turn)
    found = card.copy()
    a, b, c, d = side, side + 1, (side + 2) % 4, (side + 3) % 4
    found[a] = card[a] + overrun * (card[a] - card[d])
    found[b] = card[b] + overrun * (card[b] - card[c])
    tried = overrun_outlines(found, [proportion])
    assert any(np.allclose(t, card, atol=1e-2 * width) for t in tried)
    assert all(quad_area(t) < quad_area(found) for t in tried)


def test_an_outline_of_a_cards_proportion_or_shorter_is_not_cut_back():
    """An outline already no longer than any proportion tried gives nothing to cut."""
    assert overrun_outlines(_card(100, 1.3, 0.4), [1.3, 1.4, 1.5]) == []


@pytest.mark.parametrize(
    ("design", "seed", "code"),
    [
        ("tango_nuevo", 2050, "SA"),  # its big spade printed to its end on dark felt
        ("simplistic", 2006, "D10"),
        ("tango", 2062, "C8"),
    ],
)
def test_a_card_outlined_past_its_end_is_named(monkeypatch, design, seed, code):
    """Tuning scenes, built-in profiles: a card whose outline runs on past one end (a
    neighbour's edge, a strip of table as dark as its print there) is left unnamed by
    every other outline tried. Cut back to a card's proportions and refined, it is
    named right; without that try it is not. No card of the frame is named as another."""
    named, without = names_with_and_without(
        monkeypatch, design, seed, code, "vision.reader.overrun_outlines", lambda *given: []
    )
    assert (named, without) == ([parse_card(code)], [None])
