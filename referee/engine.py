"""The engine every variant builds on: events in, violations and scores out.

A variant is a subclass of :class:`Game` (as python-chess variants subclass ``Board``)
that names the events it understands and implements a handler per event. The engine
does the common work: reading a seat or a card from an event, refusing an event with a
clear violation instead of an exception, and proving renounces when the hands are not
known.

Proving from what the table shows. A variant's rules say, for each play, which held
cards would have made it illegal (a :class:`Duty`). With the hand known the referee
checks at once; without it, the play stays open (:class:`PlayRecord`) until the same
seat later shows one of those cards in the same hand, which proves it held the card
when it played. Nothing is flagged before such a card is seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from referee.cards import (
    DECK_36,
    Card,
    CardSet,
    Suit,
    UnknownCardError,
    card_code,
    cards_in,
    parse_card,
)
from referee.settings import HouseRules

if TYPE_CHECKING:
    from referee.verdict import Claim, HandScore, Verdict

Seat = int
Event = dict[str, Any]

RULES = (
    "follow-suit",
    "must-trump",
    "must-overtrump",
    "undertrump",
    "out-of-turn",
    "duplicate-card",
    "unknown-card",
    "wrong-deck",
    "false-weis",
    "weis-not-upward",
    "false-stoeck",
    "false-claim",
    "illegal-event",
    "card-not-in-hand",
)
"""Rule ids of the contract, plus ``card-not-in-hand`` (a play the known deal refutes)."""


@dataclass
class Violation:
    """A rule broken at ``event``, with a sentence a player can check on the table."""

    event: int
    seat: Seat | None
    rule: str
    proof: str
    proven_at: int | None = None
    """When hands are not known: the event whose card proved it (may be later)."""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "event": self.event,
            "seat": self.seat,
            "rule": self.rule,
            "proof": self.proof,
        }
        if self.proven_at is not None:
            out["proven_at"] = self.proven_at
        return out


class Refused(Exception):
    """An event that cannot be applied: it becomes a violation and changes nothing."""

    def __init__(self, rule: str, proof: str, seat: Seat | None = None) -> None:
        super().__init__(proof)
        self.rule = rule
        self.proof = proof
        self.seat = seat


@dataclass
class Trick:
    """The cards of one trick in the order played, with the events that played them."""

    number: int
    """1-based within the hand."""
    leader: Seat
    seats: list[Seat] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    winner: Seat | None = None


SUIT_WORDS = ("heart", "diamond", "spade", "club")


@dataclass(frozen=True, slots=True)
class Duty:
    """What made a play illegal, if the seat held any of ``cards``.

    Every rule of play in these games has a one-card witness: a single held card of the
    led suit, a single non-trump, a single higher trump. So a play is illegal exactly
    when the hand meets ``cards``, and the camera-case referee proves it the moment the
    seat shows one of them.
    """

    rule: str
    cards: CardSet
    led: Suit
    under: Card | None = None
    """For undertrumping: the trump in the trick that the played trump stayed under."""
    trump: Suit | None = None

    def reason(self) -> str:
        """Completes "seat 2 played SK on ... in trick 3": "a heart lead, spades trump"."""
        text = f"a {SUIT_WORDS[self.led]} lead"
        if self.trump == self.led:
            text = f"a trump lead ({SUIT_WORDS[self.led]}s)"
        elif self.trump is not None:
            text += f" ({SUIT_WORDS[self.trump]}s trump)"
        return text if self.under is None else f"{text} under {card_code(self.under)}"


@dataclass(slots=True)
class PlayRecord:
    """A play whose legality is still open because the seat's hand is not known."""

    event: int
    seat: Seat
    card: Card
    hand: int
    trick: int
    """0-based hand and 1-based trick, for proof sentences."""
    duties: tuple[Duty, ...]
    """What the play broke if the seat held one of their cards, first applying first."""
    cards: CardSet
    """All those cards together: showing any one of them proves the play illegal."""
    violation: Violation | None = None
    """Once proven: the violation, whose rule a later card may still make more exact
    (a trump shown proves a discard illegal; a led-suit card shown later proves the
    rule it broke was following suit, not trumping)."""
    level: int = 0
    """Index in ``duties`` of the duty the violation names."""


def broken_duty(duties: tuple[Duty, ...], held: CardSet) -> tuple[Duty, CardSet] | None:
    """The first duty ``held`` breaks, with the held cards that break it."""
    for duty in duties:
        witnesses = held & duty.cards
        if witnesses:
            return duty, witnesses
    return None


class Game:
    """Base of every variant: dispatches events and keeps the list of violations."""

    variant: ClassVar[str]
    sides: ClassVar[int] = 2
    """How many sides score: two teams or two players, or each of four players alone."""
    title: ClassVar[str]
    """The game's name as players write it ("Sidi-Barrani", "Schnüffler")."""
    players: ClassVar[int]
    deck: ClassVar[CardSet] = DECK_36
    events: ClassVar[frozenset[str]]
    """Events the variant understands; every other event is an ``illegal-event``."""
    rules_class: ClassVar[type[HouseRules]]
    """The house-rule settings of the variant, each defaulting to its seed."""

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules
        self.violations: list[Violation] = []
        self.winner: int | None = None
        self.over = False
        self.claim: Claim | None = None
        self.first_dealer: Seat | None = None
        """Set by a series: who must deal this game's first hand (None: anyone)."""
        self._handlers = {name: getattr(self, "on_" + name) for name in self.events}

    # --- feeding events -------------------------------------------------------------

    def push(self, index: int, event: Event) -> list[Violation]:
        """Applies one event (already parsed from its line) and returns new violations.

        An event that breaks the log's grammar is refused: it is reported and changes
        nothing. A play that breaks a rule of the game is reported and still applied,
        because the card really is on the table. A waiting claim is settled first,
        unless the event is a stöck or weis the count may still include.
        """
        before = len(self.violations)
        name = event.get("event")
        if name not in ("stoeck", "weis") and self.claim_ready():
            self.settle_claim()
        try:
            if self.over:
                raise Refused("illegal-event", f"the game is over; {name!r} comes after its end")
            if not isinstance(name, str) or name not in self.events:
                known = ", ".join(sorted(self.events))
                raise Refused(
                    "illegal-event",
                    f"{name!r} is not an event of {self.variant} (its events: {known})",
                )
            self._handlers[name](index, event)
        except Refused as refused:
            seat = refused.seat if refused.seat is not None else _maybe_seat(event, self.players)
            self.flag(index, seat, refused.rule, refused.proof)
        return self.violations[before:]

    def accepts(self, name: str) -> bool:
        """Whether the game takes events named ``name`` (a house rule may switch one off:
        Coiffeur's weis). Front ends offer only what is accepted."""
        return name in self.events

    def flag(
        self,
        event: int,
        seat: Seat | None,
        rule: str,
        proof: str,
        proven_at: int | None = None,
    ) -> None:
        self.violations.append(Violation(event, seat, rule, proof, proven_at))

    def finish(self) -> None:
        """Called once after the last event; variants close what is still open."""
        if self.claim_ready():
            self.settle_claim()

    def next_game_dealer(self) -> Seat | None:
        """Who deals the first hand of the next game of a series (None: not ruled)."""
        return None

    def claim_ready(self) -> bool:
        """Whether a claim (bedanken) waits and may be settled now."""
        return False

    def settle_claim(self) -> None:
        """Decides a waiting claim and ends the game."""

    def verdict(self) -> Verdict:
        """The verdict on everything pushed so far."""
        raise NotImplementedError

    # --- reading event fields ---------------------------------------------------------

    def seat_of(self, event: Event, key: str = "seat") -> Seat:
        value = event.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.players:
            raise Refused(
                "illegal-event",
                f"{event.get('event')!r} needs {key!r} as a seat 0..{self.players - 1}, "
                f"got {value!r}",
            )
        return value

    def card_of(self, value: object, seat: Seat | None = None) -> Card:
        """Reads a card and checks it belongs to this variant's deck."""
        try:
            c = parse_card(value)
        except UnknownCardError as error:
            raise Refused("unknown-card", str(error), seat) from None
        if not self.deck >> c & 1:
            raise Refused(
                "wrong-deck",
                f"{card_code(c)} is not in the deck {self.variant} is played with",
                seat,
            )
        return c

    # --- proofs from observed plays -------------------------------------------------------

    def observe(self, records: list[PlayRecord], c: Card, event: int, trick: int) -> None:
        """A seat shows ``c``: any of its open plays of the hand that ``c`` proves illegal
        is flagged at its own event, with ``proven_at`` this one. A play stays open
        while a later card could still name its rule more exactly."""
        if not any(r.cards >> c & 1 for r in records):
            return
        still_open: list[PlayRecord] = []
        for record in records:
            level = next((i for i, d in enumerate(record.duties) if d.cards >> c & 1), None)
            if level is not None and (record.violation is None or level < record.level):
                duty = record.duties[level]
                proof = (
                    f"seat {record.seat} played {card_code(record.card)} on {duty.reason()} "
                    f"in {where(record.trick, record.hand)}, but held {card_code(c)} "
                    f"(played in {where(trick, record.hand)})"
                )
                if record.violation is None:
                    self.flag(record.event, record.seat, duty.rule, proof, proven_at=event)
                    record.violation = self.violations[-1]
                else:
                    record.violation.rule = duty.rule
                    record.violation.proof += (
                        f"; it also held {card_code(c)} (played in {where(trick, record.hand)}),"
                        f" so it broke {duty.rule}"
                    )
                record.level = level
            if record.violation is None or record.level > 0:
                still_open.append(record)
        records[:] = still_open


class HandsGame(Game):
    """A game played in hands, each scored by the variant's :meth:`score`.

    A hand's score is frozen once nothing can change it any more (the next hand has
    begun, or a claim ended the game), so the totals of a long game stay cheap.
    """

    def __init__(self, rules: HouseRules) -> None:
        super().__init__(rules)
        self.hands: list[Any] = []
        self.final_scores: dict[int, HandScore] = {}
        self.frozen_totals = [0] * self.sides
        """The sum of ``final_scores``."""

    def score(self, hand: Any) -> HandScore:
        """The score of one hand as it stands."""
        raise NotImplementedError

    def contract_of(self, hand: Any) -> dict[str, object] | None:
        """What the hand was played for beyond its mode (the Schieber family's bid,
        predictions or board line); ``None`` in the games that have nothing more."""
        return None

    @property
    def current(self) -> Any:
        """The hand being played, if any."""
        if self.hands and not self.hands[-1].complete:
            return self.hands[-1]
        return None

    def refuse_replayed(self, hand: Any, seat: Seat, c: Card) -> None:
        """A card already played in the hand cannot be played again: a misread or a
        wrong log line, refused so that it changes nothing."""
        if hand.played >> c & 1:
            raise Refused(
                "duplicate-card",
                f"seat {seat} played {card_code(c)}, which seat {hand.who_played(c)} already "
                f"played in {hand.where(hand.played_in[c])}",
                seat,
            )

    def hand_in_play(self, event: Event) -> Any:
        """The hand an in-hand event belongs to; refused outside a hand."""
        hand = self.current
        if hand is None:
            raise Refused(
                "illegal-event", f"{event.get('event')!r} outside a hand (no 'hand' event)"
            )
        return hand

    def totals(self) -> list[int]:
        totals = list(self.frozen_totals)
        for hand in self.hands:
            if hand.index not in self.final_scores:
                for side, scored in enumerate(self.score(hand).scored):
                    totals[side] += scored
        return totals

    def _freeze(self, hand: Any) -> None:
        if hand.index not in self.final_scores:
            score = self.score(hand)
            self.final_scores[hand.index] = score
            for side, scored in enumerate(score.scored):
                self.frozen_totals[side] += scored


def where(trick: int, hand: int) -> str:
    """How proofs name a trick: "trick 3 of hand 2" (both 1-based in the sentence)."""
    return f"trick {trick} of hand {hand + 1}"


def holding_sentence(seat: Seat, played: Card, duty: Duty, witnesses: CardSet, at: str) -> str:
    """The proof of an illegal play when the seat's hand is known."""
    held = ", ".join(card_code(c) for c in cards_in(witnesses))
    return f"seat {seat} played {card_code(played)} on {duty.reason()} in {at} while holding {held}"


def _maybe_seat(event: Event, players: int) -> Seat | None:
    seat = event.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        return seat
    return None
