"""Smousjas lives (seed 001): game points counted down on dice, and the one "kip".

Seed 001: "Spelpunten kun je bijhouden met dobbelstenen, start op een bepaald aantal
'levens', en draai het benodigde aantal naar beneden. De eerste die geen 'levens' meer
heeft, zit 'op de kip' en krijgt nog een extra leven. Er is maar één kip, die
waardeloos is als een verliezende speler op 1 staat en 'onder Jan' is, en dus 2 punten
naar beneden gaat." A lost round costs one life, two when the loser is "onder Jan".
"""

from __future__ import annotations

from dataclasses import dataclass

from webui.boards.chalk import board, text

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


@dataclass(frozen=True)
class RoundResult:
    """A round of Smousjas: who lost it, and whether "onder Jan" (under 250)."""

    loser: int
    under_jan: bool = False


@dataclass(frozen=True)
class Lives:
    lives: tuple[int, ...]
    on_kip: int | None
    """The player sitting on the kip (it has been used), if any."""
    out: int | None
    """The player with no life left: the other has won the match."""


def count_lives(start: int, rounds: list[RoundResult], players: int = 2) -> Lives:
    """The dice after ``rounds``: each loss turns the loser's die down by 1 (2 under
    Jan). Reaching exactly 0 puts the first such player on the kip with one more life;
    going below 0 from 1 (under Jan) makes the kip worthless for them: they are out."""
    lives = [start] * players
    on_kip: int | None = None
    out: int | None = None
    for result in rounds:
        if out is not None:
            raise ValueError("the match is over: a player has no life left")
        loss = 2 if result.under_jan else 1
        if result.loser == on_kip:
            lives[result.loser], out = 0, result.loser
            continue
        lives[result.loser] -= loss
        if lives[result.loser] == 0 and on_kip is None:
            on_kip = result.loser
        elif lives[result.loser] <= 0:
            lives[result.loser], out = 0, result.loser
    return Lives(tuple(lives), on_kip, out)


def _die(x: float, y: float, value: int, cls: str) -> str:
    pips = "".join(
        f'<circle cx="{x + 30 + 16 * dx}" cy="{y + 30 + 16 * dy}" r="5.5" class="pip" '
        'style="fill:#f4f1e6;stroke:none"/>'
        for dx, dy in PIPS.get(value, [])
    )
    return (
        f'<g class="{cls}" data-value="{value}"><rect x="{x}" y="{y}" width="60" height="60" '
        f'rx="10" style="stroke:#f4f1e6;stroke-width:3;fill:none"/>{pips}</g>'
    )


def _hen(x: float, y: float) -> str:
    """The kip: a chalk hen (body, head, comb, beak, tail, legs)."""
    return (
        f'<g class="kip" transform="translate({x} {y})" style="stroke-width:3">'
        '<path d="M8 40 Q6 18 28 20 Q44 20 50 34 Q52 52 30 54 Q12 54 8 40 Z"/>'
        '<circle cx="50" cy="16" r="9"/><path d="M46 6 q3 -7 6 0 q3 -7 6 1"/>'
        '<path d="M59 16 l8 3 l-8 3"/><path d="M8 36 L0 22 M8 38 L-2 30"/>'
        '<path d="M24 54 v10 m-4 0 h8 M36 54 v10 m-4 0 h8"/></g>'
    )


def lives_svg(state: Lives, names: list[str]) -> str:
    """One column per player: the dice showing the lives left (several dice when more
    than six), the hen beside the player on the kip, a cross through the one out."""
    body: list[str] = []
    tallest = max((max(n, 1) + 11) // 12 for n in state.lives)
    bottom = 70 + 70 * tallest + (90 if state.on_kip is not None else 0)
    for player, name in enumerate(names):
        x = 40 + 190 * player
        left = state.lives[player]
        body.append(text(x, 48, f"{name}: {left}", 22, "label"))
        dice = [6] * (left // 6) + ([left % 6] if left % 6 else [])
        for i, value in enumerate(dice):
            body.append(_die(x + 70 * (i % 2), 70 + 70 * (i // 2), value, "die"))
        rows = (len(dice) + 1) // 2
        if state.on_kip == player:
            body.append(_hen(x + 10, 80 + 70 * rows))
            body.append(text(x + 80, 132 + 70 * rows, "op de kip", 18, "kipnote"))
        if state.out == player:
            body.append(
                f'<path class="out" d="M{x - 8} 62 L{x + 140} {74 + 70 * rows} '
                f'M{x + 140} 62 L{x - 8} {74 + 70 * rows}"/>'
            )
    label = ", ".join(f"{name}: {state.lives[p]} lives" for p, name in enumerate(names))
    return board(400, bottom + 30, "".join(body), label)
