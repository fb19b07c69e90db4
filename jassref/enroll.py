"""``jassref enroll``: a player shows each card of their own deck; a profile is written.

The guide (:func:`vision.enroll.enroll`) asks for one card at a time and takes three
views of each. Its state (:class:`vision.enroll_guide.Guide`) is shown wherever the
player can see or hear it:

- the terminal: each line the guide says, and a bell at each view taken, as before;
- the status light and buzzer of the table's pin map (``[hardware]`` of ``--config``,
  as ``jassref run`` wires them, on a Pi): green while a card is awaited, a wink and a
  beep at each view taken, amber blinking with a beep when the card must be moved, a
  long beep at the end, red when enrollment stopped;
- with ``--web``, a phone page on the table's address (``[web]``), with the face of the
  card asked for and a green flash at each view (:mod:`webui.enrollment`).

The camera is ``--source``, else ``camera.source`` of ``--config``, else the Pi's
camera. The table service holds the camera, the pins and the port while it runs: it is
stopped first (``sudo systemctl stop jassref``), as the README says.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from functools import partial
from pathlib import Path

import waitress

import hardware
from hardware.devices import NO_GPIO
from hardware.status import LONG_BEEP
from jassref import config
from jassref.cli import UserError
from vision.enroll import EnrollmentIncomplete, enroll
from vision.enroll_guide import Change, Guide, GuideState
from vision.sources import SourceError, open_source
from webui.enrollment import create_enrollment_app
from webui.qr import table_address, terminal_qr
from webui.serving import stop_serving

LINGER = 3.0
"""Seconds the phone page is still served after the end, so that a phone asking twice
a second shows how it ended before the server goes."""
PAGE_THREADS = 4
"""Server threads for the page: a few phones at the table, each asking twice a second."""


def enroll_command(args: argparse.Namespace) -> int:
    if args.strays < 0:
        raise UserError(f"--strays must be 0 or more, not {args.strays}")
    try:
        settings = config.load(Path(args.config) if args.config else None)
    except config.ConfigError as error:
        raise UserError(str(error)) from None
    guide = Guide(args.name, args.strays, args.style)
    guide.listen(_on_terminal)
    light = _light(settings)
    if light is not None:
        guide.listen(partial(_on_light, light))
    try:
        with _page(guide, settings, args.style) if args.web else nullcontext():
            try:
                _enroll(guide, args, args.source or settings["camera"]["source"] or "picamera")
            except KeyboardInterrupt:
                guide.fail("enrollment stopped: no profile written")
                raise UserError("enrollment stopped: no profile written") from None
            except (EnrollmentIncomplete, SourceError) as error:
                guide.fail(str(error))
                raise UserError(str(error)) from None
    finally:
        if light is not None:
            light.close()
    return 0


def _enroll(guide: Guide, args: argparse.Namespace, spec: str) -> None:
    source = open_source(spec)
    try:
        profile = enroll(
            source.frames(),
            args.name,
            args.style,
            guide.prompt,
            guide.confirm,
            strays=args.strays,
            asked=guide.asked,
        )
    finally:
        source.close()
    try:
        profile.save(Path(args.out))
    except OSError as error:
        guide.fail(f"{args.out}: cannot write the profile ({error.strerror})")
        raise UserError(f"{args.out}: cannot write the profile ({error.strerror})") from None
    guide.finish(f"deck profile {args.name!r} written to {args.out}")


def _on_terminal(state: GuideState, change: Change) -> None:
    """The guide in the terminal: its lines, and a bell and a line per view taken."""
    if change == Change.ASKED:
        print(state.line, flush=True)
    elif change == Change.MOVE:
        print(state.problem, flush=True)
    elif change == Change.TAKEN:
        print(f"\a  got {state.card or 'a card Jass leaves out'}", flush=True)
    elif change == Change.DONE:
        print(f"jassref: {state.outcome}", flush=True)


def _on_light(light: hardware.StatusIndicator, state: GuideState, change: Change) -> None:
    """The guide on the status light and buzzer, seen and heard from the mat."""
    if change == Change.ASKED:
        light.ok()
    elif change == Change.TAKEN:
        light.ok()
        light.wink()
    elif change == Change.MOVE:
        light.attention()
    elif change == Change.DONE:
        light.ok()
        light.beep(1, LONG_BEEP)
    elif change == Change.FAILED:
        light.fault()


def _light(settings: config.Config) -> hardware.StatusIndicator | None:
    """The table's status light and buzzer, as ``[hardware]`` wires them: none where
    its controls are the keyboard or nothing, or (``auto``) where the machine has no
    GPIO; a pin the light cannot claim is said in one line and enrollment goes on with
    the terminal's bell (with ``controls = "gpio"`` it is an error)."""
    controls = settings["hardware"]["controls"]
    if controls in ("keyboard", "none"):
        return None
    try:
        return hardware.status_light(settings)
    except hardware.HardwareError as error:
        if controls == "gpio":
            raise UserError(f"hardware: {error}") from None
        if str(error) != NO_GPIO:
            print(f"jassref: no status light ({error})", file=sys.stderr, flush=True)
        return None


@contextmanager
def _page(guide: Guide, settings: config.Config, style: str) -> Iterator[None]:
    """The guide's phone page served on the table's address while enrollment runs, and
    ``LINGER`` seconds after it ends."""
    host, port = settings["web"]["host"], settings["web"]["port"]
    app = create_enrollment_app(lambda: guide.state.to_json(), style)
    try:
        server = waitress.create_server(
            app, host=host, port=port, threads=PAGE_THREADS, ident="jassref"
        )
    except OSError as error:
        raise UserError(
            f"--web: cannot serve the page on {host}:{port} ({error.strerror}); is the "
            "table service still running? (sudo systemctl stop jassref)"
        ) from None
    except ValueError as error:
        raise UserError(f"--web: cannot serve the page on {host}:{port} ({error})") from None
    url = table_address(host, port)
    print(f"jassref: the guide is shown at {url}", flush=True)
    print(terminal_qr(url), end="", flush=True)
    loop = threading.Thread(target=server.run, name="enrollment-page", daemon=True)
    loop.start()
    try:
        yield
    finally:
        try:
            if guide.state.outcome:
                time.sleep(LINGER)
        except KeyboardInterrupt:
            pass  # the player need not wait for the phone: stop serving now
        finally:
            stop_serving(server, None, loop)
