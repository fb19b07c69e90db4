"""Screenshots of the Schieber family's boards, for a person to look at.

Serves a simulated game of each (Sidi-Barrani in the auction and after a contract,
Differenzler in the middle of a hand and with hidden notes, Coiffeur with part of the
board played), unlocks the phone and takes headless-chromium screenshots at 360×740
and 320×568 (the whole page).

    .venv/bin/python scripts/family_shots.py /tmp/family-shots
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

from referee.settings import DifferenzlerRules, SidiBarraniRules
from referee.simulate import SimulationOptions
from referee.simulate_family import (
    simulate_coiffeur,
    simulate_differenzler,
    simulate_sidi_barrani,
)
from webui import create_app

PIN = "2468"
CHROMIUM = "/usr/bin/chromium"
FONT = "/usr/share/fonts-comic-neue/woff2/ComicNeue-Bold.woff2"
SIZES = ((360, 740), (320, 568))
PLAYERS = ["Anna", "Bo", "Cla", "Dario"]


def cut_after(events: list[dict], name: str, count: int) -> list[dict]:
    """The log up to the ``count``-th event called ``name`` (inclusive)."""
    seen = 0
    for i, event in enumerate(events):
        seen += event["event"] == name
        if seen == count:
            return events[: i + 1]
    return events


def logs() -> dict[str, list[dict]]:
    options = SimulationOptions(hands=6, known_hands=False)
    doubling = SidiBarraniRules(doubling="double-counter")
    sidi = simulate_sidi_barrani(random.Random(3), options, doubling)
    differenzler = simulate_differenzler(random.Random(5), options)
    hidden = simulate_differenzler(
        random.Random(6), options, DifferenzlerRules(announcement="hidden")
    )
    coiffeur = simulate_coiffeur(random.Random(7), SimulationOptions(hands=9, known_hands=False))
    return {
        "sidi-auction": cut_after(sidi, "bid", 3),
        "sidi-contract": cut_after(sidi, "hand", 4)[:-1],
        "differenzler": cut_after(differenzler, "play", 36 * 2 + 22),
        "differenzler-hidden": cut_after(hidden, "play", 36),
        "coiffeur": cut_after(coiffeur, "trump", 8),
        "coiffeur-choice": cut_after(coiffeur, "hand", 9),
        "differenzler-predict": cut_after(differenzler, "predict", 2),
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
        for name, events in logs().items():
            events[0]["players"] = PLAYERS
            log = Path(tmp) / f"{name}.jsonl"
            log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
            base = serve(log)
            for width, height in SIZES:
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(base + "/?lang=en")
                page.fill("input[name=pin]", PIN)
                page.click("footer .pin button")
                page.wait_for_selector("#controls .controls")
                page.evaluate("document.fonts.ready")
                shot = out / f"{name}-{width}x{height}.png"
                page.screenshot(path=str(shot), full_page=True)
                page.close()
                print(shot)
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "family-shots"))
