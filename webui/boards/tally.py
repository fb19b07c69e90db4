"""Schnüffler's tally (seed 004): strokes and noughts per player, chalked as written.

Seed 004: "Trifft seine Aussage tatsächlich zu ... notiert er dafür 1 Strich. Falls
seine Aussage nicht zutrifft, erhält er 1 Nuller. Dieser kann im weiteren Spielverlauf
mit 1 Strich getilgt werden." A right guess is a stroke (grouped in fives, the fifth
across the four, as strokes are tallied); an open nought is a ring. The referee's
verdict counts them; this only draws them.
"""

from __future__ import annotations

from webui.boards.chalk import board, line, text, wobble

COLUMN, TOP = 190.0, 80.0


def _strokes(n: int, x: float, y: float) -> list[str]:
    out: list[str] = []
    for i in range(n):
        group, place = divmod(i, 5)
        gx = x + group * 62
        if place == 4:
            out.append(line(gx - 6, y + 30, gx + 46, y + 2, "stroke5"))
        else:
            sx = gx + place * 12 + wobble(i)
            out.append(line(sx, y, sx + 1, y + 34, "stroke"))
    return out


def _noughts(n: int, x: float, y: float) -> list[str]:
    return [
        f'<circle cx="{x + 10 + 26 * (i % 6):.1f}" cy="{y + 26 * (i // 6):.1f}" r="9" '
        'data-mark="nought"/>'
        for i in range(n)
    ]


def tally_svg(strokes: list[int], noughts: list[int], names: list[str]) -> str:
    """Two columns: the name, the strokes in fives, the open noughts, the net score."""
    rows = max(1, *(-(-s // 10) for s in strokes))
    nought_rows = max(1, *(-(-n // 6) for n in noughts))
    height = TOP + 46 * rows + 26 * nought_rows + 70
    body: list[str] = []
    for player, name in enumerate(names):
        x = 30 + COLUMN * player
        body.append(text(x, 44, name, 22, "label"))
        body.append(line(x - 6, 58, x + COLUMN - 30, 58, width=3.0))
        for row in range(rows):
            shown = min(10, max(0, strokes[player] - 10 * row))
            body += _strokes(shown, x, TOP + 46 * row)
        y = TOP + 46 * rows + 14
        body += _noughts(noughts[player], x, y)
        net = strokes[player] - noughts[player]
        body.append(text(x, height - 30, str(net).replace("-", "−"), 28, "total"))
    body.append(line(200, 26, 200, height - 24, width=2.5))
    label = ", ".join(
        f"{name}: {strokes[p]} strokes, {noughts[p]} noughts" for p, name in enumerate(names)
    )
    return board(400, height, "".join(body), label)
