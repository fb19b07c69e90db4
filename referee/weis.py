"""Weis: sequences and four-of-a-kinds, their values and how they compare.

Seed 003: "En sekvens är minst tre kort av samma färg i på varandra följande valörer.
Fyrtaal är fyra kort av samma valör." Sequences always use the side-suit order
A K Q J 10 9 8 7 6, also in trump, reversed in undenufe (the 6 is then the top card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from referee.cards import (
    EIGHT,
    JACK,
    NINE,
    RANK_CODES,
    RANK_MASKS,
    SEVEN,
    SIX,
    SUIT_LETTERS,
    SUITS,
    CardSet,
    Rank,
    Suit,
    card,
    card_rank,
    card_suit,
    cards_in,
    codes,
    count,
)
from referee.engine import Refused
from referee.modes import ModeTables

SEQUENCE_VALUES = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
FOUR_VALUES = {JACK: 200, NINE: 150}
FOUR_VALUE_OTHER = 100
WEIS_VALUES = frozenset((*SEQUENCE_VALUES.values(), *FOUR_VALUES.values(), FOUR_VALUE_OTHER))

Kind = Literal["sequence", "four"]


class WeisChoices(Protocol):
    """The house rules of the weis table (``referee.settings``): every game that scores
    weis has them."""

    @property
    def equal_weis(self) -> str: ...

    @property
    def four_low_cards(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Combination:
    """One weis: a run of at least three cards in a suit, or four cards of a rank."""

    kind: Kind
    cards: CardSet
    value: int
    suit: Suit | None
    """The suit of a sequence; ``None`` for a four of a kind."""
    low: Rank
    high: Rank
    """Lowest and highest rank in natural order (equal for a four of a kind)."""

    @property
    def length(self) -> int:
        return count(self.cards)

    def top_rank(self, mode: ModeTables) -> Rank:
        """The card that names the weis: the highest, or the lowest in undenufe."""
        return self.low if mode.reversed_sequences else self.high

    def name(self, mode: ModeTables) -> str:
        """As players say it: "four 7s", "sequence of 3 from HJ" (seed 003: "sekvens av
        tre från hjärter knekt")."""
        if self.kind == "four":
            return f"four {RANK_CODES[self.high]}s"
        top = RANK_CODES[self.top_rank(mode)]
        return f"sequence of {self.length} from {SUIT_LETTERS[self.suit or 0]}{top}"

    def describe(self, mode: ModeTables) -> str:
        return f"{self.name(mode)} ({self.value})"


def combination_of(cards: CardSet, rules: WeisChoices) -> Combination | None:
    """The weis these exact cards form, or ``None`` when they form none.

    Four 6s, 7s or 8s form none when the house rule ``four_low_cards`` is off.
    """
    n = count(cards)
    if n < 3:
        return None
    ranks = sorted({card_rank(c) for c in cards_in(cards)})
    suits = {card_suit(c) for c in cards_in(cards)}
    if n == 4 and len(ranks) == 1:
        rank = ranks[0]
        if rank in (SIX, SEVEN, EIGHT) and not rules.four_low_cards:
            return None
        value = FOUR_VALUES.get(rank, FOUR_VALUE_OTHER)
        return Combination("four", cards, value, None, rank, rank)
    if len(suits) == 1 and len(ranks) == n and ranks[-1] - ranks[0] == n - 1:
        return Combination("sequence", cards, SEQUENCE_VALUES[n], suits.pop(), ranks[0], ranks[-1])
    return None


def runs_in(cards: CardSet) -> list[tuple[Suit, Rank, Rank, CardSet]]:
    """Each run of three or more cards of a suit in consecutive ranks (side-suit order),
    at full length only: (suit, lowest rank, highest rank, its cards), suit by suit."""
    runs: list[tuple[Suit, Rank, Rank, CardSet]] = []
    for suit in SUITS:
        run: list[Rank] = []
        for rank in range(10):
            if rank < 9 and cards >> card(suit, rank) & 1:
                run.append(rank)
                continue
            if len(run) >= 3:
                runs.append((suit, run[0], run[-1], sum(1 << card(suit, r) for r in run)))
            run = []
    return runs


def find_weis(hand: CardSet, rules: WeisChoices) -> list[Combination]:
    """Every weis in a hand: each maximal sequence once at full length, and each four.

    A card may serve both a sequence and a four of a kind; sub-sequences of a longer
    sequence are not listed (seed 003: "det är däremot inte tillåtet att tillgodoräkna
    sig delsekvenser av en längre sekvens").
    """
    found = [
        Combination("sequence", mask, SEQUENCE_VALUES[high - low + 1], suit, low, high)
        for suit, low, high, mask in runs_in(hand)
    ]
    for mask in RANK_MASKS:
        if hand & mask == mask:
            combo = combination_of(mask, rules)
            if combo is not None:
                found.append(combo)
    return found


def sequences_clash(a: Combination, b: Combination) -> bool:
    """True when two sequences of one player are parts of one longer sequence.

    Overlapping or touching runs in the same suit would count a sequence in pieces.
    """
    return (
        a.kind == b.kind == "sequence"
        and a.suit == b.suit
        and a.low <= b.high + 1
        and b.low <= a.high + 1
    )


@dataclass(frozen=True, slots=True)
class Declared:
    """A weis as a player declared it: the cards when shown, else only the points."""

    seat: int
    event: int
    value: int
    combination: Combination | None
    order: int
    """Position in play order from the seat that first received cards (0 = that seat)."""


def declared_weis(
    seat: int, cards: CardSet, rules: WeisChoices, event: int, order: int
) -> Declared:
    """A weis shown with its ``cards``: they must make one combination that counts
    (Schieber and Schmaus declare weis alike)."""
    combo = combination_of(cards, rules)
    if combo is None:
        raise Refused(
            "false-weis",
            f"seat {seat} declared {'-'.join(codes(cards))}, which is neither a sequence of "
            "three or more in one suit nor a four of a kind that counts",
            seat,
        )
    return Declared(seat, event, combo.value, combo, order)


def announced_weis(seat: int, points: object, event: int, order: int) -> Declared:
    """A weis said by its value only: ``points`` must be what some weis is worth."""
    if not isinstance(points, int) or isinstance(points, bool) or points not in WEIS_VALUES:
        allowed = ", ".join(map(str, sorted(WEIS_VALUES)))
        raise Refused(
            "false-weis",
            f"seat {seat} announced {points!r}, but a weis is worth {allowed}",
            seat,
        )
    return Declared(seat, event, points, None, order)


def better(a: Declared, b: Declared, mode: ModeTables, rules: WeisChoices) -> bool:
    """Whether weis ``a`` beats weis ``b``, by the seed's order of questions.

    Value first; at equal value a sequence beats a four of a kind (house rule
    ``equal_weis``), then the higher top card (reversed in undenufe), then a trump
    sequence, then the player who received cards earlier in the deal. When either weis
    was only announced by its points, equal values go to the earlier player.
    """
    if a.value != b.value:
        return a.value > b.value
    ca, cb = a.combination, b.combination
    if ca is not None and cb is not None:
        if ca.kind != cb.kind:
            return (ca.kind == "sequence") == (rules.equal_weis == "sequence")
        ta, tb = _top_key(ca, mode), _top_key(cb, mode)
        if ta != tb:
            return ta > tb
        trump_a = ca.kind == "sequence" and ca.suit == mode.trump
        trump_b = cb.kind == "sequence" and cb.suit == mode.trump
        if trump_a != trump_b:
            return trump_a
    return a.order < b.order


def _top_key(c: Combination, mode: ModeTables) -> int:
    return 8 - c.low if mode.reversed_sequences else c.high


def best_declared(
    declared: list[Declared], mode: ModeTables, rules: WeisChoices
) -> Declared | None:
    best: Declared | None = None
    for d in declared:
        if best is None or better(d, best, mode, rules):
            best = d
    return best
