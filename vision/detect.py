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
                 overlapping card do not move the corner; where an outline holds more
                 than one card, or is open, cards built from its whole sides, or
                 spanned from a corner where no side is whole (a print running off the
                 card's edge onto a table as dark);
5. ``light``   — areas lighter than their surroundings: a card whose outline the
                 table's own edges (wood grain) have joined to a shapeless blob is
                 still a light area of a card's shape.

Everything is filtered by shape only (size, four straight sides, proportion, filled);
whether the thing is a card *face* is the identifier's question.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache, cached_property

import cv2
import numpy as np

from vision.geometry import (
    beyond_picture,
    convex_overlap,
    on_grid,
    order_corners,
    quad_area,
    side_lengths,
)

WORK_SIZE = 640
MIN_CARD_FRACTION = 0.004
"""Smallest card as a fraction of the frame: a card ~35 px tall at the working size."""
MAX_CARD_FRACTION = 0.30
"""Largest card as a fraction of the frame, looking at a table: an outline larger than
this is a mat or a sheet of card stock round the cards, and is searched inside."""
CLOSE_UP_FRACTION = 0.75
"""Largest card as a fraction of the frame when a picture is searched for one card seen
close up (``close_up``): there is then no mat to search inside."""
BRIGHT_BLOCK = 101
"""Side, in working-size pixels, of the neighbourhood a pixel is compared with to tell
a card's light face from the table: about two cards' widths."""
BRIGHT_STEP = 12.0
"""Grey levels above its neighbourhood's mean from which a pixel counts as light."""
WITHIN_LIGHT = 0.85
"""Share of a found card that must lie on a light area for that area to count as found."""
FAR_SUPPORT = 0.8
SIDE_SUPPORT = 0.7
"""Share of each side of a card built from an outline's stretches that edges must trace."""
CORNER_FAR = 0.3
"""Share of each of its far sides that edges must trace of a card spanned from one corner
of an outline (:func:`_corner_quads`): a print running off the card's edge onto a
table as dark leaves most of a side untraced there."""
TAKEN = 4.0
"""Pixels within which a corner of an outline is a corner of a card already fitted to
or built from it: no card is spanned from it (:func:`_corner_quads`)."""
STRAIGHT = 0.6
"""A stretch of outline at least this share of a smallest card's short side counts as
(part of) a card's side; shorter ones are rounded corners or the print's ragged edge."""
CORNER_GAP = 0.8
"""Farthest a side's straight stretch may end from the corner it turns (a rounded
corner), as a share of a smallest card's short side."""
"""Share of a card's far side that must lie on edges for it to be taken as that side."""
ASPECT_RANGE = (1.2, 1.95)
"""Long side / short side: cards are 1.4–1.6; perspective from an angled camera widens it.
The range in which a card's far side is sought from one of its sides."""
SLANTED_ASPECT = (1.0, 2.6)
"""Long side / short side of a card seen at a slant, sought in an outline blob (or light
area) in which no card of ``ASPECT_RANGE`` was found, where no other candidate lies: a
camera 50° off the vertical shortens one direction of the table to two thirds, so a card
lying across the view looks square and one lying along it more than twice as long as
wide."""
CONVEX = 0.96
"""Area of an outline blob / area of its convex hull above which it is one card alone."""
STRAND = 4.0
"""Pixels an opening must cut off a blob, in smallest cards' sides, before its outline is
traced again: less is the rounding of its corners, and the outline is unchanged."""
SAME_SUPPORT = 0.1
"""How much less well edges may trace a quad fitted to a whole outline than the one
built from sides it replaces: a fitted quad whose corner a rounded, shadowed corner
has pulled away traces its sides far worse, and the built one is kept."""
EDGE_FLOOR = 20.0
"""The least lower threshold Canny takes on the grey picture (a dark frame's median
would set it lower, and noise would draw edges)."""
TEXTURE_EDGES = 2.5
"""How many times the picture's median gradient (its texture: a carpet's pile, felt's
fibres, wood's grain) Canny's lower threshold is at least, up to ``TEXTURE_CEILING``.
On a speckled carpet (``carpet`` of :data:`vision.scenes.MATS`) the pile draws edges everywhere at
the median lightness's threshold alone, and they join every card's outline to the
carpet: on seeds 2000–2019 of six designs (paris, tango, berlin, anglo, swiss-xvii,
tango_nuevo) 537 of 767 whole cards were found so, 670 with this threshold; on felt and
wood, 694 and 697 of 756. The median gradient is 4–9 on felt, where the median's
threshold still rules, 17–26 on wood and 27–64 on a carpet (paris, seeds 2000–2019).
Chosen among 1.5, 2.5 and 3.5 on a first draft of the carpet, seeds 2000–2014 of paris,
anglo and tango (docs/benchmarks.md)."""
TEXTURE_CEILING = 80.0
"""Highest lower threshold the texture sets: a rug woven in strong colours (``rug`` of
:data:`vision.scenes.MATS`) has a median gradient of 39–140, and a threshold set by it
loses the cards' own outlines (paris on a first draft of the rug, seeds 2000–2014: 66
of 100 whole cards found at the median's threshold, 52 with the texture's and no
ceiling, 67 with this one). Chosen between 60 and 80 on the same seeds."""
CHROMA_LOW = EDGE_FLOOR
"""Canny's lower threshold on the colour channels (Lab's a* and b*): grey's floor,
not tuned."""
CHROMA_CLEAR = 7
"""Side, in working-size pixels, of the square round each (thickened) grey edge pixel
in which no colour edge is added: past the colour's JPEG offset. Chosen
on seeds 2000–2049 at the first try (tango_nuevo 163 → 220 correct, tango, paris,
swiss-xvii, anglo and berlin unchanged); colour edges added everywhere read 6–7 fewer
paris cards."""
GREY_TRACED = 0.5
"""Share of a found card's outline (the mean over its four sides) that grey edges must
trace. Colour edges close the gap where a card's dark print meets a table as dark; a
card's paper still draws a grey edge round the rest. A thing of the table's lightness
with only a colour outline — a coloured coaster or book cover with dark print on it —
is no card: without this, 20 of 36 such card-sized things on felt (read with all
built-in designs) were taken for unnamed card faces, which the tracker then asks the
players to confirm as plays. Half, not tuned: on seeds 2000–2049 of tango_nuevo,
paris, anglo, swiss-xvii, tango and berlin it drops no card."""
MIN_FILL = 0.82
"""Area of the region / area of its quad: rejects L-shapes, blobs and merged cards."""
OPPOSITE = 0.35
"""Least length of a candidate's side as a share of the side opposite it, for a
candidate lying clear of the picture's edge. A card's opposite sides are nearly equal
even at a slant (the camera is far from the card for its size), and the quads of
partly covered cards found on seeds 23000–23029 of paris, tango, anglo, tango_nuevo
and swiss-xvii kept at least 0.45. A quad fitted to a sliver of a card's print — a
light area between a queen's hair and the card's frame, one side 5 pixels long against
57 opposite it — is no card, and taken for one it displaced the card round it
(enrolled paris's queen of spades, docs/benchmarks.md). A quad the picture's edge cuts
may narrow towards it and is not held to this."""
EDGE_NEAR = 3.0
"""Working-size pixels from the picture's edge within which a quad counts as cut by it
(``OPPOSITE``): the region of a card the edge cuts stops a pixel or two short of it."""


Fitted = tuple[np.ndarray, np.float32]
"""A quad fitted to an outline and its long side over its short one (float32, compared
with the proportion limits in float32)."""


@dataclass
class Detection:
    """Card candidates of a frame, corners in the original frame's pixels."""

    quads: list[np.ndarray]
    stages: dict[str, np.ndarray] = field(default_factory=dict)
    scale: float = 1.0


@dataclass(frozen=True)
class WorkingPicture:
    """The frame at working size (long side ``WORK_SIZE``), in colour and in grey: the
    one small picture detection and the reader's frame checks both look at. Its
    blurred grey and edges are made once, when first asked for: a frame with no card
    at table size is searched again for a close-up, on the same edges."""

    colour: np.ndarray
    grey: np.ndarray

    @cached_property
    def blurred(self) -> np.ndarray:
        return cv2.GaussianBlur(self.grey, (5, 5), 0)

    @cached_property
    def edges(self) -> tuple[np.ndarray, np.ndarray]:
        """:func:`_edges` of the blurred picture: all edges, and the grey ones alone."""
        return _edges(self.blurred, self.colour)


def working_picture(frame: np.ndarray) -> WorkingPicture:
    """The frame scaled to working size, and its grey: made once per frame."""
    small = _small(frame)
    return WorkingPicture(small, cv2.cvtColor(small, cv2.COLOR_BGR2GRAY))


def _small(frame: np.ndarray) -> np.ndarray:
    scale = WORK_SIZE / max(frame.shape[:2])
    return cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)


def find_cards(
    frame: np.ndarray,
    keep_stages: bool = False,
    picture: WorkingPicture | None = None,
    close_up: bool = False,
) -> Detection:
    """The quadrilaterals of card-like regions in a BGR frame; ``picture`` is its
    :func:`working_picture` when the caller has made it already. With ``close_up``, a
    card may fill up to ``CLOSE_UP_FRACTION`` of the frame (a photograph of one card),
    and no large outline is searched inside as a mat."""
    scale = WORK_SIZE / max(frame.shape[:2])
    if picture is None:
        picture = working_picture(frame)
    grey = picture.grey
    edges, grey_edges = picture.edges
    near = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    frame_area = grey.shape[0] * grey.shape[1]
    largest = CLOSE_UP_FRACTION if close_up else MAX_CARD_FRACTION
    low, high = MIN_CARD_FRACTION * frame_area, largest * frame_area
    fitted: list[np.ndarray] = []
    slanted: list[np.ndarray] = []
    built: list[np.ndarray] = []
    cornered: list[np.ndarray] = []
    alone: list[np.ndarray] = []
    enclosing: list[tuple[np.ndarray, tuple[int, int]]] = []
    bordering: list[tuple[int, int, int, int]] = []
    for blob in _blobs(edges, high):
        x, y, w, h = cv2.boundingRect(blob)
        if w * h < low:
            continue
        if _at_border((x, y, w, h), edges.shape):
            bordering.append((x, y, w, h))
        mask = np.zeros((h + 2, w + 2), np.uint8)
        cv2.drawContours(mask, [blob], -1, 255, -1, offset=(1 - x, 1 - y))
        found, slant = _blob_cards(mask, low, high)
        parts = [order_corners(q + np.float32([x - 1, y - 1])) for q in found]
        (slanted if slant else fitted).extend(parts)
        if not slant and len(parts) == 1 and _convex(blob):
            alone.append(parts[0])  # one card on its own: nothing to take apart
            # (not a card taken whole at a slant: two cards stacked one half over the
            # other make such an outline too, and the upper one is sought inside it)
        else:
            stretches = _stretches(blob, low)
            sided = _side_quads(stretches, near, low, high)
            sided += _trimmed_side_quads(mask, (x - 1, y - 1), near, low, high)
            built += sided
            cornered += _corner_quads(blob, stretches, parts + sided, near, low, high)
            enclosing.append((mask, (x - 1, y - 1)))
    candidates = fitted + built + _region_quads(edges, enclosing, bordering, low, high, alone)
    candidates += [q for q in slanted if _apart(q, candidates)]
    ranks = [2] * len(fitted) + [1] * len(built)
    ranks += [0] * (len(candidates) - len(ranks))
    candidates += cornered
    ranks += [-1] * len(cornered)
    shapely = [not _lopsided(q, edges.shape) for q in candidates]
    candidates = [q for q, keep in zip(candidates, shapely, strict=True) if keep]
    ranks = [r for r, keep in zip(ranks, shapely, strict=True) if keep]
    chosen = _select(candidates, ranks, near)
    light = _light(picture.blurred)
    bright = [q for q in _bright_quads(light, chosen, low, high) if not _lopsided(q, edges.shape)]
    if bright:
        chosen = _select(candidates + bright, ranks + [1] * len(bright), near)
    if chosen:
        grey_near = cv2.dilate(grey_edges, np.ones((3, 3), np.uint8))
        traced = _side_supports(grey_near, chosen, framed=True).mean(axis=1)
        chosen = [q for q, t in zip(chosen, traced, strict=True) if t >= GREY_TRACED]
    quads = [q / scale for q in chosen]
    stages = {"small": picture.colour, "edges": edges, "light": light} if keep_stages else {}
    return Detection(quads, stages, scale)


def light_outline(grey: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """The outline of the light card face that ``quad`` lies on, in the full-resolution
    grey picture, or ``None``.

    Round the quad (grown by a quarter of its size), the picture is split into light
    and dark at Otsu's threshold, and the light area whose outline encloses the quad's
    centre is taken, its print filled; it must lie clear of the window's edge (a lighter
    table, a neighbouring card or the frame's edge joined to it is no one card), be of a
    card's proportion and fill its quad, and hold at least half and at most twice the
    quad's area. A card alone on a darker table, whose outline wood grain or a shadow
    pulled one corner far off, is still such an area.
    """
    x, y, w, h = cv2.boundingRect(np.int32(np.round(quad)).reshape(-1, 1, 2))
    pad = max(w, h) // 4
    x0, y0 = max(x - pad, 0), max(y - pad, 0)
    x1, y1 = min(x + w + pad, grey.shape[1]), min(y + h + pad, grey.shape[0])
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    patch = cv2.GaussianBlur(grey[y0:y1, x0:x1], (5, 5), 0)
    _, light = cv2.threshold(patch, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    areas, _ = cv2.findContours(light, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    centre = tuple(float(v) for v in quad.mean(axis=0) - (x0, y0))
    around = [a for a in areas if cv2.pointPolygonTest(a, centre, False) > 0]
    if len(around) != 1:
        return None
    if _at_border(cv2.boundingRect(around[0]), light.shape):
        return None
    mask = np.zeros((light.shape[0] + 2, light.shape[1] + 2), np.uint8)
    cv2.drawContours(mask, around, -1, 255, -1, offset=(1, 1))
    area = quad_area(quad)
    found = _card_quad(mask, 0.5 * area, 2.0 * area)
    return None if found is None else order_corners(found + np.float32([x0 - 1, y0 - 1]))


def _at_border(box: tuple[int, int, int, int], shape: tuple[int, ...]) -> bool:
    """Whether a bounding ``box`` (x, y, w, h) reaches the edge of a picture of
    ``shape``: what lies there may go on beyond it."""
    x, y, w, h = box
    return x == 0 or y == 0 or x + w == shape[1] or y + h == shape[0]


def _lopsided(quad: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether a side of ``quad``, clear of the edge of a picture of ``shape``, is
    shorter than ``OPPOSITE`` of the side opposite it."""
    height, width = shape[:2]
    inner = (height - 2 * EDGE_NEAR, width - 2 * EDGE_NEAR)
    if beyond_picture(quad - EDGE_NEAR, inner).any():
        return False
    sides = side_lengths(quad)
    return bool(
        min(sides[0], sides[2]) < OPPOSITE * max(sides[0], sides[2])
        or min(sides[1], sides[3]) < OPPOSITE * max(sides[1], sides[3])
    )


def _apart(quad: np.ndarray, others: list[np.ndarray]) -> bool:
    """Whether ``quad`` shares less than half of the smaller area with every one of
    ``others``: a card seen at a slant is sought only where no card was found."""
    area = quad_area(quad)
    for other in others:
        shared, _ = convex_overlap(quad, other)
        if shared > 0.5 * min(area, quad_area(other)):
            return False
    return True


def _light(blurred: np.ndarray) -> np.ndarray:
    """Where the blurred picture is lighter than its surroundings: each pixel compared
    with the mean of ``BRIGHT_BLOCK`` pixels round it."""
    return cv2.adaptiveThreshold(
        blurred, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, BRIGHT_BLOCK, -BRIGHT_STEP
    )


def _bright_quads(
    light: np.ndarray, chosen: list[np.ndarray], low: float, high: float
) -> list[np.ndarray]:
    """Card quads of the ``light`` areas that the cards ``chosen`` from edges do not
    cover.

    A card's face is lighter than the table round it — felt, wood, carpet, grey card
    stock — even where the table's own edges (wood grain, a carpet's pattern) run into
    the card's outline and join it to a blob of edges no card can be cut from. Print
    inside a card is a hole in its light area, filled. Only areas the cards found do not
    already cover are cut into cards (as outline blobs are, :func:`_split_quads`).
    """
    areas, _ = cv2.findContours(light, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(light)
    cv2.drawContours(filled, areas, -1, 255, -1)
    covered = np.zeros_like(light)
    for quad in chosen:
        corners = np.int32(np.round(quad))
        x, y, w, h = cv2.boundingRect(corners)
        x0, y0 = max(x, 0), max(y, 0)
        x1, y1 = min(x + w, light.shape[1]), min(y + h, light.shape[0])
        if x1 <= x0 or y1 <= y0:
            continue  # wholly beyond the picture (a fit of nearly parallel sides)
        one = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillConvexPoly(one, corners - np.int32([x0, y0]), 255)
        window = (slice(y0, y1), slice(x0, x1))
        if cv2.countNonZero(one & filled[window]) >= WITHIN_LIGHT * cv2.countNonZero(one):
            covered[window] |= one  # a card found, lying on its bright area
    quads = []
    for area in areas:
        x, y, w, h = cv2.boundingRect(area)
        if w * h < low or cv2.contourArea(area) < low:
            continue
        mask = np.zeros((h + 2, w + 2), np.uint8)
        cv2.drawContours(mask, [area], -1, 255, -1, offset=(1 - x, 1 - y))
        if cv2.countNonZero(mask[1:-1, 1:-1] & ~covered[y : y + h, x : x + w]) < low:
            continue
        found, slant = _blob_cards(mask, low, high)
        parts = [order_corners(q + np.float32([x - 1, y - 1])) for q in found]
        quads += [q for q in parts if not slant or _apart(q, chosen)]  # slant: where none is
    return quads


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


def _region_quads(
    edges: np.ndarray,
    enclosing: list[tuple[np.ndarray, tuple[int, int]]],
    bordering: list[tuple[int, int, int, int]],
    low: float,
    high: float,
    alone: list[np.ndarray],
) -> list[np.ndarray]:
    """Quads of the areas enclosed by edges: a card that overlaps another shows its own
    face as one area walled in by its outline and the other card's, when outlines merge
    into one blob too wide to cut by erosion.

    Such an area lies inside the filled outline of a blob that is not one card alone
    (each given in ``enclosing`` as its mask and the mask's origin in the picture), or,
    for a card cut off by the frame, between a blob's outline and the frame's edge,
    within the blob's bounding box (``bordering``). Only those places are searched, not
    the whole frame. Areas inside a card lying ``alone`` are its print, not another card.
    """
    quads = []
    for fill, (left, top) in enclosing:
        height, width = fill.shape
        walls = edges[max(top, 0) : top + height, max(left, 0) : left + width]
        inside = fill[max(-top, 0) :, max(-left, 0) :][: walls.shape[0], : walls.shape[1]]
        origin = (max(left, 0), max(top, 0))
        quads += _enclosed_quads(inside & ~walls, origin, low, high, alone, edges.shape)
    for x, y, w, h in bordering:
        free = ~edges[y : y + h, x : x + w]
        quads += _enclosed_quads(free, (x, y), low, high, alone, edges.shape, at_frame=True)
    return quads


def _enclosed_quads(
    free: np.ndarray,
    origin: tuple[int, int],
    low: float,
    high: float,
    alone: list[np.ndarray],
    frame: tuple[int, ...],
    at_frame: bool = False,
) -> list[np.ndarray]:
    """Quads of the card-sized 4-connected areas of ``free`` pixels, a window of the
    picture (of shape ``frame``) whose top left is at ``origin``, in picture coordinates.
    With ``at_frame``, only areas that reach the frame's edge and no side of the window
    within the frame count: an area the window cuts is not walled in."""
    _, labels, stats, centroids = cv2.connectedComponentsWithStats(free, connectivity=4)
    left, top = origin
    boxes = stats[:, cv2.CC_STAT_WIDTH] * stats[:, cv2.CC_STAT_HEIGHT]
    sized = (boxes >= low) & (boxes <= 2 * high) & (stats[:, cv2.CC_STAT_AREA] >= 0.25 * low)
    quads = []
    for i in np.flatnonzero(sized[1:]) + 1:  # most areas are specks between print
        x, y, w, h, _ = stats[i]
        if at_frame and not _walled_by_frame(
            (left + x, top + y, w, h), (left, top, *free.shape[::-1]), frame
        ):
            continue
        if _inside_any(centroids[i] + origin, alone):
            continue
        mask = np.zeros((h + 2, w + 2), np.uint8)
        mask[1:-1, 1:-1][labels[y : y + h, x : x + w] == i] = 255
        # Print inside the area leaves holes in it, but only its outer outline is
        # fitted (:func:`_outline_quad`), which the holes do not change: not filled.
        quad = _card_quad(mask, low, high)
        if quad is not None:
            corner = np.float32([left + x - 1, top + y - 1])
            quads.append(order_corners(_grow(quad, 2.0) + corner))
    return quads


def _walled_by_frame(box: tuple, window: tuple, frame: tuple[int, ...]) -> bool:
    """Whether an area's bounding ``box`` (x, y, w, h) touches the frame's edge, and
    touches the ``window`` it was found in only where that window meets the frame."""
    height, width = frame[:2]
    x, y, w, h = box
    wx, wy, ww, wh = window
    sides = (
        (x == wx, wx == 0),
        (y == wy, wy == 0),
        (x + w == wx + ww, wx + ww == width),
        (y + h == wy + wh, wy + wh == height),
    )
    return any(touch and edge for touch, edge in sides) and not any(
        touch and not edge for touch, edge in sides
    )


def _inside_any(point: np.ndarray, quads: list[np.ndarray]) -> bool:
    where = (float(point[0]), float(point[1]))
    return any(cv2.pointPolygonTest(q.reshape(-1, 1, 2), where, False) >= 0 for q in quads)


def _convex(blob: np.ndarray) -> bool:
    """An outline with no notch: one card, not cards touching at an angle."""
    hull = cv2.contourArea(cv2.convexHull(blob))
    return cv2.contourArea(blob) >= CONVEX * hull


def _split_quads(
    mask: np.ndarray, low: float, high: float, whole: Fitted | None
) -> list[np.ndarray]:
    """Card quads in one filled blob of outlines, ``whole`` its :func:`_outline_quad`.

    A lone card is its blob. Cards that touch, overlap a little or lie under a hand
    merge into one blob; eroding it cuts the narrow joins first, and each part that
    then looks like a card gets its quad, grown back by what the erosion took. A part
    that is not yet a card is eroded further on its own: how wide a join is differs
    from one pair of cards to the next (a corner laid on a side, a shadow bridging a
    gap), and a card cut free at the first erosion must not stop its neighbours from
    being cut free at the next.
    """
    quad = _in_range(whole, ASPECT_RANGE)
    if quad is not None:
        return [quad]
    if cv2.countNonZero(mask) < 2 * low:
        return []
    found = []
    rest = mask.copy()
    for radius in (3, 6, 10):
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
        parts, _ = cv2.findContours(
            cv2.erode(rest, kernel), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
        )
        for part in parts:
            x, y, w, h = cv2.boundingRect(part)
            if (w + 2 * radius) * (h + 2 * radius) < low:
                continue  # a sliver: grown back, still smaller than any card
            piece = np.zeros_like(mask)
            cv2.drawContours(piece, [part], -1, 255, -1)
            # Grown back only round the part: beyond its box and the kernel's reach the
            # dilation is empty anyway, and a blob of several cards is several times
            # the part's size.
            around = np.s_[max(y - radius, 0) : y + h + radius, max(x - radius, 0) : x + w + radius]
            piece[around] = cv2.dilate(piece[around], kernel)
            piece &= rest
            quad = _card_quad(piece, low, high)
            if quad is not None:
                found.append(quad)
                rest &= ~piece
        if cv2.countNonZero(rest) < low:
            break
    return found


def _edges(blurred: np.ndarray, colour: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Canny's edges of the blurred working-size picture, thickened by a pixel, its
    thresholds above both a share of its median lightness and its texture
    (``TEXTURE_EDGES``, up to ``TEXTURE_CEILING``), with the edges of its colour added
    away from them (``CHROMA_CLEAR``); and the grey edges alone, which a card's outline
    must mostly lie on (``GREY_TRACED``).

    Grey alone misses the border between a dark print reaching a card's edge and a
    table of the same lightness but another colour (tango_nuevo's black spade on green
    felt darkened by the card's shadow): the outline then stays open there. Colour
    edges are added only away from grey ones, because next to a grey edge they add
    nothing but a second line a pixel or two off (a JPEG's colour is coarser), which
    blurs the outline. Colour is looked at with half the working size's resolution, as
    a JPEG keeps it and at a third of the cost: it only closes outlines, whose corners
    are refined on the full-resolution grey picture, and they never make a card's
    outline on their own."""
    low = max(
        EDGE_FLOOR, 0.4 * _median(blurred), min(TEXTURE_EDGES * _texture(blurred), TEXTURE_CEILING)
    )
    thick = np.ones((3, 3), np.uint8)
    edges = cv2.dilate(cv2.Canny(blurred, low, 2.5 * low), thick)
    height, width = blurred.shape
    if min(height, width) < 2:
        return edges, edges  # a strip of a picture: no colour at half size to look at
    clear = cv2.dilate(edges, np.ones((CHROMA_CLEAR, CHROMA_CLEAR), np.uint8))
    half = cv2.resize(colour, (width // 2, height // 2), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(half, cv2.COLOR_BGR2Lab)
    chroma = [cv2.Canny(lab[:, :, c], CHROMA_LOW, 2.5 * CHROMA_LOW) for c in (1, 2)]
    chroma = cv2.resize(chroma[0] | chroma[1], (width, height), interpolation=cv2.INTER_NEAREST)
    return edges | (cv2.dilate(chroma, thick) & ~clear), edges


def _texture(blurred: np.ndarray) -> float:
    """The median gradient magnitude of the blurred picture, saturated at 255: how much
    the table's texture alone draws. In Canny's own units (its unscaled 3×3 Sobel
    derivatives; Canny adds their sizes where this takes the vector's length, at most
    √2 times less)."""
    gx = cv2.Sobel(blurred, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(blurred, cv2.CV_32F, 0, 1)
    return _median(cv2.convertScaleAbs(cv2.magnitude(gx, gy)))


def _median(grey: np.ndarray) -> float:
    """``np.median`` of an 8-bit image from its histogram: the same value, without
    sorting the frame's pixels."""
    counts = np.cumsum(cv2.calcHist([grey], [0], None, [256], [0, 256]).ravel())
    size = grey.size
    below, above = np.searchsorted(counts, [(size - 1) // 2 + 1, size // 2 + 1])
    return (float(below) + float(above)) / 2


def _blob_cards(mask: np.ndarray, low: float, high: float) -> tuple[list[np.ndarray], bool]:
    """The card quads cut from one filled blob (:func:`_split_quads`) or, where none can
    be, the blob taken whole as one card seen at a slant (``SLANTED_ASPECT``); and
    whether it is the latter, which the caller keeps only where no other card lies."""
    whole = _outline_quad(mask, low, high)
    found = _split_quads(mask, low, high, whole)
    if found:
        return found, False
    quad = _in_range(whole, SLANTED_ASPECT)
    return ([] if quad is None else [quad]), True


def _card_quad(mask: np.ndarray, low: float, high: float) -> np.ndarray | None:
    """The card quad of a filled mask's largest outline, if it is one of a card's
    proportion (``ASPECT_RANGE``), size and fill."""
    return _in_range(_outline_quad(mask, low, high), ASPECT_RANGE)


def _in_range(fitted: Fitted | None, aspect_range: tuple[float, float]) -> np.ndarray | None:
    """The quad of an :func:`_outline_quad` answer whose proportion is in range."""
    if fitted is None or not aspect_range[0] <= fitted[1] <= aspect_range[1]:
        return None
    return fitted[0]


def _outline_quad(mask: np.ndarray, low: float, high: float) -> Fitted | None:
    """The quad fitted to a filled mask's largest outline, when that outline is of a
    card's size, has four straight sides and fills its quad, with the quad's long side
    over its short side. The proportion is left to the caller: one fit serves both the
    upright check and, where it fails, the check for a card seen at a slant."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    areas = [cv2.contourArea(c) for c in contours]
    area = max(areas)
    contour = contours[areas.index(area)]  # the first of the largest, as max() takes
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
    quad = _fit_sides(contour.reshape(-1, 2).astype(np.float32), approx.reshape(4, 2))
    if quad is None or not cv2.isContourConvex(quad.reshape(-1, 1, 2)):
        return None
    if area / max(quad_area(quad), 1.0) < MIN_FILL:
        return None
    sides = np.linalg.norm(quad - quad[[3, 0, 1, 2]], axis=1)
    long_side = (sides[0] + sides[2]) / 2
    short_side = (sides[1] + sides[3]) / 2
    aspect = max(long_side, short_side) / max(min(long_side, short_side), 1.0)
    return _grow(quad, -0.5), aspect  # float32: compared with the range as before


def _fit_sides(points: np.ndarray, corners: np.ndarray) -> np.ndarray | None:
    """Corners as intersections of lines fitted to the middle of each side.

    The four intersections are computed together, in float32 as one corner at a time
    would be (the same operations, element by element): a quad is fitted for each
    candidate outline, many per frame, and scalar arithmetic corner by corner cost
    about a tenth of the fit."""
    starts = corners.astype(np.float32)
    ends = starts[[1, 2, 3, 0]]
    lengths = np.linalg.norm(ends - starts, axis=1)
    if lengths.min() < 4:
        return None
    directions = (ends - starts) / lengths[:, None]
    dx, dy = directions[:, :1], directions[:, 1:]
    rx, ry = points[:, 0] - starts[:, :1], points[:, 1] - starts[:, 1:]  # 4 sides × points
    along = rx * dx + ry * dy
    across = np.abs(ry * dx - rx * dy)
    on_side = (along > 0.2 * lengths[:, None]) & (along < 0.8 * lengths[:, None]) & (across < 3.0)
    lines = np.empty((4, 4), np.float32)  # per side: direction (vx, vy), point (x0, y0)
    for k in range(4):
        near = points[on_side[k]]
        if len(near) < 3:
            near = np.stack([starts[k], ends[k]])
        lines[k] = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    u, p = lines[[3, 0, 1, 2], :2], lines[[3, 0, 1, 2], 2:]  # corner k: side k - 1 ...
    v, q = lines[:, :2], lines[:, 2:]  # ... meets side k
    det = u[:, 0] * (-v[:, 1]) + v[:, 0] * u[:, 1]
    if (np.abs(det) < 1e-6).any():
        return None
    t = ((q[:, 0] - p[:, 0]) * (-v[:, 1]) + v[:, 0] * (q[:, 1] - p[:, 1])) / det
    return p + t[:, None] * u


def _grow(quad: np.ndarray, pixels: float) -> np.ndarray:
    """Pushes each corner outwards: the region stops short of the card's outline by the
    thickened edge."""
    centre = quad.mean(axis=0)
    out = quad - centre
    lengths = np.linalg.norm(out, axis=1, keepdims=True)
    return np.float32(quad + out / np.maximum(lengths, 1e-6) * pixels * 1.41)


def _stretches(outline: np.ndarray, low: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """The straight stretches of an outline, clockwise in the picture (start, end):
    each at least ``STRAIGHT`` of a smallest card's short side (``low`` its area);
    none where the outline is too short to go round a card."""
    shortest = float(np.sqrt(low / ASPECT_RANGE[1]))
    if cv2.arcLength(outline, True) < 4 * shortest:
        return []
    poly = cv2.approxPolyDP(outline, 2.0, True).reshape(-1, 2).astype(np.float32)
    if cv2.contourArea(poly, oriented=True) < 0:
        poly = poly[::-1]
    ends = np.concatenate([poly[1:], poly[:1]])
    lengths = np.linalg.norm(ends - poly, axis=1)
    return [(poly[k], ends[k]) for k in range(len(poly)) if lengths[k] >= STRAIGHT * shortest]


def _side_quads(
    stretches: list[tuple[np.ndarray, np.ndarray]], near: np.ndarray, low: float, high: float
) -> list[np.ndarray]:
    """Card quads built from the straight ``stretches`` (:func:`_stretches`) of the
    outline of a blob of touching cards.

    Where cards touch, their union's outline still shows each card's free sides: a
    straight stretch whose ends turn through roughly square, convex corners (rounded
    or not) into the next straight stretches is one whole side of one card. The card's
    far side is then sought across from it, as the farthest line of edges at a card's
    proportion — the line where it meets the next card, or its own free end. Which of
    the candidates are real cards is decided by :func:`_select`, from how well edges
    support all four sides.
    """
    if len(stretches) < 3:
        return []
    reach = CORNER_GAP * float(np.sqrt(low / ASPECT_RANGE[1]))
    tried: set[tuple[int, ...]] = set()
    quads = _quads_from_stretches(stretches, near, low, high, tried)
    joined = _join_collinear(stretches, reach)
    if len(joined) < len(stretches):
        quads += _quads_from_stretches(joined, near, low, high, tried)
    return quads


def _corner_quads(
    blob: np.ndarray,
    stretches: list[tuple[np.ndarray, np.ndarray]],
    known: list[np.ndarray],
    near: np.ndarray,
    low: float,
    high: float,
) -> list[np.ndarray]:
    """Card quads spanned from the square corners of a blob's outline (``stretches``
    its straight stretches, :func:`_stretches`), for a card none of whose sides is
    traced whole.

    A card whose print runs off its edge (tango_nuevo's one big pip, a face's robe)
    onto a table as dark as that print has no edge there: its outline stays open
    across a corner and turns in along the print, so no side runs straight from
    corner to corner and no card is built from a side (:func:`_side_quads`). Its
    opposite corner still turns between two sides traced from there. From each such
    corner, the card's far sides are taken from the straight stretches across from it
    (each on its own line: perspective tilts them) or through the outline's farthest
    point; each pair making a convex card of a card's proportion and size is a
    candidate. Of those whose sides at the corner edges trace as a side must be
    (``SIDE_SUPPORT``), and their far sides at least ``CORNER_FAR`` of their length,
    the one traced best is kept, the larger of two about as good (as :func:`_select`
    ranks them; it then keeps a card built or fitted otherwise wherever one is traced
    nearly as well). A corner of a card already fitted to or built from the outline
    (``known``, within ``TAKEN``) spans none: most outlines of touching cards are
    cards built from whole sides, and spanning cards from each of their corners too
    cost detection a third more time (16.5 ms a frame against 12.7 ms, of which the
    gate leaves about 0.5 ms; docs/benchmarks.md)."""
    if len(stretches) < 2:
        return []
    shortest = float(np.sqrt(low / ASPECT_RANGE[1]))
    middles = np.float32([(start + end) / 2 for start, end in stretches])
    ways = np.float32([_unit(end - start) for start, end in stretches])
    points = blob.reshape(-1, 2).astype(np.float32)
    tries, owners = [], []
    taken = np.float32(known).reshape(-1, 2)
    for k, corner in enumerate(_corners(stretches, CORNER_GAP * shortest)):
        if corner is None or (np.abs(taken - corner).max(axis=1) <= TAKEN).any():
            continue
        u = _unit(stretches[k][0] - stretches[k][1])  # back along the side before it
        v = ways[(k + 1) % len(stretches)]  # on along the side after it
        reach_u, reach_v = _skewed(points - corner, u, v)
        ahead = (reach_u >= -3) & (reach_v >= -3)
        if not ahead.any():
            continue
        at_u, at_v = _skewed(middles - corner, u, v)
        across = (at_u >= -3) & (at_v >= -3)
        beyond_u = np.flatnonzero(across & (at_u >= shortest) & (np.abs(ways @ v) >= _COS_12))
        beyond_v = np.flatnonzero(across & (at_v >= shortest) & (np.abs(ways @ u) >= _COS_12))
        spanned = _spanned(
            corner,
            u,
            v,
            (
                np.vstack([corner + reach_u[ahead].max() * u, middles[beyond_u]]),
                np.vstack([v, ways[beyond_u]]),
            ),
            (
                np.vstack([corner + reach_v[ahead].max() * v, middles[beyond_v]]),
                np.vstack([u, ways[beyond_v]]),
            ),
        )
        spanned = spanned[_card_shaped(spanned, low, high)]
        tries.append(spanned)
        owners += [k] * len(spanned)
    if not owners:
        return []
    quads = np.concatenate(tries)
    sides = _side_supports(near, list(quads), framed=True)
    traced = (sides[:, [0, 3]].min(axis=1) >= SIDE_SUPPORT) & (
        sides[:, 1:3].min(axis=1) >= CORNER_FAR
    )
    grades = np.round(sides.min(axis=1) / 0.05)
    areas = np.abs(_shoelace(quads)) / 2
    owned = np.array(owners)
    found = []
    for k in np.unique(owned[traced]):
        mine = np.flatnonzero(traced & (owned == k))
        best = mine[np.lexsort((-np.arange(len(mine)), areas[mine], grades[mine]))[-1]]
        found.append(order_corners(quads[best]))
    return found


def _spanned(
    corner: np.ndarray,
    u: np.ndarray,
    v: np.ndarray,
    far_u: tuple[np.ndarray, np.ndarray],
    far_v: tuple[np.ndarray, np.ndarray],
) -> np.ndarray:
    """The quads (N×4×2) with one corner at ``corner``, sides leaving it along ``u``
    and ``v``, and each pair of far sides: one of the lines ``far_u`` across ``u`` (their
    points and directions) and one of ``far_v`` across ``v``."""
    (p, pu), (q, qv) = far_u, far_v
    first = _meet(corner, u, p, pu)  # along u
    last = _meet(q, qv, corner, v)  # along v
    far = _meet(p[:, None], pu[:, None], q[None], qv[None])
    count = len(p) * len(q)
    return np.stack(
        [
            np.broadcast_to(corner, (count, 2)),
            np.repeat(first, len(q), axis=0),
            far.reshape(-1, 2),
            np.tile(last, (len(p), 1)),
        ],
        axis=1,
    ).astype(np.float32)


def _meet(p: np.ndarray, u: np.ndarray, q: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Where the lines through ``p`` along ``u`` meet those through ``q`` along ``v``
    (points and directions in the last axis, broadcast). The lines of
    :func:`_corner_quads` always cross: a corner's sides meet at 60–120 degrees, and
    each far side lies within 12 degrees of one of them, so no two of its lines are
    nearer parallel than 36 degrees."""
    cross = u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]
    w = q - p
    reach = (w[..., 0] * v[..., 1] - w[..., 1] * v[..., 0]) / cross
    return p + reach[..., None] * u


def _skewed(offsets: np.ndarray, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The coordinates of ``offsets`` (N×2) along the unit directions ``u`` and ``v``,
    which need not be square: ``offset = a·u + b·v``. A corner seen at a slant is not
    square, and a point's distance along one side is then not its projection on it."""
    cross = float(u[0] * v[1] - u[1] * v[0])
    along_u = (offsets[:, 0] * v[1] - offsets[:, 1] * v[0]) / cross
    along_v = (u[0] * offsets[:, 1] - u[1] * offsets[:, 0]) / cross
    return along_u, along_v


def _shoelace(quads: np.ndarray) -> np.ndarray:
    """Twice the signed area of each quad (N×4×2): positive turning one way, negative
    the other."""
    x, y = quads[..., 0], quads[..., 1]
    return (x * np.roll(y, -1, axis=-1) - np.roll(x, -1, axis=-1) * y).sum(axis=-1)


def _card_shaped(quads: np.ndarray, low: float, high: float) -> np.ndarray:
    """Which quads (N×4×2) are a card's: convex, of a card's size and proportion."""
    edges = np.roll(quads, -1, axis=1) - quads
    turns = edges[:, :, 0] * np.roll(edges[:, :, 1], -1, axis=1) - edges[:, :, 1] * np.roll(
        edges[:, :, 0], -1, axis=1
    )
    convex = (turns > 0).all(axis=1) | (turns < 0).all(axis=1)
    sides = np.linalg.norm(edges, axis=2)
    one, other = (sides[:, 0] + sides[:, 2]) / 2, (sides[:, 1] + sides[:, 3]) / 2
    aspect = np.maximum(one, other) / np.maximum(np.minimum(one, other), 1.0)
    area = np.abs(_shoelace(quads)) / 2
    return (
        convex
        & (aspect >= ASPECT_RANGE[0])
        & (aspect <= ASPECT_RANGE[1])
        & (area >= low)
        & (area <= high)
    )


def _quads_from_stretches(
    stretches: list[tuple[np.ndarray, np.ndarray]],
    near: np.ndarray,
    low: float,
    high: float,
    tried: set[tuple[int, ...]],
) -> list[np.ndarray]:
    """Card quads built on each stretch that turns a corner at both ends, but for the
    sides in ``tried`` (by their corners, to the pixel, and the directions the card
    leaves them in), already built on."""
    shortest, longest = np.sqrt(low / ASPECT_RANGE[1]), np.sqrt(high * ASPECT_RANGE[1])
    count = len(stretches)
    if count < 3:
        return []
    reach = CORNER_GAP * shortest
    corners = _corners(stretches, reach)
    quads = []
    for i in range(count):
        a, b = corners[i - 1], corners[i]
        if a is None or b is None:
            continue
        side = float(np.linalg.norm(b - a))
        if not shortest <= side <= longest:
            continue
        inwards = _unit(np.float32([a[1] - b[1], b[0] - a[0]]))
        before, after = stretches[i - 1], stretches[(i + 1) % count]
        da = _lateral(before[0] - before[1], inwards, shortest)
        db = _lateral(after[1] - after[0], inwards, shortest)
        key = tuple(int(v) for v in np.rint(np.concatenate([a, b, 50 * da, 50 * db])))
        if key in tried:
            continue
        tried.add(key)
        quad = _far_side(a, b, side, da, db, near, low, high)
        if quad is not None:
            quads.append(quad)
    supported = _supports(near, quads) >= SIDE_SUPPORT
    return [order_corners(q) for q, good in zip(quads, supported, strict=True) if good]


def _join_collinear(
    stretches: list[tuple[np.ndarray, np.ndarray]], reach: float
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Consecutive stretches that lie on one line, a short way apart, joined into one.

    A glint, a speck of dirt or a break in the edge leaves a notch in a card's side,
    and the outline then shows that side as two straight stretches with a short
    detour between them; neither alone reaches both of the side's corners. Cards laid
    edge to edge with their sides aligned look the same, so the caller builds cards
    from the stretches both as they are and joined.
    """
    joined = list(stretches)
    k = 0
    while k < len(joined) and len(joined) > 1:
        nxt = (k + 1) % len(joined)
        if _collinear(joined[k], joined[nxt], reach):
            joined[k] = (joined[k][0], joined[nxt][1])
            del joined[nxt]
            k = k if nxt > k else k - 1
        else:
            k += 1
    return joined


_COS_6, _COS_12 = np.cos(np.radians(6)), np.cos(np.radians(12))
"""Cosines of the angles :func:`_collinear` and :func:`_lateral` allow (and
:func:`_corner_quads`, for the far sides it takes from stretches), made once: they run
for every stretch of every blob's outline."""


def _collinear(first: tuple, second: tuple, reach: float) -> bool:
    """Two stretches of one straight side: parallel within a few degrees, the second
    starting within ``reach`` ahead of the first's end and no more than a thickened
    edge's width off its line."""
    u = _unit(first[1] - first[0])
    if float(u @ _unit(second[1] - second[0])) < _COS_6:
        return False
    step = second[0] - first[1]
    ahead = float(step @ u)
    across = [abs(float(u[0] * (p[1] - first[0][1]) - u[1] * (p[0] - first[0][0]))) for p in second]
    return -2.0 <= ahead <= reach and max(across) <= 3.0


def _trimmed_side_quads(
    mask: np.ndarray, origin: tuple[int, int], near: np.ndarray, low: float, high: float
) -> list[np.ndarray]:
    """Card quads built from a blob's outline once thin strands are cut off it.

    Wood grain, a mat's seam or a crease in a cloth draws edge lines that run into a
    card's outline; each one turns the outline aside and breaks a side's straight
    stretch in two, so the side no longer turns a corner at both ends. Opening the
    filled blob by a little more than a thickened edge's width removes such strands
    and keeps card faces whole.
    """
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    if cv2.countNonZero(mask) - cv2.countNonZero(opened) < STRAND * np.sqrt(low):
        return []  # nothing cut but the corners' rounding: the outline as it was
    outlines, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    shift = np.int32(origin)
    quads = []
    for outline in outlines:
        if cv2.contourArea(outline) >= low:
            quads += _side_quads(_stretches(outline + shift, low), near, low, high)
    return quads


def _lateral(stretch: np.ndarray, inwards: np.ndarray, shortest: float) -> np.ndarray:
    """Direction of a card's side leaving a corner: along the outline's next stretch
    when it is long enough to trust and near square to the known side (perspective
    skews a right angle a little), else square to the known side."""
    if float(np.linalg.norm(stretch)) < shortest:
        return inwards
    direction = _unit(stretch)
    return direction if float(direction @ inwards) >= _COS_12 else inwards


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(math.hypot(float(v[0]), float(v[1])), 1e-6)


def _corners(stretches: list[tuple[np.ndarray, np.ndarray]], reach: float) -> list:
    """Per stretch, where it meets the next one, if they turn a convex, roughly square
    corner (60–120 degrees: a card's corner seen at an angle) and both end within
    ``reach`` of it; else ``None``. The distance, not the length of outline between
    them, is what a rounded corner bounds: a notch in the outline next to the corner
    (a gap in the edge, a neighbour's corner touching it) lengthens the outline
    without moving the sides."""
    starts = np.float32([s[0] for s in stretches])
    ends = np.float32([s[1] for s in stretches])
    u = ends - starts
    u /= np.maximum(np.linalg.norm(u, axis=1, keepdims=True), 1e-6)
    v, nexts = np.concatenate([u[1:], u[:1]]), np.concatenate([starts[1:], starts[:1]])
    cross = u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]
    w = nexts - starts
    t = (w[:, 0] * v[:, 1] - w[:, 1] * v[:, 0]) / np.where(cross > 0, cross, 1.0)
    points = starts + t[:, None] * u
    far = np.maximum(np.linalg.norm(ends - points, axis=1), np.linalg.norm(nexts - points, axis=1))
    good = (np.abs((u * v).sum(axis=1)) <= 0.5) & (cross > 0) & (far <= reach)
    return [points[k] if good[k] else None for k in range(len(stretches))]


def _far_side(
    a: np.ndarray,
    b: np.ndarray,
    side: float,
    da: np.ndarray,
    db: np.ndarray,
    near: np.ndarray,
    low: float,
    high: float,
) -> np.ndarray | None:
    """The card whose whole side is ``a``–``b`` (``side`` long), its other sides leaving
    ``a`` along ``da`` and ``b`` along ``db``: the farthest far side that edges trace
    about as well as the best-traced one (a printed frame just inside the card's edge
    is traced as well as the edge; the grain of a wood table beyond it, less well).
    Sizes are checked before edges are sampled: where no depth gives a card's area,
    the samples would go unused."""
    depths = np.arange(side / ASPECT_RANGE[1], side * ASPECT_RANGE[1], 1.0, dtype=np.float32)
    aspect = np.maximum(depths, side) / np.maximum(np.minimum(depths, side), 1.0)
    depths = depths[(aspect >= ASPECT_RANGE[0]) & (aspect <= ASPECT_RANGE[1])]
    if not len(depths):
        return None
    c = b + depths[:, None] * db
    d = a + depths[:, None] * da
    u, v = c - a, d - b
    area = 0.5 * np.abs(u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0])
    fits = (area >= low) & (area <= high)
    if not fits.any():
        return None
    support = _segments_support(near, c, d)
    strongest = float(support[fits].max())
    good = np.nonzero(fits & (support >= max(FAR_SUPPORT, strongest - 0.1)))[0]
    if not len(good):
        return None
    k = int(good.max())
    return np.float32([a, b, c[k], d[k]])


def _segments_support(near: np.ndarray, p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Per segment ``p[i]``–``q[i]``, the share of its middle 80 % lying on edge pixels."""
    step = q - p
    length = float(np.sqrt(np.add.reduce(step * step, axis=-1)).max())  # np.linalg.norm's
    t = _middle_samples(max(int(length / 2), 4))
    return _share_on_edges(near, p[:, None, :] + t * step[:, None, :])


@cache
def _middle_samples(count: int) -> np.ndarray:
    """``count`` evenly spaced positions along the middle 80 % of a segment (read-only,
    shaped to broadcast over segments and x, y): the few counts that occur are made
    once, not per side sought."""
    t = np.linspace(0.1, 0.9, count, dtype=np.float32)[None, :, None]
    t.flags.writeable = False
    return t


def _share_on_edges(
    near: np.ndarray, points: np.ndarray, valid: np.ndarray | None = None, framed: bool = False
):
    """Per row of sample ``points``, the share of its ``valid`` ones (all, when not
    given) that round to an edge pixel inside the picture; with ``framed``, also those
    on the picture's own edge or beyond it: where a card runs out of the picture, the
    picture's edge is its outline there."""
    points = np.rint(points).astype(np.int32)
    h, w = near.shape
    xs, ys = points[..., 0], points[..., 1]
    # As unsigned, a negative coordinate is past any width: one test per axis.
    inside = (xs.view(np.uint32) < w) & (ys.view(np.uint32) < h)
    on = (near.ravel()[np.where(inside, ys * w + xs, 0)] > 0) & inside
    if framed:
        on |= (xs <= 0) | (xs >= w - 1) | (ys <= 0) | (ys >= h - 1)
    if valid is None:
        return on.mean(axis=1)
    return (on & valid).sum(axis=1) / valid.sum(axis=1)


def _supports(near: np.ndarray, quads: list[np.ndarray], framed: bool = False) -> np.ndarray:
    """How well edges trace each quad: the weakest of its four sides' supports
    (``framed``: see :func:`_share_on_edges`)."""
    return _side_supports(near, quads, framed).min(axis=1)


def _side_supports(near: np.ndarray, quads: list[np.ndarray], framed: bool = False) -> np.ndarray:
    """The share of each of each quad's four sides that edges trace (``N``×4), the
    picture's own edge too with ``framed`` (:func:`_share_on_edges`).

    All quads in one pass, each side sampled as :func:`_segments_support` samples it
    with its own quad (one sample per 2 pixels of the quad's longest side): the same
    figures, without a call per quad."""
    if not quads:
        return np.zeros((0, 4))
    p = np.float32(quads).reshape(-1, 4, 2)
    q = p[:, [1, 2, 3, 0]]
    lengths = np.linalg.norm(q - p, axis=-1).max(axis=1)
    counts = np.maximum((lengths / 2).astype(np.int64), 4)
    steps = np.arange(int(counts.max()))
    # np.linspace(0.1, 0.9, n): start + j * (delta / (n - 1)), its last value the stop
    t = steps[None, :] * ((0.9 - 0.1) / (counts[:, None] - 1)) + 0.1
    t = np.where(steps[None, :] == counts[:, None] - 1, 0.9, t).astype(np.float32)
    valid = np.repeat(steps[None, :] < counts[:, None], 4, axis=0)
    t = np.repeat(t, 4, axis=0)[:, :, None]
    p, q = p.reshape(-1, 2), q.reshape(-1, 2)
    sides = _share_on_edges(near, p[:, None, :] + t * (q - p)[:, None, :], valid, framed)
    return sides.reshape(-1, 4)


def _select(quads: list[np.ndarray], ranks: list[int], near: np.ndarray) -> list[np.ndarray]:
    """One quad per card from overlapping candidates.

    A candidate that holds two or more smaller candidates side by side, which between
    them fill most of it, is several cards merged: it goes. Of candidates that are the
    same card (overlapping by more than half the smaller), the one whose four sides
    edges trace best is kept, the larger of two about as good: a printed frame inside
    a card is traced as well as the card's own edge, and lies inside it. Where two
    nearly coincide, the one of higher rank replaces it — a quad fitted to a whole
    outline before one built from a side, before one of an enclosed area — so that a
    card is outlined the same way on the table as when it was enrolled alone. A card
    spanned from one corner (rank -1, :func:`_corner_quads`) counts as traced two
    steps of 0.05 worse than it is: its far sides are the outline's farthest lines,
    which a neighbour's edge can be, and a card partly covered there, traced a little
    worse by its own outline (a tango_nuevo S7 of tuning seed 2019: 0.73 against
    0.80), must keep it.
    """
    quads = [np.float32(q) for q in quads]
    areas = [quad_area(q) for q in quads]
    count = len(quads)
    shared = _shared_areas(quads)
    keep = []
    for i in range(count):
        parts = [
            j
            for j in range(count)
            if j != i and areas[j] < 0.75 * areas[i] and shared[i, j] > 0.85 * areas[j]
        ]
        disjoint = [
            j
            for j in parts
            if all(shared[j, k] < 0.2 * min(areas[j], areas[k]) for k in parts if k != j)
        ]
        if len(disjoint) >= 2 and sum(areas[j] for j in disjoint) > 0.7 * areas[i]:
            continue
        keep.append(i)
    supports = _supports(near, [quads[i] for i in keep], framed=True)
    score = dict(zip(keep, supports.tolist(), strict=True))
    chosen: list[int] = []
    for i in sorted(
        keep, key=lambda i: (round(score[i] / 0.05) - 2 * (ranks[i] < 0), areas[i]), reverse=True
    ):
        clash = [j for j in chosen if shared[i, j] > 0.5 * min(areas[i], areas[j])]
        if not clash:
            chosen.append(i)
        elif (
            len(clash) == 1
            and ranks[i] > ranks[clash[0]]
            and score[i] >= score[clash[0]] - SAME_SUPPORT
            and _same(i, clash[0], shared, areas)
        ):
            chosen[chosen.index(clash[0])] = i
    return [quads[i] for i in chosen]


def _shared_areas(quads: list[np.ndarray]) -> np.ndarray:
    """Area each pair of convex quads shares (a symmetric matrix;
    :func:`vision.geometry.convex_overlap`). Only pairs whose bounding boxes overlap
    are intersected: the others share nothing, and most candidates of a frame lie
    apart."""
    count = len(quads)
    shared = np.zeros((count, count), np.float32)
    if count < 2:
        return shared
    corners = on_grid(np.stack(quads))
    low, high = corners.min(axis=1), corners.max(axis=1)
    apart = (low[:, None] >= high[None, :]) | (high[:, None] <= low[None, :])
    for i, j in zip(*np.nonzero(np.triu(~apart.any(axis=2), 1)), strict=True):
        overlap, _ = convex_overlap(corners[i], corners[j], gridded=True)
        shared[i, j] = shared[j, i] = overlap
    return shared


def _same(i: int, j: int, shared: np.ndarray, areas: list[float]) -> bool:
    """Two candidates that outline one card alike: nearly all of each is the other."""
    return bool(shared[i, j] >= 0.9 * max(areas[i], areas[j]))
