"""How a score is chalked on the tavla: hundreds, fifties, twenties and a remainder.

Seed 003: "Hundratal markeras som vertikala streck på den övre linjen. ... Femtiotal
markeras på den diagonala linjen ... Tjugotal markeras på den undre linjen i grupper om
fem ... Siffror lägre än tjugo skrivs direkt på tavlan. 257 poäng kan till exempel
markeras med två hundrastreck, ett femtiostreck och en fristående sju. Det kan också
markeras med två hundrastreck, tre tjugostreck och en fristående minus tre."

The drawing itself (text here, SVG in the web board) is the caller's; this module only
decides the marks, so every board agrees on them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TavlaMarks:
    hundreds: int
    fifties: int
    twenties: int
    rest: int
    """Written as a number."""


def marks(score: int) -> TavlaMarks:
    """The marks for ``score``: as many hundreds, then fifties, then twenties as fit,
    and the rest (0..19) written as a number, like the seed's 257 = 2×100 + 50 + 7."""
    hundreds, rest = divmod(max(score, 0), 100)
    fifties, rest = divmod(rest, 50)
    twenties, rest = divmod(rest, 20)
    return TavlaMarks(hundreds, fifties, twenties, rest)


def text_board(score: int) -> str:
    """A one-line chalk drawing: ``||||/`` is a group of five, ``X`` two fifties."""
    m = marks(score)
    return (
        f"100: {_strokes(m.hundreds) or '-'}   50: {_fifties(m.fifties) or '-'}   "
        f"20: {_strokes(m.twenties) or '-'}   + {m.rest}"
    )


def _strokes(n: int) -> str:
    groups, single = divmod(n, 5)
    return " ".join(["||||/"] * groups + (["|" * single] if single else []))


def _fifties(n: int) -> str:
    pairs, single = divmod(n, 2)
    return "X" * pairs + ("/" if single else "")
