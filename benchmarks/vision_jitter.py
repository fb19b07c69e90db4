"""How the reader's names hold when every view is cut from an outline a little off
(docs/benchmarks.md, "Outline noise").

    OPENBLAS_NUM_THREADS=1 taskset -c 0 .venv/bin/python benchmarks/vision_jitter.py \\
        --designs tango,paris --frames 100 --seed 2000 --reach 0,2,4

The reader refines each outline to the card's edge before it cuts a view, but the
edge it finds can be a pixel or three off the card's (a shadow, a neighbour's edge,
blur), and a tracker reads one card in many frames, each outline off a little
otherwise. Here each view the reader cuts (``vision.reader.rectify``) is cut from its
outline with each corner moved at random, up to ``--reach`` pixels along each axis,
anew for every view; the outlines the reader reasons with (what covers what, the
picture's edge) are left as found. A reach of 0 is the reader as it is. Each design
is read with its own profile, or with ``--enrolled`` with the profile the guide makes
(:func:`vision.evaluate.enrolled_profile`, a minute or so a design).

Printed per design and reach, as ``jassref vision eval``: fully visible cards
correct / wrong / abstained, and the partly covered ones. A wrong name that appears
only with the outlines moved is a read the checks let through from an outline a few
pixels off, which the scenes' own outlines happened to miss.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

import cv2
import numpy as np

import vision.reader
from vision.art import DESIGNS
from vision.evaluate import enrolled_profile, evaluate_design
from vision.identify import Identifier
from vision.profile import DeckProfile


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="tango,paris")
    parser.add_argument("--frames", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--reach", default="0,2,4", help="pixels, comma-separated")
    parser.add_argument("--enrolled", action="store_true", help="read enrolled profiles")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    cut = vision.reader.rectify
    for name in args.designs.split(","):
        design = DESIGNS[name]
        profile = enrolled_profile(design) if args.enrolled else DeckProfile.from_design(design)
        identifier = Identifier([profile])
        for reach in (float(r) for r in args.reach.split(",")):
            moved = _moved(cut, reach, np.random.default_rng(args.seed))
            vision.reader.rectify = moved if reach > 0 else cut
            r = evaluate_design(design, identifier, range(args.seed, args.seed + args.frames))
            print(
                f"{profile.name:<32} reach {reach:>3.1f} px  fully visible "
                f"{r.correct} / {r.wrong} / {r.abstained}  partly covered "
                f"{r.covered_correct} / {r.covered_wrong} / {r.covered_abstained}"
                + (f"  wrong: {', '.join(r.mistakes)}" if r.mistakes else ""),
                flush=True,
            )
        vision.reader.rectify = cut


Cut = Callable[..., np.ndarray]


def _moved(cut: Cut, reach: float, rng: np.random.Generator) -> Cut:
    """``cut`` (:func:`vision.geometry.rectify`) with each corner of the outline moved
    at random, up to ``reach`` pixels along each axis, anew for every view."""

    def moved(picture: np.ndarray, quad: np.ndarray, *size: tuple[int, int]) -> np.ndarray:
        off = rng.uniform(-reach, reach, (4, 2)).astype(np.float32)
        return cut(picture, np.float32(quad) + off, *size)

    return moved


if __name__ == "__main__":
    main()
