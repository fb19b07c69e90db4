"""Rendered scenes photographed through a lens that bends straight lines, read back
(docs/benchmarks.md).

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/vision_lens.py --designs anglo,paris

The renderer's camera is a pinhole: a card's sides are straight lines in the picture.
A real lens bends them, more the farther from the picture's middle: a wide-angle
camera module over the table (barrel distortion) or a phone's telephoto (pincushion),
each corrected in software only in part. A card
near the picture's edge then has slightly curved sides, and no outline of four
straight sides fits it exactly.

Each scene (no hand) is redrawn as such a lens would show it: radial distortion of
one coefficient, ``--bend`` (below, ``STRONGEST``), the picture scaled so that its
corners stay where they were (as a camera crops its picture to the frame). A barrel
(negative) then magnifies the middle, by 1 / (1 + bend), and squeezes the parts near
the edges, pushing cards there out of the picture; a pincushion (positive) the other
way round. At -0.1 / -0.2 a card's side near the picture's corner bows by up to 2 / 5
pixels from the line between its corners, as through a wide-angle lens uncorrected. The
lens is OpenCV's own camera model (:func:`cv2.undistortPoints`, iterated until it
settles, finds for each pixel of the bent picture where it lies in the straight one;
:func:`cv2.projectPoints` bends the cards' corners), its focal length the picture's
half-diagonal. A barrel past ``STRONGEST`` folds back on itself before the picture's
corner: no such lens is drawn.
Cards are counted as by ``jassref vision eval`` (:func:`vision.evaluate.evaluate_scenes`,
the command's lines): fully visible ones found and named right, wrong, or abstained;
every wrong read is printed.
"""

from __future__ import annotations

import argparse
from dataclasses import replace

import cv2
import numpy as np

from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.evaluate import evaluate_scenes
from vision.geometry import share_beyond_picture
from vision.scenes import Scene, SceneOptions, render_scene

STRONGEST = -0.3
"""The strongest barrel drawn: one coefficient ``k`` moves a point at ``r`` half-diagonals
from the middle to ``r·(1 + k·r²)``, which grows with ``r`` only up to where
``1 + 3·k·r² = 0``; past ``k = -1/3`` that is inside the picture's corner."""


class Lens:
    """Radial distortion of strength ``bend`` for pictures of ``size`` (width, height).

    The bent picture is scaled so that the straight picture's corners stay its corners
    (as a camera crops its corrected picture to the frame): nothing is drawn from
    beyond the straight picture but a sliver at the middle of each side under a
    pincushion."""

    def __init__(self, bend: float, size: tuple[int, int]):
        width, height = size
        focal = float(np.hypot(width, height)) / 2
        self.straight = np.float64([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1]])
        self.shown = self.straight.copy()
        self.shown[0, 0] = self.shown[1, 1] = focal / (1 + bend)
        self.distortion = np.float64([bend, 0, 0, 0])
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        bent = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
        until = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 50, 1e-6)  # not just 5 steps
        straight = cv2.undistortPoints(
            bent, self.shown, self.distortion, R=None, P=self.straight, criteria=until
        )
        self.maps = straight.reshape(height, width, 2).astype(np.float32)

    def picture(self, image: np.ndarray) -> np.ndarray:
        """``image`` as the lens shows it; beyond the straight picture's edge, its edge
        carried on."""
        return cv2.remap(image, self.maps, None, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def points(self, points: np.ndarray) -> np.ndarray:
        """Where the lens shows points (N×2) of the straight picture."""
        centre = self.straight[:2, 2]
        rays = (np.float64(points) - centre) / self.straight[0, 0]
        rays = np.hstack([rays, np.ones((len(rays), 1))])
        shown, _ = cv2.projectPoints(rays, np.zeros(3), np.zeros(3), self.shown, self.distortion)
        return shown.reshape(-1, 2).astype(np.float32)

    def scene(self, scene: Scene) -> Scene:
        """The scene photographed through the lens, its cards' corners moved with it, and
        each card's visible share scaled by how much more or less of it the picture's
        edge cuts (a barrel magnifies the middle, and pushes cards near the edge out)."""
        cards = []
        for card in scene.cards:
            bent = self.points(card.corners)
            kept = (1 - share_beyond_picture(bent, scene.image.shape)) / max(
                1 - share_beyond_picture(card.corners, scene.image.shape), 1e-6
            )
            cards.append(replace(card, corners=bent, visible=min(card.visible * kept, 1.0)))
        return replace(scene, image=self.picture(scene.image), cards=cards)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,paris")
    parser.add_argument("--bend", default="0,-0.1,-0.2,0.06")
    parser.add_argument("--seed", type=int, default=26000)
    parser.add_argument("--frames", type=int, default=20)
    args = parser.parse_args()
    bends = [float(b) for b in args.bend.split(",")]
    if min(bends) < STRONGEST:
        parser.error(f"--bend: a barrel stronger than {STRONGEST} folds the picture's corners")
    cv2.setNumThreads(1)
    options = SceneOptions(hand=0.0)
    lenses = [Lens(bend, options.size) for bend in bends]  # the same for every design
    for name in args.designs.split(","):
        identifier = identifier_for(name)
        scenes = [
            render_scene(DESIGNS[name], s, options)
            for s in range(args.seed, args.seed + args.frames)
        ]
        for bend, lens in zip(bends, lenses, strict=True):
            result = evaluate_scenes(name, (lens.scene(s) for s in scenes), identifier)
            print(f"bend {bend:+5.2f}  {result.line()}", flush=True)
            for mistake in result.mistakes:
                print(f"  {mistake}", flush=True)


if __name__ == "__main__":
    main()
