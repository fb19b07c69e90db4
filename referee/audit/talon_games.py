"""Random games of Schmaus, Frantsfuus and Smousjas with injected violations (see
:mod:`referee.audit.games`).

Honest players rob half the time they can, play any card in phase 1 and a random legal
card in phase 2, and draw after each phase-1 trick (the camera sees a face-down draw as
``null`` and only the face-up card when it is taken). Only the trick's leader declares,
before leading, in tricks 1 to the first of phase 2: its best meld that is worth more
than every declaration of the hand so far and shares no card (nor, for a sequence, the
suit of a sequence) with its own earlier declarations, so no declaration depends on
another's truth. Stöck is announced when the second of trump K and Q falls after both
were held together (Schmaus); belle and stuk while both are in the hand.

Injected: a phase-2 card that breaks a duty (renounce, not trumping, not overtrumping),
impossible plays (out of turn, a card twice, an unreadable card, a card of the 36-card
deck in a 32-card game), a meld the leader does not hold (worth more than every
declaration so far), a meld that does not go upward (Schmaus: worth less than one the
hand booked; Frantsfuus and Smousjas: one the seat booked already), and a stöck,
belle or mariage the seat does not hold. A seat never declares the same stöck or
mariage twice (whether the second is a repeat would depend on the first's truth).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from referee.audit.games import BAD_CODES, AuditGame, Rates, chance
from referee.cards import (
    DIAMONDS,
    KING,
    QUEEN,
    RANK_MASKS,
    SIX,
    SPADES,
    CardSet,
    bit,
    card,
    card_code,
    cards_in,
    codes,
    count,
    king_and_queen,
)
from referee.engine import broken_duty
from referee.modes import TABLES, TRUMP_MODES
from referee.settings import SchmausRules
from referee.variants.frantsfuus import FrantsfuusGame, meld_of
from referee.variants.schieber_rules import trick_winner_index
from referee.variants.schmaus import SchmausGame
from referee.variants.smousjas import SmousjasGame, roem_of
from referee.variants.talon import TalonGame
from referee.weis import Combination, combination_of

TARGET = 100_000
"""High enough that no audit game ends before its last hand."""

GAMES: dict[str, type[TalonGame]] = {
    "schmaus": SchmausGame,
    "frantsfuus": FrantsfuusGame,
    "smousjas": SmousjasGame,
}


def _meld_function(variant: str) -> Callable[[CardSet], Combination | None]:
    if variant == "schmaus":
        rules = SchmausRules()
        return lambda cards: combination_of(cards, rules)
    return meld_of if variant == "frantsfuus" else roem_of


@dataclass
class Declaration:
    seat: int
    cards: CardSet
    value: int
    sequence_suit: int | None
    true: bool


def talon_game(
    rng: random.Random, variant: str, hands: int = 2, rates: Rates | None = None
) -> AuditGame:
    """A game of ``variant`` (schmaus, frantsfuus, smousjas) of ``hands`` hands."""
    rates = rates or Rates()
    game = AuditGame(variant)
    game.emit({"event": "game", "variant": variant, "target": TARGET})
    cls = GAMES[variant]
    dealer = rng.randrange(2)
    for _ in range(hands):
        last_winner = _TalonHand(rng, rates, game, cls, dealer).play()
        following = cls.next_dealer(dealer, last_winner)
        dealer = following if following is not None else 1 - dealer
    return game


class _TalonHand:
    """One hand being generated: the true cards, and what was declared."""

    def __init__(
        self,
        rng: random.Random,
        rates: Rates,
        game: AuditGame,
        cls: type[TalonGame],
        dealer: int,
    ) -> None:
        self.rng, self.rates, self.game, self.cls = rng, rates, game, cls
        self.meld = _meld_function(game.variant)
        deck = list(cards_in(cls.deck))
        rng.shuffle(deck)
        size = cls.hand_size
        self.held = [sum(1 << c for c in deck[s * size : (s + 1) * size]) for s in (0, 1)]
        self.turnup = deck[2 * size]
        self.talon = deck[2 * size + 1 :]
        self.trump = self.turnup // 9
        self.table = TABLES[TRUMP_MODES[self.trump]]
        self.pair = king_and_queen(self.trump)
        self.together = [self.held[s] & self.pair == self.pair for s in (0, 1)]
        self.played = 0
        self.played_by = [0, 0]
        self.announced: set[int] = set()
        self.mariages: set[tuple[int, CardSet]] = set()
        self.declared: list[Declaration] = []
        self.current: dict[int, CardSet] = {}
        self.last: dict[int, CardSet] = {}
        """Seat -> its card in the trick in play, and in the last finished trick (a
        mariage declared with a card counts that card)."""
        self.dealer = dealer
        game.emit({"event": "hand", "dealer": dealer})
        game.emit({"event": "deal", "hands": [codes(h) for h in self.held]}, deal=True)
        game.emit({"event": "turnup", "card": card_code(self.turnup)})

    def play(self) -> int:
        """Plays the hand out; returns who took the last trick."""
        cls = self.cls
        leader = 1 - self.dealer
        for number in range(1, cls.phase1_tricks + cls.hand_size + 1):
            self._robs()
            if number <= cls.phase1_tricks + 1:
                self._declare(leader)
            trick: list[int] = []
            self.current = {}
            for seat in (leader, 1 - leader):
                self._stoeck_before(seat)
                if chance(self.rng, self.rates.impossible):
                    self._impossible(seat)
                c = self._choose(seat, trick, number)
                trick.append(c)
                self.current[seat] = bit(c)
                self._stoeck_after(seat, c)
            self.last = self.current
            winner = (leader, 1 - leader)[trick_winner_index(trick, self.table)]
            leader = winner
            if number <= cls.phase1_tricks:
                self._draws(winner)
        assert not self.talon and not (self.held[0] | self.held[1])
        return leader

    # --- cards ----------------------------------------------------------------------

    def _robs(self) -> None:
        robber = card(self.trump, self.cls.robber)
        for seat in (0, 1):
            can_rob = self.talon and self.held[seat] >> robber & 1 and self.turnup != robber
            if can_rob and self.rng.random() < 0.5:
                self.game.emit({"event": "rob", "seat": seat, "card": card_code(robber)})
                self.held[seat] = self.held[seat] & ~bit(robber) | bit(self.turnup)
                self.turnup = robber
                self._note_together(seat)

    def _draws(self, winner: int) -> None:
        order = (winner, 1 - winner)
        if len(self.talon) == 1 and self.game.variant == "smousjas" and self.rng.random() < 0.5:
            # "moet de winnaar van de slag kiezen tussen de twee": it takes the face-up card
            order_cards = [self.turnup, self.talon.pop()]
        else:
            first = self.talon.pop(0)
            order_cards = [first, self.talon.pop(0) if self.talon else self.turnup]
        for seat, c in zip(order, order_cards, strict=True):
            self.held[seat] |= bit(c)
            self._note_together(seat)
            seen = card_code(c) if c == self.turnup else None
            self.game.emit(
                {"event": "draw", "seat": seat, "card": card_code(c)},
                {"event": "draw", "seat": seat, "card": seen},
            )

    def _note_together(self, seat: int) -> None:
        if self.held[seat] & self.pair == self.pair:
            self.together[seat] = True

    def _choose(self, seat: int, trick: list[int], number: int) -> int:
        hand = self.held[seat]
        cards = list(cards_in(hand))
        inject = False
        if trick and number > self.cls.phase1_tricks:
            duties = self.cls.duties

            def legal(c: int) -> bool:
                return broken_duty(duties(self.trump, trick[0], c), hand) is None

            illegal = [c for c in cards if not legal(c)]
            inject = bool(illegal) and chance(self.rng, self.rates.illegal)
            cards = illegal if inject else [c for c in cards if legal(c)]
        c = self.rng.choice(cards)
        event = {"event": "play", "seat": seat, "card": card_code(c)}
        if inject:
            self.game.inject("illegal-play", event)
        else:
            self.game.emit(event)
        self.held[seat] &= ~bit(c)
        self.played |= bit(c)
        self.played_by[seat] |= bit(c)
        return c

    def _impossible(self, seat: int) -> None:
        kinds = ["out-of-turn", "duplicate-card", "unknown-card"]
        if count(self.cls.deck) == 32:
            kinds.append("wrong-deck")
        kind = self.rng.choice(kinds)
        if kind == "out-of-turn" and self.held[1 - seat]:
            c = self.rng.choice(list(cards_in(self.held[1 - seat])))
            self.game.inject(kind, {"event": "play", "seat": 1 - seat, "card": card_code(c)})
        elif kind == "duplicate-card" and self.played:
            c = self.rng.choice(list(cards_in(self.played)))
            self.game.inject(kind, {"event": "play", "seat": seat, "card": card_code(c)})
        elif kind == "unknown-card":
            code = self.rng.choice(BAD_CODES)
            self.game.inject(kind, {"event": "play", "seat": seat, "card": code})
        elif kind == "wrong-deck":
            c = card(self.rng.randrange(4), SIX)
            self.game.inject(kind, {"event": "play", "seat": seat, "card": card_code(c)})

    # --- declarations -----------------------------------------------------------------

    def _fits(self, seat: int, meld: Combination) -> bool:
        """Worth more than every declaration so far, and apart from the seat's own."""
        if any(meld.value <= d.value for d in self.declared):
            return False
        for d in self.declared:
            if d.seat != seat:
                continue
            if d.cards & meld.cards:
                return False
            if meld.kind == "sequence" and d.sequence_suit == meld.suit:
                return False
        return True

    def _record(self, seat: int, meld: Combination, true: bool) -> dict:
        suit = meld.suit if meld.kind == "sequence" else None
        self.declared.append(Declaration(seat, meld.cards, meld.value, suit, true))
        return {"event": "weis", "seat": seat, "cards": codes(meld.cards)}

    def _declare(self, leader: int) -> None:
        """The leader's declaration before it leads: honest, false or not upward."""
        rng, rates = self.rng, self.rates
        if chance(rng, rates.false_weis):
            meld = self._random_meld(leader)
            if meld is not None:
                self.game.inject("false-weis", self._record(leader, meld, False))
                return
        if chance(rng, rates.not_upward) and self._not_upward(leader):
            return
        own = [
            m for m in self.cls.melds_in(self.held[leader], SchmausRules()) if self._fits(leader, m)
        ]
        if own and rng.random() < 0.8:
            best = max(own, key=lambda m: m.value)
            self.game.emit(self._record(leader, best, True))

    def _random_meld(self, seat: int) -> Combination | None:
        """A meld of this deck the seat does not hold, fitting the declarations so far."""
        low = 0 if count(self.cls.deck) == 36 else 1
        for _ in range(30):
            if self.rng.random() < 0.25:
                meld = self.meld(RANK_MASKS[self.rng.randrange(low, 9)])
            else:
                suit, length = self.rng.randrange(4), self.rng.randrange(3, 6)
                start = self.rng.randrange(low, 10 - length)
                meld = self.meld(sum(bit(card(suit, r)) for r in range(start, start + length)))
            if meld is None or meld.cards & ~self.cls.deck or meld.cards & ~self.held[seat] == 0:
                continue
            if self._fits(seat, meld):
                return meld
        return None

    def _not_upward(self, seat: int) -> bool:
        """Injects a held meld that does not go upward, when the hand allows one."""
        if any(not d.true for d in self.declared):
            return False
        if self.game.variant == "schmaus":
            top = max((d.value for d in self.declared), default=0)
            held = self.cls.melds_in(self.held[seat], SchmausRules())
            lower = [m for m in held if m.value < top]
            if not lower:
                return False
            meld = self.rng.choice(lower)
        else:
            again = [d for d in self.declared if d.seat == seat and d.cards & ~self.held[seat] == 0]
            if not again:
                return False
            combo = self.meld(self.rng.choice(again).cards)
            assert combo is not None
            meld = combo
        event = {"event": "weis", "seat": seat, "cards": codes(meld.cards)}
        self.game.inject("weis-not-upward", event)
        return True

    # --- stöck, belle, mariages ----------------------------------------------------------

    def _stoeck_before(self, seat: int) -> None:
        """Belle / stuk while both are in the hand, and injected false ones."""
        variant = self.game.variant
        both = self.held[seat] & self.pair == self.pair
        again = (seat, self.pair) in self.mariages
        if variant != "schmaus" and seat not in self.announced and both and not again:
            self.game.emit({"event": "stoeck", "seat": seat})
            self.announced.add(seat)
            self.mariages.add((seat, self.pair))
        if not chance(self.rng, self.rates.false_stoeck):
            return
        if variant == "smousjas":
            mask = self.rng.choice(_mariages(self.trump))
            shown = (self.current or self.last).get(seat, 0)
            if mask & ~self.held[seat] & ~shown and (seat, mask) not in self.mariages:
                self.mariages.add((seat, mask))
                self.game.inject(
                    "false-stoeck", {"event": "stoeck", "seat": seat, "cards": codes(mask)}
                )
        elif seat not in self.announced:
            false = (
                not self.together[seat]
                if variant == "schmaus"
                else (self.held[seat] & self.pair != self.pair)
            )
            if false:
                self.announced.add(seat)
                self.game.inject("false-stoeck", {"event": "stoeck", "seat": seat})

    def _stoeck_after(self, seat: int, c: int) -> None:
        """Schmaus: "Stöck mäls ... när det andra av de båda korten spelas"."""
        if self.game.variant != "schmaus" or seat in self.announced:
            return
        second = self.pair >> c & 1 and self.played_by[seat] & self.pair == self.pair
        if second and self.together[seat]:
            self.game.emit({"event": "stoeck", "seat": seat})
            self.announced.add(seat)


def _mariages(trump: int) -> list[CardSet]:
    """Stuk, dubbel and every brok (K and Q of a red and a black suit)."""
    stuk = king_and_queen(trump)
    dubbel = bit(card(DIAMONDS, QUEEN)) | bit(card(SPADES, QUEEN))
    broks = [
        bit(card(k, KING)) | bit(card(q, QUEEN))
        for k in range(4)
        for q in range(4)
        if (k < 2) != (q < 2)
    ]
    return [stuk, dubbel, *broks]
