"""The camera's frames while a player enrolls a deck: one card at a time laid on a plain
green table, held still, then lifted, as the guide (:func:`vision.enroll.enroll`)
sees them from a folder of frames."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import cv2
import numpy as np

from vision.profile import flatten_art

PLACES = [(560 + 150 * k, 260 - 40 * k) for k in range(3)]
"""Where a card is laid for enrollment: laid down, then moved twice."""


def laid_frames(tmp_path: Path, images: Iterable[np.ndarray | list[np.ndarray]]) -> Path:
    """A folder of the camera's frames while a player lays a card as each of ``images``
    shows it: the bare table (the hand lifts or swaps the card), then the card lying
    still for four frames (the guide takes a view after three), or where a list of
    frames is given, those."""
    frames_dir = tmp_path / "frames"
    frames_dir.mkdir()
    bare, _ = table_one(None)
    shots = (
        shot
        for image in images
        for shot in [bare] + (image if isinstance(image, list) else [image] * 4)
    )
    for index, shot in enumerate(shots):
        cv2.imwrite(str(frames_dir / f"{index:04d}.png"), shot)
    return frames_dir


def table_one(
    face_rgba: np.ndarray | None, at: tuple[int, int] = (560, 260)
) -> tuple[np.ndarray, None]:
    """A frame of the bare green table with one card's face (RGBA art) lying upright at
    ``at`` (its top left corner, in pixels), 200 pixels high; ``None``: the bare
    table. The second item is there for callers that unpack a scene's truth."""
    image = np.full((720, 1280, 3), (40, 110, 30), np.uint8)
    if face_rgba is None:
        return image, None
    face = flatten_art(face_rgba, 128)
    face = cv2.resize(face, (round(200 * face.shape[1] / face.shape[0]), 200))
    x, y = at
    shown = image[y : y + face.shape[0], x : x + face.shape[1]]  # the picture's edge cuts it
    shown[:] = face[: shown.shape[0], : shown.shape[1]]
    return image, None
