"""A sliver of a card's print is no card, and the card round it is found
(vision.detect.OPPOSITE)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from referee.cards import parse_card
from vision.art import DESIGNS
from vision.detect import find_cards
from vision.evaluate import ENROLLMENT, ENROLLMENT_SEEDS
from vision.scenes import render_scene


def test_the_card_round_a_light_sliver_of_its_print_is_found():
    """Enrolled paris's queen of spades, shown in its eighth place: a light area
    between her hair and the card's frame (one side 5 pixels long, 57 opposite it) was
    taken for a card, displaced the card round it, and was the view enrollment took."""
    queen = parse_card("SQ")
    scene = render_scene(
        DESIGNS["paris"], ENROLLMENT_SEEDS + 7000 + queen, replace(ENROLLMENT, only=(queen,))
    )
    (truth,) = scene.cards
    quads = find_cards(scene.image).quads
    assert len(quads) == 1
    offsets = np.linalg.norm(quads[0][:, None] - truth.corners[None], axis=2).min(axis=1)
    assert offsets.max() < 10, f"corners {np.round(quads[0]).tolist()} are not the card's"
