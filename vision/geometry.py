"""Quadrilaterals of cards: corner order and rectification.

A card's four corners are kept in one order, starting at a corner where a *short* edge
begins, going round clockwise in image coordinates. Rectifying with that order always
yields an upright portrait card, only possibly upside down; the identifier compares
against both turns, so no corner index has to be read to know which end is up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cv2
import numpy as np

RECT_W, RECT_H = 64, 96
"""Rectified card size: a card's 2:3 proportion at a resolution that keeps pips and
corner indices apart yet costs little per card."""
REFINE_REACH = 12.0
"""Pixels of a ``REACH_FRAME``-pixel frame either side of a detected edge searched for
the card's true edge; in a larger or smaller frame, as many more or fewer (the outline
was found on the frame shrunk to one size, so its error grows with the frame). The outline
found at working size lies 5–9 pixels outside a card's edge on one side often enough
(3–4 pixels of the working-size picture) that a search of 7 pixels either side had the
true edge at its inner end, took the table's texture or noise for the edge and left the
side where it was. Chosen on rendered scenes, seeds 2000–2029 of five
designs (reach 7 / 10 / 12 / 14: 763 / 782 / 792 / 794 correct, 95 / 79 / 72 / 72
abstained, none wrong); on seeds 1000–1099 of six designs, 7 → 12 took correct reads of
fully visible cards from 3,033 to 3,193 and abstentions from 417 to 276, none wrong.
On 2560×1440 scenes (seeds 2000–2014) the reach scaled to 24 rather than kept at 12
took paris from 57 to 67 correct (abstained 15 → 5); tango and anglo read the same."""
REACH_FRAME = 1280
"""Long side of the frame for which ``REFINE_REACH`` is given."""
REFINE_SAMPLES = 16
"""Points per side where the edge is sought."""
EDGE_DROP = 8.0
"""Smallest change in brightness per pixel (0-255 scale) that counts as the card's edge."""
STRONG = 0.35
"""An edge counts as strong at this share of the strongest change along its profile:
low enough that a card's outer edge counts even where a dark border or a printed shadow
lies just inside it, high enough that the card's soft shadow on the table does not."""
MAX_TURN = 6.0
"""Degrees a refined side may turn from the detected one."""
FRAME_BAND = 0.02
"""Share of a picture's long side within which a corner counts as at the picture's
edge (:func:`completed_outlines`): an outline found along the edge lies a pixel or two
in from it at working size, and a side the edge cuts at a slant starts further in."""
EDGE_HUG = 0.005
"""Share of a picture's long side within which both corners of a side must lie from one
edge (or beyond it) for the side to hug the edge (:func:`hugs_picture_edge`): what is
seen of a card the edge cuts ends at the edge, and the outline found there lies a pixel
or two in from it at working size (3 pixels of a 1280-pixel frame's 6.4); a side of a
card wholly in view shows the table between it and the edge."""
TRACE_REACH = 3.0
"""Pixels either side of an outline's side at which :func:`traced_sides` compares the
picture: past the pixel or two by which a refined outline can miss the card's edge, and
a blurred edge's spread."""
TRACE_DROP = 3 * EDGE_DROP
"""Least change in brightness (0-255) across a side, ``TRACE_REACH`` in to
``TRACE_REACH`` out, at which a point of it counts as on the card's edge: what
``EDGE_DROP`` per pixel makes over three of the six pixels. A side drawn across a
card's paper, not along its edge, changes only where it crosses print."""
LEAST_SEEN = 0.7
"""Least share of a card's length an outline cut by the picture's edge must show for it
to be completed (:func:`completed_outlines`): with less, too much of the card is unseen
for its view to fit any template."""


MOST_IN_ROW = 5
"""Most cards an outline is cut into as a row of touching cards (:func:`row_outlines`):
a weis of five shown in one row."""


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Clockwise corners (image y grows downwards), the first edge a short one."""
    pts = np.asarray(quad, dtype=np.float32).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]
    first = float(np.linalg.norm(pts[1] - pts[0]) + np.linalg.norm(pts[3] - pts[2]))
    second = float(np.linalg.norm(pts[2] - pts[1]) + np.linalg.norm(pts[0] - pts[3]))
    if first > second:
        pts = pts[[1, 2, 3, 0]]
    return pts


def warp_target(size: tuple[int, int]) -> np.ndarray:
    """Where :func:`rectify` puts a card's corners: at twice ``size``, averaged down after."""
    w, h = size
    return np.float32([[0, 0], [2 * w - 1, 0], [2 * w - 1, 2 * h - 1], [0, 2 * h - 1]])


def rectify(
    image: np.ndarray, corners: np.ndarray, size: tuple[int, int] = (RECT_W, RECT_H)
) -> np.ndarray:
    """The card inside ``corners`` warped to an upright ``size`` image.

    The warp samples at twice the size and then averages down: a card photographed much
    larger than ``size`` would otherwise alias its fine print into noise. Where the
    corners reach past the picture's edge, its outermost pixels are carried on: a card
    cut by the edge goes on as paper, not as a black band that reads as print.

    ``image`` is BGR, or BGRA when many cards are cut from one picture (see
    :func:`cutting_picture`); the card comes out BGR either way, with the same values.
    """
    w, h = size
    matrix = cv2.getPerspectiveTransform(np.float32(corners), warp_target(size))
    big = cv2.warpPerspective(
        image, matrix, (2 * w, 2 * h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    card = cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA)
    four = card.ndim == 3 and card.shape[2] == 4
    return cv2.cvtColor(card, cv2.COLOR_BGRA2BGR) if four else card


BGRA_PAYS = 600_000
"""Pixels of a frame whose conversion to BGRA one card cut from it pays for: OpenCV's
bilinear warp of four channels takes less than half the time of three (0.11 against
0.25 ms for one card on this machine), for the same values to the bit, and the
conversion costs about 0.23 µs a pixel (0.21 ms for 1280×720, 24 ms for 12 megapixels)."""


def cutting_picture(frame: np.ndarray, cards: int) -> np.ndarray:
    """The picture :func:`rectify` cuts ``cards`` cards (at least) from fastest: the BGR
    frame as BGRA where that pays (``BGRA_PAYS``), else the frame itself."""
    if frame.shape[0] * frame.shape[1] > BGRA_PAYS * cards:
        return frame
    return cv2.cvtColor(frame, cv2.COLOR_BGR2BGRA)


def moved_outline(corners: np.ndarray, moves: np.ndarray) -> np.ndarray:
    """The outline whose :func:`rectify` view is that of ``corners`` with each corner
    moved by ``moves`` (4×2, pixels of the rectified card), in the picture's pixels."""
    target = warp_target((RECT_W, RECT_H))
    back = cv2.getPerspectiveTransform(target, np.float32(corners))  # no inverse to fail
    moved = (target + 2 * np.float32(moves)).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(moved, back).reshape(4, 2).astype(np.float32)


def quad_area(corners: np.ndarray) -> float:
    return float(cv2.contourArea(np.float32(corners).reshape(-1, 1, 2)))


OVERLAP_GRID = 16
"""Steps per pixel the corners of two outlines are put on before they are intersected
(:func:`on_grid`, :func:`convex_overlap`): a power of two, and no finer."""


def on_grid(corners: np.ndarray) -> np.ndarray:
    """Corners (float32) moved to the nearest ``OVERLAP_GRID``-th of a pixel, for
    :func:`convex_overlap`."""
    steps = np.asarray(corners, np.float32) * np.float32(OVERLAP_GRID)
    return np.rint(steps, out=steps) / np.float32(OVERLAP_GRID)


def convex_overlap(
    one: np.ndarray, other: np.ndarray, gridded: bool = False
) -> tuple[float, np.ndarray | None]:
    """The area two convex outlines share, and its outline (``None`` where they share
    none), each outline first put :func:`on_grid` (unless the caller did: ``gridded``,
    many outlines at once).

    Why on a grid: ``cv2.intersectConvexConvex`` misjudges outlines whose sides nearly
    coincide. Two outlines of one card a hundred-thousandth of a pixel apart (detection
    found the card twice, each fitted alike) shared none of their area or half of it,
    so both were kept as two cards: an anglo SA and a tango DA each named twice on
    tuning seeds 2022 and 2031, and an enrolled tango's DA and C6 each withheld for the
    other lying over it; two cards side by side, touching, could share more than a
    card. Of 30,000 pairs of a card's outline and the same moved by up to a thousandth
    of a pixel (all corners, two, or one side along itself), 68 were misjudged as given
    and none on the grid (a scratch script, against Shapely's intersection; a review
    found none either in 440,000 pairs of 22 kinds, against an exact clip). OpenCV takes
    three points as in line where twice the triangle they make is within 1e-5 of
    nothing; on a grid of a power of two steps, that is a multiple of 1/256, so each
    such test is exact. A finer grid, or one not of a power of two, brings the
    misjudgement back (a review: grids of 1/300 and 1/1024 of a pixel)."""
    if not gridded:
        one, other = on_grid(one), on_grid(other)
    area, shared = cv2.intersectConvexConvex(one, other)
    return float(area), shared


def refine_corners(grey: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """Corners of one card found at low resolution, refined on the full-resolution grey
    picture (:func:`refine_all` for one card)."""
    return refine_all(grey, [corners])[0]


def refine_all(
    grey: np.ndarray,
    quads: Sequence[np.ndarray],
    reach: float = REFINE_REACH,
    turn: float = MAX_TURN,
    nearest: bool = False,
) -> list[np.ndarray]:
    """Corners of cards found at low resolution, refined on the full-resolution grey
    picture.

    A card is found at working size, where a pixel is 1.5–2 of the picture's; an
    outline off by two pixels shifts a 90-pixel card's pips enough to blur a 9 into an
    8. Along each side, at ``REFINE_SAMPLES`` points, the outermost strong change of
    brightness going outwards (the card's edge against the table, not a line printed
    inside it) is found to a fraction of a pixel; a straight line is fitted through
    them, and the corners are where the lines cross. This is done twice: first within
    ``reach`` pixels of a ``REACH_FRAME``-pixel frame (``REFINE_REACH`` unless given;
    scaled to the frame, a pixel at least) of the detected outline, then within a third
    of that round the first answer. In each pass a side that gives no clear edge, or
    whose line turns more than ``turn`` degrees from the side that pass started from (so
    up to twice that over both), keeps its line; and a result that moves a corner
    further than two sides' reach is not trusted: the corners come back unchanged.

    With ``nearest``, the strong change nearest the outline is taken instead of the
    outermost one. A card touching or lying over a neighbour has the neighbour's far
    edge within reach beyond its own, and the outermost change is that edge; the
    nearest is the card's own edge when the outline lies nearer it, though a line
    printed just inside the card may be nearer still (so it is a second try, not the
    rule).

    All cards of a frame are refined together — one sampling of the picture and one
    set of array operations per pass — since per-card calls cost more in overhead than
    in arithmetic.
    """
    if not len(quads):
        return []
    found = np.float32(quads).reshape(-1, 4, 2)
    reach = max(reach * max(grey.shape[:2]) / REACH_FRAME, 1.0)  # a pixel at least
    refined = _refine_pass(grey, found, reach, turn, nearest)
    refined = _refine_pass(grey, refined, reach / 3, turn, nearest)
    moved = np.linalg.norm(refined - found, axis=2).max(axis=1)
    trusted = moved <= 2 * reach
    return [r if ok else f for r, f, ok in zip(refined, found, trusted, strict=True)]


def _refine_pass(
    grey: np.ndarray, quads: np.ndarray, reach: float, turn: float, nearest: bool = False
) -> np.ndarray:
    """One refinement of ``N``×4×2 corners, searching ``reach`` pixels round each side
    for a line turned at most ``turn`` degrees from it."""
    centre = quads.mean(axis=1, keepdims=True)
    offsets = np.arange(-reach, reach + 0.01, 0.5, dtype=np.float32)
    along = np.linspace(0.15, 0.85, REFINE_SAMPLES, dtype=np.float32)
    starts, ends = quads, np.roll(quads, -1, axis=1)
    lengths = np.linalg.norm(ends - starts, axis=2)
    units = (ends - starts) / np.maximum(lengths, 1e-6)[..., None]
    normals = np.stack([units[..., 1], -units[..., 0]], axis=2)
    middles = (starts + ends) / 2
    flip = ((middles - centre) * normals).sum(axis=2) < 0
    normals[flip] = -normals[flip]  # outwards
    bases = starts[:, :, None] + along[:, None] * (ends - starts)[:, :, None]  # N×4×S×2
    points = bases[:, :, :, None] + offsets[:, None] * normals[:, :, None, None]
    flat = points.reshape(-1, len(offsets), 2)
    profile = cv2.remap(grey, flat[..., 0], flat[..., 1], cv2.INTER_LINEAR)
    change = np.abs(np.gradient(profile.astype(np.float32), axis=1))
    found_at = _strong_edges(change, reach, nearest).reshape((*lengths.shape, REFINE_SAMPLES))
    valid = np.isfinite(found_at)
    edges = bases + np.where(valid, found_at, 0)[..., None] * normals[:, :, None]
    through, direction = _fit_lines(edges, valid)
    fits = np.abs((direction * units).sum(axis=2)) >= np.cos(np.radians(turn))
    fits &= np.abs(((through - middles) * normals).sum(axis=2)) <= reach
    point = np.where(fits[..., None], through, middles)
    way = np.where(fits[..., None], direction, units)
    corners, parallel = _crossings(point, way)
    kept = parallel | (lengths.min(axis=1) < 8)
    return np.where(kept[:, None, None], quads, corners).astype(np.float32)


def _fit_lines(points: np.ndarray, valid: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A point on and the direction of a straight line through each row of ``points``
    (``N``×4×S×2, only the ``valid`` ones counted), where at least half of a row is
    valid; NaN elsewhere.

    Huber's loss lets a few points that are not on the card's edge (a speck of dirt, a
    neighbour's corner) pull the line less than a least-squares fit would.
    """
    rows = points.reshape(-1, points.shape[-2], 2).astype(np.float32)
    usable = valid.reshape(len(rows), -1)
    lines = np.full((len(rows), 4), np.nan, np.float32)
    for k in np.nonzero(usable.sum(axis=1) >= REFINE_SAMPLES // 2)[0]:
        lines[k] = cv2.fitLine(rows[k][usable[k]], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    lines = lines.reshape((*points.shape[:-2], 4))
    return lines[..., 2:], lines[..., :2]


def _crossings(point: np.ndarray, way: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each side's line (``N``×4, through ``point`` along ``way``) crosses the
    previous one's: the corners, and per card whether two neighbouring lines are too
    near parallel to cross at a trustworthy place."""
    p, u = np.roll(point, 1, axis=1), np.roll(way, 1, axis=1)
    b = (point - p).astype(np.float64)
    v, w = way.astype(np.float64), u.astype(np.float64)
    det = v[..., 0] * w[..., 1] - w[..., 0] * v[..., 1]
    parallel = (np.abs(det) < 1e-3).any(axis=1)
    t = (v[..., 0] * b[..., 1] - b[..., 0] * v[..., 1]) / np.where(parallel[:, None], 1.0, det)
    return p + t.astype(np.float32)[..., None] * u, parallel


def _strong_edges(change: np.ndarray, reach: float, nearest: bool = False) -> np.ndarray:
    """Per profile (a row, sampled every half pixel over ±``reach``), the offset from
    its middle of its outermost strong change of brightness (with ``nearest``, of the
    one nearest its middle), or NaN when there is none."""
    peak = change.max(axis=1, keepdims=True)
    inner = np.concatenate([np.full_like(peak, -1.0), change[:, :-1]], axis=1)
    outer = np.concatenate([change[:, 1:], np.full_like(peak, -1.0)], axis=1)
    peaks = (change >= STRONG * peak) & (change >= inner) & (change > outer)
    width = change.shape[1]
    if nearest:
        away = np.abs(np.arange(width) * 0.5 - reach)
        j = np.argmin(np.where(peaks, away, np.inf), axis=1)
    else:
        j = width - 1 - np.argmax(peaks[:, ::-1], axis=1)
    rows = np.arange(len(change))
    inside = (j > 0) & (j < width - 1)
    left = change[rows, np.clip(j - 1, 0, width - 1)]
    middle = change[rows, j]
    right = change[rows, np.clip(j + 1, 0, width - 1)]
    curve = left - 2 * middle + right
    bend = inside & (curve < 0)
    sub = np.zeros(len(change), np.float32)
    sub[bend] = np.clip(0.5 * (left[bend] - right[bend]) / curve[bend], -0.5, 0.5)
    offset = (j + sub) * 0.5 - reach
    offset[peak[:, 0] < EDGE_DROP / 2] = np.nan  # per half-pixel step
    return offset


def completed_outlines(
    corners: np.ndarray, shape: tuple[int, ...], proportions: Sequence[float]
) -> list[np.ndarray]:
    """Outlines of a card that the picture's edge cuts, completed beyond it: one per
    side of ``corners`` that lies along the edge of a picture of ``shape``, and per
    long-side-over-short-side proportion in ``proportions``.

    Where a card reaches past the picture's edge, what is seen of it ends at that edge,
    and the outline found there puts a side along it: a card a tenth shorter than it
    is, whose view no template fits. The two sides running out of the picture are the
    card's own edges; they are carried on to a card's length, measured from the side
    across from the cut one (a short side, when the sides running out are the longer,
    else a long one). A side lies along the edge when both of its corners are within
    ``FRAME_BAND`` of the picture's long side from the same edge, or when either corner
    lies beyond the picture (a side the edge cuts at a slant, or one next to a corner
    found past the edge: both are tried, and the identifier says which fits). Only
    completions that leave at least ``LEAST_SEEN`` of the card inside the outline as
    seen are given; which proportion fits is the identifier's question.
    """
    pts = np.float32(corners).reshape(4, 2)
    cut = _sides_at_edge(pts, shape)
    outlines = []
    for k in range(4):
        if not cut[k]:
            continue
        across, seen = _across_and_seen(pts, k)
        for proportion in proportions:
            length = across * proportion if sum(seen) >= 2 * across else across / proportion
            if min(seen) < length <= max(seen) / LEAST_SEEN:
                outlines.append(_carried_to(pts, k, length))
    return outlines


def covered_outlines(corners: np.ndarray, proportions: Sequence[float]) -> list[np.ndarray]:
    """Outlines of a card whose end something covers, carried on past each side of
    ``corners`` in turn to each long-side-over-short-side proportion in ``proportions``.

    A hand or another card lying across a card's long sides hides its end, and the
    outline found is its part in view: near square, shorter than any card. A line of
    the card's own print across it (a row of pips, a face picture's frame) can be
    taken for its end too, and the outline stop there, shorter than the card though
    perhaps not than every card. The side across from the covered one is then the
    card's short side, and the sides running under the cover are carried on to a
    card's length from it. As with :func:`completed_outlines`, only completions that
    leave at least ``LEAST_SEEN`` of the card inside the outline as seen are given."""
    return _outlines_to(
        corners, proportions, lambda length, seen: max(seen) < length <= min(seen) / LEAST_SEEN
    )


def overrun_outlines(corners: np.ndarray, proportions: Sequence[float]) -> list[np.ndarray]:
    """Outlines of a card whose outline runs on past its end, cut back from each side of
    ``corners`` in turn to each long-side-over-short-side proportion in ``proportions``:
    :func:`covered_outlines` the other way.

    Print as dark as the table printed up to a card's end (a big pip on dark felt), or a
    neighbour it touches there, leaves its own edge the fainter, and the outline found
    runs on to the neighbour's far edge or the strip of table beyond: longer than the
    card, though not always longer than every card. The sides running from the
    overrun one are cut back to a card's length from the side across. Only cuts that
    keep at least ``LEAST_SEEN`` of the outline as found are given."""
    return _outlines_to(
        corners, proportions, lambda length, seen: LEAST_SEEN * max(seen) <= length < min(seen)
    )


def _outlines_to(
    corners: np.ndarray, proportions: Sequence[float], kept: Callable[[float, list[float]], bool]
) -> list[np.ndarray]:
    """The outlines of ``corners`` with each side in turn moved, along the two sides
    running to it, to each proportion of the side across in ``proportions``, where
    ``kept`` takes the new length and the two sides' lengths as found."""
    pts = np.float32(corners).reshape(4, 2)
    outlines = []
    for k in range(4):
        across, seen = _across_and_seen(pts, k)
        for proportion in proportions:
            length = across * proportion
            if kept(length, seen):
                outlines.append(_carried_to(pts, k, length))
    return outlines


def _across_and_seen(pts: np.ndarray, k: int) -> tuple[float, list[float]]:
    """For side ``k`` (corner ``k`` to ``k + 1``) taken as cut: the length of the side
    across from it, and of the two sides running from that one to the cut."""
    a, b, c, d = (k, (k + 1) % 4, (k + 2) % 4, (k + 3) % 4)
    across = float(np.linalg.norm(pts[c] - pts[d]))
    return across, [float(np.linalg.norm(pts[a] - pts[d])), float(np.linalg.norm(pts[b] - pts[c]))]


def _carried_to(pts: np.ndarray, k: int, length: float) -> np.ndarray:
    """The outline with side ``k``'s two corners moved along the sides running to them,
    each to ``length`` from the side across."""
    a, b, c, d = (k, (k + 1) % 4, (k + 2) % 4, (k + 3) % 4)
    out = pts.copy()
    for corner, base in ((a, d), (b, c)):
        way = pts[corner] - pts[base]
        out[corner] = pts[base] + way / max(float(np.linalg.norm(way)), 1e-6) * length
    return out


def at_picture_edge(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether a side of ``corners`` lies along the edge of a picture of ``shape`` (as
    :func:`completed_outlines` takes it): the card may go on beyond it."""
    return bool(_sides_at_edge(np.float32(corners).reshape(4, 2), shape).any())


def touches_picture_edge(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether a corner of ``corners`` lies within ``FRAME_BAND`` of the edge of a
    picture of ``shape``, or beyond it: the card may go on past the edge there, though
    no side of the outline runs along it (a side the edge cuts at a slant)."""
    edges, _ = _corners_at_edge(np.float32(corners).reshape(4, 2), shape)
    return bool(edges.any())  # a corner beyond the picture is within the band too


def hugs_picture_edge(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether a side of ``corners`` has both its corners within ``EDGE_HUG`` of one edge
    of a picture of ``shape``, or beyond any edge (a card across a corner of the
    picture, cut by two edges, is cut too): the outline ends where the picture does,
    and the card, whatever its outline's proportion, may go on past it. A tango_nuevo DA
    a tenth past the picture's left edge left in view a part as long over wide as a
    card (1.49), whose big pip, cut, read D6."""
    edges, beyond = _corners_at_edge(np.float32(corners).reshape(4, 2), shape, EDGE_HUG)
    return bool(_both_ends_at(edges | beyond[:, None]).any())


def across_picture_corner(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether ``corners`` has corners past two edges of a picture of ``shape`` that
    meet (past its left or right edge, and past its top or bottom): the card lies across
    a corner of the picture, and the side between them may be no side of the card."""
    pts = np.float32(corners).reshape(4, 2)
    height, width = shape[:2]
    past_side = (pts[:, 0] < 0) | (pts[:, 0] > width - 1)
    past_end = (pts[:, 1] < 0) | (pts[:, 1] > height - 1)
    return bool(past_side.any() and past_end.any())


def corners_at_picture_edge(corners: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Per corner of ``corners``, whether it lies within ``EDGE_HUG`` of any edge of a
    picture of ``shape``, or past it: where the card may go on past the picture."""
    edges, _ = _corners_at_edge(np.float32(corners).reshape(4, 2), shape, EDGE_HUG)
    return edges.any(axis=1)


def traced_sides(grey: np.ndarray, corners: np.ndarray, samples: int = 24) -> np.ndarray:
    """Per side of ``corners`` (corner ``k`` to ``k + 1``), the share of its points in
    view at which ``grey`` changes by ``TRACE_DROP`` from ``TRACE_REACH`` inside the
    outline to as far outside: how plainly the side is an edge between a card and what
    lies beyond it. ``samples`` points are taken along its middle 80 %; a side of which
    fewer than half have both their inner and outer pixels in the picture (one along
    the picture's edge, or mostly past it) is not measured, and gives ``nan``."""
    pts = np.float32(corners).reshape(4, 2)
    ends = np.roll(pts, -1, axis=0)
    t = np.linspace(0.1, 0.9, samples, dtype=np.float32)[None, :, None]
    points = pts[:, None, :] + t * (ends - pts)[:, None, :]
    way = ends - pts
    normal = np.stack([-way[:, 1], way[:, 0]], axis=1)
    normal /= np.maximum(np.linalg.norm(normal, axis=1, keepdims=True), 1e-6)
    outward = np.sign(np.einsum("ij,ij->i", normal, (pts + ends) / 2 - pts.mean(axis=0)))
    step = (TRACE_REACH * outward)[:, None, None] * normal[:, None, :]
    inner = np.rint(points - step).astype(np.int32)
    outer = np.rint(points + step).astype(np.int32)
    height, width = grey.shape[:2]

    def in_view(p: np.ndarray) -> np.ndarray:
        return (p[..., 0] >= 0) & (p[..., 0] < width) & (p[..., 1] >= 0) & (p[..., 1] < height)

    valid = in_view(inner) & in_view(outer)
    inner, outer = inner[valid], outer[valid]
    change = np.zeros(valid.shape, dtype=np.float32)
    change[valid] = np.abs(
        grey[inner[:, 1], inner[:, 0]].astype(np.float32)
        - grey[outer[:, 1], outer[:, 0]].astype(np.float32)
    )
    seen = valid.sum(axis=1)
    on_edge = ((change >= TRACE_DROP) & valid).sum(axis=1) / np.maximum(seen, 1)
    return np.where(seen >= samples / 2, on_edge, np.nan)


def _sides_at_edge(pts: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Per side (corner ``k`` to ``k + 1``), whether it lies along the picture's edge."""
    edges, beyond = _corners_at_edge(pts, shape)
    return _both_ends_at(edges) | beyond | np.roll(beyond, -1)


def _both_ends_at(edges: np.ndarray) -> np.ndarray:
    """Per side (corner ``k`` to ``k + 1``), whether both its corners are at one edge
    (``edges``: per corner, per picture edge, as :func:`_corners_at_edge` gives)."""
    return (edges & np.roll(edges, -1, axis=0)).any(axis=1)


def _corners_at_edge(
    pts: np.ndarray, shape: tuple[int, ...], share: float = FRAME_BAND
) -> tuple[np.ndarray, np.ndarray]:
    """Per corner, whether it lies within ``share`` of the picture's long side of each
    of the picture's four edges (left, top, right, bottom), and whether it lies beyond
    the picture."""
    height, width = shape[:2]
    band = share * max(height, width)
    edges = np.stack(
        [
            pts[:, 0] <= band,
            pts[:, 1] <= band,
            pts[:, 0] >= width - 1 - band,
            pts[:, 1] >= height - 1 - band,
        ],
        axis=1,
    )
    return edges, beyond_picture(pts, shape)


def share_beyond_picture(corners: np.ndarray, shape: tuple[int, ...]) -> float:
    """The share of the area inside ``corners`` that lies outside a picture of
    ``shape``: the part of a card the camera did not see."""
    height, width = shape[:2]
    picture = np.float32([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]])
    quad = np.float32(corners).reshape(4, 2)
    seen, _ = convex_overlap(quad, picture)
    return max(0.0, 1.0 - seen / max(quad_area(quad), 1.0))


def row_outlines(quad: np.ndarray, proportions: tuple[float, float]) -> list[list[np.ndarray]]:
    """The ways an outline could be a row of two to ``MOST_IN_ROW`` cards touching side by
    side or end to end, each cut into that many equal outlines along its long sides:
    those where each part's long side over its short one (either way round) lies within
    ``proportions``. Three cards of a weis laid edge to edge are outlined as one, 1.9
    times as long as high (anglo); cut in three, each part is 1.6, a card."""
    pts, short, long = _long_sides(quad)
    least, most = proportions
    rows = []
    for n in range(2, MOST_IN_ROW + 1):
        if not any(least <= p <= most for p in (n * short / long, long / (n * short))):
            continue
        steps = np.linspace(0.0, 1.0, n + 1)
        rows.append([_stretch(pts, steps[i], steps[i + 1]) for i in range(n)])
    return rows


def end_outlines(quad: np.ndarray, proportion: float) -> list[np.ndarray]:
    """The card at each end of an outline round cards laid side by side, edge to edge or
    overlapping (a weis in a fan), in a row longer than a card, taking the outline's
    short side for the cards' long one: an outline of a card of ``proportion`` (long
    side over short) flush with each end of its long sides. (An outline round one card
    gives two slices across it.)

    Whatever their number and however much they overlap, the cards at the two ends of
    such a row are the two most in view: the top card of a fan wholly, the one at the
    other end at least the strip no other card covers."""
    pts, short, long = _long_sides(quad)
    share = np.float32(short / proportion / long)
    return [_stretch(pts, np.float32(0.0), share), _stretch(pts, 1 - share, np.float32(1.0))]


def _long_sides(quad: np.ndarray) -> tuple[np.ndarray, float, float]:
    """An outline's corners (:func:`order_corners`: corners 1 to 2 and 0 to 3 its long
    sides), and the mean lengths of its short and long sides."""
    pts = order_corners(quad)
    sides = side_lengths(pts)
    return pts, (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2


def _stretch(pts: np.ndarray, start: float, end: float) -> np.ndarray:
    """The part of an outline (corners as :func:`_long_sides` gives them) between two
    shares of the way along its long sides, as a card's outline."""
    near = pts[1] + (pts[2] - pts[1]) * start, pts[1] + (pts[2] - pts[1]) * end
    far = pts[0] + (pts[3] - pts[0]) * start, pts[0] + (pts[3] - pts[0]) * end
    return order_corners(np.float32([far[0], near[0], near[1], far[1]]))


def side_lengths(quad: np.ndarray) -> np.ndarray:
    """The lengths of an outline's four sides, corner ``k`` to ``k + 1``."""
    return np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)


def beyond_picture(points: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Per point (rows of ``points``, x and y), whether it lies outside a picture of
    ``shape``."""
    height, width = shape[:2]
    return (points < 0).any(axis=1) | (points[:, 0] > width - 1) | (points[:, 1] > height - 1)


def squared_outlines(corners: np.ndarray, least: float) -> list[np.ndarray]:
    """Outlines of a card with one corner pulled off its place, each corner in turn put
    back where the other three make it a parallelogram; none when the outline is one
    already within ``least`` of its longest side.

    A card's outline is a rectangle seen in perspective: nearly a parallelogram, whose
    corners ``a - b + c - d`` add up to nearly nothing. One corner pulled off along a
    side of the print (a face picture's frame, a row of pips) or onto a neighbour's
    edge leaves three corners right and that sum as long as the pull; which corner it
    was, no sum says, so each is tried and the identifier says which fits.
    """
    pts = np.float32(corners).reshape(4, 2)
    defect = pts[0] - pts[1] + pts[2] - pts[3]
    longest = float(side_lengths(pts).max())
    if float(np.linalg.norm(defect)) < least * longest:
        return []
    outlines = []
    for k in range(4):
        out = pts.copy()
        out[k] = pts[(k - 1) % 4] + pts[(k + 1) % 4] - pts[(k + 2) % 4]
        outlines.append(out)
    return outlines


def lengthened_outlines(corners: np.ndarray, stretches: Sequence[float]) -> list[np.ndarray]:
    """Outlines of a card carried past one of its short sides (``corners`` clockwise
    from a short side, as a card is rectified), by each share of its length in
    ``stretches``: first the side of corners 0 and 1, then that of 2 and 3.

    Print as dark as the table printed up to a card's end (a robe, a big pip that runs
    off the card) joins the table at working size, and the outline found ends at the
    print instead, a strip short: the view is the rest stretched to a card's length.
    Carried past the side the print joins, the outline takes the strip back."""
    pts = np.float32(corners).reshape(4, 2)
    outlines = []
    for side in (((0, 3), (1, 2)), ((2, 1), (3, 0))):  # each corner, and its long side's other end
        for stretch in stretches:
            out = pts.copy()
            for corner, base in side:
                out[corner] = pts[corner] + stretch * (pts[corner] - pts[base])
            outlines.append(out)
    return outlines
