"""``jassref run``: the table service, wired from one configuration.

The pieces meet here and nowhere else: the game store, the web board (which holds the
table's one :class:`webui.table.Table`), the buttons (or the keyboard standing in), and
systemd's notifications. Every input goes through ``Table.append``, which stores the
events durably before it answers, so a kill at any moment loses nothing that was
acknowledged.
"""

from __future__ import annotations

import logging
import signal
import socket
import sys
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import waitress
from flask import Flask

import hardware
import referee
from jassref.config import Config, ConfigError
from jassref.systemd import ServiceNotifier
from vision.names import SIDES
from webui import create_app
from webui.pin import is_pin
from webui.qr import table_address
from webui.serving import stop_serving

log = logging.getLogger("jassref")

FACES = ("french", "swiss")
FIGURES = ("z", "rows")


def build_app(config: Config) -> Flask:
    """The web board over the configured store (raises :class:`ConfigError` for values
    it cannot run with, :class:`store.StoreError` for a store it cannot open)."""
    table, web = config["table"], config["web"]
    _check(config)
    settings: dict[str, Any] = {
        "STORE_PATH": table["store"],
        "VARIANT": table["variant"],
        "TARGET": table["target"],
        "CARD_FACES": web["faces"],
        "FIGURE": web["figure"],
        "PUBLIC_URL": table_address(web["host"], web["port"]),
    }
    if table["pin"]:
        settings["TABLE_PIN"] = table["pin"]
    return create_app(settings)


def run(config: Config) -> int:
    """Serves the table until stopped (SIGTERM or Ctrl-C): the board, the controls,
    and systemd's READY / WATCHDOG / STOPPING."""
    logging.basicConfig(level=logging.INFO, format="jassref: %(message)s", stream=sys.stdout)
    app = build_app(config)
    web = config["web"]
    server = waitress.create_server(
        app, host=web["host"], port=web["port"], threads=web["threads"], ident="jassref"
    )
    the_table = app.extensions["jassref.table"]
    log.info("the tavla is at %s  table PIN %s", app.config["PUBLIC_URL"], app.config["TABLE_PIN"])
    log.info(
        "game store %s, game %s (%d events)",
        config["table"]["store"],
        the_table.log.name,
        the_table.snapshot.version,
    )
    notifier = ServiceNotifier()
    with (
        controls(config, the_table) as parts,
        camera(config, the_table, parts) as seen,
        _stopped_by_signal(the_table),
    ):
        if seen is not None:
            app.extensions["jassref.camera"] = seen  # the board shows it and sets seat 0
        notifier.ready(f"the tavla at {app.config['PUBLIC_URL']}")
        notifier.start_watchdog(lambda: _answers(web["port"]))
        try:
            server.run()
        except KeyboardInterrupt:
            pass
        finally:
            log.info("stopping")
            notifier.stopping()
            stop_serving(server, the_table)
    return 0


@contextmanager
def controls(config: Config, table: Any) -> Iterator[hardware.Hardware | None]:
    """The table's buttons (or the keyboard) playing into ``table``, closed on exit."""
    parts = _make_controls(config["hardware"]["controls"], config, _players(table))
    if parts is None:
        log.info("no buttons: the phones take the announcements")
        yield None
        return
    sink = hardware.TableSink(table)
    parts.attach(sink, sink.view)
    parts.start()
    try:
        yield parts
    finally:
        parts.close()


@contextmanager
def camera(config: Config, table: Any, parts: hardware.Hardware | None) -> Iterator[Any]:
    """The camera feeding the tracker, which writes into ``table``; its losses and
    returns (and the cards it cannot read) shown by the status light. Gives the
    camera's adapter (``None`` without a camera)."""
    section = config["camera"]
    if not section["source"]:
        yield None
        return
    from jassref.camera_table import CameraToTable
    from vision.decks import identifier_for
    from vision.feed import CameraFeed, CameraStatus

    status = parts.status if parts is not None else None

    def noticed(text: str, attention: bool) -> None:
        log.info("%s", text)
        if status is not None and attention:
            status.attention(text)

    def changed(state: CameraStatus, sentence: str) -> None:
        log.info("%s", sentence)
        if status is not None:
            (status.ok if state == CameraStatus.WATCHING else status.fault)(sentence)

    tracker = CameraToTable(
        table,
        identifier_for(section["deck"] or None),
        on_notice=noticed,
        ask=parts.ask if parts is not None else None,
        calibration_file=Path(section["calibration"]),
        seat0=section["seat0"],
    )
    feed = CameraFeed(section["source"], tracker, changed, section["retry_seconds"])
    feed.start()
    try:
        yield tracker
    finally:
        feed.stop()
        feed.join(10)


def _make_controls(choice: str, config: Config, players: int) -> hardware.Hardware | None:
    if choice == "none":
        return None
    if choice == "keyboard":
        return hardware.from_keyboard(players)
    try:
        return hardware.from_config(config)
    except hardware.HardwareError as error:
        if choice == "gpio":
            raise ConfigError(f"hardware: {error}") from None
        log.info("%s", error)
    return hardware.from_keyboard(players) if sys.stdin.isatty() else None


def _players(table: Any) -> int:
    """Seats at the table: one seat button each."""
    return referee.VARIANTS[table.snapshot.replay.verdict.variant].players


def _answers(port: int) -> bool:
    """The watchdog's check: the board itself answers (a hung server is restarted)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=5) as reply:
            return reply.status == 200
    except OSError:
        return False


def _stopped_by_signal(table: Any) -> AbstractContextManager[None]:
    """systemd stops the service with SIGTERM, a terminal with Ctrl-C: the table closes
    first (the phones' live streams end at once, so the server's workers are free to
    stop), then the server ends, the buttons are released and STOPPING is sent."""
    return interrupted_by((signal.SIGTERM, signal.SIGINT), first=table.close)


@contextmanager
def interrupted_by(
    signals: tuple[signal.Signals, ...], first: Callable[[], None] | None = None
) -> Iterator[None]:
    """While the block runs, each of ``signals`` stops it as Ctrl-C does (a
    ``KeyboardInterrupt`` in the main thread), after calling ``first``; the handlers
    before are put back after it."""

    def stop(signum: int, frame: FrameType | None) -> None:
        if first is not None:
            first()
        raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, stop) for sig in signals}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _check(config: Config) -> None:
    table, web = config["table"], config["web"]
    if table["variant"] not in referee.VARIANTS:
        known = ", ".join(referee.VARIANTS)
        raise ConfigError(f"table.variant: unknown variant {table['variant']!r} (known: {known})")
    pin = table["pin"]
    if pin and not is_pin(pin):
        raise ConfigError('table.pin: use 4 to 8 digits, or "" for the kept one')
    if table["target"] < 1:
        raise ConfigError(f"table.target: {table['target']} is not a score to play to (1 or more)")
    check_address(config)
    if config["camera"]["retry_seconds"] <= 0:
        raise ConfigError("camera.retry_seconds: a positive number of seconds")
    if config["camera"]["source"] and config["camera"]["seat0"] not in SIDES:
        raise ConfigError(f"camera.seat0: one of {', '.join(SIDES)}")
    if web["threads"] < 1:
        raise ConfigError("web.threads: at least 1")
    if web["faces"] not in FACES:
        raise ConfigError(f"web.faces: one of {', '.join(FACES)}")
    if web["figure"] not in FIGURES:
        raise ConfigError(f"web.figure: one of {', '.join(FIGURES)}")
    check_hardware(config)


def check_address(config: Config) -> None:
    """Refuses a ``[web]`` address the server would fail on later, or serve wrongly (a
    port past 65535 is taken modulo 65536)."""
    web = config["web"]
    if not 0 <= web["port"] <= 65535:
        raise ConfigError(f"web.port: {web['port']} is not a port number")
    try:
        socket.getaddrinfo(web["host"], web["port"], type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        message = f"web.host: {web['host']!r} is not an address to listen on ({error})"
        raise ConfigError(message) from None


def check_hardware(config: Config) -> None:
    """Refuses a ``[hardware]`` section that names no valid controls or pin map."""
    try:
        hardware.HardwareConfig.from_mapping(config["hardware"])
    except hardware.HardwareConfigError as error:
        raise ConfigError(str(error)) from None
