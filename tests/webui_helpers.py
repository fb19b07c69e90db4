"""Helpers shared by the web board's tests: an app on a temporary log, served by
waitress or by `jassref serve` as at the table, an unlocked phone, and events."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import waitress

from webui import create_app
from webui.serving import stop_serving

PIN = "4711"
FONT = "/usr/share/fonts-comic-neue/woff2/ComicNeue-Bold.woff2"
SERVE = [sys.executable, "-m", "jassref", "serve", "--host", "127.0.0.1"]


def config(tmp_path, **extra: object) -> dict:
    return {
        "TESTING": True,
        "SECRET_KEY": "test",
        "TABLE_PIN": PIN,
        "LOG_PATH": str(tmp_path / "game.jsonl"),
        "CHALK_FONT": "/nonexistent/chalk.woff2",
        "STREAM_MAX_SECONDS": 2.0,
        "STREAM_KEEPALIVE_SECONDS": 0.5,
        **extra,
    }


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "the page has no form token"
    return found.group(1)


HAND_ONE = [
    {"event": "hand", "dealer": 3},
    {"event": "trump", "seat": 0, "mode": "H"},
]


def write_log(tmp_path: Path, events: list[dict]) -> Path:
    """A log in ``tmp_path`` that already holds ``events``, where ``config`` looks."""
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return log


def lines(log: Path | str) -> list[dict]:
    """The events of a log file, line by line."""
    return [json.loads(line) for line in Path(log).read_text(encoding="utf-8").splitlines()]


def unlocked_client(tmp_path: Path, events: list[dict]):
    """A board whose log already holds ``events``, and an unlocked phone on it: the
    test client, its form token and the log."""
    log = write_log(tmp_path, events)
    client = create_app(config(tmp_path)).test_client()
    token = csrf_of(client.get("/").get_data(as_text=True))
    client.post("/unlock", data={"pin": PIN, "csrf": token})
    return client, token, log


@contextmanager
def served_board(tmp_path: Path, events: list[dict] | None = None) -> Iterator[str]:
    """The board behind waitress on a free port of 127.0.0.1, with the chalk font and
    streams long enough for a browser, while the ``with`` block lasts; its log holds
    ``events`` when given. Gives the base URL."""
    if events is not None:
        write_log(tmp_path, events)
    settings = config(tmp_path, STREAM_MAX_SECONDS=30.0, STREAM_KEEPALIVE_SECONDS=5.0)
    settings["CHALK_FONT"] = FONT
    app = create_app(settings)
    served = waitress.create_server(app, host="127.0.0.1", port=0, threads=8)
    loop = threading.Thread(target=served.run, daemon=True)
    loop.start()
    try:
        yield f"http://127.0.0.1:{served.effective_port}"
    finally:
        stop_serving(served, app.extensions["jassref.table"], loop)


def unlocked_page(browser, base: str, width: int, height: int, lang: str = "de"):
    """A phone of ``width`` x ``height`` on the board, unlocked with the PIN."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{base}/?lang={lang}")
    page.fill("input[name=pin]", PIN)
    page.click("footer .pin button")
    page.wait_for_selector("#controls .controls")
    # Unlocking may load the page again: measure it only once its styles and fonts are in
    # (a button measured before its stylesheet applies is 17 px high).
    page.wait_for_load_state("load")
    page.evaluate("document.fonts.ready.then(() => true)")
    return page


def watching_page(browser, base: str):
    """A phone (360 x 740, in English) that only watches the board, not unlocked."""
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(base + "/?lang=en")
    return page


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_process(log: Path, port: int, *extra: str, stdout: int = subprocess.PIPE):
    """``jassref serve`` as at the table, on 127.0.0.1:``port``, once it answers."""
    process = subprocess.Popen(
        [*SERVE, "--port", str(port), "--log", str(log), *extra],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("serve did not start: " + process.communicate()[1])


SMALL_TARGETS = """() => [...document.querySelectorAll('button, summary, .bar nav a')]
     .filter(e => e.offsetParent !== null)
     .map(e => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
     .filter(([, r]) => r.height < 44 || r.right > window.innerWidth + 0.5)
     .map(([t, r]) => `${t}: ${r.height}px high, right edge ${r.right}`)"""


def layout_faults(page, width: int) -> list[str]:
    """What fails a phone ``width`` px wide: the page scrolling sideways, a touch target
    under 44 px high or past the right edge, the board wider than the screen."""
    faults: list[str] = []
    scroll = page.evaluate("document.documentElement.scrollWidth")
    if scroll > width:
        faults.append(f"the page is {scroll}px wide")
    faults += page.evaluate(SMALL_TARGETS)
    svg = page.locator(".tavla-wrap svg").bounding_box()
    if svg is None or svg["width"] > width:
        faults.append(f"the board's drawing is {svg and svg['width']}px wide")
    return faults
