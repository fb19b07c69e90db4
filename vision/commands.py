"""The ``jassref vision …`` and ``jassref enroll`` commands (their parsers: vision.parsers).

Each raises :class:`VisionUserError` for anything the user can fix; the CLI prints it as
one line. ``vision read --json`` is a public interface (outside tools measure the
reader through it): one JSON object per image, ``{"image", "cards": [{"card",
"confidence", "corners"}]}``, plus ``"problem"`` when a whole frame was refused; a file
that is no readable image gets one line on stderr instead, and the others are read.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

import cv2
import numpy as np

from referee.cards import card_code
from vision.art import BUILT_IN, SWISS_FRENCH, UNSEEN, ArtUnavailable, design
from vision.debug_view import draw_debug
from vision.decks import identifier_for
from vision.enroll import EnrollmentIncomplete
from vision.evaluate import enrolled_profile, evaluate_design
from vision.game_commands import at_least_one
from vision.identify import Identifier
from vision.names import VisionUserError
from vision.reader import read_frame
from vision.scenes import ANY_STRAY, SceneOptions
from vision.sources import SourceError, open_source


def _load_image(path: str) -> np.ndarray:
    if not Path(path).exists():
        raise VisionUserError(f"{path}: no such file")
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        raise VisionUserError(f"{path}: not an image this program can read")
    return image


def read_command(args: argparse.Namespace) -> int:
    """Reads every image named; one that cannot be read is reported on stderr and the
    rest are still read (a folder of photographs with one broken file must not lose
    the others' answers). Exit status 2 when any image could not be read."""
    identifier = identifier_for(args.deck)
    unreadable = 0
    for path in args.images:
        try:
            image = _load_image(path)
        except VisionUserError as error:
            print(f"jassref: {error}", file=sys.stderr, flush=True)
            unreadable += 1
            continue
        read = read_frame(image, identifier)
        out: dict[str, object] = {"image": path, "cards": [c.to_json() for c in read.cards]}
        if read.problem:
            out["problem"] = read.problem
        if args.json:
            print(json.dumps(out), flush=True)
        else:
            named = [c["card"] or "?" for c in out["cards"]]  # type: ignore[index]
            print(
                f"{path}: {' '.join(named) or 'no card'}"
                + (f" ({read.problem})" if read.problem else "")
            )
    return 2 if unreadable else 0


def debug_command(args: argparse.Namespace) -> int:
    at_least_one(args.frames, "--frames")
    identifier = identifier_for(args.deck)
    source = Path(args.input)
    if not source.exists():
        raise VisionUserError(f"{args.input}: no such file")
    if cv2.imread(str(source), cv2.IMREAD_COLOR) is not None:
        frames = [cv2.imread(str(source), cv2.IMREAD_COLOR)]
    else:
        try:
            video = open_source(str(source))
        except SourceError as error:
            raise VisionUserError(str(error)) from None
        frames = [f.main for _, f in zip(range(args.frames), video.frames(), strict=False)]
        video.close()
        if not frames:
            raise VisionUserError(f"{args.input}: no frame could be read")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for index, frame in enumerate(frames):
        read = read_frame(frame, identifier, keep_stages=True)
        target = out / f"{source.stem}-{index:03d}-debug.png"
        cv2.imwrite(str(target), draw_debug(frame, read))
        labels = [
            card_code(c.identification.card) if c.identification.card is not None else "?"
            for c in read.cards
        ]
        print(
            f"{target}: {' '.join(labels) or 'no card'}"
            + (f" ({read.problem})" if read.problem else "")
        )
    return 0


def eval_command(args: argparse.Namespace) -> int:
    at_least_one(args.frames, "--frames")
    every_design = (*BUILT_IN, *UNSEEN, *SWISS_FRENCH)
    names = args.designs.split(",") if args.designs else [d.name for d in every_design]
    try:
        chosen = [design(n.strip()) for n in names]
    except KeyError as error:
        raise VisionUserError(str(error.args[0])) from None
    seeds = range(args.seed, args.seed + args.frames)
    every = None
    failed = False
    if not 0 <= args.strays <= SceneOptions().cards:
        raise VisionUserError(f"--strays must be 0 to {SceneOptions().cards}, not {args.strays}")
    options = SceneOptions(mat=args.mat, strays=(ANY_STRAY,) * args.strays)
    print(
        f"jassref vision eval: {args.frames} frames of 1280x720 per design, seeds {args.seed}.."
        + ("" if args.mat == "table" else f", cards on a {args.mat}")
        + (f", {args.strays} of {options.cards} cards no Jass card" if args.strays else "")
    )
    groups = (
        (("enrolled decks (own profile, enrolled through the guide)", chosen),)
        if args.enrolled
        else (
            ("built-in designs (own profile)", BUILT_IN),
            ("unseen designs (all built-in profiles, before enrollment)", UNSEEN),
            ("Swiss French-suited decks (all built-in profiles, before enrollment)", SWISS_FRENCH),
        )
    )
    for heading, group in groups:
        members = [d for d in chosen if d in group]
        if not members:
            continue
        print(f"-- {heading}")
        for d in members:
            if args.strays and d.base is not None:
                print(f"{d.name:24s} left out: its deck holds no card that Jass leaves out")
                continue
            try:
                if args.enrolled:
                    identifier = Identifier([enrolled_profile(d, strays=args.strays > 0)])
                elif group is not BUILT_IN:
                    every = every or identifier_for(None)
                    identifier = every
                else:
                    identifier = identifier_for(d.name)
                result = evaluate_design(d, identifier, seeds, options)
            except ArtUnavailable as error:
                raise VisionUserError(str(error)) from None
            except EnrollmentIncomplete as error:
                raise VisionUserError(f"{d.name}: {error}") from None
            print(result.line(), flush=True)
            for mistake in result.mistakes[:5]:
                print(f"    {mistake}")
            if args.max_wrong is not None and result.wrong + result.twice > args.max_wrong:
                failed = True
            if args.min_recall is not None and result.recall < args.min_recall:
                failed = True
            if args.max_ms is not None and statistics.median(result.ms) > args.max_ms:
                failed = True
    return 1 if failed else 0
