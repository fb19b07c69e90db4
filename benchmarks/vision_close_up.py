"""Photographs of one card taken close up, read back (docs/benchmarks.md).

    .venv/bin/python benchmarks/vision_close_up.py

A phone picture of one card may show it filling a third of the picture or more, larger
than a card on a table can be. Portrait 720×1280 pictures of one card at three heights
(a third, a half and about three quarters of the picture) are rendered for a few
designs, read with the design's own profile, and each read is printed with the card's
share of the picture: named right, named wrong, abstained (``None``) or not found.
"""

from __future__ import annotations

import argparse

import cv2
import numpy as np

from referee.cards import card_code
from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.reader import read_frame
from vision.scenes import SceneOptions, render_scene


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,paris,swiss-xvii")
    parser.add_argument("--seed", type=int, default=9100)
    parser.add_argument("--cards", type=int, default=3, help="scenes per height")
    args = parser.parse_args()
    counts = {"right": 0, "wrong": 0, "abstained": 0, "not found": 0}
    for name in args.designs.split(","):
        identifier = identifier_for(name)
        for height in (700, 850, 1000):
            for seed in range(args.seed, args.seed + args.cards):
                options = SceneOptions(
                    size=(720, 1280), cards=1, card_height=(height, height), hand=0, tilt=0.03
                )
                scene = render_scene(DESIGNS[name], seed, options)
                if not scene.cards:
                    continue  # the card did not fit the picture at this height
                truth = scene.cards[0]
                share = cv2.contourArea(np.float32(truth.corners)) / (720 * 1280)
                named = [c.identification.card for c in read_frame(scene.image, identifier).cards]
                if not named:
                    outcome = "not found"
                elif named[0] is None:
                    outcome = "abstained"
                else:
                    outcome = "right" if named == [truth.card] else "wrong"
                counts[outcome] += 1
                print(f"{name:12s} seed {seed}  {card_code(truth.card):4s} {share:4.0%}  {outcome}")
    print("  ".join(f"{key} {value}" for key, value in counts.items()))


if __name__ == "__main__":
    main()
