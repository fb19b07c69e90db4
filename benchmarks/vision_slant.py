"""A table photographed at a slant, read back (docs/benchmarks.md).

    .venv/bin/python benchmarks/vision_slant.py --designs anglo,paris

The rendered scenes look down on the table, with at most a little perspective. A phone
held by a player sees the table at a slant: the far side of the picture shrinks, and
the table is shortened from near to far. Each scene (no hand) is warped so: its height
shortened to ``--squeeze`` of it, its far edge narrowed to match, as a camera about
``acos(squeeze)`` off the vertical would see it. Fully visible cards are counted as in
``jassref vision eval``: found and named right, named wrong, abstained.
"""

from __future__ import annotations

import argparse

import cv2
import numpy as np

from referee.cards import card_code
from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.evaluate import FULLY_VISIBLE
from vision.reader import read_frame
from vision.scenes import SceneOptions, render_scene


def slanted(image: np.ndarray, squeeze: float) -> tuple[np.ndarray, np.ndarray]:
    """The picture as seen at a slant, and the homography that made it."""
    height, width = image.shape[:2]
    inset = (1 - squeeze) * 0.25 * width
    source = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    far = height * (1 - squeeze)
    target = np.float32([[inset, far], [width - inset, far], [width, height], [0, height]])
    matrix = cv2.getPerspectiveTransform(source, target)
    return cv2.warpPerspective(
        image, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE
    ), matrix


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,paris")
    parser.add_argument("--squeeze", default="1.0,0.8,0.65,0.5")
    parser.add_argument("--seed", type=int, default=4000)
    parser.add_argument("--frames", type=int, default=10)
    args = parser.parse_args()
    for name in args.designs.split(","):
        identifier = identifier_for(name)
        for squeeze in (float(s) for s in args.squeeze.split(",")):
            visible = right = wrong = abstained = 0
            for seed in range(args.seed, args.seed + args.frames):
                scene = render_scene(DESIGNS[name], seed, SceneOptions(hand=0.0))
                image, matrix = slanted(scene.image, squeeze)
                truth = {}
                for card in scene.cards:
                    if card.card is not None and card.visible >= FULLY_VISIBLE:
                        corners = np.float32(card.corners).reshape(-1, 1, 2)
                        truth[card.card] = cv2.perspectiveTransform(corners, matrix)
                visible += len(truth)
                for read in read_frame(image, identifier).cards:
                    centre = tuple(float(v) for v in read.corners.mean(axis=0))
                    hits = [
                        c for c, q in truth.items() if cv2.pointPolygonTest(q, centre, False) >= 0
                    ]
                    if not hits:
                        continue
                    named = read.identification.card
                    if named is None:
                        abstained += 1
                    elif named == hits[0]:
                        right += 1
                    else:
                        wrong += 1
                        print(f"  seed {seed}: {card_code(hits[0])} read as {card_code(named)}")
            missed = visible - right - wrong - abstained
            print(
                f"{name:12s} squeeze {squeeze:4.2f}  visible {visible:4d}  right {right:4d}  "
                f"wrong {wrong:3d}  abstained {abstained:3d}  not found {missed:3d}"
            )


if __name__ == "__main__":
    main()
