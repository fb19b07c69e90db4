"""The two-player boards in a real browser (Debian's chromium): the layout holds on
small phones (320×568 and 360×740) with touch targets at least 44 px high, and a card
played from one phone shows on the table."""

from __future__ import annotations

import pytest

from webui_helpers import layout_faults, served_board, unlocked_page, watching_page

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


@pytest.mark.parametrize("variant", sorted(GAMES))
@pytest.mark.parametrize(("width", "height"), [(320, 568), (360, 740)])
def test_the_layout_holds_on_small_phones(browser, tmp_path, variant, width, height):
    with served_board(tmp_path, GAMES[variant]) as base:
        page = unlocked_page(browser, base, width, height)
        assert layout_faults(page, width) == []
        page.close()


def test_a_card_played_on_one_phone_shows_on_the_other(browser, tmp_path):
    with served_board(tmp_path, GAMES["schmaus"]) as base:
        watcher = watching_page(browser, base)
        assert "Annemarie: sequence of 3 from HA (20)" in watcher.inner_text(".melds")
        player = unlocked_page(browser, base, 320, 568)
        player.click('#controls button.card-button[value="HK"]')
        watcher.wait_for_selector('.cloth .seat[data-seat="0"] svg[data-card="HK"]')
        assert "Bo to play" in watcher.inner_text(".status")
        player.close()
        watcher.close()
