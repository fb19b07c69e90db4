"""One digest of everything the card reader says of a fixed set of rendered scenes, to
show that a change meant only to make it faster reads every card the same, to the bit
(docs/benchmarks.md, "Views described together, and instructions counted").

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/vision_digest.py --out reads.json

Per scene: the frame's problem, and per outline read its card, best guess, score,
margin, confidence, whether doubted or named by its print, its corners and a hash of
its rectified view; per outline taken for no face, its corners. The scenes: seeds
6000 onwards of eight built-in designs on the table (``--frames`` each), half as many
of anglo and paris on a carpet and of kde-dondorf read with every built-in profile,
and of the ``--enrolled`` designs read with their profile enrolled through the guide
(a few minutes each, made first). Two processes; the digest (MD5 of the JSON) and the
count of cards are printed, the whole JSON written to ``--out`` to compare two runs
(``PYTHONPATH`` set to the other version's checkout).
"""

from __future__ import annotations

import argparse
import hashlib
import json
from concurrent.futures import ProcessPoolExecutor

import cv2
import numpy as np

from vision.art import BUILT_IN, DESIGNS
from vision.evaluate import enrolled_profile
from vision.identify import Identifier
from vision.profile import DeckProfile
from vision.reader import read_frame
from vision.scenes import SceneOptions, render_scene

ON_TABLE = (
    "anglo",
    "paris",
    "tango",
    "swiss-xvii",
    "tango_nuevo",
    "berlin",
    "simplistic",
    "bellot",
)

Job = tuple[str, str, int, int, str]
"""How a design is read (``own``, ``all`` or ``enrolled``), the design, the first seed,
the number of scenes, the mat."""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=20)
    parser.add_argument("--enrolled", default="tango,anglo_modern")
    parser.add_argument("--out", help="write every read as JSON here")
    args = parser.parse_args()
    half = max(args.frames // 2, 1)
    jobs: list[Job] = [("own", d, 6000, args.frames, "table") for d in ON_TABLE]
    jobs += [("own", d, 6100, half, "carpet") for d in ("anglo", "paris")]
    jobs.append(("all", "kde-dondorf", 6200, half, "table"))
    enrolled = [d for d in args.enrolled.split(",") if d]
    jobs += [("enrolled", d, 6300 + 100 * k, args.frames, "table") for k, d in enumerate(enrolled)]
    with ProcessPoolExecutor(2) as pool:
        reads = dict(pool.map(read_scenes, jobs))
    text = json.dumps(reads, sort_keys=True)
    if args.out:
        with open(args.out, "w") as out:
            out.write(text)
    cards = sum(len(scene["cards"]) for scenes in reads.values() for scene in scenes)
    print(f"{hashlib.md5(text.encode()).hexdigest()}  {cards} cards in {len(jobs)} runs")


def read_scenes(job: Job) -> tuple[str, list[dict[str, object]]]:
    """Every read of one job's scenes, in a form JSON keeps exactly (floats by repr)."""
    how, design, first, count, mat = job
    cv2.setNumThreads(1)
    if how == "own":
        profiles = [DeckProfile.from_design(DESIGNS[design])]
    elif how == "all":
        profiles = [DeckProfile.from_design(d) for d in BUILT_IN]
    else:
        profiles = [enrolled_profile(DESIGNS[design])]
    identifier = Identifier(profiles)
    scenes = []
    for seed in range(first, first + count):
        read = read_frame(
            render_scene(DESIGNS[design], seed, SceneOptions(mat=mat)).image, identifier
        )
        cards = []
        for card in read.cards:
            a = card.identification
            view = hashlib.md5(np.ascontiguousarray(card.rectified).tobytes()).hexdigest()
            numbers = [repr(a.score), repr(a.margin), repr(a.confidence)]
            corners = np.float64(card.corners).tolist()
            cards.append([a.card, a.best_guess, *numbers, a.doubted, a.by_print, corners, view])
        rejected = [np.float64(q).tolist() for q in read.rejected]
        scenes.append({"seed": seed, "problem": read.problem, "cards": cards, "rejected": rejected})
    return f"{how} {design} {mat}", scenes


if __name__ == "__main__":
    main()
