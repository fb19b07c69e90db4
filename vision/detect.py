"""Finding cards: outlines and corners at any rotation and under perspective.

The pipeline, in the manner of OpenCV's ``squares.py`` sample, with each stage kept for
the debug view:

1. ``small``   — the frame scaled so its long side is ``WORK_SIZE`` (speed; a card
                 stays ~100 px tall at the usual camera height);
2. ``edges``   — Canny on the blurred grey image, thickened once so outlines close;
3. ``regions`` — connected areas *between* edges. A card's face is one area bounded by
                 its own outline, even when it touches another card: the two outlines
                 still make an edge between them, which a brightness threshold would
                 not (touching white cards would merge);
4. ``quads``   — each card-sized area's outer contour, reduced to four sides fitted as
                 lines and intersected, so a rounded corner or a few pixels eaten by an
                 overlapping card do not move the corner.

Everything is filtered by shape only (size, four straight sides, proportion, filled);
whether the thing is a card *face* is the identifier's question.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.geometry import order_corners, quad_area

WORK_SIZE = 640
MIN_CARD_FRACTION = 0.004
"""Smallest card as a fraction of the frame: a card ~35 px tall at the working size."""
MAX_CARD_FRACTION = 0.30
ASPECT_RANGE = (1.2, 1.95)
"""Long side / short side: cards are 1.4–1.6; perspective from an angled camera widens it."""
MIN_FILL = 0.82
"""Area of the region / area of its quad: rejects L-shapes, blobs and merged cards."""


@dataclass
class Detection:
    """Card candidates of a frame, corners in the original frame's pixels."""

    quads: list[np.ndarray]
    stages: dict[str, np.ndarray] = field(default_factory=dict)
    scale: float = 1.0


def find_cards(frame: np.ndarray, keep_stages: bool = False) -> Detection:
    """The quadrilaterals of card-like regions in a BGR frame."""
    scale = WORK_SIZE / max(frame.shape[:2])
    small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    edges = _edges(grey)
    frame_area = grey.shape[0] * grey.shape[1]
    low, high = MIN_CARD_FRACTION * frame_area, MAX_CARD_FRACTION * frame_area
    quads = []
    for blob in _blobs(edges, high):
        x, y, w, h = cv2.boundingRect(blob)
        if w * h < low:
            continue
        mask = np.zeros((h + 2, w + 2), np.uint8)
        cv2.drawContours(mask, [blob], -1, 255, -1, offset=(1 - x, 1 - y))
        for quad in _split_quads(mask, low, high):
            quads.append(order_corners(quad + np.float32([x - 1, y - 1])))
    quads += [q for q in _region_quads(edges, low, high) if not _inside_any(q, quads)]
    quads = [q / scale for q in quads]
    stages = {"small": small, "edges": edges} if keep_stages else {}
    return Detection(quads, stages, scale)


def _blobs(edges: np.ndarray, high: float) -> list[np.ndarray]:
    """Outer contours of the outline blobs, and of the blobs lying inside an outline
    larger than any card: a mat or a sheet of card stock wholly in view draws one
    closed outline round all the cards on it, and they must still count as outer."""
    contours, hierarchy = cv2.findContours(edges, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    links = hierarchy[0]  # next, previous, first child, parent
    found = []
    outer = [i for i in range(len(contours)) if links[i][3] == -1]
    while outer:
        i = outer.pop()
        found.append(contours[i])
        _, _, w, h = cv2.boundingRect(contours[i])
        if w * h <= high:
            continue  # a card's own print lies inside its outline
        hole = links[i][2]
        while hole != -1:
            inner = links[hole][2]
            while inner != -1:
                outer.append(inner)
                inner = links[inner][0]
            hole = links[hole][0]
    return found


def _region_quads(edges: np.ndarray, low: float, high: float) -> list[np.ndarray]:
    """Quads of the areas enclosed by edges: a card that overlaps another shows its own
    face as one area walled in by its outline and the other card's, when outlines merge
    into one blob too wide to cut by erosion."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        cv2.bitwise_not(edges), connectivity=4
    )
    quads = []
    for i in range(1, count):
        x, y, w, h, pixels = stats[i]
        if w * h < low or w * h > 2 * high or pixels < 0.25 * low:
            continue
        mask = np.zeros((h + 2, w + 2), np.uint8)
        mask[1:-1, 1:-1][labels[y : y + h, x : x + w] == i] = 255
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cv2.drawContours(mask, contours, -1, 255, -1)
        quad = _card_quad(mask, low, high)
        if quad is not None:
            quads.append(order_corners(_grow(quad, 2.0) + np.float32([x - 1, y - 1])))
    return quads


def _inside_any(quad: np.ndarray, others: list[np.ndarray]) -> bool:
    centre = tuple(float(v) for v in quad.mean(axis=0))
    return any(cv2.pointPolygonTest(o.reshape(-1, 1, 2), centre, False) >= 0 for o in others)


def _split_quads(mask: np.ndarray, low: float, high: float) -> list[np.ndarray]:
    """Card quads in one filled blob of outlines.

    A lone card is its blob. Cards that touch, overlap a little or lie under a hand
    merge into one blob; eroding it cuts the narrow joins first, and each part that
    then looks like a card gets its quad, grown back by what the erosion took.
    """
    quad = _card_quad(mask, low, high)
    if quad is not None:
        return [quad]
    if cv2.countNonZero(mask) < 2 * low:
        return []
    found = []
    for radius in (3, 6, 10):
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
        eroded = cv2.erode(mask, kernel)
        parts, _ = cv2.findContours(eroded, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if not parts:
            break
        for part in parts:
            piece = np.zeros_like(mask)
            cv2.drawContours(piece, [part], -1, 255, -1)
            piece = cv2.dilate(piece, kernel) & mask
            quad = _card_quad(piece, low, high)
            if quad is not None:
                found.append(quad)
        if found:
            return found
    return found


def _edges(grey: np.ndarray) -> np.ndarray:
    blurred = cv2.GaussianBlur(grey, (5, 5), 0)
    median = float(np.median(blurred))
    low = max(20.0, 0.4 * median)
    edges = cv2.Canny(blurred, low, 2.5 * low)
    return cv2.dilate(edges, np.ones((3, 3), np.uint8))


def _card_quad(mask: np.ndarray, low: float, high: float) -> np.ndarray | None:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    contour = max(contours, key=cv2.contourArea)
    area = cv2.contourArea(contour)
    if not low <= area <= high:
        return None
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.02, 0.03, 0.045, 0.06):
        approx = cv2.approxPolyDP(hull, eps * perimeter, True)
        if len(approx) == 4:
            break
    else:
        return None
    quad = _fit_sides(hull.reshape(-1, 2).astype(np.float32), approx.reshape(4, 2))
    if quad is None or not cv2.isContourConvex(quad.reshape(-1, 1, 2)):
        return None
    sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
    long_side = (sides[0] + sides[2]) / 2
    short_side = (sides[1] + sides[3]) / 2
    aspect = max(long_side, short_side) / max(min(long_side, short_side), 1.0)
    if not ASPECT_RANGE[0] <= aspect <= ASPECT_RANGE[1]:
        return None
    if area / max(quad_area(quad), 1.0) < MIN_FILL:
        return None
    return _grow(quad, -0.5)


def _fit_sides(points: np.ndarray, corners: np.ndarray) -> np.ndarray | None:
    """Corners as intersections of lines fitted to the middle of each side."""
    lines = []
    for k in range(4):
        a, b = corners[k].astype(np.float32), corners[(k + 1) % 4].astype(np.float32)
        length = float(np.linalg.norm(b - a))
        if length < 4:
            return None
        direction = (b - a) / length
        rel = points - a
        along = rel @ direction
        across = np.abs(rel @ np.array([-direction[1], direction[0]]))
        near = points[(along > 0.2 * length) & (along < 0.8 * length) & (across < 3.0)]
        if len(near) < 3:
            near = np.stack([a, b])
        vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    quad = []
    for k in range(4):
        (p, u), (q, v) = lines[k - 1], lines[k]
        det = u[0] * (-v[1]) + v[0] * u[1]
        if abs(det) < 1e-6:
            return None
        t = ((q[0] - p[0]) * (-v[1]) + v[0] * (q[1] - p[1])) / det
        quad.append(p + t * u)
    return np.float32(quad)


def _grow(quad: np.ndarray, pixels: float) -> np.ndarray:
    """Pushes each corner outwards: the region stops short of the card's outline by the
    thickened edge."""
    centre = quad.mean(axis=0)
    out = quad - centre
    lengths = np.linalg.norm(out, axis=1, keepdims=True)
    return np.float32(quad + out / np.maximum(lengths, 1e-6) * pixels * 1.41)
