"""Screenshots of every board style, for a person to look at (issue 7).

Serves the board on 127.0.0.1 with a game whose totals are seed 003's 787 and 1136
and a hand in play (a trick on the table, a stöck refuted by a play), then takes
headless-chromium screenshots of the Z board, the three-row board, the minus
remainder, French and Swiss card faces, German and French pages, an unlocked phone,
all at 360×740 (phone) and some at 1024×900; and the Frantsfuus protocol and the
Smousjas lives board, drawn from numbers (their referees do not exist yet).

    .venv/bin/python scripts/webui_shots.py /tmp/webui-shots
"""

from __future__ import annotations

import json
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

import waitress
from playwright.sync_api import sync_playwright

from webui import create_app
from webui.boards.lives import RoundResult, count_lives, lives_svg
from webui.boards.protocol import ProtocolRow, protocol_svg

PIN = "2468"
CHROMIUM = "/usr/bin/chromium"
FONT = "/usr/share/fonts-comic-neue/woff2/ComicNeue-Bold.woff2"


def seed_003_game() -> list[dict]:
    """Nine hands entered by hand that leave 787 (seats 0+2) and 1136 (seats 1+3),
    then a tenth in play: hearts, a false stöck, three cards on the table."""
    weis = [(0, 100), (0, 100), (1, 100), (1, 100), (1, 50), (1, 20), (1, 20), (1, 20), None]
    events: list[dict] = []
    dealer = 3
    for n, announced in enumerate(weis):
        forehand = (dealer + 1) % 4
        events += [{"event": "hand", "dealer": dealer}]
        events += [{"event": "trump", "seat": forehand, "mode": "S"}]
        if announced:
            events.append({"event": "weis", "seat": announced[0], "points": announced[1]})
        points = 67 if n == 0 else 65
        events.append({"event": "score", "points": [points, 157 - points], "match": None})
        dealer = forehand
    forehand = (dealer + 1) % 4
    events += [
        {"event": "hand", "dealer": dealer},
        {"event": "trump", "seat": forehand, "mode": "H", "pushed": False},
        {"event": "stoeck", "seat": (forehand + 1) % 4},
        {"event": "play", "seat": forehand, "card": "HQ"},
        {"event": "play", "seat": (forehand + 1) % 4, "card": "H6"},
        {"event": "play", "seat": (forehand + 2) % 4, "card": "HA"},
    ]
    return events


def post(base: str, events: list[dict]) -> None:
    request = urllib.request.Request(
        base + "/api/events", data=json.dumps(events).encode(), headers={"X-Table-PIN": PIN}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201


def two_player_boards(out: Path, page: object) -> None:
    hands = [
        [ProtocolRow(92, (20,)), ProtocolRow(70, (50, 100))],
        [ProtocolRow(112, (20, 20, 50)), ProtocolRow(50)],
        [ProtocolRow(40, (200,)), ProtocolRow(122, (20,))],
    ]
    lives = count_lives(3, [RoundResult(0), RoundResult(1), RoundResult(0), RoundResult(0)])
    for name, svg in (
        ("frantsfuus-protocol", protocol_svg(hands, ["Anna", "Bo"])),
        ("smousjas-lives-kip", lives_svg(lives, ["Anna", "Bo"])),
    ):
        html = out / f"{name}.html"
        html.write_text(
            f'<body style="margin:0;background:#17120d"><div style="width:100%">{svg}</div></body>'
        )
        page.goto(html.as_uri())  # type: ignore[attr-defined]
        page.screenshot(path=str(out / f"{name}-360.png"), full_page=True)  # type: ignore[attr-defined]


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/webui-shots")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {"TABLE_PIN": PIN, "LOG_PATH": str(Path(tmp) / "game.jsonl"), "CHALK_FONT": FONT}
        )
        server = waitress.create_server(app, host="127.0.0.1", port=0, threads=8)
        threading.Thread(target=server.run, daemon=True).start()
        base = f"http://127.0.0.1:{server.effective_port}"
        post(base, seed_003_game())
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            shots = [
                ("z-board-787-1136", "/?figure=z&remainder=plus&faces=french&lang=en", 360),
                ("rows-board", "/?figure=rows", 360),
                ("z-minus-remainder", "/?figure=z&remainder=minus", 360),
                ("swiss-faces-de", "/?remainder=plus&faces=swiss&lang=de", 360),
                ("french-page-fr", "/?faces=french&lang=fr", 360),
                ("wide-en", "/?lang=en", 1024),
            ]
            for name, path, width in shots:
                context = browser.new_context(viewport={"width": width, "height": 740})
                page = context.new_page()
                page.goto(base + path)
                page.wait_for_timeout(300)
                page.screenshot(path=str(out / f"{name}-{width}.png"), full_page=True)
                context.close()
            context = browser.new_context(viewport={"width": 360, "height": 740})
            page = context.new_page()
            page.goto(base + "/?lang=en")
            page.fill("input[name=pin]", PIN)
            page.click("button:has-text('Unlock')")
            page.screenshot(path=str(out / "unlocked-controls-360.png"), full_page=True)
            two_player_boards(out, page)
            context.close()
            browser.close()
        server.close()
    for shot in sorted(out.glob("*.png")):
        print(shot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
