"""A large photograph of a table taken from afar: cards too small at working size are
sought part by part (vision.reader._quads_by_parts)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.art import DESIGNS
from vision.identify import Identifier
from vision.profile import DeckProfile
from vision.reader import read_frame
from vision.scenes import SceneOptions, render_scene, seen_from_afar


def _from_afar(seed: int, times: float) -> tuple[np.ndarray, set[int]]:
    """A rendered table of six cards seen from afar (:func:`seen_from_afar`), and the
    cards on it."""
    scene = render_scene(DESIGNS["anglo"], seed, SceneOptions(cards=6, hand=0.0))
    return seen_from_afar(scene, times), {c.card for c in scene.cards if c.card is not None}


@pytest.fixture(scope="module")
def anglo() -> Identifier:
    return Identifier([DeckProfile.from_design(DESIGNS["anglo"])])


def test_cards_of_a_twentieth_of_the_picture_are_read(anglo):
    """Cards 4.5 % of a 4480-pixel picture's long side (about 200 pixels each): too
    small for the search of the whole picture at working size, which finds none."""
    named, wrong = 0, 0
    for seed in (2000, 2001, 2002):
        picture, cards = _from_afar(seed, 3.5)
        for read in read_frame(picture, anglo).cards:
            card = read.identification.card
            named += card in cards
            wrong += card is not None and card not in cards
    assert wrong == 0
    assert named >= 12  # of 18


def test_a_large_picture_reads_each_card_once_and_whole(anglo):
    """A card two quarters of the picture both hold is read once, from its whole
    outline, not from the part of it that one quarter cut (which names no card)."""
    named = 0
    for seed in (2000, 2001):
        picture, cards = _from_afar(seed, 3.5)
        reads = read_frame(picture, anglo).cards
        named += sum(read.identification.card in cards for read in reads)
        centres = [read.corners.mean(axis=0) for read in reads]
        apart = [np.linalg.norm(a - b) for i, a in enumerate(centres) for b in centres[i + 1 :]]
        assert centres and min(apart, default=np.inf) > 50
    assert named >= 11  # of 12
