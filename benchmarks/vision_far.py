"""Large photographs of a table taken from afar, read back (docs/benchmarks.md).

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/vision_far.py

A phone photograph of a whole table may show each card as a few percent of the
picture's long side. Rendered 1280×720 tables of six cards are set in the middle of a
plain mat (its colour the table's median) ``--sizes`` times as long and wide, so that
the same cards become a smaller share of the picture; each picture is read with the
design's own profile. Printed per design and size: the cards' share of the long side,
cards named right and wrong (of the fully visible ones on the table), and the median
CPU milliseconds per picture.
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2
import numpy as np

from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.reader import read_frame
from vision.scenes import SceneOptions, render_scene, seen_from_afar


def from_afar(design: str, seed: int, times: float) -> tuple[np.ndarray, set[int], int, float]:
    """The picture (:func:`seen_from_afar`), the cards on it, how many of them are fully
    visible, and their median long side as a share of the picture's."""
    scene = render_scene(DESIGNS[design], seed, SceneOptions(cards=6, hand=0.0))
    big = seen_from_afar(scene, times)
    sides = [
        float(np.linalg.norm(np.float32(c.corners) - np.roll(c.corners, 1, axis=0), axis=1).max())
        for c in scene.cards
    ]
    cards = {c.card for c in scene.cards if c.card is not None}
    visible = sum(1 for c in scene.cards if c.card is not None and c.visible >= 0.95)
    return big, cards, visible, statistics.median(sides) / max(big.shape[:2])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,paris")
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--frames", type=int, default=10)
    parser.add_argument("--sizes", default="1.5,2,2.5,3,3.5,4,5")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    for name in args.designs.split(","):
        identifier = identifier_for(name)
        for times in (float(t) for t in args.sizes.split(",")):
            right = wrong = visible = 0
            shares, ms = [], []
            for seed in range(args.seed, args.seed + args.frames):
                picture, cards, seen, share = from_afar(name, seed, times)
                start = time.process_time()
                reads = read_frame(picture, identifier).cards
                ms.append(1000 * (time.process_time() - start))
                named = [r.identification.card for r in reads if r.identification.card is not None]
                right += sum(card in cards for card in named)
                wrong += sum(card not in cards for card in named)
                visible += seen
                shares.append(share)
            height, width = picture.shape[:2]
            print(
                f"{name:12s} {width}x{height}  cards {100 * statistics.median(shares):4.1f} % "
                f"of the long side  named right {right:3d} wrong {wrong} "
                f"(of {visible} fully visible)  median {statistics.median(ms):5.0f} ms CPU"
            )


if __name__ == "__main__":
    main()
