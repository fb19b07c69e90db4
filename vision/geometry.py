"""Quadrilaterals of cards: corner order and rectification.

A card's four corners are kept in one order, starting at a corner where a *short* edge
begins, going round clockwise in image coordinates. Rectifying with that order always
yields an upright portrait card, only possibly upside down; the identifier compares
against both turns, so no corner index has to be read to know which end is up.
"""

from __future__ import annotations

import cv2
import numpy as np

RECT_W, RECT_H = 64, 96
"""Rectified card size: a card's 2:3 proportion at a resolution that keeps pips and
corner indices apart yet costs little per card."""


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Clockwise corners (image y grows downwards), the first edge a short one."""
    pts = np.asarray(quad, dtype=np.float32).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]
    first = float(np.linalg.norm(pts[1] - pts[0]) + np.linalg.norm(pts[3] - pts[2]))
    second = float(np.linalg.norm(pts[2] - pts[1]) + np.linalg.norm(pts[0] - pts[3]))
    if first > second:
        pts = np.roll(pts, -1, axis=0)
    return pts


def rectify(
    image: np.ndarray, corners: np.ndarray, size: tuple[int, int] = (RECT_W, RECT_H)
) -> np.ndarray:
    """The card inside ``corners`` warped to an upright ``size`` image.

    The warp samples at twice the size and then averages down: a card photographed much
    larger than ``size`` would otherwise alias its fine print into noise.
    """
    w, h = size
    target = np.float32([[0, 0], [2 * w - 1, 0], [2 * w - 1, 2 * h - 1], [0, 2 * h - 1]])
    matrix = cv2.getPerspectiveTransform(np.float32(corners), target)
    big = cv2.warpPerspective(image, matrix, (2 * w, 2 * h), flags=cv2.INTER_LINEAR)
    return cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA)


def quad_area(corners: np.ndarray) -> float:
    return float(cv2.contourArea(np.float32(corners).reshape(-1, 1, 2)))
