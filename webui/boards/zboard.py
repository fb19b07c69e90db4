"""The Swiss tavla of seeds 003 and 000: one Z per side, the other side upside down.

Seed 003: "Hundratal markeras som vertikala streck på den övre linjen. Vart femte
hundratal markeras med ett diagonalt streck över de tidigare fyra strecken ...
Femtiotal markeras på den diagonala linjen. De markeras med vinklade streck så att två
streck i rad bildar ett kryss. Tjugotal markeras på den undre linjen i grupper om fem
på samma sätt som hundratalen. Siffror lägre än tjugo skrivs direkt på tavlan." And
for a board without the Z: "hundratal, femtiotal och tjugotal i stället markeras i tre
rader ovanför varandra". Its figure: "Notera att det andra lagets markeringar alltid
är uppochner sett från den som skriver" — so the viewer's side is drawn upright at the
bottom and the other side rotated half a turn at the top.

Which strokes to draw is :mod:`referee.tavla` (or :mod:`referee.tavla_styles` for the
negative remainder); this module only places them.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.tavla import TavlaMarks, marks
from referee.tavla_styles import marks_minus
from webui.boards.chalk import PAINT, board, line, minus, text, wobble

WIDTH = 400.0
HALF = 214.0
GAP = 12.0
LEFT, RIGHT = 28.0, 372.0
TOP_LINE, BOTTOM_LINE = 64.0, 172.0
STEP, GROUP_GAP, TALL = 11.0, 15.0, 17.0

REMAINDERS: dict[str, Callable[[int], TavlaMarks]] = {"plus": marks, "minus": marks_minus}
"""The two ways of seed 003 to chalk 257: ``plus`` (… + 7) and ``minus`` (… − 3)."""
FIGURES = ("z", "rows")


def tally(count: int, x0: float, y: float, mark: str, limit: float) -> list[str]:
    """Strokes across a line at height ``y``, in groups of five: four upright and the
    fifth diagonal through them. Squeezed to end before ``limit`` if there are many."""
    groups, single = divmod(count, 5)
    width = groups * (3 * STEP + GROUP_GAP + STEP) + single * STEP
    scale = min(1.0, (limit - x0) / width) if width else 1.0
    step, gap = STEP * scale, GROUP_GAP * scale
    out: list[str] = []
    x = x0
    for i in range(count):
        w = wobble(i)
        if i % 5 == 4:
            first = x - 4 * step
            out.append(
                line(
                    first - 5, y + TALL - 2 + w, first + 3 * step + 5, y - TALL + 2, mark + " five"
                )
            )
            x += gap
        else:
            out.append(line(x + w * 0.6, y - TALL + w, x - w * 0.4, y + TALL - w * 0.5, mark))
            x += step
    return out


def crosses(count: int, points: list[tuple[float, float]], mark: str) -> list[str]:
    """Angled strokes, alternately leaning, so that every two in a row form an X."""
    out: list[str] = []
    for i in range(count):
        x, y = points[min(i // 2, len(points) - 1)]
        lean = 1 if i % 2 == 0 else -1
        out.append(line(x - 11 * lean, y - 15, x + 11 * lean, y + 15, mark))
    return out


def side(m: TavlaMarks, figure: str, label: str) -> str:
    """One side's half of the board, ``WIDTH`` × ``HALF``, upright."""
    body: list[str] = [text(LEFT, 26, label, 17, "label")]
    if figure == "z":
        body.append(
            f'<path d="M{LEFT} {TOP_LINE} H{RIGHT} L{LEFT} {BOTTOM_LINE} H{RIGHT}" '
            f'style="stroke:{PAINT};stroke-width:3.5;stroke-linejoin:round" class="figure"/>'
        )
        dx, dy = LEFT - RIGHT, BOTTOM_LINE - TOP_LINE
        fifty_points = [(RIGHT + dx * t, TOP_LINE + dy * t) for t in (0.42, 0.56, 0.70, 0.28)]
        hundreds_from, hundreds_to = LEFT + 16, RIGHT - 66
        twenties_from = LEFT + 66
    else:
        middle = (TOP_LINE + BOTTOM_LINE) / 2
        fifty_points = [(LEFT + 24 + 36 * k, middle) for k in range(4)]
        hundreds_from, hundreds_to = LEFT + 16, RIGHT - 8
        twenties_from = LEFT + 16
    body += tally(m.hundreds, hundreds_from, TOP_LINE, "hundred", hundreds_to)
    body += crosses(m.fifties, fifty_points, "fifty")
    body += tally(m.twenties, twenties_from, BOTTOM_LINE, "twenty", RIGHT - 70)
    if m.rest:
        body.append(text(RIGHT - 4, BOTTOM_LINE - 12, minus(m.rest), 30, "rest", "end"))
    return "".join(body)


def tavla_svg(
    totals: list[int],
    names: list[str],
    bottom: int = 0,
    figure: str = "z",
    remainder: str = "plus",
) -> str:
    """The whole board for two sides: ``bottom`` is the viewer's side, upright."""
    decompose = REMAINDERS[remainder]
    top = 1 - bottom
    upper = side(decompose(totals[top]), figure, names[top])
    lower = side(decompose(totals[bottom]), figure, names[bottom])
    height = 2 * HALF + GAP
    body = (
        f'<g class="side" data-side="{top}" data-total="{totals[top]}" '
        f'transform="rotate(180 {WIDTH / 2} {HALF / 2})">{upper}</g>'
        f'<g class="side" data-side="{bottom}" data-total="{totals[bottom]}" '
        f'transform="translate(0 {HALF + GAP})">{lower}</g>'
    )
    label = f"{names[0]}: {totals[0]}, {names[1]}: {totals[1]}"
    return board(WIDTH, height, body, label)
