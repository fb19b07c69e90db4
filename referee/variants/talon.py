"""The shared shape of the two-player talon games: Schmaus, Frantsfuus, Smousjas.

A hand: each player gets a hand of cards, the next card is turned face up beside the
face-down talon and names trump. Phase 1 lasts while the talon does: any card may be
played, and after each trick the winner draws first, then the other. After the last
trick of phase 1 the winner takes the last face-down card and the other the face-up
one (Smousjas: the winner chooses). Phase 2 is played out with duties. The holder of
the lowest trump may rob (swap it for) the face-up card while the talon lasts.

The referee keeps, for each seat, the cards known to be in its hand (from the ``deal``,
shown draws, the face-up card) and how many are not known (face-down draws seen only
as ``"card": null``). Where a hand is fully known every play and meld is checked at
once; where it is not, a phase-2 play is proven illegal by a card the seat shows later
(phase 2 has no draws, so every later card was held).

A variant subclass sets the numbers and implements melds, stöck and claims.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

from referee.cards import (
    SIX,
    Card,
    CardSet,
    Rank,
    Suit,
    bit,
    card,
    card_code,
    cards_in,
    codes,
    count,
)
from referee.engine import (
    NO_COUNT,
    Duty,
    Event,
    HandsGame,
    PlayRecord,
    Refused,
    Seat,
    Trick,
    broken_duty,
    cards_count,
    holding_sentence,
    where,
)
from referee.modes import TABLES, TRUMP_MODES, ModeTables
from referee.variants.schieber_rules import trick_winner_index
from referee.variants.talon_melds import MeldTable, Said
from referee.verdict import HandScore, Verdict
from referee.weis import Combination

PLAYERS = 2

Book = TypeVar("Book")
"""A variant's record of one hand's melds (Schmaus' weis, Frantsfuus' melds, Smousjas'
roem): each books its melds its own way."""


@dataclass
class Claimed:
    """A booked meld or stöck whose cards the declarer must have held, with how to
    take its points back if the other player later shows one of them."""

    seat: Seat
    cards: CardSet
    event: int
    rule: str
    name: str
    withdraw: Callable[[], None]
    open: CardSet = 0
    """Its cards the declarer has not played (nor robbed with) since: still in its hand."""


@dataclass
class TalonHand:
    """Everything the referee knows about one hand of a talon game."""

    index: int
    event: int
    dealer: Seat
    hidden: int
    """Face-down cards left in the talon."""
    known: list[CardSet] = field(default_factory=lambda: [0, 0])
    unknown: list[int] = field(default_factory=lambda: [0, 0])
    dealt: bool = False
    turnup: Card | None = None
    """The face-up card beside the talon while it lies there."""
    trump: Suit | None = None
    robbed: bool = False
    tricks: list[Trick] = field(default_factory=list)
    draws: list[Seat] = field(default_factory=list)
    """Who still has to draw after the last trick, in order."""
    drawn: int = 0
    """Cards drawn from the talon in this hand (the first draw ends Stöck–Weis–Stich)."""
    played: CardSet = 0
    played_by: list[CardSet] = field(default_factory=lambda: [0, 0])
    played_in: dict[Card, int] = field(default_factory=dict)
    open_plays: list[list[PlayRecord]] = field(default_factory=lambda: [[], []])
    points: list[int] = field(default_factory=lambda: [0, 0])
    melds: list[int] = field(default_factory=lambda: [0, 0])
    """Points booked for weis / melds / roem."""
    stoeck: list[int] = field(default_factory=lambda: [0, 0])
    """Points booked for stöck / belle / mariages."""
    complete: bool = False
    claimed: list[Claimed] = field(default_factory=list)
    count_due: int = NO_COUNT
    """Cards played before which no open play can be proven by count."""

    @property
    def forehand(self) -> Seat:
        """The player who did not deal leads the first trick ("Den spelare som inte gav
        är förhand")."""
        return 1 - self.dealer

    @property
    def mode(self) -> ModeTables | None:
        return TABLES[TRUMP_MODES[self.trump]] if self.trump is not None else None

    @property
    def finished_tricks(self) -> int:
        return sum(1 for t in self.tricks if t.winner is not None)

    def where(self, trick: int) -> str:
        return where(trick, self.index)

    def played_in_trick(self, seat: Seat, number: int) -> CardSet:
        """The card ``seat`` played to trick ``number`` (as a set; empty if none)."""
        for trick in self.tricks:
            if trick.number == number:
                pairs = zip(trick.seats, trick.cards, strict=True)
                return sum(1 << c for s, c in pairs if s == seat)
        return 0

    def who_played(self, c: Card) -> Seat:
        return 0 if self.played_by[0] >> c & 1 else 1

    def short_of(self, seat: Seat, cards: CardSet) -> str:
        """Why ``seat`` cannot hold all of ``cards`` by count (empty if it can): those of
        them not seen in its hand outnumber its cards not yet seen."""
        unseen = cards & ~self.known[seat]
        if count(unseen) <= self.unknown[seat]:
            return ""
        return (
            f"it holds {cards_count(self.unknown[seat])} not yet seen, too few to hold "
            f"{' and '.join(codes(unseen))}"
        )

    def holds(self, seat: Seat, c: Card) -> bool | None:
        """Whether ``seat`` holds ``c`` now: True, False, or None when not known."""
        if self.known[seat] >> c & 1:
            return True
        if (
            self.played >> c & 1
            or self.known[1 - seat] >> c & 1
            or c == self.turnup
            or not self.unknown[seat]
        ):
            return False
        return None


def whereabouts(hand: TalonHand, c: Card) -> str:
    """Where a card is, for proofs: played, face up, or in a known hand."""
    if hand.played >> c & 1:
        return f"seat {hand.who_played(c)} played it in {hand.where(hand.played_in[c])}"
    if c == hand.turnup:
        return "it is the face-up card"
    for s in (0, 1):
        if hand.known[s] >> c & 1:
            return f"seat {s} holds it"
    return "it is not in its hand"


class TalonGame(HandsGame, Generic[Book]):
    """The engine of a two-player talon game; variants fill in the class variables."""

    players = PLAYERS
    events = frozenset(
        {"hand", "deal", "turnup", "rob", "draw", "weis", "play", "stoeck", "bedanken", "award"}
    )
    book_class: Callable[[], Book]
    """Makes a hand's empty meld book."""
    hand_size: ClassVar[int]
    phase1_tricks: ClassVar[int]
    robber: ClassVar[Rank] = SIX
    """The trump rank that may rob the face-up card (6, or 7 in 32-card games)."""
    last_trick_bonus: ClassVar[int]
    leader_declares: ClassVar[bool] = False
    """True when only the trick's leader declares melds (Smousjas' roem); the other
    then only rejects."""
    stoeck_in_hand: ClassVar[bool] = False
    """True when K+Q of trump are declared while both are still held (Frantsfuus'
    belle); False when announced as the second is played (Schmaus' stöck)."""
    duties: ClassVar[Callable[[Suit, Card, Card], tuple[Duty, ...]]]
    """The duties of phase 2, ``(trump, lead, card) -> duties`` (see
    :mod:`referee.variants.talon_rules`)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.hands: list[TalonHand] = []
        self.books: dict[int, Book] = {}

    def book(self, hand: TalonHand) -> Book:
        """The meld book of ``hand``, made empty when first asked for."""
        return self.books.setdefault(hand.index, self.book_class())

    # --- variant hooks ---------------------------------------------------------------

    @classmethod
    def next_dealer(cls, dealer: Seat, last_winner: Seat | None) -> Seat | None:
        """Who deals after a hand dealt by ``dealer`` whose last trick ``last_winner``
        took; None when the rules do not say. Default: "Turen att ge växlar"."""
        return 1 - dealer

    def match_bonus(self, hand: TalonHand) -> int | None:
        """The seat that made match in a finished hand, or None."""
        return None

    def after_play(self, hand: TalonHand, index: int, seat: Seat, c: Card) -> None:
        """Called after every play is applied (melds and stöck refuted by it, ...)."""

    def after_hand(self, hand: TalonHand) -> None:
        """Called when a hand's last trick is taken (game-end rules)."""

    @classmethod
    def melds_in(cls, cards: CardSet, rules: object) -> list[Combination]:
        """Every meld the variant counts in a hand (for simulated players)."""
        raise NotImplementedError

    def named_melds(self, hand: TalonHand) -> list[tuple[Seat, str, int]]:
        """The booked melds of a hand as players say them: (seat, name, points)."""
        raise NotImplementedError

    # --- state helpers ---------------------------------------------------------------

    @property
    def total_tricks(self) -> int:
        return self.phase1_tricks + self.hand_size

    def playing_hand(self, event: Event) -> TalonHand:
        hand: TalonHand = self.hand_in_play(event)
        if hand.trump is None:
            raise Refused(
                "illegal-event",
                f"{event.get('event')!r} in hand {hand.index + 1} before the trump card "
                "was turned up ('turnup')",
            )
        return hand

    def phase(self, hand: TalonHand) -> int:
        """The phase of the trick being played (or about to be led)."""
        trick = self.trick_in_play(hand)
        number = trick.number if trick else hand.finished_tricks + 1
        return 1 if number <= self.phase1_tricks else 2

    def trick_in_play(self, hand: TalonHand) -> Trick | None:
        if hand.tricks and hand.tricks[-1].winner is None:
            return hand.tricks[-1]
        return None

    def to_play(self, hand: TalonHand) -> Seat:
        trick = self.trick_in_play(hand)
        if trick is not None:
            return 1 - trick.seats[0]
        if hand.tricks:
            winner = hand.tricks[-1].winner
            assert winner is not None
            return winner
        return hand.forehand

    def meld_trick(self, hand: TalonHand, seat: Seat) -> tuple[int, Seat]:
        """The trick a meld by ``seat`` belongs to, and that trick's leader.

        Melds are declared in phase 1 and the first trick of phase 2 (000: "Spelarna
        kan göra sin sista mälning av weis i samband med att de spelar till det tionde
        sticket"; 002 likewise for the eighth).

        The leader declares when leading, before the other plays; the other until the
        trick is turned (before the draws, or the next lead): "mälningen av den som
        spelar sist till sticket måste göras innan sticket har vänts bort"."""
        trick = self.trick_in_play(hand)
        last = hand.tricks[-1] if hand.tricks and trick is None else None
        if trick is not None:
            number, leader = trick.number, trick.seats[0]
        elif last is not None and (hand.draws or last.number == self.phase1_tricks + 1):
            number, leader = last.number, last.seats[0]
            if seat == leader:
                raise Refused(
                    "illegal-event",
                    f"seat {seat} declared after the other played to {hand.where(number)}; "
                    "the leader declares when leading",
                    seat,
                )
        else:
            number, leader = hand.finished_tricks + 1, self.to_play(hand)
            if seat != leader:
                raise Refused(
                    "illegal-event",
                    f"seat {seat} declared before seat {leader} led {hand.where(number)}",
                    seat,
                )
        if number > self.phase1_tricks + 1:
            raise Refused(
                "illegal-event",
                f"seat {seat} declared in {hand.where(number)}; melds are declared in phase 1 "
                f"and the first trick of phase 2 (tricks 1-{self.phase1_tricks + 1})",
                seat,
            )
        return number, leader

    def open_trick(self, hand: TalonHand) -> int | None:
        """The trick whose melds are still being made: the one on the table, or the
        last one until it is turned (its draws done, or the next trick begun)."""
        in_play = self.trick_in_play(hand)
        if in_play is not None:
            return in_play.number
        if not hand.tricks:
            return None
        last = hand.tricks[-1]
        turned = not hand.draws and last.number != self.phase1_tricks + 1
        return None if turned else last.number

    def showing_tricks(self, hand: TalonHand) -> list[int]:
        """The tricks whose said melds may still be shown: the open one, and the next
        when its leader said a meld before leading."""
        number = self.open_trick(hand)
        return [n for n in (number, hand.finished_tricks + 1) if n is not None]

    def trick_leader(self, hand: TalonHand, number: int) -> Seat:
        """Who leads trick ``number`` (the seat to play when it has not begun)."""
        trick = next((t for t in hand.tricks if t.number == number), None)
        return trick.seats[0] if trick is not None else self.to_play(hand)

    def said(
        self, hand: TalonHand, seat: Seat, number: int, event: Event, table: MeldTable, what: str
    ) -> Said:
        """A meld said by its ``points``: a value some meld of the game has and, where
        the hand is known, one it holds (cards played to this very trick count)."""
        points = event.get("points")
        if not isinstance(points, int) or isinstance(points, bool) or points not in table.values:
            allowed = ", ".join(map(str, sorted(table.values)))
            raise Refused(
                "false-weis", f"seat {seat} said {what} of {points!r}; {what} is {allowed}", seat
            )
        hand_now = hand.known[seat] | hand.played_in_trick(seat, number)
        if not hand.unknown[seat] and not table.held(points, hand_now):
            raise Refused(
                "false-weis",
                f"seat {seat} said {what} of {points} in {hand.where(number)}, but its hand "
                f"{'-'.join(codes(hand_now))} holds none",
                seat,
            )
        return Said(points)

    def declared_cards(
        self, hand: TalonHand, seat: Seat, number: int, values: object, rule: str = "false-weis"
    ) -> CardSet:
        """The cards of a meld, each one the seat can hold: "korten i en mäld weis måste
        alltid finnas bland de nio korten på handen" (cards it played to this very trick
        count)."""
        mask = self.card_mask(values, seat, "meld", "the meld")
        needed = mask & ~hand.played_in_trick(seat, number)
        for c in cards_in(needed):
            if hand.holds(seat, c) is False:
                raise Refused(
                    rule,
                    f"seat {seat} declared {'-'.join(codes(mask))} in {hand.where(number)}, "
                    f"but cannot hold {card_code(c)} ({whereabouts(hand, c)})",
                    seat,
                )
        short = hand.short_of(seat, needed)
        if short:
            raise Refused(
                rule,
                f"seat {seat} declared {'-'.join(codes(mask))} in {hand.where(number)}, but "
                f"{short}",
                seat,
            )
        return mask

    # --- events ----------------------------------------------------------------------

    def on_hand(self, index: int, event: Event) -> None:
        if self.current is not None:
            hand = self.current
            raise Refused(
                "illegal-event",
                f"hand {hand.index + 1} is not finished ({hand.finished_tricks} of "
                f"{self.total_tricks} tricks); a new hand cannot start",
            )
        dealer = self.seat_of(event, "dealer")
        if not self.hands and self.first_dealer is not None and dealer != self.first_dealer:
            self.flag(
                index,
                dealer,
                "out-of-turn",
                f"seat {dealer} dealt the game's first hand, but seat {self.first_dealer} "
                "was to deal (the winner of the last game)",
            )
        if self.hands:
            previous = self.hands[-1]
            self._freeze(previous)
            last = previous.tricks[-1].winner if previous.complete else None
            expected = self.next_dealer(previous.dealer, last)
            if expected is not None and dealer != expected:
                self.flag(
                    index,
                    dealer,
                    "out-of-turn",
                    f"seat {dealer} dealt hand {len(self.hands) + 1}, but seat {expected} "
                    "was to deal",
                )
        deck_size = count(self.deck)
        hand = TalonHand(len(self.hands), index, dealer, deck_size - 2 * self.hand_size - 1)
        hand.unknown = [self.hand_size, self.hand_size]
        self.hands.append(hand)

    def on_deal(self, index: int, event: Event) -> None:
        hand = self.current
        if hand is None or hand.dealt or hand.tricks or hand.drawn or hand.robbed:
            raise Refused("illegal-event", "'deal' must follow 'hand', once, before any play")
        hands = event.get("hands")
        if not isinstance(hands, list) or len(hands) != PLAYERS:
            raise Refused(
                "illegal-event", f"'deal' needs 'hands': two lists of {self.hand_size} cards"
            )
        masks: list[CardSet] = []
        seen: dict[Card, Seat] = {}
        for seat, cards in enumerate(hands):
            if not isinstance(cards, list) or len(cards) != self.hand_size:
                raise Refused(
                    "illegal-event",
                    f"'deal' gives seat {seat} not a list of {self.hand_size} cards",
                )
            mask = 0
            for value in cards:
                c = self.card_of(value)
                if c in seen or c == hand.turnup:
                    where_else = "the face-up card" if c == hand.turnup else f"seat {seen[c]}"
                    raise Refused(
                        "duplicate-card",
                        f"{card_code(c)} is dealt twice ({where_else} and seat {seat})",
                    )
                seen[c] = seat
                mask |= bit(c)
            masks.append(mask)
        hand.known, hand.unknown, hand.dealt = masks, [0, 0], True

    def on_turnup(self, index: int, event: Event) -> None:
        """ "Nästa kort vänds upp, och färgen på kortet anger trumf" (000, 002)."""
        hand = self.current
        if hand is None or hand.trump is not None:
            raise Refused("illegal-event", "'turnup' must come once per hand, after 'hand'")
        c = self.card_of(event.get("card"))
        if hand.known[0] >> c & 1 or hand.known[1] >> c & 1:
            raise Refused(
                "duplicate-card", f"the face-up card {card_code(c)} was also dealt to a player"
            )
        hand.turnup, hand.trump = c, c // 9

    def on_rob(self, index: int, event: Event) -> None:
        """The lowest trump may be swapped for the face-up card while the talon lasts."""
        hand = self.playing_hand(event)
        assert hand.trump is not None
        seat = self.seat_of(event)
        robber = card(hand.trump, self.robber)
        c = self.card_of(event.get("card"), seat)
        if c != robber:
            raise Refused(
                "illegal-event",
                f"seat {seat} robbed with {card_code(c)}; only {card_code(robber)} robs",
                seat,
            )
        if hand.robbed or hand.turnup is None or hand.hidden < 1:
            raise Refused(
                "illegal-event",
                f"seat {seat} robbed the face-up card after the talon's last face-down card "
                "was drawn (or it was robbed already)",
                seat,
            )
        if hand.holds(seat, c) is False:
            raise Refused(
                "card-not-in-hand",
                f"seat {seat} robbed with {card_code(c)}, which it cannot hold",
                seat,
            )
        self._refute_claimed(hand, index, seat, c, "robbed with")
        self._take(hand, seat, c)
        hand.known[seat] |= bit(hand.turnup)
        hand.turnup, hand.robbed = c, True
        self._refute_by_count(hand, index, seat, c)

    def on_draw(self, index: int, event: Event) -> None:
        """ "Den som vann sticket drar alltid kort först" (000); after the last trick of
        phase 1 the winner takes the last face-down card and the other the face-up one."""
        hand = self.playing_hand(event)
        seat = self.seat_of(event)
        if not hand.draws:
            raise Refused(
                "illegal-event", f"seat {seat} drew, but no card is to be drawn now", seat
            )
        if seat != hand.draws[0]:
            raise Refused(
                "out-of-turn", f"seat {seat} drew, but seat {hand.draws[0]} draws first", seat
            )
        value = event.get("card")
        c = None if value is None else self.card_of(value, seat)
        last_pair = hand.hidden == 1 or (hand.hidden == 0 and len(hand.draws) == 1)
        if last_pair:
            self.final_draw(hand, seat, c)
        else:
            self.draw_hidden(hand, seat, c)
        hand.drawn += 1
        hand.draws.pop(0)

    def final_draw(self, hand: TalonHand, seat: Seat, c: Card | None) -> None:
        """Schmaus and Frantsfuus: the winner takes the last face-down card, the other
        the face-up trump card."""
        assert hand.turnup is not None
        if len(hand.draws) == 2:
            if c == hand.turnup:
                raise Refused(
                    "illegal-event",
                    f"seat {seat} took the face-up card, but the trick's winner draws the "
                    "last face-down card",
                    seat,
                )
            self.draw_hidden(hand, seat, c)
            return
        if c is not None and c != hand.turnup:
            raise Refused(
                "illegal-event",
                f"seat {seat} drew {card_code(c)}, but the last card left is the face-up "
                f"{card_code(hand.turnup)}",
                seat,
            )
        hand.known[seat] |= bit(hand.turnup)
        hand.turnup = None

    def draw_hidden(self, hand: TalonHand, seat: Seat, c: Card | None) -> None:
        """``seat`` takes a face-down card: known when shown, else one more unknown."""
        if c is not None:
            self._check_hidden(hand, seat, c)
            hand.known[seat] |= bit(c)
        else:
            hand.unknown[seat] += 1
        hand.hidden -= 1

    def _check_hidden(self, hand: TalonHand, seat: Seat, c: Card) -> None:
        """A card drawn face down cannot be one already seen elsewhere."""
        if (
            hand.played >> c & 1
            or c == hand.turnup
            or hand.known[0] >> c & 1
            or hand.known[1] >> c & 1
        ):
            raise Refused(
                "duplicate-card", f"seat {seat} drew {card_code(c)}, which is already seen", seat
            )

    def _take(self, hand: TalonHand, seat: Seat, c: Card) -> None:
        """``c`` leaves ``seat``'s hand (played or robbed with)."""
        if hand.known[seat] >> c & 1:
            hand.known[seat] &= ~bit(c)
        else:
            hand.unknown[seat] -= 1

    def on_play(self, index: int, event: Event) -> None:
        hand = self.playing_hand(event)
        assert hand.trump is not None
        seat = self.seat_of(event)
        c = self.card_of(event.get("card"), seat)
        self.refuse_replayed(hand, seat, c)
        if hand.draws:
            raise Refused(
                "illegal-event", f"seat {seat} played before seat {hand.draws[0]} drew", seat
            )
        trick = self.trick_in_play(hand)
        number = trick.number if trick else len(hand.tricks) + 1
        expected = self.to_play(hand)
        if seat != expected:
            raise Refused(
                "out-of-turn",
                f"seat {seat} played {card_code(c)} in {hand.where(number)}, but seat "
                f"{expected} was to {'play' if trick else 'lead'}",
                seat,
            )
        if hand.holds(seat, c) is False:
            if c == hand.turnup:
                elsewhere = "it is the face-up card"
            elif hand.known[1 - seat] >> c & 1:
                elsewhere = f"seat {1 - seat} holds it"
            else:
                elsewhere = f"its hand is known: {'-'.join(codes(hand.known[seat]))}"
            raise Refused(
                "card-not-in-hand",
                f"seat {seat} played {card_code(c)} in {hand.where(number)}, but {elsewhere}",
                seat,
            )
        if trick is None:
            trick = Trick(number, seat)
            hand.tricks.append(trick)
        self.observe(hand.open_plays[seat], c, index, number)
        if trick.cards and number > self.phase1_tricks:
            duties = self.duties(hand.trump, trick.cards[0], c)
            broken = broken_duty(duties, hand.known[seat])
            record = PlayRecord(index, seat, c, hand.index, number, duties, 0)
            if broken is not None:
                duty, witnesses = broken
                proof = holding_sentence(seat, c, duty, witnesses, hand.where(number))
                self.flag(index, seat, duty.rule, proof)
                record.violation, record.level = self.violations[-1], duties.index(duty)
            # Still open: every duty while unproven, else those that would name it more
            # exactly (a known trump proves a discard; a led-suit card may follow).
            still_open = duties if record.violation is None else duties[: record.level]
            if hand.unknown[seat] and still_open:
                for duty in still_open:
                    record.cards |= duty.cards
                hand.open_plays[seat].append(record)
                hand.count_due = 0  # checked at once, below
        self._take(hand, seat, c)
        trick.seats.append(seat)
        trick.cards.append(c)
        hand.played |= bit(c)
        hand.played_by[seat] |= bit(c)
        hand.played_in[c] = number
        self._prove_by_count(hand, index, number)
        self.after_play(hand, index, seat, c)
        self._refute_claimed(hand, index, seat, c)
        self._refute_by_count(hand, index, seat, c)
        if len(trick.cards) == PLAYERS:
            self._finish_trick(hand, trick)

    def claimed(
        self,
        hand: TalonHand,
        seat: Seat,
        cards: CardSet,
        event: int,
        rule: str,
        name: str,
        withdraw: Callable[[], None],
    ) -> None:
        """Registers a booked meld (``rule`` false-weis) or stöck (false-stoeck)."""
        open_cards = cards & ~hand.played_by[seat]
        hand.claimed.append(Claimed(seat, cards, event, rule, name, withdraw, open_cards))

    def book_stoeck(
        self,
        hand: TalonHand,
        seat: Seat,
        cards: CardSet,
        event: int,
        name: str,
        points: int,
        unbook: Callable[[], None],
    ) -> None:
        """Counts ``points`` of stöck (belle, a mariage) of ``cards`` for ``seat`` until a
        card proves it false; then ``unbook`` forgets the declaration."""
        hand.stoeck[seat] += points

        def withdraw() -> None:
            unbook()
            hand.stoeck[seat] -= points

        self.claimed(hand, seat, cards, event, "false-stoeck", name, withdraw)

    def _refute_claimed(
        self, hand: TalonHand, index: int, seat: Seat, c: Card, how: str = "played"
    ) -> None:
        """The other player plays (or robs with) a card of a booked meld: the declarer
        never held it (a card leaves a hand only by being played), unless it is the
        robbing trump, which lies face up after the declarer's swap and may be taken by
        the other player."""
        assert hand.trump is not None
        robber = card(hand.trump, self.robber)
        if hand.robbed and c == robber:
            return
        trick = hand.played_in.get(c)
        at = f" in {hand.where(trick)}" if trick is not None else ""
        for claim in list(hand.claimed):
            if claim.seat != seat and claim.cards >> c & 1:
                self._withdraw(hand, claim, index, f"seat {seat} {how} {card_code(c)}{at}")

    def _refute_by_count(self, hand: TalonHand, index: int, seat: Seat, c: Card) -> None:
        """``seat`` played or robbed with ``c``: its declarations keep the cards it still
        holds, which must fit among its cards not yet seen."""
        for claim in [claim for claim in hand.claimed if claim.seat == seat]:
            claim.open &= ~bit(c)
            short = hand.short_of(seat, claim.open)
            if short:
                self._withdraw(hand, claim, index, short)

    def _withdraw(self, hand: TalonHand, claim: Claimed, index: int, why: str) -> None:
        hand.claimed.remove(claim)
        claim.withdraw()
        self.flag(
            claim.event,
            claim.seat,
            claim.rule,
            f"seat {claim.seat} declared {claim.name}, but {why}",
            proven_at=index,
        )

    def _prove_by_count(self, hand: TalonHand, index: int, number: int) -> None:
        """Open phase-2 plays proven by count (:meth:`Game.prove_by_count`): a seat's
        cards not yet seen are among the cards not played, not face up and not seen in
        a hand."""
        played = hand.played.bit_count()
        if played < hand.count_due:
            return
        unseen = self.deck & ~hand.played & ~hand.known[0] & ~hand.known[1]
        if hand.turnup is not None:
            unseen &= ~bit(hand.turnup)
        slack = NO_COUNT
        for seat in (0, 1):
            if hand.open_plays[seat]:
                records, room = hand.open_plays[seat], hand.unknown[seat]
                found = self.prove_by_count(records, unseen, room, index, number, hand.index)
                slack = min(slack, found)
        hand.count_due = played + max(slack, 1)

    def _finish_trick(self, hand: TalonHand, trick: Trick) -> None:
        mode = hand.mode
        assert mode is not None
        winner = trick.seats[trick_winner_index(trick.cards, mode)]
        trick.winner = winner
        hand.points[winner] += sum(mode.points[c] for c in trick.cards)
        if trick.number <= self.phase1_tricks:
            hand.draws = [winner, 1 - winner]
        if trick.number == self.total_tricks:
            hand.points[winner] += self.last_trick_bonus
            hand.complete = True
            self.after_hand(hand)

    # --- scores ----------------------------------------------------------------------

    def score(self, hand: TalonHand) -> HandScore:
        frozen = self.final_scores.get(hand.index)
        if frozen is not None:
            return frozen
        match = self.match_bonus(hand) if hand.complete else None
        bonus = [100 if match == s else 0 for s in (0, 1)]
        scored = [hand.points[s] + bonus[s] + hand.melds[s] + hand.stoeck[s] for s in (0, 1)]
        return HandScore(
            index=hand.index,
            mode=TRUMP_MODES[hand.trump] if hand.trump is not None else None,
            points=list(hand.points),
            weis=list(hand.melds),
            stoeck=list(hand.stoeck),
            match=match,
            multiplier=1,
            scored=scored,
            complete=hand.complete,
            dealer=hand.dealer,
            forehand=hand.forehand,
            chooser=None,
            pushed=False,
            tricks=hand.finished_tricks,
            melds=[{"seat": s, "meld": name, "points": p} for s, name, p in self.named_melds(hand)],
        )

    def verdict(self) -> Verdict:
        return Verdict(
            variant=self.variant,
            hands=[self.score(h) for h in self.hands],
            totals=self.totals(),
            violations=list(self.violations),
            winner=self.winner,
            schneider=False,
            claim=None,
            settings={"target": self.rules.target, **self.rules.changed()},
            sides=["seat 0", "seat 1"],
            awards=list(self.awards),
        )
