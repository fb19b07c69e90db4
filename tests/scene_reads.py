"""A helper shared by the scene tests that follow one card of a rendered frame through
the reader: the names read where it lies, the frame's other reads checked."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from referee.cards import parse_card
from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.evaluate import _match
from vision.identify import Identifier
from vision.reader import read_frame
from vision.scenes import Scene, SceneCard, render_scene

NEAR = 40
"""Pixels within which a read's outline centre lies on the card's (frame pixels)."""


def names_at_card(
    scene: Scene, identifier: Identifier, shown: SceneCard, others_checked: bool = True
) -> list[int | None]:
    """The names (``None``: unnamed) of the reads of ``scene``'s frame whose outline lies
    on the card ``shown``; with ``others_checked``, every read of the frame is first
    asserted to name no card other than the one it lies on."""
    reads = read_frame(scene.image, identifier).cards
    if others_checked:
        for read in reads:
            matched = _match(scene, read.corners)
            truth = None if matched is None else scene.cards[matched].card
            assert read.identification.card in (None, truth)
    centre = shown.corners.mean(axis=0)
    return [
        r.identification.card
        for r in reads
        if np.linalg.norm(r.corners.mean(axis=0) - centre) < NEAR
    ]


def names_with_and_without(
    monkeypatch, design: str, seed: int, code: str, rule: str, stand_in: Callable
) -> tuple[list[int | None], list[int | None]]:
    """The names read on the card ``code`` of ``design``'s rendered scene ``seed`` with
    its own profile (:func:`names_at_card`, every other read checked), then again with
    ``rule`` (a dotted name) replaced by ``stand_in``: what one rule of the reader
    changes on a scene."""
    scene = render_scene(DESIGNS[design], seed)
    identifier = identifier_for(design)
    shown = next(c for c in scene.cards if c.card == parse_card(code))
    named = names_at_card(scene, identifier, shown)
    monkeypatch.setattr(rule, stand_in)
    return named, names_at_card(scene, identifier, shown)


def names_nothing(*reading) -> None:
    """A stand-in for a naming rule (:func:`names_with_and_without`) that names nothing."""
