"""The boards of Sidi-Barrani, Differenzler and Coiffeur in a real browser (Debian's
chromium): the layout holds on small phones (320×568 and 360×740) with touch targets at
least 44 px high, and a call or a card entered on one phone shows on another."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from webui_helpers import layout_faults, served_board, unlocked_page, watching_page

PLAYERS = ["Annemarie", "Bo", "Cla", "Dario"]
GAMES = {
    "sidi-barrani": [
        {
            "event": "game",
            "variant": "sidi-barrani",
            "players": PLAYERS,
            "settings": {"doubling": "double"},
        },
        {"event": "hand", "dealer": 3},
        {"event": "bid", "seat": 0, "points": 80, "suit": "C"},
    ],
    "differenzler": [
        {"event": "game", "variant": "differenzler", "players": PLAYERS},
        {"event": "hand", "dealer": 3},
        {"event": "turnup", "card": "C6"},
        *[{"event": "predict", "seat": s, "points": 20 + s} for s in range(4)],
        {"event": "play", "seat": 0, "card": "HA"},
    ],
    "coiffeur": [
        {"event": "game", "variant": "coiffeur", "players": PLAYERS},
        {"event": "hand", "dealer": 3},
    ],
}


@pytest.mark.parametrize("variant", sorted(GAMES))
@pytest.mark.parametrize(("width", "height"), [(320, 568), (360, 740)])
def test_the_layout_holds_on_small_phones(browser, tmp_path, variant, width, height):
    with served_board(tmp_path, GAMES[variant]) as base:
        page = unlocked_page(browser, base, width, height)
        assert layout_faults(page, width) == []
        page.screenshot(path=str(tmp_path / f"{variant}-{width}.png"), full_page=True)
        page.close()


def test_a_bid_and_a_double_on_one_phone_show_on_the_other(browser, tmp_path):
    with served_board(tmp_path, GAMES["sidi-barrani"]) as base:
        watcher = watching_page(browser, base)
        assert "Bo to call" in watcher.inner_text(".auction")
        player = unlocked_page(browser, base, 320, 568, "en")
        player.fill("input[name=points]", "100")
        player.click('#controls button[name=suit][value="H"]')
        watcher.wait_for_selector('.auction .call[data-seat="1"]')
        assert "Bo 100 ♥" in watcher.inner_text(".auction")
        player.wait_for_selector("text=Double the bid of Bo")
        player.click("text=Double the bid of Bo")
        expect(watcher.locator(".auction .contract")).to_contain_text("doubled")
        assert "Contract: Bo & Dario 100 ♥" in watcher.inner_text(".auction .contract")
        player.close()
        watcher.close()


def test_every_seats_points_per_trick_show_live(browser, tmp_path):
    with served_board(tmp_path, GAMES["differenzler"]) as base:
        watcher = watching_page(browser, base)
        player = unlocked_page(browser, base, 320, 568, "en")
        for card in ("H6", "DA", "C7"):  # Dario trumps Annemarie's ace: 11 + 0 + 11 + 0
            player.click(f'#controls button.card-button[value="{card}"]')
            player.wait_for_selector(f'.cloth svg[data-card="{card}"]')
        row = watcher.locator(".per-trick tbody tr:nth-child(2)")
        expect(row).to_have_text("trick 1 22", use_inner_text=True)
        assert watcher.inner_text(".per-trick tr.sum").split() == ["so", "far", "0", "0", "0", "22"]
        player.close()
        watcher.close()
