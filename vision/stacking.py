"""Which of two overlapping cards lies on top, told by the edges their outlines leave.

Where two card outlines overlap, the reader must know which card the other may hide:
print partly hidden can read as other print, so a card's small print is judged only
outside what lies over it (:func:`vision.reader._doubt_crossed`). Taking every
overlapping outline for a cover withheld cards lying plainly on top of their
neighbour: on tuning seeds 2000–2039 of tango_nuevo enrolled through the guide, 8 of
the 18 fully visible cards left unnamed (docs/benchmarks.md).

A card on top shows its whole outline: where its sides cross the card beneath, the
picture steps there, alike all along them (its paper's end, its shadow on the other). A
card beneath shows none of its sides where the other lies over it: there the picture is
the other card's paper, plain but for its print. A card is taken to lie beneath another
only where both say so at once (:func:`lies_beneath`); where either is unclear (a top
card's side casting no shadow on a card as light, a hidden side running through dense
print), nothing is decided and the overlap is taken for a cover, as before.
"""

from __future__ import annotations

import numpy as np

SEEN_STEP = 30.0
"""Grey levels the picture must step across each of a card's sides where it runs over
the other card, averaged along the side (:func:`_edge_step`), for the card to be taken
as lying on top. On tuning seeds 2000–2059 of seven designs (tango_nuevo and tango
enrolled, paris, anglo, swiss-xvii, simplistic and bellot built in; 435 pairs of read
outlines over cards truly overlapping, each with ``LEAST_POINTS`` both ways), the sides
of the card on top stepped 1–183 levels so (median 40), those hidden under it 0–129
(median 6: a hidden side along a line of the top card's print keeps it in the
average). With ``HIDDEN_STEP``, 142 pairs are decided, none the wrong way round; the
first decided wrongly comes at 10 (a paris pair, 10.4 against 7.0). The step's largest
at each point, not averaged, decided 215 pairs at 40 but was fooled by print: a hidden
side through a face picture steps as much as an edge at every point, only not alike
(tests/test_vision_stacking.py)."""
HIDDEN_STEP = 8.0
"""Grey levels the picture may step at most across the other card's sides inside the
card, at the median over their points of the largest step near each, for it to be
taken as lying beneath: plain paper with some print. Sensor noise steps too (about 2.6
times its deviation, so a camera noisier than 3 levels seldom passes): where it does
not, nothing is decided, the safe way."""
INSIDE = 4.0
"""Pixels inside the other outline a side's point must lie to be looked at: an outline
is a pixel or two off its card, and the other card's own edge is near."""
ACROSS = 3
"""Pixels either side of a side within which the picture's step is sought: the outline's
own error, and a shadow's blur."""
LEAST_POINTS = 12
"""Fewest points of a card's sides inside the other that decide anything: two cards
that touch, or outlines that overlap by a sliver, give a few, and a few can land on
print."""


def lies_beneath(grey: np.ndarray, outline: np.ndarray, other: np.ndarray) -> bool:
    """Whether the card outlined by ``other`` lies beneath the card of ``outline``.

    Args:
        grey: the picture both outlines were found in, grey.
        outline: 4×2 corners of the card that may lie on top, picture pixels.
        other: 4×2 corners of the card that may lie beneath.

    True only where the picture steps across ``outline``'s sides inside ``other``
    alike all along each (``SEEN_STEP``, :func:`_edge_step`), and hardly across
    ``other``'s sides inside ``outline`` (``HIDDEN_STEP``); False where they do not
    overlap or either is unclear."""
    seen = _profiles_across(grey, outline, other)
    if seen is None or _edge_step(*seen) < SEEN_STEP:
        return False
    hidden = _profiles_across(grey, other, outline)
    if hidden is None:
        return False
    steps = np.abs(np.diff(hidden[0], axis=1)).max(axis=1)
    return float(np.median(steps)) <= HIDDEN_STEP


def _edge_step(profiles: np.ndarray, sides: np.ndarray) -> float:
    """How plainly sides show as edges: per side, the largest step of the picture
    across it averaged along it (``profiles``, one row a point, ``sides`` each row's
    side); the least of the sides with ``LEAST_POINTS`` // 2 points or more. A card's
    edge steps alike all along a side, and the average keeps it; print that a hidden
    side runs through steps here one way and there another, and averages out."""
    steps = [
        float(np.abs(np.diff(profiles[sides == k].mean(axis=0))).max())
        for k in range(4)
        if np.count_nonzero(sides == k) >= LEAST_POINTS // 2
    ]
    return min(steps, default=0.0)


def _profiles_across(
    grey: np.ndarray, quad: np.ndarray, other: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """Per point of ``quad``'s sides (one a pixel) lying ``INSIDE`` ``other``, ``grey``
    across the side within ``ACROSS`` pixels either way (N×(2·``ACROSS`` + 1)), and
    which side (0–3) it is on; ``None`` where fewer than
    ``LEAST_POINTS`` points, their profiles wholly in the picture, lie there."""
    start = np.float32(quad).reshape(4, 2)
    side = np.roll(start, -1, axis=0) - start
    lengths = np.linalg.norm(side, axis=1)
    ways = side / np.maximum(lengths, 1e-6)[:, None]
    counts = np.ceil(lengths).astype(np.int64)
    which = np.repeat(np.arange(4), counts)
    along = np.concatenate([np.arange(n, dtype=np.float32) for n in counts])
    points = start[which] + along[:, None] * ways[which]
    normals = np.stack([-ways[which, 1], ways[which, 0]], axis=1)
    inside = _depth_inside(points, other) >= INSIDE
    points, normals, which = points[inside], normals[inside], which[inside]
    offsets = np.arange(-ACROSS, ACROSS + 1, dtype=np.float32)
    pixels = np.rint(points[:, None, :] + offsets[None, :, None] * normals[:, None, :])
    pixels = pixels.astype(np.int64)
    height, width = grey.shape[:2]
    xs, ys = pixels[..., 0], pixels[..., 1]
    whole = ((xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)).all(axis=1)
    if int(whole.sum()) < LEAST_POINTS:
        return None
    return grey[ys[whole], xs[whole]].astype(np.float32), which[whole]


def _depth_inside(points: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """How far inside the convex ``quad`` each of ``points`` (N×2) lies, in pixels: its
    distance to the nearest side's line, negative outside."""
    corners = np.float32(quad).reshape(4, 2)
    side = np.roll(corners, -1, axis=0) - corners
    normals = np.stack([-side[:, 1], side[:, 0]], axis=1)
    normals /= np.maximum(np.linalg.norm(normals, axis=1), 1e-6)[:, None]
    inwards = np.sign(((corners.mean(axis=0) - corners) * normals).sum(axis=1))
    offsets = np.einsum("nkc,kc->nk", points[:, None, :] - corners[None], normals)
    return (offsets * inwards).min(axis=1)
