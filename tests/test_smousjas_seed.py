"""Black-box scenario tests of the Smousjas referee against the rule text (seed 001).

Every expected number below was worked out from the seed
(/work/shared/seeds/001_88886ab7a674fa7a.txt, Dutch) and the documented log
(docs/game-log.md, "Events (Schmaus and the other talon games)", "Smousjas (seed 001)"
and "Verdict"), never from the implementation.  Each test quotes the seed sentence it
checks.

Conventions (documented product decisions, not rules under test): seats 0 and 1; line 0
is the ``game`` header; with dealer 1, seat 0 leads trick 1; after each phase-1 trick
the winner draws first; after trick 8 the winner chooses and its ``draw`` names the
card it took (the turned card, or the last face-down one / ``null``), the other gets
the other card; roem is a ``weis`` event with ``cards``, a mariage a ``stoeck`` event
(with ``cards``; without them it means stuk); "Uit" is ``bedanken``; a tie over 500
voids the hand; a hand cut short counts the tricks taken so far.

The ``Smousjas`` builder below referees the tricks itself, from the seed's ranking, so
that a test scripts only the cards and events that matter.  No test overrides the
target: every end-of-game test reaches the seed's 500 with real hands and roem.
"""

from __future__ import annotations

import pytest

from conftest import viol
from talon_events import (
    TalonBuilder,
    TalonOracle,
    bedanken,
    draw,
    play,
    rank,
    rob,
    said,
    suit,
    weis,
)

# "Het enige wat je nodig hebt is een piketspel (7-8-9-10-B-V-H-A in iedere bloem)"
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")

# "De slagwaarde van de kaarten is van hoog naar laag; A-H-V-B-10-9-8-7, behalve in de
# troefkleur, waar de slag volgorde geldt; B-9-A-H-V-10-8-7."
SIDE_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7")
TRUMP_ORDER = ("J", "9", "A", "K", "Q", "10", "8", "7")
# "Jas (20) - Nel (14) - A (11) - H (4) - V (3) - overige B (2) - 10 (10)."
SIDE_VALUE = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}
TRUMP_VALUE = {**SIDE_VALUE, "J": 20, "9": 14}
LAST_TRICK = 10  # "De winnaar van de laatste slag krijgt 10 punten."

JACKS = ["HJ", "DJ", "SJ", "CJ"]  # carré boeren, 200
NINES = ["H9", "D9", "S9", "C9"]  # carré negens, 140


def legal_follows(held: set[str], led: str, trump: str) -> set[str]:
    """Phase 2: the cards the second player may play to ``led``.

    "Het is nu verplicht om de gevraagde kleur te bedienen. Als je dit niet kunt, moet
    je troeven. Als de leider troef vraagt, ben je verplicht een hogere troef te spelen
    als je dat kunt, anders een lagere troef. Kun je niet bedienen of troeven, gooi dan
    een kaart naar keuze op."  No exception for the trump jack."""
    same = {c for c in held if suit(c) == suit(led)}
    if suit(led) == trump:
        higher = {c for c in same if TRUMP_ORDER.index(rank(c)) < TRUMP_ORDER.index(rank(led))}
        return higher or same or set(held)
    if same:
        return same
    trumps = {c for c in held if suit(c) == trump}
    return trumps or set(held)


# The trick: "waarvan de hoogste troef de kaarten wint, of anders de hoogste kaart in de
# gevraagde kleur".  The deal: "daarna deelt hij 8 kaarten uit aan iedere speler ... De
# rest vormt een Stok ... De eerste kaart hiervan wordt omgedraaid en bepaalt de
# troefkleur".  The draws: "De winnaar van iedere slag trekt als eerste een kaart van de
# Stok".  Robbing: "mag degene die de Troef 7 heeft deze omwisselen voor de gedraaide
# kaart".
ORACLE = TalonOracle(
    ranks=RANKS,
    side_order=SIDE_ORDER,
    trump_order=TRUMP_ORDER,
    side_value=SIDE_VALUE,
    trump_value=TRUMP_VALUE,
    hand_size=8,
    phase1_tricks=8,
    robber="7",
    last_trick=LAST_TRICK,
    follows=legal_follows,
)
DECK = ORACLE.deck
value = ORACLE.value
trick_winner = ORACLE.trick_winner
strength = ORACLE.strength
fill_deal = ORACLE.fill_deal


# ---------------------------------------------------------------------------
# event builders
# ---------------------------------------------------------------------------


def stoeck(seat: int, cards: list[str] | None = None) -> dict:
    ev: dict = {"event": "stoeck", "seat": seat}
    if cards is not None:
        ev["cards"] = list(cards)
    return ev


# ---------------------------------------------------------------------------
# the builder
# ---------------------------------------------------------------------------


class Smousjas(TalonBuilder):
    """Builds a Smousjas log hand by hand and keeps its own card points by the seed.
    In the camera case the turned card, lying open, is named when drawn."""

    oracle = ORACLE
    variant = "smousjas"

    def deal(self, *args: object, **kwargs: object) -> Smousjas:
        super().deal(*args, **kwargs)
        self.named: int | None = None  # the seat whose draw must name the turned card
        self.take_turnup = False
        return self

    def trick(self, lead: str, follow: str, *, take_turnup: bool = False, **kw: object) -> int:
        """One trick (see :meth:`TalonBuilder.trick`); after trick 8 the winner takes the
        turned card when ``take_turnup``, else the face-down one."""
        self.take_turnup = take_turnup
        return super().trick(lead, follow, **kw)

    def last_draws(self, win: int, last: str) -> list[tuple[int, str]]:
        """The winner chooses: "moet de winnaar van de slag kiezen tussen de twee. De
        tegenspeler krijgt de andere kaart." """
        if self.take_turnup:
            self.named = win
            return [(win, self.turnup), (1 - win, last)]
        return [(win, last), (1 - win, self.turnup)]

    def shown(self, seat: int, card: str, unseen: bool) -> bool:
        """A draw names its card when the cards are known or, in the camera case, for
        the turned card (always when the winner chose it), unless ``unseen``."""
        shown = (self.known or card == self.turnup) and not unseen
        return shown or (seat == self.named and card == self.turnup)


def fodder_deal(
    keep0: list[str],
    keep1: list[str],
    turnup: str,
    *,
    last: str | None = None,
    dealer: int = 1,
    winners: list[int] | None = None,
) -> dict:
    """A deal in which both seats keep 7 cards through phase 1 and play their one other
    card ("junk": the dealt one, then the one just drawn) every trick; trick t is won by
    ``winners[t]`` (default: the forehand wins all eight).  Phase 2 then starts with 7
    kept cards each plus the last face-down card ``last`` / the turned card.  The search
    is by role (winner / loser), so swapping the seats mirrors the whole deal.  Kept
    lists shorter than 7 are filled from the deck.  Returns ``Smousjas.deal`` kwargs."""
    trump = suit(turnup)
    forehand = 1 - dealer
    wins = list(winners) if winners else [forehand] * 8
    assert len(wins) == 8
    keeps, used, last = ORACLE.fodder_keeps(keep0, keep1, turnup, last)
    pool = sorted((c for c in DECK if c not in used), key=lambda c: strength(c, trump))
    pool.reverse()  # strongest first
    assert len(pool) == 16

    order: list[tuple[str, str]] = []

    def search(t: int, left: list[str]) -> bool:
        if t == 8:
            return True
        leader = forehand if t == 0 else wins[t - 1]
        w = wins[t]
        for cw in left:
            for cl in reversed(left):
                if cl == cw:
                    continue
                lead, follow = (cw, cl) if leader == w else (cl, cw)
                if trick_winner(lead, follow, trump) != (0 if leader == w else 1):
                    continue
                pair = [cw, cw]
                pair[1 - w] = cl
                order.append((pair[0], pair[1]))
                if search(t + 1, [c for c in left if c not in (cw, cl)]):
                    return True
                order.pop()
        return False

    assert search(0, pool), "no fodder order found"
    return ORACLE.fodder_deal_of(keeps, order, wins, last, turnup, dealer)


def at_phase2(
    keep0: list[str],
    keep1: list[str],
    turnup: str,
    *,
    last: str | None = None,
    known: bool = True,
    take_turnup: bool = False,
) -> Smousjas:
    """A hand played through phase 1 with junk cards, seat 0 winning every trick: seat 0
    then holds ``keep0`` + ``last`` (or the turned card when ``take_turnup``), seat 1
    ``keep1`` + the other card, and seat 0 leads trick 9."""
    b = Smousjas(known=known).deal(**fodder_deal(keep0, keep1, turnup, last=last))
    b.fodder(7)
    b.fodder(1, take_turnup=take_turnup)
    assert b.winners == [0] * 8
    return b


def meld_hand(keep0: list[str], keep1: list[str], turnup: str = "C8", **kw: object) -> Smousjas:
    return Smousjas().deal(**fodder_deal(keep0, keep1, turnup, **kw))


def scores(v: dict, hand: int = 0) -> tuple:
    h = v["hands"][hand]
    return h["weis"], h["stoeck"]


# ---------------------------------------------------------------------------
# 1. card points, trick winning, 162
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "follow", "winner", "points"),
    [
        ("HJ", "H10", 0, 12),  # side suit: the boer is above the 10, which is worth 10
        ("H10", "HJ", 1, 12),
        ("H10", "H9", 0, 10),
        ("HQ", "HJ", 0, 5),
        ("HA", "HK", 0, 15),
        ("H7", "DA", 0, 11),  # another suit never wins
        ("HA", "S7", 1, 11),  # the lowest trump wins a side-suit trick
        ("S9", "SJ", 1, 34),  # Jas 20 over Nel 14
        ("SA", "S9", 1, 25),  # Nel over the ace
        ("S10", "SQ", 1, 13),  # trump: vrouw over 10
        ("S10", "S7", 0, 10),
        ("S7", "HA", 0, 11),  # trump led: a side card cannot win
    ],
)
def test_card_points_and_trick_winner(lead, follow, winner, points):
    """Seed: 'De slagwaarde van de kaarten is van hoog naar laag; A-H-V-B-10-9-8-7,
    behalve in de troefkleur, waar de slag volgorde geldt; B-9-A-H-V-10-8-7. ... Jas
    (20) - Nel (14) - A (11) - H (4) - V (3) - overige B (2) - 10 (10). Let op
    Klaverjassers, de 10 verschijnt hier dus in zijn oude rangorde onder de hofkaarten,
    maar is wel gewoon 10 punten waard!'  Trump spades (turned S8); one trick."""
    hands, talon = fill_deal([lead], [follow], "S8")
    b = Smousjas().deal(hands, "S8", talon)
    assert b.trick(lead, follow) == winner
    v = b.verdict()
    expected = [0, 0]
    expected[winner] = points
    assert v["hands"][0]["points"] == expected
    assert v["hands"][0]["tricks"] == 1
    assert v["violations"] == []


def test_trick_winner_draws_first_and_leads():
    """Seed: 'De winnaar van iedere slag trekt als eerste een kaart van de Stok zonder te
    laten zien en neemt deze op handen, waarna de andere speler hetzelfde doet. Winnaar
    van een slag wordt leider van de volgende slag.'  Seat 1 trumps HA in trick 1,
    draws first and leads trick 2."""
    hands, talon = fill_deal(["HA"], ["S7", "D7"], "S8")
    b = Smousjas().deal(hands, "S8", talon)
    assert b.trick("HA", "S7") == 1
    assert b.events[-2:] == [draw(1, talon[0]), draw(0, talon[1])]
    b.trick("D7", b.choose(0, "D7"))
    assert b.events[b.line(event="play", card="D7")]["seat"] == 1
    v = b.verdict()
    assert v["violations"] == []


@pytest.mark.parametrize("turnup", ["C8", "HJ", "S7"])
def test_full_hand_totals_162_with_last_trick_ten(turnup):
    """Seed: 'Tel de punten op de kaarten in gewonnen slagen ... en 10 punten voor de
    laatste slag bij elkaar op.' and 'De winnaar van de laatste slag krijgt 10 punten.'
    (152 card points + 10 = 162).  A whole hand of 16 tricks with default legal plays;
    the builder referees every trick by the seed."""
    hands, talon = fill_deal([], [], turnup)
    b = Smousjas().deal(hands, turnup, talon)
    b.play_out()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["complete"] is True
    assert h["tricks"] == 16
    assert sum(h["points"]) == 162
    assert h["points"] == b.points
    assert h["scored"] == b.points
    assert v["totals"] == b.points
    assert v["winner"] is None


def test_last_trick_ten_goes_to_its_winner():
    """Seed: 'De winnaar van de laatste slag krijgt 10 punten.'  Seat 1 keeps DA and
    takes trick 16 (DK 4 + DA 11 + 10)."""
    keep0 = ["CJ", "C9", "CA", "CK", "C10", "C8", "C7"]
    keep1 = ["DA", "H8", "H9", "H10", "S7", "S8", "S9"]
    b = at_phase2(keep0, keep1, "CQ", last="DK")
    for card in keep0:
        follow = min(legal_follows(b.held[1], card, "C") - {"DA"}, key=DECK.index)
        assert b.trick(card, follow) == 0
    assert b.held[0] == {"DK"} and b.held[1] == {"DA"}
    b.trick("DK", "DA")
    v = b.verdict()
    assert v["violations"] == []
    assert b.winners[-1] == 1
    assert v["hands"][0]["points"] == b.points == [162 - 25, 25]
    assert sum(b.points) == 162


# ---------------------------------------------------------------------------
# 2. phase 1: no duty; phase 2 duties
# ---------------------------------------------------------------------------


def test_phase_one_no_duty_to_follow_or_trump():
    """Seed: 'In het eerste deel hoeft men niet de gevraagde bloem te bedienen, ook al
    wordt een slag wel gewoon gewonnen door de slagregels'.  Seat 1 holds hearts and
    trumps but discards a diamond on a heart lead, then a heart under a trump lead
    while holding the higher C9."""
    hands, talon = fill_deal(["HK", "CA"], ["HA", "H8", "D7", "C9", "H7"], "C8")
    b = Smousjas().deal(hands, "C8", talon)
    assert b.trick("HK", "D7") == 0
    assert b.trick("CA", "H8") == 0
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == [4 + 11, 0]


# phase 2, trump clubs: seat 0 leads trick 9 with these + C10 (the last face-down card)
P2_KEEP0 = ["HK", "H9", "DA", "DK", "SA", "SK", "CA"]
P2_KEEP1 = ["HA", "H8", "D7", "D8", "S7", "S8", "S9"]  # + the turned C8
VOID_H = ["D7", "D8", "D9", "S7", "S8", "S9", "S10"]  # no hearts, + the turned C8


def test_phase_two_must_follow_suit():
    """Seed: 'Het is nu verplicht om de gevraagde kleur te bedienen.'  Seat 1 holds HA
    and H8 but plays D7 on HK in trick 9."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "C8", last="C10")
    b.trick("HK", "D7", legal=False)
    v = b.verdict()
    assert viol(v) == [("follow-suit", b.line(event="play", card="D7"), 1)]


def test_phase_two_trumping_instead_of_following_is_follow_suit():
    """Seed: 'Het is nu verplicht om de gevraagde kleur te bedienen. Als je dit niet
    kunt, moet je troeven.' -- trumping is only for a player who cannot follow."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "C8", last="C10")
    b.trick("HK", "C8", legal=False)
    v = b.verdict()
    assert viol(v) == [("follow-suit", b.line(event="play", card="C8"), 1)]


def test_phase_two_following_low_is_fine_and_the_hand_plays_out():
    """Seed: 'Het is nu verplicht om de gevraagde kleur te bedienen.' -- no duty to go
    higher in a side suit: seat 1 gives H8 under HK while holding HA."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "C8", last="C10")
    assert b.trick("HK", "H8") == 0
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points
    assert sum(b.points) == 162


def test_phase_two_must_trump_when_void():
    """Seed: 'Als je dit niet kunt, moet je troeven.'  Seat 1 has no hearts and holds
    the turned C8, but discards D7 on HK."""
    b = at_phase2(P2_KEEP0, VOID_H, "C8", last="C10")
    b.trick("HK", "D7", legal=False)
    v = b.verdict()
    assert viol(v) == [("must-trump", b.line(event="play", card="D7"), 1)]


def test_phase_two_void_may_trump_low():
    """Seed: 'Als je dit niet kunt, moet je troeven.' -- any trump will do on a side
    lead: seat 1 (no hearts, trumps C8 and C7) trumps HK with C7."""
    keep1 = ["C7", "D7", "D8", "D9", "S7", "S8", "S9"]
    b = at_phase2(P2_KEEP0, keep1, "C8", last="C10")
    assert b.trick("HK", "C7") == 1
    v = b.verdict()
    assert v["violations"] == []


def test_phase_two_void_of_suit_and_trump_plays_anything():
    """Seed: 'Kun je niet bedienen of troeven, gooi dan een kaart naar keuze op.'  Seat
    1's only trump (C8) goes on the CA lead; then it has no hearts and no trump and
    throws S7 on HK."""
    b = at_phase2(P2_KEEP0, VOID_H, "C8", last="C10")
    assert b.trick("CA", "C8") == 0
    assert b.trick("HK", "S7") == 0
    v = b.verdict()
    assert v["violations"] == []


@pytest.mark.parametrize(
    ("keep1", "lead", "follow", "legal"),
    [
        (["C9", "C7", "D7", "D8", "S7", "S8", "S9"], "CA", "C7", False),  # holds C9 > CA
        (["C9", "C7", "D7", "D8", "S7", "S8", "S9"], "CA", "C9", True),
        (["CJ", "C7", "D7", "D8", "S7", "S8", "S9"], "CA", "C7", False),  # no jack exception
        (["CJ", "CK", "D7", "D8", "S7", "S8", "S9"], "C10", "CK", True),  # any higher trump
        (["CJ", "CK", "D7", "D8", "S7", "S8", "S9"], "C10", "C8", False),  # C8 < C10
    ],
)
def test_phase_two_trump_lead_must_overtrump(keep1, lead, follow, legal):
    """Seed: 'Als de leider troef vraagt, ben je verplicht een hogere troef te spelen als
    je dat kunt, anders een lagere troef.'  Seat 1 also holds the turned C8.  With no
    exception for the Jas in this text, CJ must go over CA when it is the only higher
    trump."""
    keep0 = [c for c in P2_KEEP0 if c != "CA"] + [lead]
    b = at_phase2(keep0, keep1, "C8", last="H10")
    b.trick(lead, follow, legal=legal)
    v = b.verdict()
    if legal:
        assert v["violations"] == []
    else:
        assert viol(v) == [("must-overtrump", b.line(event="play", card=follow), 1)]


def test_phase_two_trump_lead_lower_trump_when_none_higher():
    """Seed: '... ben je verplicht een hogere troef te spelen als je dat kunt, anders
    een lagere troef.'  Seat 1 holds only C7 and C8 under CA: C7 is fine."""
    keep1 = ["C7", "D7", "D8", "D9", "S7", "S8", "S9"]
    b = at_phase2(P2_KEEP0, keep1, "C8", last="C10")
    assert b.trick("CA", "C7") == 0
    v = b.verdict()
    assert v["violations"] == []


def test_phase_two_trump_lead_jack_only_must_follow():
    """Seed: 'Als de leider troef vraagt, ben je verplicht een hogere troef te spelen als
    je dat kunt' -- no exception for the Jas.  Seat 0 took the turned C8 after trick 8;
    seat 1's only trump is CJ and it throws D7 on the CA lead."""
    keep1 = ["CJ", "D7", "D8", "S7", "S8", "S9", "S10"]
    b = at_phase2(P2_KEEP0, keep1, "C8", last="H10", take_turnup=True)
    assert b.held[1] == {*keep1, "H10"}
    b.trick("CA", "D7", legal=False)
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [
        (b.line(event="play", card="D7"), 1)
    ]
    assert v["violations"][0]["rule"] in ("follow-suit", "must-overtrump")


def test_phase_two_side_lead_void_with_only_the_jack_must_trump():
    """Seed: 'Als je dit niet kunt, moet je troeven.' -- no exception for the Jas.  Seat
    1 has no spades, its only trump is CJ, and it throws D7 on SA."""
    keep1 = ["CJ", "D7", "D8", "D9", "D10", "H7", "H8"]
    b = at_phase2(P2_KEEP0, keep1, "C8", last="H10", take_turnup=True)
    b.trick("SA", "D7", legal=False)
    v = b.verdict()
    assert viol(v) == [("must-trump", b.line(event="play", card="D7"), 1)]


# ---------------------------------------------------------------------------
# 3. the trump 7 and the last card
# ---------------------------------------------------------------------------

ROB_KEEP0 = ["S7", "HA", "HK", "DA", "DK", "CA", "CK"]


def test_rob_with_trump_seven_while_the_card_lies_open():
    """Seed: 'Zolang deze kaart open ligt, mag degene die de Troef 7 heeft deze
    omwisselen voor de gedraaide kaart.'  Seat 0 swaps S7 for the turned SA after
    trick 1, and leads SA in trick 9; after trick 8 seat 1 gets the S7 and plays it."""
    b = Smousjas().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(1)
    at = b.rob(0)
    assert "SA" in b.held[0] and b.turnup == "S7"
    b.fodder(7)
    assert b.tricks == 8 and b.events[-1] == draw(1, "S7")
    assert b.trick("SA", "S7") == 0
    b.play_out()
    v = b.verdict()
    assert b.events[at] == rob(0, "S7")
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points
    assert sum(b.points) == 162


def test_rob_before_the_first_trick():
    """Seed: 'Zolang deze kaart open ligt, mag degene die de Troef 7 heeft deze
    omwisselen'.  Seat 0 swaps right after the turn-up, before trick 1."""
    b = Smousjas().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.rob(0)
    b.fodder(8)
    assert b.events[-1] == draw(1, "S7")
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert sum(v["hands"][0]["points"]) == 162


@pytest.mark.parametrize("take_turnup", [False, True])
def test_rob_after_trick_eight_before_the_choice(take_turnup):
    """Seed: 'Zolang deze kaart open ligt' and 'Als de laatste gedekte kaart op stok ligt
    naast de gedraaide troef of verwisselde troef 7, moet de winnaar van de slag kiezen
    tussen de twee.'  Trick 8 is over and the SA still lies open: seat 0 swaps it for
    S7, then chooses between the last face-down card and the S7."""
    b = Smousjas().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(7)
    b.fodder(1, draws=False, take_turnup=take_turnup)
    b.rob(0)
    b.do_draws()
    if take_turnup:
        assert b.events[-2] == draw(0, "S7")
    else:
        assert b.events[-1] == draw(1, "S7")
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert sum(v["hands"][0]["points"]) == 162


def test_rob_after_the_turned_card_was_taken_is_refused():
    """Seed: 'Zolang deze kaart open ligt' -- once seat 1 has taken the SA after trick
    8 it lies open no more: seat 0's swap is refused and changes nothing."""
    b = Smousjas().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(8)
    assert "SA" in b.held[1]
    bad = b.add(rob(0, "S7"))
    b.play_out()
    v = b.verdict()
    assert viol(v) == [("illegal-event", bad, 0)]
    assert sum(v["hands"][0]["points"]) == 162


def test_rob_with_another_card_is_refused():
    """Seed: 'mag degene die de Troef 7 heeft deze omwisselen' -- only the trump 7.  Seat
    0 offers CA: refused, and the SA still goes to seat 1 after trick 8."""
    b = Smousjas().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(1)
    bad = b.add(rob(0, "CA"))
    b.fodder(7)
    assert b.events[-1] == draw(1, "SA")
    b.play_out()
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 0)]
    assert v["violations"][0]["rule"] == "illegal-event"
    assert sum(v["hands"][0]["points"]) == 162


def test_rob_by_a_seat_without_the_seven_is_refused():
    """Seed: 'mag degene die de Troef 7 heeft'.  The deal gave S7 to seat 0; seat 1
    tries the swap: refused."""
    b = Smousjas().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(1)
    bad = b.add(rob(1, "S7"))
    b.fodder(7)
    assert b.events[-1] == draw(1, "SA")
    b.play_out()
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 1)]
    assert sum(v["hands"][0]["points"]) == 162


CHOICE_KEEP0 = ["CJ", "C9", "CA", "CK", "C10", "H7", "H8"]
CHOICE_KEEP1 = ["HA", "H9", "D7", "D8", "S7", "S8", "S9"]


def test_winner_takes_the_last_face_down_card():
    """Seed: 'Als de laatste gedekte kaart op stok ligt naast de gedraaide troef ...
    moet de winnaar van de slag kiezen tussen de twee. De tegenspeler krijgt de andere
    kaart.'  Seat 0 wins trick 8 and takes the face-down DA; seat 1 gets the turned
    CQ and plays it."""
    b = at_phase2(CHOICE_KEEP0, CHOICE_KEEP1, "CQ", last="DA")
    assert b.events[-2:] == [draw(0, "DA"), draw(1, "CQ")]
    assert b.trick("CJ", "CQ") == 0
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points
    assert sum(b.points) == 162


def test_winner_takes_the_turned_card():
    """Seed: '... moet de winnaar van de slag kiezen tussen de twee. De tegenspeler
    krijgt de andere kaart.'  Seat 0 wins trick 8 and names the turned CQ; seat 1 gets
    the face-down DA.  Seat 0 plays CQ, seat 1 plays DA."""
    b = at_phase2(CHOICE_KEEP0, CHOICE_KEEP1, "CQ", last="DA", take_turnup=True)
    assert b.events[-2:] == [draw(0, "CQ"), draw(1, "DA")]
    assert b.trick("CQ", b.choose(1, "CQ")) == 0
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert "DA" in [e.get("card") for e in b.events if e.get("seat") == 1 and e["event"] == "play"]
    assert v["hands"][0]["points"] == b.points
    assert sum(b.points) == 162


def test_winner_choice_of_the_face_down_card_may_be_unseen():
    """The log: the winner's draw names the turned card 'or another card / null (it took
    the face-down one)'.  Seat 0's draw is null; seat 1 takes the CQ."""
    b = Smousjas().deal(**fodder_deal(CHOICE_KEEP0, CHOICE_KEEP1, "CQ", last="DA"))
    b.fodder(7)
    b.fodder(1, draws=False)
    b.do_draws(1, unseen=True)
    b.do_draws()
    assert b.events[-2:] == [draw(0, None), draw(1, "CQ")]
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert sum(v["hands"][0]["points"]) == 162


def test_other_players_draw_of_the_turned_card_may_be_unseen():
    """Seed: 'De tegenspeler krijgt de andere kaart.'  The log: the face-up card's draw
    'may give that card or null'.  Seat 0 takes the face-down DA; seat 1's draw of the
    turned CQ is null: nothing to flag, the hand plays out."""
    b = Smousjas().deal(**fodder_deal(CHOICE_KEEP0, CHOICE_KEEP1, "CQ", last="DA"))
    b.fodder(7)
    b.fodder(1, draws=False)
    b.do_draws(1)
    b.do_draws(unseen=True)
    assert b.events[-2:] == [draw(0, "DA"), draw(1, None)]
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points
    assert sum(b.points) == 162


def test_camera_both_last_draws_unseen():
    """Seed: 'moet de winnaar van de slag kiezen tussen de twee. De tegenspeler krijgt
    de andere kaart.'  Camera case: after trick 8 both draws are null (the winner took
    the face-down card, so the other has the turned one): the hand plays out clean."""
    b = Smousjas(known=False).deal(**fodder_deal(CHOICE_KEEP0, CHOICE_KEEP1, "CQ", last="DA"))
    b.fodder(7)
    b.fodder(1, draws=False)
    b.do_draws(unseen=True)
    assert b.events[-2:] == [draw(0, None), draw(1, None)]
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points
    assert sum(b.points) == 162


def test_other_cannot_take_the_card_the_winner_chose():
    """Seed: 'De tegenspeler krijgt de andere kaart.'  Seat 0 took the turned CQ; seat
    1 then names the CQ as well: refused, then it takes the face-down card."""
    b = Smousjas().deal(**fodder_deal(CHOICE_KEEP0, CHOICE_KEEP1, "CQ", last="DA"))
    b.fodder(7)
    b.fodder(1, draws=False, take_turnup=True)
    b.do_draws(1)
    bad = b.add(draw(1, "CQ"))
    b.do_draws()
    b.play_out()
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 1)]
    assert v["violations"][0]["rule"] in ("illegal-event", "out-of-turn", "duplicate-card")
    assert sum(v["hands"][0]["points"]) == 162


# ---------------------------------------------------------------------------
# 4. roem
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (JACKS, 200),  # "Carré boeren; 200 punten"
        (NINES, 140),  # "Carré negens; 140 punten"
        (["HA", "DA", "SA", "CA"], 100),  # "Carré van andere kaarten; 100 punten"
        (["H10", "D10", "S10", "C10"], 100),
        (["H7", "D7", "S7", "C7"], 100),
        (["HA", "HK", "HQ", "HJ", "H10"], 120),  # five to the ace
        (["HK", "HQ", "HJ", "H10", "H9"], 100),  # five
        (["HK", "HQ", "HJ", "H10", "H9", "H8"], 100),  # "5 of meer"
        (["HQ", "HJ", "H10", "H9", "H8", "H7"], 100),
        (["HJ", "H10", "H9", "H8"], 50),  # four: J 10 9 8 run on in this order
        (["DA", "DK", "DQ", "DJ"], 50),  # a trump sequence in A K Q J order
        (["HQ", "HJ", "H10"], 20),  # "3 op de vrouw"
        (["D10", "D9", "D8"], 20),
    ],
)
def test_roem_values(cards, points):
    """Seed: 'Carré boeren; 200 punten / Carré negens; 140 punten / Carré van andere
    kaarten; 100 punten / Sequentie van 5 opéénvolgende kaarten in dezelfde bloem, met
    als hoogste Aas; 120 punten / Sequentie van 5 of meer kaarten opéénvolgend in
    dezelfde bloem; 100 punten / Sequentie van 4 ...; 50 punten / Sequentie van 3 ...;
    20 punten' and 'Voor sequenties geldt altijd de volgorde A-H-V-B-10-9-8-7, dus ook in
    de troefkleur.'  The turned card is the first of D8, S8, H8 outside the roem.  Seat
    0 leads trick 1 and declares; the whole hand is played out."""
    turnup = next(c for c in ("D8", "S8", "H8") if c not in cards)
    b = meld_hand(cards, [], turnup)
    b.fodder(1, lead_extra=[weis(0, cards)])
    b.fodder(7)
    b.play_out()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["weis"] == [points, 0]
    assert h["stoeck"] == [0, 0]
    assert h["points"] == b.points
    assert h["scored"] == [b.points[0] + points, b.points[1]]
    assert v["totals"] == h["scored"]


@pytest.mark.parametrize(
    "cards",
    [
        ["HA", "HK", "HJ"],  # a gap
        ["CJ", "C9", "CA"],  # trump ranking order is not the sequence order
        ["HQ", "HJ", "H10", "D9"],  # mixed suits
        ["HK", "DK", "SK"],  # three of a kind
    ],
)
def test_not_a_roem_is_false_weis(cards):
    """Seed: 'Er zijn twee soorten combinaties, carrés en sequenties.' and 'Voor
    sequenties geldt altijd de volgorde A-H-V-B-10-9-8-7, dus ook in de troefkleur.'
    (so CJ-C9-CA in trump clubs is no sequence)."""
    b = meld_hand(cards, [], "C8")
    b.fodder(1, lead_extra=[weis(0, cards)])
    bad = b.line(event="weis", seat=0)
    v = b.verdict()
    assert viol(v) == [("false-weis", bad, 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_roem_melds_are_named():
    """Seed: 'alleen maar 'carré' voor iedere willekeurige carré, of '3 op de vrouw'
    voor bijvoorbeeld een sequentie van 3 waarvan de vrouw de hoogste kaart is.'  The log
    names them "carré boer" and "3 op de vrouw"."""
    b = meld_hand([*JACKS, "HQ", "H10"], [], "C8")
    b.fodder(1, lead_extra=[weis(0, JACKS)])
    b.fodder(1, lead_extra=[weis(0, ["HQ", "HJ", "H10"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [220, 0]
    melds = v["hands"][0]["melds"]
    assert {"seat": 0, "meld": "carré boer", "points": 200} in melds
    assert {"seat": 0, "meld": "3 op de vrouw", "points": 20} in melds


def test_roem_with_the_led_card():
    """Seed: 'Het roemen gebeurt bij het uitspelen van een kaart aan de slag, waarbij de
    de uitgespeelde kaart vrijelijk onderdeel mag zijn van de gedeclareerde roem.'  Seat
    0 leads HQ and declares HQ-HJ-H10."""
    hands, talon = fill_deal(["HQ", "HJ", "H10"], ["D7"], "C8")
    b = Smousjas().deal(hands, "C8", talon)
    assert b.trick("HQ", "D7", lead_extra=[weis(0, ["HQ", "HJ", "H10"])]) == 0
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 0]


def test_roem_with_a_card_just_drawn():
    """Seed: 'De winnaar van iedere slag trekt als eerste een kaart van de Stok ... en
    neemt deze op handen' -- a drawn card is in the hand.  Seat 0 draws H10 after trick
    1 and declares HQ-HJ-H10 leading trick 2."""
    hands, talon = fill_deal(
        ["HQ", "HJ", "HA", "D8", "D9", "D10", "S7", "S8"],
        ["D7", "S9", "S10", "SJ", "SQ", "SK", "SA", "DJ"],
        "C8",
    )
    talon.remove("H10")
    talon.insert(0, "H10")
    b = Smousjas().deal(hands, "C8", talon)
    assert b.trick("HA", "D7") == 0
    assert "H10" in b.held[0]
    b.trick("HQ", b.choose(1, "HQ"), lead_extra=[weis(0, ["HQ", "HJ", "H10"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 0]


def test_roem_with_a_card_already_played_is_false():
    """Seed: 'moet de declarant de kaarten behorende tot de roem laten zien' -- they
    must be in the hand.  Seat 0 played HQ in trick 1 and names it in trick 2."""
    hands, talon = fill_deal(["HQ", "HJ", "H10", "HA"], ["D7"], "C8")
    b = Smousjas().deal(hands, "C8", talon)
    assert b.trick("HQ", "D7") == 0
    b.trick("HA", b.choose(1, "HA"), lead_extra=[weis(0, ["HQ", "HJ", "H10"])])
    v = b.verdict()
    assert viol(v) == [("false-weis", b.line(event="weis"), 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_roem_with_the_turned_card_is_false():
    """Seed: 'De eerste kaart hiervan wordt omgedraaid' -- the turned card is not in a
    hand.  Seat 0 holds CK CQ and names the turned CA in CA-CK-CQ."""
    hands, talon = fill_deal(["CK", "CQ", "DA"], ["D7"], "CA")
    b = Smousjas().deal(hands, "CA", talon)
    b.trick("DA", "D7", lead_extra=[weis(0, ["CA", "CK", "CQ"])])
    v = b.verdict()
    assert viol(v) == [("false-weis", b.line(event="weis"), 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_roem_with_a_card_the_other_holds_is_false():
    """Seed: 'moet de declarant de kaarten behorende tot de roem laten zien'.  The deal
    gave H10 to seat 1; seat 0 names it."""
    hands, talon = fill_deal(["HQ", "HJ", "DA"], ["H10", "D7"], "C8")
    b = Smousjas().deal(hands, "C8", talon)
    b.trick("DA", "D7", lead_extra=[weis(0, ["HQ", "HJ", "H10"])])
    v = b.verdict()
    assert viol(v) == [("false-weis", b.line(event="weis"), 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_only_the_leader_declares_roem():
    """Seed: 'De leider van iedere slag mag combinaties van kaarten roemen voor punten
    bij het uitspelen van zijn kaart.'  Seat 0 leads without roem; seat 1 declares a
    sequence of three: illegal-event, nothing booked."""
    b = meld_hand([], ["HQ", "HJ", "H10"])
    b.fodder(1, follow_extra=[weis(1, ["HQ", "HJ", "H10"])])
    b.fodder(7)
    b.play_out()
    v = b.verdict()
    assert viol(v) == [("illegal-event", b.line(event="weis"), 1)]
    assert v["hands"][0]["weis"] == [0, 0]
    assert sum(v["hands"][0]["points"]) == 162


def test_leader_roem_after_the_other_played_is_refused():
    """Seed: 'Het roemen gebeurt bij het uitspelen van een kaart aan de slag'.  Seat 0
    declares only after seat 1 has played to the trick."""
    b = meld_hand(["HQ", "HJ", "H10"], [])
    b.fodder(1, end=[weis(0, ["HQ", "HJ", "H10"])])
    v = b.verdict()
    assert viol(v) == [("illegal-event", b.line(event="weis"), 0)]
    assert v["hands"][0]["weis"] == [0, 0]


SEQ3_HQ = ["HQ", "HJ", "H10"]


@pytest.mark.parametrize(
    ("lead_roem", "answer", "turnup", "booked"),
    [
        # "hoe meer kaarten er in de roem zitten, hoe hoger de roem telt"
        (SEQ3_HQ, ["DJ", "D10", "D9", "D8"], "C8", 50),
        # "Een carré is dus hoger dan een sequentie van 3"
        (SEQ3_HQ, ["HK", "DK", "SK", "CK"], "C8", 100),
        # "maar een sequentie van 5 hoger dan een carré" (120 beats the 140 of nines)
        (NINES, ["HA", "HK", "HQ", "HJ", "H10"], "C8", 120),
        # "Een carré boeren (twv 200 punten) kan dus afgekeurd worden door een carré aan
        # vrouwen (twv 100 punten)."
        (JACKS, ["HQ", "DQ", "SQ", "CQ"], "H8", 100),
        # equal count, the higher card in sequence order: a four to the ace (50) over
        # a carré of tens (100)
        (["H10", "D10", "S10", "C10"], ["HA", "HK", "HQ", "HJ"], "C8", 50),
        # "de hoogste kaart in sequentie waarde wint"
        (SEQ3_HQ, ["DK", "DQ", "DJ"], "C8", 20),
        # "Is een roem exact even hoog, dan geldt de troefkleur met voorrang."
        (SEQ3_HQ, ["CQ", "CJ", "C10"], "C8", 20),
    ],
)
def test_rejection_with_a_higher_roem(lead_roem, answer, turnup, booked):
    """Seed: 'De tegenspeler mag een declaratie van de leider 'afkeuren' wanneer hij een
    hogere roem op handen heeft; in dit geval meldt hij 'dat hij keur ik af' en noemt
    zijn eigen roem, en zijn roem telt in plaats van de roem van de tegenstander.'
    Seat 0 declares when leading trick 1; seat 1 rejects before playing; only seat 1's
    roem is booked.  The hand is played out."""
    b = meld_hand(lead_roem, answer, turnup)
    b.fodder(1, lead_extra=[weis(0, lead_roem)], follow_extra=[weis(1, answer)])
    b.fodder(7)
    b.play_out()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["weis"] == [0, booked]
    assert h["scored"] == [b.points[0], b.points[1] + booked]


def test_rejection_after_playing_before_the_trick_is_turned():
    """Seed: 'Nadat de tegenspeler ook een kaart aan de slag heeft gespeeld, moet de
    declarant de kaarten behorende tot de roem laten zien. De tegenspeler mag een
    declaratie van de leider 'afkeuren''.  Seat 1 rejects after its play, before the
    draws."""
    answer = ["DJ", "D10", "D9", "D8"]
    b = meld_hand(SEQ3_HQ, answer)
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)], end=[weis(1, answer)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 50]


@pytest.mark.parametrize(
    ("lead_roem", "answer", "turnup", "kept"),
    [
        # "Is een roem exact even hoog, dan geldt de troefkleur met voorrang."
        (["CQ", "CJ", "C10"], SEQ3_HQ, "C8", 20),
        # "Anders heeft de leider voorrang."
        (SEQ3_HQ, ["DQ", "DJ", "D10"], "C8", 20),
        # fewer cards never reject
        (["DJ", "D10", "D9", "D8"], ["HA", "HK", "HQ"], "C8", 50),
        # equal count, J above 9: carré negens cannot reject carré boeren
        (JACKS, NINES, "H8", 200),
        # a carré cannot reject a sequence of five (140 < 120 does not matter)
        (["HA", "HK", "HQ", "HJ", "H10"], NINES, "C8", 120),
    ],
)
def test_roem_that_does_not_beat_the_leader_cannot_reject(lead_roem, answer, turnup, kept):
    """Seed: 'De tegenspeler mag een declaratie van de leider 'afkeuren' wanneer hij een
    hogere roem op handen heeft' -- only a higher one.  The leader's roem stays booked;
    the answer is flagged and books nothing."""
    b = meld_hand(lead_roem, answer, turnup)
    b.fodder(1, lead_extra=[weis(0, lead_roem)], follow_extra=[weis(1, answer)])
    b.fodder(7)
    b.play_out()
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(b.line(event="weis", seat=1), 1)]
    assert v["violations"][0]["rule"] == "illegal-event"
    assert v["hands"][0]["weis"] == [kept, 0]


def test_rejection_with_cards_not_held_leaves_the_leaders_roem():
    """Seed: 'De tegenspeler mag een declaratie van de leider 'afkeuren' wanneer hij een
    hogere roem op handen heeft' -- on hand.  Seat 1 names SJ-S10-S9-S8 but the deal
    gave it none of them: false-weis, and seat 0's 20 stands."""
    b = meld_hand(SEQ3_HQ, ["DJ", "D10", "D9"])
    fake = ["SJ", "S10", "S9", "S8"]
    assert not set(fake) & b.held[1]
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)], follow_extra=[weis(1, fake)])
    v = b.verdict()
    assert viol(v) == [("false-weis", b.line(event="weis", seat=1), 1)]
    assert v["hands"][0]["weis"] == [20, 0]


def test_rejected_roem_may_be_declared_again_later():
    """Seed: 'De roem van de afgekeurde declarant kan altijd nog in een opvolgende beurt
    worden gedeclareerd.'  Seat 0's HQ-J-10 is rejected in trick 1 by seat 1's four;
    seat 0 declares it again leading trick 2: 20 for seat 0, 50 for seat 1."""
    answer = ["DJ", "D10", "D9", "D8"]
    b = meld_hand(SEQ3_HQ, answer)
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)], follow_extra=[weis(1, answer)])
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 50]


def test_rejecting_roem_is_used_up():
    """Seed: 'Je mag iedere roem maar één keer declareren.'  Seat 1's four rejected seat
    0's three in trick 1; when seat 0 declares the three again in trick 2, seat 1 may
    not reject with the same four again."""
    answer = ["DJ", "D10", "D9", "D8"]
    b = meld_hand(SEQ3_HQ, answer)
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)], follow_extra=[weis(1, answer)])
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)], follow_extra=[weis(1, answer)])
    v = b.verdict()
    bad = [i for i, e in enumerate(b.events) if e == weis(1, answer)][1]
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 1)]
    assert v["hands"][0]["weis"] == [20, 50]


def test_each_roem_only_once():
    """Seed: 'Je mag iedere roem maar één keer declareren.'  Seat 0 declares the carré of
    kings in trick 1 and again in trick 2: the second books nothing and is flagged."""
    kings = ["HK", "DK", "SK", "CK"]
    b = meld_hand(kings, [])
    b.fodder(1, lead_extra=[weis(0, kings)])
    b.fodder(1, lead_extra=[weis(0, kings)])
    v = b.verdict()
    bad = [i for i, e in enumerate(b.events) if e == weis(0, kings)][1]
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 0)]
    assert v["violations"][0]["rule"] in ("weis-not-upward", "illegal-event")
    assert v["hands"][0]["weis"] == [100, 0]


UP_KEEP = ["HK", "HQ", "HJ", "H10", "H9", "H8", "D9"]


def test_lower_sequence_in_the_same_suit_is_not_upward():
    """Seed: 'Als je dus '3 op de vrouw' hebt gedeclareerd in een eerdere beurt, mag je
    niet '3 op de boer' declareren in diezelfde bloem in een latere beurt'."""
    b = meld_hand(UP_KEEP, [])
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)])
    b.fodder(1, lead_extra=[weis(0, ["HJ", "H10", "H9"])])
    v = b.verdict()
    assert viol(v) == [("weis-not-upward", b.line(event="weis", cards=["HJ", "H10", "H9"]), 0)]
    assert v["hands"][0]["weis"] == [20, 0]


def test_upward_sequences_in_the_same_suit_count():
    """Seed: '... maar wel bijvoorbeeld '4 op de boer', '3 op de heer' etc. omdat deze
    roem meer waard is in de rangorde (omhoog roemen).'  Seat 0 declares 3 op de vrouw
    (20), then 3 op de heer (20), then 4 op de boer (50, longer than any three): each
    is higher than the last one booked in hearts."""
    b = meld_hand(UP_KEEP, [])
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)])
    b.fodder(1, lead_extra=[weis(0, ["HK", "HQ", "HJ"])])
    b.fodder(1, lead_extra=[weis(0, ["HJ", "H10", "H9", "H8"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [90, 0]


def test_four_to_the_jack_after_three_to_the_queen():
    """Seed: 'mag je niet '3 op de boer' declareren in diezelfde bloem in een latere
    beurt, maar wel bijvoorbeeld '4 op de boer''."""
    b = meld_hand(UP_KEEP, [])
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)])
    b.fodder(1, lead_extra=[weis(0, ["HJ", "H10", "H9", "H8"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [70, 0]


def test_three_to_the_king_after_four_to_the_jack_is_not_upward():
    """Seed: 'Je mag nooit een sequentie declareren die lager is dan een sequentie die je
    al hebt gedeclareerd in dezelfde bloem' with 'hoe meer kaarten er in de roem zitten,
    hoe hoger de roem telt'.  After 4 op de boer (50), 3 op de heer (20) in hearts is
    lower."""
    b = meld_hand(UP_KEEP, [])
    b.fodder(1, lead_extra=[weis(0, ["HJ", "H10", "H9", "H8"])])
    b.fodder(1, lead_extra=[weis(0, ["HK", "HQ", "HJ"])])
    v = b.verdict()
    assert viol(v) == [("weis-not-upward", b.line(event="weis", cards=["HK", "HQ", "HJ"]), 0)]
    assert v["hands"][0]["weis"] == [50, 0]


def test_the_other_players_sequence_does_not_bind():
    """Seed: '... lager is dan een sequentie die je al hebt gedeclareerd in dezelfde
    bloem' -- your own.  Seat 1 books HA-HK-HQ-HJ (rejecting seat 0's diamonds in
    trick 1); seat 0 may then declare H10-H9-H8 in hearts in trick 2."""
    answer = ["HA", "HK", "HQ", "HJ"]
    seq_d = ["DQ", "DJ", "D10"]
    b = meld_hand([*seq_d, "H10", "H9", "H8"], answer)
    b.fodder(1, lead_extra=[weis(0, seq_d)], follow_extra=[weis(1, answer)])
    b.fodder(1, lead_extra=[weis(0, ["H10", "H9", "H8"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 50]


def test_two_sequences_in_one_suit_at_once_are_refused():
    """Seed: 'Je mag verschillende soorten roem gelijktijdig declareren, maar niet
    meerdere sequenties in dezelfde bloem. Wel dus sequenties in verschillende
    bloemen.'  Seat 0 declares HA-HK-HQ and H10-H9-H8 with one lead: only one counts."""
    first, second = ["HA", "HK", "HQ"], ["H10", "H9", "H8"]
    b = meld_hand([*first, *second], [])
    b.fodder(1, lead_extra=[weis(0, first), weis(0, second)])
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [
        (b.line(event="weis", cards=second), 0)
    ]
    assert v["hands"][0]["weis"] == [20, 0]


def test_two_sequences_in_different_suits_at_once():
    """Seed: 'Wel dus sequenties in verschillende bloemen.'  HQ-HJ-H10 and DQ-DJ-D10
    with one lead: 40."""
    b = meld_hand([*SEQ3_HQ, "DQ", "DJ", "D10"], [])
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ), weis(0, ["DQ", "DJ", "D10"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [40, 0]


def test_lower_sequence_in_another_suit_is_fine():
    """Seed: 'Hoogte van een sequentie in één bloem heeft geen effect op declaraties van
    een sequentie in een andere bloem.'  3 op de vrouw in hearts, then 3 op de boer in
    diamonds."""
    b = meld_hand([*SEQ3_HQ, "DJ", "D10", "D9"], [])
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)])
    b.fodder(1, lead_extra=[weis(0, ["DJ", "D10", "D9"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [40, 0]


def test_several_roem_at_once_sharing_a_card():
    """Seed: 'Je mag verschillende soorten roem gelijktijdig declareren ... Een kaart mag
    onderdeel zijn van meerdere soorten roem bij gelijktijdig declareren'.  Seat 0
    declares the carré of kings and HK-HQ-HJ with one lead: 120."""
    kings = ["HK", "DK", "SK", "CK"]
    b = meld_hand([*kings, "HQ", "HJ"], [])
    b.fodder(1, lead_extra=[weis(0, kings), weis(0, ["HK", "HQ", "HJ"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [120, 0]


def test_roem_in_the_last_trick_of_phase_one():
    """Seed: 'De leider van iedere slag mag combinaties van kaarten roemen' (phase 1, up
    to trick 8).  Seat 0 declares HQ-HJ-H10 leading trick 8."""
    b = meld_hand(SEQ3_HQ, [])
    b.fodder(7)
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 0]


def test_roem_in_the_first_trick_of_phase_two():
    """Seed: 'Het tweede deel breekt nu aan, waarin alléén nog in de eerste slag kan
    worden gedeclareerd door de leider'.  Seat 0 leads trick 9 with HA and declares
    HA-HK-HQ-HJ (50)."""
    cards = ["HA", "HK", "HQ", "HJ"]
    b = at_phase2(cards, [], "C8")
    b.trick("HA", b.choose(1, "HA"), lead_extra=[weis(0, cards)])
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [50, 0]


def test_rejection_in_the_first_trick_of_phase_two():
    """Seed: '... alléén nog in de eerste slag kan worden gedeclareerd door de leider (of
    mariages en afkeuringen door de andere speler).'  Seat 1 rejects seat 0's three in
    trick 9 with a four."""
    answer = ["DJ", "D10", "D9", "D8"]
    b = at_phase2(["HA", "HK", "HQ"], answer, "C8")
    b.trick(
        "HA",
        b.choose(1, "HA"),
        lead_extra=[weis(0, ["HA", "HK", "HQ"])],
        follow_extra=[weis(1, answer)],
    )
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 50]


def test_roem_in_the_second_trick_of_phase_two_is_refused():
    """Seed: 'waarin alléén nog in de eerste slag kan worden gedeclareerd'.  Seat 0 wins
    trick 9 with DA and declares a four leading trick 10: illegal-event, nothing
    booked."""
    cards = ["HA", "HK", "HQ", "HJ"]
    b = at_phase2([*cards, "DA"], ["D7", "D8"], "C8")
    assert b.trick("DA", "D7") == 0
    b.trick("HA", b.choose(1, "HA"), lead_extra=[weis(0, cards)])
    v = b.verdict()
    assert viol(v) == [("illegal-event", b.line(event="weis"), 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_roem_said_then_shown_after_the_other_played():
    """Seed: 'Op dit punt hoeft de declarant niet te benoemen in welke bloem de sequentie
    is, noch hoe hoog de kaarten in de carré zijn ... Nadat de tegenspeler ook een kaart
    aan de slag heeft gespeeld, moet de declarant de kaarten behorende tot de roem laten
    zien.'  Seat 0 says 20 when leading and shows 3 op de vrouw after seat 1 played."""
    b = meld_hand(SEQ3_HQ, [])
    b.fodder(1, lead_extra=[said(0, 20)], end=[weis(0, SEQ3_HQ)])
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["weis"] == [20, 0]
    assert h["melds"] == [{"seat": 0, "meld": "3 op de vrouw", "points": 20}]


def test_roem_said_and_never_shown_counts_its_value():
    """Said roem that is not rejected counts; without cards it is named by its value."""
    b = meld_hand(JACKS, [], "H8")
    b.fodder(1, lead_extra=[said(0, 200)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["melds"] == [{"seat": 0, "meld": "roem of 200", "points": 200}]


@pytest.mark.parametrize(
    ("lead", "answer", "turnup", "booked"),
    [
        # "hoe meer kaarten er in de roem zitten, hoe hoger de roem telt": any 50 (a
        # sequence of four) is above any 20
        (SEQ3_HQ, ["DJ", "D10", "D9", "D8"], "C8", [0, 50]),
        # "een sequentie van 5 hoger dan een carré": 120 (five to the ace) over 140
        (NINES, ["HA", "HK", "HQ", "HJ", "H10"], "C8", [0, 120]),
    ],
)
def test_said_roem_that_is_higher_by_its_value_rejects_at_once(lead, answer, turnup, booked):
    """Seed: 'De tegenspeler mag een declaratie van de leider 'afkeuren' wanneer hij een
    hogere roem op handen heeft'.  Both only say their values; the values alone prove
    the answer higher."""
    b = meld_hand(lead, answer, turnup)
    b.fodder(1, lead_extra=[said(0, sum_of(lead))], follow_extra=[said(1, sum_of(answer))])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == booked


def sum_of(cards: list[str]) -> int:
    """The roem value of ``cards`` by the seed's table."""
    if len({c[1:] for c in cards}) == 1:
        return {"J": 200, "9": 140}.get(cards[0][1:], 100)
    if len(cards) == 5 and cards[0].endswith("A"):
        return 120
    return {3: 20, 4: 50}.get(len(cards), 100)


@pytest.mark.parametrize(
    ("answer", "booked", "flagged"),
    [
        # a sequence of five (100) over a carré of kings: more cards
        (["HQ", "HJ", "H10", "H9", "H8"], [0, 100], False),
        # a carré of queens (100) below the carré of kings: equal count, lower card
        (["HQ", "DQ", "SQ", "CQ"], [100, 0], True),
    ],
)
def test_said_hundred_rejection_waits_for_the_cards(answer, booked, flagged):
    """Seed: 'Carré van andere kaarten; 100 punten' and 'Sequentie van 5 of meer kaarten
    ...; 100 punten' -- a said 100 may be a carré or a sequence of five, which rank
    apart ('Als het aantal kaarten gelijk is geldt dat de hoogste kaart in sequentie
    waarde wint').  Against the leader's carré of kings the referee waits for the
    cards; an answer they prove lower is flagged at the answer."""
    kings = ["HK", "DK", "SK", "CK"]
    b = meld_hand(kings, answer, "C8")
    b.fodder(1, lead_extra=[weis(0, kings)], follow_extra=[said(1, 100)])
    assert b.verdict()["hands"][0]["weis"] == [100, 0]
    b = meld_hand(kings, answer, "C8")
    b.fodder(1, lead_extra=[weis(0, kings)], follow_extra=[said(1, 100)], end=[weis(1, answer)])
    v = b.verdict()
    assert v["hands"][0]["weis"] == booked
    expected = [("illegal-event", b.line(event="weis", seat=1, points=100), 1)] if flagged else []
    assert viol(v) == expected


def test_shown_roem_must_be_the_said_one():
    """Seed: 'moet de declarant de kaarten behorende tot de roem laten zien' -- the cards
    of the roem said: seat 0 says 20 and shows a sequence of four."""
    four = ["DJ", "D10", "D9", "D8"]
    b = meld_hand(four, [])
    b.fodder(1, lead_extra=[said(0, 20)], end=[weis(0, four)])
    v = b.verdict()
    assert viol(v) == [("illegal-event", b.line(event="weis", cards=four), 0)]
    assert v["hands"][0]["weis"] == [20, 0]


def test_said_roem_the_known_hand_lacks_is_false():
    """Roem is 'combinaties van kaarten' in the hand: seat 0's known hand holds no carré
    of nines."""
    b = meld_hand(SEQ3_HQ, [])
    b.fodder(1, lead_extra=[said(0, 140)])
    v = b.verdict()
    assert viol(v) == [("false-weis", b.line(event="weis"), 0)]


# ---------------------------------------------------------------------------
# 5. mariages
# ---------------------------------------------------------------------------


# the log leaves the rule of a mariage whose cards are not held open between these two
# (the implementation names it false-weis)
MARIAGE_FALSE = ("false-stoeck",)


@pytest.mark.parametrize(
    ("cards", "points", "name"),
    [
        (None, 40, "stuk"),  # stoeck without cards means stuk
        (["CK", "CQ"], 40, "stuk"),  # "Stuk; Heer & vrouw van de troefkleur"
        (["DQ", "SQ"], 40, "dubbel"),  # "Dubbel; Ruiten vrouw & schoppen vrouw"
        (["HK", "SQ"], 20, "brok"),  # "Brok; Heer & vrouw waarvan de één een rode
        (["SK", "DQ"], 20, "brok"),  #   bloem en de ander een zwarte"
    ],
)
def test_mariage_values(cards, points, name):
    """Seed: 'Stuk; Heer & vrouw van de troefkleur; 40 punten / Dubbel; Ruiten vrouw &
    schoppen vrouw; 40 punten / Brok; Heer & vrouw waarvan de één een rode bloem en de
    ander een zwarte; 20 punten'.  Trump clubs; seat 0 declares when leading trick 1;
    the hand is played out."""
    keep = ["CK", "CQ"] if cards is None else cards
    b = meld_hand(keep, [])
    b.fodder(1, lead_extra=[stoeck(0, cards)])
    b.fodder(7)
    b.play_out()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["stoeck"] == [points, 0]
    assert h["weis"] == [0, 0]
    assert h["scored"] == [b.points[0] + points, b.points[1]]
    assert {"seat": 0, "meld": name, "points": points} in h["melds"]


@pytest.mark.parametrize("cards", [["HK", "HQ"], ["HK", "DQ"], ["SK", "CQ"]])
def test_king_and_queen_of_one_colour_is_no_mariage(cards):
    """Seed: 'Brok; Heer & vrouw waarvan de één een rode bloem en de ander een zwarte'
    -- a red pair or a black pair (trump clubs, so SK+CQ is not stuk either) is none."""
    b = meld_hand(cards, [])
    b.fodder(1, lead_extra=[stoeck(0, cards)])
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(b.line(event="stoeck"), 0)]
    assert v["violations"][0]["rule"] in MARIAGE_FALSE
    assert v["hands"][0]["stoeck"] == [0, 0]


def test_mariage_by_the_other_player():
    """Seed: 'speciale roem, mariages ..., waarvoor je niet aan slag hoeft te zijn
    (altijd te declareren wanneer je een kaart aan de slag speelt)'.  Seat 1 declares a
    brok when it plays its card to trick 1 (seat 0 leads)."""
    b = meld_hand([], ["HK", "SQ"])
    b.fodder(1, end=[stoeck(1, ["HK", "SQ"])])
    b.fodder(7)
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["stoeck"] == [0, 20]
    assert v["hands"][0]["scored"] == [b.points[0], b.points[1] + 20]


def test_mariage_by_the_other_player_beside_the_leaders_roem():
    """Seed: 'speciale roem, mariages ..., waarvoor je niet aan slag hoeft te zijn' --
    a mariage of the other is no rejection: seat 0's HQ-J-10 and seat 1's dubbel both
    count."""
    b = meld_hand(SEQ3_HQ, ["DQ", "SQ"])
    b.fodder(1, lead_extra=[weis(0, SEQ3_HQ)], end=[stoeck(1, ["DQ", "SQ"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 0]
    assert v["hands"][0]["stoeck"] == [0, 40]


def test_mariage_is_not_rejected():
    """Seed: '... en die ook niet kunnen worden afgekeurd'.  Seat 0 declares stuk and
    HQ-J-10 leading trick 1; seat 1 rejects the sequence with a four: seat 0 keeps its
    40, the 20 goes, seat 1 books 50."""
    answer = ["DJ", "D10", "D9", "D8"]
    b = meld_hand(["CK", "CQ", *SEQ3_HQ], answer)
    b.fodder(
        1,
        lead_extra=[stoeck(0, ["CK", "CQ"]), weis(0, SEQ3_HQ)],
        follow_extra=[weis(1, answer)],
    )
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["stoeck"] == [40, 0]
    assert v["hands"][0]["weis"] == [0, 50]


def test_mariage_only_once():
    """Seed: 'Je mag iedere roem maar één keer declareren.'  Seat 0 declares stuk in
    trick 1 and again in trick 2: 40 once, the second flagged."""
    b = meld_hand(["CK", "CQ"], [])
    b.fodder(1, lead_extra=[stoeck(0)])
    b.fodder(1, lead_extra=[stoeck(0)])
    v = b.verdict()
    bad = [i for i, e in enumerate(b.events) if e == stoeck(0)][1]
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 0)]
    assert v["hands"][0]["stoeck"] == [40, 0]


def test_two_different_mariages():
    """Seed: 'Je mag iedere roem maar één keer declareren.' -- each once, but different
    ones both count: stuk (40) and dubbel (40) in one hand."""
    b = meld_hand(["CK", "CQ", "DQ", "SQ"], [])
    b.fodder(1, lead_extra=[stoeck(0, ["CK", "CQ"])])
    b.fodder(1, lead_extra=[stoeck(0, ["DQ", "SQ"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["stoeck"] == [80, 0]


def test_mariage_in_phase_two():
    """Seed: 'altijd te declareren wanneer je een kaart aan de slag speelt'.  Seat 0
    leads CK in trick 11 and declares stuk (CQ still in hand)."""
    b = at_phase2(["CK", "CQ", "HA", "DA"], [], "C8")
    b.trick("HA", b.choose(1, "HA"))
    b.trick("DA", b.choose(1, "DA"))
    assert b.leader == 0
    b.trick("CK", b.choose(1, "CK"), lead_extra=[stoeck(0, ["CK", "CQ"])])
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["stoeck"] == [40, 0]


def test_stuk_without_the_cards_is_false():
    """Seed: 'Stuk; Heer & vrouw van de troefkleur'.  The deal gave CQ to seat 1; seat 0
    (holding CK) declares stuk."""
    b = meld_hand(["CK"], ["CQ"])
    b.fodder(1, lead_extra=[stoeck(0)])
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(b.line(event="stoeck"), 0)]
    assert v["violations"][0]["rule"] in MARIAGE_FALSE
    assert v["hands"][0]["stoeck"] == [0, 0]


def test_mariage_with_a_card_the_other_holds_is_false():
    """Seed: 'De kaarten moet je laten zien aan het einde van de slag.'  Seat 0 names
    DQ+SQ, but the deal gave SQ to seat 1."""
    b = meld_hand(["DQ"], ["SQ"])
    b.fodder(1, lead_extra=[stoeck(0, ["DQ", "SQ"])])
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(b.line(event="stoeck"), 0)]
    assert v["violations"][0]["rule"] in MARIAGE_FALSE
    assert v["hands"][0]["stoeck"] == [0, 0]


def test_mariage_with_a_card_already_played_is_false():
    """Seed: 'altijd te declareren wanneer je een kaart aan de slag speelt ... De
    kaarten moet je laten zien' -- a card played to an earlier trick is gone.  Seat 0
    leads HK in trick 1 and names HK+SQ in trick 2."""
    hands, talon = fill_deal(["HK", "SQ", "DA"], ["D7"], "C8")
    b = Smousjas().deal(hands, "C8", talon)
    assert b.trick("HK", "D7") == 0
    b.trick("DA", b.choose(1, "DA"), lead_extra=[stoeck(0, ["HK", "SQ"])])
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(b.line(event="stoeck"), 0)]
    assert v["violations"][0]["rule"] in MARIAGE_FALSE
    assert v["hands"][0]["stoeck"] == [0, 0]


def test_mariage_with_the_card_just_played():
    """Seed: 'altijd te declareren wanneer je een kaart aan de slag speelt' -- the card
    being played counts.  Seat 0 leads SQ and declares HK+SQ."""
    hands, talon = fill_deal(["HK", "SQ"], ["D7"], "C8")
    b = Smousjas().deal(hands, "C8", talon)
    b.trick("SQ", "D7", lead_extra=[stoeck(0, ["HK", "SQ"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["stoeck"] == [20, 0]


# ---------------------------------------------------------------------------
# 6. end of the game (the seed's 500; no target override)
# ---------------------------------------------------------------------------

# a hand with big roem: the "jack" seat keeps the carré of jacks, the "nine" seat the
# carré of nines and HK+SQ (a brok it may declare); trump clubs (turned C8).
JACK_KEEP = ["HJ", "DJ", "SJ", "CJ", "H7", "H8", "H10"]
NINE_KEEP = ["H9", "D9", "S9", "C9", "HK", "SQ", "HQ"]


def play_big(b: Smousjas, jack: int = 0, brok: bool = False) -> None:
    """The jack seat leads trick 1 (the other deals) declaring its carré of jacks
    (200); the nine seat wins trick 1 and leads trick 2 declaring its carré of nines
    (140; it cannot reject the jacks: same count, the nine is lower) and, with
    ``brok``, HK+SQ (20); the jack seat wins the rest of phase 1; phase 2 is played
    out.  Swapping ``jack`` mirrors the whole hand."""
    nine = 1 - jack
    keeps = [[], []]
    keeps[jack], keeps[nine] = JACK_KEEP, NINE_KEEP
    deal = fodder_deal(keeps[0], keeps[1], "C8", dealer=nine, winners=[nine] + [jack] * 7)
    b.deal(**deal)
    b.fodder(1, lead_extra=[weis(jack, JACKS)])
    assert b.leader == nine
    extra = [stoeck(nine, ["HK", "SQ"])] if brok else []
    b.fodder(1, lead_extra=[weis(nine, NINES), *extra])
    b.fodder(6)
    b.play_out()


def play_solo(b: Smousjas, upto: int = 16) -> None:
    """Seat 0 leads trick 1 declaring the carré of jacks and wins all of phase 1."""
    b.deal(**fodder_deal(JACK_KEEP, [], "C8"))
    b.fodder(1, lead_extra=[weis(0, JACKS)])
    b.fodder(min(7, upto - 1))
    b.play_out(upto)


def test_first_to_500_wins():
    """Seed: 'Hou de score bij van hand tot hand op papier, de eerste die 500 bereikt
    wint een ronde.'  Two big hands: seat 0 scores a = 200 + its card points each time,
    seat 1 b = 140 + its card points; seat 0 passes 500 after hand 2, seat 1 not."""
    b = Smousjas()
    play_big(b)
    a, c = b.points[0] + 200, b.points[1] + 140
    v1 = b.verdict()
    assert v1["violations"] == []
    assert v1["hands"][0]["scored"] == [a, c]
    assert v1["winner"] is None
    play_big(b)
    assert 2 * a >= 500 > 2 * c >= 250  # the builder's own sanity check
    v = b.verdict()
    assert v["violations"] == []
    assert v["totals"] == [2 * a, 2 * c]
    assert v["winner"] == 0
    assert v["schneider"] is False


def test_loser_under_250_is_onder_jan():
    """Seed: 'Als de verliezer nog geen 250 heeft weten te behalen, dan is hij "onder
    Jan"'.  Two solo hands: seat 0 has 200 roem + most card points each time, seat 1
    only card points (under 125 a hand)."""
    b = Smousjas()
    play_solo(b)
    a, c = b.points[0] + 200, b.points[1]
    play_solo(b)
    assert 2 * a >= 500 and 2 * c < 250
    v = b.verdict()
    assert v["violations"] == []
    assert v["totals"] == [2 * a, 2 * c]
    assert v["winner"] == 0
    assert v["schneider"] is True


def test_both_over_500_the_higher_wins():
    """Seed: 'Als beide spelers boven de 500 uit komen na een hand, dan wint degene met
    de hoogste score.'  Hand 1: seat 0 the jack seat, seat 1 declares its brok too;
    hand 2 the mirror image without the brok.  Both end on a + b (= 162 + 340 = 502),
    seat 1 20 more: seat 1 wins."""
    b = Smousjas()
    play_big(b, jack=0, brok=True)
    first = list(b.points)
    assert first[0] + 200 < 500 and first[1] + 160 < 500
    play_big(b, jack=1)
    assert b.points == first[::-1]  # the mirror image
    v = b.verdict()
    assert v["violations"] == []
    assert v["totals"] == [502, 522]
    assert v["winner"] == 1
    assert v["schneider"] is False


def test_tie_over_500_voids_the_hand():
    """Seed: 'Bij gelijkspel moet de hand opnieuw worden gespeeld.'  Hand 2 is the
    mirror image of hand 1: both end on 502, so hand 2 is void and scores nothing; the
    replayed hand (hand 1 again) decides."""
    b = Smousjas()
    play_big(b, jack=0)
    a, c = b.points[0] + 200, b.points[1] + 140
    assert a + c == 502
    play_big(b, jack=1)
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][1].get("void") is True
    assert not v["hands"][0].get("void")
    assert v["totals"] == [a, c]
    assert v["winner"] is None
    play_big(b, jack=0)
    v = b.verdict()
    assert v["violations"] == []
    assert v["totals"] == [2 * a, 2 * c]
    assert v["winner"] == (0 if 2 * a > 2 * c else 1)
    assert len(v["hands"]) == 3


def test_500_reached_mid_hand_does_not_end_the_game():
    """Seed: 'Als beide spelers boven de 500 uit komen na een hand' -- the score is
    settled at the end of a hand (the log: 'checked after each hand').  Seat 0 passes
    500 with its carré of jacks in hand 2, but the log ends after trick 2."""
    b = Smousjas()
    play_big(b)
    a = b.points[0] + 200
    assert a + 200 >= 500
    play_solo(b, upto=2)
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][1]["complete"] is False
    assert v["totals"][0] >= 500
    assert v["winner"] is None


UIT_KEEP = ["HJ", "DJ", "SJ", "CJ", "CK", "CQ", "H7"]
ACES = ["HA", "DA", "SA", "CA"]


def uit_hand(b: Smousjas, keep: list[str], roem: list[str], mariage: dict | None) -> int:
    """Seat 0 declares ``roem`` leading trick 1, then ``mariage`` leading trick 2,
    followed by 'Uit' (``bedanken``); the line of the claim."""
    b.deal(**fodder_deal(keep, [], "C8"))
    b.fodder(1, lead_extra=[weis(0, roem)])
    extra = [mariage] if mariage else []
    return b.add(play(0, b.junk(0)), *extra, bedanken(0)) + 1 + len(extra)


def test_uit_with_stuk_at_480_wins_at_once():
    """Seed: 'Als iemand gedurende de hand op 480 of meer punten staat en 'Stuk'
    declareert tijdens de hand, dan mag hij roepen 'Uit' en wint.'  After a solo hand
    (a = 200 + card points) seat 0 books a carré of aces (100) and stuk (40) in hand 2
    and calls Uit in trick 2, between 480 and 500: it wins at once."""
    b = Smousjas()
    play_solo(b)
    a, c = b.points[0] + 200, b.points[1]
    at = uit_hand(b, [*ACES, "CK", "CQ", "H7"], ACES, stoeck(0))
    total = a + 100 + 40 + b.points[0]
    assert 480 <= total < 500
    v = b.verdict()
    assert v["violations"] == []
    assert v["totals"] == [total, c + b.points[1]]
    assert v["winner"] == 0
    assert v["claim"]["seat"] == 0
    assert v["claim"]["event"] == at
    assert v["claim"]["status"] == "won"
    assert v["schneider"] is (v["totals"][1] < 250)


def test_uit_after_stuk_declared_earlier_in_the_hand():
    """Seed: 'Als iemand gedurende de hand op 480 of meer punten staat en 'Stuk'
    declareert tijdens de hand, dan mag hij roepen 'Uit' en wint.'  (The log: 'a player
    with 480 or more (counting the hand so far) who declared stuk in this hand'.)  Seat
    0 declares stuk in trick 1 (still under 480), the carré of jacks in trick 2 (now
    over 480), and calls Uit leading trick 3."""
    b = Smousjas()
    play_big(b)
    a = b.points[0] + 200
    assert a + 40 < 480 <= a + 240
    b.deal(**fodder_deal(UIT_KEEP, [], "C8"))
    b.fodder(1, lead_extra=[stoeck(0)])
    b.fodder(1, lead_extra=[weis(0, JACKS)])
    at = b.add(play(0, b.junk(0)), bedanken(0)) + 1
    v = b.verdict()
    assert v["violations"] == []
    assert v["winner"] == 0
    assert v["claim"]["event"] == at
    assert v["claim"]["status"] == "won"


def test_uit_under_480_is_refused():
    """Seed: 'Als iemand gedurende de hand op 480 of meer punten staat en 'Stuk'
    declareert'.  In the first hand seat 0 has 240 roem and a trick: far under 480."""
    b = Smousjas()
    at = uit_hand(b, UIT_KEEP, JACKS, stoeck(0))
    v = b.verdict()
    assert viol(v) == [("illegal-event", at, 0)]
    assert v["winner"] is None


def test_uit_with_dubbel_instead_of_stuk_is_refused():
    """Seed: '... en 'Stuk' declareert tijdens de hand' -- stuk, not another mariage.
    As in the winning case, but seat 0 declares a dubbel (also 40): between 480 and 500,
    and the Uit is refused; the game goes on."""
    b = Smousjas()
    play_solo(b)
    a = b.points[0] + 200
    at = uit_hand(b, [*ACES, "DQ", "SQ", "H7"], ACES, stoeck(0, ["DQ", "SQ"]))
    assert 480 <= a + 140 + b.points[0] < 500
    v = b.verdict()
    assert viol(v) == [("illegal-event", at, 0)]
    assert v["hands"][1]["stoeck"] == [40, 0]
    assert v["winner"] is None


def test_uit_with_stuk_only_in_an_earlier_hand_is_refused():
    """Seed: '... en 'Stuk' declareert tijdens de hand'.  Hand 1: seat 0 declares the
    carré of jacks and stuk and plays the hand out (under 500).  Hand 2: a carré of
    aces, no stuk; seat 0 is over 480 and calls Uit when leading trick 2: refused.  The
    game goes on and the hand decides by the 500 rule."""
    b = Smousjas()
    b.deal(**fodder_deal(UIT_KEEP, [], "C8"))
    b.fodder(1, lead_extra=[weis(0, JACKS)])
    b.fodder(1, lead_extra=[stoeck(0)])
    b.fodder(6)
    b.play_out()
    a = b.points[0] + 240
    v1 = b.verdict()
    assert v1["violations"] == []
    assert v1["hands"][0]["scored"][0] == a
    four, three = ["HA", "HK", "HQ", "HJ"], ["DQ", "DJ", "D10"]
    b.deal(**fodder_deal([*four, *three], [], "C8"))
    b.fodder(1, lead_extra=[weis(0, four), weis(0, three)])
    assert 480 <= a + 70 + b.points[0] < 500
    at = len(b.events) + 1
    b.fodder(1, lead_extra=[bedanken(0)])
    v = b.verdict()
    assert b.events[at] == bedanken(0)
    assert viol(v) == [("illegal-event", at, 0)]
    assert v["winner"] is None
    b.fodder(6)
    b.play_out()
    v = b.verdict()
    assert viol(v) == [("illegal-event", at, 0)]
    assert v["totals"][0] == a + 70 + b.points[0]
    assert v["winner"] == (0 if v["totals"][0] >= 500 else None)


# ---------------------------------------------------------------------------
# 7. the camera case
# ---------------------------------------------------------------------------

# seat 0 takes the turned C8 after trick 8, seat 1 the face-down C7: seat 1's phase-2
# hand is unknown to the referee.
CAM = {"last": "C7", "known": False, "take_turnup": True}


def cam_viol(v: dict) -> list[tuple]:
    return [(x["rule"], x["event"], x["seat"], x.get("proven_at")) for x in v["violations"]]


def test_camera_renounce_proven_by_a_later_card():
    """Seed: 'Het is nu verplicht om de gevraagde kleur te bedienen.'  Camera case (no
    deal, unseen draws): seat 1 plays D7 on HK in trick 9; its H8 in trick 10 proves it
    held a heart."""
    keep1 = ["H8", "D7", "D8", "D9", "S7", "S8", "S9"]
    b = at_phase2(P2_KEEP0, keep1, "C8", **CAM)
    assert "deal" not in [e["event"] for e in b.events]
    b.trick("HK", "D7", legal=False)
    b.trick("H9", "H8")
    v = b.verdict()
    bad, proof = b.line(event="play", card="D7"), b.line(event="play", card="H8")
    assert cam_viol(v) == [("follow-suit", bad, 1, proof)]


def test_camera_discard_proven_by_a_later_trump():
    """Seed: 'Als je dit niet kunt, moet je troeven.'  Camera case: seat 1 (no hearts,
    trump C7) throws D7 on HK; its C7 in trick 10 proves the discard illegal; the hand
    is played out and no heart of seat 1 ever appears."""
    b = at_phase2(P2_KEEP0, VOID_H, "C8", **CAM)
    b.trick("HK", "D7", legal=False)
    b.trick("CA", "C7")
    proof = len(b.events) - 1
    b.play_out()
    v = b.verdict()
    assert cam_viol(v) == [("must-trump", b.line(event="play", card="D7"), 1, proof)]


def test_camera_undertrump_proven_by_a_later_higher_trump():
    """Seed: 'Als de leider troef vraagt, ben je verplicht een hogere troef te spelen als
    je dat kunt'.  Camera case: CA led, seat 1 gives C7 while holding C9; its C9 in
    trick 10 (on C8) proves it."""
    keep1 = ["C9", "D7", "D8", "D9", "S7", "S8", "S9"]
    b = at_phase2(P2_KEEP0, keep1, "C8", **CAM)
    b.trick("CA", "C7", legal=False)
    b.trick("C8", "C9")
    v = b.verdict()
    bad, proof = b.line(event="play", card="C7"), b.line(event="play", card="C9")
    assert cam_viol(v) == [("must-overtrump", bad, 1, proof)]


def test_camera_discard_while_holding_the_taken_turned_card():
    """Seed: 'Als je dit niet kunt, moet je troeven.'  Camera case, default choice: seat
    1 took the turned C8 (its draw names it: the card lay open), so the referee knows
    seat 1 holds a trump; its D7 on HK in trick 9 is illegal whatever else it holds."""
    b = at_phase2(P2_KEEP0, VOID_H, "C8", last="C10", known=False)
    assert b.events[-2:] == [draw(0, None), draw(1, "C8")]
    b.trick("HK", "D7", legal=False)
    v = b.verdict()
    assert viol(v) == [("must-trump", b.line(event="play", card="D7"), 1)]


def test_camera_unproven_renounce_is_not_flagged():
    """The log contract: 'nothing unproven is ever flagged'.  Camera case: seat 1
    renounces in trick 9 and the log ends before it shows another card."""
    keep1 = ["H8", "D7", "D8", "D9", "S7", "S8", "S9"]
    b = at_phase2(P2_KEEP0, keep1, "C8", **CAM)
    b.trick("HK", "D7", legal=False)
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["tricks"] == 9


def test_camera_phase_one_discards_are_never_renounces():
    """Seed: 'In het eerste deel hoeft men niet de gevraagde bloem te bedienen'.  Camera
    case: the whole hand with junk discards in phase 1 (the seats later show cards of
    suits they did not follow) and legal phase 2: nothing flagged, 162 points."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "C8", **CAM)
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points
    assert sum(b.points) == 162
