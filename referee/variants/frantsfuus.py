"""Frantsfuus: the Danish two-player Jass of the 1800s (seed ``002_3232a1d682890a77.txt``).

32 cards, 9 each, 16 tricks: 7 with drawing (no duty), 9 without (follow suit, else
trump; the trump jack never forced). Melds have their own table (terts, quart, fuus,
longer sequences, four Q/K/A/J); the leader declares, the other may reject with a
higher meld; once approved the declarer may add more, one sequence per suit per
occasion; booked melds are used up. Belle (trump K+Q) any time, 20. The last trick is
worth 10; a player must claim while on lead with 501 or more; a wrong claim loses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import (
    ACE,
    DECK_32,
    JACK,
    KING,
    QUEEN,
    SEVEN,
    CardSet,
    bit,
    card,
    card_rank,
    card_suit,
    cards_in,
    codes,
    count,
    king_and_queen,
)
from referee.engine import Event, Refused, Seat
from referee.modes import ModeTables
from referee.settings import FrantsfuusRules
from referee.variants.talon import TalonGame, TalonHand
from referee.variants.talon_melds import Meld, MeldTable, Said
from referee.variants.talon_rules import follow_or_trump
from referee.verdict import Claim, Verdict
from referee.weis import Combination, runs_in

SEQUENCE_VALUES = {3: 20, 4: 50}
"""Terts 20, quart 50; "En sekvens med fem kort kallas fuus och är värd 100 poäng. En
sekvens med sex, sju eller åtta kort ... är alla värda 100 poäng"."""
FOURS = {QUEEN: (100, 6), KING: (100, 7), ACE: (100, 8), JACK: (200, 9)}
"""Value and rank of the fours that count: "Fyra knektar är högst ... Sedan kommer i
fallande rangordning fyra ess, fyra kungar och fyra damer"."""
NAMES = {3: "terts", 4: "quart", 5: "fuus", 6: "sixth fuus", 7: "seventh fuus", 8: "eighth fuus"}
JAN = 250
""""Om förloraren i ett parti har färre än 250 poäng ... har hen blivit jan"."""


def meld_of(cards: CardSet) -> Combination | None:
    """The meld these exact cards make, or None."""
    n = count(cards)
    ranks = sorted({card_rank(c) for c in cards_in(cards)})
    suits = {card_suit(c) for c in cards_in(cards)}
    if n == 4 and len(ranks) == 1 and ranks[0] in FOURS:
        return Combination("four", cards, FOURS[ranks[0]][0], None, ranks[0], ranks[0])
    if 3 <= n <= 8 and len(suits) == 1 and len(ranks) == n and ranks[-1] - ranks[0] == n - 1:
        return Combination(
            "sequence", cards, SEQUENCE_VALUES.get(n, 100), suits.pop(), ranks[0], ranks[-1]
        )
    return None


def melds_in(cards: CardSet) -> list[Combination]:
    """Every meld in a hand: each maximal sequence (at most eight cards), and each four."""
    found = [meld for *_, run in runs_in(cards) if (meld := meld_of(run)) is not None]
    for rank in FOURS:
        four = sum(1 << card(s, rank) for s in range(4))
        if cards & four == four:
            found.append(meld_of(four))  # type: ignore[arg-type]
    return found


def meld_name(m: Meld) -> str:
    """How players say it: "terts from HJ", "100 kings", "200 jacks"; a meld only said
    by its value: "a meld of 50"."""
    if isinstance(m, Said):
        return f"a meld of {m.value}"
    if m.kind == "four":
        word = {QUEEN: "queens", KING: "kings", ACE: "aces", JACK: "jacks"}[m.high]
        return f"{m.value} {word}"
    return f"{NAMES[m.length]} from {codes(bit(card(m.suit or 0, m.high)))[0]}"


def beats(a: Combination, b: Combination, mode: ModeTables, a_leads: bool) -> bool:
    """Whether meld ``a`` ranks above ``b``: the table's order (longer sequences above
    shorter, fours above every sequence), then the higher top card, then trump, and
    finally the trick's leader ("vinner den spelare som har förhand i det aktuella
    sticket")."""
    key_a, key_b = _rank(a), _rank(b)
    if key_a != key_b:
        return key_a > key_b
    if a.high != b.high:
        return a.high > b.high
    trump_a, trump_b = a.suit == mode.trump, b.suit == mode.trump
    if trump_a != trump_b:
        return trump_a
    return a_leads


def _rank(m: Combination) -> int:
    return FOURS[m.high][1] if m.kind == "four" else m.length - 3


def _same_class(a: Meld, b: Meld) -> bool:
    """Two shown melds of one class ("en lika hög kombination, det vill säga en sekvens
    med lika många kort"), which the top card and suit decide."""
    return isinstance(a, Combination) and isinstance(b, Combination) and _rank(a) == _rank(b)


TABLE = MeldTable(meld_of, lambda m: (_rank(m), m.high), range(SEVEN, ACE + 1))


@dataclass
class Occasion:
    """The melds of one trick: who declared first, whose declaration stands."""

    first: dict[Seat, Meld] = field(default_factory=dict)
    stander: Seat | None = None
    booked: list[Meld] = field(default_factory=list)
    answered: int | None = None
    """The event of the other player's answer, while its rank waits for its cards."""


@dataclass
class MeldBook:
    booked: dict[Seat, list[Meld]] = field(default_factory=lambda: {0: [], 1: []})
    occasions: dict[int, Occasion] = field(default_factory=dict)
    belle: set[Seat] = field(default_factory=set)
    """Who declared belle (each at most once; only one can hold it, the other's is
    false and refuted once shown)."""


class FrantsfuusGame(TalonGame[MeldBook]):
    variant = "frantsfuus"
    title = "Frantsfuus"
    deck = DECK_32
    hand_size = 9
    phase1_tricks = 7
    robber = SEVEN
    last_trick_bonus = 10
    duties = staticmethod(follow_or_trump)
    stoeck_in_hand = True
    rules_class = FrantsfuusRules
    rules: FrantsfuusRules
    book_class = MeldBook

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.jan = False

    @classmethod
    def melds_in(cls, cards: CardSet, rules: object) -> list[Combination]:
        return melds_in(cards)

    def named_melds(self, hand: TalonHand) -> list[tuple[Seat, str, int]]:
        book = self.book(hand)
        named = [(s, meld_name(m), m.value) for s in (0, 1) for m in book.booked[s]]
        return named + [(s, "belle", 20) for s in (0, 1) if hand.stoeck[s]]

    @classmethod
    def next_dealer(cls, dealer: Seat, last_winner: Seat | None) -> Seat | None:
        """The last trick's winner: "Den som vann det sista sticket i den avslutade
        given är givare"."""
        return last_winner

    def match_bonus(self, hand: TalonHand) -> int | None:
        if not self.rules.match:
            return None
        winners = {t.winner for t in hand.tricks if t.number > self.phase1_tricks}
        return winners.pop() if len(winners) == 1 else None

    # --- melds -----------------------------------------------------------------------

    def on_weis(self, index: int, event: Event) -> None:
        """ "En spelare som mäler en kombination måste få den godkänd av den andra
        spelaren. Om denne mäler en högre rankad kombination, avvisas den första
        mälningen"; once approved, "kan om möjligt ... mäla även andra kombinationer".

        A meld may be said by its value first ("börjar mäla 20 poäng") and shown with
        its cards once the second card is played: the showing ``weis`` names the cards
        of the meld that was said."""
        hand = self.playing_hand(event)
        mode = hand.mode
        assert mode is not None
        seat = self.seat_of(event)
        book = self.book(hand)
        said = self._said(hand, book, seat)
        if said is not None and "cards" in event:
            self._show(hand, book, index, seat, said, event["cards"])
            return
        number = self._addition_trick(hand, book, seat)
        adding = number is not None
        if number is None:
            number, _ = self.meld_trick(hand, seat)
        leader = self.trick_leader(hand, number)
        meld = self._declared(hand, seat, number, event)
        occasion = book.occasions.setdefault(number, Occasion())
        if isinstance(meld, Combination):
            self._check_used_up(book, seat, meld, occasion if adding else None)
        if adding:
            occasion.booked.append(meld)
        elif seat == leader or not occasion.first:
            occasion.first[seat] = meld
            occasion.stander, occasion.booked = seat, [meld]
        else:
            standing = occasion.first[1 - seat]
            higher = TABLE.outranks(meld, standing, mode, False, beats)
            if higher is False:
                if _same_class(meld, standing):
                    # "Den andra spelaren kan också mäla en lika hög kombination": the
                    # questions then decide, and the answer that loses is not booked.
                    return
                raise Refused(
                    "illegal-event",
                    f"seat {seat} declared {meld_name(meld)} to reject {meld_name(standing)}, "
                    "but it does not rank higher",
                    seat,
                )
            occasion.first[seat] = meld
            occasion.answered = index
            if higher:
                occasion.stander, occasion.booked = seat, [meld]
        self._rebook(hand, book)
        if isinstance(meld, Combination):
            self._book_claim(hand, book, index, seat, occasion, meld)

    def _declared(self, hand: TalonHand, seat: Seat, number: int, event: Event) -> Meld:
        """The meld of a ``weis``: shown by its ``cards``, or said by its ``points``."""
        if "cards" in event:
            mask = self.declared_cards(hand, seat, number, event["cards"])
            meld = meld_of(mask)
            if meld is None:
                raise Refused(
                    "false-weis",
                    f"seat {seat} declared {'-'.join(codes(mask))}, which is no meld (a "
                    "sequence of three to eight, or four queens, kings, aces or jacks)",
                    seat,
                )
            return meld
        return self.said(hand, seat, number, event, TABLE, "a meld")

    def _said(self, hand: TalonHand, book: MeldBook, seat: Seat) -> tuple[int, Said] | None:
        """The meld ``seat`` said and has still to show in the trick on the table."""
        for number in self.showing_tricks(hand):
            occasion = book.occasions.get(number)
            meld = occasion.first.get(seat) if occasion is not None else None
            if isinstance(meld, Said):
                return number, meld
        return None

    def _show(
        self,
        hand: TalonHand,
        book: MeldBook,
        index: int,
        seat: Seat,
        said: tuple[int, Said],
        values: object,
    ) -> None:
        """Shows a said meld: "måste hen efter det att det andra kortet har spelats till
        sticket ange det högsta kortet och färgen"; it may not change: "det inte är
        tillåtet för en spelare att ändra en mälning"."""
        mode = hand.mode
        assert mode is not None
        number, meld_said = said
        shown = self._declared(hand, seat, number, {"cards": values})
        assert isinstance(shown, Combination)
        if shown.value != meld_said.value:
            raise Refused(
                "illegal-event",
                f"seat {seat} said a meld of {meld_said.value} and shows {meld_name(shown)} "
                f"({shown.value}); a meld may not be changed",
                seat,
            )
        self._check_used_up(book, seat, shown, None)
        occasion = book.occasions[number]
        occasion.first[seat] = shown
        occasion.booked = [shown if m is meld_said else m for m in occasion.booked]
        leader = self.trick_leader(hand, number)
        lead, answer = occasion.first.get(leader), occasion.first.get(1 - leader)
        if lead is not None and answer is not None:
            higher = TABLE.outranks(answer, lead, mode, False, beats)
            if higher and occasion.stander == leader:
                occasion.stander, occasion.booked = 1 - leader, [answer]
            elif higher is False and not _same_class(answer, lead):
                del occasion.first[1 - leader]
                assert occasion.answered is not None
                self.flag(
                    occasion.answered,
                    1 - leader,
                    "illegal-event",
                    f"seat {1 - leader} rejected {meld_name(lead)} with "
                    f"{meld_name(answer)}, which does not rank higher",
                )
        self._rebook(hand, book)
        self._book_claim(hand, book, index, seat, occasion, shown)

    def _book_claim(
        self,
        hand: TalonHand,
        book: MeldBook,
        index: int,
        seat: Seat,
        occasion: Occasion,
        meld: Combination,
    ) -> None:
        """A later card of the meld in the other hand proves it false."""

        def withdraw() -> None:
            if meld in occasion.booked:
                occasion.booked.remove(meld)
            self._rebook(hand, book)

        self.claimed(hand, seat, meld.cards, index, "false-weis", meld_name(meld), withdraw)

    def _addition_trick(self, hand: TalonHand, book: MeldBook, seat: Seat) -> int | None:
        """The trick in which ``seat`` may add melds: one whose declaration it won and
        that is not yet turned (the next trick not begun)."""
        number = self.open_trick(hand)
        occasion = book.occasions.get(number) if number is not None else None
        return number if occasion is not None and occasion.stander == seat else None

    def _check_used_up(
        self, book: MeldBook, seat: Seat, meld: Combination, occasion: Occasion | None
    ) -> None:
        """ "Så fort poängen för en mälning blivit bokförd är den förbrukad"; an
        overlapping sequence must beat every earlier booked one of the player in the
        suit; "i en given färg får poäng för högst en sekvens mätas ... vid ett och samma
        tillfälle"."""
        earlier = [m for m in book.booked[seat] if isinstance(m, Combination)]
        if (
            occasion is not None
            and meld.kind == "sequence"
            and any(
                isinstance(m, Combination) and m.kind == "sequence" and m.suit == meld.suit
                for m in occasion.booked
            )
        ):
            raise Refused(
                "illegal-event",
                f"seat {seat} declared a second sequence in one suit at one occasion",
                seat,
            )
        if any(m.cards == meld.cards for m in earlier) or (
            occasion is not None and any(m.cards == meld.cards for m in occasion.booked)
        ):
            raise Refused("weis-not-upward", f"seat {seat}'s {meld_name(meld)} is used up", seat)
        if meld.kind == "sequence":
            same_suit = [m for m in earlier if m.kind == "sequence" and m.suit == meld.suit]
            overlaps = any(m.cards & meld.cards for m in same_suit)
            higher = all((meld.length, meld.high) > (m.length, m.high) for m in same_suit)
            if overlaps and not higher:
                raise Refused(
                    "weis-not-upward",
                    f"seat {seat} declared {meld_name(meld)} again with cards of a booked "
                    "sequence, but it is not higher than its earlier sequences in the suit",
                    seat,
                )

    def _rebook(self, hand: TalonHand, book: MeldBook) -> None:
        """Melds booked so far: the standing declarations of every trick."""
        book.booked = {0: [], 1: []}
        for occasion in book.occasions.values():
            if occasion.stander is not None:
                book.booked[occasion.stander] += occasion.booked
        hand.melds = [sum(m.value for m in book.booked[s]) for s in (0, 1)]

    # --- belle -----------------------------------------------------------------------

    def on_stoeck(self, index: int, event: Event) -> None:
        """Belle: "Belle får mälas när som helst så länge spelaren har kvar båda de
        ingående korten på handen"; it needs no approval."""
        hand = self.playing_hand(event)
        assert hand.trump is not None
        seat = self.seat_of(event)
        book = self.book(hand)
        if seat in book.belle:
            raise Refused("illegal-event", f"seat {seat} declared belle twice in a hand", seat)
        pair = king_and_queen(hand.trump)
        for c in cards_in(pair):
            if hand.holds(seat, c) is False:
                raise Refused(
                    "false-stoeck",
                    f"seat {seat} declared belle, but does not hold {codes(bit(c))[0]} in its hand",
                    seat,
                )
        book.belle.add(seat)
        self.book_stoeck(hand, seat, pair, index, "belle", 20, lambda: book.belle.discard(seat))

    # --- claims and the end of the game ------------------------------------------------

    def on_bedanken(self, index: int, event: Event) -> None:
        """ "En spelare får bara göra anspråk på segern när hen är inne ... Om en spelare
        felaktigt gör anspråk på segern, har motparten vunnit"."""
        seat = self.seat_of(event)
        hand = self.current
        if hand is None:
            on_lead = bool(self.hands) and self.hands[-1].tricks[-1].winner == seat
        elif self.trick_in_play(hand) is not None:
            on_lead = False
        else:
            on_lead = self.to_play(hand) == seat
        if not on_lead and self.rules.claim_off_lead == "refused":
            raise Refused(
                "illegal-event",
                f"seat {seat} claimed while not on lead (house rule claim_off_lead=refused)",
                seat,
            )
        self.claim = Claim(seat, index, "pending", "count" if on_lead else "not-on-lead")

    def claim_ready(self) -> bool:
        return self.claim is not None and self.claim.status == "pending"

    def settle_claim(self) -> None:
        assert self.claim is not None
        seat = self.claim.seat
        totals = self.totals()
        wins = self.claim.rule == "count" and totals[seat] >= self.rules.target
        self._end(seat if wins else 1 - seat, totals)
        if not wins:
            why = "while not on lead" if self.claim.rule != "count" else f"with {totals[seat]}"
            self.flag(
                self.claim.event,
                seat,
                "false-claim",
                f"seat {seat} claimed the game {why} (a player claims when it is to lead, "
                f"with {self.rules.target} or more); the claim loses",
            )

    def after_hand(self, hand: TalonHand) -> None:
        """ "Om båda spelarna har passerat 500 poäng efter en giv men båda har glömt att
        göra anspråk på segern, vinner den som tog det sista sticket"."""
        totals = self.totals()
        if min(totals) >= self.rules.target and self.claim is None:
            last = hand.tricks[-1].winner
            assert last is not None
            self._end(last, totals)

    def _end(self, winner: Seat, totals: list[int]) -> None:
        hand = self.current
        if hand is not None:
            self._freeze(hand)
        self.over, self.winner = True, winner
        self.jan = totals[1 - winner] < JAN
        if self.claim is not None:
            self.claim.status = "won" if winner == self.claim.seat else "lost"

    def next_game_dealer(self) -> Seat | None:
        """ "skall den spelare som vann det avslutade partiet vara givare i det följande"."""
        return self.winner

    def verdict(self) -> Verdict:
        verdict = super().verdict()
        verdict.claim, verdict.schneider = self.claim, self.jan
        return verdict
