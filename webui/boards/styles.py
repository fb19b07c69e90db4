"""Which board each variant is drawn on: a variant plugs in by naming its style here.

Schieber, Sidi-Barrani and Schmaus use the Swiss Z tavla (seeds 003 and 000),
Frantsfuus the protocol with meld marks (seed 002), Smousjas the lives and the kip
(seed 001), Schnüffler the tally of strokes and noughts (seed 004), Differenzler a
column of differences per player, Coiffeur its board of modes and multipliers. A
board is drawn from the contract verdict; Smousjas' lives count whole games of a
series, which the verdict's ``series`` holds when the log is refereed as one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee.coiffeur_board import DEFAULT_BOARD, parse_board
from webui.boards.coiffeur import BoardLine, coiffeur_svg
from webui.boards.columns import columns_svg
from webui.boards.lives import Lives, lives_svg
from webui.boards.protocol import ProtocolRow, protocol_svg
from webui.boards.tally import tally_svg
from webui.boards.zboard import tavla_svg

BOARD_STYLES = {
    "schieber": "z",
    "schmaus": "z",
    "frantsfuus": "protocol",
    "smousjas": "lives",
    "schnueffler": "tally",
    "sidi-barrani": "z",
    "differenzler": "columns",
    "coiffeur": "coiffeur",
}


@dataclass(frozen=True)
class View:
    """How one phone looks at the board: its side upright at the bottom, the figure
    (Z or three rows), the remainder style (``plus`` 7 or ``minus`` −3) and the card
    faces (``french`` or ``swiss``)."""

    bottom: int = 0
    figure: str = "z"
    remainder: str = "plus"
    faces: str = "french"


def z_board(verdict: dict, view: View, names: list[str]) -> str:
    return tavla_svg(
        list(verdict["totals"]),
        names,
        view.bottom,
        view.figure,
        view.remainder,
    )


def protocol_board(verdict: dict, view: View, names: list[str]) -> str:
    """Each hand's card points as a number; each named meld and belle as its mark (four
    jacks, 200, are two rings). A verdict without named melds gives the sums, drawn as
    the marks that make them (70 is the strokes 50 and 20). Each award is a row."""
    rows = [
        [ProtocolRow(hand["points"][p], _hand_melds(hand, p)) for p in (0, 1)]
        for hand in verdict["hands"]
    ]
    # points the players gave for a violation are written as a number of their own
    rows += [
        [ProtocolRow(award["points"] if award["side"] == p else 0, ()) for p in (0, 1)]
        for award in verdict.get("awards", [])
    ]
    target = int(verdict.get("settings", {}).get("target", 500))
    return protocol_svg(rows, names, target)


def _hand_melds(hand: dict, player: int) -> tuple[int, ...]:
    named = hand.get("melds")
    if named:
        return tuple(int(m["points"]) for m in named if m["seat"] == player)
    return _meld_values(hand["weis"][player] + hand["stoeck"][player])


def lives_board(verdict: dict, view: View, names: list[str]) -> str:
    """Smousjas: the lives of the series on dice and the kip; the player with no life
    left (the series lost) crossed out."""
    series = verdict.get("series") or {}
    start = int(verdict.get("settings", {}).get("lives", 5))
    lives = series.get("lives") or [start, start]
    winner = series.get("winner")
    state = Lives(
        tuple(max(0, n) for n in lives),
        series.get("kip"),
        1 - winner if winner is not None else None,
    )
    return lives_svg(state, names)


def tally_board(verdict: dict, view: View, names: list[str]) -> str:
    """Schnüffler: strokes and open noughts, from the hand's points (strokes) and
    scored (strokes less open noughts)."""
    hands = verdict["hands"]
    strokes = list(hands[0]["points"]) if hands else [0, 0]
    net = list(hands[0]["scored"]) if hands else [0, 0]
    return tally_svg(strokes, [strokes[p] - net[p] for p in (0, 1)], names)


def columns_board(verdict: dict, view: View, names: list[str]) -> str:
    """Differenzler: the difference each player wrote for each hand booked."""
    booked = [h["scored"] for h in verdict["hands"] if h.get("contract", {}).get("booked")]
    return columns_svg(booked, names)


def coiffeur_board(verdict: dict, view: View, names: list[str]) -> str:
    """Coiffeur: the board of the game's ``board`` setting, each team's cell filled by
    the hand that played that line (while it is played, marked as in play)."""
    written: dict[tuple[str, int], int] = {}
    playing: dict[str, int] = {}
    for hand in verdict["hands"]:
        contract = hand.get("contract")
        if contract is None:
            continue
        side = contract["side"]
        if hand["complete"]:
            written[(contract["slot"], side)] = hand["scored"][side]
        else:
            playing[contract["slot"]] = side
    slots = parse_board(str(verdict.get("settings", {}).get("board", DEFAULT_BOARD)))
    lines = [
        BoardLine(
            s.name,
            s.multiplier,
            (written.get((s.name, 0)), written.get((s.name, 1))),
            playing.get(s.name),
        )
        for s in slots
    ]
    return coiffeur_svg(lines, names)


def _meld_values(points: int) -> tuple[int, ...]:
    values: list[int] = []
    for value in (100, 50, 20):
        n, points = divmod(points, value)
        values += [value] * n
    if points:
        raise ValueError(f"{points} points of melds cannot be drawn as marks of 20, 50, 100")
    return tuple(values)


RENDERERS: dict[str, Callable[[dict, View, list[str]], str]] = {
    "z": z_board,
    "protocol": protocol_board,
    "lives": lives_board,
    "tally": tally_board,
    "columns": columns_board,
    "coiffeur": coiffeur_board,
}


def render_board(verdict: dict, view: View, names: list[str]) -> str:
    """The board of ``verdict``'s variant, its sides called ``names``. Raises
    ``KeyError`` for a variant without a board."""
    return RENDERERS[BOARD_STYLES[verdict["variant"]]](verdict, view, names)
