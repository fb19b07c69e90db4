"""Game modes: which suit is trump, how cards rank in a trick and what they are worth.

A mode is the string the game log uses: a trump suit letter ``H D S C``, or
``obenabe`` / ``undenufe`` (no trump, natural or reversed order). The tables are built
once, so ranking a trick or counting points is an index lookup.

Seed 003: "I trumffärgen är knekten högsta valör ... Därefter kommer nian ... knekt,
nio, ess, kung, dam, tio, åtta, sju och sex" and "I alla sangspel är åttorna värda 8
poäng ... I undenufe gäller dessutom att sexorna är värda 11 poäng var och essen 0".
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.cards import (
    ACE,
    CARDS,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SIX,
    SUIT_LETTERS,
    TEN,
    Suit,
    card_rank,
    card_suit,
)

Mode = str
OBENABE: Mode = "obenabe"
UNDENUFE: Mode = "undenufe"
TRUMP_MODES: tuple[Mode, ...] = tuple(SUIT_LETTERS)
MODES: tuple[Mode, ...] = (*TRUMP_MODES, OBENABE, UNDENUFE)

_SIDE_POINTS = {ACE: 11, KING: 4, QUEEN: 3, JACK: 2, TEN: 10}
_TRUMP_ORDER = (SIX, SEVEN, EIGHT, TEN, QUEEN, KING, ACE, NINE, JACK)
"""Trump ranks, lowest first: 6 7 8 10 Q K A 9 J."""


@dataclass(frozen=True, slots=True)
class ModeTables:
    """Everything about one mode that the referee looks up per card."""

    mode: Mode
    trump: Suit | None
    strength: tuple[int, ...]
    """Higher wins among cards of one suit; trumps are above every side card."""
    points: tuple[int, ...]
    reversed_sequences: bool
    """Undenufe: in weis the 6 is the top card and sequences rank from the 6 down."""


def _build(mode: Mode) -> ModeTables:
    trump = SUIT_LETTERS.index(mode) if mode in TRUMP_MODES else None
    strength: list[int] = []
    points: list[int] = []
    for c in CARDS:
        suit, rank = card_suit(c), card_rank(c)
        if suit == trump:
            strength.append(100 + _TRUMP_ORDER.index(rank))
            points.append({JACK: 20, NINE: 14}.get(rank, _SIDE_POINTS.get(rank, 0)))
        elif mode == UNDENUFE:
            strength.append(8 - rank)
            points.append({SIX: 11, EIGHT: 8, ACE: 0}.get(rank, _SIDE_POINTS.get(rank, 0)))
        else:
            strength.append(rank)
            sang_eight = 8 if mode == OBENABE and rank == EIGHT else 0
            points.append(_SIDE_POINTS.get(rank, sang_eight))
    return ModeTables(mode, trump, tuple(strength), tuple(points), mode == UNDENUFE)


TABLES: dict[Mode, ModeTables] = {m: _build(m) for m in MODES}
