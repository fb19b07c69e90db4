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
  card asked for, the camera's picture and a green flash at each view
  (:mod:`webui.enrollment`).

An enrollment cut short keeps the cards shown so far beside the profile to be
(``KEPT_SUFFIX``, :mod:`vision.enroll_progress`), and the same command goes on from the
next card.

The camera is ``--source``, else ``camera.source`` of ``--config``, else the Pi's
camera. The table service holds the camera, the pins and the port while it runs: it is
stopped first (``sudo systemctl stop jassref``), as the README says.
"""

from __future__ import annotations

import argparse
import errno
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from functools import partial
from pathlib import Path

import cv2
import numpy as np
import waitress

import hardware
from hardware.devices import NO_GPIO
from hardware.status import LONG_BEEP
from jassref import config
from jassref.cli import UserError
from jassref.service import check_address, check_hardware, interrupted_by
from vision.detect import find_cards
from vision.enroll import EnrollmentIncomplete, enroll, in_view
from vision.enroll_guide import Change, Guide, GuideState
from vision.enroll_progress import Progress, ProgressError
from vision.sources import Frame, FrameSource, SourceError, open_source
from webui.enrollment import create_enrollment_app
from webui.qr import table_address, terminal_qr
from webui.serving import stop_serving

LINGER = 3.0
"""Seconds the light and the phone page go on after the end: the long beep or the red
light's three beeps sound whole, and a phone asking twice a second shows how it ended
before the server goes."""
SERVICE_HINT = "is the table service still running? (sudo systemctl stop jassref)"
NO_LIGHT = 'leave out --config, or set [hardware] controls = "auto", to enroll without it'
"""What to do where ``controls = "gpio"`` asks for the light on a machine with no GPIO."""
PREVIEW_WIDTH = 640
"""Width of the camera's picture on the phone page, in pixels: a card and the
picture's edge are plain at that size, and a picture is tens of kilobytes."""
ALONE = (90, 230, 60)
"""Colour (BGR) of the outline of a card lying alone, clear of the picture's edge."""
CROWDED_COLOUR = (0, 170, 255)
"""Colour (BGR) of the outlines of several cards, or of one at the picture's edge."""
KEPT_SUFFIX = ".enrolling"
"""Added to the profile's file name for the progress kept while a deck is enrolled."""
PAGE_THREADS = 4
"""Server threads for the page: a few phones at the table, each asking twice a second."""


def enroll_command(args: argparse.Namespace) -> int:
    if args.strays < 0:
        raise UserError(f"--strays must be 0 or more, not {args.strays}")
    settings = _settings(args.config)
    out = _writable(Path(args.out))
    spec = args.source or settings["camera"]["source"] or "picamera"
    kept_at = out.with_name(out.name + KEPT_SUFFIX)
    progress = _progress(kept_at, args)
    guide = Guide(args.name, args.strays, args.style, shown=progress.shown if progress else 0)
    guide.listen(_on_terminal)
    light = _light(settings) if args.config else None
    if light is not None:
        guide.listen(partial(_on_light, light))
    try:
        preview = Preview()
        page = _page(guide, preview, settings, args.style) if args.web else nullcontext()
        with _stopped_by_signal(), page:
            interrupted = False
            try:
                _enroll(guide, open_source(spec), preview, out, args, progress, kept_at)
            except KeyboardInterrupt:
                interrupted = True
                stopped = "enrollment stopped: no profile written" + _kept(kept_at)
                guide.fail(stopped)
                raise UserError(stopped) from None
            except (EnrollmentIncomplete, SourceError) as error:
                failed = str(error) + _kept(kept_at)
                guide.fail(failed)
                raise UserError(failed) from None
            finally:
                if (light is not None or args.web) and not interrupted:
                    _linger()
    finally:
        if light is not None:
            light.close()
    return 0


class Preview:
    """The camera's latest picture, for the phone page: the guide's frames pass through
    on their way to it (:meth:`passing`), and a phone's request takes the newest
    (:meth:`jpeg`), made small and with each card the guide would see outlined: green
    where one card lies alone clear of the picture's edge (the guide takes a view of it
    once it lies still), amber otherwise (several, or one at the edge). Made once per
    frame asked for, in the server's thread (about 20 ms at 1280×720), whatever number
    of phones ask."""

    def __init__(self) -> None:
        self._picture: np.ndarray | None = None
        self._made: tuple[np.ndarray, bytes | None] | None = None  # a picture, its JPEG
        self._lock = threading.Lock()

    def passing(self, frames: Iterable[Frame]) -> Iterator[Frame]:
        for frame in frames:
            self._picture = frame.main
            yield frame

    def jpeg(self) -> bytes | None:
        """The newest picture, ``PREVIEW_WIDTH`` pixels wide at most, as JPEG; ``None``
        before the first."""
        picture = self._picture
        if picture is None:
            return None
        with self._lock:
            if self._made is None or self._made[0] is not picture:
                self._made = (picture, _outlined_jpeg(picture))
            return self._made[1]


def _outlined_jpeg(picture: np.ndarray) -> bytes | None:
    """``picture`` made small, each card found outlined (:class:`Preview`), as JPEG."""
    quads = find_cards(picture).quads
    height, width = picture.shape[:2]
    scale = min(1.0, PREVIEW_WIDTH / width)
    size = (round(width * scale), round(height * scale))
    shown = cv2.resize(picture, size, interpolation=cv2.INTER_AREA)
    alone = len(quads) == 1 and in_view(quads[0], picture.shape)
    outlines = [np.int32(np.round(quad * scale)) for quad in quads]
    cv2.polylines(shown, outlines, True, ALONE if alone else CROWDED_COLOUR, 2, cv2.LINE_AA)
    done, data = cv2.imencode(".jpg", shown, [cv2.IMWRITE_JPEG_QUALITY, 80])
    return data.tobytes() if done else None


def _settings(path: str | None) -> config.Config:
    """The table's settings (defaults without ``--config``), their address and pin map
    checked as ``jassref run`` checks them: a typo is refused, not ignored."""
    try:
        settings = config.load(Path(path) if path else None)
        check_address(settings)
        check_hardware(settings)
    except config.ConfigError as error:
        raise UserError(str(error)) from None
    return settings


def _writable(path: Path) -> Path:
    """``path``, once a profile can be written there: checked before the first card is
    asked for, as enrolling a deck takes minutes at the table and a path found wrong at
    the end would lose them. Its folder is made if missing, as the profile's writing
    would make it."""
    if path.is_dir():
        raise UserError(f"--out {path}: a folder; name the profile file (my-deck.npz)")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path.parent):
            pass
    except OSError as error:
        raise UserError(f"--out {path}: cannot write there ({error.strerror})") from None
    return path


def _enroll(
    guide: Guide,
    source: FrameSource,
    preview: Preview,
    out: Path,
    args: argparse.Namespace,
    progress: Progress | None,
    kept_at: Path,
) -> None:
    try:
        profile = enroll(
            preview.passing(source.frames()),
            args.name,
            args.style,
            guide.prompt,
            guide.confirm,
            strays=args.strays,
            asked=guide.asked,
            progress=progress,
            kept=partial(_keep, kept_at),
        )
    finally:
        source.close()
    try:
        profile.save(out)
    except OSError as error:
        failed = f"{out}: cannot write the profile ({error.strerror}){_kept(kept_at)}"
        guide.fail(failed)
        raise UserError(failed) from None
    kept_at.unlink(missing_ok=True)
    guide.finish(f"deck profile {args.name!r} written to {out}")


def _progress(path: Path, args: argparse.Namespace) -> Progress | None:
    """The progress an enrollment of this deck kept at ``path`` when it was cut short,
    said in one line; ``None`` where there is none."""
    if not path.exists():
        return None
    try:
        progress = Progress.load(path, args.name, args.style, args.strays)
    except ProgressError as error:
        raise UserError(
            f"{path}: {error}; delete it to start again, or give the same --name, "
            "--style and --strays to go on"
        ) from None
    total = 36 + args.strays
    print(
        f"jassref: going on from {path}: {progress.shown} of {total} cards shown "
        "(delete it to start again)",
        flush=True,
    )
    return progress


def _keep(path: Path, progress: Progress) -> None:
    """Writes the progress after each card: a cut short enrollment goes on from it."""
    try:
        progress.save(path)
    except OSError as error:
        raise UserError(
            f"{path}: cannot keep the enrollment's progress ({error.strerror})"
        ) from None


def _kept(path: Path) -> str:
    """What the failure line adds where cards shown are kept."""
    return (
        f"; the cards shown are kept in {path}: the same command goes on" if path.exists() else ""
    )


def _linger() -> None:
    """Waits ``LINGER`` seconds before the pins and the port are let go: the light's
    end (the long beep, the red light and its beeps) and the phone page's last state
    are seen and heard; a Ctrl-C ends the wait."""
    with suppress(KeyboardInterrupt):
        time.sleep(LINGER)


def _stopped_by_signal() -> AbstractContextManager[None]:
    """A terminal closed under the enrollment (SIGHUP: an ssh session dropped) or a
    ``kill`` (SIGTERM) stops it as Ctrl-C does: the light and the page are let go,
    no pin is left driven."""
    return interrupted_by((signal.SIGTERM, signal.SIGHUP))


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
    GPIO; a pin the light cannot claim (the table service still holds it) is said in
    one line and enrollment goes on with the terminal's bell. With ``controls =
    "gpio"`` either is an error."""
    controls = settings["hardware"]["controls"]
    if controls in ("keyboard", "none"):
        return None
    try:
        return hardware.status_light(settings)
    except hardware.HardwareError as error:
        if controls == "gpio":
            hint = NO_LIGHT if str(error) == NO_GPIO else SERVICE_HINT
            raise UserError(f"hardware: {error}; {hint}") from None
        if str(error) != NO_GPIO:
            print(f"jassref: no status light ({error}); {SERVICE_HINT}", file=sys.stderr)
        return None


@contextmanager
def _page(guide: Guide, preview: Preview, settings: config.Config, style: str) -> Iterator[None]:
    """The guide's phone page served on the table's address while enrollment runs."""
    host, port = settings["web"]["host"], settings["web"]["port"]
    app = create_enrollment_app(lambda: guide.state.to_json(), style, preview.jpeg)
    try:
        server = waitress.create_server(
            app, host=host, port=port, threads=PAGE_THREADS, ident="jassref"
        )
    except OSError as error:
        hint = f"; {SERVICE_HINT}" if error.errno == errno.EADDRINUSE else ""
        raise UserError(
            f"--web: cannot serve the page on {host}:{port} ({error.strerror}){hint}"
        ) from None
    url = table_address(host, port)
    print(f"jassref: the guide is shown at {url}", flush=True)
    print(terminal_qr(url), end="", flush=True)
    loop = threading.Thread(target=server.run, name="enrollment-page", daemon=True)
    loop.start()
    try:
        yield
    finally:
        stop_serving(server, None, loop)
