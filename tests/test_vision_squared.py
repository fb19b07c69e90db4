"""Outlines with one corner pulled off their card, squared again
(vision.geometry.squared_outlines, vision.reader.best_outlines)."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import card_code
from vision.art import DESIGNS
from vision.geometry import squared_outlines
from vision.identify import Identifier
from vision.profile import DeckProfile
from vision.reader import read_frame
from vision.scenes import Scene, render_scene

CARD = np.float32([[100, 100], [240, 120], [215, 330], [75, 310]])
"""A card's outline as a camera sees it: a parallelogram, turned."""


def test_a_card_outlined_right_is_not_tried_again():
    assert squared_outlines(CARD, 0.04) == []


@given(
    corner=st.integers(0, 3),
    pull=st.tuples(st.floats(-60, 60), st.floats(-60, 60)).filter(lambda p: np.hypot(*p) >= 20),
)
def test_one_corner_pulled_off_is_put_back(corner, pull):
    """Whichever corner is pulled, however far, one of the four outlines tried is the
    card's own; the others each move one corner by the pull."""
    pulled = CARD.copy()
    pulled[corner] += np.float32(pull)
    tried = squared_outlines(pulled, 0.04)
    assert len(tried) == 4
    assert np.allclose(tried[corner], CARD, atol=1e-3)
    for other in (k for k in range(4) if k != corner):
        moved = np.abs(tried[other] - pulled).max(axis=1) > 1e-3
        assert moved.tolist() == [k == other for k in range(4)]


PULLED = [
    ("berlin", 2036, "SK"),
    ("berlin", 2041, "CA"),
    ("berlin", 2022, "SA"),
    ("tango", 1015, "SA"),
    ("tango", 2021, "D6"),
    ("paris", 1028, "C6"),
    ("anglo", 2040, "C9"),
]
"""Cards in rendered scenes (calibration seeds) that detection outlined with one corner
pulled off — along a face picture's frame, a neighbour's edge, a shadow — and that no
other outline the reader tried named."""


def _truth(scene: Scene, corners: np.ndarray) -> int | None:
    """The scene card under an outline's centre, the top one first."""
    centre = tuple(float(v) for v in corners.mean(axis=0))
    for card in reversed(scene.cards):
        if cv2.pointPolygonTest(np.float32(card.corners).reshape(-1, 1, 2), centre, False) >= 0:
            return card.card
    return None


def test_cards_outlined_with_a_corner_pulled_off_are_named():
    named, wrong = set(), []
    for design, seed, code in PULLED:
        reader = Identifier([DeckProfile.from_design(DESIGNS[design])])
        scene = render_scene(DESIGNS[design], seed)
        for read in read_frame(scene.image, reader).cards:
            card, truth = read.identification.card, _truth(scene, read.corners)
            if card is not None and card != truth:
                wrong.append((design, seed, card_code(card)))
            elif card is not None and card_code(card) == code:
                named.add((design, seed, code))
    assert wrong == []
    assert named == set(PULLED)
