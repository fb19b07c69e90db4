"""An outline a few pixels off moved to fit its view's best guess, and moved again
(vision.reader._align, ALIGN_STEPS): tango's black cards on rendered scenes."""

from __future__ import annotations

import pytest
from scene_reads import names_at_card, names_with_and_without

from referee.cards import parse_card
from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.scenes import render_scene


@pytest.mark.parametrize(
    ("seed", "code"),
    [
        (27302, "S6"),  # moved once: S6 at a margin of 0.24, its view 2.6 pixels off
        (27364, "S7"),  # moved once: 0.25, 2.7 pixels off
    ],
)
def test_a_black_card_moved_twice_to_fit_is_named(monkeypatch, seed, code):
    """tango's black cards on rendered scenes: an outline moved once to fit its view's
    best guess comes most of the way, and the card is still left unnamed short of the
    margin; moved a second time, it is named, and named right. No card of the frame is
    named as another."""
    named, once = names_with_and_without(
        monkeypatch, "tango", seed, code, "vision.reader.ALIGN_STEPS", 1
    )
    assert (named, once) == ([parse_card(code)], [None])


def test_a_later_move_to_fit_is_kept_only_where_it_names_the_first_moves_guess():
    """tango's SK on scene 27331, its outline three pixels off: moved once it fits the
    CK best, and moved again the SK, unnamed and still three pixels off. The second
    move names no card, so the first move's read stands, and an outline read later
    names the SK (kept, the second move's read would have stopped it: a later read
    replaces one only where it fits a card face better)."""
    scene = render_scene(DESIGNS["tango"], 27331)
    shown = next(c for c in scene.cards if c.card == parse_card("SK"))
    assert names_at_card(scene, identifier_for("tango"), shown) == [parse_card("SK")]
