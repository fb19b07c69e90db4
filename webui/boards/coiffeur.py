"""The Coiffeur board: a line per mode with its multiplier, a column per team.

The Coiffeur "Tafel" (swisslos.ch: "Beim Coiffeur geht es darum, sämtliche Trumpfarten
einmal zuspielen"): each line of the board is a mode and its multiplier; a team's cell
holds what it wrote for that line (its points times the multiplier) once played, and
stays empty while the line is still open for it. The totals are underneath.
"""

from __future__ import annotations

from dataclasses import dataclass

from webui.boards.chalk import board, line, text

WIDTH, TOP, ROW = 400.0, 74.0, 36.0
LABEL_X, COLUMNS = 26.0, (208.0, 330.0)
SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣", "obenabe": "Obe", "undenufe": "Unde"}


@dataclass(frozen=True)
class BoardLine:
    """One line: the slot's name (``H``, ``joker1``), its multiplier, and per team what
    it wrote (``None`` while the line is open for it or its hand is still played)."""

    name: str
    multiplier: int
    written: tuple[int | None, int | None]
    playing: int | None = None
    """The team playing this line in the hand on the table."""


def label(name: str, multiplier: int) -> str:
    """``♥ ×4``, ``Obe ×5``, ``Joker ×7``."""
    shown = "Joker" if name.startswith("joker") else SYMBOLS.get(name, name)
    return f"{shown} ×{multiplier}"


def coiffeur_svg(lines: list[BoardLine], names: list[str]) -> str:
    height = TOP + ROW * (len(lines) + 1) + 30
    body: list[str] = []
    for team, x in enumerate(COLUMNS):
        name = names[team] if len(names[team]) <= 12 else names[team][:11] + "…"
        body.append(text(x, 44, name, 19, "label", "middle"))
    body.append(line(LABEL_X - 6, 58, WIDTH - 24, 58, width=3.0))
    body.append(line(COLUMNS[0] - 64, 30, COLUMNS[0] - 64, height - 26, width=2.5))
    body.append(line(COLUMNS[1] - 60, 30, COLUMNS[1] - 60, height - 26, width=2.5))
    for row, entry in enumerate(lines):
        y = TOP + ROW * row + 14
        body.append(text(LABEL_X, y, label(entry.name, entry.multiplier), 22, "mode"))
        for team, x in enumerate(COLUMNS):
            value = entry.written[team]
            if value is not None:
                body.append(text(x, y, str(value), 24, "points", "middle"))
            elif entry.playing == team:
                body.append(text(x, y, "…", 24, "playing", "middle"))
    y = TOP + ROW * len(lines)
    body.append(line(LABEL_X - 6, y - 8, WIDTH - 24, y - 8, width=3.0))
    totals = [sum(e.written[t] or 0 for e in lines) for t in (0, 1)]
    for team, x in enumerate(COLUMNS):
        body.append(text(x, y + 24, str(totals[team]), 28, "total", "middle"))
    open_lines = [sum(e.written[t] is None for e in lines) for t in (0, 1)]
    aria = ", ".join(f"{names[t]}: {totals[t]}, {open_lines[t]} lines open" for t in (0, 1))
    return board(WIDTH, height, "".join(body), aria)
