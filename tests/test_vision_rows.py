"""Cards laid edge to edge in a row (a weis shown side by side): each is found and read.

Detection outlines a row of touching cards as one, which is no card face; the reader
cuts it into cards (``vision.reader._row_reads``). Without that, three cards of a weis
laid side by side were not read at all, whatever their size."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest
from enroll_frames import flatten_art
from hypothesis import assume, given
from hypothesis import strategies as st

from referee.cards import parse_card
from vision.art import DESIGNS, card_images
from vision.decks import identifier_for
from vision.geometry import end_outlines, order_corners
from vision.reader import read_frame


def _row(design: str, codes: tuple[str, ...], height: int, gap: int) -> np.ndarray:
    """A green table with the cards ``codes`` upright in a row, ``height`` pixels high,
    ``gap`` pixels apart (0: edge to edge), slightly blurred as a camera sees them."""
    art = card_images(DESIGNS[design])
    image = np.full((720, 1280, 3), (40, 110, 30), np.uint8)
    x = 200
    for code in codes:
        face = flatten_art(art[parse_card(code)], 128)
        width = round(height * face.shape[1] / face.shape[0])
        image[300 : 300 + height, x : x + width] = cv2.resize(
            face, (width, height), interpolation=cv2.INTER_AREA
        )
        x += width + gap
    return cv2.GaussianBlur(image, (0, 0), 0.8)


@pytest.mark.parametrize(
    ("design", "codes", "height", "gap"),
    [
        ("anglo", ("H8", "H9", "H10"), 90, 0),
        ("anglo", ("H8", "H9", "H10"), 200, 2),
        ("anglo", ("S6", "S7", "S8", "S9"), 120, 0),
        ("tango", ("S6", "S7", "S8", "S9"), 120, 0),
    ],
)
def test_cards_laid_edge_to_edge_are_each_read(design, codes, height, gap, monkeypatch):
    """Each card of the row is named, as itself; with the row not cut apart (no part
    of a card's proportion allowed), some are not."""
    identifier = identifier_for(design)
    image = _row(design, codes, height, gap)
    named = [c.identification.card for c in read_frame(image, identifier).cards]
    assert sorted(c for c in named if c is not None) == sorted(parse_card(c) for c in codes)
    monkeypatch.setattr("vision.reader.ROW_PROPORTIONS", (9.0, 9.0))
    uncut = [c for c in read_frame(image, identifier).cards if c.identification.card is not None]
    assert len(uncut) < len(codes)


def test_a_row_of_many_cards_names_none_wrong_and_none_twice():
    """Five clubs of swiss-xvii edge to edge: whatever is named is one of them, and no
    card is reported twice (two outlines round it and its neighbours each cut into
    parts gave it twice: six faces for five cards)."""
    codes = ("C10", "CJ", "CQ", "CK", "CA")
    read = read_frame(_row("swiss-xvii", codes, 120, 0), identifier_for("swiss-xvii"))
    named = [c.identification.card for c in read.cards if c.identification.card is not None]
    assert named and set(named) <= {parse_card(c) for c in codes}
    assert len(named) == len(set(named))
    assert len(read.cards) <= len(codes)


@given(
    count=st.integers(2, 5),
    spacing=st.floats(0.3, 1.0),
    proportion=st.floats(1.3, 1.75),
    turn=st.floats(0.0, 2 * math.pi),
)
def test_the_cards_at_both_ends_of_a_row_or_fan_are_outlined(count, spacing, proportion, turn):
    """Cards side by side, edge to edge (spacing 1) or overlapping as a fan, at any
    turn, the row longer than a card: taking the outline's short side for a card's
    long one, the outlines at its two ends are the first card and the last (which the
    tracker reads, to tell the players that a weis lies too close together to read card
    by card)."""
    assume(1 + spacing * (count - 1) > 1.05 * proportion)
    width = 60.0
    along = np.float64([math.cos(turn), math.sin(turn)])
    across = np.float64([-along[1], along[0]]) * width * proportion
    origin = np.float64([400.0, 300.0])

    def box(start: float, length: float) -> np.ndarray:
        near = origin + along * start
        far = near + along * length
        return order_corners(np.float32([near, far, far + across, near + across]))

    row = box(0.0, width * (1 + spacing * (count - 1)))
    first, last = box(0.0, width), box(width * spacing * (count - 1), width)
    ends = end_outlines(row, proportion)
    assert len(ends) == 2
    for outline, card in zip(
        ends, sorted((first, last), key=lambda q: _nearest_corner(q, row)), strict=True
    ):
        assert np.allclose(_corner_set(outline), _corner_set(card), atol=0.05)


def _corner_set(quad: np.ndarray) -> np.ndarray:
    return np.float32(sorted(map(tuple, np.round(quad, 2))))


def _nearest_corner(quad: np.ndarray, row: np.ndarray) -> float:
    """How far an end card lies from the row's first corners (0 and 1, its first end)."""
    first = order_corners(row)[:2].mean(axis=0)
    return float(np.linalg.norm(quad.mean(axis=0) - first))
