"""Cheap looks at the small grey picture: where something moves, what changed since the
card reader last looked, and whether a card's place shows the card or the bare mat.

The card reader costs ~20 ms a frame; this costs well under one. The tracker calls the
reader only when a change has come to rest somewhere on the mat (or while a card there
is still being read), so most frames of a game cost only this. Stillness is judged
place by place: a change that stands apart from everything moving has come to rest, so
a card that has settled is read while a hand still moves elsewhere, but a hand's
flat inside (which changes little from frame to frame as it moves) is not taken for
a settled change.

Light drifts during a game. Each picture is divided by its gain against the bare mat
(the median ratio over the mat: cards cover a minority of it), and the bare-mat picture
follows slow changes where nothing lies and nothing moves.
"""

from __future__ import annotations

import cv2
import numpy as np

MOTION_LEVEL = 14
"""Grey levels (0-255) a small-picture pixel must change by between two frames to count
as motion: well above sensor noise, which averaging to the small size mostly removes."""
MOTION_REACH = 9
"""Pixels (small picture) around a moving edge that count as moving too: the inside of
a hand or card changes little from frame to frame although it moves."""
CHANGE_LEVEL = 24.0
"""Grey levels by which a still pixel must differ from the last look to be a change."""
CHANGE_PIXELS = 25
"""Changed still pixels worth a look: a tenth of a card at the usual size."""
EMPTY_LEVEL = 22.0
"""Mean difference from the bare mat under which a card's place counts as empty."""
SILHOUETTE_AREA = (0.004, 0.05)
"""Share of the picture a lone card's silhouette covers (as ``vision.detect`` bounds it
below; above, far less than a quarter of the picture)."""
SILHOUETTE_ASPECT = (1.25, 1.95)
SILHOUETTE_FILL = 0.7
"""Share of its rotated bounding box a card's silhouette fills (rounded corners, noise)."""
FOLLOW_RATE = 0.05
"""How fast the bare-mat picture follows the light where the mat is bare and still."""


class ChangeDetector:
    """Motion, settled changes and empty places in the small (lores) grey frames."""

    def __init__(self, mat: np.ndarray, first: np.ndarray):
        """``mat``: the mat's corners in small-picture pixels; ``first``: a small grey
        frame of the bare mat."""
        self.shape = first.shape
        mask = np.zeros(self.shape, np.uint8)
        cv2.fillConvexPoly(mask, np.int32(np.round(mat)), 255)
        self.mat = cv2.erode(mask, np.ones((5, 5), np.uint8)) > 0
        self.empty = first.astype(np.float32)
        self.normal = self.empty.copy()
        self.seen = self.empty.copy()
        """The picture as the reader last saw it, where it was still."""
        self.previous = first
        self.moved_before = np.zeros(self.shape, np.uint8)
        self.moving = np.zeros(self.shape, bool)
        """Where something moved in the last two frames (widened by ``MOTION_REACH``)."""
        self.touched = np.zeros(self.shape, bool)
        """Everything that moved since the reader last looked."""
        self.frames = 0
        self.last_motion = np.zeros(self.shape, np.int32)
        """The frame (counted from the first) at which each pixel last saw motion."""
        self.kernel = cv2.getStructuringElement(
            cv2.MORPH_ELLIPSE, (2 * MOTION_REACH + 1, 2 * MOTION_REACH + 1)
        )

    def update(self, lores: np.ndarray) -> int:
        """Feeds one small frame; returns how many still pixels changed since the last
        look (worth a look when ``CHANGE_PIXELS`` or more)."""
        difference = cv2.absdiff(lores, self.previous)
        moved = cv2.threshold(difference, MOTION_LEVEL, 1, cv2.THRESH_BINARY)[1]
        moved &= self.mat
        self.previous = lores
        both = moved | self.moved_before
        self.moved_before = moved
        self.moving = cv2.dilate(both, self.kernel) > 0 if both.any() else both > 0
        self.touched |= self.moving
        self.frames += 1
        self.last_motion[self.moving] = self.frames
        ratio = np.median(lores[self.mat][::7] / np.maximum(self.empty[self.mat][::7], 1.0))
        self.normal = lores.astype(np.float32) * (1.0 / max(float(ratio), 0.05))
        changed = (np.abs(self.normal - self.seen) > CHANGE_LEVEL) & self.mat
        if not changed.any():
            return 0
        if not self.moving.any():
            return int(np.count_nonzero(changed))
        # A change that touches something moving is that thing (or lies under its hand):
        # only changes standing apart from all motion have come to rest.
        _count, labels = cv2.connectedComponents(np.uint8(changed | self.moving))
        astir = np.unique(labels[self.moving])
        return int(np.count_nonzero(changed & ~np.isin(labels, astir)))

    def looked(self) -> None:
        """The reader has looked at this frame: still places are now known."""
        still = ~self.moving
        self.seen[still] = self.normal[still]
        self.touched = self.moving.copy()

    def follow(self, covered: np.ndarray) -> None:
        """Lets the bare-mat picture follow the light where nothing lies (``covered``
        marks the places of known cards), nothing moves, and the picture is already
        close to it."""
        close = np.abs(self.normal - self.empty) < EMPTY_LEVEL / 2
        bare = self.mat & ~covered & ~self.moving & close
        self.empty[bare] += FOLLOW_RATE * (self.normal[bare] - self.empty[bare])

    def place(self, quad: np.ndarray) -> np.ndarray:
        """The small-picture pixels well inside a quad (small-picture coordinates)."""
        mask = np.zeros(self.shape, np.uint8)
        centre = quad.mean(axis=0)
        inner = centre + 0.75 * (quad - centre)
        cv2.fillConvexPoly(mask, np.int32(np.round(inner)), 1)
        return mask > 0

    def came_to_rest(self, where: np.ndarray) -> int:
        """How many frames ago motion last crossed ``where``: when a card found there
        came to rest, however much later the reader first found it."""
        last = int(self.last_motion[where].max()) if where.any() else self.frames
        return self.frames - last

    def emptiness(self, where: np.ndarray) -> float:
        """Mean difference between now and the bare mat over ``where``."""
        if not where.any():
            return 0.0
        return float(np.abs(self.normal[where] - self.empty[where]).mean())

    def silhouettes(self) -> list[np.ndarray]:
        """Quads (small-picture pixels) of card-shaped things lying still on the bare
        mat, found as their difference from the bare-mat picture: a second way to find
        a card, for when its printed outline is too faint against the mat for edges.
        Touching cards merge and fail the shape test; the edge detector has them."""
        standing = (np.abs(self.normal - self.empty) > EMPTY_LEVEL) & self.mat & ~self.moving
        mask = cv2.morphologyEx(np.uint8(standing), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
        area = self.shape[0] * self.shape[1]
        quads = []
        for i in range(1, count):
            pixels = int(stats[i, cv2.CC_STAT_AREA])
            if not SILHOUETTE_AREA[0] * area <= pixels <= SILHOUETTE_AREA[1] * area:
                continue
            points = np.column_stack(np.nonzero(labels == i)[::-1]).astype(np.float32)
            (cx, cy), (w, h), angle = cv2.minAreaRect(points)
            w, h = w + 1, h + 1  # pixel centres to pixel edges
            if not SILHOUETTE_ASPECT[0] <= max(w, h) / max(min(w, h), 1) <= SILHOUETTE_ASPECT[1]:
                continue
            if pixels < SILHOUETTE_FILL * w * h:
                continue
            quads.append(cv2.boxPoints(((cx, cy), (w, h), angle)).astype(np.float32))
        return quads

    @staticmethod
    def share(mask: np.ndarray, where: np.ndarray) -> float:
        """Share of ``where`` that ``mask`` covers."""
        total = int(np.count_nonzero(where))
        return int(np.count_nonzero(mask & where)) / total if total else 0.0
