"""Deck profiles: what each of the 36 cards of one deck looks like, as descriptors.

A descriptor is made from a rectified card (see :mod:`vision.geometry`) and compares
with a dot product. It holds the whole card, not the corner index, because Swiss decks
print no rank letter on aces and faces: pip layout, face picture and colours all count.

- brightness: 32×48 grey values with a fitted plane removed, so that a light gradient
  across the card does not look like content, then zero mean and unit length;
- colour: the Lab a/b channels at 16×24 of the card white-balanced on its paper (room
  light tints a card's paper), mean removed, scaled by a floor so that a
  black-and-white card does not amplify its noise.

A profile is stored as a ``.npz`` (design name, style, card per row, descriptor rows),
both for the built-in designs (cached, rebuilt from the art) and for enrolled decks.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from vision.art import ART_VERSION, Design, art_dir, cache_dir, card_images, stray_images
from vision.files import write_npz
from vision.geometry import RECT_H, RECT_W, rectify, warp_target
from vision.shading import evenly_lit, paper, paper_tints, white_balanced

GREY_SIZE = (32, 48)
COLOUR_SIZE = (16, 24)
GREY_WEIGHT, COLOUR_WEIGHT = 0.85, 0.5
COLOUR_FLOOR = 60.0
"""Chroma length (Lab units summed over 16×24 pixels) below which a card counts as
colourless; keeps the noise of a black spade card from voting."""
ENROLLED_COLOUR_FLOOR = 150.0
"""``COLOUR_FLOOR`` for a template cut from a camera view (an enrolled deck's): every
later view of the card is compared with it, so it must not carry the camera's colour
noise at full weight. In the views the guide kept of paris, berlin, bellot, tango and
anglo, black number cards and aces had a chroma length of 8–130 (median 21), noise
uncorrelated between the views of one card, and red ones 170–710 (made templates,
:func:`as_template`: 8–127, median 18–22, and 178–721); at ``COLOUR_FLOOR``
a tenth of those black templates had a colour part three quarters as long as a red
card's or more, and black cards read against them were left unnamed for the red card
of the same rank (docs/benchmarks.md). A red card seen with less chroma than this (a
pale print, dim light) keeps its colour's direction, shorter in proportion. Printed
art has no such noise, and its templates keep ``COLOUR_FLOOR``: some designs print
their black cards with a little real colour (chroma 40–65)."""
INSET = 3
"""Pixels trimmed from each side of the rectified card: the border and rounded corners,
where the table shows through and the outline fit is least sure."""
FINE_BLUR = 1.0
"""Gaussian sigma (pixels of the rectified card) smoothing the fine descriptor, so that
an outline a pixel off does not read as a different pip shape."""
PROFILE_VERSION = 10
"""Version 2 added the fine rows, version 3 whether the templates are printed art,
version 4 white-balanced colour, version 5 the red suit signs' skew
(:func:`red_signs`), version 6 the colour of templates cut from camera views counted
from ``ENROLLED_COLOUR_FLOOR``, version 7 those templates white-balanced and their
shade lifted (:func:`as_template`), version 8 the redness of each template's print
(:func:`print_redness`), version 9 that redness against the paper nearby, version 10
the fine rows of the deck's cards that are no Jass card (``strays``); an older profile
(an earlier enrollment: camera views) still reads, with what it holds."""

FINE_SHAPE = (RECT_H - 2 * INSET, RECT_W - 2 * INSET)
"""Rows and columns of the picture a fine descriptor is made from (:func:`fine_view`)."""
FINE_SIZE = FINE_SHAPE[0] * FINE_SHAPE[1]
"""Length of the fine descriptor."""

_ys, _xs = np.mgrid[0 : GREY_SIZE[1], 0 : GREY_SIZE[0]].astype(np.float32)
_PLANE = np.stack([_xs.ravel(), _ys.ravel(), np.ones(_xs.size, np.float32)], axis=1)
_PLANE_FIT = np.linalg.pinv(_PLANE)
_fy, _fx = np.mgrid[0 : RECT_H - 2 * INSET, 0 : RECT_W - 2 * INSET].astype(np.float32)
_INSIDE_ROWS = np.arange(RECT_H - 2 * INSET)[:, None]
"""Row of each pixel of a rectified card's inside (:func:`red_signs`)."""
_ROW_POWERS = np.arange(RECT_H - 2 * INSET, dtype=np.float64)[:, None] ** np.arange(4)
"""Powers 0–3 of each row: a pip's red summed per row, times these, gives its moments."""
_FINE_X = (_fx - _fx.mean()) / np.linalg.norm(_fx - _fx.mean())
_FINE_Y = (_fy - _fy.mean()) / np.linalg.norm(_fy - _fy.mean())


def _corner_weights(width: int, height: int) -> np.ndarray:
    """How much each pixel of a ``width``×``height`` picture of the card's inside moves
    when one corner of the outline moves (bilinear: 1 at that corner, 0 at the others),
    one row per corner in the outline's order."""
    x = (np.arange(width, dtype=np.float32) + 0.5) / width
    y = (np.arange(height, dtype=np.float32) + 0.5) / height
    gx, gy = np.meshgrid(x, y)
    return np.stack([(1 - gx) * (1 - gy), gx * (1 - gy), gx * gy, (1 - gx) * gy]).reshape(4, -1)


def _outline_fields(step: float = 0.25) -> np.ndarray:
    """How each pixel of the card's inside moves (x, then y) per pixel one corner of the
    whole card's outline moves, in pixels of the rectified card, under the perspective
    map :func:`vision.geometry.rectify` warps with: one field per corner and direction,
    x of the four corners first (central differences; the map is smooth)."""
    corners = (warp_target((RECT_W, RECT_H)) - 0.5) / 2  # whole card, rectified pixels
    ys, xs = np.mgrid[INSET : RECT_H - INSET, INSET : RECT_W - INSET].astype(np.float32)
    pixels = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
    fields = []
    for axis in (0, 1):
        for k in range(4):
            ends = []
            for sign in (1.0, -1.0):
                moved = corners.copy()
                moved[k, axis] += sign * step
                warp = cv2.getPerspectiveTransform(corners, moved)
                ends.append(cv2.perspectiveTransform(pixels, warp).reshape(-1, 2))
            fields.append(((ends[0] - ends[1]) / (2 * step)).T)
    return np.float32(fields)


_FINE_CORNERS = _corner_weights(RECT_W - 2 * INSET, RECT_H - 2 * INSET)
_OUTLINE_FIELDS = _outline_fields()
_FINE_REMOVED = np.stack(
    [np.full(FINE_SIZE, FINE_SIZE**-0.5, np.float32), _FINE_X.ravel(), _FINE_Y.ravel()]
)
"""Orthonormal rows spanning what the fine descriptor removes (mean and two ramps)."""


@dataclass(frozen=True)
class View:
    """A rectified card's descriptors, and what :func:`view_moves` needs."""

    descriptor: np.ndarray  # describe(card, COLOUR_FLOOR)
    fine: np.ndarray  # describe_fine()
    fine_grey: np.ndarray  # the blurred grey picture the fine descriptor is made from
    fine_scale: float  # the factor that scaled it to unit length

    @cached_property
    def moves(self) -> tuple[np.ndarray, np.ndarray]:
        """:func:`view_moves` of this view, made once: the judgement and each check
        after it (:meth:`vision.identify.Identifier._overruled`, ``_stray``) move the
        same view."""
        return view_moves(self)


def describe(card_bgr: np.ndarray, colour_floor: float) -> np.ndarray:
    """The descriptor of one rectified card (``RECT_W``×``RECT_H`` BGR), its colour
    part counted from ``colour_floor`` (:func:`_colour_parts`)."""
    return coarse_views([card_bgr], colour_floor)[0][0]


def describe_fine(card_bgr: np.ndarray) -> np.ndarray:
    """The card's grey picture at the rectified resolution (plane removed, unit
    length): what tells a club from a spade, a heart from a diamond, where a design
    draws them in one colour and small. Only compared between a few candidates."""
    inner = card_bgr[INSET : RECT_H - INSET, INSET : RECT_W - INSET]
    return _fine_part(_fine_grey(cv2.cvtColor(inner, cv2.COLOR_BGR2GRAY)))[0]


def describe_view(card_bgr: np.ndarray) -> View:
    """Both descriptors of a rectified card, from one grey conversion."""
    descriptors, greys = coarse_views([card_bgr])
    return fine_view(descriptors[0], greys[0])


def coarse_views(
    cards: Sequence[np.ndarray], colour_floor: float = COLOUR_FLOOR
) -> tuple[np.ndarray, np.ndarray]:
    """The descriptors (rows) of rectified cards, and the grey picture of each card's
    inside, for :func:`fine_view`.

    The cards are described together, their insides stacked into one tall picture:
    each conversion and shrinking is one OpenCV call for all of them (a call on a
    picture this small costs more in overhead than in arithmetic), with the same values
    as card by card (the shrinking's cells tile each card exactly). The fine
    descriptor is left to :func:`fine_view`: most outlines read are no card face (a
    strip of table), which the coarse descriptor alone rules out."""
    inners = np.stack([c[INSET : RECT_H - INSET, INSET : RECT_W - INSET] for c in cards])
    count, height, width = inners.shape[:3]
    tall = inners.reshape(count * height, width, 3)
    greys = cv2.cvtColor(tall, cv2.COLOR_BGR2GRAY)
    small = _small_grey(greys, count).reshape(count, -1)
    coarse = np.stack([_grey_part(row) for row in small])
    colour = _colour_parts(tall, count, colour_floor)
    return np.concatenate([coarse, colour], axis=1), greys.reshape(count, height, width)


def fine_view(descriptor: np.ndarray, grey: np.ndarray) -> View:
    """The :class:`View` of a card of ``descriptor`` (:func:`coarse_views`), its fine
    descriptor made from the ``grey`` picture of its inside."""
    fine_grey = _fine_grey(grey)
    fine, scale = _fine_part(fine_grey)
    return View(descriptor, fine, fine_grey, scale)


def view_moves(view: View, perspective: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """How a view's fine descriptor changes as the card's outline's corners move and
    as its focus changes (rows), and the rows' inner products.

    The rows are x and y of each of the four corners (the view moves with that
    corner, bilinearly over the card's inside), per pixel of the rectified card, then a
    blur (half the Laplacian: the change per pixel² of added variance). An outline a
    pixel or two off, a print set a little off centre on the card, a lens not quite
    focused: each moves the view along these rows, and none says which card it is.
    They are tangents (linear): true for moves of about the blur's width.

    With ``perspective``, each corner row is the motion the perspective warp gives the
    card's inside when that corner of the whole card's outline moves: the rows to read
    how far the outline itself is off (:meth:`vision.identify.Identifier.outline_moves`);
    the bilinear ones span nearly the same moves, and are the ones reads are judged by.

    The rows hold the change before the descriptor's mean and ramps are taken out: a
    difference of two fine descriptors has none of those, so its inner product with
    a row is the same; the inner products returned are those with them taken out.
    """
    h = 0.5 * view.fine_scale
    dx = cv2.Sobel(view.fine_grey, cv2.CV_32F, 1, 0, ksize=1, scale=h).ravel()
    dy = cv2.Sobel(view.fine_grey, cv2.CV_32F, 0, 1, ksize=1, scale=h).ravel()
    rows = np.empty((9, FINE_SIZE), np.float32)
    if perspective:
        rows[:8] = _OUTLINE_FIELDS[:, 0] * dx + _OUTLINE_FIELDS[:, 1] * dy
    else:
        np.multiply(_FINE_CORNERS, dx, out=rows[:4])
        np.multiply(_FINE_CORNERS, dy, out=rows[4:8])
    rows[8] = cv2.Laplacian(view.fine_grey, cv2.CV_32F, scale=h).ravel()
    along = rows @ _FINE_REMOVED.T
    gram = rows @ rows.copy().T - along @ along.T  # a copy: numpy's own A @ A.T is slower
    return rows, gram


def unexplained(view: View, template: np.ndarray) -> np.ndarray:
    """Per pixel of a view's fine picture, the square of what is left of its
    difference from a fine ``template`` once the view is moved as far as brings it
    closest (least squares along :func:`view_moves`' rows: its outline's corners, its
    focus): where the view shows something the template does not print.

    An outline a pixel off or a blur leaves little here; another card's print lying
    over the view, or the table seen past a corner, leaves its whole difference."""
    rows, _ = view.moves
    rows = rows.astype(np.float64)
    rows -= (rows @ _FINE_REMOVED.T) @ _FINE_REMOVED
    difference = (template - view.fine).astype(np.float64)
    moves = np.linalg.lstsq(rows.T, difference, rcond=None)[0]
    left = difference - moves @ rows
    return (left * left).reshape(view.fine_grey.shape)


def _small_grey(greys: np.ndarray, count: int) -> np.ndarray:
    """``count`` cards' insides stacked in one grey picture, each shrunk to
    ``GREY_SIZE`` (stacked alike), as float."""
    size = (GREY_SIZE[0], GREY_SIZE[1] * count)
    return cv2.resize(greys, size, interpolation=cv2.INTER_AREA).astype(np.float32)


def _fine_grey(grey: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(grey, (0, 0), FINE_BLUR).astype(np.float32)


def _grey_part(small: np.ndarray) -> np.ndarray:
    """The descriptor's grey part: plane removed, scaled to ``GREY_WEIGHT``."""
    g = small.ravel()
    g -= _PLANE @ (_PLANE_FIT @ g)
    return g * (GREY_WEIGHT / max(float(np.linalg.norm(g)), 1e-3))


def _colour_parts(insides: np.ndarray, count: int, floor: float) -> np.ndarray:
    """The descriptors' colour parts (rows) of ``count`` cards' insides stacked in one
    BGR picture: chroma (Lab a, b) at ``COLOUR_SIZE``, mean removed, of each card
    white-balanced on its paper (:func:`_balanced`), scaled to ``COLOUR_WEIGHT`` or,
    below a chroma length of ``floor``, less in proportion."""
    size = (COLOUR_SIZE[0], COLOUR_SIZE[1] * count)
    small = _balanced(cv2.resize(insides, size, interpolation=cv2.INTER_AREA), count)
    # Lab from float (a, b in the same units as 8-bit Lab's, without its +128): the
    # 8-bit conversion costs thirty times as much on an image this small.
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)
    ab = lab[:, :, 1:].reshape(count, -1, 2)
    ab -= ab.mean(axis=1, keepdims=True)
    colour = ab.reshape(count, -1)
    for c in colour:
        c *= COLOUR_WEIGHT / max(float(np.linalg.norm(c)), floor)
    return colour


def _balanced(small: np.ndarray, count: int) -> np.ndarray:
    """``count`` small BGR cards stacked in one picture, as float (0–1), each channel of
    each card scaled so that its paper (the mean of its brightest
    :data:`vision.shading.PAPER_SHARE` of pixels) is grey.

    Room light tints a card's paper — warm lamps yellow, a window blue, a glare spot
    white — and a tinted paper round black pips is a pattern of chroma shaped like
    the pips: without balance a spade read under one lamp matched a club enrolled
    under a like lamp better than the spade enrolled under another (rendered
    enrollments of tango, 6 of its 7 wrong reads on seeds 2000–2049). Balanced, a
    black card has next to no chroma and a red one keeps its red.
    """
    pixels = small.reshape(count, -1, 3).astype(np.float32)
    tints = paper_tints(pixels)
    pixels *= tints.mean(axis=1)[:, None, None] / (255.0 * np.maximum(tints, 1.0))[:, None]
    return np.minimum(pixels, 1.0).reshape(small.shape)


def _fine_part(fine_grey: np.ndarray) -> tuple[np.ndarray, float]:
    """The fine descriptor, and the factor that scaled it to unit length."""
    g = fine_grey - fine_grey.mean()
    g -= _FINE_X * float((g * _FINE_X).sum()) + _FINE_Y * float((g * _FINE_Y).sum())
    scale = 1.0 / max(float(np.linalg.norm(g)), 1e-3)
    return (g * scale).ravel(), scale


RED_STEP = 20
"""How much redder than the card's paper (8-bit Lab *a*) a pixel of red print is."""
PIP_AREA = (20, 300)
"""Pixels of the 58×90 inside of a rectified card a number card's pip covers: smaller
is an index letter or noise, larger an ace's sign, a face picture's red, or pips the
blur runs together (plastic's 10 of hearts)."""
PRINT_DARK = 0.35
"""A pixel of a card is print where its green is under this share of its paper's: red
ink and black ink both take up green light, and paper under any lamp reflects it. At
0.6 an enrolled anglo_modern HA half in a shadow had its shaded paper taken for black
print (seed 6410 of the scenes ``benchmarks/vision_digest.py`` reads)."""
PAPER_NEAR = 15
"""Side (pixels of the 58×90 inside of a rectified card) of the window whose lightest
pixel is the paper a pixel of :func:`print_redness` is measured against: wider than a
pip, so that a pip's middle has paper within it."""
PRINT_LEAST = 40
"""Pixels of print (``PRINT_DARK``) a card's inside must hold for :func:`print_redness`
to say anything: a number card or an ace has hundreds."""


class RedSigns(NamedTuple):
    """What a rectified card shows of red suit signs (:func:`red_signs`)."""

    skew: float  # median over whole pips; NaN when none is whole
    ink: int  # pixels of red print lying wholly inside the card


def red_signs(card_bgr: np.ndarray) -> RedSigns:
    """The red print of a rectified card (``RECT_W``×``RECT_H`` BGR): how much of it
    lies wholly inside the card (a neighbour's red corner seen past the edge does not
    count), and the median, over its whole pips, of the skewness of each pip's red
    along the card's long axis, unsigned (a heart upside down is as lopsided).

    Why: the identifier names the card whose template fits a view best, and a deck
    not among the profiles (a club's own deck before it is enrolled) is matched
    against other designs. Where its artist drew fat, straight-sided diamonds the
    nearest template can be another design's heart: tango, read with the other 24
    built-in profiles as if unseen, had its 9 and 6 of diamonds named as the
    ornamental design's hearts; lattmann's 7 of spades, so read, was once named the
    rheinland design's 7 of diamonds, its pips laid out alike. Two things hold
    whoever drew the deck: a red card's pips are printed in red, and a heart is
    heavier at its lobes than at its point where a diamond is the same at both ends.
    On rendered scenes the skew is 0.22–0.47 for hearts and 0.0–0.10 for diamonds in
    all but two French designs of gnome-cards-data and kdegames-card-data
    (tango_nuevo and kde-ancient-egyptians draw theirs otherwise); the identifier
    checks both where the design a card was read as keeps to them
    (:class:`vision.identify.Identifier`, ``SKEW_SPLIT``).

    Each pip's pixels are weighted by how red they are, so a blurred edge counts by
    how much of the pip it holds rather than by where a threshold cuts it."""
    inner = card_bgr[INSET : RECT_H - INSET, INSET : RECT_W - INSET]
    lab = cv2.cvtColor(inner.astype(np.float32) * (1 / 255), cv2.COLOR_BGR2LAB)  # see _colour_part
    redness = lab[:, :, 1]
    redness -= float(redness.ravel()[paper(lab[:, :, 0].ravel())].mean())
    mask = (redness > RED_STEP).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    x, y, w, h, area = stats[1:].T
    height, width = mask.shape
    inside = (area >= PIP_AREA[0]) & (x > 0) & (y > 0) & (x + w < width) & (y + h < height)
    pips = 1 + np.flatnonzero(inside & (area <= PIP_AREA[1]) & (h >= 5) & (w >= 4))
    ink = int(area[inside].sum())
    if not len(pips):
        return RedSigns(float("nan"), ink)
    keys = (labels * height + _INSIDE_ROWS).ravel()  # each pip's red summed per row
    table = np.bincount(keys, redness.ravel(), count * height).reshape(count, height)
    sums = table[pips] @ _ROW_POWERS
    centre = sums[:, 1] / sums[:, 0]
    spread = sums[:, 2] / sums[:, 0] - centre**2
    third = sums[:, 3] / sums[:, 0] - 3 * centre * sums[:, 2] / sums[:, 0] + 2 * centre**3
    skews = np.abs(third) / np.maximum(spread, 1e-6) ** 1.5
    return RedSigns(statistics.median(skews.tolist()), ink)


def print_redness(card_bgr: np.ndarray) -> float:
    """How red a rectified card's print is (``RECT_W``×``RECT_H`` BGR): over its
    pixels of print (``PRINT_DARK``), the median of red less green, each channel taken
    as a share of the paper nearby (its lightest within ``PAPER_NEAR``, lightly
    smoothed); NaN under ``PRINT_LEAST`` of them.
    Red ink keeps most of the paper's red, black ink takes up red as much as green
    (:data:`vision.identify.RED_PRINT_LEAST` has the figures). Only the print's core
    counts: where the paper's red clips, a pixel half ink and half paper does not,
    and its red taken as a share of the clipped paper's reads as red ink's. Paper in
    a shadow is measured against the shaded paper round it, not against the lit part
    of the card: against the card's brightest paper, shade keeping under about
    0.35–0.4 of the light counted as black print (an adversarial review: 246 of 288
    camera views of red cards under a soft shadow's edge keeping 0.3 measured under
    ``RED_PRINT_LEAST``, 11 against the paper nearby). Within ``PAPER_NEAR`` of a
    sharp shadow's edge the lit paper still counts.

    Why not the chroma the descriptors and :func:`red_signs` measure: where a lamp is
    warm enough for the camera to clip the paper's red channel (and no other), a white
    balance on the clipped paper leaves every darker pixel redder than it is, and black
    pips take on a red tinge. Rendered scenes under such a lamp (blue ×0.45, red ×1.3,
    clipped; ``benchmarks/vision_lamp.py``) had tango, berlin, simplistic, orell,
    atlasnye and tango_nuevo read black number cards as diamonds (a C8 as the D8, an S7
    as the D7); measured as shares of the paper's own channels, their print stayed
    plainly black, up to red ×1.6.
    """
    inner = card_bgr[INSET : RECT_H - INSET, INSET : RECT_W - INSET]
    near = np.ones((PAPER_NEAR, PAPER_NEAR), np.uint8)
    _, green_paper, red_paper = cv2.split(cv2.dilate(cv2.blur(inner, (3, 3)), near))
    _, green, red = cv2.split(inner)
    greens = cv2.divide(green, np.maximum(green_paper, 1), dtype=cv2.CV_32F)
    ink = greens < PRINT_DARK
    if int(np.count_nonzero(ink)) < PRINT_LEAST:
        return float("nan")
    reds = cv2.divide(red, np.maximum(red_paper, 1), dtype=cv2.CV_32F)
    return float(np.median(reds[ink] - greens[ink]))


def describe_turns(card_bgr: np.ndarray, colour_floor: float) -> np.ndarray:
    """Descriptors of a card upright and turned half round (2 rows), as templates
    whose colour is counted from ``colour_floor``."""
    turned = cv2.rotate(card_bgr, cv2.ROTATE_180)
    return np.stack([describe(card_bgr, colour_floor), describe(turned, colour_floor)])


def describe_fine_turns(card_bgr: np.ndarray) -> np.ndarray:
    """Fine descriptors of a card upright and turned half round (2 rows)."""
    turned = cv2.rotate(card_bgr, cv2.ROTATE_180)
    return np.stack([describe_fine(card_bgr), describe_fine(turned)])


def flatten_art(image: np.ndarray, background: float = 128.0) -> np.ndarray:
    """An RGBA card render on a neutral grey, as BGR: where the render is transparent
    (rounded corners) a real table shows something, and grey is the least biased guess."""
    if image.shape[2] == 3:
        return image
    alpha = image[:, :, 3:4].astype(np.float32) / 255.0
    return (image[:, :, :3] * alpha + background * (1.0 - alpha)).astype(np.uint8)


def art_rectified(image: np.ndarray) -> np.ndarray:
    """A card render rectified exactly as the reader rectifies a card on the table."""
    h, w = image.shape[:2]
    corners = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    return rectify(flatten_art(image), corners)


def as_template(view: np.ndarray) -> np.ndarray:
    """A rectified camera view as an enrolled template: white-balanced on its paper
    (:func:`vision.shading.white_balanced`), then its shade lifted
    (:func:`vision.shading.evenly_lit`); its colour is counted from
    ``ENROLLED_COLOUR_FLOOR``.

    Every later view of the card is compared with the template, so the template must
    be of the card, not of the lamp: a card enrolled half in a shadow otherwise fits
    that shadow (rendered enrollments of berlin, two views per card, both of the ace
    of clubs shaded, had well-lit aces of clubs named the ace of spades in 5 of 30
    scenes). The balance comes first because the lifting takes only nearly grey
    pixels for paper: under a tinted lamp it otherwise lifted parts of face pictures
    (docs/benchmarks.md)."""
    return evenly_lit(white_balanced(view))


@dataclass
class DeckProfile:
    """One deck: ``cards[i]`` is the card whose descriptor is ``descriptors[i]``."""

    name: str
    style: str
    cards: np.ndarray  # int, one per row
    descriptors: np.ndarray  # float32, rows
    fine: np.ndarray | None = None  # float32, one fine row per descriptor row
    from_art: bool = False  # templates cut from printed art, not camera views (enrolled)
    skews: np.ndarray | None = None  # red_signs(view).skew of each row (NaN: none)
    rednesses: np.ndarray | None = None  # print_redness(view) of each row (NaN: no print)
    # fine rows (upright, turned) of the deck's cards that are no Jass card: never named
    strays: np.ndarray | None = None

    @classmethod
    def from_rectified(
        cls,
        name: str,
        style: str,
        cards: dict[int, list[np.ndarray]],
        from_art: bool = False,
        strays: Sequence[list[np.ndarray]] = (),
    ) -> DeckProfile:
        """A profile from rectified views of each card (enrollment gives one or more);
        ``from_art`` when they are printed art rather than camera views. ``strays`` holds
        views of each card of the deck that is no Jass card (a two to five, a joker),
        kept as fine rows only: cards never to be named.

        A camera view is a template of the card only once the light it lay under is
        taken out of it (:func:`as_template`)."""
        floor = COLOUR_FLOOR if from_art else ENROLLED_COLOUR_FLOOR
        left_out = [
            describe_fine_turns(view if from_art else as_template(view))
            for shown in strays
            for view in shown
        ]
        rows, fine, labels, skews, rednesses = [], [], [], [], []
        for c, shown in sorted(cards.items()):
            for view in shown if from_art else map(as_template, shown):
                rows.append(describe_turns(view, floor))
                fine.append(describe_fine_turns(view))
                labels += [c, c]
                skews += [red_signs(view).skew] * 2
                rednesses += [print_redness(view)] * 2
        return cls(
            name,
            style,
            np.array(labels),
            np.concatenate(rows).astype(np.float32),
            np.concatenate(fine).astype(np.float32),
            from_art,
            np.array(skews, np.float32),
            np.array(rednesses, np.float32),
            np.concatenate(left_out).astype(np.float32) if left_out else None,
        )

    @classmethod
    def from_design(cls, design: Design) -> DeckProfile:
        """The profile of a built-in design, cached (per profile and art version, and
        as its art is cached: :func:`vision.art.art_dir`) in the cache's ``profiles``
        folder."""
        name = f"{art_dir(design).name}-v{PROFILE_VERSION}-art{ART_VERSION}.npz"
        path = cache_dir() / "profiles" / name
        if path.exists():
            return cls.load(path)
        images = card_images(design)
        views = {c: [art_rectified(im)] for c, im in images.items()}
        strays = [[art_rectified(im)] for im in stray_images(design).values()]
        profile = cls.from_rectified(design.name, design.style, views, True, strays)
        profile.save(path)
        return profile

    def save(self, path: Path) -> None:
        write_npz(
            path,
            version=PROFILE_VERSION,
            name=self.name,
            style=self.style,
            cards=self.cards,
            descriptors=self.descriptors,
            from_art=self.from_art,
            **({} if self.fine is None else {"fine": self.fine}),
            **({} if self.skews is None else {"skews": self.skews}),
            **({} if self.rednesses is None else {"rednesses": self.rednesses}),
            **({} if self.strays is None else {"strays": self.strays}),
        )

    @classmethod
    def load(cls, path: Path) -> DeckProfile:
        """Reads a profile; ``ValueError`` with the reason when it is not one."""
        try:
            with np.load(path, allow_pickle=False) as data:
                if int(data["version"]) not in range(1, PROFILE_VERSION + 1):
                    raise ValueError(
                        f"profile version {int(data['version'])}, not {PROFILE_VERSION}"
                    )
                return cls(
                    str(data["name"]),
                    str(data["style"]),
                    data["cards"].astype(int),
                    data["descriptors"].astype(np.float32),
                    data["fine"].astype(np.float32) if "fine" in data.files else None,
                    bool(data["from_art"]) if "from_art" in data.files else False,
                    data["skews"].astype(np.float32) if "skews" in data.files else None,
                    data["rednesses"].astype(np.float32) if "rednesses" in data.files else None,
                    data["strays"].astype(np.float32) if "strays" in data.files else None,
                )
        except (OSError, KeyError, EOFError) as error:
            raise ValueError(f"not a deck profile ({error})") from None
