"""A helper shared by the scene tests that follow one card of a rendered frame through
the reader: the names read where it lies, the frame's other reads checked."""

from __future__ import annotations

import numpy as np

from vision.evaluate import _match
from vision.identify import Identifier
from vision.reader import read_frame
from vision.scenes import Scene, SceneCard

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
