"""Milliseconds per 1280×720 frame with 8 cards, on one core (docs/benchmarks.md).

Run pinned to one core with single-threaded BLAS, as the Pi's reader thread would be:

    OPENBLAS_NUM_THREADS=1 taskset -c 0 .venv/bin/python benchmarks/vision_speed.py

Scenes are rendered first (not timed); each frame is then read ``--repeat`` times and
the median over all reads is printed, for one deck profile and for all built-in ones.
The time is the process's CPU time (``time.process_time``), not the wall clock: on a
shared machine the wall clock also counts the time other programs held the core.
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2

from vision.art import BUILT_IN, DESIGNS
from vision.identify import Identifier
from vision.profile import DeckProfile
from vision.reader import read_frame
from vision.scenes import SceneOptions, render_scene


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--design", default="anglo")
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    scenes = [
        render_scene(DESIGNS[args.design], seed, SceneOptions(cards=8, hand=0.0))
        for seed in range(5000, 5000 + args.frames)
    ]
    own = Identifier([DeckProfile.from_design(DESIGNS[args.design])])
    every = Identifier([DeckProfile.from_design(d) for d in BUILT_IN])
    for label, identifier in ((f"--deck {args.design}", own), ("all built-in", every)):
        times = []
        for scene in scenes:
            for _ in range(args.repeat):
                start = time.process_time()
                read_frame(scene.image, identifier)
                times.append(1000 * (time.process_time() - start))
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{label:22s} median {statistics.median(times):6.2f} ms CPU  p95 {p95:6.2f} ms  "
            f"({len(times)} reads of {len(scenes)} frames, 8 cards each)"
        )


if __name__ == "__main__":
    main()
