"""Hearts told from diamonds by their shape, whatever the design
(vision.profile.red_sign_skew, vision.identify.Identifier)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import DIAMONDS, HEARTS, card, card_code
from vision import identify
from vision.art import BUILT_IN, DESIGNS, UNSEEN
from vision.geometry import rectify
from vision.identify import SKEW_SPLIT, Identifier
from vision.profile import DeckProfile, red_sign_skew
from vision.reader import read_frame
from vision.scenes import SceneOptions, render_scene

CHECKED = ("anglo", "paris", "tango", "plastic", "ornamental", "kde-dondorf", "kde-nicu-white")
"""Designs of both packages, the red suit signs of which lie close to ``SKEW_SPLIT``
(tango's hearts, plastic's and nicu-white's diamonds) or far from it."""


@settings(max_examples=40, deadline=None)
@given(
    design=st.sampled_from(CHECKED),
    suit=st.sampled_from((HEARTS, DIAMONDS)),
    rank=st.integers(0, 4),
    seed=st.integers(0, 10**6),
)
def test_a_red_number_card_on_the_table_skews_as_its_suit(design, suit, rank, seed):
    """Turned, tilted, blurred, lit unevenly: a heart's pips stay lopsided along the
    card and a diamond's balanced, on either side of the split."""
    options = SceneOptions(cards=1, hand=0.0, only=(card(suit, rank),))
    scene = render_scene(DESIGNS[design], seed, options)
    skew = red_sign_skew(rectify(scene.image, scene.cards[0].corners))
    assert (skew > SKEW_SPLIT) == (suit == HEARTS), f"{card_code(card(suit, rank))}: {skew:.3f}"


@pytest.fixture(scope="module")
def without_tango():
    """The built-in profiles but tango's: tango stands in for a deck never seen."""
    return Identifier([DeckProfile.from_design(d) for d in BUILT_IN if d.name != "tango"])


TANGO_DIAMONDS = [2003, 2012]
"""Seeds of scenes of three 6s and three 9s of tango's diamonds (fat, straight-sided
rhombi, nearer a heart than most designs' diamonds). Without the check, each of the
seeds 2000–2029 had some of them named as hearts, by the ornamental design's templates."""


def _named(identifier: Identifier) -> list[str]:
    only = tuple(card(DIAMONDS, rank) for rank in (0, 3, 0, 3, 0, 3))
    named = []
    for seed in TANGO_DIAMONDS:
        scene = render_scene(DESIGNS["tango"], seed, SceneOptions(cards=6, hand=0.0, only=only))
        answers = [r.identification.card for r in read_frame(scene.image, identifier).cards]
        named += [card_code(c) for c in answers if c is not None]
    return named


def test_an_unseen_deck_s_diamonds_are_not_named_as_hearts(without_tango, monkeypatch):
    """Left unnamed until the deck is enrolled, rather than named wrong."""
    named = _named(without_tango)
    assert all(code.startswith("D") for code in named), named
    monkeypatch.setattr(identify, "SKEW_ROOM", 1.0)  # no design checked: the old reading
    unchecked = _named(Identifier(without_tango.profiles))
    assert any(code.startswith("H") for code in unchecked), unchecked


def test_designs_that_draw_hearts_and_diamonds_alike_are_not_checked():
    """tango_nuevo's and the egyptian deck's hearts and diamonds skew alike: a check by
    them would leave their own cards unnamed."""
    checked = Identifier([DeckProfile.from_design(d) for d in (*BUILT_IN, *UNSEEN)]).red_checked
    names = [d.name for d in (*BUILT_IN, *UNSEEN)]
    unchecked = {n for n, c in zip(names, checked, strict=True) if not c}
    assert unchecked == {"swiss-xvii", "tango_nuevo", "kde-ancient-egyptians"}
