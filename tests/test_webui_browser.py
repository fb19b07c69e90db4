"""The web board in a real browser (Debian's chromium through playwright), served by
waitress on 127.0.0.1 as `jassref serve` serves it.

Set ``WEBUI_SHOTS=/some/dir`` to also keep screenshots of what the tests looked at.
"""

from __future__ import annotations

import json
import os
import subprocess
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from webui_helpers import HAND_ONE, PIN, free_port, serve_process, served_board

SHOTS = os.environ.get("WEBUI_SHOTS")


@pytest.fixture
def server(tmp_path):
    """The app behind waitress on a free port of 127.0.0.1; yields its base URL."""
    with served_board(tmp_path) as base:
        yield base


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
    expect(page.locator("#board .totals output")).to_have_text(["120", "37"])
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
    expect(writer.locator("#board .totals output")).to_have_text(["114", "200"])
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
    with page.expect_navigation():  # the unlocked page, not the one being left
        page.click("text=Unlock to enter scores")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways ({width} px)"
    board = page.locator("svg.tavla").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 360
    assert board["y"] + board["height"] <= 740, "the whole board is visible without scrolling"
    for locator in ("#board .totals", "text=Seat 2 to play", ".card-grid button >> nth=0"):
        box = page.locator(locator).first.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, locator
    assert page.evaluate(
        "document.fonts.load('20px Chalk').then(() => document.fonts.check('20px Chalk'))"
    )
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "phone-360x740.png"))
        shot(page, "phone-360x740-full.png")
    page.close()


def serve_at_table(log: Path, port: int) -> subprocess.Popen:
    """``jassref serve`` as at the table, on 127.0.0.1:``port``."""
    return serve_process(log, port, "--pin", PIN, stdout=subprocess.DEVNULL)


def test_the_page_catches_up_after_the_server_was_gone(browser, tmp_path):
    """The Wi-Fi drop as the page sees it: its stream breaks, nothing answers for a
    while, then the board is back with changes made meanwhile."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = serve_at_table(tmp_path / "game.jsonl", port)
    page = browser.new_page(viewport={"width": 360, "height": 740})
    try:
        page.goto(base + "/")
        assert totals(page) == ["0", "0"]
        server.terminate()
        server.communicate(timeout=10)
        page.wait_for_selector("#offline", state="visible", timeout=5000)
        server = serve_at_table(tmp_path / "game.jsonl", port)
        assert post(base, [*HAND_ONE, {"event": "score", "points": [100, 57]}]) == 201
        page.wait_for_function(
            "document.querySelector('#board .totals').dataset.totals === '200,114'",
            timeout=10000,
        )
        assert page.locator("#offline").is_hidden()
        assert post(base, [{"event": "hand", "dealer": 0}]) == 201
        page.wait_for_selector("text=Hand 2", timeout=5000)
    finally:
        page.close()
        server.terminate()
        server.communicate(timeout=10)


def test_a_german_phone_plays_a_card_and_sees_it_at_its_seat(browser, server):
    assert post(server, HAND_ONE) == 201
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-CH")
    page = context.new_page()
    page.goto(server + "/")
    assert page.inner_text("h1") == "Jass-Tafel"
    page.fill("input[name=pin]", PIN)
    page.click("text=Entsperren zum Schreiben")
    page.click('.card-grid button[value="H9"]')
    expect(page.locator('.seat[data-seat="0"] svg[data-card="H9"]')).to_have_count(1)
    assert "spielt aus" in page.inner_text('.seat[data-seat="0"]')
    box = page.locator(".card-grid button >> nth=0").bounding_box()
    assert box["width"] >= 40 and box["height"] >= 44, "cards are large enough to tap"
    page.click("text=FR")
    expect(page.locator("h1")).to_have_text("Ardoise de jass")
    context.close()


def remedy_hand() -> list[dict]:
    """Obenabe, seat 0 forehand: seat 1 declares D6-D7-D8 (line 3), throws H6 on the
    spade lead (line 5) and shows S6 in trick 2, where seat 2 plays D7."""
    plays = [(0, "SA"), (1, "H6"), (2, "S7"), (3, "S8"), (0, "S9"), (1, "S6"), (2, "D7")]
    return [
        {"event": "hand", "dealer": 3},
        {"event": "trump", "seat": 0, "mode": "obenabe"},
        {"event": "weis", "seat": 1, "cards": ["D6", "D7", "D8"]},
        *({"event": "play", "seat": seat, "card": card} for seat, card in plays),
        {"event": "play", "seat": 3, "card": "S10"},
    ]


def test_a_violation_shows_its_remedy_and_the_players_decision_is_applied(browser, server):
    """Issue 4: "The remedy the rules give where the seeds give one; otherwise the
    violation is shown and the players decide (the board offers to apply a
    correction)." The false weis shows the seed's rule (it scores nothing); the renounce
    has no remedy in the seeds, so an unlocked phone may give the other side points."""
    assert post(server, remedy_hand()) == 201
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(server + "/")
    renounce = page.locator('.violations li[data-line="5"]')
    weis = page.locator('.violations li[data-line="3"]')
    assert "the players decide" in renounce.inner_text()
    assert "Not held, so it is none" in weis.inner_text()
    assert "måste alla kort i varje enskild kombination" in weis.locator("q.seed").inner_text()
    assert page.locator("form.award").count() == 0  # watching only
    assert totals(page) == ["57", "30"]
    page.fill("input[name=pin]", PIN)
    with page.expect_navigation():  # counted on the unlocked page, not the one being left
        page.click("text=Unlock to enter scores")
    assert weis.locator("form.award").count() == 0  # the rules' remedy needs no decision
    form = renounce.locator("form.award")
    assert form.locator("select[name=side]").input_value() == "0"  # the other side
    form.locator("input[name=points]").fill("157")
    shot(page, "remedy-before.png")
    form.locator("button").click()
    expect(page.locator("#board .totals output")).to_have_text(["214", "30"])
    assert "Settled: Seats 0+2 got 157 points (line 12)." in renounce.inner_text()
    assert page.locator("form.award").count() == 0
    shot(page, "remedy-after.png")
    page.goto(server + "/?lang=de")
    assert "die Spieler entscheiden" in renounce.inner_text()
    assert "Erledigt:" in renounce.inner_text()
    assert "157 Punkte für Plätze 0+2 (Zeile 12)." in renounce.inner_text()
    page.close()
