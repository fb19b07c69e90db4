"""Black-box scenario tests of the Frantsfuus referee against the rule text (seed 002).

Every expected number below was worked out from the seed
(/work/shared/seeds/002_3232a1d682890a77.txt, Swedish) and the documented log
(docs/game-log.md, "Events (Schmaus and the other talon games)" and "Frantsfuus (seed
002)"), never from the implementation.  Each test quotes the seed sentence it checks.

Conventions (documented product decisions, not rules under test): seats 0 and 1; line 0
is the ``game`` header; with dealer 1, seat 0 is forehand and leads trick 1; after each
phase-1 trick the winner draws first; after trick 7 the winner draws the last face-down
card and the other takes the face-up card; melds are ``weis`` events with ``cards``,
belle is a ``stoeck`` event, a claim is ``bedanken``; a hand cut short counts the
tricks taken so far.

The ``Frantsfuus`` builder below referees the tricks itself, from the seed's ranking, so
that a test scripts only the cards and events that matter.  All claim tests use the
seed's target (501) and realistic totals built from melds; no target override is used.
"""

from __future__ import annotations

import pytest

from conftest import viol
from talon_events import TalonBuilder, TalonOracle, draw, play, rob, said, suit, weis

# "Man spelar med 32 kort. Valörerna från två till sex tas bort från en vanlig kortlek."
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")

# "I de färger som inte är trumf rangordnas korten på vanligt sätt, från högst till
# lägst: ess, kung, dam, knekt, tio, nio, åtta och sju."
SIDE_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7")
# "I trumf-färgen är knekten högsta kort ... Därefter kommer nian ... Övriga kort följer
# med samma inbördes ordning"
TRUMP_ORDER = ("J", "9", "A", "K", "Q", "10", "8", "7")
# "Essen är värda 11 poäng var, kungarna 4 poäng, damerna 3 poäng, knektarna 2 poäng,
# tiorna 10 poäng och övriga kort 0 poäng. I trumf-färgen är knekten ... värd 20 poäng.
# Därefter kommer nian, som är värd 14 poäng."
SIDE_VALUE = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}
TRUMP_VALUE = {**SIDE_VALUE, "J": 20, "9": 14}
LAST_TRICK = 10  # "Det sista sticket är värt 10 poäng."


def legal_follows(held: set[str], led: str, trump: str) -> set[str]:
    """Phase 2: the cards the second player may play to ``led``.

    "måste om möjligt lägga ett kort i samma färg som utspelskortet. Om spelaren inte
    har något kort i färgen och om utspelet skedde i en annan färg än trumf, måste
    spelaren om möjligt trumfa." -- and: "Det högsta trumfkortet, knekten, kan aldrig
    tvingas ut. Om trumf till exempel spelas ut och en spelare bara har knekten i
    trumffärgen på handen, får spelaren spela vilket kort som helst. Om en spelare inte
    kan följa färg och bara har knekt i trumf, får spelaren också spela valfritt kort."
    No duty to go higher ("det inte råder översticktvång")."""
    jack = trump + "J"
    same = {c for c in held if suit(c) == suit(led)}
    if suit(led) == trump:
        return same if same - {jack} else set(held)
    if same:
        return same
    trumps = {c for c in held if suit(c) == trump}
    if trumps - {jack}:
        return trumps
    return set(held)


# The trick: "Om trumf spelades till sticket, vinnas sticket av den som spelade det
# högsta trumfkortet. I annat fall vinner den som spelade det högsta kortet i
# utspelsfärgen."  The deal: "delar sedan ut nio kort var ... Nästa kort vänds upp":
# 32 - 18 - 1 = 13 face down.  The draws: "Den som vann sticket drar kort först" /
# "När det sjunde sticket har vänts bort, drar den spelare som vann sticket det sista
# dolda kortet i talongen och den andra spelaren tar det uppvända kortet som anger
# trumf."  Robbing: "spelaren byter ut trumfsjuan på handen mot detta kort".
ORACLE = TalonOracle(
    ranks=RANKS,
    side_order=SIDE_ORDER,
    trump_order=TRUMP_ORDER,
    side_value=SIDE_VALUE,
    trump_value=TRUMP_VALUE,
    hand_size=9,
    phase1_tricks=7,
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


def belle(seat: int) -> dict:
    return {"event": "stoeck", "seat": seat}


# ---------------------------------------------------------------------------
# the builder
# ---------------------------------------------------------------------------


class Frantsfuus(TalonBuilder):
    """Builds a Frantsfuus log hand by hand and keeps its own score by the seed, hand
    by hand ("Förhand (den spelare som inte gav) spelar ut till det första sticket.")."""

    oracle = ORACLE
    variant = "frantsfuus"

    def __init__(self, known: bool = True, **header: object) -> None:
        super().__init__(known, **header)
        self.hand_winners: list[list[int]] = []
        self.hand_points: list[list[int]] = []

    def deal(self, *args: object, **kwargs: object) -> Frantsfuus:
        super().deal(*args, **kwargs)
        self.hand_winners.append(self.winners)
        self.hand_points.append(self.points)
        return self

    def meld_trick(self, seat: int, cards: list[str], **kw: object) -> None:
        """A fodder trick in which ``seat`` declares ``cards``: when leading, with its
        lead; else as the second player, the leader having declared nothing."""
        extra = {"lead_extra" if self.leader == seat else "follow_extra": [weis(seat, cards)]}
        self.fodder(1, **extra, **kw)


def fodder_deal(
    keep0: list[str],
    keep1: list[str],
    turnup: str,
    *,
    last: str | None = None,
    dealer: int = 1,
    winners: list[int] | None = None,
    plays: list[tuple[str, str]] | None = None,
) -> dict:
    """A deal in which both seats keep 8 cards through phase 1 and play their one other
    card ("junk": the dealt one, then the one just drawn) every trick; ``winners`` (by
    default the forehand seven times) says who takes each of the seven phase-1 tricks.
    Phase 2 then starts with the trick-7 winner holding its kept cards + ``last`` (the
    last face-down card) and the other its kept cards + the face-up card, the trick-7
    winner to lead trick 8.  Kept lists shorter than 8 are filled from the deck.
    ``plays`` gives the seven junk pairs (card of seat 0, card of seat 1) by hand
    instead of searching for them.  Returns keyword arguments for
    ``Frantsfuus.deal``."""
    trump = suit(turnup)
    forehand = 1 - dealer
    wins = [forehand] * 7 if winners is None else list(winners)
    assert len(wins) == 7
    keeps, used, last = ORACLE.fodder_keeps(keep0, keep1, turnup, last)
    pool = [c for c in DECK if c not in used]
    assert len(pool) == 14
    pool.sort(key=lambda c: strength(c, trump))  # weakest first

    found: list[tuple[str, str]] = []  # per trick: (card of seat 0, card of seat 1)

    def search(t: int, left: list[str]) -> bool:
        if t == 7:
            return True
        leader = forehand if t == 0 else wins[t - 1]
        w = wins[t]
        for co in left:  # the loser's card, weakest first
            for cw in left:  # the winner's card, weakest first
                if cw == co:
                    continue
                pair = {w: cw, 1 - w: co}
                second = trick_winner(pair[leader], pair[1 - leader], trump)
                if (leader, 1 - leader)[second] != w:
                    continue
                found.append((pair[0], pair[1]))
                if search(t + 1, [c for c in left if c not in (cw, co)]):
                    return True
                found.pop()
        return False

    if plays is None:
        assert search(0, pool), "no fodder order found"
        plays = found
    else:
        assert sorted(c for pair in plays for c in pair) == sorted(pool), plays
    return ORACLE.fodder_deal_of(keeps, plays, wins, last, turnup, dealer)


def at_phase2(
    keep0: list[str],
    keep1: list[str],
    turnup: str,
    *,
    last: str | None = None,
    known: bool = True,
    winners: list[int] | None = None,
) -> Frantsfuus:
    """A hand played through phase 1 with junk cards, seat 0 winning every trick (unless
    ``winners`` says otherwise): the trick-7 winner then holds its kept cards + ``last``,
    the other its kept cards + the face-up card, and the trick-7 winner leads trick 8."""
    deal = fodder_deal(keep0, keep1, turnup, last=last, winners=winners)
    b = Frantsfuus(known=known).deal(**deal)
    b.fodder(7)
    assert b.winners == (winners or [0] * 7)
    return b


def meld_hand(keep0: list[str], keep1: list[str], turnup: str = "C8", **kw: object) -> Frantsfuus:
    return Frantsfuus().deal(**fodder_deal(keep0, keep1, turnup, **kw))


# ---------------------------------------------------------------------------
# 1. card points, trick winning, 162, match
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "follow", "winner", "points"),
    [
        ("HA", "H10", 0, 21),  # side suit: ace over ten, 11 + 10
        ("H9", "HJ", 1, 2),  # side suit: knekt over nio, 2 + 0
        ("HJ", "H10", 0, 12),  # side suit: knekt over tio, 2 + 10
        ("HK", "HQ", 0, 7),  # side suit: kung over dam, 4 + 3
        ("H7", "DA", 0, 11),  # a higher card of another suit does not win
        ("HA", "S8", 1, 11),  # the lowest trump in play wins a side-suit trick
        ("S9", "SJ", 1, 34),  # trump: knekt 20 over nio 14
        ("SA", "S9", 1, 25),  # trump: nio over ess
        ("S10", "SQ", 1, 13),  # trump: dam over tio
        ("S8", "HA", 0, 11),  # trump led, a side card cannot win
    ],
)
def test_card_points_and_trick_winner(lead, follow, winner, points):
    """Seed: 'Essen är värda 11 poäng var, kungarna 4 poäng, damerna 3 poäng, knektarna 2
    poäng, tiorna 10 poäng och övriga kort 0 poäng. I trumf-färgen är knekten högsta kort
    och är värd 20 poäng. Därefter kommer nian, som är värd 14 poäng.' and 'Om trumf
    spelades till sticket, vinnas sticket av den som spelade det högsta trumfkortet. I
    annat fall vinner den som spelade det högsta kortet i utspelsfärgen.'  Trump spades
    (face-up S7, so nobody can rob); one trick."""
    hands, talon = fill_deal([lead], [follow], "S7")
    b = Frantsfuus().deal(hands, "S7", talon)
    assert b.trick(lead, follow) == winner
    v = b.verdict()
    expected = [0, 0]
    expected[winner] = points
    assert v["hands"][0]["points"] == expected
    assert v["hands"][0]["tricks"] == 1
    assert v["violations"] == []


def test_full_hand_totals_162_with_last_trick_ten():
    """Seed: 'Det sista sticket är värt 10 poäng. Det finns sammanlagt 162 poäng att spela
    om i sticktagningen.'  A whole hand with default plays (16 tricks); the builder
    referees every trick by the seed."""
    hands, talon = fill_deal([], [], "C8")
    b = Frantsfuus().deal(hands, "C8", talon)
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
    """Seed: 'Därtill adderas 10 poäng till den spelare som vann det sista sticket.'  The
    hand stopped after 15 tricks, then the sixteenth trick: its winner gains the two
    cards' points plus 10, the other nothing."""
    hands, talon = fill_deal([], [], "C8")
    b = Frantsfuus().deal(hands, "C8", talon)
    b.play_out(15)
    v15 = b.verdict()
    assert v15["hands"][0]["points"] == b.points
    assert v15["hands"][0]["complete"] is False
    lead = b.choose(b.leader, None)
    follow = b.choose(1 - b.leader, lead)
    w = b.trick(lead, follow)
    v16 = b.verdict()
    gained = [v16["hands"][0]["points"][i] - v15["hands"][0]["points"][i] for i in (0, 1)]
    assert gained[1 - w] == 0
    assert gained[w] == value(lead, "C") + value(follow, "C") + LAST_TRICK
    assert sum(v16["hands"][0]["points"]) == 162


# seat 0 in phase 2: six trumps and the three top diamonds (DQ is the last face-down
# card); seat 1: the face-up CQ and side cards
MATCH_KEEP0 = ["CJ", "C9", "CA", "CK", "C10", "C8", "DA", "DK"]


def match_hand() -> Frantsfuus:
    b = at_phase2(MATCH_KEEP0, [], "CQ", last="DQ")
    assert b.held[0] == {*MATCH_KEEP0, "DQ"}
    assert "CQ" in b.held[1]
    for card in ["CJ", "C9", "CA", "CK", "C10", "C8", "DA", "DK", "DQ"]:
        assert b.trick(card, b.choose(1, card)) == 0
    assert b.winners == [0] * 16
    return b


def test_match_variant_adds_100_for_all_nine_phase_two_tricks():
    """Seed (Varianter): 'om någon av spelarna har tagit alla nio sticken i den andra
    fasen, har spelaren vunnit *match*. Det är värt 100 poäng extra.'  House rule
    match=true: seat 0 takes tricks 8-16."""
    b = match_hand()
    v = b.verdict(match=True)
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["points"] == [162, 0]
    assert h["match"] == 0
    assert h["scored"] == [262, 0]
    assert v["totals"] == [262, 0]


def test_match_is_off_by_default():
    """Seed: the match bonus is a variant ('I några av de till frantsfuus närbesläktade
    spelen gäller att ...'), not the Danish rule itself: the same hand scores 162."""
    b = match_hand()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["points"] == [162, 0]
    assert h["scored"] == [162, 0]
    assert v["totals"] == [162, 0]


def test_match_variant_needs_every_phase_two_trick():
    """Seed (Varianter): 'om någon av spelarna har tagit alla nio sticken i den andra
    fasen'.  Seat 1 keeps DA and takes trick 16 with it: no match even with
    match=true."""
    keep1 = ["DA", "H7", "H8", "H9", "S7", "S8", "S9", "S10"]
    keep0 = ["CJ", "C9", "CA", "CK", "C10", "C8", "HA", "HK"]
    b = at_phase2(keep0, keep1, "CQ", last="DK")
    for card in ["CJ", "C9", "CA", "CK", "C10", "C8", "HA", "HK"]:
        follow = min(legal_follows(b.held[1], card, "C") - {"DA"}, key=DECK.index)
        assert b.trick(card, follow) == 0
    assert b.trick("DK", "DA") == 1
    v = b.verdict(match=True)
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["points"] == b.points
    assert b.points[1] == 4 + 11 + LAST_TRICK
    assert h["match"] is None
    assert h["scored"] == b.points


def test_match_counts_only_phase_two_tricks():
    """Seed (Varianter): 'tagit alla nio sticken i den andra fasen'.  Seat 1 wins all
    seven phase-1 tricks; seat 0 then takes all nine phase-2 tricks: match for seat 0
    (match=true)."""
    keep0 = ["CJ", "C9", "CA", "CK", "C10", "C8", "HA", "DA"]
    b = at_phase2(keep0, [], "CQ", winners=[1] * 7)
    assert b.held[0] == {*keep0, "CQ"}
    b.play_out()
    assert b.winners[7:] == [0] * 9
    v = b.verdict(match=True)
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["points"] == b.points
    assert h["match"] == 0
    assert h["scored"] == [b.points[0] + 100, b.points[1]]


# ---------------------------------------------------------------------------
# 2. phase 1: no duty; phase 2: follow suit, trump, the jack
# ---------------------------------------------------------------------------


def test_phase_one_no_duty_to_follow_or_trump():
    """Seed: 'Det finns inget krav på att följa färg i den här fasen av spelet, utan man
    får alltid spela vilket kort som helst.'  Trump spades: seat 1 holds hearts and
    trumps but discards a diamond on a heart lead, then a heart on a trump lead."""
    hands, talon = fill_deal(["HK", "SA"], ["HA", "H7", "D7", "S9", "H8"], "S8")
    b = Frantsfuus().deal(hands, "S8", talon)
    assert b.trick("HK", "D7") == 0
    assert b.trick("SA", "H8") == 0
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == [4 + 11, 0]


def test_phase_one_lasts_seven_tricks():
    """Seed: 'Första fasen av spelet varar så länge det finns kort kvar i talongen.' --
    13 face-down cards, two drawn after each trick: trick 7 is still free.  Seat 1
    discards D7 on HK in trick 7 while holding hearts (its kept H-cards)."""
    keep1 = ["HA", "H7", "D7", "D8", "S7", "S8", "S9", "S10"]
    keep0 = ["HK", "H9", "DA", "DK", "SA", "SK", "CA", "CK"]
    b = Frantsfuus().deal(**fodder_deal(keep0, keep1, "C7"))
    b.fodder(6)
    assert b.trick("HK", "D7") == 0
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["tricks"] == 7


# seat 1 in phase 2: hearts H7 HA, no trump but (perhaps) the face-up card
P2_KEEP1 = ["HA", "H7", "D7", "D8", "D9", "S7", "S8", "S9"]
P2_KEEP0 = ["HK", "H9", "DA", "DK", "SA", "SK", "CA", "CK"]


def test_phase_two_must_follow_suit():
    """Seed: 'Dock gäller i denna fas att spelarna i första hand måste följa färg ... den
    som spelar sist till ett stick måste om möjligt lägga ett kort i samma färg som
    utspelskortet.'  Seat 1 holds HA and H7 but plays D7 on HK in trick 8."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "C8", last="C9")
    b.trick("HK", "D7", legal=False)
    v = b.verdict()
    assert viol(v) == [("follow-suit", b.line(event="play", card="D7"), 1)]


def test_phase_two_trumping_instead_of_following_is_follow_suit():
    """Seed: 'spelarna i första hand måste följa färg och i andra hand spela trumf' --
    trumping while holding the led suit breaks the first duty.  Seat 1 plays the
    face-up C8 on HK while holding hearts."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "C8", last="C9")
    b.trick("HK", "C8", legal=False)
    v = b.verdict()
    assert viol(v) == [("follow-suit", b.line(event="play", card="C8"), 1)]


def test_phase_two_must_trump_when_void_in_side_suit():
    """Seed: 'Om spelaren inte har något kort i färgen och om utspelet skedde i en annan
    färg än trumf, måste spelaren om möjligt trumfa.'  Seat 1 has no hearts and holds
    the face-up trump C8, but discards D7 on HK."""
    keep1 = ["D7", "D8", "D9", "S7", "S8", "S9", "S10", "SJ"]
    b = at_phase2(P2_KEEP0, keep1, "C8", last="C9")
    assert not {c for c in b.held[1] if suit(c) == "H"}
    b.trick("HK", "D7", legal=False)
    v = b.verdict()
    assert viol(v) == [("must-trump", b.line(event="play", card="D7"), 1)]


def test_phase_two_no_duty_to_go_higher():
    """Seed: 'Notera att det inte råder översticktvång. Om den andra spelaren har kort i
    utspelsfärgen med både högre och lägre stickkraft än det utspelade kortet, får
    spelaren själv välja vilket av dessa kort som spelas.'  Seat 1 plays H7 under HK
    while holding HA, then the rest of the hand is played out (162 in all)."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "C8", last="C9")
    assert b.trick("HK", "H7") == 0
    assert b.trick("C9", "C8") == 0
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert sum(v["hands"][0]["points"]) == 162
    assert v["hands"][0]["points"] == b.points


def test_phase_two_lower_trump_on_a_trump_lead_is_fine():
    """Seed: 'Notera att det inte råder översticktvång.'  Trump led (C9); seat 1 holds
    CA and the face-up C8 and gives the C8."""
    keep1 = ["CA", "D7", "D8", "D9", "S7", "S8", "S9", "S10"]
    keep0 = ["HK", "H9", "DA", "DK", "SA", "SK", "HA", "C10"]
    b = at_phase2(keep0, keep1, "C8", last="C9")
    assert b.trick("C9", "C8") == 0
    v = b.verdict()
    assert v["violations"] == []


def test_phase_two_void_without_trump_plays_anything():
    """Seed: 'En spelare som saknar trumf och inte kan följa färg får spela vilket kort
    som helst.'  Seat 1's only trump (C8) is gone; it has no hearts: S7 on HK."""
    keep1 = ["D7", "D8", "D9", "S7", "S8", "S9", "S10", "SJ"]
    b = at_phase2(P2_KEEP0, keep1, "C8", last="C9")
    assert b.trick("C9", "C8") == 0  # trump led: the C8 must follow
    assert b.trick("HK", "S7") == 0
    v = b.verdict()
    assert v["violations"] == []


def test_trump_jack_not_forced_on_a_trump_lead():
    """Seed: 'Det högsta trumfkortet, knekten, kan aldrig tvingas ut. Om trumf till
    exempel spelas ut och en spelare bara har knekten i trumffärgen på handen, får
    spelaren spela vilket kort som helst.'  The face-up card is CJ, seat 1's only
    trump; C9 is led and seat 1 plays D7."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "CJ", last="C9")
    assert b.trick("C9", "D7") == 0
    v = b.verdict()
    assert v["violations"] == []


def test_trump_jack_not_forced_when_void_in_side_suit():
    """Seed: 'Om en spelare inte kan följa färg och bara har knekt i trumf, får spelaren
    också spela valfritt kort.'  Seat 1 has no hearts; its only trump is CJ; it
    discards D7 on HK."""
    keep1 = ["D7", "D8", "D9", "S7", "S8", "S9", "S10", "SJ"]
    b = at_phase2(P2_KEEP0, keep1, "CJ", last="C9")
    assert b.trick("HK", "D7") == 0
    v = b.verdict()
    assert v["violations"] == []


def test_trump_jack_with_another_trump_must_follow_trump():
    """Seed: 'Om trumf till exempel spelas ut och en spelare bara har knekten i
    trumffärgen på handen' -- the exception needs the jack to be the *only* trump:
    with CJ and C10, seat 1 must give a trump to C9 and may not play D7."""
    keep1 = ["C10", "D7", "D8", "D9", "S7", "S8", "S9", "S10"]
    b = at_phase2(P2_KEEP0, keep1, "CJ", last="C9")
    b.trick("C9", "D7", legal=False)
    v = b.verdict()
    assert viol(v) == [("follow-suit", b.line(event="play", card="D7"), 1)]


def test_trump_jack_with_another_trump_must_trump_a_side_lead():
    """Seed: 'Om en spelare inte kan följa färg och bara har knekt i trumf' -- with CJ
    and C10 and no hearts, seat 1 must trump HK (C10 or CJ), not discard D7."""
    keep1 = ["C10", "D7", "D8", "D9", "S7", "S8", "S9", "S10"]
    b = at_phase2(P2_KEEP0, keep1, "CJ", last="C9")
    b.trick("HK", "D7", legal=False)
    v = b.verdict()
    assert viol(v) == [("must-trump", b.line(event="play", card="D7"), 1)]


# ---------------------------------------------------------------------------
# 3. drawing and robbing
# ---------------------------------------------------------------------------


def test_trick_winner_draws_first_and_leads():
    """Seed: 'Den som vann sticket drar kort först och spelar också ut till nästa
    stick.'  Seat 1 wins trick 1 (trumps HA) and draws first, then leads trick 2."""
    hands, talon = fill_deal(["HA"], ["S8", "D7"], "S9")
    b = Frantsfuus().deal(hands, "S9", talon)
    assert b.trick("HA", "S8") == 1
    assert b.events[-2:] == [draw(1, talon[0]), draw(0, talon[1])]
    b.trick("D7", b.choose(0, "D7"))
    assert b.events[b.line(event="play", card="D7")]["seat"] == 1
    v = b.verdict()
    assert v["violations"] == []


def test_loser_drawing_first_is_out_of_turn():
    """Seed: 'Den som vann sticket drar kort först'.  After trick 1 (won by seat 0) seat
    1 draws first: out-of-turn, refused; then the draws in the right order."""
    hands, talon = fill_deal(["HA"], ["H10"], "S9")
    b = Frantsfuus().deal(hands, "S9", talon)
    b.trick("HA", "H10", draws=False)
    bad = b.add(draw(1, talon[1]))
    b.do_draws()
    b.play_out(3)
    v = b.verdict()
    assert viol(v) == [("out-of-turn", bad, 1)]
    assert v["hands"][0]["points"] == b.points


def test_play_before_the_draws_are_done_is_illegal_event():
    """Seed: 'När poängen för alla eventuella mälningar har bokförts och sticket har
    vänts bort, drar spelarna varsitt kort från talongen.'  Seat 0 draws and leads trick
    2 before seat 1 has drawn: the play is refused and made again."""
    hands, talon = fill_deal(["HA", "D7"], ["H10"], "S9")
    b = Frantsfuus().deal(hands, "S9", talon)
    b.trick("HA", "H10", draws=False)
    assert b.do_draws(1) == len(b.events) - 1 and b.events[-1] == draw(0, talon[0])
    bad = b.add(play(0, "D7"))
    b.do_draws()
    b.trick("D7", b.choose(1, "D7"))
    v = b.verdict()
    assert viol(v) == [("illegal-event", bad, 0)]
    assert v["hands"][0]["tricks"] == 2


def test_after_trick_seven_winner_takes_last_card_other_the_turnup():
    """Seed: 'När det sjunde sticket har vänts bort, drar den spelare som vann sticket
    det sista dolda kortet i talongen och den andra spelaren tar det uppvända kortet som
    anger trumf.'  Seat 0 wins trick 7 and draws DQ; seat 1 takes the face-up CQ and
    plays it in trick 8: no violation, 162 in all."""
    b = at_phase2(MATCH_KEEP0, [], "CQ", last="DQ")
    assert b.tricks == 7
    assert b.events[-2] == draw(0, "DQ")
    assert b.events[-1] == draw(1, "CQ")
    assert b.trick("CJ", "CQ") == 0
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == [162, 0]


def test_after_trick_seven_loser_takes_the_turnup_when_seat_one_wins():
    """Seed: 'drar den spelare som vann sticket det sista dolda kortet ... och den andra
    spelaren tar det uppvända kortet'.  Seat 1 wins trick 7: it draws the last hidden
    card first, seat 0 takes the face-up card; seat 1 leads trick 8 ('Den som vann det
    sjunde sticket spelar ut till det åttonde')."""
    b = at_phase2([], [], "CQ", last="DQ", winners=[0] * 6 + [1])
    assert b.events[-2:] == [draw(1, "DQ"), draw(0, "CQ")]
    assert b.leader == 1
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points
    assert sum(b.points) == 162


def test_face_up_card_taken_by_trick_seven_winner_is_refused():
    """Seed: '... och den andra spelaren tar det uppvända kortet som anger trumf.'  The
    trick-7 winner (seat 0) claims the face-up CQ: refused; then the right draws."""
    b = Frantsfuus().deal(**fodder_deal(MATCH_KEEP0, [], "CQ", last="DQ"))
    b.fodder(6)
    b.fodder(1, draws=False)
    assert b.winners[-1] == 0
    bad = b.add(draw(0, "CQ"))
    b.do_draws()
    b.play_out()
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 0)]
    assert v["violations"][0]["rule"] in ("out-of-turn", "illegal-event")
    assert v["hands"][0]["points"] == b.points


def test_face_up_card_draw_may_be_unseen():
    """The log contract: the other's draw of the face-up card 'may give that card or
    null' (seed: 'Förloren av sticket har rätt att kräva att vinnaren visar upp det
    dragna kortet' -- the face-up card itself is known)."""
    b = Frantsfuus().deal(**fodder_deal(MATCH_KEEP0, [], "CQ", last="DQ"))
    b.fodder(6)
    b.fodder(1, draws=False)
    b.do_draws(1)
    b.do_draws(unseen=True)
    assert b.events[-2:] == [draw(0, "DQ"), draw(1, None)]
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points


ROB_KEEP0 = ["S7", "HA", "HK", "DA", "DK", "CA", "CK", "CQ"]


def test_rob_with_trump_seven_while_face_down_cards_remain():
    """Seed: 'Den spelare som har trumfsjuan får röva det uppvända kortet vid sidan av
    talongen (det kort som anger trumf). Det innebär att spelaren byter ut trumfsjuan på
    handen mot detta kort.'  Seat 0 robs SA after trick 1 and leads it in trick 8;
    after trick 7 seat 1 takes the S7 (now face up) and plays it: no violation."""
    b = Frantsfuus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(1)
    at = b.rob(0)
    assert "SA" in b.held[0] and b.turnup == "S7"
    b.fodder(6)
    assert b.tricks == 7 and b.events[-1] == draw(1, "S7")
    assert b.trick("SA", "S7") == 0
    b.play_out()
    v = b.verdict()
    assert b.events[at] == rob(0, "S7")
    assert v["violations"] == []
    assert sum(v["hands"][0]["points"]) == 162
    assert v["hands"][0]["points"] == b.points


def test_rob_before_the_first_trick():
    """Seed: 'Den spelare som har trumfsjuan får röva det uppvända kortet' -- while the
    whole talon still lies on it.  Seat 0 robs right after the deal."""
    b = Frantsfuus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.rob(0)
    b.fodder(7)
    assert b.events[-1] == draw(1, "S7")
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert sum(v["hands"][0]["points"]) == 162


def test_rob_just_before_the_last_face_down_card_is_drawn():
    """Seed: '... men det måste ske så länge det finns kort kvar i talongen (det vill
    säga så länge det uppvända kortet som visar trumf fortfarande täcks av minst ett
    kort).'  Trick 7 is over, one face-down card is left: seat 0 robs, then the draws;
    seat 1 takes the S7."""
    b = Frantsfuus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(6)
    b.fodder(1, draws=False)
    b.rob(0)
    b.do_draws()
    assert b.events[-1] == draw(1, "S7")
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert sum(v["hands"][0]["points"]) == 162


def test_rob_after_the_last_face_down_card_is_refused():
    """Seed: '... så länge det finns kort kvar i talongen (det vill säga så länge det
    uppvända kortet som visar trumf fortfarande täcks av minst ett kort).'  Seat 0 wins
    trick 7, draws the last face-down card, then tries to rob: refused; seat 1 takes the
    SA as usual and plays it."""
    b = Frantsfuus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(6)
    b.fodder(1, draws=False)
    assert b.pending == [(0, b.talon[12]), (1, "SA")]
    b.do_draws(1)
    bad = b.add(rob(0, "S7"))
    b.do_draws()
    b.play_out()
    v = b.verdict()
    assert viol(v) == [("illegal-event", bad, 0)]
    assert sum(v["hands"][0]["points"]) == 162


def test_rob_with_another_card_is_refused():
    """Seed: 'Den spelare som har trumfsjuan får röva ... byter ut trumfsjuan' -- only
    the trump 7 robs.  Seat 0 offers CA (a side card): refused, and the face-up SA still
    goes to seat 1 after trick 7."""
    b = Frantsfuus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(1)
    bad = b.add(rob(0, "CA"))
    b.fodder(6)
    assert b.events[-1] == draw(1, "SA")
    b.play_out()
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 0)]
    assert v["violations"][0]["rule"] == "illegal-event"
    assert sum(v["hands"][0]["points"]) == 162


def test_rob_with_the_schmaus_six_is_wrong_deck():
    """Seed: 'Valörerna från två till sex tas bort' -- there is no trump 6 to rob with
    in Frantsfuus (the log: 'a 6 is wrong-deck')."""
    b = Frantsfuus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(1)
    bad = b.add(rob(0, "S6"))
    b.fodder(6)
    assert b.events[-1] == draw(1, "SA")
    v = b.verdict()
    assert viol(v) == [("wrong-deck", bad, 0)]


def test_rob_by_a_seat_without_the_seven_is_refused():
    """Seed: 'Den spelare som har trumfsjuan får röva'.  With the deal known, seat 1
    (not holding S7) tries to rob with S7: refused."""
    b = Frantsfuus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(1)
    bad = b.add(rob(1, "S7"))
    b.fodder(6)
    assert b.events[-1] == draw(1, "SA")
    b.play_out()
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 1)]


# ---------------------------------------------------------------------------
# 4. melds (trump clubs, face-up C8, unless said otherwise)
# ---------------------------------------------------------------------------

HEARTS = ["HA", "HK", "HQ", "HJ", "H10", "H9", "H8", "H7"]  # the whole suit, high first
SEQ3_H = ["HQ", "HJ", "H10"]  # terts from HQ
SEQ3_D = ["DQ", "DJ", "D10"]  # the same in diamonds
SEQ3_DK = ["DK", "DQ", "DJ"]  # terts from DK: higher top card
SEQ3_C = ["CQ", "CJ", "C10"]  # terts from CQ in trump
SEQ4_D = ["DK", "DQ", "DJ", "D10"]  # quart, 50
SEQ5_S = ["SJ", "S10", "S9", "S8", "S7"]  # fuus from SJ, 100
FOUR_Q = ["HQ", "DQ", "SQ", "CQ"]
FOUR_K = ["HK", "DK", "SK", "CK"]
FOUR_A = ["HA", "DA", "SA", "CA"]
FOUR_J = ["HJ", "DJ", "SJ", "CJ"]


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (["H9", "H8", "H7"], 20),  # terts
        (["H10", "H9", "H8", "H7"], 50),  # quart
        (HEARTS[3:], 100),  # fuus from HJ
        (HEARTS[2:], 100),  # sjätte fuus
        (HEARTS[1:], 100),  # sjunde fuus
        (HEARTS, 100),  # åttonde fuus
        (["CJ", "C10", "C9"], 20),  # J-10-9 of trump is a sequence
        (FOUR_Q, 100),
        (FOUR_K, 100),
        (FOUR_A, 100),
        (FOUR_J, 200),
    ],
)
def test_meld_table_values(cards, points):
    """Seed: 'En sekvens med tre kort kallas *terts* och är värd 20 poäng, en sekvens med
    fyra kort kallas *quart* och är värd 50 poäng och en sekvens med fem kort kallas
    *fuus* och är värd 100 poäng. En sekvens med sex, sju eller åtta kort kallas
    *sjätte*, *sjunde* respektive *åttonde fuus* och är alla värda 100 poäng.' and 'Fyra
    knektar är högst och är värt 200 poäng ... fyra ess, fyra kungar och fyra damer, alla
    värda 100 poäng.' and 'Däremot är knekt, tio och nio en sekvens – i trumf och i de
    övriga färgerna.'  Seat 0 declares with its lead in trick 1; the hand is played
    out."""
    b = meld_hand(cards, [])
    b.meld_trick(0, cards)
    b.play_out()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["weis"] == [points, 0]
    assert h["scored"] == [b.points[0] + points, b.points[1]]
    assert sum(h["points"]) == 162


@pytest.mark.parametrize(
    "cards",
    [
        ["H10", "D10", "S10", "C10"],  # four tens
        ["H9", "D9", "S9", "C9"],  # four nines
        ["H8", "D8", "S8", "C8"],  # four eights
        ["H7", "D7", "S7", "C7"],  # four sevens
        ["CJ", "C9", "CA"],  # the three highest trumps: not a sequence
        ["HA", "HK", "HJ"],  # a gap
        ["HA", "HK"],  # two cards
        ["HA", "DK", "SQ"],  # three suits
    ],
)
def test_no_meld_is_false_weis(cards):
    """Seed: 'Alla sekvenser av minst tre på varandra följande valörer i en och samma
    färg är giltiga mälningar. Notera att ordningen på valörerna i en sekvens alltid är
    densamma som i icke trumffärger. Det innebär att knekt, nio och ess i trumf inte är
    en sekvens' and 'Spelarna kan också mäla fyrstal av klädda kort och ess' (only Q, K,
    A, J in the table).  Trump clubs, face-up CK; seat 0 declares with its lead."""
    b = meld_hand(cards, [], turnup="CK")
    b.meld_trick(0, cards)
    bad = b.line(event="weis")
    v = b.verdict()
    assert viol(v) == [("false-weis", bad, 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_higher_meld_rejects_and_only_it_is_booked():
    """Seed: 'Om denne mäler en högre rankad kombination, *avvisas* den första
    mälningen vilket innebär att endast den andra spelaren får tillgodoräkna sig poäng
    för mälningen.'  Seat 0 declares a terts (20), seat 1 rejects with a quart (50)."""
    b = meld_hand(SEQ3_H, SEQ4_D)
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)], follow_extra=[weis(1, SEQ4_D)])
    b.play_out()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["weis"] == [0, 50]
    assert h["scored"] == [b.points[0], b.points[1] + 50]


@pytest.mark.parametrize(
    ("lead", "answer", "points"),
    [
        (SEQ4_D, SEQ5_S, 100),  # fuus over quart
        (SEQ5_S, FOUR_Q, 100),  # four queens over a fuus (same 100)
        (HEARTS[2:], FOUR_K, 100),  # four kings over the 6-card sequence
        (FOUR_Q, FOUR_K, 100),  # kings over queens
        (FOUR_K, FOUR_A, 100),  # aces over kings
        (FOUR_A, FOUR_J, 200),  # jacks over aces
        (["DA", "DK", "DQ"], ["H10", "H9", "H8", "H7"], 50),  # more cards beat a higher top
        (["DA", "DK", "DQ", "DJ", "D10"], HEARTS[2:], 100),  # six cards over a fuus
        (["DQ", "DJ", "D10", "D9", "D8", "D7"], HEARTS[1:], 100),  # seven over six
        (["CJ", "C10", "C9"], ["HA", "HK", "HQ"], 20),  # top A over top J, trump or not
    ],
)
def test_meld_ranking_rejections(lead, answer, points):
    """Seed: 'Rangordningen av mälningarna i stigande ordning ... Terts, Qvart, Fuus,
    Sjätte fuus, Sjunde fuus, Åttonde fuus, Fyra damer, Fyra kungar, Fyra ess, Fyra
    knektar' and 'Om denne mäler en högre rankad kombination, *avvisas* den första
    mälningen'.  Seat 0 declares with its lead, seat 1 answers with the next higher
    combination: only seat 1's is booked.  'En sekvens rankas högre ju fler kort den
    har.' and 'Notera att ordningen på valörerna i en sekvens alltid är densamma som i
    icke trumffärger' (so the trump J-10-9 has the top card J, below an A)."""
    b = meld_hand(lead, answer)
    b.fodder(1, lead_extra=[weis(0, lead)], follow_extra=[weis(1, answer)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, points]


@pytest.mark.parametrize(
    ("lead", "answer", "points"),
    [
        (SEQ4_D, ["H9", "H8", "H7"], 50),  # a terts against a quart
        (FOUR_J, FOUR_A, 200),  # aces against jacks
        (FOUR_K, FOUR_Q, 100),  # queens against kings
        (FOUR_K, HEARTS[2:], 100),  # the 6-card sequence against four kings
    ],
)
def test_lower_meld_cannot_reject(lead, answer, points):
    """Seed: 'Om denne mäler en högre rankad kombination, *avvisas* den första
    mälningen' -- only a higher one (the log: 'a meld that does not rank higher cannot
    reject: illegal-event').  The leader's meld stays booked."""
    b = meld_hand(lead, answer)
    b.fodder(1, lead_extra=[weis(0, lead)], follow_extra=[weis(1, answer)])
    bad = b.line(event="weis", seat=1)
    v = b.verdict()
    assert viol(v) == [("illegal-event", bad, 1)]
    assert v["hands"][0]["weis"] == [points, 0]


def test_equal_sequences_higher_top_card_rejects():
    """Seed: 'Av två lika långa sekvenser, slår en sekvens med högre valör på toppkortet
    en med lägre valör.'  Leader terts from HQ, seat 1 terts from DK: seat 1's booked."""
    b = meld_hand(SEQ3_H, SEQ3_DK)
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)], follow_extra=[weis(1, SEQ3_DK)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 20]


def test_equal_sequences_trump_rejects():
    """Seed: 'Av två lika långa och lika höga sekvenser, slår en sekvens i trumf en
    sekvens i icke trumf.'  Trump clubs; leader terts from HQ, seat 1 terts from CQ."""
    b = meld_hand(SEQ3_H, SEQ3_C)
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)], follow_extra=[weis(1, SEQ3_C)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 20]


@pytest.mark.parametrize(
    ("lead_meld", "answer"),
    [
        (SEQ3_H, SEQ3_D),  # same top card, side suits: the leader's
        (SEQ3_DK, SEQ3_H),  # the leader's top card is higher
        (SEQ3_C, SEQ3_H),  # the leader's terts is in trump
    ],
)
def test_equal_length_answer_that_loses_leaves_the_leader_booked(lead_meld, answer):
    """Seed: 'Den andra spelaren kan också mäla en lika hög kombination, det vill säga en
    sekvens med lika många kort. Hen anmäler detta genom att fråga "varifrån?" ... Om
    det fortfarande är oavgjort, frågar den andra spelaren slutligen "i vilken färg?".
    Detta kommer definitivt att avgöra vems mälning som är högst.' and 'Av två
    likvärdiga sekvenser i icke trumffärger, vinner den spelare som har förhand i det
    aktuella sticket (det vill säga den som spelar ut i sticket).'  Only the leader's
    terts is booked.  (Whether the losing equal answer is itself a violation is the
    log's decision -- 'a meld that does not rank higher cannot reject' -- and is not
    asserted here beyond its seat and line.)"""
    b = meld_hand(lead_meld, answer)
    b.fodder(1, lead_extra=[weis(0, lead_meld)], follow_extra=[weis(1, answer)])
    ans = b.line(event="weis", seat=1)
    v = b.verdict()
    assert v["hands"][0]["weis"] == [20, 0]
    assert {(x["event"], x["seat"]) for x in v["violations"]} <= {(ans, 1)}


@pytest.mark.parametrize(
    ("lead_meld", "answer"),
    [
        (SEQ3_H, SEQ3_D),  # same top card, side suits: the leader's
        (SEQ3_DK, SEQ3_H),  # the leader's top card is higher
        (SEQ3_C, SEQ3_H),  # the leader's terts is in trump
    ],
)
def test_equal_length_answer_is_allowed_by_the_seed(lead_meld, answer):
    """Seed: 'Den andra spelaren kan också mäla en lika hög kombination, det vill säga en
    sekvens med lika många kort. Hen anmäler detta genom att fråga "varifrån?". Den
    första spelaren måste då ange det högsta kortet i sin sekvens, och den andra
    spelaren kan i sin tur säga "den är bra" eller ange ett högre kort.'  Declaring an
    equal-length sequence is a permitted move; when the conversation goes to the leader
    nothing was broken: no violation, the leader's terts booked."""
    b = meld_hand(lead_meld, answer)
    b.fodder(1, lead_extra=[weis(0, lead_meld)], follow_extra=[weis(1, answer)])
    v = b.verdict()
    assert v["hands"][0]["weis"] == [20, 0]
    assert v["violations"] == []


def test_equal_side_sequences_go_to_the_tricks_leader_even_the_dealer():
    """Seed: 'Av två likvärdiga sekvenser i icke trumffärger, vinner den spelare som har
    förhand i det aktuella sticket (det vill säga den som spelar ut i sticket).'  Dealer
    1 wins trick 1 and leads trick 2 declaring HQ-J-10; the non-dealer seat 0 answers
    DQ-J-10: seat 1, the trick's leader, keeps its terts."""
    b = Frantsfuus().deal(**fodder_deal(SEQ3_D, SEQ3_H, "C8", winners=[1] * 7))
    b.fodder(1)
    assert b.leader == 1
    b.fodder(1, lead_extra=[weis(1, SEQ3_H)], follow_extra=[weis(0, SEQ3_D)])
    v = b.verdict()
    assert v["hands"][0]["weis"] == [0, 20]
    ans = b.line(event="weis", seat=0)
    assert {(x["event"], x["seat"]) for x in v["violations"]} <= {(ans, 0)}


def test_second_player_declares_when_leader_declared_none():
    """Seed: 'Om den som spelar ut inte mälde någon kombination, kan den andra spelaren
    mäla en kombination som då inte kan avvisas.'"""
    b = meld_hand([], SEQ4_D)
    b.meld_trick(1, SEQ4_D)
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 50]


def test_leader_may_add_melds_after_approval():
    """Seed: 'En spelare som mäter en kombination och får den godkänd av den andra
    spelaren kan om möjligt och om så önskas mäla även andra kombinationer på handen,
    som inte har mälts tidigare. Det är tillåtet att låta ett kort samtidigt ingå både i
    en sekvens och i ett fyrtal.'  Seat 0 declares DK-Q-J-10 (50) when leading; after
    seat 1 has played it adds four kings (sharing DK, 100): 150 booked."""
    b = meld_hand([*SEQ4_D, "HK", "SK", "CK", "HA"], [])
    b.fodder(1, lead_extra=[weis(0, SEQ4_D)], end=[weis(0, FOUR_K)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [150, 0]
    assert v["hands"][0]["scored"][0] == b.points[0] + 150


def test_additions_may_be_sequences_of_other_suits():
    """Seed: 'Om spelaren som har fått en mälning godkänd har fler giltiga kombinationer,
    får dessa också mätas och bokföras. Dock gäller att i en given färg får poäng för
    högst en sekvens mätas och bokföras vid ett och samma tillfälle.'  Seat 0 declares
    a terts in hearts, then adds a terts in diamonds (another suit): 40."""
    b = meld_hand([*SEQ3_H, *SEQ3_D], [])
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)], end=[weis(0, SEQ3_D)])
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [40, 0]
    assert v["hands"][0]["scored"] == [b.points[0] + 40, b.points[1]]


def test_rejecting_player_may_add_melds():
    """Seed: 'En spelare som mäter en kombination och får den godkänd ... kan ... mäla även
    andra kombinationer' -- the player whose meld stands is the rejecting one.  Seat 0
    declares a terts, seat 1 rejects with a quart and adds four aces: 150 for seat 1."""
    b = meld_hand(SEQ3_H, [*SEQ4_D, *FOUR_A])
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)], follow_extra=[weis(1, SEQ4_D)], end=[weis(1, FOUR_A)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 150]


def test_second_sequence_in_the_same_suit_at_one_occasion_is_refused():
    """Seed: 'Däremot är det inte tillåtet att vid ett tillfälle mäla olika sekvenser i
    samma färg som delar ett eller flera kort.' and 'i en given färg får poäng för högst
    en sekvens mätas och bokföras vid ett och samma tillfälle.'  Seat 0 declares HA-K-Q
    and adds H9-8-7 (hearts again) in the same trick: only the first is booked."""
    low = ["H9", "H8", "H7"]
    b = meld_hand(["HA", "HK", "HQ", *low], [])
    b.fodder(1, lead_extra=[weis(0, ["HA", "HK", "HQ"])], end=[weis(0, low)])
    bad = b.line(event="weis", cards=low)
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 0)]
    assert v["violations"][0]["rule"] in ("illegal-event", "weis-not-upward", "false-weis")
    assert v["hands"][0]["weis"] == [20, 0]


def test_overlapping_sequences_in_one_suit_at_one_occasion_are_refused():
    """Seed: 'Däremot är det inte tillåtet att vid ett tillfälle mäla olika sekvenser i
    samma färg som delar ett eller flera kort.'  Seat 0 declares H10-9-8 and adds
    H9-8-7 in the same trick: only the first is booked."""
    b = meld_hand(["H10", "H9", "H8", "H7"], [])
    b.fodder(1, lead_extra=[weis(0, ["H10", "H9", "H8"])], end=[weis(0, ["H9", "H8", "H7"])])
    bad = b.line(event="weis", cards=["H9", "H8", "H7"])
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 0)]
    assert v["hands"][0]["weis"] == [20, 0]


def test_booked_meld_is_used_up():
    """Seed: 'Så fort poängen för en mälning blivit bokförd är den förbrukad och kan inte
    mätas igen.'  Seat 0 books four kings in trick 1 and declares them again in trick
    2: refused, 100 booked once."""
    b = meld_hand(FOUR_K, [])
    b.meld_trick(0, FOUR_K)
    b.meld_trick(0, FOUR_K)
    bad = [i for i, e in enumerate(b.events) if e["event"] == "weis"][1]
    v = b.verdict()
    assert viol(v) == [("weis-not-upward", bad, 0)]
    assert v["hands"][0]["weis"] == [100, 0]


def test_booked_sequence_is_used_up():
    """Seed: 'Så fort poängen för en mälning blivit bokförd är den förbrukad och kan inte
    mätas igen.'  The same terts twice, in tricks 1 and 2."""
    b = meld_hand(SEQ3_H, [])
    b.meld_trick(0, SEQ3_H)
    b.meld_trick(0, SEQ3_H)
    bad = [i for i, e in enumerate(b.events) if e["event"] == "weis"][1]
    v = b.verdict()
    assert viol(v) == [("weis-not-upward", bad, 0)]
    assert v["hands"][0]["weis"] == [20, 0]


def test_reusing_cards_of_booked_sequences_upward():
    """Seed: 'Det är däremot tillåtet att mäla en sekvens som innehåller en del av korten
    i en tidigare bokförd sekvens, dock under förutsättning att den är högre än alla
    tidigare bokförda sekvenser av samma spelare i färgen. Det innebär att en sekvens
    på till exempel nio, åtta, sju och sex i princip kan mätas och poängen för den
    bokföras tre gånger ... Först mäls en sekvens på tre från åtta och nedåt, sedan en
    på tre från nio och nedåt och till slut en på fyra från nio och nedåt.'  The
    32-card form: 10-9-8-7: terts from 9, terts from 10, quart from 10 = 90."""
    b = meld_hand(["H10", "H9", "H8", "H7"], [])
    b.meld_trick(0, ["H9", "H8", "H7"])
    b.meld_trick(0, ["H10", "H9", "H8"])
    b.meld_trick(0, ["H10", "H9", "H8", "H7"])
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [90, 0]
    assert v["hands"][0]["scored"] == [b.points[0] + 90, b.points[1]]


def test_lower_overlapping_sequence_after_a_higher_one_is_refused():
    """Seed: 'Om spelaren först mäter en sekvens på tre från nio och nedåt, är det inte
    längre tillåtet att sedan mäla en sekvens på tre från åtta och nedåt i färgen – det
    är en sämre sekvens.'  32 cards: terts from H10, then terts from H9."""
    b = meld_hand(["H10", "H9", "H8", "H7"], [])
    b.meld_trick(0, ["H10", "H9", "H8"])
    b.meld_trick(0, ["H9", "H8", "H7"])
    bad = b.line(event="weis", cards=["H9", "H8", "H7"])
    v = b.verdict()
    assert viol(v) == [("weis-not-upward", bad, 0)]
    assert v["hands"][0]["weis"] == [20, 0]


def test_overlapping_sequence_must_beat_all_earlier_ones_in_the_suit():
    """Seed: '... under förutsättning att den är högre än alla tidigare bokförda
    sekvenser av samma spelare i färgen.'  Seat 0 books terts from H10 and quart from
    HK (K-Q-J-10), then declares terts from HJ (overlapping both, beats only the first):
    refused."""
    b = meld_hand(["HK", "HQ", "HJ", "H10", "H9", "H8"], [])
    b.meld_trick(0, ["H10", "H9", "H8"])
    b.meld_trick(0, ["HK", "HQ", "HJ", "H10"])
    b.meld_trick(0, ["HJ", "H10", "H9"])
    bad = b.line(event="weis", cards=["HJ", "H10", "H9"])
    v = b.verdict()
    assert viol(v) == [("weis-not-upward", bad, 0)]
    assert v["hands"][0]["weis"] == [70, 0]


def test_lower_disjoint_sequence_in_the_same_suit_later_is_allowed():
    """Seed: 'kan ... mäla även andra kombinationer på handen, som inte har mälts
    tidigare' -- the 'higher' condition is only for a sequence 'som innehåller en del av
    korten i en tidigare bokförd sekvens'.  Seat 0 books HA-K-Q in trick 1 and H9-8-7
    (no shared card) in trick 2: 40."""
    b = meld_hand(["HA", "HK", "HQ", "H9", "H8", "H7"], [])
    b.meld_trick(0, ["HA", "HK", "HQ"])
    b.meld_trick(0, ["H9", "H8", "H7"])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [40, 0]


def test_rejected_meld_is_not_used_up():
    """Seed: 'Om en kombination mäls men inte ger någon poäng därför att den avvisas, är
    den inte förbrukad utan kan användas igen i senare stick.'  Seat 0's terts is
    rejected by seat 1's quart in trick 1; seat 0 declares it again in trick 2 and it is
    booked."""
    b = meld_hand(SEQ3_H, SEQ4_D)
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)], follow_extra=[weis(1, SEQ4_D)])
    b.meld_trick(0, SEQ3_H)
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 50]


def test_others_booked_meld_does_not_block_a_lower_one_later():
    """Seed: the 'higher' condition names only 'tidigare bokförda sekvenser av samma
    spelare i färgen'; there is no upward rule across players.  Seat 1 books a quart in
    trick 1 (seat 0 declared nothing); seat 0 books a terts in trick 2: both count."""
    b = meld_hand(SEQ3_H, SEQ4_D)
    b.meld_trick(1, SEQ4_D)
    b.meld_trick(0, SEQ3_H)
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 50]


def test_meld_with_a_card_already_played_is_false():
    """Seed: 'Notera att det inte är tillåtet att använda kort som har spelats till ett
    tidigare stick vid mälningar. Kortet i en mälad kombination måste alltid finnas bland
    de nio korten spelaren har på handen.'  Seat 0 plays HK in trick 1 and names it in
    HK-Q-J when leading trick 2."""
    hands, talon = fill_deal(["HK", "HQ", "HJ", "DA"], ["D7"], "S9")
    b = Frantsfuus().deal(hands, "S9", talon)
    assert b.trick("HK", "D7") == 0
    b.trick("DA", b.choose(1, "DA"), lead_extra=[weis(0, ["HK", "HQ", "HJ"])])
    bad = b.line(event="weis")
    v = b.verdict()
    assert viol(v) == [("false-weis", bad, 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_meld_with_a_card_the_other_holds_is_false():
    """Seed: 'Kortet i en mälad kombination måste alltid finnas bland de nio korten
    spelaren har på handen.'  The deal gave H10 to seat 1; seat 0 names it."""
    hands, talon = fill_deal(["HQ", "HJ", "DA"], ["H10", "D7"], "S9")
    b = Frantsfuus().deal(hands, "S9", talon)
    b.trick("DA", "D7", lead_extra=[weis(0, SEQ3_H)])
    bad = b.line(event="weis")
    v = b.verdict()
    assert viol(v) == [("false-weis", bad, 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_meld_with_a_card_just_drawn():
    """Seed: 'Mälningarna görs alltid efter det att spelarna har dragit varsitt nytt kort
    från talongen, det vill säga när spelarna åter sitter med nio kort på handen.'  Seat
    0 holds HK HQ, draws HJ after trick 1 and declares HK-Q-J when leading trick 2."""
    hands, talon = fill_deal(["HK", "HQ", "DA", "D9"], ["D7"], "S9", talon_first=["HJ"])
    b = Frantsfuus().deal(hands, "S9", talon)
    assert b.trick("DA", "D7") == 0
    b.trick("D9", b.choose(1, "D9"), lead_extra=[weis(0, ["HK", "HQ", "HJ"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 0]


def test_leader_meld_with_its_led_card_counts():
    """Seed: 'Den spelare som spelar ut till ett stick kan i samband med detta mäla en
    kombination.' -- the led card is still part of the nine (the log: 'cards it played
    to this very trick count')."""
    b = meld_hand(["HA", "HK", "HQ"], [])
    b.trick("HA", b.junk(1), lead_extra=[weis(0, ["HA", "HK", "HQ"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 0]


def test_meld_in_trick_eight_counts():
    """Seed: 'Spelarna kan göra sin sista mälning i samband med att de spelar till det
    åttonde sticket, vilket går till på samma sätt som mälningarna i den första fasen.'
    Seat 0 declares a quart when leading trick 8."""
    cards = ["HA", "HK", "HQ", "HJ"]
    b = at_phase2(cards, [], "C8")
    b.trick("HA", b.choose(1, "HA"), lead_extra=[weis(0, cards)])
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [50, 0]


def test_meld_with_the_card_drawn_after_trick_seven():
    """Seed: 'När det sjunde sticket har vänts bort, drar den spelare som vann sticket det
    sista dolda kortet ... Spelarna kan göra sin sista mälning i samband med att de
    spelar till det åttonde sticket'.  Seat 0 draws HJ as the last face-down card and
    declares HA-K-Q-J in trick 8."""
    b = at_phase2(["HA", "HK", "HQ"], [], "C8", last="HJ")
    cards = ["HA", "HK", "HQ", "HJ"]
    b.trick("HA", b.choose(1, "HA"), lead_extra=[weis(0, cards)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [50, 0]


def test_meld_in_trick_nine_is_illegal_event():
    """Seed: 'Spelarna kan göra sin sista mälning i samband med att de spelar till det
    åttonde sticket' -- none later.  Seat 0 wins trick 8 with DA (seat 1 must follow
    with a diamond) and declares a quart when leading trick 9."""
    cards = ["HA", "HK", "HQ", "HJ"]
    b = at_phase2([*cards, "DA"], ["D7", "D8"], "C8")
    assert b.trick("DA", "D7") == 0
    b.trick("HA", b.choose(1, "HA"), lead_extra=[weis(0, cards)])
    bad = b.line(event="weis")
    v = b.verdict()
    assert viol(v) == [("illegal-event", bad, 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_meld_names_in_the_verdict():
    """Seed: 'Detta sker genom att ange kombinationens namn, till exempel "terts" eller
    "100 kungar".', 'Det annonseras som "200 knektar".' and 'måste hen ... ange det
    högsta kortet och färgen på sekvensen' and 'Denna kombination kallas *belle*'.  Seat
    0 declares a terts from S10 and belle, adds four kings; seat 1 declares four jacks
    in trick 2."""
    b = meld_hand(["S10", "S9", "S8", *FOUR_K, "CQ"], FOUR_J)
    b.fodder(1, lead_extra=[weis(0, ["S10", "S9", "S8"]), belle(0)], end=[weis(0, FOUR_K)])
    b.meld_trick(1, FOUR_J)
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["weis"] == [120, 200]
    assert h["stoeck"] == [20, 0]
    got = sorted((m["seat"], m["meld"], m["points"]) for m in h["melds"])
    assert got == sorted(
        [
            (0, "terts from S10", 20),
            (0, "belle", 20),
            (0, "100 kings", 100),
            (1, "200 jacks", 200),
        ]
    )


def test_meld_said_by_value_then_shown():
    """Seed: 'Detta sker genom att ange kombinationens namn' ... 'Om någon spelare har
    mälat en godkänd sekvens, måste hen efter det att det andra kortet har spelats till
    sticket ange det högsta kortet och färgen på sekvensen. Mälningen bokförs sedan.'
    Seat 0 says 20 with its lead and shows the terts once seat 1 has played."""
    b = meld_hand(SEQ3_H, [])
    b.fodder(1, lead_extra=[said(0, 20)], end=[weis(0, SEQ3_H)])
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["weis"] == [20, 0]
    assert [(m["seat"], m["meld"]) for m in h["melds"]] == [(0, "terts from HQ")]


def test_meld_said_and_never_shown_counts_its_value():
    """A meld said by value and approved counts ('Mälningen bokförs'); without its
    cards it is named by its value."""
    b = meld_hand(SEQ4_D, [])
    b.fodder(1, lead_extra=[said(0, 50)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [50, 0]
    assert v["hands"][0]["melds"][0]["meld"] == "a meld of 50"


def test_both_say_twenty_and_the_cards_decide():
    """Seed: 'Antag att förhand har en sekvens på fyra kort och börjar mäla 20 poäng ...
    Om nu den andra spelaren också mäter 20 poäng' and 'Av två lika långa sekvenser,
    slår en sekvens med högre valör på toppkortet en med lägre valör.'  Both say 20;
    the leader's stands until the shown cards prove the answer's terts from DK higher."""
    said_only = meld_hand(SEQ3_H, SEQ3_DK)
    said_only.fodder(1, lead_extra=[said(0, 20)], follow_extra=[said(1, 20)])
    assert said_only.verdict()["hands"][0]["weis"] == [20, 0]
    b = meld_hand(SEQ3_H, SEQ3_DK)
    shows = [weis(0, SEQ3_H), weis(1, SEQ3_DK)]
    b.fodder(1, lead_extra=[said(0, 20)], follow_extra=[said(1, 20)], end=shows)
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 20]


def test_higher_value_said_rejects_at_once():
    """Seed: 'Om denne mäler en högre rankad kombination, *avvisas* den första
    mälningen'. A said 50 (a quart) ranks above any terts, shown or not."""
    b = meld_hand(SEQ3_H, SEQ4_D)
    b.fodder(1, lead_extra=[said(0, 20)], follow_extra=[said(1, 50)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 50]


def test_lower_value_said_cannot_reject():
    """'Om denne mäler en högre rankad kombination' -- a said 20 is below a quart."""
    b = meld_hand(SEQ4_D, SEQ3_H)
    b.fodder(1, lead_extra=[weis(0, SEQ4_D)], follow_extra=[said(1, 20)])
    v = b.verdict()
    assert viol(v) == [("illegal-event", b.line(event="weis", seat=1), 1)]
    assert v["hands"][0]["weis"] == [50, 0]


@pytest.mark.parametrize(
    ("answer", "booked"),
    [
        (FOUR_Q, [0, 100]),  # four queens rank above every fuus
        (["HA", "HK", "HQ", "HJ", "H10"], [0, 100]),  # a fuus from HA: the higher top card
        (["DJ", "D10", "D9", "D8", "D7"], [100, 0]),  # a fuus from DJ: the leader's
    ],
)
def test_a_said_hundred_waits_for_its_cards(answer, booked):
    """Seed: 'en sekvens med fem kort kallas *fuus* och är värd 100 poäng' and 'fyra
    kungar och fyra damer, alla värda 100 poäng': a said 100 may be a fuus or four
    queens, which rank differently. Against the leader's fuus from SJ the referee waits
    for the cards: 'Detta kommer definitivt att avgöra vems mälning som är högst.' An
    equal fuus that loses was a permitted answer: no violation."""
    b = meld_hand(SEQ5_S, answer)
    b.fodder(1, lead_extra=[weis(0, SEQ5_S)], follow_extra=[said(1, 100)], end=[weis(1, answer)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == booked


def test_a_said_meld_may_not_change():
    """Seed: 'Notera att det inte är tillåtet för en spelare att ändra en mälning eller
    angiven uppgift om en mälning.'  Seat 0 says 20 and shows a quart."""
    b = meld_hand(SEQ4_D, [])
    b.fodder(1, lead_extra=[said(0, 20)], end=[weis(0, SEQ4_D)])
    v = b.verdict()
    assert viol(v) == [("illegal-event", b.line(event="weis", cards=SEQ4_D), 0)]
    assert v["hands"][0]["weis"] == [20, 0]


def test_a_said_meld_the_known_hand_lacks_is_false():
    """Seed: 'Kortet i en mälad kombination måste alltid finnas bland de nio korten
    spelaren har på handen.'  Seat 0's known hand holds one jack: no 200 (four jacks)."""
    b = meld_hand(SEQ3_H, [])
    b.fodder(1, lead_extra=[said(0, 200)])
    v = b.verdict()
    assert viol(v) == [("false-weis", b.line(event="weis"), 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_a_said_meld_shown_lower_than_the_rejected_one_is_flagged():
    """Seed: 'Om denne mäler en högre rankad kombination, *avvisas* den första
    mälningen': only a higher one rejects. Both say 100; the leader shows four aces,
    seat 1 a sixth fuus, which ranks below them: its answer is flagged when its cards
    prove it, at the answer."""
    b = meld_hand(FOUR_A, HEARTS[1:7])
    b.fodder(
        1,
        lead_extra=[said(0, 100)],
        follow_extra=[said(1, 100)],
        end=[weis(0, FOUR_A), weis(1, HEARTS[1:7])],
    )
    v = b.verdict()
    assert viol(v) == [("illegal-event", b.line(event="weis", seat=1, points=100), 1)]
    assert v["hands"][0]["weis"] == [100, 0]
