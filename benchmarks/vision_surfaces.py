"""Cards found and read on each surface, with the threshold above the table's texture
and without it (docs/benchmarks.md, "What the threshold above the table's texture did").

    .venv/bin/python benchmarks/vision_surfaces.py --mats carpet,table \\
        --designs paris,tango,berlin,anglo,swiss-xvii,tango_nuevo --seed 2000 --frames 20

For each mat and design, the scenes are evaluated as ``jassref vision eval --mat`` does,
once as the reader is and once with ``vision.detect.TEXTURE_EDGES`` at 0 (Canny's
threshold from the median lightness alone: the detection before, ``f0c8cac``). Totals per mat give
fully visible cards found / named right / abstained / wrong.

With ``--speed``, the time instead, per design: the same frames (no hand over them, as
``vision_speed.py`` renders them) read ``--repeat`` times in one process, both ways
alternating frame by frame (CPU time, medians), so that a shared machine's drift falls
on both alike. Run it pinned to one core:

    OPENBLAS_NUM_THREADS=1 taskset -c 0 .venv/bin/python benchmarks/vision_surfaces.py \\
        --speed --mats table --designs anglo --seed 1000 --frames 20
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager

import cv2

from vision import detect
from vision.art import DESIGNS
from vision.decks import identifier_for
from vision.evaluate import evaluate_design
from vision.reader import read_frame
from vision.scenes import MATS, SceneOptions, render_scene

WAYS = ("before", "after")
TOTALS = ("found", "correct", "abstained", "wrong")
"""Fully visible cards, summed over the designs (fields of the evaluation's result)."""
FACTOR, TEXTURE = detect.TEXTURE_EDGES, detect._texture


@contextmanager
def detection(way: str) -> Iterator[None]:
    """The detection as it is (``after``) or as it was (``before``: no texture
    threshold, and its gradients not computed, so that the time counts them too), put
    back as it is on leaving."""
    before = way == "before"
    detect.TEXTURE_EDGES = 0.0 if before else FACTOR
    detect._texture = (lambda blurred: 0.0) if before else TEXTURE
    try:
        yield
    finally:
        detect.TEXTURE_EDGES, detect._texture = FACTOR, TEXTURE


def counts(mat: str, designs: list[str], seeds: range) -> None:
    """Each design's evaluation line on ``mat``, before and after, and the totals."""
    for way in WAYS:
        results = []
        for name in designs:
            with detection(way):
                result = evaluate_design(
                    DESIGNS[name], identifier_for(name), seeds, SceneOptions(mat=mat)
                )
            print(f"{mat:6s} {way:6s} {result.line()}", flush=True)
            results.append(result)
        totals = [sum(getattr(r, field) for r in results) for field in TOTALS]
        print(f"{mat:6s} {way:6s} {' / '.join(TOTALS)}: {totals}", flush=True)


def speed(mat: str, name: str, seeds: range, repeat: int) -> None:
    """The median CPU time of a read of one design's frames on ``mat``, before and after."""
    identifier = identifier_for(name)
    options = SceneOptions(mat=mat, hand=0.0)
    frames = [render_scene(DESIGNS[name], seed, options).image for seed in seeds]
    times: dict[str, list[float]] = {way: [] for way in WAYS}
    for round_ in range(repeat):
        for index, frame in enumerate(frames):
            for way in WAYS if (index + round_) % 2 else WAYS[::-1]:
                with detection(way):
                    start = time.process_time()
                    read_frame(frame, identifier)
                    times[way].append(1000 * (time.process_time() - start))
    before, after = (statistics.median(times[way]) for way in WAYS)
    print(f"{mat} {name}: before {before:.2f} ms, after {after:.2f} ms, ratio {after / before:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mats", default="carpet,table")
    parser.add_argument("--designs", default="paris,tango,berlin,anglo,swiss-xvii,tango_nuevo")
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--frames", type=int, default=20)
    parser.add_argument("--speed", action="store_true", help="time instead of counting")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    seeds = range(args.seed, args.seed + args.frames)
    mats, designs = args.mats.split(","), args.designs.split(",")
    for mat in (m for m in mats if m not in MATS):
        parser.error(f"no mat {mat!r}: one of {', '.join(MATS)}")
    for name in (d for d in designs if d not in DESIGNS):
        parser.error(f"no design {name!r}")
    for mat in mats:
        if not args.speed:
            counts(mat, designs, seeds)
            continue
        for name in designs:
            speed(mat, name, seeds, args.repeat)


if __name__ == "__main__":
    main()
