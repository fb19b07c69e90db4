"""The chalk boards of Differenzler and Coiffeur, drawn from the verdict: the numbers
each cell holds and what stays empty, counted in the SVG."""

from __future__ import annotations

import re

from webui.boards.styles import View, render_board


def texts(svg: str, cls: str) -> list[str]:
    return re.findall(rf'class="{cls}">([^<]*)<', svg)


def hand(scored: list[int], contract: dict, complete: bool = True) -> dict:
    return {"scored": scored, "contract": contract, "complete": complete}


def test_the_coiffeur_board_fills_a_teams_cell_once_its_line_is_played():
    """swisslos.ch: "Beim Coiffeur geht es darum, sämtliche Trumpfarten einmal zu
    spielen": one line per mode and multiplier, one column per team; a line in play
    shows as such, an open one stays empty."""
    verdict = {
        "variant": "coiffeur",
        "settings": {"board": "H=4 obenabe=5 joker=7"},
        "hands": [
            hand([360, 0], {"slot": "H", "side": 0}),
            hand([0, 700], {"slot": "joker1", "side": 1}),
            hand([0, 55], {"slot": "H", "side": 1}, complete=False),
        ],
    }
    svg = render_board(verdict, View(), ["Anna & Cla", "Bo & Dario"])
    assert texts(svg, "mode") == ["♥ ×4", "Obe ×5", "Joker ×7"]
    assert texts(svg, "points") == ["360", "700"]  # the hand in play writes nothing yet
    assert texts(svg, "playing") == ["…"] and texts(svg, "total") == ["360", "700"]
    assert "Anna &amp; Cla: 360, 2 lines open" in svg


def test_the_differenzler_columns_underline_the_lowest_total():
    """jassonkel.ch: "Jeder Spieler erhält auf der Tafel eine Senkrechtkolonne." Only
    booked hands are written."""
    verdict = {
        "variant": "differenzler",
        "hands": [
            hand([10, 3, 40, -10], {"booked": True}),
            hand([5, 30, 0, 8], {"booked": True}),
            hand([0, 0, 0, 0], {"booked": False}),
        ],
    }
    svg = render_board(verdict, View(), ["Annemarie", "Bo", "Cla", "Dario"])
    assert texts(svg, "label") == ["Annemar…", "Bo", "Cla", "Dario"]
    assert texts(svg, "points") == ["10", "5", "3", "30", "40", "0", "−10", "8"]
    assert texts(svg, "total") == ["15", "33", "40", "−2"]
    assert len(re.findall(r'data-mark="lowest"', svg)) == 1
