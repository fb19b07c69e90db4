"""Differenzler's board: a column per player, the difference of each hand, the total.

jassonkel.ch (Differenzler): "Jeder Spieler erhält auf der Tafel eine Senkrechtkolonne.
Nach jeder Runde werden die Differenzpunkte zum angesagten Gebot von jedem Spieler als
Minuspunkte auf der Tafel" notiert. The lowest total leads; it is underlined.
"""

from __future__ import annotations

from webui.boards.chalk import board, line, minus, text

WIDTH, TOP, ROW, COLUMN = 400.0, 74.0, 30.0, 92.0


def columns_svg(rows: list[list[int]], names: list[str]) -> str:
    """``rows[hand][player]``: the difference each player wrote for each hand."""
    players = len(names)
    height = TOP + ROW * (len(rows) + 1) + 36
    totals = [sum(r[p] for r in rows) for p in range(players)]
    body: list[str] = []
    for p, name in enumerate(names):
        x = 24 + COLUMN * p + COLUMN / 2
        shown = name if len(name) <= 8 else name[:7] + "…"
        body.append(text(x, 44, shown, 18, "label", "middle"))
        if p:
            body.append(line(24 + COLUMN * p, 28, 24 + COLUMN * p, height - 24, width=2.5))
        for row, values in enumerate(rows):
            body.append(text(x, TOP + ROW * row + 12, minus(values[p]), 22, "points", "middle"))
        y = TOP + ROW * len(rows) + 16
        body.append(text(x, y, minus(totals[p]), 26, "total", "middle"))
        if rows and totals[p] == min(totals):
            body.append(line(x - 26, y + 8, x + 26, y + 9, "lowest", 3.0))
    body.append(line(18, 58, WIDTH - 18, 58, width=3.0))
    y = TOP + ROW * len(rows) - 8
    body.append(line(18, y, WIDTH - 18, y, width=3.0))
    aria = ", ".join(f"{name}: {totals[p]}" for p, name in enumerate(names))
    return board(WIDTH, height, "".join(body), aria)
