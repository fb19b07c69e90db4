"""The parsers of ``jassref vision …``; each command's module is imported only when that
command runs (``jassref enroll``, which also wires the table's light and a phone page, is
:mod:`jassref.enroll`).

So ``jassref`` starts without OpenCV and numpy for every command that reads no card
(:mod:`vision.names`). ``vision read --json``, ``vision render-game`` and ``vision
replay`` are public interfaces (:mod:`vision.commands`, :mod:`vision.game_commands`):
keep their arguments stable.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable

from vision.names import MAT_NAMES, SIDES, VARIANTS

Command = Callable[[argparse.Namespace], int]


def _later(module: str, name: str) -> Command:
    """The command ``name`` of ``module``, imported when it is run."""

    def run(args: argparse.Namespace) -> int:
        command: Command = getattr(importlib.import_module(module), name)
        return command(args)

    return run


def add_parsers(commands: argparse._SubParsersAction) -> None:
    vision = commands.add_parser("vision", help="read cards from images and video")
    sub = vision.add_subparsers(title="vision commands")
    deck_help = "a built-in design name or an enrolled profile (.npz); default: all built-in"

    read = sub.add_parser("read", help="the cards on each image")
    read.add_argument("images", nargs="+", metavar="IMAGE")
    read.add_argument("--json", action="store_true", help="one JSON object per image")
    read.add_argument("--deck", help=deck_help)
    read.set_defaults(run=_later("vision.commands", "read_command"))

    debug = sub.add_parser("debug", help="draw every stage of reading an image or video")
    debug.add_argument("input", metavar="IMAGE|VIDEO")
    debug.add_argument("--deck", help=deck_help)
    debug.add_argument("--out", default="/tmp/vision-shots", help="folder for the debug images")
    debug.add_argument("--frames", type=int, default=5, help="frames of a video to draw")
    debug.set_defaults(run=_later("vision.commands", "debug_command"))

    ev = sub.add_parser("eval", help="read rendered scenes back and count right and wrong")
    ev.add_argument("--designs", help="comma-separated design names (default: all)")
    ev.add_argument("--frames", type=int, default=20, help="scenes per design")
    ev.add_argument("--seed", type=int, default=1000, help="first scene seed")
    ev.add_argument(
        "--enrolled",
        action="store_true",
        help="read each design with its own profile, enrolled through the guide",
    )
    ev.add_argument(
        "--mat",
        choices=sorted(MAT_NAMES),
        default="table",
        help="what the cards lie on: felt or wood (table, default), a carpet or a rug",
    )
    ev.add_argument(
        "--strays",
        type=int,
        default=0,
        help="cards per scene replaced by ones no Jass deck holds (a two to five, a joker);"
        " naming one counts as wrong; with --enrolled, the deck's are enrolled too",
    )
    ev.add_argument(
        "--max-wrong",
        type=int,
        help="exit 1 if a design has more wrong cards (a card named twice counts)",
    )
    ev.add_argument("--min-recall", type=float, help="exit 1 if a design's recall is lower")
    ev.add_argument("--max-ms", type=float, help="exit 1 if a design's median ms is higher")
    ev.set_defaults(run=_later("vision.commands", "eval_command"))

    _add_game_parsers(sub, deck_help)


def _add_game_parsers(sub: argparse._SubParsersAction, deck_help: str) -> None:
    render = sub.add_parser(
        "render-game", help="render a whole game as 30 fps frames (or a video) and its log"
    )
    render.add_argument("--variant", required=True, choices=VARIANTS)
    render.add_argument("--seed", required=True, type=int)
    render.add_argument("--out", required=True, metavar="DIR")
    render.add_argument("--design", default="swiss-xvii", help="deck design (default swiss-xvii)")
    render.add_argument("--video", action="store_true", help="write DIR/game.avi, not frames")
    render.add_argument("--hands", type=int, help="hands to play (default: a whole game)")
    render.add_argument("--tricks", type=int, help="stop after this many tricks (short tests)")
    render.add_argument("--illegal", type=float, default=0.0, help="share of illegal plays")
    render.add_argument("--size", default="960x540", help="frame size (default 960x540)")
    render.add_argument("--fast", action="store_true", help="fewer frames per motion")
    render.set_defaults(run=_later("vision.game_commands", "render_game_command"))

    replay = sub.add_parser("replay", help="follow a recorded game; write the log it saw")
    replay.add_argument("recording", metavar="VIDEO|DIR")
    replay.add_argument("--out", required=True, metavar="LOG", help="game log to write")
    replay.add_argument("--buttons", help="button events (default: buttons.jsonl beside it)")
    replay.add_argument("--deck", help=deck_help)
    replay.add_argument(
        "--table", help="calibration file (default: table.json beside it; made if missing)"
    )
    replay.add_argument("--seat0", choices=SIDES, help="side of seat 0 when calibrating")
    replay.add_argument("--recalibrate", action="store_true", help="find the mat again")
    replay.set_defaults(run=_later("vision.game_commands", "replay_command"))
