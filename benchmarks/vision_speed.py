"""Milliseconds per 1280×720 frame with 8 cards, on one core (docs/benchmarks.md).

Run pinned to one core with single-threaded BLAS, as the Pi's reader thread would be:

    OPENBLAS_NUM_THREADS=1 taskset -c 0 .venv/bin/python benchmarks/vision_speed.py

Scenes are rendered first (not timed); each frame is then read ``--repeat`` times and
the median over all reads is printed, for one deck profile and for all built-in ones.
The time is the process's CPU time (``time.process_time``), not the wall clock: on a
shared machine the wall clock also counts the time other programs held the core.

With ``--stages``, each read with the one profile is also timed stage by stage (frame
checks, detection, then outlines refined, rectified and identified), medians per frame.

With ``--enrolled``, the design is also enrolled through the guide (as ``jassref vision
eval --enrolled`` does; a few minutes) and read with that profile alone.

An enrolled read is checked against its look-alikes where their templates differ
(:mod:`vision.small_print`), and so is a read of printed art that another card's
outline covers (:func:`vision.reader._doubt_crossed`); what that compares is made the
first time a pair is met. So the first read of each frame is also quoted apart from the
rest (a card new on the table, then the frames while it lies there).
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2
import numpy as np

from vision.art import BUILT_IN, DESIGNS
from vision.detect import find_cards, working_picture
from vision.evaluate import enrolled_profile
from vision.identify import Identifier
from vision.profile import DeckProfile
from vision.reader import best_outlines, frame_problem, read_frame
from vision.scenes import SceneOptions, render_scene


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--design", default="anglo")
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--stages", action="store_true", help="also time each stage")
    parser.add_argument("--enrolled", action="store_true", help="also read it enrolled")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    scenes = [
        render_scene(DESIGNS[args.design], seed, SceneOptions(cards=8, hand=0.0))
        for seed in range(5000, 5000 + args.frames)
    ]
    own = Identifier([DeckProfile.from_design(DESIGNS[args.design])])
    every = Identifier([DeckProfile.from_design(d) for d in BUILT_IN])
    readers = [(f"--deck {args.design}", own), ("all built-in", every)]
    if args.enrolled:
        readers.append(
            (f"enrolled {args.design}", Identifier([enrolled_profile(DESIGNS[args.design])]))
        )
    for label, identifier in readers:
        first, again = [], []
        for scene in scenes:
            for repeat in range(args.repeat):
                start = time.process_time()
                read_frame(scene.image, identifier)
                (again if repeat else first).append(1000 * (time.process_time() - start))
        times = sorted(first + again)
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{label:22s} median {statistics.median(times):6.2f} ms CPU  p95 {p95:6.2f} ms  "
            f"({len(times)} reads of {len(scenes)} frames, 8 cards each)"
        )
        if again:
            print(
                f"{'':22s} first read of a frame {statistics.median(first):6.2f} ms, "
                f"the reads after it {statistics.median(again):6.2f} ms (medians)"
            )
    if args.stages:
        print_stages([scene.image for scene in scenes], own, args.repeat)


def print_stages(frames: list[np.ndarray], identifier: Identifier, repeat: int) -> None:
    """Median CPU milliseconds per frame of each stage of :func:`read_frame`."""
    stages: dict[str, list[float]] = {"frame checks": [], "detection": [], "outlines read": []}
    for frame in frames:
        for _ in range(repeat):
            start = time.process_time()
            picture = working_picture(frame)
            frame_problem(picture)
            checked = time.process_time()
            quads = find_cards(frame, picture=picture).quads
            found = time.process_time()
            best_outlines(frame, quads, identifier)
            done = time.process_time()
            stages["frame checks"].append(1000 * (checked - start))
            stages["detection"].append(1000 * (found - checked))
            stages["outlines read"].append(1000 * (done - found))
    for name, times in stages.items():
        print(f"  {name:20s} median {statistics.median(times):6.2f} ms CPU")


if __name__ == "__main__":
    main()
