"""A card outlined short of its end, along a line of its print, carried on to a card's
proportions (vision.geometry.covered_outlines, vision.reader.best_outlines)."""

from __future__ import annotations

import pytest
from scene_reads import names_at_card

from referee.cards import parse_card
from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.scenes import render_scene


@pytest.mark.parametrize(
    ("design", "seed", "code"),
    [
        ("anglo", 13012, "S10"),  # outlined to its top row of pips: its part read C7
        ("paris", 13029, "SJ"),  # outlined to the frame of its face picture
        ("swiss-xvii", 13028, "C7"),  # outlined to the row under its index: read C8
        ("swiss-xvii", 13000, "SJ"),  # outlined to its face picture's edge
    ],
)
def test_a_card_outlined_short_along_its_print_is_named(monkeypatch, design, seed, code):
    """Held-out rendered scenes, built-in profiles: a card whose outline stops at a line
    of its own print across it (a row of pips, a face picture's frame), its view a
    part of the card stretched to a whole one, is left unnamed by every other outline
    tried. Carried on past that side to a card's proportions and refined, it is named
    right; without that try (and the cut-back one, which names the paris SJ from its
    far end) it is not. No card of the frame is named as another."""
    scene = render_scene(DESIGNS[design], seed)
    identifier = identifier_for(design)
    shown = next(c for c in scene.cards if c.card == parse_card(code))

    assert names_at_card(scene, identifier, shown) == [shown.card]
    monkeypatch.setattr("vision.reader._read_carried", lambda *reading: None)
    monkeypatch.setattr("vision.reader.overrun_outlines", lambda *given: [])  # nor cut back
    assert names_at_card(scene, identifier, shown) == [None]
