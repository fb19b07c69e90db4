"""Schieber: four players in two teams, trump or sang games, weis, stöck, bedanken.

The rules are seed 003 (``003_2d2cb80ca155b2a1.txt``); the handlers below quote the
sentences they implement. Seats 0..3 are in playing order (counter-clockwise);
seats 0 and 2 are side 0, seats 1 and 3 side 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from referee.cards import (
    DECK_36,
    FIRST_FOREHAND_CARD,
    Card,
    CardSet,
    bit,
    card_code,
    cards_in,
    codes,
    count,
)
from referee.engine import (
    NO_COUNT,
    Event,
    HandsGame,
    PlayRecord,
    Refused,
    Seat,
    Trick,
    cards_count,
    holding_sentence,
    where,
)
from referee.modes import MODES, TABLES, Mode, ModeTables
from referee.settings import SchieberRules
from referee.variants.schieber_rules import (
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    STOECK_VALUE,
    TRICKS_PER_HAND,
    multiplier,
    play_duty,
    stoeck_pair,
    trick_winner_index,
)
from referee.verdict import Claim, HandScore, Verdict
from referee.weis import (
    Declared,
    announced_weis,
    best_declared,
    better,
    declared_weis,
    find_weis,
    sequences_clash,
)

PLAYERS = 4


@dataclass
class StoeckClaim:
    seat: Seat
    event: int


@dataclass
class SchieberHand:
    """Everything the referee knows about one hand while it is played."""

    index: int
    event: int
    dealer: Seat
    forehand: Seat | None
    dealt: list[CardSet] | None = None
    held: list[CardSet] | None = None
    """With a ``deal`` event: each seat's cards not yet played."""
    mode: ModeTables | None = None
    chooser: Seat | None = None
    pushed: bool = False
    trump_event: int | None = None
    tricks: list[Trick] = field(default_factory=list)
    played: CardSet = 0
    played_by: list[CardSet] = field(default_factory=lambda: [0] * PLAYERS)
    played_in: dict[Card, int] = field(default_factory=dict)
    """Card -> trick number it was played in."""
    open_plays: list[list[PlayRecord]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    weis: list[Declared] = field(default_factory=list)
    stoeck: list[StoeckClaim] = field(default_factory=list)
    claimed: CardSet = 0
    """Every card some weis or stöck of this hand needs (a play of one may refute it)."""
    announced: int = 0
    """How many weis were announced by points only (a ninth card may refute them)."""
    claim_sizes: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    """Per seat, the most cards a weis or stöck of it needs: with at least as many
    cards left it cannot be short of one (see ``_refute_by_count``)."""
    count_due: list[int] = field(default_factory=lambda: [NO_COUNT] * PLAYERS)
    """Per seat, the cards played before which none of its open plays can be proven by
    count; ``next_due`` is the least of them."""
    next_due: int = NO_COUNT
    points: list[int] = field(default_factory=lambda: [0, 0])
    """Card points per side (per seat in a game without partners)."""
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
    complete: bool = False
    leader: Seat | None = None
    """Who leads the first trick when it is not forehand (Sidi-Barrani: the last
    bidder; Coiffeur pushed round the table: the chooser)."""
    club_seven: Seat | None = None
    """Who held ♣7 (from the deal, or once played): forehand of a game's first hand."""

    @property
    def first_trick_over(self) -> bool:
        return self.complete or bool(self.tricks and self.tricks[0].winner is not None)

    def where(self, trick: int) -> str:
        return where(trick, self.index)

    def who_played(self, c: Card) -> Seat:
        return next(s for s in range(PLAYERS) if self.played_by[s] >> c & 1)


class SchieberGame(HandsGame):
    """The referee of one Schieber game, fed one event at a time.

    The games of the Schieber family (Sidi-Barrani, Differenzler, Coiffeur) play their
    cards exactly like this and differ in how the game of a hand is chosen and how a
    hand is booked. They subclass this class and override its hooks: ``hand_class``
    (what a hand remembers), :meth:`side` and ``sides`` (teams or single players),
    :meth:`expected_dealer`, :meth:`club_seven_leads`, :meth:`multiplier_of`,
    :meth:`match_of`, :meth:`book`, :meth:`contract_of`, :meth:`end_after_hand`,
    :meth:`verdict_settings` and :meth:`side_names`.
    """

    variant = "schieber"
    title = "Schieber"
    players = PLAYERS
    rules_class = SchieberRules
    rules: SchieberRules
    events = frozenset(
        {"hand", "deal", "trump", "weis", "play", "score", "stoeck", "bedanken", "award"}
    )
    hand_class: ClassVar[type[SchieberHand]] = SchieberHand
    match_bonus: ClassVar[int] = MATCH_BONUS

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.hands: list[SchieberHand] = []
        self.schneider = False

    # --- hooks of the Schieber family ---------------------------------------------------

    def side(self, seat: Seat) -> int:
        """The side a seat scores for: seats 0 and 2 are side 0, seats 1 and 3 side 1."""
        return seat % 2

    def club_seven_leads(self) -> bool:
        """Whether the holder of ♣7 is forehand of the game's first hand (seed 003)."""
        return self.rules.first_forehand == "club-seven"

    def expected_dealer(self, previous: SchieberHand) -> Seat:
        """Who deals the hand after ``previous``: its forehand ("och givare i den andra
        given"), in a game's first hand the holder of ♣7 as its play showed."""
        if previous.index == 0 and self.club_seven_leads() and previous.club_seven is not None:
            return previous.club_seven
        assert previous.forehand is not None
        return previous.forehand

    def multiplier_of(self, hand: SchieberHand) -> int:
        """Seed 003: the factor of the game chosen (1, 2 or 3)."""
        return multiplier(hand.mode) if hand.mode is not None else 1

    def match_of(self, hand: SchieberHand) -> int | None:
        """The side that made a match (and earns ``match_bonus``), if any."""
        if not hand.complete:
            return None
        for side in (0, 1):
            if self.rules.match == "all-tricks":
                took_all = hand.tricks_won[side] == TRICKS_PER_HAND
            else:
                took_all = hand.points[1 - side] == 0
            if took_all:
                return side
        return None

    def book(
        self, hand: SchieberHand, match: int | None, weis: list[int], stoeck: list[int]
    ) -> list[int]:
        """What each side writes for the hand: "(points + match bonus + weis + stoeck) ×
        multiplier" in Schieber."""
        mult = self.multiplier_of(hand)
        return [
            (hand.points[s] + (self.match_bonus if match == s else 0) + weis[s] + stoeck[s]) * mult
            for s in range(self.sides)
        ]

    def end_after_hand(self) -> bool:
        """Whether the game ended with the hand just finished; called when the next hand
        starts or the log ends, so a stöck shown with the last card still counts.
        Schieber: house rule ``win_by=reaching`` (by the seed a side must claim)."""
        return self._settle_by_reaching()

    def verdict_settings(self) -> dict[str, object]:
        return {"target": self.rules.target, **self.rules.changed()}

    def side_names(self) -> list[str]:
        return ["seats 0+2", "seats 1+3"]

    # --- state helpers ------------------------------------------------------------------

    def playing_hand(self, event: Event) -> SchieberHand:
        hand: SchieberHand = self.hand_in_play(event)
        if hand.mode is None:
            raise Refused(
                "illegal-event",
                f"{event.get('event')!r} in hand {hand.index + 1} before the trump was chosen",
            )
        return hand

    def to_play(self, hand: SchieberHand) -> Seat:
        if not hand.tricks:
            return self.first_leader(hand)
        trick = hand.tricks[-1]
        if len(trick.cards) == PLAYERS:
            assert trick.winner is not None
            return trick.winner
        return (trick.seats[-1] + 1) % PLAYERS

    def first_leader(self, hand: SchieberHand) -> Seat:
        """Who leads trick 1: forehand ("Förhand spelar ut till det första sticket"),
        unless the variant's choice of the game names another seat."""
        leader = hand.leader if hand.leader is not None else hand.forehand
        assert leader is not None
        return leader

    # --- events -----------------------------------------------------------------------

    def on_hand(self, index: int, event: Event) -> None:
        """Seed 003: "Den spelare som har sjuan i klöver är förhand i den första given
        och givare i den andra given. ... Turen att ge går vidare motsols"."""
        if self.end_after_hand():
            raise Refused("illegal-event", "the game ended with the previous hand")
        if self.current is not None:
            hand = self.current
            raise Refused(
                "illegal-event",
                f"hand {hand.index + 1} is not finished ({count(hand.played)} of 36 cards "
                "played); a new hand cannot start",
            )
        dealer = self.seat_of(event, "dealer")
        if self.hands:
            previous = self.hands[-1]
            expected = self.expected_dealer(previous)
            self._freeze(previous)
            if dealer != expected:
                self.flag(
                    index,
                    dealer,
                    "out-of-turn",
                    f"seat {dealer} dealt hand {len(self.hands) + 1}, but seat {expected} "
                    f"was to deal ({self.dealer_reason(previous)})",
                )
        first = not self.hands
        forehand = None if first and self.club_seven_leads() else (dealer + 1) % 4
        self.hands.append(
            self.hand_class(
                len(self.hands),
                index,
                dealer,
                forehand,
                points=[0] * self.sides,
                tricks_won=[0] * self.sides,
            )
        )

    def dealer_reason(self, previous: SchieberHand) -> str:
        """Why :meth:`expected_dealer` deals next, for the proof sentence."""
        return f"forehand of hand {previous.index + 1}"

    def on_deal(self, index: int, event: Event) -> None:
        hand = self.current
        if hand is None or hand.mode is not None or hand.dealt is not None:
            raise Refused("illegal-event", "'deal' must follow 'hand', once, before the trump")
        hands = event.get("hands")
        if not isinstance(hands, list) or len(hands) != PLAYERS:
            raise Refused("illegal-event", "'deal' needs 'hands': four lists of nine cards")
        masks: list[CardSet] = []
        seen: dict[Card, Seat] = {}
        for seat, cards in enumerate(hands):
            if not isinstance(cards, list) or len(cards) != TRICKS_PER_HAND:
                raise Refused("illegal-event", f"'deal' gives seat {seat} not a list of nine cards")
            mask = 0
            for value in cards:
                c = self.card_of(value)
                if c in seen:
                    raise Refused(
                        "duplicate-card",
                        f"{card_code(c)} is dealt twice (to seat {seen[c]} and seat {seat})",
                    )
                seen[c] = seat
                mask |= bit(c)
            masks.append(mask)
        hand.dealt, hand.held = masks, list(masks)
        hand.club_seven = seen[FIRST_FOREHAND_CARD]
        if hand.forehand is None:
            hand.forehand = hand.club_seven

    def on_trump(self, index: int, event: Event) -> None:
        """Seed 003: "förhand ... väljer antingen ett spel eller skjuter över avgörandet
        till partnern, som då måste välja"."""
        hand = self.hand_to_choose(event)
        seat = self.seat_of(event)
        mode = self.mode_of(event.get("mode"), seat)
        pushed = self.pushed_of(event, seat)
        self.check_chooser(hand, index, seat, pushed)
        self.choose(hand, index, seat, mode, pushed)

    def hand_to_choose(self, event: Event) -> SchieberHand:
        hand = self.current
        if hand is None or hand.mode is not None:
            raise Refused(
                "illegal-event", f"{event.get('event')!r} must come once per hand, after 'hand'"
            )
        return hand

    def mode_of(self, value: object, seat: Seat, allowed: tuple[Mode, ...] = MODES) -> Mode:
        """A game mode from the log (``h`` and ``Obenabe`` are read too)."""
        mode = value
        if isinstance(mode, str) and mode.lower() in ("h", "d", "s", "c"):
            mode = mode.upper()
        elif isinstance(mode, str):
            mode = mode.lower()
        if mode not in allowed:
            raise Refused(
                "illegal-event",
                f"trump mode {value!r} is not one of {', '.join(allowed)}",
                seat,
            )
        return str(mode)

    def pushed_of(self, event: Event, seat: Seat) -> bool:
        pushed = event.get("pushed", False)
        if not isinstance(pushed, bool):
            raise Refused("illegal-event", f"'pushed' must be true or false, got {pushed!r}", seat)
        return pushed

    def check_chooser(self, hand: SchieberHand, index: int, seat: Seat, pushed: bool) -> None:
        """Forehand chooses, or its partner after schieben; a wrong chooser is flagged
        (the game still stands: it was played)."""
        if hand.forehand is None:
            hand.forehand = (seat + 2) % 4 if pushed else seat
        else:
            chooser = (hand.forehand + 2) % 4 if pushed else hand.forehand
            if seat != chooser:
                how = "after schieben its partner" if pushed else "forehand"
                self.flag(
                    index,
                    seat,
                    "out-of-turn",
                    f"seat {seat} chose the game of hand {hand.index + 1}, but seat {chooser} "
                    f"({how}) chooses it",
                )

    def choose(self, hand: SchieberHand, index: int, seat: Seat, mode: Mode, pushed: bool) -> None:
        hand.mode = TABLES[mode]
        hand.chooser, hand.pushed, hand.trump_event = seat, pushed, index

    def on_play(self, index: int, event: Event) -> None:
        hand = self.playing_hand(event)
        assert hand.mode is not None
        seat = self.seat_of(event)
        c = self.card_of(event.get("card"), seat)
        self.refuse_replayed(hand, seat, c)
        expected = self.to_play(hand)
        trick = hand.tricks[-1] if hand.tricks and len(hand.tricks[-1].cards) < 4 else None
        number = trick.number if trick else len(hand.tricks) + 1
        if seat != expected:
            role = "to play" if trick else "to lead"
            raise Refused(
                "out-of-turn",
                f"seat {seat} played {card_code(c)} in {hand.where(number)}, but seat "
                f"{expected} was {role}",
                seat,
            )
        if hand.held is not None and not hand.held[seat] >> c & 1:
            dealt_to = next(s for s in range(4) if hand.dealt and hand.dealt[s] >> c & 1)
            raise Refused(
                "card-not-in-hand",
                f"seat {seat} played {card_code(c)} in {hand.where(number)}, but it was dealt "
                f"to seat {dealt_to}",
                seat,
            )
        if trick is None:
            trick = Trick(number, seat)
            hand.tricks.append(trick)
        if hand.held is None:
            self.observe(hand.open_plays[seat], c, index, number)
        duty = play_duty(hand.mode, self.rules, c, trick.cards) if trick.cards else None
        if duty is not None:
            if hand.held is not None:
                witnesses = hand.held[seat] & duty.cards
                if witnesses:
                    proof = holding_sentence(seat, c, duty, witnesses, hand.where(number))
                    self.flag(index, seat, duty.rule, proof)
            else:
                record = PlayRecord(index, seat, c, hand.index, number, (duty,), duty.cards)
                hand.open_plays[seat].append(record)
                # its slack once this card is down: the count cannot bind before
                left = TRICKS_PER_HAND - 1 - hand.played_by[seat].bit_count()
                outside = DECK_36 & ~(hand.played | bit(c) | duty.cards)
                due = hand.played.bit_count() + 1 + outside.bit_count() - left
                if due < hand.count_due[seat]:
                    hand.count_due[seat] = due
                    hand.next_due = min(hand.next_due, due)
        mask = 1 << c
        trick.seats.append(seat)
        trick.cards.append(c)
        hand.played |= mask
        hand.played_by[seat] |= mask
        hand.played_in[c] = number
        if hand.held is not None:
            hand.held[seat] &= ~mask
        elif (
            hand.played.bit_count() >= hand.next_due
            or TRICKS_PER_HAND - hand.played_by[seat].bit_count() < hand.claim_sizes[seat]
        ):
            self._prove_by_count(hand, index, seat, number)
        if hand.claimed & mask:
            self._refute_declarations(hand, index, seat, c)
        if hand.announced and hand.dealt is None and count(hand.played_by[seat]) == 9:
            self._check_announcements(hand, seat, hand.played_by[seat], index)
        if c == FIRST_FOREHAND_CARD and hand.index == 0 and self.club_seven_leads():
            self._note_club_seven(hand, index, seat)
        if len(trick.cards) == PLAYERS:
            self._finish_trick(hand, trick)

    def on_score(self, index: int, event: Event) -> None:
        """A hand entered by hand, without a camera: the card points of each side
        (last trick included, so they add up to 157) and, if one side took every trick,
        ``match``. Weis and stöck come as their own events, before it."""
        hand = self.playing_hand(event)
        if hand.tricks:
            raise Refused("illegal-event", "'score' replaces the plays; this hand has plays")
        points, match = event.get("points"), event.get("match")
        total = 152 + LAST_TRICK_BONUS
        if (
            not isinstance(points, list)
            or len(points) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in points)
            or sum(points) != total
        ):
            raise Refused(
                "illegal-event",
                f"'score' needs 'points' as two whole numbers adding up to {total}, got {points!r}",
            )
        if match is not None and (
            not isinstance(match, int) or isinstance(match, bool) or match not in (0, 1)
        ):
            raise Refused("illegal-event", f"'match' must be 0, 1 or null, got {match!r}")
        if match is not None and points[match] != total:
            raise Refused("illegal-event", f"side {match} took every trick, so it has {total}")
        hand.points = list(points)
        if match is not None:
            hand.tricks_won[match] = TRICKS_PER_HAND
        hand.complete = True

    def on_weis(self, index: int, event: Event) -> None:
        """Seed 003: "Weis anges i det första sticket." Cards of every combination must
        sit in one hand; no sub-sequences of a longer sequence."""
        hand = self.playing_hand(event)
        assert hand.mode is not None
        seat = self.seat_of(event)
        if len(hand.tricks) >= 2:
            raise Refused(
                "illegal-event",
                f"seat {seat} declared a weis in trick {len(hand.tricks)}; weis is declared "
                "in the first trick",
                seat,
            )
        # Ties go to "den som är i förhand ... (det vill säga som sitter hos den av
        # spelarna som först fick kort i given)": the dealer's right-hand neighbour, who
        # is forehand in every hand but perhaps the first (where ♣7 leads).
        order = (seat - hand.dealer - 1) % 4
        if "cards" in event:
            declared = self._declared_cards(hand, index, seat, order, event["cards"])
        elif "points" in event:
            declared = announced_weis(seat, event["points"], index, order)
        else:
            raise Refused("illegal-event", "'weis' needs 'cards' or 'points'", seat)
        shows = next(
            (
                d
                for d in hand.weis
                if d.seat == seat and d.combination is None and d.value == declared.value
            ),
            None,
        )
        if declared.combination is not None and shows is not None:
            hand.weis.remove(shows)
            hand.announced -= 1
        elif hand.first_trick_over:
            self._check_late_weis(hand, declared)
        if declared.combination is None:
            hand.announced += 1
            if hand.dealt is not None:
                self._check_announcements(hand, seat, hand.dealt[seat], None, declared)
        else:
            hand.claimed |= declared.combination.cards
            size = count(declared.combination.cards)
            hand.claim_sizes[seat] = max(hand.claim_sizes[seat], size)
        hand.weis.append(declared)

    def _check_late_weis(self, hand: SchieberHand, declared: Declared) -> None:
        """After the first trick, weis is booked: "avgör man vem som har anmält högst
        poäng för weis och bokför denna poäng samt poängen för lagets övriga
        weis-kombinationer". So only the side holding the best weis may still add its
        other combinations, none better than that best."""
        assert hand.mode is not None
        best = best_declared(hand.weis, hand.mode, self.rules)
        if (
            best is None
            or self.side(best.seat) != self.side(declared.seat)
            or better(declared, best, hand.mode, self.rules)
        ):
            raise Refused(
                "illegal-event",
                f"seat {declared.seat} declared a weis of {declared.value} after the first "
                "trick; then only the side with the best weis adds its other combinations",
                declared.seat,
            )

    def _declared_cards(
        self, hand: SchieberHand, index: int, seat: Seat, order: int, values: object
    ) -> Declared:
        mask = self.card_mask(values, seat, "weis", "weis")
        declared = declared_weis(seat, mask, self.rules, index, order)
        combo = declared.combination
        assert combo is not None
        shown = "-".join(codes(mask))
        self._require_held(hand, seat, mask, "false-weis", f"declared {shown}")
        for other in hand.weis:
            if other.seat != seat or other.combination is None:
                continue
            if other.combination.cards == mask or sequences_clash(other.combination, combo):
                raise Refused(
                    "false-weis",
                    f"seat {seat} declared {shown}, but it repeats or extends the weis it "
                    f"declared at event {other.event}; a sequence counts once, at full length",
                    seat,
                )
        return declared

    def _check_announcements(
        self,
        hand: SchieberHand,
        seat: Seat,
        held: CardSet,
        proven_at: int | None,
        new: Declared | None = None,
    ) -> None:
        """Weis announced by points must each be a distinct combination of ``held`` (the
        dealt hand, or the nine cards the seat played), other than those it showed.

        With ``new`` (a deal is known) a new announcement that does not fit is refused;
        otherwise each one that does not fit is flagged, proven at ``proven_at``.
        """
        shown = [d.combination for d in hand.weis if d.seat == seat and d.combination]
        available = [
            w
            for w in find_weis(held, self.rules)
            if not any(w.cards == c.cards or sequences_clash(w, c) for c in shown)
        ]
        announced = [d for d in hand.weis if d.seat == seat and d.combination is None]
        for d in [*announced, *([new] if new else [])]:
            match = next((w for w in available if w.value == d.value), None)
            if match is not None:
                available.remove(match)
                continue
            whose = "its dealt hand" if new else f"its nine cards {'-'.join(codes(held))}"
            listed = _list_weis(find_weis(held, self.rules), hand.mode)
            proof = (
                f"seat {seat} announced a weis of {d.value}, but {whose} hold no further "
                f"weis of that value ({listed})"
            )
            if new is not None:
                if d is new:
                    raise Refused("false-weis", proof, seat)
                continue
            hand.weis.remove(d)
            hand.announced -= 1
            self.flag(d.event, seat, "false-weis", proof, proven_at=proven_at)

    def on_stoeck(self, index: int, event: Event) -> None:
        """Seed 003: "stöck. Den består av kung och dam i trumf och är värd 20 poäng. ...
        Innehavaren får alltid tillgodoräkna sig poängen"."""
        last = self.hands[-1] if self.hands else None
        # Announced "när det andra kortet i kombinationen spelas": that may be the last
        # card of the hand, so the finished hand takes it until the next one starts.
        if last is not None and last.complete and last.mode is not None:
            hand = last
        else:
            hand = self.playing_hand(event)
        assert hand.mode is not None
        seat = self.seat_of(event)
        pair = stoeck_pair(hand.mode)
        if not pair:
            raise Refused(
                "false-stoeck",
                f"seat {seat} announced stöck, but {hand.mode.mode} has no trump",
                seat,
            )
        if any(s.seat == seat for s in hand.stoeck):
            raise Refused("illegal-event", f"seat {seat} announced stöck twice in a hand", seat)
        king_queen = "-".join(codes(pair))
        self._require_held(hand, seat, pair, "false-stoeck", f"announced stöck ({king_queen})")
        hand.stoeck.append(StoeckClaim(seat, index))
        hand.claimed |= pair
        hand.claim_sizes[seat] = max(hand.claim_sizes[seat], 2)

    def _require_held(
        self, hand: SchieberHand, seat: Seat, cards: CardSet, rule: str, claim: str
    ) -> None:
        """Refuses a weis or stöck naming a card the seat cannot have held: dealt to
        another seat, or already played by one. ``claim`` reads "declared HJ-H10-H9"."""
        if hand.dealt is not None and cards & ~hand.dealt[seat]:
            c = next(cards_in(cards & ~hand.dealt[seat]))
            owner = next(s for s in range(PLAYERS) if hand.dealt[s] >> c & 1)
            raise Refused(
                rule, f"seat {seat} {claim}, but {card_code(c)} was dealt to seat {owner}", seat
            )
        foreign = cards & hand.played & ~hand.played_by[seat]
        if foreign:
            c = next(cards_in(foreign))
            raise Refused(
                rule,
                f"seat {seat} {claim}, but seat {hand.who_played(c)} played {card_code(c)} "
                f"in {hand.where(hand.played_in[c])}",
                seat,
            )
        short = _short_of(hand, seat, cards)
        if short:
            raise Refused(rule, f"seat {seat} {claim}, but {short}", seat)

    def on_bedanken(self, index: int, event: Event) -> None:
        """Seed 003: "En spelare kan när som helst göra anspråk på segern för sitt lags
        räkning ... Om en spelare som ännu inte har spelat till det andra sticket tackar
        för sig, tillämpas därför en regel som kallas Stöck-Weis-Stich"."""
        seat = self.seat_of(event)
        if self.claim is not None:
            raise Refused("illegal-event", "a claim is already waiting for the first trick", seat)
        hand = self.current
        second = hand.tricks[1] if hand is not None and len(hand.tricks) >= 2 else None
        by_count = hand is None or (second is not None and seat in second.seats)
        self.claim = Claim(seat, index, "pending", "count" if by_count else "stoeck-weis-stich")

    # --- proofs from plays (hands not known) -------------------------------------------------

    def _prove_by_count(self, hand: SchieberHand, index: int, seat: Seat, number: int) -> None:
        """Every card is dealt, so a seat's cards not yet played are among the cards
        nobody has played: open plays proven by count (see :meth:`Game.prove_by_count`)
        and declarations whose cards the seat can no longer hold.

        A count binds only once a play's slack is used up, one card per play at most,
        so between checks only ``next_due`` is compared."""
        played = hand.played.bit_count()
        unseen = DECK_36 & ~hand.played
        due = hand.count_due
        for other, records in enumerate(hand.open_plays):
            if played >= due[other]:
                room = TRICKS_PER_HAND - hand.played_by[other].bit_count()
                found = self.prove_by_count(records, unseen, room, index, number, hand.index)
                due[other] = played + max(found, 1)
        hand.next_due = min(due)
        if TRICKS_PER_HAND - hand.played_by[seat].bit_count() < hand.claim_sizes[seat]:
            self._refute_by_count(hand, index, seat)

    def _refute_by_count(self, hand: SchieberHand, index: int, seat: Seat) -> None:
        """A seat that has fewer cards left than the cards of its weis or stöck it has
        not played cannot have been dealt them all."""
        assert hand.mode is not None
        for d in list(hand.weis):
            combo = d.combination
            if d.seat == seat and combo is not None:
                short = _short_of(hand, seat, combo.cards)
                if short:
                    hand.weis.remove(d)
                    self.flag(
                        d.event,
                        seat,
                        "false-weis",
                        f"seat {seat} declared {'-'.join(codes(combo.cards))}, but {short}",
                        proven_at=index,
                    )
        pair = stoeck_pair(hand.mode)
        for claim in list(hand.stoeck):
            short = _short_of(hand, seat, pair) if claim.seat == seat else ""
            if short:
                hand.stoeck.remove(claim)
                self.flag(
                    claim.event,
                    seat,
                    "false-stoeck",
                    f"seat {seat} announced stöck ({'-'.join(codes(pair))}), but {short}",
                    proven_at=index,
                )

    def _refute_declarations(self, hand: SchieberHand, index: int, seat: Seat, c: Card) -> None:
        """A card played by one seat refutes another seat's weis or stöck that needs it."""
        assert hand.mode is not None
        where = hand.where(hand.played_in[c])
        for d in list(hand.weis):
            combo = d.combination
            if d.seat != seat and combo is not None and combo.cards >> c & 1:
                hand.weis.remove(d)
                self.flag(
                    d.event,
                    d.seat,
                    "false-weis",
                    f"seat {d.seat} declared {'-'.join(codes(combo.cards))}, but seat {seat} "
                    f"played {card_code(c)} in {where}",
                    proven_at=index,
                )
        for claim in list(hand.stoeck):
            if claim.seat != seat and stoeck_pair(hand.mode) >> c & 1:
                hand.stoeck.remove(claim)
                self.flag(
                    claim.event,
                    claim.seat,
                    "false-stoeck",
                    f"seat {claim.seat} announced stöck, but seat {seat} played {card_code(c)} "
                    f"in {where}",
                    proven_at=index,
                )

    def _note_club_seven(self, hand: SchieberHand, index: int, seat: Seat) -> None:
        """♣7 shows who was forehand of the game's first hand, and so who deals next."""
        hand.club_seven = seat
        if seat != hand.forehand:
            self.flag(
                hand.trump_event if hand.trump_event is not None else index,
                hand.forehand,
                "out-of-turn",
                f"seat {seat} played C7 in {hand.where(hand.played_in[FIRST_FOREHAND_CARD])}, "
                f"so seat {seat} was forehand of the game's first hand, but seat "
                f"{hand.forehand} chose the game and led",
                proven_at=index,
            )

    # --- tricks, hands and scores --------------------------------------------------------------

    def _finish_trick(self, hand: SchieberHand, trick: Trick) -> None:
        assert hand.mode is not None
        winner = trick.seats[trick_winner_index(trick.cards, hand.mode)]
        trick.winner = winner
        side = self.side(winner)
        hand.points[side] += sum(hand.mode.points[c] for c in trick.cards)
        hand.tricks_won[side] += 1
        if trick.number == TRICKS_PER_HAND:
            hand.points[side] += LAST_TRICK_BONUS
            hand.complete = True

    def weis_award(self, hand: SchieberHand) -> list[int]:
        """Seed 003: "Det lag som har den bästa kombinationen får tillgodoräkna sig
        poängen för alla sina weis. Det andra laget får ingen poäng för weis." Booked
        once the first trick is over."""
        award = [0] * self.sides
        if hand.mode is None or not hand.first_trick_over:
            return award
        best = best_declared(hand.weis, hand.mode, self.rules)
        if best is not None:
            side = self.side(best.seat)
            award[side] = sum(d.value for d in hand.weis if self.side(d.seat) == side)
        return award

    def stoeck_award(self, hand: SchieberHand) -> list[int]:
        award = [0] * self.sides
        for claim in hand.stoeck:
            award[self.side(claim.seat)] += STOECK_VALUE
        return award

    def score(self, hand: SchieberHand) -> HandScore:
        frozen = self.final_scores.get(hand.index)
        if frozen is not None:
            return frozen
        match = self.match_of(hand)
        weis, stoeck = self.weis_award(hand), self.stoeck_award(hand)
        return HandScore(
            index=hand.index,
            mode=hand.mode.mode if hand.mode else None,
            points=list(hand.points),
            weis=weis,
            stoeck=stoeck,
            match=match,
            multiplier=self.multiplier_of(hand),
            scored=self.book(hand, match, weis, stoeck),
            complete=hand.complete,
            dealer=hand.dealer,
            forehand=hand.forehand,
            chooser=hand.chooser,
            pushed=hand.pushed,
            tricks=sum(1 for t in hand.tricks if t.winner is not None),
            contract=self.contract_of(hand),
        )

    def hand_scores(self) -> list[HandScore]:
        return [self.score(h) for h in self.hands]

    def verdict(self) -> Verdict:
        return Verdict(
            variant=self.variant,
            hands=self.hand_scores(),
            totals=self.totals(),
            violations=list(self.violations),
            winner=self.winner,
            schneider=self.schneider if self.winner is not None else False,
            claim=self.claim,
            settings=self.verdict_settings(),
            sides=self.side_names(),
            awards=list(self.awards),
        )

    # --- winning ----------------------------------------------------------------------------

    def _credit_held_stoeck(self, hand: SchieberHand, at: int) -> None:
        """At a claim, a stöck the known deal shows but nobody announced yet counts:
        seed 003 "Båda sidorna får tillgodoräkna sig poängen för en eventuell stöck"."""
        if hand.dealt is None or hand.mode is None or hand.stoeck:
            return
        pair = stoeck_pair(hand.mode)
        for seat in range(PLAYERS):
            if pair and hand.dealt[seat] & pair == pair:
                hand.stoeck.append(StoeckClaim(seat, at))

    def claim_ready(self) -> bool:
        """A claim waits while the first trick of its hand is unfinished (Stöck–Weis–
        Stich: "Om det första sticket ännu inte har avslutats, måste det spelas färdigt")."""
        if self.claim is None or self.claim.status != "pending":
            return False
        if self.claim.rule == "count":
            return True
        hand = self.hands[-1]
        return hand.first_trick_over

    def settle_claim(self) -> None:
        assert self.claim is not None
        hand = self.current
        if hand is not None:
            self._credit_held_stoeck(hand, self.claim.event)
        if self.claim.rule == "stoeck-weis-stich" and hand is not None and hand.tricks:
            self._settle_stoeck_weis_stich(hand)
            return
        if hand is not None:
            self._freeze(hand)
        totals = self.totals()
        side = self.side(self.claim.seat)
        self._end(side if totals[side] >= self.rules.target else 1 - side, totals, totals)

    def _settle_stoeck_weis_stich(self, hand: SchieberHand) -> None:
        """Seed 003: "Om någondera sidan kan mäla en stöck, får den först tillgodoräkna
        sig poängen för denna. Sedan läggs poängen för alla godkända weis till. Slutligen
        adderar det lag som vann det första sticket poängen för korten i detta stick.
        ... Om ingendera sidan visar sig ha nått 2500 poäng ..., förlorar det lag som
        tackade för sig."
        """
        assert self.claim is not None and hand.mode is not None
        running = list(self.frozen_totals)
        self._freeze(hand)
        score = self.final_scores[hand.index]
        first = hand.tricks[0]
        assert first.winner is not None
        trick_points = [0, 0]
        trick_points[self.side(first.winner)] = sum(hand.mode.points[c] for c in first.cards)
        for step in (score.stoeck, score.weis, trick_points):
            for side in (0, 1):
                running[side] += step[side] * score.multiplier
                if running[side] >= self.rules.target:
                    self._end(side, running, self.totals())
                    return
        self._end(1 - self.side(self.claim.seat), running, self.totals())

    def finish(self) -> None:
        super().finish()
        self.end_after_hand()

    def _settle_by_reaching(self) -> bool:
        """House rule ``win_by=reaching``: the game ends with the hand that takes a side
        to the target; the higher side wins (equal sides play on). Settled when the next
        hand starts or the log ends, so a stöck shown with the last card still counts.
        Returns whether the game ended now."""
        if self.rules.win_by != "reaching" or self.over or not self.hands:
            return False
        if not self.hands[-1].complete:
            return False
        totals = self.totals()
        if max(totals) >= self.rules.target and totals[0] != totals[1]:
            self._end(0 if totals[0] > totals[1] else 1, totals, totals)
            return True
        return False

    def _end(self, winner: int, at_win: list[int], final: list[int]) -> None:
        """Ends the game; ``at_win`` are the totals when the winner crossed the line
        (schneider is judged there: "Om det förlorande laget ännu inte har nått 1250
        poäng vid det tillfälle ... då det vinnande laget kommer upp i 2500").

        A claim the count does not support is a ``false-claim``; a claim lost because
        the other side reached the target first by Stöck–Weis–Stich is not ("oavsett
        vilken sida som tackade för sig")."""
        self.over = True
        self.winner = winner
        self.schneider = 2 * at_win[1 - winner] < self.rules.target
        if self.claim is None:
            return
        claimer = self.side(self.claim.seat)
        self.claim.status = "won" if winner == claimer else "lost"
        by_count = self.claim.rule == "count"
        if winner == claimer or (not by_count and max(at_win) >= self.rules.target):
            return
        if by_count:
            why = f"seats {_side_name(claimer)} have {at_win[claimer]}"
        else:
            why = (
                "after stöck, weis and the first trick seats 0+2 have "
                f"{at_win[0]} and seats 1+3 {at_win[1]}"
            )
        self.flag(
            self.claim.event,
            self.claim.seat,
            "false-claim",
            f"seat {self.claim.seat} claimed the game (bedanken), but {why}, short of "
            f"{self.rules.target}; the claiming side loses",
        )


def _short_of(hand: SchieberHand, seat: Seat, cards: CardSet) -> str:
    """Why ``seat`` cannot have been dealt ``cards`` by count (empty if it can): its
    cards left are fewer than those of ``cards`` it has not played."""
    left = TRICKS_PER_HAND - count(hand.played_by[seat])
    missing = cards & ~hand.played_by[seat]
    if count(missing) <= left:
        return ""
    return (
        f"in {hand.where(len(hand.tricks))} it has {cards_count(left)} left and has not "
        f"played {' and '.join(codes(missing))}"
    )


def _side_name(side: int) -> str:
    return "0+2" if side == 0 else "1+3"


def _list_weis(held: list, mode: ModeTables | None) -> str:
    if not held or mode is None:
        return "none"
    return "its weis: " + "; ".join(w.describe(mode) for w in held)
