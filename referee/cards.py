"""Cards, suits, ranks and sets of cards.

A card is a plain ``int`` from 0 to 35 (``suit * 9 + rank``) and a set of cards is an
``int`` bitmask, in the manner of python-chess squares and bitboards: following suit,
holding only trumps or finding a sequence are then single mask operations, which keeps
the referee fast enough to re-check thousands of recorded hands in a few seconds.

Codes follow the game-log contract: suit letter then rank, ``H10``, ``SJ``, ``C6``.
Input also accepts the Swiss rank letters ``U`` (Under = J), ``O`` (Ober = Q),
``B`` (Banner = 10) and lower case; output is always canonical.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Literal

Suit = int
Rank = int
Card = int
CardSet = int
"""A set of cards as a bitmask: bit ``card`` is set when the card is in the set."""

HEARTS, DIAMONDS, SPADES, CLUBS = SUITS = (0, 1, 2, 3)
SUIT_LETTERS = "HDSC"

SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = RANKS = tuple(range(9))
"""Ranks in the natural (side-suit) order, lowest first: 6 7 8 9 10 J Q K A."""
RANK_CODES = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SWISS_RANK_LETTERS = {"U": JACK, "O": QUEEN, "B": TEN}

CARDS: tuple[Card, ...] = tuple(range(36))

Style = Literal["french", "swiss"]

SUIT_NAMES: dict[Style, tuple[str, ...]] = {
    "french": ("Hearts", "Diamonds", "Spades", "Clubs"),
    "swiss": ("Schellen", "Schilten", "Eicheln", "Rosen"),
}
SUIT_SYMBOLS = ("♥", "♦", "♠", "♣")
RANK_NAMES: dict[Style, tuple[str, ...]] = {
    "french": ("6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace"),
    "swiss": ("6", "7", "8", "9", "Banner", "Under", "Ober", "König", "Ass"),
}


class UnknownCardError(ValueError):
    """Raised for text that is not a card code; the message quotes the text."""


def card(suit: Suit, rank: Rank) -> Card:
    """The card of ``suit`` and ``rank``."""
    return suit * 9 + rank


def card_suit(c: Card) -> Suit:
    return c // 9


def card_rank(c: Card) -> Rank:
    return c % 9


def card_code(c: Card) -> str:
    """The canonical contract code, e.g. ``H10``."""
    return SUIT_LETTERS[c // 9] + RANK_CODES[c % 9]


def card_display(c: Card, style: Style = "french") -> str:
    """A name for people: ``♥10`` in the French style, ``Schellen Banner`` in the Swiss."""
    if style == "swiss":
        return f"{SUIT_NAMES['swiss'][c // 9]} {RANK_NAMES['swiss'][c % 9]}"
    return SUIT_SYMBOLS[c // 9] + RANK_CODES[c % 9]


_PARSE_TABLE: dict[str, Card] = {}
for _c in CARDS:
    _PARSE_TABLE[card_code(_c)] = _c
for _letter, _rank in _SWISS_RANK_LETTERS.items():
    for _s in SUITS:
        _PARSE_TABLE[SUIT_LETTERS[_s] + _letter] = card(_s, _rank)


def parse_card(text: object) -> Card:
    """Reads a card code (canonical, Swiss letters or lower case).

    Raises :class:`UnknownCardError` for anything else, including non-strings.
    """
    if isinstance(text, str):
        found = _PARSE_TABLE.get(text.strip().upper())
        if found is not None:
            return found
    raise UnknownCardError(f"{text!r} is not a card (expected e.g. H10, SJ, C6, DA)")


# --- sets of cards -----------------------------------------------------------------

SUIT_MASKS: tuple[CardSet, ...] = tuple(((1 << 9) - 1) << (9 * s) for s in SUITS)
RANK_MASKS: tuple[CardSet, ...] = tuple(sum(1 << card(s, r) for s in SUITS) for r in RANKS)


def bit(c: Card) -> CardSet:
    return 1 << c


def king_and_queen(suit: Suit) -> CardSet:
    """The king and queen of ``suit``: stöck, belle or stuk when it is trump."""
    return bit(card(suit, KING)) | bit(card(suit, QUEEN))


def card_set(cards: Iterable[Card]) -> CardSet:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_in(mask: CardSet) -> Iterator[Card]:
    """The cards of a set, in card order (hearts 6 first, clubs ace last)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: CardSet) -> int:
    return mask.bit_count()


def codes(mask: CardSet) -> list[str]:
    return [card_code(c) for c in cards_in(mask)]


# --- decks ---------------------------------------------------------------------------

DECK_36: CardSet = (1 << 36) - 1
DECK_32: CardSet = DECK_36 & ~RANK_MASKS[SIX]
"""The 32-card deck of Smousjas and Frantsfuus: no sixes."""

FIRST_FOREHAND_CARD = card(CLUBS, SEVEN)
"""Schieber: the holder of ♣7 (Rosen 7) is forehand in a game's first hand."""
