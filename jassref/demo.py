"""``jassref demo``: the whole table on one laptop, no hardware needed.

A Schieber hand with a deliberate illegal play is rendered as a 30 fps table video
(once, into the cache) and fed at its real pace through the real pipeline: the
camera frames to the tracker, the tracker's events and pictures to the table, the
players' announcements (what the buttons would give) at the moments they were given,
the live board on ``http://127.0.0.1:PORT/`` and the keyboard standing in for the
buttons. At the end the referee's report of what the camera saw is printed.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import waitress

import hardware
import referee
from jassref.camera_table import CameraToTable
from referee.report import format_report
from vision.buttons import Button, read_buttons
from vision.decks import identifier_for
from vision.sources import FolderSource
from vision.table_video import FilmOptions, write_film
from webui import create_app
from webui.qr import terminal_qr
from webui.serving import stop_serving
from webui.table import Table

SEED = 7
"""A hand whose simulated players break two rules (a renounce proven later)."""
ILLEGAL = 0.1
DESIGN = "swiss-xvii"
FPS = 30.0
log = logging.getLogger("jassref")


@dataclass(frozen=True)
class DemoOptions:
    port: int = 8000
    seconds: float | None = None
    keyboard: bool = True
    qr: bool = True


def film_folder() -> Path:
    """The rendered demo hand, made on first use (about 10 s) and kept in the cache."""
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "jassref"
    folder = cache / f"demo-schieber-{SEED}-{DESIGN}"
    if not (folder / "render.json").exists():
        log.info("rendering the demo table video (once) into %s", folder)
        options = FilmOptions("schieber", SEED, DESIGN, hands=1, illegal=ILLEGAL)
        # Rendered beside it and renamed into place: a demo started meanwhile, or a
        # power cut, never finds half a video there.
        partial = folder.with_name(f".{folder.name}.{os.getpid()}.partial")
        shutil.rmtree(partial, ignore_errors=True)
        write_film(options, partial)
        if folder.exists() and not (folder / "render.json").exists():
            shutil.rmtree(folder)  # half a video, from before renders were renamed in
        try:
            partial.rename(folder)
        except OSError:  # another process's render got there first
            shutil.rmtree(partial)
    return folder


def run_demo(options: DemoOptions) -> int:
    logging.basicConfig(level=logging.INFO, format="jassref: %(message)s")
    cv2.setNumThreads(1)  # one core for the camera; no OpenCV thread pool left at exit
    folder = film_folder()
    buttons = read_buttons(folder / "buttons.jsonl")
    header = buttons[0].event
    with tempfile.TemporaryDirectory(prefix="jassref-demo-") as scratch:
        url = f"http://127.0.0.1:{options.port}/"
        app = create_app(
            {
                "STORE_PATH": str(Path(scratch) / "demo.db"),
                "VARIANT": header["variant"],
                "TARGET": header.get("target", 2500),
                "PUBLIC_URL": url,
            }
        )
        table = app.extensions["jassref.table"]
        server = waitress.create_server(app, host="127.0.0.1", port=options.port, threads=8)
        loop = threading.Thread(target=server.run, name="board", daemon=True)
        loop.start()
        log.info("the tavla is at %s  table PIN %s", url, app.config["TABLE_PIN"])
        if options.qr:
            print(terminal_qr(url), end="", flush=True)
        controls = _keyboard(table) if options.keyboard else None
        camera = CameraToTable(table, identifier_for(DESIGN))
        app.extensions["jassref.camera"] = camera
        stop = threading.Event()
        feeder = threading.Thread(
            target=_feed, args=(folder, buttons, table, camera, stop), daemon=True, name="camera"
        )
        feeder.start()
        try:
            if options.seconds is None:
                feeder.join()
                log.info("the hand is over; the board stays up until Ctrl-C")
                threading.Event().wait()
            else:
                feeder.join(options.seconds)
        except KeyboardInterrupt:
            pass
        finally:
            stop.set()
            feeder.join(10)
            if controls is not None:
                controls.close()
            stop_serving(server, table, loop)
        print(format_report(referee.check(table.text())), end="")
    return 0


def _keyboard(table: Table) -> hardware.Hardware:
    parts = hardware.from_keyboard(4)
    sink = hardware.TableSink(table)
    parts.attach(sink, sink.view)
    parts.start()
    return parts


def _feed(
    folder: Path, buttons: list[Button], table: Table, camera: CameraToTable, stop: threading.Event
) -> None:
    """The video at its own pace; each announcement at the frame it was given at (until
    ``stop``: the demo ends, and the thread must not be inside OpenCV then)."""
    start = time.monotonic()
    given = 1
    for index, frame in enumerate(FolderSource(folder / "frames").frames()):
        if stop.is_set():
            return
        while given < len(buttons) and buttons[given].frame <= index:
            table.append([buttons[given].event])
            given += 1
        camera(frame)
        stop.wait(max(0.0, start + index / FPS - time.monotonic()))
    log.info("the video is over: %d frames", camera.frames)
