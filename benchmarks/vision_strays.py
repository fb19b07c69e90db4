"""Cards no Jass deck holds, laid among the cards: how many the reader names, with the
check of :meth:`vision.identify.Identifier._stray` and without it (docs/benchmarks.md).

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/vision_strays.py --frames 80 --seed 30100

Each rendered scene has one of its 8 cards replaced by a card of the design's deck that a
Jass deck leaves out (a two to five, or in an aisleriot design a joker: ``SceneOptions``'
``strays``). Each scene is read twice in one process, with the check and with it off,
each design with its own profile (``--unseen``: the four unseen designs, with all
built-in profiles; ``--enrolled``: each design enrolled through the guide with all its
strays shown after the 36, as ``jassref enroll --strays`` asks, a few minutes each; with
the check off, that profile reads as one enrolled without them). Per design: the
strays laid, how many of them were named a card either way, and the Jass cards in full
view read correct / wrong / abstained either way (a wrong read here does not count the
strays)."""

from __future__ import annotations

import argparse

import cv2

from vision import identify
from vision.art import BUILT_IN, DESIGNS, UNSEEN
from vision.decks import identifier_for
from vision.evaluate import DesignResult, _score, enrolled_profile
from vision.identify import Identifier
from vision.reader import read_frame
from vision.scenes import ANY_STRAY, SceneOptions, render_scene


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", help="comma-separated designs (default: all built-in)")
    parser.add_argument("--unseen", action="store_true", help="the unseen designs instead")
    parser.add_argument("--enrolled", action="store_true", help="enrolled, strays shown too")
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--seed", type=int, default=30100)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    group = UNSEEN if args.unseen else BUILT_IN
    names = args.designs.split(",") if args.designs else [d.name for d in group]
    every = identifier_for(None) if args.unseen else None
    totals = {"laid": 0, "on": 0, "off": 0}
    for name in names:
        design = DESIGNS[name]
        if args.enrolled:
            identifier = Identifier([enrolled_profile(design, strays=True)])
        else:
            identifier = every or identifier_for(name)
        on, off = DesignResult(f"{name} on"), DesignResult(f"{name} off")
        laid = 0
        for seed in range(args.seed, args.seed + args.frames):
            scene = render_scene(design, seed, SceneOptions(strays=(ANY_STRAY,)))
            laid += sum(1 for c in scene.cards if c.stray)
            _score(scene, read_frame(scene.image, identifier).cards, on)
            ahead = identify.STRAY_AHEAD
            identify.STRAY_AHEAD = float("-inf")
            try:
                _score(scene, read_frame(scene.image, identifier).cards, off)
            finally:
                identify.STRAY_AHEAD = ahead
        named = [sum(m.split(": ")[1].startswith("stray") for m in r.mistakes) for r in (on, off)]
        totals["laid"] += laid
        totals["on"] += named[0]
        totals["off"] += named[1]
        print(
            f"{name:26s} strays laid {laid:3d}  named: checked {named[0]:2d}, unchecked "
            f"{named[1]:2d}  cards c/w/a checked {on.correct}/{on.wrong - named[0]}/"
            f"{on.abstained}, unchecked {off.correct}/{off.wrong - named[1]}/{off.abstained}",
            flush=True,
        )
        for mistake in [m for m in off.mistakes if "stray" in m][:3]:
            print(f"    unchecked: {mistake}")
        for mistake in [m for m in on.mistakes if "stray" in m][:3]:
            print(f"    checked: {mistake}")
    print(
        f"all: strays laid {totals['laid']}, named checked {totals['on']}, "
        f"unchecked {totals['off']}"
    )


if __name__ == "__main__":
    main()
