"""The ``jassref`` command: one entry point, one sub-command per job.

Every user-facing failure (a missing file, a text that is not a game log, a bad
setting) is one line on standard error and exit status 2; no traceback reaches a user.
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import sys
from importlib import resources
from pathlib import Path

import referee
from referee.explain import explain_data, format_explanation
from referee.gamelog import dump_log
from referee.report import format_report
from referee.simulate import SimulationOptions, simulate_schieber
from referee.simulate_family import SIMULATORS
from referee.simulate_talon import TalonOptions, simulate_talon
from store import GameStore, StoreError, score_sheet_csv
from vision.names import VisionUserError
from vision.parsers import add_parsers

SAMPLE = "schieber-sample.jsonl"
DEMO_SECONDS_MAX = 366 * 24 * 3600
"""Longest unattended demo, in seconds: a year, longer than any demo runs, and far inside
what the threads' waits accept (``1e300`` overflowed them)."""
TALON_GAMES = ("schmaus", "frantsfuus", "smousjas")
SIMULATED = ("schieber", *SIMULATORS, *TALON_GAMES)


class UserError(Exception):
    """A problem the user can fix; printed as one line."""


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    try:
        return int(args.run(args))
    except (UserError, VisionUserError) as error:
        print(f"jassref: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:  # Ctrl-C before a command could see it (its imports, say)
        print("jassref: stopped", file=sys.stderr)
        return 130
    except Exception as error:  # a bug of ours: one line for the user, not a traceback
        print(
            f"jassref: internal error ({type(error).__name__}: {error}); please report it "
            "with the file you used",
            file=sys.stderr,
        )
        return 3


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jassref", description="Referee and scorekeeper for real Jass card games."
    )
    commands = parser.add_subparsers(title="commands")

    demo = commands.add_parser(
        "demo", help="the whole table on this machine: a rendered game through camera, board"
    )
    demo.add_argument("--port", type=int, default=8000, help="the board's port (default 8000)")
    demo.add_argument(
        "--seconds", type=float, help="run this long unattended, then exit (default: until Ctrl-C)"
    )
    demo.add_argument("--no-keyboard", action="store_true", help="no keys for the buttons")
    demo.add_argument(
        "--replay-sample",
        action="store_true",
        help="only replay the bundled recorded game through the referee (no camera, no board)",
    )
    demo.set_defaults(run=_demo)

    ref = commands.add_parser("referee", help="check game logs, list rules, simulate games")
    ref_commands = ref.add_subparsers(title="referee commands")

    check = ref_commands.add_parser("check", help="referee a game log (JSON Lines)")
    check.add_argument("log", help="game log file, or - for standard input")
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")
    check.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="house rule for this check (see 'jassref referee rules'); repeatable",
    )
    check.set_defaults(run=_check)

    explain = ref_commands.add_parser(
        "explain", help="dispute report: tricks, what each seat is proven to hold, proofs"
    )
    explain.add_argument("log", help="game log file, or - for standard input")
    explain.add_argument("--json", action="store_true", help="print the report as JSON")
    explain.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    explain.set_defaults(run=_explain)

    rules = ref_commands.add_parser("rules", help="list the house-rule settings of a variant")
    rules.add_argument("variant", nargs="?", default="schieber", help="default: schieber")
    rules.add_argument("--json", action="store_true")
    rules.set_defaults(run=_rules)

    sim = ref_commands.add_parser("simulate", help="write a random game log")
    sim.add_argument(
        "--variant", default="schieber", help=f"one of {', '.join(SIMULATED)} (default schieber)"
    )
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--hands", type=int, default=None, help="stop after N hands")
    sim.add_argument("--no-deal", action="store_true", help="omit the deal (camera case)")
    sim.add_argument("--no-claim", action="store_true", help="never claim: play all --hands")
    sim.add_argument(
        "--illegal",
        type=float,
        default=0.0,
        metavar="RATE",
        help="chance of an illegal play where one is possible",
    )
    sim.add_argument("--out", help="write here instead of standard output")
    sim.set_defaults(run=_simulate)

    serve = commands.add_parser("serve", help="serve the live web board (the tavla) to phones")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default all)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--log", help="game log file: appended to, and resumed from at a restart")
    serve.add_argument(
        "--pin",
        help="table PIN for changes (default: the one kept beside the log, else a new one; "
        "printed at every start)",
    )
    serve.add_argument("--qr", action="store_true", help="print a QR code of the board's address")
    serve.add_argument(
        "--faces", choices=("french", "swiss"), default="french", help="card faces on the board"
    )
    serve.add_argument("--target", type=int, default=2500, help="points to win a new game")
    serve.add_argument("--threads", type=int, default=24, help="server threads (one per phone)")
    serve.set_defaults(run=_serve)

    run = commands.add_parser("run", help="the table service: game store, live board, inputs")
    run.add_argument(
        "--config", help="TOML settings over the defaults (see 'jassref run --print-defaults')"
    )
    run.add_argument(
        "--camera",
        metavar="SOURCE",
        help=(
            "picamera2, usb:N, a network camera (http://..., rtsp://...), "
            "a video file or a folder of frames (over camera.source)"
        ),
    )
    run.add_argument(
        "--print-defaults", action="store_true", help="print the default settings and exit"
    )
    run.set_defaults(run=_run)

    games = commands.add_parser("store", help="the games in a table's store: list, export, import")
    games.add_argument("--store", default="jassref.db", help="the SQLite game store")
    store_commands = games.add_subparsers(title="store commands")
    listing = store_commands.add_parser("list", help="the stored games")
    listing.set_defaults(run=_store_list)
    export = store_commands.add_parser("export", help="a game as JSON Lines, or its score sheet")
    export.add_argument("game", nargs="?", help="the game's name (default: the current one)")
    export.add_argument("--csv", action="store_true", help="the score sheet as CSV instead")
    export.add_argument("--out", help="write here instead of standard output")
    export.set_defaults(run=_store_export)
    load = store_commands.add_parser("import", help="store a game log as a new, current game")
    load.add_argument("log", help="game log file (JSON Lines), or - for standard input")
    load.set_defaults(run=_store_import)

    add_parsers(commands)

    enroll = commands.add_parser(
        "enroll", help="show each card of your deck as the guide asks; write a profile"
    )
    enroll.add_argument(
        "--source",
        help="picamera, usb:N, a network camera, a video or a folder of frames "
        "(default: camera.source of --config, else picamera)",
    )
    enroll.add_argument("--name", default="my-deck", help="the deck's name, kept in the profile")
    enroll.add_argument(
        "--style",
        choices=("french", "swiss"),
        default="french",
        help="how the guide names cards: french (♥10) or swiss (Schellen Banner)",
    )
    enroll.add_argument(
        "--strays",
        type=int,
        default=0,
        help="cards your deck holds that Jass leaves out (twos to fives, jokers) to show"
        " after the 36, so that one left among the cards is never named (default 0)",
    )
    enroll.add_argument(
        "--config",
        help="the table's settings (as for 'jassref run'): its status light and buzzer"
        " confirm each view, its web port serves --web, its camera is the default source",
    )
    enroll.add_argument(
        "--web",
        action="store_true",
        help="show the guide on a phone page: the card asked for, and each view taken",
    )
    enroll.add_argument("--out", required=True, help="profile file to write (.npz)")
    enroll.set_defaults(run=_enroll)
    return parser


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UserError(f"{path}: is a directory, not a game log") from None
    except UnicodeDecodeError:
        raise UserError(f"{path}: not a text file, so not a game log") from None
    except OSError as error:
        raise UserError(f"{path}: cannot read ({error.strerror})") from None


def _overrides(pairs: list[str]) -> dict[str, object]:
    values: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise UserError(f"--set {pair!r}: write NAME=VALUE")
        values[name.strip()] = value.strip()
    return values


def _verdict(text: str, overrides: dict[str, object], name: str) -> referee.Verdict:
    try:
        return referee.check(text, overrides)
    except referee.NotAGameLog as error:
        raise UserError(f"{name}: {error}") from None
    except referee.SettingsError as error:
        raise UserError(f"--set: {error}") from None


def _check(args: argparse.Namespace) -> int:
    verdict = _verdict(_read_text(args.log), _overrides(args.set), args.log)
    if args.json:
        print(json.dumps(verdict.to_json(), ensure_ascii=False))
    else:
        print(format_report(verdict), end="")
    return 0


def _explain(args: argparse.Namespace) -> int:
    text = _read_text(args.log)
    try:
        series = referee.referee_log(text, _overrides(args.set))
    except referee.NotAGameLog as error:
        raise UserError(f"{args.log}: {error}") from None
    except referee.SettingsError as error:
        raise UserError(f"--set: {error}") from None
    data = explain_data(series)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(format_explanation(data), end="")
    return 0


def _rules(args: argparse.Namespace) -> int:
    game = referee.VARIANTS.get(args.variant)
    if game is None:
        raise UserError(f"unknown variant {args.variant!r} (known: {', '.join(referee.VARIANTS)})")
    described = game.rules_class.describe()
    if not described and not args.json:
        print(f"{args.variant} has no house rules")
        return 0
    if args.json:
        print(json.dumps(described, ensure_ascii=False, indent=2))
        return 0
    for rule in described:
        kind = "a number" if isinstance(rule["default"], int) else "text"
        choices = " | ".join(map(str, rule["choices"])) or kind
        print(f"{rule['name']} = {rule['default']}   ({choices})")
        print(f"    {rule['doc']}")
        print(f"    source: {rule['source']}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    if not 0.0 <= args.illegal <= 1.0:
        raise UserError("--illegal is a chance between 0 and 1")
    if args.variant not in SIMULATED:
        raise UserError(f"no simulator for {args.variant!r} (one of {', '.join(SIMULATED)})")
    if args.hands is not None and args.hands < 1:
        raise UserError("--hands is a number of hands, 1 or more")
    rng = random.Random(args.seed)
    if args.variant in TALON_GAMES:
        talon = TalonOptions(args.hands or 1, not args.no_deal, args.illegal)
        events = simulate_talon(rng, referee.VARIANTS[args.variant], talon)  # type: ignore[arg-type]
    else:
        options = SimulationOptions(
            hands=args.hands,
            known_hands=not args.no_deal,
            illegal_rate=args.illegal,
            claim=not args.no_claim,
        )
        events = SIMULATORS.get(args.variant, simulate_schieber)(rng, options)
    text = dump_log(events)
    return _write_out(text, args.out)


def _write_out(text: str, out: str | None) -> int:
    """Writes a command's result to ``--out`` when given, else to standard output."""
    if out:
        try:
            Path(out).write_text(text, encoding="utf-8")
        except OSError as error:
            raise UserError(f"--out {out}: cannot write ({error.strerror})") from None
    else:
        sys.stdout.write(text)
    return 0


def _serve(args: argparse.Namespace) -> int:
    import waitress

    from webui import create_app
    from webui.pin import is_pin

    if args.pin is not None and not is_pin(args.pin):
        raise UserError("--pin: use 4 to 8 digits")
    _check_listening(args.host, args.port, args.threads)
    if args.target < 1:
        raise UserError(f"--target {args.target}: not a score to play to (1 or more)")
    from webui.qr import table_address, terminal_qr

    url = table_address(args.host, args.port)
    config: dict[str, object] = {"TARGET": args.target, "CARD_FACES": args.faces, "PUBLIC_URL": url}
    if args.log:
        config["LOG_PATH"] = args.log
    if args.pin:
        config["TABLE_PIN"] = args.pin
    try:
        app = create_app(config)
    except referee.NotAGameLog as error:
        raise UserError(f"{args.log}: {error}") from None
    except OSError as error:
        raise UserError(f"{args.log}: cannot use the game log ({error.strerror})") from None
    print(f"jassref: the tavla is at {url}  table PIN {app.config['TABLE_PIN']}")
    if args.qr:
        print(terminal_qr(url), end="")
    the_table = app.extensions["jassref.table"]
    if args.log:
        print(f"jassref: game log {the_table.log.name} ({the_table.snapshot.version} lines)")
    sys.stdout.flush()
    waitress.serve(app, host=args.host, port=args.port, threads=args.threads, ident="jassref")
    return 0


def _check_listening(host: str, port: int, threads: int) -> None:
    """Refuses, before anything is printed or opened, what the server would fail on
    later (an address it cannot resolve, a port out of range) or serve wrongly (a port
    past 65535 is taken modulo 65536, no thread answers nobody)."""
    if not 0 <= port <= 65535:
        raise UserError(f"--port {port}: not a port number (0 to 65535)")
    if threads < 1:
        raise UserError(f"--threads {threads}: at least 1")
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise UserError(f"--host {host}: not an address to listen on ({error})") from None


def _run(args: argparse.Namespace) -> int:
    from jassref import config, service

    if args.print_defaults:
        print(resources.files("jassref").joinpath("default.toml").read_text(encoding="utf-8"))
        return 0
    try:
        settings = config.load(Path(args.config) if args.config else None)
        if args.camera is not None:
            settings["camera"]["source"] = args.camera
        return service.run(settings)
    except config.ConfigError as error:
        raise UserError(str(error)) from None
    except OSError as error:
        raise UserError(str(error)) from None


def _open_store(args: argparse.Namespace, create: bool = False) -> GameStore:
    path = Path(args.store)
    if not create and not path.exists():
        raise UserError(f"{path}: no game store here (give --store)")
    try:
        return GameStore(path)
    except StoreError as error:
        raise UserError(str(error)) from None


def _store_list(args: argparse.Namespace) -> int:
    games = _open_store(args)
    current = games.current()
    for game in games.games():
        mark = "*" if game.name == current else " "
        print(f"{mark} {game.name:12} {game.events:5} events  started {game.started}")
    return 0


def _store_export(args: argparse.Namespace) -> int:
    games = _open_store(args)
    name = args.game or games.current()
    if name is None:
        raise UserError(f"{args.store}: the store holds no game")
    try:
        text = "".join(line + "\n" for line in games.lines(name))
    except StoreError as error:
        raise UserError(str(error)) from None
    if args.csv:
        try:
            text = score_sheet_csv(text)
        except referee.NotAGameLog as error:
            raise UserError(f"{name}: {error}") from None
    return _write_out(text, args.out)


def _store_import(args: argparse.Namespace) -> int:
    text = _read_text(args.log)
    try:
        referee.check(text)
    except referee.NotAGameLog as error:
        raise UserError(f"{args.log}: {error}") from None
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    games = _open_store(args, create=True)
    try:
        name = games.start(lines[0])
        if len(lines) > 1:
            games.append(name, lines[1:])
    except StoreError as error:
        raise UserError(str(error)) from None
    print(f"jassref: stored {args.log} as {name} ({len(lines)} events), now the current game")
    return 0


def _enroll(args: argparse.Namespace) -> int:
    from jassref.enroll import enroll_command

    return enroll_command(args)


def _demo(args: argparse.Namespace) -> int:
    if args.replay_sample:
        text = resources.files("jassref.samples").joinpath(SAMPLE).read_text(encoding="utf-8")
        print("jassref demo: replaying a recorded Schieber game through the referee.\n")
        print(format_report(_verdict(text, {}, SAMPLE)), end="")
        return 0
    from jassref.demo import DemoOptions, run_demo

    if args.seconds is not None and not 0 < args.seconds <= DEMO_SECONDS_MAX:
        raise UserError(f"--seconds: a positive number of seconds, at most {DEMO_SECONDS_MAX}")
    _check_listening("127.0.0.1", args.port, 1)  # where the demo's board listens
    try:
        return run_demo(DemoOptions(args.port, args.seconds, not args.no_keyboard))
    except OSError as error:
        raise UserError(f"the demo cannot start ({error.strerror or error})") from None
