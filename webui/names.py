"""What the board calls seats, sides and games, in the page's language.

A game started from a phone may name its players (``"players"`` in the ``game``
event, an extension the referee ignores); the board then says "Anna & Cla" where it
would say "Seats 0+2". Mode names give the French suit with the Swiss one beside it,
as tables in Switzerland say either.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee import VARIANTS
from referee.cards import SUIT_LETTERS, SUIT_NAMES
from webui.i18n import gettext as _

FRENCH_SUITS = {"H": "Hearts", "D": "Diamonds", "S": "Spades", "C": "Clubs"}
SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
SANG = {"obenabe": "Obenabe", "undenufe": "Undenufe"}


@dataclass(frozen=True)
class Names:
    seats: list[str]
    sides: list[str]
    teams: bool = False
    """Whether the sides are teams of two (Schieber, Sidi-Barrani, Coiffeur)."""

    @classmethod
    def of(cls, header: dict, variant: str) -> Names:
        """Names from the log's header: four seats in two teams (Schieber and its
        family), else one per player (Differenzler's four play alone)."""
        game = VARIANTS.get(variant)
        count = game.players if game is not None else 2
        teams = game is not None and count == 4 and game.sides == 2
        given = header.get("players")
        players = given if isinstance(given, list) else []
        seats = [
            str(players[s]).strip() if s < len(players) and str(players[s]).strip() else ""
            for s in range(count)
        ]
        shown = [name or _("Seat {n}", n=s) for s, name in enumerate(seats)]
        if teams:
            sides = [
                f"{seats[s]} & {seats[s + 2]}"
                if seats[s] and seats[s + 2]
                else _("Seats {a}+{b}", a=s, b=s + 2)
                for s in (0, 1)
            ]
        else:
            sides = list(shown)
        return cls(shown, sides, teams)


def mode_name(mode: str | None) -> str:
    """``H`` → "♥ Hearts (Schellen)" in the page's language; sang games by name."""
    if mode is None:
        return _("not chosen yet")
    if mode in SUIT_LETTERS:
        swiss = SUIT_NAMES["swiss"][SUIT_LETTERS.index(mode)]
        return f"{SYMBOLS[mode]} {_(FRENCH_SUITS[mode])} ({swiss})"
    return SANG.get(mode, mode)


def mode_symbol(mode: str | None) -> str:
    """``H`` → ♥, ``obenabe`` → Obe: a bid or a call, short."""
    if mode is None:
        return "–"
    return SYMBOLS.get(mode) or {"obenabe": "Obe", "undenufe": "Unde"}.get(mode, mode)


def variant_name(variant: str) -> str:
    """A game's name as players write it (the same in every language)."""
    game = VARIANTS.get(variant)
    return game.title if game is not None else variant
