"""Two outlines of one card, a hair apart: the area they share is the card's, so the card
is found once (vision.geometry.convex_overlap, used by detection and the reader); and
the evaluation counts a card named twice (vision.evaluate)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import card_code
from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.detect import find_cards
from vision.evaluate import DesignResult, _score
from vision.geometry import convex_overlap, quad_area
from vision.identify import Identification
from vision.reader import CardRead, read_frame
from vision.scenes import render_scene


def _card(x: float, y: float, width: float, turn: float) -> np.ndarray:
    """A card's outline: ``width`` wide, 1.5 times as long, centred at (x, y), turned."""
    half = np.array([[-1, -1.5], [1, -1.5], [1, 1.5], [-1, 1.5]]) * width / 2
    c, s = np.cos(turn), np.sin(turn)
    return np.float32(half @ np.array([[c, s], [-s, c]]) + (x, y))


@settings(max_examples=400, deadline=None)
@given(
    x=st.floats(0, 1280),
    y=st.floats(0, 720),
    width=st.floats(30, 200),
    turn=st.floats(0, np.pi),
    moves=st.lists(st.floats(-1e-4, 1e-4), min_size=8, max_size=8),
)
def test_an_outline_moved_by_a_hair_shares_all_of_its_area(x, y, width, turn, moves):
    """The outline and the same with each corner moved by up to 1e-4 pixels (a second
    fit of the card's sides) share the card's whole area, to a pixel per side's length."""
    outline = _card(x, y, width, turn)
    moved = np.float32(outline + np.float32(moves).reshape(4, 2))
    area, shared = convex_overlap(outline, moved)
    assert abs(area - quad_area(outline)) <= 4 * width
    assert shared is not None


def test_outlines_apart_share_nothing_and_overlapping_ones_their_part():
    """Beside a card, an outline shares nothing with it; moved half its width along
    itself, half of it."""
    one = _card(100, 100, 60, 0.3)
    apart, _ = convex_overlap(one, _card(300, 100, 60, 0.3))
    assert apart == 0.0
    half, _ = convex_overlap(one, _card(100 + 30 * np.cos(0.3), 100 + 30 * np.sin(0.3), 60, 0.3))
    assert abs(half - quad_area(one) / 2) < 1.0


def test_a_card_found_twice_alike_is_one_card():
    """Anglo's SA on tuning seed 2022 lies a fifth past the picture's top edge, and
    detection fitted it twice, the two outlines a hundred-thousandth of a pixel apart:
    they are one card, found once and named once."""
    scene = render_scene(DESIGNS["anglo"], 2022)
    centre = np.float32(
        next(c for c in scene.cards if c.card is not None and card_code(c.card) == "SA").corners
    ).mean(axis=0)
    quads = find_cards(scene.image).quads
    near = [q for q in quads if np.linalg.norm(q.mean(axis=0) - centre) < 20]
    assert len(near) == 1
    read = read_frame(scene.image, identifier_for("anglo"))
    names = [card_code(c.identification.card) for c in read.cards if c.identification.card]
    assert names.count("SA") == 1


def test_the_evaluation_counts_a_card_named_twice():
    """Two reads naming one card lying on the table once are counted (``named twice``,
    and against ``--max-wrong``): a tool counting the reads would see one card more."""
    scene = render_scene(DESIGNS["anglo"], 2022)
    shown = next(c for c in scene.cards if c.card is not None and c.visible > 0.95)
    read = Identification(shown.card, shown.card, 0.95, 0.5, 0.9, "anglo", 0.66)
    corners = np.float32(shown.corners)
    view = np.zeros((96, 64, 3), np.uint8)
    once = DesignResult("anglo")
    _score(scene, [CardRead(corners, read, view)], once)
    twice = DesignResult("anglo")
    _score(scene, [CardRead(corners, read, view), CardRead(corners + 0.5, read, view)], twice)
    assert (once.correct, once.twice) == (1, 0)
    assert (twice.correct, twice.twice) == (1, 1)
    assert "named twice 1" in twice.line() and "named twice" not in once.line()


def test_a_wrong_name_counts_whichever_read_of_the_card_gives_it():
    """A card read once unnamed and once named wrong is counted wrong (and its right
    read among others correct): no read of a card is passed over for coming second."""
    scene = render_scene(DESIGNS["anglo"], 2022)
    shown = next(c for c in scene.cards if c.card is not None and c.visible > 0.95)
    other = (shown.card + 1) % 36
    corners = np.float32(shown.corners)
    view = np.zeros((96, 64, 3), np.uint8)

    def read(card: int | None) -> CardRead:
        guess = other if card is None else card
        return CardRead(corners, Identification(card, guess, 0.9, 0.4, 0.8, "anglo", 0.66), view)

    unnamed_then_wrong = DesignResult("anglo")
    _score(scene, [read(None), read(other)], unnamed_then_wrong)
    assert (unnamed_then_wrong.wrong, unnamed_then_wrong.abstained) == (1, 0)
    assert unnamed_then_wrong.found == 1
    unnamed_then_right = DesignResult("anglo")
    _score(scene, [read(None), read(shown.card)], unnamed_then_right)
    assert (unnamed_then_right.correct, unnamed_then_right.abstained) == (1, 0)
    right_then_wrong = DesignResult("anglo")
    _score(scene, [read(shown.card), read(other)], right_then_wrong)
    assert (right_then_wrong.correct, right_then_wrong.wrong, right_then_wrong.twice) == (1, 1, 1)
