"""Melds said before they are shown, for the talon games that rank melds by more than
their value (Frantsfuus, Smousjas).

At the table a meld is first *said* and only later *shown*: in Frantsfuus a player
"börjar mäla 20 poäng" and names the top card and suit "efter det att det andra kortet
har spelats till sticket" (seed 002); in Smousjas the leader says "'carré' ... of '3 op
de vrouw'" and "Nadat de tegenspeler ook een kaart aan de slag heeft gespeeld, moet de
declarant de kaarten ... laten zien" (seed 001). The log gives the first as a ``weis``
with ``points`` and the second as a ``weis`` with ``cards``.

A value alone bounds a meld's rank without fixing it (a Frantsfuus 100 is anything
from a fuus to four aces), so a comparison with a said meld has three answers: higher,
not higher, or not known until the cards are shown. The referee never guesses: the
first declaration stands until the cards prove the answer higher.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from referee.cards import CardSet, card
from referee.modes import ModeTables
from referee.weis import Combination

Strength = tuple[int, int]
"""How a variant ranks melds before the trump and leader tie-breaks: (class, top card)."""


@dataclass(frozen=True, slots=True)
class Said:
    """A meld said by its value only; its cards are not shown (yet)."""

    value: int
    cards: CardSet = 0


Meld = Combination | Said


@dataclass(frozen=True)
class MeldTable:
    """Every meld one variant knows, for what a value alone proves."""

    of: Callable[[CardSet], Combination | None]
    """The meld exact cards make (the variant's own rule)."""
    strength: Callable[[Combination], Strength]
    ranks: Iterable[int]
    """The ranks of the deck, for the sequences and fours to try."""

    @cached_property
    def melds(self) -> list[Combination]:
        ranks = sorted(self.ranks)
        found = []
        for suit in range(4):
            for start in range(len(ranks)):
                for end in range(start + 3, len(ranks) + 1):
                    run = ranks[start:end]
                    if run[-1] - run[0] != len(run) - 1:
                        continue
                    meld = self.of(sum(1 << card(suit, r) for r in run))
                    if meld is not None:
                        found.append(meld)
        for rank in ranks:
            meld = self.of(sum(1 << card(suit, rank) for suit in range(4)))
            if meld is not None:
                found.append(meld)
        return found

    @cached_property
    def values(self) -> frozenset[int]:
        return frozenset(m.value for m in self.melds)

    def bounds(self, meld: Meld) -> tuple[Strength, Strength]:
        """The lowest and highest strength ``meld`` can have."""
        if isinstance(meld, Combination):
            return self.strength(meld), self.strength(meld)
        strengths = [self.strength(m) for m in self.melds if m.value == meld.value]
        return min(strengths), max(strengths)

    def held(self, value: int, cards: CardSet) -> bool:
        """Whether ``cards`` hold a meld worth ``value`` (a part of a longer sequence
        counts: a quart holds two tertses)."""
        return any(m.value == value and m.cards & cards == m.cards for m in self.melds)

    def outranks(
        self,
        a: Meld,
        b: Meld,
        mode: ModeTables,
        a_leads: bool,
        beats: Callable[[Combination, Combination, ModeTables, bool], bool],
    ) -> bool | None:
        """Whether ``a`` ranks above ``b``: ``None`` while only their cards could tell."""
        if isinstance(a, Combination) and isinstance(b, Combination):
            return beats(a, b, mode, a_leads)
        (a_low, a_high), (b_low, b_high) = self.bounds(a), self.bounds(b)
        if a_low > b_high:
            return True
        if a_high < b_low:
            return False
        return None
