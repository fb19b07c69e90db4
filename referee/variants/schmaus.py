"""Schmaus: Swiss Jass for two with a talon (seed ``000_b4abef183e109c92.txt``).

36 cards, 9 each, 18 tricks: 9 with drawing (no duty to follow), 9 without (follow
suit, else trump; the puur never forced). Weis is declared trick by trick: the leader
when leading, the other may reject it with a better one, and only the one combination
that wins the exchange is booked; declarations in a hand must go "upward". Stöck (K+Q
of trump) is 20. The last trick is worth 5; all nine tricks of phase 2 are a match,
+100. The game is won by claiming (bedanken) with the target, 1500 by default.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import (
    DECK_36,
    SIX,
    Card,
    CardSet,
    bit,
    card_code,
    cards_in,
    codes,
    king_and_queen,
)
from referee.engine import Event, Refused, Seat
from referee.settings import SchmausRules
from referee.variants.talon import TalonGame, TalonHand, whereabouts
from referee.variants.talon_rules import follow_or_trump
from referee.verdict import Claim, Verdict
from referee.weis import (
    Combination,
    Declared,
    announced_weis,
    better,
    declared_weis,
    find_weis,
)


@dataclass
class WeisBook:
    """The weis of one hand: what is booked, trick by trick."""

    booked: list[tuple[int, Declared]] = field(default_factory=list)
    """(trick number, declaration) in booking order; the last is "the last booked"."""
    declared: dict[tuple[int, Seat], int] = field(default_factory=dict)
    """(trick, seat) -> event: who has declared in which trick (once each)."""
    stoeck: set[Seat] = field(default_factory=set)
    first_of_pair: dict[Seat, bool | None] = field(default_factory=dict)
    """When a seat played its first of trump K/Q: whether it held the other then."""


class SchmausGame(TalonGame[WeisBook]):
    variant = "schmaus"
    title = "Schmaus"
    deck = DECK_36
    hand_size = 9
    phase1_tricks = 9
    robber = SIX
    last_trick_bonus = 5
    duties = staticmethod(follow_or_trump)
    rules_class = SchmausRules
    rules: SchmausRules
    book_class = WeisBook

    @classmethod
    def melds_in(cls, cards: CardSet, rules: object) -> list[Combination]:
        assert isinstance(rules, SchmausRules)
        return find_weis(cards, rules)

    def named_melds(self, hand: TalonHand) -> list[tuple[Seat, str, int]]:
        mode = hand.mode
        if mode is None:
            return []
        named = [
            (
                d.seat,
                d.combination.name(mode) if d.combination else "weis",
                d.value,
            )
            for _, d in self.book(hand).booked
        ]
        return named + [(s, "stöck", 20) for s in (0, 1) if hand.stoeck[s]]

    def match_bonus(self, hand: TalonHand) -> int | None:
        """ "En spelare som tar de sista nio sticken ... har gjort match"."""
        winners = {t.winner for t in hand.tricks if t.number > self.phase1_tricks}
        return winners.pop() if len(winners) == 1 else None

    # --- weis ------------------------------------------------------------------------

    def on_weis(self, index: int, event: Event) -> None:
        """ "En weis som mäls vid ett tillfälle måste godkännas av motspelaren. Om
        motspelaren har en högre rankad weis, kan mälningen avvisas." Only the leader
        declares first; the other rejects it, or declares one of its own if the leader
        declared none; the declarations of a hand must go "upward"."""
        hand = self.playing_hand(event)
        mode = hand.mode
        assert mode is not None
        seat = self.seat_of(event)
        number, leader = self.meld_trick(hand, seat)
        book = self.book(hand)
        if (number, seat) in book.declared:
            raise Refused(
                "illegal-event",
                f"seat {seat} declared twice in trick {number} (a declaration cannot be changed)",
                seat,
            )
        declared = self._read_declaration(hand, index, seat, number, event)
        earlier = [d for n, d in book.booked if n < number]
        standing = [d for n, d in book.booked if n == number]
        to_beat = standing[-1] if standing else (earlier[-1] if earlier else None)
        if to_beat is not None and not better(declared, to_beat, mode, self.rules):
            if standing and declared.value == to_beat.value:
                # "Den andra spelaren kan också mäla en lika hög weis": the conversation
                # then decides, and the answer that loses is simply not booked.
                book.declared[(number, seat)] = index
                return
            what = "reject" if standing else "go above"
            raise Refused(
                "weis-not-upward",
                f"seat {seat} declared a weis of {declared.value} in {hand.where(number)}, "
                f"which does not {what} the weis of {to_beat.value} seat {to_beat.seat} "
                f"declared at event {to_beat.event}",
                seat,
            )
        book.declared[(number, seat)] = index
        if standing and seat != leader:
            book.booked = [(n, d) for n, d in book.booked if n != number]
        book.booked.append((number, declared))
        self._rebook(hand)
        combo = declared.combination
        if combo is not None:

            def withdraw() -> None:
                book.booked = [(n, d) for n, d in book.booked if d is not declared]
                self._rebook(hand)

            self.claimed(hand, seat, combo.cards, index, "false-weis", combo.name(mode), withdraw)

    def _rebook(self, hand: TalonHand) -> None:
        book = self.book(hand)
        hand.melds = [sum(d.value for _, d in book.booked if d.seat == s) for s in (0, 1)]

    def _read_declaration(
        self, hand: TalonHand, index: int, seat: Seat, number: int, event: Event
    ) -> Declared:
        """The declared weis, checked against what the seat can hold: "korten i en mäld
        weis måste alltid finnas bland de nio korten på handen"."""
        in_this_trick = hand.played_in_trick(seat, number)
        order = 0 if seat == hand.forehand else 1
        if "cards" in event:
            mask = self.declared_cards(hand, seat, number, event["cards"])
            return declared_weis(seat, mask, self.rules, index, order)
        declared = announced_weis(seat, event.get("points"), index, order)
        points = declared.value
        if not hand.unknown[seat]:
            held = find_weis(hand.known[seat] | in_this_trick, self.rules)
            if points not in {w.value for w in held}:
                raise Refused(
                    "false-weis",
                    f"seat {seat} announced a weis of {points} in {hand.where(number)}, but "
                    f"its hand {'-'.join(codes(hand.known[seat] | in_this_trick))} holds none",
                    seat,
                )
        return declared

    # --- stöck -----------------------------------------------------------------------

    def on_stoeck(self, index: int, event: Event) -> None:
        """ "Stöck mäls och poängen för denna bokförs när det andra av de båda korten
        spelas till ett stick." Both cards must have been in the hand together."""
        last = self.hands[-1] if self.hands else None
        hand = last if last is not None and last.complete else self.playing_hand(event)
        assert hand.trump is not None
        seat = self.seat_of(event)
        book = self.book(hand)
        if seat in book.stoeck:
            raise Refused("illegal-event", f"seat {seat} announced stöck twice in a hand", seat)
        pair = king_and_queen(hand.trump)
        king_queen = "-".join(codes(pair))
        for c in cards_in(pair):
            if not hand.played_by[seat] >> c & 1 and hand.holds(seat, c) is False:
                raise Refused(
                    "false-stoeck",
                    f"seat {seat} announced stöck ({king_queen}), but cannot hold "
                    f"{card_code(c)} ({whereabouts(hand, c)})",
                    seat,
                )
        if book.first_of_pair.get(seat) is False:
            raise Refused(
                "false-stoeck",
                f"seat {seat} announced stöck ({king_queen}), but played the first of them "
                "before it held the other",
                seat,
            )
        book.stoeck.add(seat)
        self.book_stoeck(
            hand, seat, pair, index, f"stöck ({king_queen})", 20, lambda: book.stoeck.discard(seat)
        )

    def after_play(self, hand: TalonHand, index: int, seat: Seat, c: Card) -> None:
        """Notes, when a seat plays its first of trump K/Q, whether it held the other."""
        assert hand.trump is not None
        pair = king_and_queen(hand.trump)
        if pair >> c & 1 and seat not in self.book(hand).first_of_pair:
            other = next(cards_in(pair & ~bit(c)))
            self.book(hand).first_of_pair[seat] = hand.holds(seat, other)

    # --- claims ----------------------------------------------------------------------

    def on_bedanken(self, index: int, event: Event) -> None:
        """ "En spelare kan när som helst göra anspråk på segern." Before anyone has drawn
        in the hand, Stöck–Weis–Stich decides; afterwards the claimer's own count."""
        seat = self.seat_of(event)
        if self.claim is not None:
            raise Refused("illegal-event", "a claim is already waiting for the first trick", seat)
        hand = self.current
        early = hand is not None and hand.drawn == 0
        self.claim = Claim(seat, index, "pending", "stoeck-weis-stich" if early else "count")

    def claim_ready(self) -> bool:
        """ "Om det första sticket ännu inte har avslutats, måste det spelas färdigt"."""
        if self.claim is None or self.claim.status != "pending":
            return False
        if self.claim.rule == "count":
            return True
        hand = self.hands[-1]
        return bool(hand.tricks and hand.tricks[0].winner is not None)

    def settle_claim(self) -> None:
        assert self.claim is not None
        hand = self.current
        if hand is not None:
            self._credit_complete_stoeck(hand)
        target = self.rules.target
        claimer = self.claim.seat
        if self.claim.rule == "count" or hand is None:
            totals = self.totals()
            self._decide(claimer if totals[claimer] >= target else 1 - claimer, totals)
            return
        running = list(self.frozen_totals)
        first = hand.tricks[0]
        assert first.winner is not None and hand.mode is not None
        trick_points = [0, 0]
        trick_points[first.winner] = sum(hand.mode.points[c] for c in first.cards)
        for step in (hand.stoeck, hand.melds, trick_points):
            for seat in (hand.forehand, 1 - hand.forehand):
                running[seat] += step[seat]
                if running[seat] >= target:
                    self._decide(seat, running)
                    return
        self._decide(1 - claimer, running)

    def _credit_complete_stoeck(self, hand: TalonHand) -> None:
        """ "Poängen för stöck tillgodoräknas innehavaren så fort kombinationen finns
        komplett på spelarens hand": at a claim, a complete pair known in a hand counts."""
        assert hand.trump is not None
        book = self.book(hand)
        pair = king_and_queen(hand.trump)
        for seat in (0, 1):
            if not book.stoeck and hand.known[seat] & pair == pair:
                book.stoeck.add(seat)
                hand.stoeck[seat] += 20

    def _decide(self, winner: Seat, at: list[int]) -> None:
        assert self.claim is not None
        hand = self.current
        if hand is not None:
            self._freeze(hand)
        self.over, self.winner = True, winner
        self.claim.status = "won" if winner == self.claim.seat else "lost"
        lost = winner != self.claim.seat
        if lost and (self.claim.rule == "count" or max(at) < self.rules.target):
            self.flag(
                self.claim.event,
                self.claim.seat,
                "false-claim",
                f"seat {self.claim.seat} claimed the game (bedanken), but has "
                f"{at[self.claim.seat]}, short of {self.rules.target}; the claim loses",
            )

    def next_game_dealer(self) -> Seat | None:
        """ "skall den spelare som vann det avslutade partiet vara givare i det följande"."""
        return self.winner

    def verdict(self) -> Verdict:
        verdict = super().verdict()
        verdict.claim = self.claim
        return verdict
