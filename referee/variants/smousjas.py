"""Smousjas: the Dutch two-player Klaverjas of the 1920s (seed ``001_88886ab7a674fa7a.txt``).

32 cards, 8 each, 16 tricks: 8 while the stock lasts (no duty), 8 after (follow suit,
else trump; on a trump lead a higher trump if held). Only the trick's leader declares
roem, when leading; the other may reject it with a higher roem (more cards wins, then
the higher card). Mariages — stuk, dubbel, brok — are declared by either player with a
card and are never rejected. The last trick is worth 10. The first to 500 at the end of
a hand wins; both over: the higher; a tie: the hand is played again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import (
    ACE,
    DECK_32,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SPADES,
    Card,
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
from referee.settings import SmousjasRules
from referee.variants.talon import TalonGame, TalonHand
from referee.variants.talon_melds import Meld, MeldTable, Said
from referee.variants.talon_rules import follow_trump_overtrump
from referee.verdict import Claim, HandScore, Verdict
from referee.weis import Combination

RANK_WORDS = {7: "aas", 6: "heer", 5: "vrouw", 4: "boer", 3: "10", 2: "9", 1: "8", 0: "7"}
"""Dutch names of the top card in "3 op de vrouw" (rank index in the 32-card order)."""
UIT = 480
""""Als iemand gedurende de hand op 480 of meer punten staat en 'Stuk' declareert
tijdens de hand, dan mag hij roepen 'Uit' en wint"."""
ONDER_JAN = 250


def roem_of(cards: CardSet) -> Combination | None:
    """Carré J 200, carré 9 140, other carré 100; a sequence of five to the ace 120,
    five or more 100, four 50, three 20 (always in the order A H V B 10 9 8 7)."""
    n = count(cards)
    ranks = sorted({card_rank(c) for c in cards_in(cards)})
    suits = {card_suit(c) for c in cards_in(cards)}
    if n == 4 and len(ranks) == 1:
        value = {JACK: 200, NINE: 140}.get(ranks[0], 100)
        return Combination("four", cards, value, None, ranks[0], ranks[0])
    if n >= 3 and len(suits) == 1 and len(ranks) == n and ranks[-1] - ranks[0] == n - 1:
        value = {3: 20, 4: 50}.get(n, 120 if n == 5 and ranks[-1] == ACE else 100)
        return Combination("sequence", cards, value, suits.pop(), ranks[0], ranks[-1])
    return None


def roem_name(r: Meld) -> str:
    """As declared: "carré" (shown: "carré boeren"), "3 op de vrouw"; said by value
    only: "roem of 50"."""
    if isinstance(r, Said):
        return f"roem of {r.value}"
    if r.kind == "four":
        return f"carré {RANK_WORDS[r.high - 1]}"
    return f"{r.length} op de {RANK_WORDS[r.high - 1]}"


def higher_roem(a: Combination, b: Combination, mode: ModeTables, a_leads: bool) -> bool:
    """ "hoe meer kaarten er in de roem zitten, hoe hoger de roem telt ... Als het aantal
    kaarten gelijk is geldt dat de hoogste kaart in sequentie waarde wint ... Is een roem
    exact even hoog, dan geldt de troefkleur met voorrang. Anders heeft de leider
    voorrang." So four queens reject four jacks."""
    if a.length != b.length:
        return a.length > b.length
    if a.high != b.high:
        return a.high > b.high
    trump_a, trump_b = a.suit == mode.trump, b.suit == mode.trump
    if trump_a != trump_b:
        return trump_a
    return a_leads


TABLE = MeldTable(roem_of, lambda r: (r.length, r.high), range(SEVEN, ACE + 1))


def mariage_of(cards: CardSet, trump: int) -> tuple[str, int] | None:
    """Stuk (K+Q of trump) 40, dubbel (♦Q+♠Q) 40, brok (K+Q of a red and a black suit) 20."""
    if count(cards) != 2:
        return None
    first, second = cards_in(cards)
    ranks = {card_rank(first), card_rank(second)}
    suits = [card_suit(first), card_suit(second)]
    if ranks == {KING, QUEEN} and suits == [trump, trump]:
        return "stuk", 40
    if cards == bit(card(DIAMONDS, QUEEN)) | bit(card(SPADES, QUEEN)):
        return "dubbel", 40
    red = [s in (HEARTS, DIAMONDS) for s in suits]
    if ranks == {KING, QUEEN} and red[0] != red[1]:
        return "brok", 20
    return None


@dataclass
class RoemBook:
    declared: dict[int, list[tuple[Seat, Meld, int]]] = field(default_factory=dict)
    """trick -> the roem declared in it: seat, roem, event."""
    booked: dict[int, list[tuple[Seat, Meld]]] = field(default_factory=dict)
    """trick -> roem booked in it."""
    mariages: list[tuple[Seat, CardSet, str, int]] = field(default_factory=list)

    def all_booked(self, seat: Seat) -> list[Combination]:
        """The shown roem booked for ``seat`` (said roem has no cards to compare)."""
        booked = [r for trick in self.booked.values() for s, r in trick if s == seat]
        return [r for r in booked if isinstance(r, Combination)]


class SmousjasGame(TalonGame[RoemBook]):
    variant = "smousjas"
    title = "Smousjas"
    deck = DECK_32
    hand_size = 8
    phase1_tricks = 8
    robber = SEVEN
    last_trick_bonus = 10
    duties = staticmethod(follow_trump_overtrump)
    leader_declares = True
    stoeck_in_hand = True
    rules_class = SmousjasRules
    rules: SmousjasRules
    book_class = RoemBook

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.void: set[int] = set()
        self.onder_jan = False

    @classmethod
    def next_dealer(cls, dealer: Seat, last_winner: Seat | None) -> Seat | None:
        """The seed does not say who deals the next hand."""
        return None

    @classmethod
    def melds_in(cls, cards: CardSet, rules: object) -> list[Combination]:
        found = []
        for suit in range(4):
            ranks = [r for r in range(1, 9) if cards >> card(suit, r) & 1]
            runs: list[list[int]] = []
            for r in ranks:
                if runs and runs[-1][-1] == r - 1:
                    runs[-1].append(r)
                else:
                    runs.append([r])
            for run in runs:
                roem = roem_of(sum(1 << card(suit, r) for r in run))
                if roem is not None:
                    found.append(roem)
        for rank in range(1, 9):
            four = sum(1 << card(s, rank) for s in range(4))
            if cards & four == four:
                found.append(roem_of(four))  # type: ignore[arg-type]
        return found

    def named_melds(self, hand: TalonHand) -> list[tuple[Seat, str, int]]:
        book = self.book(hand)
        named = [(s, roem_name(r), r.value) for t in book.booked.values() for s, r in t]
        return named + [(s, name, points) for s, _, name, points in book.mariages]

    # --- the last card ---------------------------------------------------------------

    def final_draw(self, hand: TalonHand, seat: Seat, c: Card | None) -> None:
        """ "Als de laatste gedekte kaart op stok ligt naast de gedraaide troef ..., moet
        de winnaar van de slag kiezen tussen de twee. De tegenspeler krijgt de andere
        kaart.\""""
        assert hand.turnup is not None or hand.hidden == 1
        if (c is not None and c == hand.turnup) or (c is None and hand.hidden == 0):
            # the face-up card, named or (when it is the only card left) unseen
            assert hand.turnup is not None
            hand.known[seat] |= bit(hand.turnup)
            hand.turnup = None
            return
        if hand.hidden == 0:
            assert hand.turnup is not None
            raise Refused(
                "illegal-event",
                f"seat {seat} must take the face-up {codes(bit(hand.turnup))[0]}, the "
                "last card left",
                seat,
            )
        self.draw_hidden(hand, seat, c)

    # --- roem ------------------------------------------------------------------------

    def on_weis(self, index: int, event: Event) -> None:
        """ "De leider van iedere slag mag combinaties van kaarten roemen ... De
        tegenspeler mag een declaratie van de leider 'afkeuren' wanneer hij een hogere
        roem op handen heeft".

        Roem may be said first ("alleen maar 'carré' ... of '3 op de vrouw'"; the log
        gives its value) and shown later: "Nadat de tegenspeler ook een kaart aan de
        slag heeft gespeeld, moet de declarant de kaarten behorende tot de roem laten
        zien"."""
        hand = self.playing_hand(event)
        mode = hand.mode
        assert mode is not None
        seat = self.seat_of(event)
        book = self.book(hand)
        said = self._said(hand, book, seat)
        if said is not None and "cards" in event:
            self._show(hand, book, index, seat, said, event["cards"])
            return
        number, leader = self.meld_trick(hand, seat)
        roem = self._declared(hand, seat, number, event)
        declared = book.declared.setdefault(number, [])
        if isinstance(roem, Combination):
            self._check_upward(book, seat, number, roem, mode)
        if seat == leader:
            if any(s != seat for s, _, _ in declared):
                raise Refused("illegal-event", "the leader declares before the other answers", seat)
        else:
            leaders = [r for s, r, _ in declared if s == leader]
            if not leaders:
                raise Refused(
                    "illegal-event",
                    f"seat {seat} declared roem in {hand.where(number)}, but only the leader "
                    "declares roem; the other only rejects it",
                    seat,
                )
            if any(s == seat for s, _, _ in declared):
                raise Refused("illegal-event", f"seat {seat} rejected this roem already", seat)
            if self._rejects(roem, leaders, mode) is False:
                best = max(leaders, key=lambda r: TABLE.bounds(r)[1])
                raise Refused(
                    "illegal-event",
                    f"seat {seat} rejected {roem_name(best)} with {roem_name(roem)}, which is "
                    "not higher",
                    seat,
                )
        declared.append((seat, roem, index))
        self._settle(hand, book, number)
        if isinstance(roem, Combination):
            self._book_claim(hand, book, index, seat, number, roem)

    def _declared(self, hand: TalonHand, seat: Seat, number: int, event: Event) -> Meld:
        """The roem of a ``weis``: shown by its ``cards``, or said by its ``points``."""
        if "cards" in event:
            roem = roem_of(self.declared_cards(hand, seat, number, event["cards"]))
            if roem is None:
                raise Refused(
                    "false-weis",
                    f"seat {seat} declared roem that is no carré or sequence of three or more",
                    seat,
                )
            return roem
        return self.said(hand, seat, number, event, TABLE, "roem")

    def _check_upward(
        self, book: RoemBook, seat: Seat, number: int, roem: Combination, mode: ModeTables
    ) -> None:
        """ "Je mag iedere roem maar één keer declareren. Je mag nooit een sequentie
        declareren die lager is dan een sequentie die je al hebt gedeclareerd in dezelfde
        bloem" and "niet meerdere sequenties in dezelfde bloem" at once."""
        now = [r for s, r, _ in book.declared.get(number, []) if s == seat]
        if any(r.cards == roem.cards for r in now + book.all_booked(seat)):
            raise Refused(
                "weis-not-upward", f"seat {seat} declared {roem_name(roem)} a second time", seat
            )
        if roem.kind != "sequence":
            return
        for earlier in now + book.all_booked(seat):
            if not isinstance(earlier, Combination) or earlier.kind != "sequence":
                continue
            if earlier.suit != roem.suit:
                continue
            if earlier in now:
                raise Refused(
                    "illegal-event", f"seat {seat} declared two sequences in one suit at once", seat
                )
            if not higher_roem(roem, earlier, mode, a_leads=False):
                raise Refused(
                    "weis-not-upward",
                    f"seat {seat} declared {roem_name(roem)}, lower than its "
                    f"{roem_name(earlier)} in that suit ('omhoog roemen')",
                    seat,
                )

    def _rejects(self, roem: Meld, leaders: list[Meld], mode: ModeTables) -> bool | None:
        """Whether ``roem`` is higher than every roem of the leader (``None`` while only
        the cards could tell)."""
        higher = [TABLE.outranks(roem, r, mode, False, higher_roem) for r in leaders]
        if False in higher:
            return False
        return True if all(higher) else None

    def _settle(self, hand: TalonHand, book: RoemBook, number: int) -> None:
        """Books the leader's roem, or the rejecting roem once it is known to be higher:
        "zijn roem telt in plaats van de roem van de tegenstander"."""
        mode = hand.mode
        assert mode is not None
        leader = self.trick_leader(hand, number)
        declared = book.declared.get(number, [])
        leaders = [(s, r) for s, r, _ in declared if s == leader]
        answers = [(s, r) for s, r, _ in declared if s != leader]
        rejected = bool(answers) and self._rejects(answers[0][1], [r for _, r in leaders], mode)
        book.booked[number] = answers if rejected else leaders
        self._rebook(hand)

    def _said(self, hand: TalonHand, book: RoemBook, seat: Seat) -> tuple[int, Said] | None:
        """A roem ``seat`` said and has still to show in the trick on the table."""
        for number in self.showing_tricks(hand):
            for s, r, _ in book.declared.get(number, []):
                if s == seat and isinstance(r, Said):
                    return number, r
        return None

    def _show(
        self,
        hand: TalonHand,
        book: RoemBook,
        index: int,
        seat: Seat,
        said: tuple[int, Said],
        values: object,
    ) -> None:
        """Shows said roem: the cards must make a roem of the value said."""
        mode = hand.mode
        assert mode is not None
        number, roem_said = said
        shown = self._declared(hand, seat, number, {"cards": values})
        assert isinstance(shown, Combination)
        declared = book.declared[number]
        match = next(
            (i for i, (s, r, _) in enumerate(declared) if s == seat and r == Said(shown.value)),
            None,
        )
        if match is None:
            raise Refused(
                "illegal-event",
                f"seat {seat} said roem of {roem_said.value} and shows {roem_name(shown)} "
                f"({shown.value})",
                seat,
            )
        self._check_upward(book, seat, number, shown, mode)
        declared[match] = (seat, shown, declared[match][2])
        leader = self.trick_leader(hand, number)
        answers = [(s, r, i) for s, r, i in declared if s != leader]
        leaders = [r for s, r, _ in declared if s == leader]
        if answers and self._rejects(answers[0][1], leaders, mode) is False:
            other, answer, at = answers[0]
            declared.remove(answers[0])
            self.flag(
                at,
                other,
                "illegal-event",
                f"seat {other} rejected the roem of seat {leader} with {roem_name(answer)}, "
                "which is not higher",
            )
        self._settle(hand, book, number)
        self._book_claim(hand, book, index, seat, number, shown)

    def _book_claim(
        self,
        hand: TalonHand,
        book: RoemBook,
        index: int,
        seat: Seat,
        number: int,
        roem: Combination,
    ) -> None:
        """A later card of the roem in the other hand proves it false."""

        def withdraw() -> None:
            book.declared[number] = [e for e in book.declared[number] if e[1] is not roem]
            self._settle(hand, book, number)

        self.claimed(hand, seat, roem.cards, index, "false-weis", roem_name(roem), withdraw)

    def _rebook(self, hand: TalonHand) -> None:
        book = self.book(hand)
        booked = [(s, r) for trick in book.booked.values() for s, r in trick]
        hand.melds = [sum(r.value for s, r in booked if s == seat) for seat in (0, 1)]

    # --- mariages --------------------------------------------------------------------

    def on_stoeck(self, index: int, event: Event) -> None:
        """Mariages "waarvoor je niet aan slag hoeft te zijn (altijd te declareren
        wanneer je een kaart aan de slag speelt), en die ook niet kunnen worden
        afgekeurd"; without ``cards`` the event is stuk."""
        hand = self.playing_hand(event)
        assert hand.trump is not None
        seat = self.seat_of(event)
        in_play = self.trick_in_play(hand)
        number = in_play.number if in_play else hand.finished_tricks
        stuk = codes(king_and_queen(hand.trump))
        values = event.get("cards", stuk)
        mask = self.declared_cards(hand, seat, number, values, rule="false-stoeck")
        mariage = mariage_of(mask, hand.trump)
        if mariage is None:
            raise Refused(
                "false-stoeck",
                f"seat {seat} declared {'-'.join(codes(mask))}: no stuk, dubbel or brok",
                seat,
            )
        book = self.book(hand)
        if any(m[0] == seat and m[1] == mask for m in book.mariages):
            raise Refused(
                "illegal-event",
                f"seat {seat} declared {mariage[0]} {'-'.join(codes(mask))} already",
                seat,
            )
        entry = (seat, mask, *mariage)
        book.mariages.append(entry)
        self.book_stoeck(
            hand, seat, mask, index, mariage[0], mariage[1], lambda: book.mariages.remove(entry)
        )

    # --- the end of the game -----------------------------------------------------------

    def on_bedanken(self, index: int, event: Event) -> None:
        """'Uit': at 480 or more with stuk declared in this hand, a player wins at once."""
        seat = self.seat_of(event)
        hand = self.playing_hand(event)
        stuk = any(s == seat and name == "stuk" for s, _, name, _ in self.book(hand).mariages)
        total = self.totals()[seat]
        if not stuk or total < UIT:
            why = (
                f"seat {seat} called 'Uit' with {total} points"
                + ("" if stuk else " and no stuk declared in this hand")
                + f"; 'Uit' needs {UIT} or more and stuk"
            )
            if self.rules.false_uit == "refused":
                raise Refused("illegal-event", why, seat)
            self.claim = Claim(seat, index, "lost", "uit")
            self.flag(index, seat, "false-claim", why + " (house rule false_uit=loses)")
            self._end(1 - seat, self.totals())
            return
        self.claim = Claim(seat, index, "won", "uit")
        self._end(seat, self.totals())

    def after_hand(self, hand: TalonHand) -> None:
        """ "de eerste die 500 bereikt wint een ronde. Als beide spelers boven de 500 uit
        komen na een hand, dan wint degene met de hoogste score. Bij gelijkspel moet de
        hand opnieuw worden gespeeld.\""""
        totals = self.totals()
        target = self.rules.target
        if max(totals) < target:
            return
        if totals[0] == totals[1]:
            self.void.add(hand.index)
            return
        self._end(0 if totals[0] > totals[1] else 1, totals)

    def score(self, hand: TalonHand) -> HandScore:
        score = super().score(hand)
        if hand.index in self.void:
            score.scored, score.void = [0, 0], True
        return score

    def _end(self, winner: Seat, totals: list[int]) -> None:
        self.over, self.winner = True, winner
        self.onder_jan = totals[1 - winner] < ONDER_JAN

    def verdict(self) -> Verdict:
        verdict = super().verdict()
        verdict.claim, verdict.schneider = self.claim, self.onder_jan
        return verdict
