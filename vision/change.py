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
FAINT_LEVEL = 9.0
"""Difference from the bare mat (grey levels) that counts as part of a silhouette where
it touches a difference over ``EMPTY_LEVEL``: well above the mat's noise (a few levels
after the gain is divided out)."""
SILHOUETTE_AREA = (0.004, 0.05)
"""Share of the picture a lone card's silhouette covers (as ``vision.detect`` bounds it
below; above, far less than a quarter of the picture)."""
SILHOUETTE_ASPECT = (1.25, 1.95)
SILHOUETTE_FILL = 0.7
"""Share of its rotated bounding box a card's silhouette fills (rounded corners, noise)."""
PART_SHARE = 0.4
"""Least share of a card's silhouette worth completing: less tells too little of where
the card lies."""
SIDE_MATCH = 0.15
"""How far (a share of it) a silhouette's side may be from a card's side and still be
that side; a shorter side is completed where the rest lies hidden."""
HIDDEN_SHARE = 0.6
"""Share of the completed strip that must lie hidden (under motion, a followed card,
off the mat) for a partial silhouette to be completed there."""
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

    def place(self, quad: np.ndarray, inner_share: float = 0.75) -> np.ndarray:
        """The small-picture pixels well inside a quad (small-picture coordinates):
        the quad shrunk to ``inner_share`` of its size about its centre."""
        mask = np.zeros(self.shape, np.uint8)
        centre = quad.mean(axis=0)
        inner = centre + inner_share * (quad - centre)
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

    def silhouettes(
        self, card: tuple[float, float] | None = None, hidden: np.ndarray | None = None
    ) -> list[np.ndarray]:
        """Quads (small-picture pixels) of card-shaped things lying still on the bare
        mat, found as their difference from the bare-mat picture: a second way to find
        a card, for when its printed outline is too faint against the mat for edges.

        A card partly hidden — at the edge of a moving hand, partly under another card
        — shows only part of its silhouette, or merges with the card over it. Given
        ``card``, a card's (short, long) sides in small-picture pixels, such a part is
        completed to a whole card where the missing part lies hidden: under motion,
        off the mat, or under ``hidden`` (the places of cards already followed, which
        are also taken out of a merged silhouette to leave the card under them)."""
        difference = np.abs(self.normal - self.empty)
        still = self.mat & ~self.moving
        # A face's print can match the felt's grey in places (a blue coat on green felt):
        # such parts count when they touch a clear difference, and the holes they still
        # leave are the card's too.
        faint = np.uint8((difference > FAINT_LEVEL) & still)
        faint = cv2.morphologyEx(faint, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        count, labels = cv2.connectedComponents(faint, connectivity=4)
        clear = np.unique(labels[(difference > EMPTY_LEVEL) & (faint > 0)])
        mask = np.uint8(np.isin(labels, clear[clear > 0]))
        outlines, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cv2.drawContours(mask, outlines, -1, 1, cv2.FILLED)
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
        area = self.shape[0] * self.shape[1]
        covering = self.moving | ~self.mat
        if hidden is not None:
            covering = covering | hidden
        quads = []
        for i in range(1, count):
            pixels = int(stats[i, cv2.CC_STAT_AREA])
            if pixels < PART_SHARE * SILHOUETTE_AREA[0] * area:
                continue
            component = labels == i
            lone = SILHOUETTE_AREA[0] * area <= pixels <= SILHOUETTE_AREA[1] * area
            whole = _card_box(component) if lone else None
            if whole is not None:
                quads.append(whole)
            elif card is not None:
                quads += self._completed_parts(component, card, covering, hidden)
        return quads

    def _completed_parts(
        self,
        component: np.ndarray,
        card: tuple[float, float],
        covering: np.ndarray,
        hidden: np.ndarray | None,
    ) -> list[np.ndarray]:
        """The whole cards a silhouette that is no card is made of: itself completed,
        or else each part of it left when the followed cards' places are taken out."""
        completed = _completed(component, card, covering)
        if completed is not None:
            return [completed]
        if hidden is None:
            return []
        rest = np.uint8(component & ~hidden)
        rest = cv2.morphologyEx(rest, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        count, labels = cv2.connectedComponents(rest, connectivity=4)
        parts = [_completed(labels == k, card, covering) for k in range(1, count)]
        return [quad for quad in parts if quad is not None]

    @staticmethod
    def share(mask: np.ndarray, where: np.ndarray) -> float:
        """Share of ``where`` that ``mask`` covers."""
        total = int(np.count_nonzero(where))
        return int(np.count_nonzero(mask & where)) / total if total else 0.0


def _box(points: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The smallest rotated box around pixel ``points``: centre, the two unit axes and
    the half-lengths along them (pixel edges, not centres)."""
    (cx, cy), (w, h), angle = cv2.minAreaRect(points)
    turn = np.deg2rad(angle)
    axes = np.float32([[np.cos(turn), np.sin(turn)], [-np.sin(turn), np.cos(turn)]])
    return np.float32([cx, cy]), axes, np.float32([(w + 1) / 2, (h + 1) / 2])


def _corners(centre: np.ndarray, axes: np.ndarray, half: np.ndarray) -> np.ndarray:
    u, v = axes[0] * half[0], axes[1] * half[1]
    return np.float32([centre - u - v, centre + u - v, centre + u + v, centre - u + v])


def _points(component: np.ndarray) -> np.ndarray:
    return np.column_stack(np.nonzero(component)[::-1]).astype(np.float32)


def _card_box(component: np.ndarray) -> np.ndarray | None:
    """The silhouette's box if it is shaped like a whole lone card, else ``None``."""
    centre, axes, half = _box(_points(component))
    long, short = float(half.max()), float(max(half.min(), 0.5))
    if not SILHOUETTE_ASPECT[0] <= long / short <= SILHOUETTE_ASPECT[1]:
        return None
    if np.count_nonzero(component) < SILHOUETTE_FILL * 4 * long * short:
        return None
    return _corners(centre, axes, half)


def _completed(
    component: np.ndarray, card: tuple[float, float], covering: np.ndarray
) -> np.ndarray | None:
    """A part of a card's silhouette completed to the whole card, or ``None``.

    The part's box must match the card along one side at least and be no larger along
    either; each side that falls short is lengthened to the card's, towards where the
    added strip lies hidden (``covering``). The part must fill its box as a card does.
    """
    pixels = int(np.count_nonzero(component))
    if pixels < PART_SHARE * card[0] * card[1]:
        return None
    centre, axes, half = _box(_points(component))
    if pixels < SILHOUETTE_FILL * 4 * float(half[0] * half[1]):
        return None
    for target in (np.float32(card) / 2, np.float32(card[::-1]) / 2):
        if np.any(half > target * (1 + SIDE_MATCH)):
            continue
        short = half < target * (1 - SIDE_MATCH)
        if short.all():
            continue
        grown, middle = half.copy(), centre.copy()
        for k in np.nonzero(short)[0]:
            extra = float(target[k] - half[k])
            side = _hidden_side(covering, middle, axes, grown, k, extra)
            if side == 0:
                break
            middle = middle + axes[k] * side * extra
            grown[k] = target[k]
        else:
            return _corners(middle, axes, grown)
    return None


def _hidden_side(
    covering: np.ndarray,
    centre: np.ndarray,
    axes: np.ndarray,
    half: np.ndarray,
    k: int,
    extra: float,
) -> int:
    """Which way (+1, -1; 0 for neither) along axis ``k`` a box may grow by ``2 *
    extra``: the side where the added strip lies mostly hidden."""
    best, side = HIDDEN_SHARE, 0
    for sign in (1, -1):
        size = half.copy()
        size[k] = extra
        middle = centre + axes[k] * sign * (half[k] + extra)
        strip = np.zeros(covering.shape, np.uint8)
        cv2.fillConvexPoly(strip, np.int32(np.round(_corners(middle, axes, size))), 1)
        inside = int(np.count_nonzero(strip))
        outside = 4 * float(size[0] * size[1]) - inside  # off the picture: hidden too
        share = (int(np.count_nonzero(covering & (strip > 0))) + max(outside, 0.0)) / (
            4 * float(size[0] * size[1])
        )
        if share >= best:
            best, side = share, sign
    return side
