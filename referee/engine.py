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
    SUIT_MASKS,
    Card,
    CardSet,
    Suit,
    UnknownCardError,
    bit,
    card_code,
    cards_in,
    codes,
    count,
    parse_card,
)
from referee.remedies import Remedy, remedy_for
from referee.settings import MAX_NUMBER, HouseRules

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
    remedy: Remedy | None = None
    """What follows it (:mod:`referee.remedies`)."""
    award: int | None = None
    """The ``award`` event by which the players settled it, if any."""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "event": self.event,
            "seat": self.seat,
            "rule": self.rule,
            "proof": self.proof,
        }
        if self.proven_at is not None:
            out["proven_at"] = self.proven_at
        if self.remedy is not None:
            out["remedy"] = self.remedy.to_json(self.award)
        return out


@dataclass(frozen=True)
class Award:
    """Points the players gave one side to settle a violation (an ``award`` event)."""

    event: int
    side: int
    points: int
    settles: int
    """The line of the violation it settles."""

    def to_json(self) -> dict[str, object]:
        return {"event": self.event, "side": self.side, "points": self.points, "for": self.settles}


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
            self.flag(index, seat, refused.rule, refused.proof, refused=True)
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
        refused: bool = False,
    ) -> None:
        """Records a violation with its remedy; ``refused`` when the event was not
        applied."""
        remedy = remedy_for(self.variant, rule, refused, self.accepts("award"))
        self.violations.append(Violation(event, seat, rule, proof, proven_at, remedy))

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
        if value is None:  # the camera saw a card laid but could not read it
            raise Refused("unknown-card", "the card was not read; a correction gives it", seat)
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

    def card_mask(self, values: object, seat: Seat, kind: str, subject: str) -> CardSet:
        """The cards a declaration lists (``values``, its ``cards``), each named once;
        ``kind`` names the list and ``subject`` the declaration in a refusal."""
        if not isinstance(values, list):
            raise Refused("illegal-event", f"{kind} 'cards' must be a list of cards", seat)
        mask = 0
        for value in values:
            c = self.card_of(value, seat)
            if mask >> c & 1:
                raise Refused("illegal-event", f"{subject} names {card_code(c)} twice", seat)
            mask |= bit(c)
        return mask

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
                shown = f"{card_code(c)} (played in {where(trick, record.hand)})"
                proof = (
                    f"seat {record.seat} played {card_code(record.card)} on "
                    f"{record.duties[level].reason()} in {where(record.trick, record.hand)}, "
                    f"but held {shown}"
                )
                self.prove(record, level, event, proof, shown)
            if record.violation is None or record.level > 0:
                still_open.append(record)
        records[:] = still_open

    def prove(self, record: PlayRecord, level: int, event: int, proof: str, held: str) -> None:
        """A later sight (``event``) proves ``record``'s play broke its duty at ``level``:
        the play is flagged with ``proof``, or, flagged already for a lesser duty, named
        for this one, its proof adding the ``held`` card(s). Only the witnesses that
        could name it more exactly stay open."""
        duty = record.duties[level]
        if record.violation is None:
            self.flag(record.event, record.seat, duty.rule, proof, proven_at=event)
            record.violation = self.violations[-1]
        else:
            record.violation.rule = duty.rule
            record.violation.proof += f"; it also held {held}, so it broke {duty.rule}"
        record.level = level
        record.cards = open_witnesses(record.duties, level)

    def prove_by_count(
        self,
        records: list[PlayRecord],
        unseen: CardSet,
        room: int,
        event: int,
        trick: int,
        hand: int,
    ) -> int:
        """The seat of ``records`` holds ``room`` cards the table has not seen, each one
        of ``unseen`` (every card not played, face up or seen in a hand). When fewer
        than ``room`` of those lie outside a play's witnesses, the seat still holds a
        witness, so it held one when it played: the play is proven illegal now, by
        count, before the card itself is shown. ``trick`` and ``hand`` name the moment
        in the proof.

        Returns the least slack left (cards outside a record's open witnesses, less
        ``room``): each play lowers it by one at most, so that many plays can pass
        before a count can prove anything (:data:`NO_COUNT` when nothing is open)."""
        # ``record.cards`` holds every witness still open: nothing is proven unless
        # their union is forced (this is what almost every call finds, cheaply). A play
        # none of whose witnesses is left unseen can never be proven (the seat cannot
        # show one, nor can a count force one): it is closed.
        slack, dead = NO_COUNT, False
        for r in records:
            outside = unseen & ~r.cards
            if outside == unseen:
                dead = True
            elif outside.bit_count() - room < slack:
                slack = outside.bit_count() - room
        if dead:
            records[:] = [r for r in records if unseen & r.cards]
        if slack >= 0:
            return slack
        now = where(trick, hand)
        still_open: list[PlayRecord] = []
        for record in records:
            witnesses = 0
            for level, duty in enumerate(record.duties):
                witnesses |= duty.cards
                if record.violation is not None and level >= record.level:
                    break
                outside = unseen & ~witnesses
                if count(outside) >= room:
                    continue
                words = cards_words(witnesses)
                others = (
                    f"only {cards_count(count(outside))} not yet seen anywhere "
                    f"({' '.join(codes(outside))}) are not such cards"
                    if outside
                    else "every card not yet seen anywhere is such a card"
                )
                reason = f"it still held {cards_count(room)} not yet seen in {now}, while {others}"
                proof = (
                    f"seat {record.seat} played {card_code(record.card)} on "
                    f"{duty.reason()} in {where(record.trick, record.hand)}, but held "
                    f"{words}: {reason}"
                )
                self.prove(record, level, event, proof, f"{words} ({reason})")
                break
            if record.violation is None or record.level > 0:
                still_open.append(record)
        records[:] = still_open
        return min(((unseen & ~r.cards).bit_count() - room for r in records), default=NO_COUNT)


def open_witnesses(duties: tuple[Duty, ...], level: int) -> CardSet:
    """The cards that would still name a play flagged at ``level`` more exactly."""
    cards = 0
    for duty in duties[:level]:
        cards |= duty.cards
    return cards


NO_COUNT = 1 << 10
"""More plays than any hand has: no proof by count can come."""

SUIT_NAMES = ("heart", "diamond", "spade", "club")


def cards_count(n: int) -> str:
    """ "no card", "1 card", "3 cards"."""
    return "no card" if n == 0 else f"{n} card" + ("" if n == 1 else "s")


def cards_words(cards: CardSet) -> str:
    """A set of witnesses as a player says it: "a heart", "a spade other than SJ",
    "a card that is not a club", "HA or HJ"."""
    full = [s for s in range(4) if cards & SUIT_MASKS[s] == SUIT_MASKS[s]]
    if len(full) == 3:
        missing = next(s for s in range(4) if s not in full)
        rest = cards & SUIT_MASKS[missing]
        words = f"a card that is not a {SUIT_NAMES[missing]}"
        return words + (f" (or {cards_words(rest)})" if rest else "")
    parts = [f"a {SUIT_NAMES[s]}" for s in full]
    for s in range(4):
        some = cards & SUIT_MASKS[s]
        if not some or s in full:
            continue
        if count(some) <= 3:
            parts.append(" or ".join(codes(some)))
        else:
            left = " ".join(codes(SUIT_MASKS[s] & ~some))
            parts.append(f"a {SUIT_NAMES[s]} other than {left}")
    return " or ".join(parts)


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
        self.awards: list[Award] = []

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
        """Every hand's score, and every award."""
        totals = list(self.frozen_totals)
        for hand in self.hands:
            if hand.index not in self.final_scores:
                for side, scored in enumerate(self.score(hand).scored):
                    totals[side] += scored
        for award in self.awards:
            totals[award.side] += award.points
        return totals

    def on_award(self, index: int, event: Event) -> None:
        """The players' decision on a violation the rules give no remedy for:
        ``{"event": "award", "side": 1, "points": 157, "for": 12}`` gives side 1 157
        points (not multiplied) for the violation at line 12. Each such violation is
        settled once; a violation whose remedy the rules give cannot be."""
        side, points, settles = event.get("side"), event.get("points"), event.get("for")
        if isinstance(side, bool) or side not in range(self.sides):
            raise Refused(
                "illegal-event", f"'award' needs 'side' as a side 0..{self.sides - 1}, got {side!r}"
            )
        if isinstance(points, bool) or not isinstance(points, int) or not 0 < points <= MAX_NUMBER:
            raise Refused(
                "illegal-event",
                f"'award' needs 'points' as a whole number 1..{MAX_NUMBER}, got {points!r}",
            )
        found = [v for v in self.violations if v.event == settles and not isinstance(settles, bool)]
        open_ones = [v for v in found if v.remedy is not None and v.remedy.kind == "players"]
        if not open_ones:
            why = (
                "its remedy comes from the rules"
                if found
                else "no violation is reported there in this game"
            )
            raise Refused("illegal-event", f"'award' for line {settles!r}: {why}")
        unsettled = [v for v in open_ones if v.award is None]
        if not unsettled:
            raise Refused(
                "illegal-event",
                f"'award' for line {settles}: it was settled at line {open_ones[0].award}",
            )
        for v in unsettled:
            v.award = index
        self.awards.append(Award(index, side, points, settles))

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
