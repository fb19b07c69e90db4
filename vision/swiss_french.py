"""A French design's cards as a Swiss French-suited Jass deck prints them.

Swiss French-suited Jass decks print no rank letter on aces and faces, only a small suit
sign in the corners, and put the numeral of a number card inside its corner pip
(``../shared/DESIGN.md``). No Debian package holds such a deck, and the reader must not
depend on corner indices alone: so a French design's art is redrawn that way, corner by
corner, and read (with the built-in profiles, then enrolled) as any other design.

In each corner the index is the print that lies wholly inside the corner's box
(``INDEX_BOX``) clear of its inner sides: a rank letter (one or two parts) above a small
suit sign. Print reaching the box's inner sides (a face picture's frame, a big pip, a
drawn border) is not the index and is left as it is. The letter is painted over with the
paper; a number card's sign is drawn larger where the index stood (``PIP_GROWTH``), its
numeral inside in the paper's colour.
"""

from __future__ import annotations

import cv2
import numpy as np

from referee.cards import TEN
from vision.shading import paper_tints

REDRAWN_VERSION = 2
"""Raised whenever the redrawing changes, so that cards redrawn before are not read from
the art cache (:func:`vision.art.art_dir`)."""
INDEX_BOX = (0.25, 0.3)
"""The corner's box, as shares of the card's width and height: anglo's and
kde-dondorf's indices lie inside it (paris's sign reaches past a fifth of the width). A
corner where no letter lies above a sign inside it is left as it is; the tests read
every corner of both designs redrawn."""
INK = 60
"""How far from the paper (the largest of the three channels, 0-255) a pixel lies to
count as print."""
SPECK = 6
"""Print parts smaller than this (pixels) are the art's noise, not a letter or a sign."""
PIP_GROWTH = 0.7
"""The corner pip's height, as a share of the index's (letter and sign together)."""
SHRINK = 0.9
"""Step by which a pip that would touch other print is drawn smaller (``CLEAR``)."""
CLEAR = 2
"""Pixels the grown pip keeps from print it does not replace (big pips, a frame): the
sign is drawn smaller, ``SHRINK`` at a time, down to its size before, until it does."""
NUMERAL_FILL = 0.95
"""The numeral's diagonal, as a share of the diameter of the largest circle inside the
pip: a numeral inside the sign, none of it cut off by the sign's edge."""
MIDDLE = 0.15
"""How far from the pip's middle line (a share of its width) the numeral may be centred."""
_GROW = np.ones((3, 3), np.uint8)
"""Grows a mask by a pixel each way: anti-aliased edges of print erased or kept clear."""


def swiss_french_card(image: np.ndarray, rank: int) -> np.ndarray:
    """A BGRA card image (``vision.art.card_images``) of ``rank`` with each corner index
    redrawn as a Swiss French-suited deck prints it (module docstring). Each corner is
    brought to the top left by flips, redrawn and flipped back; a numeral drawn in a
    corner flipped once is drawn mirrored, so that it reads right once back."""
    out = image.copy()
    paper = paper_colour(image)
    for flip_x, flip_y in ((False, False), (True, False), (False, True), (True, True)):
        view = out[:: -1 if flip_y else 1, :: -1 if flip_x else 1]
        corner = np.ascontiguousarray(view)
        _redraw_corner(corner, rank, paper, mirrored=flip_x != flip_y)
        view[...] = corner
    return out


def paper_colour(card: np.ndarray) -> np.ndarray:
    """The paper of a BGRA card image: the mean colour of its brightest opaque pixels
    (:func:`vision.shading.paper_tints`)."""
    pixels = card[card[:, :, 3] > 128][:, :3].astype(np.float32)
    return paper_tints(pixels[None])[0]


def _redraw_corner(card: np.ndarray, rank: int, paper: np.ndarray, mirrored: bool) -> None:
    """Redraws, in place, the index in the top-left corner box of a BGRA card image
    whose paper is ``paper``."""
    height, width = card.shape[:2]
    box_w, box_h = int(INDEX_BOX[0] * width), int(INDEX_BOX[1] * height)
    box = card[:box_h, :box_w]
    opaque = box[:, :, 3] > 128
    distance = np.abs(box[:, :, :3].astype(np.float32) - paper).max(axis=2)
    ink = opaque & (distance > INK)
    count, labels, stats, centres = cv2.connectedComponentsWithStats(np.uint8(ink), connectivity=8)
    left, top, wide, tall, area = (stats[:, i] for i in range(5))
    parts = [
        k
        for k in range(1, count)
        if area[k] >= SPECK and left[k] + wide[k] < box_w - 1 and top[k] + tall[k] < box_h - 1
    ]
    if len(parts) < 2:
        return  # no letter above a sign: a corner without an index
    sign = max(parts, key=lambda k: centres[k][1])
    letter = [k for k in parts if k != sign and centres[k][1] < top[sign]]
    if not letter:
        return
    if rank > TEN:  # an ace or a face keeps its small sign alone
        box[(cv2.dilate(np.uint8(np.isin(labels, letter)), _GROW) > 0) & opaque, :3] = paper
        return
    index = np.isin(labels, [*letter, sign])
    colour = np.median(box[labels == sign][:, :3], axis=0)
    strength = np.clip(distance / max(float(distance[labels == sign].max()), 1.0), 0, 1)
    grown_sign = cv2.dilate(np.uint8(labels == sign), _GROW) > 0
    soft_sign = np.where(grown_sign, strength, 0).astype(np.float32)
    box[(cv2.dilate(np.uint8(index), _GROW) > 0) & opaque, :3] = paper
    keep_clear = cv2.dilate(np.uint8(ink & ~index), _GROW, iterations=CLEAR) > 0
    ys, xs = np.nonzero(index)
    size = PIP_GROWTH * (ys.max() - ys.min() + 1)
    while True:
        pip, least = _grown(soft_sign, size, box.shape[1] - 2)
        x0, y0 = min(int(xs.min()), box_w - pip.shape[1]), min(int(ys.min()), box_h - pip.shape[0])
        place = (slice(y0, y0 + pip.shape[0]), slice(x0, x0 + pip.shape[1]))
        if least or not (keep_clear[place] & (pip > 0.1)).any():
            _paint(box[place], pip, colour, paper, str(rank + 6), mirrored)
            return
        size *= SHRINK


def _grown(sign: np.ndarray, size: float, widest: int) -> tuple[np.ndarray, bool]:
    """The soft mask ``sign`` (0-1, where the sign's print is) cut to its extent and
    scaled to ``size`` pixels tall (and at most ``widest`` wide), but never smaller than
    it was; and whether it is drawn at that least size (no room to grow it)."""
    ys, xs = np.nonzero(sign > 0.5)
    shape = sign[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    scale = min(size / shape.shape[0], widest / shape.shape[1])
    if scale <= 1.0:
        return shape, True
    tall, wide = round(shape.shape[0] * scale), round(shape.shape[1] * scale)
    grown = cv2.resize(shape, (wide, tall), interpolation=cv2.INTER_CUBIC)
    return np.clip(grown, 0, 1), False


def _paint(
    area: np.ndarray,
    pip: np.ndarray,
    colour: np.ndarray,
    paper: np.ndarray,
    numeral: str,
    mirrored: bool,
) -> None:
    """Paints the soft mask ``pip`` in ``colour`` over ``area`` (BGRA), ``numeral``
    inside it in the paper's colour (mirrored if asked), centred on the pip's deepest
    point and sized to the largest circle inside it, as a printed index is."""
    inside = cv2.distanceTransform(np.uint8(pip > 0.5), cv2.DIST_L2, 5)
    middle = abs(np.arange(pip.shape[1]) - (pip.shape[1] - 1) / 2) > MIDDLE * pip.shape[1]
    inside[:, middle] = 0  # a club's side leaves are as deep as its top one
    radius = float(inside.max())
    cy, cx = np.unravel_index(int(np.argmax(inside)), inside.shape)
    font, thickness = cv2.FONT_HERSHEY_DUPLEX, max(1, round(radius / 6))
    (text_w, text_h), _ = cv2.getTextSize(numeral, font, 1.0, thickness)
    text_scale = NUMERAL_FILL * 2 * radius / float(np.hypot(text_w, text_h))
    text_w, text_h = round(text_w * text_scale), round(text_h * text_scale)
    text = np.zeros(pip.shape, np.uint8)
    origin = (round(cx - text_w / 2), round(cy + text_h / 2))
    cv2.putText(text, numeral, origin, font, text_scale, 255, thickness, cv2.LINE_AA)
    if mirrored:
        text = cv2.flip(text, 1)
    weight = pip[..., None]
    lit = np.float32(text)[..., None] / 255 * weight
    printed = np.float32(colour) * (1 - lit) + np.float32(paper) * lit
    blended = area[:, :, :3] * (1 - weight) + printed * weight
    area[:, :, :3] = np.clip(blended, 0, 255).astype(np.uint8)
