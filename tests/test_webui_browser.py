"""The web board in a real browser (Debian's chromium through playwright), served by
waitress on 127.0.0.1 as `jassref serve` serves it.

Set ``WEBUI_SHOTS=/some/dir`` to also keep screenshots of what the tests looked at.
"""

from __future__ import annotations

import json
import os
import threading
import urllib.request
from pathlib import Path

import pytest
import waitress
from playwright.sync_api import sync_playwright

from webui import create_app

from webui_helpers import HAND_ONE, PIN, config

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = os.environ.get("WEBUI_SHOTS")


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def server(tmp_path):
    """The app behind waitress on a free port of 127.0.0.1; yields its base URL."""
    settings = config(tmp_path, STREAM_MAX_SECONDS=30.0, STREAM_KEEPALIVE_SECONDS=5.0)
    settings["CHALK_FONT"] = "/usr/share/fonts-comic-neue/woff2/ComicNeue-Bold.woff2"
    app = create_app(settings)
    served = waitress.create_server(app, host="127.0.0.1", port=0, threads=8)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{served.effective_port}"
    served.close()


def post(base: str, events: list[dict], pin: str = PIN) -> int:
    request = urllib.request.Request(
        base + "/api/events",
        data=json.dumps(events).encode(),
        headers={"X-Table-PIN": pin, "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name), full_page=True)


def totals(page) -> list[str]:
    return page.locator("#board .totals output").all_inner_texts()


def test_the_board_updates_live_when_events_arrive(browser, server):
    page = browser.new_page(viewport={"width": 400, "height": 800})
    page.goto(server + "/")
    assert totals(page) == ["0", "0"]
    page.wait_for_function("document.getElementById('live').dataset.version === '1'")
    assert post(server, [*HAND_ONE, {"event": "score", "points": [100, 57]}]) == 201
    page.wait_for_function(
        "document.querySelector('#board .totals').dataset.totals === '200,114'", timeout=5000
    )
    assert totals(page) == ["200", "114"]
    assert page.locator('#board g.side[data-side="0"] [data-mark^="hundred"]').count() == 2
    assert post(server, [{"event": "hand", "dealer": 0}]) == 201
    page.wait_for_selector("text=Hand 2", timeout=5000)
    page.close()


def test_the_pin_guards_changes(browser, server):
    page = browser.new_page(viewport={"width": 400, "height": 800})
    page.goto(server + "/")
    assert page.locator("#controls form").count() == 0  # watching only
    page.fill("input[name=pin]", "0000")
    page.click("text=Unlock to enter scores")
    assert "Wrong PIN" in page.inner_text(".flashes")
    assert page.locator("#controls form").count() == 0
    page.fill("input[name=pin]", PIN)
    page.click("text=Unlock to enter scores")
    page.click("text=New hand")
    page.select_option("select[name=seat]", "0")
    page.click("button[value=S]")
    page.fill("input[name=points]", "120")
    page.click("text=Book the hand")
    assert totals(page) == ["120", "37"]
    shot(page, "phone-after-hand.png")
    page.close()


def test_a_correction_changes_the_totals_on_every_phone(browser, server):
    assert post(server, [*HAND_ONE, {"event": "score", "points": [100, 57]}]) == 201
    watcher = browser.new_page(viewport={"width": 360, "height": 740})
    watcher.goto(server + "/")
    assert totals(watcher) == ["200", "114"]
    writer = browser.new_page(viewport={"width": 360, "height": 740})
    writer.goto(server + "/")
    writer.fill("input[name=pin]", PIN)
    writer.click("text=Unlock to enter scores")
    writer.fill(".rescore input[name=points]", "57")
    writer.click(".rescore button")
    assert totals(writer) == ["114", "200"]
    watcher.wait_for_function(
        "document.querySelector('#board .totals').dataset.totals === '114,200'", timeout=5000
    )
    writer.close()
    watcher.close()


def test_the_layout_holds_on_a_small_phone(browser, server):
    assert post(server, [*HAND_ONE, {"event": "score", "points": [100, 57]}]) == 201
    assert (
        post(
            server,
            [{"event": "hand", "dealer": 0}, {"event": "trump", "seat": 1, "mode": "obenabe"}],
        )
        == 201
    )
    assert post(server, [{"event": "play", "seat": 1, "card": "SA"}]) == 201
    page = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=2)
    page.goto(server + "/")
    page.fill("input[name=pin]", PIN)
    page.click("text=Unlock to enter scores")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways ({width} px)"
    board = page.locator("svg.tavla").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 360
    assert board["y"] + board["height"] <= 740, "the whole board is visible without scrolling"
    for locator in ("#board .totals", "text=Seat 2 to play", ".card-grid button >> nth=0"):
        box = page.locator(locator).first.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, locator
    assert page.evaluate("document.fonts.check('20px Chalk')")
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "phone-360x740.png"))
        shot(page, "phone-360x740-full.png")
    page.close()
