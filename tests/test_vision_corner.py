"""A card whose print runs off its edge onto a table as dark, outlined from one corner
(vision.detect._corner_quads)."""

from __future__ import annotations

import pytest
from scene_reads import names_at_card

from referee.cards import parse_card
from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.identify import Identifier
from vision.profile import DeckProfile
from vision.scenes import render_scene


@pytest.mark.parametrize(
    ("seed", "code"),
    [
        (2000, "S8"),  # its black pip runs off two sides onto grey felt
        (2003, "S7"),  # onto dark wood, a neighbour at its other side
        (2012, "C9"),  # onto dark wood
        (2016, "DQ"),  # the queen's blue robe runs off a corner onto grey felt
        (17952, "S9"),  # onto dark red felt: the card that showed the need
    ],
)
def test_a_card_whose_print_runs_off_its_edge_is_found(monkeypatch, seed, code):
    """Scenes of tango_nuevo (four of the tuning seeds, and the one that showed the
    need), whose big pips and face pictures run off the card's edge: where the table
    is as dark as that print, the card's outline stays open across a corner and no
    side of it is traced whole. Spanned from its opposite corner, it is found and
    named right; without that, it is not found at all. No card of the frame is named
    as another."""
    scene = render_scene(DESIGNS["tango_nuevo"], seed)
    identifier = identifier_for("tango_nuevo")
    shown = next(c for c in scene.cards if c.card == parse_card(code))

    assert names_at_card(scene, identifier, shown) == [shown.card]
    monkeypatch.setattr("vision.detect._corner_quads", lambda *_: [])
    assert names_at_card(scene, identifier, shown) == []


@pytest.mark.parametrize(
    ("design", "seed", "code"),
    [
        ("tango_nuevo", 6147, "CK"),  # its dark robe at its end joins the felt
        ("berlin", 2006, "D10"),  # a little past the picture's left edge
    ],
)
def test_a_card_outlined_short_before_is_outlined_whole_and_named(monkeypatch, design, seed, code):
    """Cards the reader outlined short of an end (where dark print joins the table, or
    at the picture's edge) and so left unnamed, their name withheld: spanned from a
    corner of their outline, they are outlined whole and named right, read with their
    design's profile and paris's together (where berlin's red print cannot help)."""
    scene = render_scene(DESIGNS[design], seed)
    identifier = Identifier(
        [DeckProfile.from_design(DESIGNS[d]) for d in dict.fromkeys((design, "paris"))]
    )
    shown = next(c for c in scene.cards if c.card == parse_card(code))

    assert names_at_card(scene, identifier, shown, others_checked=False) == [shown.card]
    monkeypatch.setattr("vision.detect._corner_quads", lambda *_: [])
    assert names_at_card(scene, identifier, shown, others_checked=False) == [None]
