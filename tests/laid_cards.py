"""A helper shared by the tests of overlapping cards: plain cards laid one after another
on a dark table, drawn in grey as a camera would see them."""

from __future__ import annotations

import cv2
import numpy as np

TABLE, PAPER, RIM = 60, 225, 170


def outline(x: float, y: float, w: float = 100.0, h: float = 150.0) -> np.ndarray:
    """An upright card's outline, clockwise from its top-left corner."""
    return np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])


def turned(corners: np.ndarray, degrees: float) -> np.ndarray:
    """The outline turned about its centre."""
    centre = corners.mean(axis=0)
    turn = cv2.getRotationMatrix2D(tuple(float(v) for v in centre), degrees, 1.0)
    return np.float32(cv2.transform(corners[None], turn)[0])


def laid(
    *cards: np.ndarray, size: tuple[int, int] = (480, 640), rim: bool = True, seed: int = 0
) -> np.ndarray:
    """A grey picture (``size``: height, width) of plain cards laid in the order given
    on a dark table, each casting a soft shadow down and to the right, and with
    ``rim`` its edge a darker line a pixel wide (a photographed card's rim, or the
    rendered art's border); a little sensor noise over all."""
    picture = np.full(size, TABLE, np.float32)
    for corners in cards:
        shade = np.zeros_like(picture)
        cv2.fillConvexPoly(shade, np.int32(np.rint(corners + np.float32([3, 4]))), 1.0)
        picture *= 1 - 0.35 * cv2.GaussianBlur(shade, (0, 0), 3)
        cv2.fillConvexPoly(picture, np.int32(np.rint(corners)), PAPER)
        if rim:
            cv2.polylines(picture, [np.int32(np.rint(corners))], True, RIM, 1)
    noise = np.random.default_rng(seed).normal(0, 1.5, picture.shape)
    return np.clip(picture + noise, 0, 255).astype(np.uint8)
