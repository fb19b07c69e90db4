"""A card touching a neighbour: its outline refined to the edges nearest it, not to the
neighbour's far edge (vision.geometry.refine_all with ``nearest``, vision.reader)."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

import cv2
import numpy as np
import pytest
from camera_views import corner_error
from scene_reads import names_at_card

from referee.cards import parse_card
from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.geometry import refine_all
from vision.identify import Identification
from vision.reader import DOUBT_SCORE, _doubt_nearest
from vision.scenes import render_scene
from vision.table_scene import Sprites, Table, draw_card

CODES = ["H8", "S7", "DA", "C10", "HQ", "S9", "DK", "CJ"]


Picture = tuple[np.ndarray, list[np.ndarray], list[np.ndarray]]


def _cards_on_neighbours(past: float | None, out: float = 3) -> Picture:
    """Eight anglo cards on felt, each lying on a six of spades that reaches ``past``
    pixels beyond one of its long sides (on none where ``None``); the picture, the
    cards' corners, and outlines found ``out`` pixels out on that side (as detection at
    working size may find them)."""
    image = np.full((720, 1280, 3), (40, 110, 30), np.uint8)
    sprites = Sprites(DESIGNS["anglo"], Table(random.Random(2), (1280, 720)))
    truth, found = [], []
    for index, code in enumerate(CODES):
        height = 190
        width = height * sprites.aspect
        centre = np.float32([170 + (index % 4) * 310, 190 + (index // 4) * 340])
        angle = np.radians(index * 47)
        across = np.float32([np.cos(angle), np.sin(angle)])
        along = np.float32([-across[1], across[0]])
        corners = np.float32(
            [
                centre + sx * width / 2 * across + sy * height / 2 * along
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ]
        )
        if past is not None:
            neighbour = corners + past * across + 30 * along
            draw_card(image, sprites.faces[parse_card("S6")], neighbour)
        draw_card(image, sprites.faces[parse_card(code)], corners)
        outline = corners.copy()
        outline[[1, 2]] += out * across
        truth.append(corners)
        found.append(outline)
    return image, truth, found


def test_a_side_along_a_neighbour_is_refined_to_the_card_not_to_the_neighbours_edge():
    """Each card lies on another that reaches 12 pixels past one long side. Refined to
    the outermost strong edge, that side goes out onto the neighbour's edge, more than
    8 pixels off; refined to the edges nearest the outline found, every corner is
    within 2 pixels of the card's (its rounded corners drawn, and a drop shadow)."""
    image, truth, found = _cards_on_neighbours(12)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    outermost = refine_all(grey, found)
    nearest = refine_all(grey, found, nearest=True)
    assert all(corner_error(q, t) > 8 for q, t in zip(outermost, truth, strict=True))
    assert all(corner_error(q, t) < 2 for q, t in zip(nearest, truth, strict=True))


def test_on_a_card_alone_the_nearest_edges_are_the_cards_edges():
    """With no neighbour, a side found 3 pixels out is refined to the card's edge both
    ways, within 2 pixels: the nearest strong edge is the card's, not a line printed
    inside it."""
    image, truth, found = _cards_on_neighbours(None)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    for outline in (refine_all(grey, found), refine_all(grey, found, nearest=True)):
        assert all(corner_error(q, t) < 2 for q, t in zip(outline, truth, strict=True))


@pytest.mark.parametrize(
    ("design", "seed", "code", "carried_names_it"),
    [
        ("simplistic", 13020, "C10", False),  # a corner on the jack it touches
        ("dondorf", 13003, "C9", False),  # a corner on the nine of diamonds it touches
        ("ancient_french", 13011, "S7", False),  # two sides on the cards round it
        ("tigullio", 13025, "C7", True),  # a side on the card it lies over
    ],
)
def test_a_card_outlined_onto_a_neighbour_is_named(
    monkeypatch, design, seed, code, carried_names_it
):
    """Held-out rendered scenes, built-in profiles: a fully visible card touching
    another, whose refined outline took a neighbour's edge for its own (5-15 pixels
    off) and left it unnamed. Refined again to the edges nearest its outline as found,
    or nearest its best outline so far, it is named right; without that step it is
    not, but for the tigullio C7, which the later try of its outline carried on past a
    side (:func:`vision.reader._read_carried`) names too, and so does its card spanned
    from a corner of the outline (:func:`vision.detect._corner_quads`): it is named with
    any of the three alone, and unnamed only without all three. No card of the frame
    is named as another. Outlines are moved to fit once, as when these were found:
    moved a second time (``ALIGN_STEPS``), the simplistic C10's outline on the jack is
    named right without the nearest edges too."""
    monkeypatch.setattr("vision.reader.ALIGN_STEPS", 1)
    scene = render_scene(DESIGNS[design], seed)
    identifier = identifier_for(design)
    shown = next(c for c in scene.cards if c.card == parse_card(code))

    assert names_at_card(scene, identifier, shown) == [shown.card]
    outermost = refine_all
    monkeypatch.setattr(
        "vision.reader.refine_all",
        lambda grey, quads, *limits, nearest=False: (
            list(quads) if nearest else outermost(grey, quads, *limits)
        ),
    )
    monkeypatch.setattr("vision.reader.overrun_outlines", lambda *given: [])  # nor cut back
    if carried_names_it:
        assert names_at_card(scene, identifier, shown) == [shown.card]
        monkeypatch.setattr("vision.reader._read_carried", lambda *reading: None)
        monkeypatch.setattr("vision.detect._corner_quads", lambda *_: [])
    assert names_at_card(scene, identifier, shown) == [None]


def test_a_low_read_whose_outline_the_nearest_edges_move_is_checked_there():
    """A card named from an enrolled deck's templates, its small print judged against a
    look-alike, from an outline 5 pixels out towards its neighbour's edge, is read again
    from the outline refined to the nearest edges; its name is withheld where that read
    names another card or fits another better, and kept where it reads the same card.
    Not read again: an outline already on the card's edge (it moves too little), a read
    scoring past ``DOUBT_SCORE``, one not judged by small print, one left unnamed, and
    an outline reaching past the picture's edge. (The identifier here gives the answer
    each case sets: only which views it is asked about and what the check does with the
    answer are under test.)"""
    image, truth, found = _cards_on_neighbours(12, out=5)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    eight, other = parse_card("H8"), parse_card("D8")
    corner = (slice(0, 10), slice(0, 6)), np.ones((10, 6), np.float32)
    named = Identification(eight, eight, 0.7, 0.5, 0.6, "x", 0.6, print_regions=(corner,))
    names_other = replace(named, card=other, best_guess=other)
    fits_other = replace(named, card=None, best_guess=other, score=0.9, margin=0.1)
    same = replace(named, score=0.9)
    off_picture = found[0] - np.float32([200, 0])
    asked: list[int] = []
    for outline, read, answer, withheld, reads in (
        (found[0], named, names_other, True, 1),
        (found[0], named, fits_other, True, 1),
        (found[0], named, same, False, 1),
        (truth[0], named, names_other, False, 0),
        (found[0], replace(named, score=DOUBT_SCORE), names_other, False, 0),
        (found[0], replace(named, print_regions=()), names_other, False, 0),
        (found[0], replace(named, card=None, margin=0.2), names_other, False, 0),
        (off_picture, named, names_other, False, 0),
    ):
        identifier = SimpleNamespace(
            identify=lambda views, second_look, a=answer: (
                asked.append(len(views)) or [a] * len(views)
            )
        )
        best = [(outline, image, read)]
        _doubt_nearest(image, grey, identifier, best)
        assert best[0][2].doubted is withheld
        assert best[0][2].card == (None if withheld else read.card)
        assert asked.pop() == reads
