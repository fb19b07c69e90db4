"""``jassref vision render-game`` and ``jassref vision replay``: games on video.

Both are public interfaces (outside tools render games for seeds of their own choosing,
replay them and compare the logs): keep their arguments and files stable.

- ``render-game --variant V --seed N --out DIR [--video]`` writes ``DIR/frames/*.jpg``
  (or ``DIR/game.avi``), ``DIR/truth.jsonl`` (the true game log), ``DIR/buttons.jsonl``
  (the button and phone events with their frames), ``DIR/timeline.jsonl`` and
  ``DIR/render.json``.
- ``replay VIDEO|DIR --out LOG`` follows the recording with the tracker (button events
  from ``buttons.jsonl`` beside it) and writes the game log it saw. The table's
  calibration is read from ``table.json`` beside the recording, or made from the first
  frame and saved there.
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Iterator
from pathlib import Path

from referee import new_game
from referee.gamelog import NotAGameLog
from vision.art import ArtUnavailable, design
from vision.buttons import ButtonsError, read_buttons
from vision.decks import identifier_for
from vision.names import VARIANTS, VisionUserError
from vision.replay import ReplayError, run_tracker, write_log
from vision.sources import IMAGE_SUFFIXES, CaptureSource, FolderSource, Frame, SourceError
from vision.table_geometry import Calibration, CalibrationError, calibrate
from vision.table_video import FAST, FilmOptions, Pace, write_film


def render_game_command(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise VisionUserError(f"--out {out}: a file, not a folder")
    for name in ("frames", "game.avi", "truth.jsonl"):
        if (out / name).exists():
            raise VisionUserError(
                f"--out {out}: already holds a rendered game ({name}); choose another folder"
            )
    try:
        design(args.design)
    except KeyError as error:
        raise VisionUserError(str(error.args[0])) from None
    options = FilmOptions(
        variant=args.variant,
        seed=args.seed,
        design=args.design,
        size=_size(args.size),
        hands=at_least_one(args.hands, "--hands"),
        tricks=at_least_one(args.tricks, "--tricks"),
        illegal=_share(args.illegal),
        pace=FAST if args.fast else Pace(),
    )
    try:
        film = write_film(options, out, video=args.video)
    except ArtUnavailable as error:
        raise VisionUserError(str(error)) from None
    except OSError as error:
        raise VisionUserError(f"--out {out}: cannot write ({error})") from None
    what = "game.avi" if args.video else "frames/"
    print(
        f"jassref: {args.variant} seed {args.seed} ({args.design}): {film.frame} frames "
        f"({film.frame / options.fps:.1f} s at {options.fps:g} fps) written to {out}/{what}, "
        f"with truth.jsonl ({len(film.events)} events), buttons.jsonl, timeline.jsonl"
    )
    return 0


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise VisionUserError(f"--size {text}: expected WIDTHxHEIGHT, e.g. 960x540") from None
    if not (320 <= width <= 3840 and 180 <= height <= 2160):
        raise VisionUserError(f"--size {text}: between 320x180 and 3840x2160")
    return width, height


def at_least_one(value: int | None, name: str) -> int | None:
    """``value`` itself, when it is a count of 1 or more (or not given)."""
    if value is not None and value < 1:
        raise VisionUserError(f"{name} {value}: must be 1 or more")
    return value


def _share(value: float) -> float:
    if not 0.0 <= value <= 1.0:
        raise VisionUserError(f"--illegal {value}: a share between 0 and 1")
    return value


def replay_command(args: argparse.Namespace) -> int:
    frames, folder = _recording(Path(args.recording))
    buttons_path = Path(args.buttons) if args.buttons else folder / "buttons.jsonl"
    if not buttons_path.exists():
        raise VisionUserError(
            f"{buttons_path}: no button events (give --buttons FILE: the game, hand, trump, "
            "stöck and bedanken events, each with the frame it was given at)"
        )
    try:
        buttons = read_buttons(buttons_path)
        new_game(buttons[0].event)
    except ButtonsError as error:
        raise VisionUserError(str(error)) from None
    except NotAGameLog as error:
        raise VisionUserError(f"{buttons_path}: {error}") from None
    variant = buttons[0].event.get("variant")
    if variant not in VARIANTS:
        raise VisionUserError(
            f"{buttons_path}: the tracker follows {', '.join(VARIANTS)}, not {variant}"
        )
    identifier = identifier_for(args.deck)
    stream = iter(frames)
    try:
        first = next(stream, None)
    except SourceError as error:
        raise VisionUserError(str(error)) from None
    if first is None:
        raise VisionUserError(f"{args.recording}: no frame could be read")
    table = Path(args.table) if args.table else folder / "table.json"
    calibration = _calibration(table, first, args.seat0, args.recalibrate)
    try:
        result = run_tracker(itertools.chain([first], stream), buttons, identifier, calibration)
    except (ReplayError, SourceError) as error:
        raise VisionUserError(str(error)) from None
    out = Path(args.out)
    try:
        write_log(out, result.events)
    except OSError as error:
        raise VisionUserError(f"--out {out}: cannot write ({error.strerror})") from None
    tracker = result.tracker
    for notice in tracker.notices:
        print(f"frame {notice.frame}: {notice.text}")
    camera = sum(1 for e in tracker.log if e.source == "camera")
    confirm = sum(1 for e in result.events if e.get("confirm"))
    print(
        f"jassref: {result.frames} frames, {len(tracker.log)} events written to {out} "
        f"({camera} seen by the camera, {confirm} to confirm), {len(tracker.notices)} notices"
    )
    return 0


def _recording(path: Path) -> tuple[Iterator[Frame], Path]:
    """The frames of a recording (a folder of frames, a folder with game.avi, or a video
    file) and the folder its other files lie in."""
    if not path.exists():
        raise VisionUserError(f"{path}: no such file or folder")
    try:
        if path.is_dir():
            if (path / "frames").is_dir():
                return FolderSource(path / "frames").frames(), path
            if (path / "game.avi").is_file():
                return CaptureSource(str(path / "game.avi")).frames(), path
            if any(p.suffix.lower() in IMAGE_SUFFIXES for p in path.iterdir()):
                return FolderSource(path).frames(), path
            raise VisionUserError(f"{path}: holds no frames (frames/*.jpg) and no game.avi")
        return CaptureSource(str(path)).frames(), path.parent
    except SourceError:
        raise VisionUserError(f"{path}: not a video this program can read") from None


def _calibration(table: Path, first: Frame, seat0: str | None, again: bool) -> Calibration:
    """The saved calibration when it fits this recording, else a new one (saved)."""
    if table.exists() and not again:
        try:
            saved = Calibration.load(table)
        except CalibrationError as error:
            raise VisionUserError(f"{error}; delete it or give --recalibrate") from None
        if seat0 is not None and seat0 != saved.seat0:
            raise VisionUserError(
                f"{table} puts seat 0 at the {saved.seat0}; give --recalibrate to change it"
            )
        if not saved.fits(first.main):
            raise VisionUserError(
                f"{table} does not fit the mat in this recording (did the camera move?); "
                "give --recalibrate"
            )
        return saved
    try:
        made = calibrate(first.main, seat0 or "bottom")
    except CalibrationError as error:
        raise VisionUserError(f"calibration from the first frame failed: {error}") from None
    try:
        made.save(table)
    except OSError as error:
        raise VisionUserError(f"{table}: cannot save the calibration ({error.strerror})") from None
    corners = json.dumps([[round(float(x)), round(float(y))] for x, y in made.mat])
    print(f"jassref: mat found at {corners}, seat 0 at the {made.seat0}; saved to {table}")
    return made
