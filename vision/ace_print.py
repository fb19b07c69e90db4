"""Whether a view named an ace shows an ace's print: its one sign and its corner indices.

An ace of printed art is paper with one sign in the middle and an index at two corners,
and so is a slip of paper with a numeral written big in its middle and small in a
corner. Its whole-card descriptor is mostly paper, and a red "A", "4" or "9" written so
fits a design's ace of hearts or spades past the name floor and the margin: the view's
paper, its colour and the blob in its middle all agree (neoclassical HA at a whole-card
score of 0.80, margin 0.39). Where the two differ is the shape of the sign and the
indices, a small part of the card.

So a view named an ace is also fitted to its template once moved by what says nothing
about the card (:func:`vision.profile.unexplained`: its outline's corners, its focus),
and what is left is measured where the template prints its sign and where it prints
its two corner indices, each as a share of the template's own print there. Either
alone is large on real aces now and then: an outline a few pixels off cuts an index
short (a plastic HA on a rendered scene left 1.1 of its indices' print unexplained, its
sign 0.05), a shadow's edge, a glare spot or a neighbour's corner over the sign leaves
part of it unexplained (a swiss-xvii CA, 0.25; its indices 0.07). The tests' paper
with a numeral misfits both: the sign by 0.10 or more, the indices by 0.5 or more. The
product of the two shares must stay under ``MISFIT_BOTH``.

What it does not do: a sign drawn by hand close to the design's own (a heart, a spade,
a dot), with or without a letter in a corner, can fit the sign well enough for the
product to stay under the bar, and a view so poor that both misfit (an outline 4–5
pixels off, an end of it covered, glare over a shadow) loses its ace's name. A
review's synthetic views (docs/benchmarks.md): of such hand-drawn slips named an ace
without the check, about one in four still is; of aces named right in those poor
views, 0.5–3 % are withheld.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.profile import FINE_SHAPE, View, unexplained

SIGN_ROWS = (0.2, 0.8)
"""The rows of the card an ace's sign is looked for in, as shares of its height: away
from the corners, which hold the indices."""
SIGN_COLUMNS = (0.15, 0.85)
"""The columns the sign is looked for in, as shares of the card's width."""
SIGN_INK = 0.3
"""A pixel of a template's middle is its sign where its print reaches this share of the
strongest there."""
SIGN_GROWN = 2
"""Pixels the sign is grown by each way, so that a sign the view prints where the
template has paper beside its own counts too."""
INDEX_SIZE = (0.25, 0.3)
"""The box at each corner an index is looked for in, as shares of the card's height and
width. The two boxes holding most of the template's print are taken for its indices:
for a French design's ace the two opposite corners with an index; for a design whose
picture reaches the corners (swiss-xvii) or that prints four indices, two corners
with most print, whatever it is, which measure the print there alike."""
MISFIT_BOTH = 0.075
"""The least product of a view's sign misfit and index misfit (:func:`misfits`) that
withholds an ace's name. Measured with the check off (rendered scenes, seeds 2000–2039
of the 25 built-in designs, 885 aces named, all right, 845 of them fully visible): a
product of 0.053 at most among the fully visible (an orell HA under a shadow's edge:
sign 0.125, indices 0.42) and 0.21 for one three quarters covered (neoclassical HA).
The slips of ``tests/test_vision_strays.py`` named an ace (68 in 6,000 views of four
designs): 0.11 and over (a sign of 0.10 with indices of 1.1; a sign of 0.28 with
indices of 0.51)."""


@dataclass(frozen=True)
class AcePrint:
    """Where an ace's template prints its sign and its two corner indices (masks over
    its fine picture, flattened), and how much print it has there."""

    sign: np.ndarray
    indices: tuple[np.ndarray, np.ndarray]
    sign_print: float
    index_prints: tuple[float, float]


def ace_print(template: np.ndarray) -> AcePrint:
    """Where the fine ``template`` of an ace (one row of a profile's fine descriptors)
    prints its sign and its indices."""
    height, width = FINE_SHAPE
    picture = np.abs(template.reshape(FINE_SHAPE))
    middle = np.zeros(FINE_SHAPE, bool)
    top, bottom = (int(height * share) for share in SIGN_ROWS)
    left, right = (int(width * share) for share in SIGN_COLUMNS)
    middle[top:bottom, left:right] = True
    ink = ((picture >= SIGN_INK * picture[middle].max()) & middle).astype(np.uint8)
    grown = np.ones((2 * SIGN_GROWN + 1,) * 2, np.uint8)
    sign = cv2.dilate(ink, grown).astype(bool) & middle
    box_rows, box_columns = int(height * INDEX_SIZE[0]), int(width * INDEX_SIZE[1])
    boxes = []
    for rows in (slice(0, box_rows), slice(height - box_rows, height)):
        for columns in (slice(0, box_columns), slice(width - box_columns, width)):
            box = np.zeros(FINE_SHAPE, bool)
            box[rows, columns] = True
            boxes.append(box)
    squared = picture * picture
    boxes.sort(key=lambda box: float(squared[box].sum()), reverse=True)
    first, second = boxes[:2]
    return AcePrint(
        sign.ravel(),
        (first.ravel(), second.ravel()),
        float(squared[sign].sum()),
        (float(squared[first].sum()), float(squared[second].sum())),
    )


def misfits(view: View, template: np.ndarray, where: AcePrint) -> tuple[float, float]:
    """What a view, moved to fit its ace's ``template``, leaves unexplained of the
    template's print in its sign and in the better fitting of its two indices, each as
    a share of the template's print there: the fine picture's departure from its mean,
    so a corner box's paper counts a little too (a review measured 45–83 % of
    slavic_costumes' so, whose indices are small; measuring against the paper instead
    separated no better, docs/benchmarks.md)."""
    left = unexplained(view, template).ravel()
    sign = float(left[where.sign].sum()) / max(where.sign_print, 1e-9)
    index = min(
        float(left[box].sum()) / max(printed, 1e-9)
        for box, printed in zip(where.indices, where.index_prints, strict=True)
    )
    return sign, index


def unlike_its_print(view: View, template: np.ndarray, where: AcePrint) -> bool:
    """Whether a view named an ace misfits both its sign and its indices so that their
    product reaches ``MISFIT_BOTH``: paper with writing, not the ace."""
    sign, index = misfits(view, template, where)
    return sign * index >= MISFIT_BOTH
