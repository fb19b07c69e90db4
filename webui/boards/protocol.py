"""The Frantsfuus protocol (seed 002): card points as numbers, melds as marks.

Seed 002: "ett vertikalt streck för 20 poäng (terts och belle), ett horisontellt
streck för 50 poäng och en ring för 100 poäng (fuus eller fyra ess, kungar eller
damer). Fyra knektar skrivs med två ringar bredvid varandra. Det kan vara lämpligt
att gruppera till exempel vertikala streck bredvid varandra" — so each hand's melds are
drawn grouped: the vertical strokes, then the horizontal ones, then the rings.
"""

from __future__ import annotations

from dataclasses import dataclass

from webui.boards.chalk import board, line, text

SYMBOLS = {20: "|", 50: "-", 100: "o", 200: "oo"}
"""A meld's value and its mark; four jacks (200) are two rings side by side."""
ORDER = "|-o"


class NotAMeld(ValueError):
    """A value Frantsfuus has no meld for (the seed's melds are 20, 50, 100 and 200)."""


@dataclass(frozen=True)
class ProtocolRow:
    """One hand of one player: the card points (last trick included) and the melds."""

    card_points: int
    melds: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return self.card_points + sum(self.melds)


def meld_marks(melds: tuple[int, ...] | list[int]) -> str:
    """The marks for a hand's melds, grouped: ``(20, 100, 20, 50)`` → ``"||-o"``."""
    marks = []
    for value in melds:
        if value not in SYMBOLS:
            raise NotAMeld(f"{value} is not a Frantsfuus meld (20, 50, 100 or 200)")
        marks.append(SYMBOLS[value])
    return "".join(sorted("".join(marks), key=ORDER.index))


ROW, TOP, COLUMN = 44.0, 92.0, 190.0


def _marks_svg(marks: str, x: float, y: float) -> list[str]:
    out: list[str] = []
    for i, mark in enumerate(marks):
        cx = x + 14 * i + (8 if i and marks[i - 1] != mark else 0)
        if mark == "|":
            out.append(line(cx, y - 13, cx + 1, y + 9, "meld20"))
        elif mark == "-":
            out.append(line(cx - 6, y - 2, cx + 12, y - 3, "meld50"))
        else:
            out.append(f'<circle cx="{cx + 3:.1f}" cy="{y - 2:.1f}" r="7" data-mark="meld100"/>')
    return out


def protocol_svg(hands: list[list[ProtocolRow]], names: list[str], target: int = 500) -> str:
    """The protocol of a game: ``hands[i][player]``; a column per player, a row per hand,
    the running total underneath and who has passed the target."""
    height = TOP + ROW * (len(hands) + 1) + 40
    body: list[str] = []
    for player, name in enumerate(names):
        x = 40 + COLUMN * player
        body.append(text(x, 44, name, 22, "label"))
        body.append(line(x - 6, 60, x + COLUMN - 40, 60, width=3.0))
        for row, hand in enumerate(hands):
            y = TOP + ROW * row
            entry = hand[player]
            body.append(text(x, y, str(entry.card_points), 24, "points"))
            body += _marks_svg(meld_marks(entry.melds), x + 58, y - 6)
        total = sum(hand[player].total for hand in hands)
        y = TOP + ROW * len(hands)
        body.append(line(x - 6, y - 26, x + COLUMN - 40, y - 26, width=3.0))
        mark = " ✓" if total > target else ""
        body.append(text(x, y + 4, f"{total}{mark}", 28, "total"))
    body.append(line(200, 30, 200, height - 30, width=2.5))
    label = ", ".join(f"{name}: {sum(h[p].total for h in hands)}" for p, name in enumerate(names))
    return board(400, height, "".join(body), label)
