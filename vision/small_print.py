"""Whether a view is its card rather than a look-alike, judged where the two differ.

An enrolled deck's templates are camera views: each carries its own light, blur and
outline, and two cards that differ only in small print (a queen of clubs and of
spades whose one big letter is the same, two number cards with one big pip that
differ in the corner index) differ in their templates far more by those than by the
print. The identifier's margin is measured along the whole difference of two
templates, so a view can land nearer a look-alike's template by what the views
happened to carry, not by what the cards are: on held-out scenes (seeds 8000–8499)
enrolled tango named clubs as spades 8 times in 2,935 cards, at margins up to 0.47,
and simplistic a queen of clubs as the queen of spades at 0.55 (docs/benchmarks.md).

Here the two cards are compared only where their templates differ *consistently*:
the pixels whose difference of the two cards' mean templates is large beside how much
the templates of one card vary there (a Fisher ratio), grown into a few regions — the
corner indices, a suit sign. Each template's region is matched against the view in
its own place, shifted as far as ``SLACK`` (an outline a few pixels off moves a corner
index more than a whole-card fit can follow), by normalised correlation. The view's
lead is how much better its card's templates match there than the rival's (medians: one
enrolled view spoilt in that corner by a glare does not decide), in units of how much
the two cards' templates differ there themselves: 1 where the view is its card's
print exactly, 0 half-way, negative nearer the rival.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.geometry import RECT_H, RECT_W
from vision.profile import INSET

Box = tuple[slice, slice]

_SHAPE = (RECT_H - 2 * INSET, RECT_W - 2 * INSET)
SHARE = 0.03
"""Of the card's pixels, the share with the largest Fisher ratio taken as where two
cards differ: the corner indices' suit signs of a court card cover about this much."""
GROW = 5
"""Side of the square the chosen pixels are grown by into regions (pixels)."""
LEAST_CHOSEN = 6
"""Regions with fewer chosen pixels than this are a template's noise, not print."""
MOST_REGIONS = 4
"""The regions judged, heaviest first: two cards whose pips all differ (a heart and
a diamond of one rank) differ in a dozen places, and four say it as surely."""
PAD = 3
"""Pixels of context kept round a region: a sign's edge and the paper beside it."""
SLACK = 4
"""How far (pixels of the rectified card) a region may be found from its place in the
template: an outline's corner a few pixels off, and the view's own print position."""
LEAD = 0.1
"""The lead over every look-alike an enrolled read needs to be named. On tuning seeds
2000–2029 of enrolled tango and simplistic, no right read led its nearest rival by
less than 0.11 (most by 0.4–1); the 15 fully visible wrong reads of the held-out run
(seeds 8000–8499, which chose this measure) led by 0.07 at most
(docs/benchmarks.md)."""


@dataclass(frozen=True)
class Contrast:
    """Where two cards' enrolled templates differ, and by how much: made once per pair
    (and turn of their views), then any view of either is judged by it."""

    own: np.ndarray  # the first card's templates, pictures (k × height × width)
    rival: np.ndarray  # the other card's
    regions: list[tuple[Box, Box, float, np.ndarray]]  # inside, around, weight, where
    apart: float  # how much the two cards' templates differ there, weighted

    @classmethod
    def of(cls, own: np.ndarray, rival: np.ndarray) -> Contrast:
        """The contrast of the templates ``own`` and ``rival`` (rows of fine
        descriptors, each turned as the views to be judged lie)."""
        own_pictures, rival_pictures = own.reshape(-1, *_SHAPE), rival.reshape(-1, *_SHAPE)
        difference = (own.mean(axis=0) - rival.mean(axis=0)).reshape(_SHAPE)
        regions, apart = [], 0.0
        for (x0, y0, x1, y1), weight in _regions(own, rival):
            inside = (slice(y0, y1), slice(x0, x1))
            around = (slice(y0, y1 + 2 * SLACK), slice(x0, x1 + 2 * SLACK))  # in _padded
            where = difference[inside] ** 2
            where /= max(float(where.sum()), 1e-12)
            between = [
                _misfit(_padded(r)[around], t[inside], where, float(r.ravel() @ t.ravel()))
                for t in own_pictures
                for r in rival_pictures
            ]
            apart += weight * float(np.mean(between))
            regions.append((inside, around, weight, where))
        return cls(own_pictures, rival_pictures, regions, apart)

    def lead(self, view: np.ndarray) -> float:
        """How much better ``view`` (a fine descriptor) matches the first card's
        templates than the other's where the two differ (module docstring); ``-inf``
        where nothing in the templates differs more than their own noise."""
        if not self.regions or self.apart <= 0.0:
            return -np.inf
        picture = _padded(view.reshape(_SHAPE))
        own_gains = self.own.reshape(len(self.own), -1) @ view
        rival_gains = self.rival.reshape(len(self.rival), -1) @ view
        ahead = 0.0
        for inside, around, weight, where in self.regions:
            mine = [
                _misfit(picture[around], t[inside], where, g)
                for t, g in zip(self.own, own_gains, strict=True)
            ]
            theirs = [
                _misfit(picture[around], t[inside], where, g)
                for t, g in zip(self.rival, rival_gains, strict=True)
            ]
            ahead += weight * (float(np.median(theirs)) - float(np.median(mine)))
        return ahead / self.apart


def _padded(picture: np.ndarray) -> np.ndarray:
    """A picture with ``SLACK`` pixels added round it, its edges carried on: a corner
    index lies at the edge of the card's inside, and may be found a little outside."""
    return cv2.copyMakeBorder(picture, SLACK, SLACK, SLACK, SLACK, cv2.BORDER_REPLICATE)


def _misfit(area: np.ndarray, patch: np.ndarray, where: np.ndarray, gain: float) -> float:
    """How far the part of ``area`` that ``patch`` matches best (found by normalised
    correlation, between pixels too) is from the patch, on the pixels ``where``
    weighs (weights summing to 1).

    The patch is scaled by ``gain``, the whole pictures' own regression (both are unit
    length), not by a fit of its own: a contrast fitted here would let a template
    plain where its look-alike has a pip match the pip at no contrast, or a pip match
    plain paper. Its brightness and focus are fitted (its Laplacian: a blur adds it, in
    proportion to the blur's variance): two camera views of one print differ in focus
    by more than a club's lobes differ from a spade's point."""
    scores = cv2.matchTemplate(area, patch, cv2.TM_CCOEFF_NORMED)
    _, best, _, (column, row) = cv2.minMaxLoc(scores)
    offsets = []
    for line, at in ((scores[row], column), (scores[:, column], row)):
        offset = 0.0
        if 0 < at < len(line) - 1:
            before, after = float(line[at - 1]), float(line[at + 1])
            curve = before - 2 * best + after
            if curve < 0:
                offset = min(max((before - after) / (2 * curve), -0.5), 0.5)
        offsets.append(offset)
    h, w = patch.shape
    centre = (column + offsets[0] + (w - 1) / 2, row + offsets[1] + (h - 1) / 2)
    left = (cv2.getRectSubPix(area, (w, h), centre) - gain * patch).ravel()
    sharper = cv2.Laplacian(patch, cv2.CV_32F, borderType=cv2.BORDER_REPLICATE).ravel()
    design = np.stack([np.ones(patch.size, np.float32), gain * sharper], axis=1)
    fit, *_ = np.linalg.lstsq(design, left, rcond=None)
    return float((where.ravel() * (left - design @ fit) ** 2).sum())


def _match(area: np.ndarray, patch: np.ndarray) -> float:
    """The best normalised correlation of ``patch`` anywhere in ``area``, between
    whole pixels too: the peak of a parabola through the best place and its
    neighbours, along each axis. At whole pixels only, a sharp sign half a pixel off
    correlates with its own print hardly better than with a look-alike's (tango's
    queen of clubs warped by one corner moved 2 pixels led the queen of spades by
    0.33; between pixels, 0.59)."""
    scores = cv2.matchTemplate(area, patch, cv2.TM_CCOEFF_NORMED)
    _, best, _, (column, row) = cv2.minMaxLoc(scores)
    for line, at in ((scores[:, column], row), (scores[row], column)):
        if 0 < at < len(line) - 1:
            before, after = float(line[at - 1]), float(line[at + 1])
            curve = before - 2 * best + after
            if curve < 0:
                best += (before - after) ** 2 / (-8 * curve)
    return best


def _regions(own: np.ndarray, rival: np.ndarray) -> list[tuple[tuple[int, int, int, int], float]]:
    """Boxes (x0, y0, x1, y1) round where the two cards' templates differ consistently,
    the ``MOST_REGIONS`` heaviest, each with its summed Fisher ratio as its weight."""
    difference = own.mean(axis=0) - rival.mean(axis=0)
    spread = (
        ((own - own.mean(axis=0)) ** 2).sum(axis=0)
        + ((rival - rival.mean(axis=0)) ** 2).sum(axis=0)
    ) / max(len(own) + len(rival) - 2, 1)
    ratio = difference**2 / (spread + float(np.median(spread)) + 1e-9)
    chosen = np.zeros(ratio.size, np.uint8)
    chosen[np.argsort(ratio)[-max(1, int(SHARE * ratio.size)) :]] = 1
    if not ratio[chosen == 1].any():
        return []
    grown = cv2.dilate(chosen.reshape(_SHAPE), np.ones((GROW, GROW), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(grown)
    found = []
    for k in range(1, count):
        member = (labels.ravel() == k) & (chosen == 1)
        if member.sum() < LEAST_CHOSEN:
            continue
        x, y, w, h = (int(v) for v in stats[k][:4])
        box = (
            max(x - PAD, 0),
            max(y - PAD, 0),
            min(x + w + PAD, _SHAPE[1]),
            min(y + h + PAD, _SHAPE[0]),
        )
        found.append((box, float(ratio[member].sum())))
    return sorted(found, key=lambda b: -b[1])[:MOST_REGIONS]
