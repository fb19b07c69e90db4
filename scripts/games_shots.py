"""Screenshots of the two-player games' boards, for a person to look at.

Serves a real game log of each variant on 127.0.0.1 (Schmaus with a trick on the
table, Frantsfuus after some hands, a Smousjas series with lives lost, Schnüffler with
strokes and a nought), unlocks the phone and takes headless-chromium screenshots at
360×740 and 320×568 (the whole page).

    .venv/bin/python scripts/games_shots.py /tmp/board-shots
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import threading
from pathlib import Path

import waitress
from playwright.sync_api import sync_playwright

import referee
from referee.series import Series
from referee.simulate_talon import TalonOptions, simulate_talon
from webui import create_app

PIN = "2468"
CHROMIUM = "/usr/bin/chromium"
FONT = "/usr/share/fonts-comic-neue/woff2/ComicNeue-Bold.woff2"
SIZES = ((360, 740), (320, 568))


def mid_trick(events: list[dict], at_least: int) -> list[dict]:
    """The log cut just after a trick's lead, at or past ``at_least`` events."""
    for i in range(at_least, len(events) - 1):
        if events[i]["event"] == "play" and events[i + 1]["event"] == "play":
            return events[: i + 1]
    return events


def series_log(variant: str, games: int, seed: int) -> list[dict]:
    """Simulated hands fed to a series; a new ``game`` event after each decided game,
    cut in the middle of a hand once ``games`` games are decided."""
    hands = simulate_talon(
        random.Random(seed), referee.VARIANTS[variant], TalonOptions(hands=80, known_hands=False)
    )
    header, rest = hands[0], hands[1:]
    game, _ = referee.new_game(header)
    series = Series(game, type(game))
    log = [header]
    for event in rest:
        if event["event"] == "hand" and series.game.over:
            series.finish()
            if len(series.games) == games or series.state.winner is not None:
                break
            log.append({"event": "game", "variant": variant})
            series.push(len(log) - 1, log[-1])
        log.append(event)
        series.push(len(log) - 1, event)
    return mid_trick(log, len(log) + 20)


def schnueffler_log() -> list[dict]:
    deck = [f"{s}{r}" for s in "HDSC" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    hands = [deck[0:24:2], deck[1:24:2]]
    blind = deck[24:]
    return [
        {"event": "game", "variant": "schnueffler", "players": ["Anna", "Bo"]},
        {"event": "hand", "dealer": 1},
        {"event": "deal", "hands": hands},
        {"event": "guess", "seat": 0, "card": blind[0], "right": True},
        {"event": "guess", "seat": 1, "card": "H6", "right": False},
        {"event": "question", "seat": 0, "text": "Hast du ein As?"},
        {"event": "guess", "seat": 1, "card": blind[1], "right": True},
        {"event": "guess", "seat": 0, "card": blind[2], "right": True},
        {"event": "guess", "seat": 1, "card": "H7", "right": False},
    ]


def logs() -> dict[str, list[dict]]:
    schmaus = simulate_talon(random.Random(5), referee.VARIANTS["schmaus"], TalonOptions(hands=2))
    frantsfuus = simulate_talon(
        random.Random(11), referee.VARIANTS["frantsfuus"], TalonOptions(hands=4)
    )
    return {
        "schmaus": mid_trick(schmaus, 34),
        "frantsfuus": mid_trick(frantsfuus, len(frantsfuus) - 60),
        "smousjas": series_log("smousjas", 3, 2),
        "schnueffler": schnueffler_log(),
    }


def serve(log: Path) -> str:
    app = create_app({"TABLE_PIN": PIN, "SECRET_KEY": "shots", "LOG_PATH": str(log)})
    app.config["CHALK_FONT"] = FONT
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=8)
    threading.Thread(target=server.run, daemon=True).start()
    return f"http://127.0.0.1:{server.effective_port}"


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        for variant, events in logs().items():
            for e in events[:1]:
                e.setdefault("players", ["Anna", "Bo"])
            log = Path(tmp) / f"{variant}.jsonl"
            log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
            base = serve(log)
            for width, height in SIZES:
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(base + "/?lang=en")
                page.fill("input[name=pin]", PIN)
                page.click("footer .pin button")
                page.wait_for_selector("#controls .controls")
                page.evaluate("document.fonts.ready")
                shot = out / f"{variant}-{width}x{height}.png"
                page.screenshot(path=str(shot), full_page=True)
                print(shot)
                page.close()
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/board-shots"))
