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

REDRAWN_VERSION = 1
"""Raised whenever the redrawing changes, so that cards redrawn before are not read from
the art cache (:func:`vision.art.art_dir`)."""
INDEX_BOX = (0.25, 0.3)
"""The corner's box, as shares of the card's width and height: each French design of
the Debian packages prints its index inside it."""
INK = 60
"""How far from the paper (the largest of the three channels, 0-255) a pixel lies to
count as print."""
SPECK = 6
"""Print parts smaller than this (pixels) are the art's noise, not a letter or a sign."""
PIP_GROWTH = 0.7
"""The corner pip's height, as a share of the index's (letter and sign together)."""
NUMERAL_WIDTH = 0.5
"""The numeral's width, as a share of the grown pip's."""


def swiss_french_card(image: np.ndarray, rank: int) -> np.ndarray:
    """A BGRA card image (``vision.art.card_images``) of ``rank`` with each corner index
    redrawn as a Swiss French-suited deck prints it (module docstring). Each corner is
    brought to the top left by flips, redrawn and flipped back; a numeral drawn in a
    corner flipped once is drawn mirrored, so that it reads right once back."""
    out = image.copy()
    for flip_x, flip_y in ((False, False), (True, False), (False, True), (True, True)):
        view = out[:: -1 if flip_y else 1, :: -1 if flip_x else 1]
        corner = np.ascontiguousarray(view)
        _redraw_corner(corner, rank, mirrored=flip_x != flip_y)
        view[...] = corner
    return out


def _redraw_corner(card: np.ndarray, rank: int, mirrored: bool) -> None:
    """Redraws, in place, the index in the top-left corner box of a BGRA card image."""
    height, width = card.shape[:2]
    box_w, box_h = int(INDEX_BOX[0] * width), int(INDEX_BOX[1] * height)
    box = card[:box_h, :box_w]
    paper = _paper_colour(card)
    opaque = box[:, :, 3] > 128
    ink = opaque & (np.abs(box[:, :, :3].astype(np.int16) - paper).max(axis=2) > INK)
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
    erased = np.isin(labels, letter if rank > TEN else [*letter, sign])
    erased = cv2.dilate(np.uint8(erased), np.ones((3, 3), np.uint8)) > 0
    colour = np.median(box[labels == sign][:, :3], axis=0)
    box[erased & opaque, :3] = paper
    if rank <= TEN:
        ys, xs = np.nonzero(np.isin(labels, [*letter, sign]))
        size = PIP_GROWTH * (ys.max() - ys.min() + 1)
        at = (int(xs.min()), int(ys.min()))
        _draw_pip(box, labels == sign, at, size, colour, paper, str(rank + 6), mirrored)


def _draw_pip(
    box: np.ndarray,
    sign: np.ndarray,
    at: tuple[int, int],
    size: float,
    colour: np.ndarray,
    paper: np.ndarray,
    numeral: str,
    mirrored: bool,
) -> None:
    """Draws the suit sign ``sign`` (a mask of ``box``) ``size`` pixels tall, its top
    left corner ``at`` (where the index began; moved in as far as the box needs), with
    ``numeral`` inside it in the paper's colour (mirrored if asked)."""
    ys, xs = np.nonzero(sign)
    shape = np.float32(sign[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])
    scale = min(size / shape.shape[0], (box.shape[1] - 2) / shape.shape[1])
    tall, wide = round(shape.shape[0] * scale), round(shape.shape[1] * scale)
    shape = cv2.resize(shape, (wide, tall), interpolation=cv2.INTER_LINEAR)
    x0, y0 = min(at[0], box.shape[1] - wide), min(at[1], box.shape[0] - tall)
    pip = np.zeros((tall, wide, 3), np.float32)
    pip[:] = colour
    weight = shape[..., None]
    face = np.zeros((tall, wide), np.uint8)
    font, thickness = cv2.FONT_HERSHEY_DUPLEX, max(1, round(size / 14))
    (text_w, text_h), _ = cv2.getTextSize(numeral, font, 1.0, thickness)
    text_scale = NUMERAL_WIDTH * wide / text_w
    text_w, text_h = round(text_w * text_scale), round(text_h * text_scale)
    cy, cx = (float(v) for v in np.argwhere(shape > 0.5).mean(axis=0))
    origin = (round(cx - text_w / 2), round(cy + text_h / 2))
    cv2.putText(face, numeral, origin, font, text_scale, 255, thickness, cv2.LINE_AA)
    if mirrored:
        face = cv2.flip(face, 1)
    text = np.float32(face)[..., None] / 255 * weight
    pip = pip * (1 - text) + np.float32(paper) * text
    area = box[y0 : y0 + tall, x0 : x0 + wide, :3]
    area[...] = np.clip(area * (1 - weight) + pip * weight, 0, 255).astype(np.uint8)


def _paper_colour(card: np.ndarray) -> np.ndarray:
    """The card's paper: the median of the lightest quarter of its opaque pixels."""
    pixels = card[card[:, :, 3] > 128][:, :3].astype(np.int16)
    light = pixels.sum(axis=1)
    return np.median(pixels[light >= np.percentile(light, 75)], axis=0).astype(np.int16)
