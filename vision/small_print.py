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

Here the two cards are compared only where they differ: the pixels where the look-alike's
mean template, aligned tile by tile on the card's, still differs from it, and differs
much beside how much the templates of one card vary there (a Fisher ratio), grown into
a few regions — the corner indices, a suit sign. In each region the view is aligned on
each template by itself (shifted as far as ``SLACK``, between pixels too: an outline
a few pixels off moves a corner index more than a whole-card fit follows) and its
misfit measured on the pixels where the two cards differ, each template's focus and
brightness fitted (:func:`_residual`). The view's lead is how much less it misfits
its card's templates there than the look-alike's (medians: one enrolled view spoilt in
that corner by a glare does not decide), in units of how much the two cards' templates
misfit each other there: 1 where the view is its card's print, 0 half-way, negative
nearer the look-alike.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.profile import FINE_SHAPE

Box = tuple[slice, slice]
Region = tuple[Box, np.ndarray]  # a box of the fine picture, and its pixels' weights there

SHARE = 0.03
"""Of the card's pixels, the share with the largest Fisher ratio taken as where two
cards differ: the corner indices' suit signs of a court card cover about this much."""
GROW = 5
"""Side of the square the chosen pixels are grown by into regions (pixels)."""
LEAST_DIFFERENCE = 5e-5
"""The least difference (squared, summed; the pictures are of unit length) two cards'
mean templates must keep in a region once aligned for it to tell them apart: a picture
aligned on itself between pixels leaves up to 1.2e-5 by interpolation; tango's queens
of clubs and spades differ by 3e-4 to 3e-3 in each of their four regions."""
LEAST_CHOSEN = 6
"""Regions with fewer chosen pixels than this are a template's noise, not print."""
MOST_REGIONS = 4
"""The regions judged, heaviest first: two cards whose pips all differ (a heart and
a diamond of one rank) differ in a dozen places, and four say it as surely."""
PAD = 3
"""Pixels of context kept round a region: a sign's edge and the paper beside it."""
TILE = 16
"""Side of the tiles two cards' mean templates are aligned by, to find where they
differ (pixels): about a corner index's size."""
SLACK = 4
"""How far (pixels of the rectified card) a region may be found from its place in the
template: an outline's corner a few pixels off, and the view's own print position."""
LEAD = 0.15
"""The lead over every look-alike (a card of the same colour) an enrolled read needs
to be named. The fully visible wrong reads of the enrolled held-out run (seeds
8000–8499), which this check was built on, led by -0.15 at most on the outlines first
kept; the reader tries more than one outline of a card, and once the check withheld
the first, the tango CQ of seed 8247 was read SQ on another, bottom corner pulled off
the card, leading by 0.10 (its four regions 0.00, 0.17, -0.23 and 0.33). On tuning
seeds 2000–2029 (six designs enrolled: tango, simplistic, tango_nuevo, anglo_modern,
kde-ancient-egyptians, paris) 9 of 1,087 right best guesses led a look-alike by less
than 0.15, 5 of them named by the margin, which 0.15 leaves unnamed; most led by 0.3–1
(docs/benchmarks.md). With ``aparts`` measured as now (:meth:`Contrast.of`; the figures
above were measured the other way round), on tuning seeds 2000–2049 of all 29 designs
enrolled, 12 of 9,107 right best guesses led a look-alike by less than 0.15 (3 of them
past the margin), against 69 (52) before; the scenes of the held-out wrong reads above
are read with none wrong but one partly covered (docs/benchmarks.md)."""
SURE_LEAD = 0.5
"""The lead over each look-alike (a rival of its colour) that names an enrolled read
whose whole-card margin, though it prefers the card, falls short of the threshold: the
small print, not the noisy whole card, then says which card it is (only where the
margin puts every rival of the other colour past the threshold and the view's outline
fits its card's template, :data:`vision.identify.OUTLINE_SURE`; at the identifier's own
threshold, on the first look). The enrolled templates of one card can lie nearly as
close to a look-alike's as to its own (anglo_modern's S8 and C8: margins 0.01–0.04,
yet every such view led the C8 by 0.8). On tuning seeds 2000–2049 (29 designs
enrolled, 9,387 reads) 20 best guesses above the name floor were wrong, 19 of them short
of the margin, and none led by more than -0.18 every rival of its colour that the margin
left short (a bellot C9 taken for the C10, which led the C9 itself by 1.14, past the
margin over it, but the C8 by -0.18); most led their own card by -0.5 to -1. The known
wrong reads above led by 0.10 at most. 0.5 is half-way from the midpoint to the card's
own print (docs/benchmarks.md). With ``aparts`` measured as now, on the same reads: none
of the 20 led by more than -0.17 (the bellot C9), most by -0.36 to -1.37, and the rule
names 52 right best guesses the margin leaves short, none wrong. The reader withholds
such a name where another card's outline covers the print it rests on
(:data:`HIDDEN_SHARE`)."""


HIDDEN_SHARE = 0.1
"""The share of a region's weight that something else may cover (another card's outline,
the picture's edge) before the region is left out of a lead (:meth:`Contrast.lead`;
:func:`vision.reader._doubt_crossed` reads a card again so): print partly hidden can read
as other print. Enrolled tango_nuevo's D8 of held-out seed 10075, its corner index half
under a D7's edge (72 % of the region), led every diamond as a D7 there and was named
so by its small print; a tango CQ of seed 11469, a DK over its lower corner, led the SQ
past ``LEAD`` and was named SQ past the margin. Cards that only touch overlap by a pixel
at most, at their edges, outside the print."""


class Prints:
    """An enrolled deck's fine templates as pictures, each with its Laplacian made
    when first asked for: every contrast of the deck reads them from here, so a
    contrast holds row numbers, not copies."""

    def __init__(self, fine: np.ndarray):
        self.pictures = fine.reshape(-1, *FINE_SHAPE)
        self._sharper: dict[int, np.ndarray] = {}

    def sharper(self, row: int) -> np.ndarray:
        """The Laplacian of template ``row`` (the change a blur makes, per its variance)."""
        if row not in self._sharper:
            self._sharper[row] = _sharper(self.pictures[row])
        return self._sharper[row]


@dataclass(frozen=True)
class Contrast:
    """Where two cards' enrolled templates differ, and by how much: made once per pair
    (and turn of their views), then any view of either is judged by it."""

    prints: Prints
    own: tuple[int, ...]  # the first card's templates (rows of ``prints``)
    rival: tuple[int, ...]  # the other card's
    regions: list[tuple[Box, Box, float, np.ndarray]]  # inside, around, weight, where
    aparts: tuple[float, ...]  # per region, how much the two cards' templates differ there

    @classmethod
    def of(cls, prints: Prints, own: tuple[int, ...], rival: tuple[int, ...]) -> Contrast:
        """The contrast of the templates ``own`` and ``rival`` (rows of ``prints``, each
        turned as the views to be judged lie).

        ``aparts`` are measured as :meth:`lead` measures a view: each of the card's own
        templates taken as the view, the look-alike's fitted to it, so that a view which
        is its card's print leads by about 1. Taken the other way round (the look-alike's
        templates as the view) it is lopsided where one card's print covers what the
        other's leaves blank: slavic_costumes' HA and DA lay 9.9e-5 apart that way and
        1.2e-5 this way, and a view that fitted the HA exactly led the DA by 0.12."""
        own_pictures, rival_pictures = prints.pictures[list(own)], prints.pictures[list(rival)]
        own_mean, rival_mean = own_pictures.mean(axis=0), rival_pictures.mean(axis=0)
        mean_sharper, padded_mean = _sharper(own_mean), _padded(rival_mean)
        gain = float(own_mean.ravel() @ rival_mean.ravel()) / float(
            own_mean.ravel() @ own_mean.ravel()
        )
        difference = _aligned_difference(own_mean, padded_mean, mean_sharper, gain)
        padded_owns = {t: _padded(prints.pictures[t]) for t in own}
        flat_own = own_pictures.reshape(len(own), -1)
        flat_rival = rival_pictures.reshape(len(rival), -1)
        regions, aparts = [], []
        for x0, y0, x1, y1 in _regions(flat_own, flat_rival, difference):
            inside = (slice(y0, y1), slice(x0, x1))
            around = (slice(y0, y1 + 2 * SLACK), slice(x0, x1 + 2 * SLACK))  # in _padded
            where = (
                _residual(padded_mean[around], own_mean[inside], mean_sharper[inside], gain) ** 2
            )
            weight = float(where.sum())
            if weight < LEAST_DIFFERENCE:
                continue
            where /= weight
            between = [
                _misfit(
                    padded_owns[t][around],
                    prints.pictures[r][inside],
                    prints.sharper(r)[inside],
                    where,
                    float(flat_rival[j] @ flat_own[i]),
                )
                for i, t in enumerate(own)
                for j, r in enumerate(rival)
            ]
            aparts.append(weight * float(np.mean(between)))
            regions.append((inside, around, weight, where))
        return cls(prints, own, rival, regions, tuple(aparts))

    def lead(self, view: np.ndarray, hidden: np.ndarray | None = None) -> float:
        """How much better ``view`` (a fine descriptor) matches the first card's
        templates than the other's where the two differ (module docstring); ``-inf``
        where nothing in the templates differs more than their own noise.

        ``hidden`` (1 where something else may lie over the card: another card, the
        picture's edge) leaves out each region ``HIDDEN_SHARE`` of which it covers: print
        partly hidden can read as other print."""
        kept = [k for k in range(len(self.regions)) if not self._hidden(k, hidden)]
        apart = sum(self.aparts[k] for k in kept)
        if not kept or apart <= 0.0:
            return -np.inf
        picture = _padded(view.reshape(FINE_SHAPE))
        pictures, sharper = self.prints.pictures, self.prints.sharper
        gains = _gains(pictures, (*self.own, *self.rival), view, hidden)
        ahead = 0.0
        for inside, around, weight, where in (self.regions[k] for k in kept):
            mine, theirs = (
                [
                    _misfit(
                        picture[around], pictures[k][inside], sharper(k)[inside], where, gains[k]
                    )
                    for k in rows
                ]
                for rows in (self.own, self.rival)
            )
            ahead += weight * (float(np.median(theirs)) - float(np.median(mine)))
        return ahead / apart

    def covered_by(self, hidden: np.ndarray) -> bool:
        """Whether ``hidden`` covers ``HIDDEN_SHARE`` of any region where the two differ."""
        return any(self._hidden(k, hidden) for k in range(len(self.regions)))

    def _hidden(self, k: int, hidden: np.ndarray | None) -> bool:
        """Whether ``hidden`` covers region ``k`` (:func:`hides`)."""
        inside, _, _, where = self.regions[k]
        return hidden is not None and hides(hidden, (inside, where))


def hides(hidden: np.ndarray, region: Region) -> bool:
    """Whether ``hidden`` (1 where something may lie over a card's fine picture) covers
    ``HIDDEN_SHARE`` of a region's weight (its box, and its pixels' weights there)."""
    inside, where = region
    return float((where * hidden[inside]).sum()) >= HIDDEN_SHARE


def _gains(
    pictures: np.ndarray, rows: tuple[int, ...], view: np.ndarray, hidden: np.ndarray | None
) -> dict[int, float]:
    """Each template's (``rows`` of ``pictures``) contrast in ``view``: the view's
    regression on it, over the whole picture (both are of unit length), or where
    ``hidden`` marks pixels something may lie over, over the others alone, each taken
    from its mean there.

    What lies over a card counts in a regression over the whole picture, and more for
    the card it looks like: a tango_nuevo CK 38 % past the picture's bottom edge, its
    view's lower part the picture's last row drawn out (the king's face, not his black
    robe), fitted the SK's template with more contrast than the CK's, and its club,
    plain in the corner in view, then led the SK's spade by -0.35 (held-out seed 26724,
    named SK at a margin of 0.41); over the part in view the club leads by 1.15."""
    if hidden is None or not hidden.any():
        return {k: float(pictures[k].ravel() @ view) for k in rows}
    seen = hidden.ravel() == 0
    part = view[seen] - view[seen].mean()
    gains = {}
    for k in rows:
        own = pictures[k].ravel()[seen]
        own = own - own.mean()
        gains[k] = float(own @ part) / max(float(own @ own), 1e-12)
    return gains


def _padded(picture: np.ndarray) -> np.ndarray:
    """A picture with ``SLACK`` pixels added round it, its edges carried on: a corner
    index lies at the edge of the card's inside, and may be found a little outside."""
    return cv2.copyMakeBorder(picture, SLACK, SLACK, SLACK, SLACK, cv2.BORDER_REPLICATE)


def _misfit(
    area: np.ndarray, patch: np.ndarray, sharper: np.ndarray, where: np.ndarray, gain: float
) -> float:
    """How far the part of ``area`` that ``patch`` matches best is from the patch
    (:func:`_residual`), on the pixels ``where`` weighs (weights summing to 1)."""
    return float((where * _residual(area, patch, sharper, gain) ** 2).sum())


def _sharper(picture: np.ndarray) -> np.ndarray:
    """The Laplacian of a picture (the change a blur makes, per its variance)."""
    return cv2.Laplacian(picture, cv2.CV_32F, borderType=cv2.BORDER_REPLICATE)


def _residual(area: np.ndarray, patch: np.ndarray, sharper: np.ndarray, gain: float) -> np.ndarray:
    """What is left of the part of ``area`` that ``patch`` matches best (found by
    normalised correlation, between pixels too) once the patch is taken from it.

    The patch is scaled by ``gain``, the pictures' own regression (:func:`_gains`), not
    by a fit of its own: a contrast fitted here would let a template plain where its
    look-alike has a pip match the pip at no contrast, or a pip match plain paper. Its
    brightness and focus are fitted (its Laplacian: a blur adds it, in proportion to the
    blur's variance; ``sharper`` is the patch's, cut from its whole picture's): two
    camera views of one print differ in focus by more than a club's lobes differ from a
    spade's point."""
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
    left = cv2.getRectSubPix(area, (w, h), centre) - gain * patch
    focus = gain * sharper
    count, total, focus_sum = left.size, float(left.sum()), float(focus.sum())
    focus_square, along = float((focus * focus).sum()), float((focus * left).sum())
    determinant = count * focus_square - focus_sum**2
    if determinant <= 1e-12 * count * max(focus_square, 1e-30):
        return left - total / count
    blur = (count * along - focus_sum * total) / determinant
    return left - (total - blur * focus_sum) / count - blur * focus


def _regions(
    own: np.ndarray, rival: np.ndarray, difference: np.ndarray
) -> list[tuple[int, int, int, int]]:
    """Boxes (x0, y0, x1, y1) round where the two cards' templates (rows) differ
    consistently: the ``MOST_REGIONS`` whose chosen pixels' Fisher ratios sum highest.
    The ratio's difference is the one left once each part of the look-alike's mean
    template is aligned on the card's (``difference``, :func:`_aligned_difference`):
    templates a pixel apart differ most at the edges of the print they share, which
    says nothing of the cards."""
    spread = (
        ((own - own.mean(axis=0)) ** 2).sum(axis=0)
        + ((rival - rival.mean(axis=0)) ** 2).sum(axis=0)
    ) / max(len(own) + len(rival) - 2, 1)
    ratio = difference.ravel() / (spread + float(np.median(spread)) + 1e-12)
    chosen = np.zeros(ratio.size, np.uint8)
    chosen[np.argsort(ratio)[-max(1, int(SHARE * ratio.size)) :]] = 1
    if not ratio[chosen == 1].any():
        return []
    grown = cv2.dilate(chosen.reshape(FINE_SHAPE), np.ones((GROW, GROW), np.uint8))
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
            min(x + w + PAD, FINE_SHAPE[1]),
            min(y + h + PAD, FINE_SHAPE[0]),
        )
        found.append((box, float(ratio[member].sum())))
    return [box for box, _ in sorted(found, key=lambda b: -b[1])[:MOST_REGIONS]]


def _aligned_difference(
    own: np.ndarray, padded: np.ndarray, sharper: np.ndarray, gain: float
) -> np.ndarray:
    """Per pixel, the squared difference of two pictures left once the rival's
    (``padded``, :func:`_padded`) is aligned on ``own`` tile by tile (:func:`_residual`,
    with ``own``'s Laplacian ``sharper`` and the pictures' ``gain``; tiles of ``TILE``
    pixels, overlapping by half): the least over the tiles a pixel lies in."""
    least = np.full(FINE_SHAPE, np.inf, np.float32)
    step = TILE // 2
    for y in range(0, FINE_SHAPE[0] - step, step):
        for x in range(0, FINE_SHAPE[1] - step, step):
            y1, x1 = min(y + TILE, FINE_SHAPE[0]), min(x + TILE, FINE_SHAPE[1])
            around = padded[y : y1 + 2 * SLACK, x : x1 + 2 * SLACK]
            left = _residual(around, own[y:y1, x:x1], sharper[y:y1, x:x1], gain) ** 2
            np.minimum(least[y:y1, x:x1], left, out=least[y:y1, x:x1])
    return least
