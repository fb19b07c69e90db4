"""The score sheet as CSV: one row per hand, for a spreadsheet or the club's archive.

Why a fold of the log and not a stored table: the log is the truth, and a sheet made
from it can never disagree with the board. Each game of a series gets its rows, with
running totals per side (two teams or players; Differenzler's four players); a hand
that was played again (Smousjas tie) shows as void.
"""

from __future__ import annotations

import csv
import io

import referee
from referee.verdict import Verdict

COLUMNS = ["game", "hand", "mode", "multiplier", "void"]
PER_SIDE = ["cards", "weis", "stoeck", "match", "scored", "total"]


def score_sheet_csv(text: str) -> str:
    """The CSV score sheet of the game log ``text`` (raises :class:`referee.NotAGameLog`
    for a text that is not one)."""
    series = referee.referee_log(text)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    sides = series.game.sides
    writer.writerow(COLUMNS + [f"{name}_{side}" for side in range(sides) for name in PER_SIDE])
    for number, game in enumerate(series.games, start=1):
        writer.writerows(_rows(number, game.verdict()))
    return out.getvalue()


def _rows(number: int, verdict: Verdict) -> list[list[object]]:
    totals = [0] * len(verdict.totals)
    rows = []
    for hand in verdict.hands:
        per_side: list[object] = []
        for side in range(len(totals)):
            totals[side] += hand.scored[side]
            match = 1 if hand.match == side else 0
            per_side += [
                hand.points[side],
                hand.weis[side],
                hand.stoeck[side],
                match,
                hand.scored[side],
                totals[side],
            ]
        rows.append(
            [number, hand.index + 1, hand.mode or "", hand.multiplier, int(hand.void), *per_side]
        )
    return rows
