"""Aces and paper with writing: what the reader names with the check of an ace's sign and
indices (:mod:`vision.ace_print`) and without it (docs/benchmarks.md).

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/vision_ace_print.py \\
        --frames 40 --seed 2040 --slips 500 --slip-seed 50000

Rendered scenes, each design read with its own profile, each scene read twice in one
process (the check on, and off with ``MISFIT_BOTH`` infinite): per design, the aces in
full view read correct / wrong / abstained either way, and the other cards' totals (the
check reads aces only, so they must not move). Then ``--slips`` paper slips per design
and kind of writing (the tests' ``camera_views.paper_with_writing``, seen by their
camera, in red and in black): how many are named a card either way."""

from __future__ import annotations

import argparse
import contextlib
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from referee.cards import ACE, card_code
from vision import ace_print
from vision.art import BUILT_IN, DESIGNS
from vision.decks import identifier_for
from vision.evaluate import FULLY_VISIBLE, DesignResult, _match, _score
from vision.identify import Identifier
from vision.reader import read_frame
from vision.scenes import Scene, render_scene

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from camera_views import PAPER_WRITINGS, camera, paper_with_writing


@contextlib.contextmanager
def _unchecked() -> Iterator[None]:
    """The check off while inside."""
    bar = ace_print.MISFIT_BOTH
    ace_print.MISFIT_BOTH = float("inf")
    try:
        yield
    finally:
        ace_print.MISFIT_BOTH = bar


def _aces(scene: Scene, reads: list, counts: list[int]) -> None:
    """Adds the frame's aces in full view read correct, wrong and abstained (a name
    past the first on one card counts as wrong, as :func:`_score` counts it)."""
    names: dict[int, list[int | None]] = {}
    for read in reads:
        at = _match(scene, read.corners)
        if at is not None:
            names.setdefault(at, []).append(read.identification.card)
    for at, truth in enumerate(scene.cards):
        if truth.card is None or truth.card % 9 != ACE or truth.visible < FULLY_VISIBLE:
            continue
        named = [card for card in names.get(at, []) if card is not None]
        counts[0] += truth.card in named
        counts[1] += len(named) - (truth.card in named)
        counts[2] += at in names and not named


def _scenes(
    identifier: Identifier, name: str, seeds: range
) -> tuple[dict[str, list[int]], dict[str, DesignResult]]:
    """Per check on and off, the aces' counts and all cards' results on rendered scenes."""
    aces = {"on": [0, 0, 0], "off": [0, 0, 0]}
    every = {key: DesignResult(key) for key in ("on", "off")}
    for seed in seeds:
        scene = render_scene(DESIGNS[name], seed)
        reads = {"on": read_frame(scene.image, identifier).cards}
        with _unchecked():
            reads["off"] = read_frame(scene.image, identifier).cards
        for key, cards in reads.items():
            _aces(scene, cards, aces[key])
            _score(scene, cards, every[key])
    return aces, every


def _slips(identifier: Identifier, name: str, count: int, first: int) -> tuple[int, int, list]:
    """Paper slips named a card with the check on and off, and the ones named either way."""
    named = [0, 0]
    examples = []
    for seed in range(first, first + count):
        for kind in PAPER_WRITINGS:
            for red in (True, False):
                rng = np.random.default_rng([seed, zlib.crc32(f"{name} {kind} {red}".encode())])
                view = camera(paper_with_writing(kind, red, rng), rng, 1.0)
                on = identifier.identify([view])[0]
                with _unchecked():
                    off = identifier.identify([view])[0]
                for i, read in enumerate((on, off)):
                    if read is not None and read.card is not None:
                        named[i] += 1
                        examples.append((i, seed, kind, red, card_code(read.card)))
    return named[0], named[1], examples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", help="comma-separated designs (default: all built-in)")
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2040)
    parser.add_argument("--slips", type=int, default=0, help="slips per design, kind and ink")
    parser.add_argument("--slip-seed", type=int, default=50000)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    names = args.designs.split(",") if args.designs else [d.name for d in BUILT_IN]
    totals = {"on": 0, "off": 0}
    for name in names:
        identifier = identifier_for(name)
        if args.frames:
            aces, every = _scenes(identifier, name, range(args.seed, args.seed + args.frames))
            print(
                f"{name:16s} aces in full view c/w/a checked {'/'.join(map(str, aces['on']))},"
                f" unchecked {'/'.join(map(str, aces['off']))}; all cards in full view c/w/a"
                f" checked {every['on'].correct}/{every['on'].wrong}/{every['on'].abstained},"
                f" unchecked {every['off'].correct}/{every['off'].wrong}/"
                f"{every['off'].abstained} of {every['on'].visible}",
                flush=True,
            )
        if args.slips:
            on, off, examples = _slips(identifier, name, args.slips, args.slip_seed)
            totals["on"] += on
            totals["off"] += off
            slips = args.slips * len(PAPER_WRITINGS) * 2
            print(f"{name:16s} slips {slips}: named checked {on}, unchecked {off}", flush=True)
            for checked, seed, kind, red, card in examples:
                if checked == 0:
                    print(f"    checked: seed {seed} {kind} {'red' if red else 'black'} {card}")
    if args.slips:
        print(f"all slips: named checked {totals['on']}, unchecked {totals['off']}")


if __name__ == "__main__":
    main()
