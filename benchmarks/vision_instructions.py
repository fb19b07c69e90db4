"""Instructions per 1280×720 frame of the card reader, counted by valgrind
(docs/benchmarks.md, "Views described together, and instructions counted").

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/vision_instructions.py --design anglo

Time on a shared machine drifts by more than a change of a few percent; the count of
instructions the reader runs does not. The speed benchmark's scenes (8 cards, no hand,
seeds from 5000) are read once each under ``valgrind --tool=callgrind``, after one
warm-up read, and the same process reading none is counted too: the difference per
frame is the reader's. ``--stages`` also counts each part of a frame apart: the
working picture, the frame checks with detection, the first pass (one refinement, cut
and read of each outline found) and every later try and doubt. Valgrind's CPU
runs OpenCV's AVX2 paths, not AVX-512: a proxy for time, to compare two versions of
the code (``PYTHONPATH`` set to the other's checkout), not a time. About a minute per
count; needs Debian's ``valgrind``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

from vision.art import DESIGNS
from vision.detect import find_cards, working_picture
from vision.geometry import cutting_picture, rectify, refine_all
from vision.identify import Identifier
from vision.profile import DeckProfile
from vision.reader import frame_problem, read_frame
from vision.scenes import SceneOptions, render_scene

STAGES = ("picture", "detection", "first", "frame")
"""What a count covers, each stage taking in those before it: the working picture, the
frame checks and detection, the first read of every outline, the whole of ``read_frame``."""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--design", default="anglo")
    parser.add_argument("--frames", type=int, default=10)
    parser.add_argument("--stages", action="store_true", help="also count each stage apart")
    parser.add_argument("--warm", action="store_true", help="warm up on every scene")
    parser.add_argument("--run", nargs=3, help=argparse.SUPPRESS)  # scenes, stage, frames read
    args = parser.parse_args()
    if args.run:
        read(args.design, args.run[0], args.run[1], int(args.run[2]), args.warm)
        return
    if shutil.which("valgrind") is None:
        sys.exit("vision_instructions: needs valgrind (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as folder:
        scenes = str(Path(folder) / "scenes.npy")
        np.save(scenes, np.stack(speed_scenes(args.design, args.frames)))
        counts(args, scenes)


def counts(args: argparse.Namespace, scenes: str) -> None:
    """Prints the instructions per frame of reading the ``scenes`` saved (and, with
    ``--stages``, of each stage)."""

    def count(stage: str, reading: int) -> int:
        return instructions(args.design, scenes, stage, reading, args.warm)

    empty = count("frame", 0)

    def per_frame(total: int) -> float:
        return (total - empty) / args.frames / 1e6

    whole = count("frame", args.frames)
    frames = f"{args.frames} frames" + (", warm" if args.warm else "")
    print(f"{args.design}: {per_frame(whole):.1f} M instructions per frame ({frames})")
    if args.stages:
        before = empty
        for stage in STAGES[:-1]:
            total = count(stage, args.frames)
            print(f"  {stage:12s} {per_frame(total) - per_frame(before):6.1f} M")
            before = total
        print(f"  {'later tries':12s} {per_frame(whole) - per_frame(before):6.1f} M")


def instructions(design: str, scenes: str, stage: str, reading: int, warm: bool) -> int:
    """Instructions of one process that loads the ``scenes`` and reads the first
    ``reading`` of them up to ``stage`` (after reading every scene once, if ``warm``)."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
    command += [__file__, "--design", design, "--run", scenes, stage, str(reading)]
    command += ["--warm"] if warm else []
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        sys.exit(f"vision_instructions: no count from valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def speed_scenes(design: str, frames: int) -> list[np.ndarray]:
    """The speed benchmark's scenes: 8 cards, no hand, seeds from 5000 (rendered outside
    valgrind, where rendering would take minutes)."""
    options = SceneOptions(cards=8, hand=0.0)
    return [render_scene(DESIGNS[design], s, options).image for s in range(5000, 5000 + frames)]


def read(design: str, scenes: str, stage: str, reading: int, warm: bool) -> None:
    """Reads the first ``reading`` of the ``scenes`` saved up to ``stage``, after one
    warm-up read (caches, tables made when first needed; of every scene, if ``warm``),
    so that two counts differ by the reading alone."""
    cv2.setNumThreads(1)
    images = list(np.load(scenes))
    identifier = Identifier([DeckProfile.from_design(DESIGNS[design])])
    for image in images if warm else images[:1]:
        read_frame(image, identifier)
    for image in images[:reading]:
        if stage == "frame":
            read_frame(image, identifier)
            continue
        picture = working_picture(image)
        if stage == "picture":
            continue
        frame_problem(picture)
        quads = find_cards(image, picture=picture).quads
        if stage == "first":
            grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            cut = cutting_picture(image, len(quads))
            identifier.identify([rectify(cut, q) for q in refine_all(grey, quads)])


if __name__ == "__main__":
    main()
