"""The debug view: every stage of reading one frame, drawn into one image.

Top left the frame with each outline (green: named, yellow: abstained, red: card-shaped
but no card face) and its label and confidence; top right the edge map the regions come
from; below, a strip of the rectified cards as the identifier saw them, each with its
label and margin ("doubted" where the reader withheld a name because the outline,
carried on or squared, reads another card). When a frame is refused as a whole, the
reason is written across it.
"""

from __future__ import annotations

import cv2
import numpy as np

from referee.cards import card_code
from vision.reader import FrameRead

GREEN, YELLOW, RED = (60, 200, 60), (0, 220, 255), (40, 40, 230)
MIN_VIEW = (120, 400)
"""Least height and width of the drawn frame, in pixels: a strip of a picture is padded
to it."""


def draw_debug(frame: np.ndarray, read: FrameRead) -> np.ndarray:
    height, width = frame.shape[:2]
    scale = 640 / max(height, width)
    size = (max(round(width * scale), 1), max(round(height * scale), 1))
    view = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
    # A thin strip of a picture still gets room for the line that says why it was refused.
    view = cv2.copyMakeBorder(
        view,
        0,
        max(MIN_VIEW[0] - size[1], 0),
        0,
        max(MIN_VIEW[1] - size[0], 0),
        cv2.BORDER_CONSTANT,
    )
    for quad in read.rejected:
        cv2.polylines(view, [np.int32(quad * scale)], True, RED, 1)
    for index, card in enumerate(read.cards):
        ident = card.identification
        colour = GREEN if ident.card is not None else YELLOW
        pts = np.int32(card.corners * scale)
        cv2.polylines(view, [pts], True, colour, 2)
        cv2.circle(view, tuple(int(v) for v in pts[0]), 4, colour, -1)
        text = f"{index}:{_label(card.identification)} {ident.confidence:.2f}"
        at = tuple(int(v) for v in pts.mean(axis=0) - (30, 0))
        cv2.putText(view, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 3)
        cv2.putText(view, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.45, colour, 1)
    if read.problem:
        cv2.putText(
            view, f"frame refused: {read.problem}", (10, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, RED, 2
        )
    edges, light = read.stages.get("edges"), read.stages.get("light")
    edges_view = np.zeros_like(view)
    if light is not None:  # light areas in blue, under the edges in white
        edges_view[cv2.resize(light, view.shape[1::-1]) > 0] = (110, 40, 0)
    if edges is not None:
        edges_view[cv2.resize(edges, view.shape[1::-1]) > 0] = (255, 255, 255)
    top = np.hstack([view, edges_view])
    return np.vstack([top, _strip(read, top.shape[1])])


def _label(ident: object) -> str:
    card = getattr(ident, "card", None)
    guess = getattr(ident, "best_guess", None)
    return card_code(card) if card is not None else f"?({card_code(guess)})"


def _strip(read: FrameRead, width: int) -> np.ndarray:
    tile_w, tile_h = 80, 140
    per_row = max(1, width // tile_w)
    rows = max(1, -(-len(read.cards) // per_row))
    strip = np.full((rows * tile_h, width, 3), 40, np.uint8)
    for index, card in enumerate(read.cards):
        r, c = divmod(index, per_row)
        x, y = c * tile_w, r * tile_h
        tile = cv2.resize(card.rectified, (64, 96), interpolation=cv2.INTER_NEAREST)
        strip[y + 4 : y + 100, x + 8 : x + 72] = tile
        ident = card.identification
        colour = GREEN if ident.card is not None else YELLOW
        cv2.putText(
            strip,
            f"{index}:{_label(ident)}",
            (x + 4, y + 116),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.4,
            colour,
            1,
        )
        cv2.putText(
            strip,
            "doubted" if ident.doubted else f"m={ident.margin:.3f}",
            (x + 4, y + 132),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.4,
            colour,
            1,
        )
    return strip
