"""The two-player boards in a real browser (Debian's chromium): the layout holds on
small phones (320×568 and 360×740) with touch targets at least 44 px high, and a card
played from one phone shows on the table."""

from __future__ import annotations

import json
import threading

import pytest
import waitress
from playwright.sync_api import sync_playwright

from webui import create_app

from webui_helpers import PIN, config

CHROMIUM = "/usr/bin/chromium"
FONT = "/usr/share/fonts-comic-neue/woff2/ComicNeue-Bold.woff2"
GAMES = {
    "schmaus": [
        {"event": "game", "variant": "schmaus", "players": ["Annemarie", "Bo"]},
        {"event": "hand", "dealer": 1},
        {"event": "turnup", "card": "SA"},
        {"event": "weis", "seat": 0, "cards": ["HA", "HK", "HQ"]},
    ],
    "smousjas": [
        {"event": "game", "variant": "smousjas"},
        {"event": "hand", "dealer": 1},
        {"event": "turnup", "card": "HA"},
    ],
    "schnueffler": [
        {"event": "game", "variant": "schnueffler"},
        {"event": "hand", "dealer": 1},
        {"event": "guess", "seat": 0, "card": "SK", "right": False},
    ],
}


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def serve(tmp_path, events: list[dict]) -> tuple[str, object]:
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    settings = config(tmp_path, STREAM_MAX_SECONDS=30.0, STREAM_KEEPALIVE_SECONDS=5.0)
    settings["CHALK_FONT"] = FONT
    served = waitress.create_server(create_app(settings), host="127.0.0.1", port=0, threads=8)
    threading.Thread(target=served.run, daemon=True).start()
    return f"http://127.0.0.1:{served.effective_port}", served


def unlocked_page(browser, base: str, width: int, height: int):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(base + "/?lang=de")
    page.fill("input[name=pin]", PIN)
    page.click("footer .pin button")
    page.wait_for_selector("#controls .controls")
    return page


@pytest.mark.parametrize("variant", sorted(GAMES))
@pytest.mark.parametrize(("width", "height"), [(320, 568), (360, 740)])
def test_the_layout_holds_on_small_phones(browser, tmp_path, variant, width, height):
    base, served = serve(tmp_path, GAMES[variant])
    try:
        page = unlocked_page(browser, base, width, height)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        small = page.evaluate(
            """() => [...document.querySelectorAll('button, summary, .bar nav a')]
                 .filter(e => e.offsetParent !== null)
                 .map(e => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
                 .filter(([, r]) => r.height < 44 || r.right > window.innerWidth + 0.5)
                 .map(([t, r]) => `${t}: ${r.height}px high, right edge ${r.right}`)"""
        )
        assert small == []
        svg = page.locator(".tavla-wrap svg").bounding_box()
        assert svg is not None and svg["width"] <= width
        page.close()
    finally:
        served.close()


def test_a_card_played_on_one_phone_shows_on_the_other(browser, tmp_path):
    base, served = serve(tmp_path, GAMES["schmaus"])
    try:
        watcher = browser.new_page(viewport={"width": 360, "height": 740})
        watcher.goto(base + "/?lang=en")
        assert "Annemarie: sequence of 3 from HA (20)" in watcher.inner_text(".melds")
        player = unlocked_page(browser, base, 320, 568)
        player.click('#controls button.card-button[value="HK"]')
        watcher.wait_for_selector('.cloth .seat[data-seat="0"] svg[data-card="HK"]')
        assert "Bo to play" in watcher.inner_text(".status")
        player.close()
        watcher.close()
    finally:
        served.close()
