"""Rendered scenes under a warm lamp whose red the camera clips, read back
(docs/benchmarks.md, "Black cards under a warm lamp").

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/vision_lamp.py --designs tango,berlin

The renderer's room light tints the paper a little (red up to ×1.12 of green, blue down
to ×0.85). A bulb of 2,700 K that the camera's white balance does not take out tints
it much more, and where the camera exposes for the room the paper's red channel clips
at full light while green and blue do not. Each scene is redrawn under such a lamp:
its blue, green and red scaled by ``--lamp`` (default blue ×0.45, red ×1.3) and
clipped at 255, as a sensor clips. Cards are counted as by ``jassref vision eval``
(:func:`vision.evaluate.evaluate_scenes`); every wrong read is printed. ``--unchecked``
reads without the check of a red card's print colour
(:data:`vision.identify.RED_PRINT_LEAST` set to minus infinity): the reader before it.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import replace

import cv2
import numpy as np

from vision import identify
from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.evaluate import evaluate_scenes
from vision.scenes import Scene, render_scene, under_lamp


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="tango,berlin,simplistic")
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--frames", type=int, default=20)
    parser.add_argument("--lamp", default="0.45,1.0,1.3", help="blue, green, red gains")
    parser.add_argument("--unchecked", action="store_true", help="no print colour check")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    lamp = [float(v) for v in args.lamp.split(",")]
    if args.unchecked:
        identify.RED_PRINT_LEAST = float("-inf")
    totals = np.zeros(4, int)
    for name in args.designs.split(","):
        scenes = lit(name, range(args.seed, args.seed + args.frames), lamp)
        result = evaluate_scenes(name, scenes, identifier_for(name))
        print(result.line(), flush=True)
        for mistake in result.mistakes:
            print(f"    {mistake}", flush=True)
        totals += (result.found, result.correct, result.abstained, result.wrong)
    found, correct, abstained, wrong = totals.tolist()
    print(
        f"all: fully visible found {found}, correct {correct}, wrong {wrong}, "
        f"abstained {abstained} ({100 * abstained / max(found, 1):.1f} %)"
    )


def lit(name: str, seeds: range, lamp: list[float]) -> Iterator[Scene]:
    """The scenes of design ``name`` under the ``lamp`` (BGR gains), clipped."""
    for seed in seeds:
        scene = render_scene(DESIGNS[name], seed)
        yield replace(scene, image=under_lamp(scene.image, lamp))


if __name__ == "__main__":
    main()
