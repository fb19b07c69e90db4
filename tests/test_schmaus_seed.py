"""Black-box scenario tests of the Schmaus referee against the rule text (seed 000).

Every expected number below was worked out from the seed
(/work/shared/seeds/000_b4abef183e109c92.txt, Swedish) and the documented log
(docs/game-log.md, "Events (Schmaus and the other talon games)"), never from the
implementation.  Each test quotes the seed sentence it checks.

Conventions (documented product decisions, not rules under test): seats 0 and 1; line 0
is the ``game`` header; with dealer 1, seat 0 is forehand and leads trick 1; after each
phase-1 trick the winner draws first; after trick 9 the winner draws the last face-down
card and the other takes the face-up card; a hand cut short counts the tricks taken so
far.

The ``Schmaus`` builder below referees the tricks itself, from the seed's ranking, so
that a test scripts only the cards and events that matter.
"""

from __future__ import annotations

import pytest

from conftest import viol
from talon_events import TalonBuilder, TalonOracle, bedanken, draw, play, rob, suit, weis

# "I de sistnämnda har korten sin vanliga rangordning, från högst till lägst: ess, kung,
# dam, knekt, tio, nio, åtta, sju och sex."
SIDE_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
# "knekt, nio, ess, kung, dam, tio, åtta, sju och sex"
TRUMP_ORDER = ("J", "9", "A", "K", "Q", "10", "8", "7", "6")
# "Varje ess är värt 11 poäng, varje kung 4 poäng, varje dam 3 poäng, varje knekt 2
# poäng, varje tia 10 poäng och övriga kort 0 poäng." / "Värdet av trumfknekten är 20
# poäng och trumfnian 14 poäng."
SIDE_VALUE = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}
TRUMP_VALUE = {**SIDE_VALUE, "J": 20, "9": 14}


def legal_follows(held: set[str], led: str, trump: str) -> set[str]:
    """Phase 2: the cards the second player may play to ``led``.

    "måste om möjligt lägga ett kort i samma färg som utspelskortet. Om spelaren inte
    har något kort i färgen och om utspelet skedde i en sidofärg, måste spelaren om
    möjligt trumfa." -- and the puur exception: "Om trumf spelas ut och den enda
    trumfen på en spelares hand är puur, får spelaren spela vilket kort som helst. Om
    en spelare inte kan följa färg och bara har trumfknekten, får spelaren också spela
    valfritt kort."  No duty to go higher."""
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
# högsta trumfkortet. I annat fall vinner den som spelade det högsta kortet i den
# utspelade färgen."  The talon: 36 cards, nine each, one turned up.  The draws: "Den
# som vann sticket drar alltid kort först" / after trick 9: "Den spelare som vann det
# nionde sticket tar upp det sista nervända kortet i talongen ... och motspelaren tar
# upp det uppvända kortet".  Robbing: "byter ut trumfsexan på handen mot detta kort".
ORACLE = TalonOracle(
    ranks=("6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    side_order=SIDE_ORDER,
    trump_order=TRUMP_ORDER,
    side_value=SIDE_VALUE,
    trump_value=TRUMP_VALUE,
    hand_size=9,
    phase1_tricks=9,
    robber="6",
    last_trick=5,  # "Det sista sticket ... är värt 5 poäng."
    follows=legal_follows,
)
DECK = ORACLE.deck
value = ORACLE.value
trick_winner = ORACLE.trick_winner
fill_deal = ORACLE.fill_deal


# ---------------------------------------------------------------------------
# event builders
# ---------------------------------------------------------------------------


def stoeck(seat: int) -> dict:
    return {"event": "stoeck", "seat": seat}


# ---------------------------------------------------------------------------
# the builder
# ---------------------------------------------------------------------------


class Schmaus(TalonBuilder):
    """Builds a Schmaus log hand by hand and keeps its own score by the seed ("Den
    spelare som inte gav är förhand")."""

    oracle = ORACLE
    variant = "schmaus"

    def __init__(self, target: int = 1500, known: bool = True) -> None:
        super().__init__(known, target=target)


def fodder_deal(
    keep0: list[str],
    keep1: list[str],
    turnup: str,
    *,
    last: str | None = None,
    dealer: int = 1,
    winner: int | None = None,
) -> dict:
    """A deal in which both seats keep 8 cards through phase 1 and play their one other
    card ("junk": the dealt one, then the one just drawn) every trick, and ``winner``
    (default the forehand) wins all nine phase-1 tricks.  Phase 2 then starts with the
    winner holding its kept cards + ``last`` (the last face-down card) and the other its
    kept cards + the face-up card, the winner to lead trick 10.  Kept lists shorter
    than 8 are filled from the deck.  Returns keyword arguments for ``Schmaus.deal``."""
    trump = suit(turnup)
    forehand = 1 - dealer
    w = forehand if winner is None else winner
    keeps, used, last = ORACLE.fodder_keeps(keep0, keep1, turnup, last)
    junk = [c for c in DECK if c not in used]
    assert len(junk) == 18
    junk.sort(key=lambda c: ORACLE.strength(c, trump), reverse=True)
    jw, jo = junk[:9], junk[9:]

    def w_wins(t: int, cw: str, co: str) -> bool:
        if t == 0 and forehand != w:
            return trick_winner(co, cw, trump) == 1
        return trick_winner(cw, co, trump) == 0

    order: list[tuple[str, str]] = []

    def search(t: int, left_w: list[str], left_o: list[str]) -> bool:
        if t == 9:
            return True
        for cw in left_w:
            for co in left_o:
                if w_wins(t, cw, co):
                    order.append((cw, co))
                    rest_w = [c for c in left_w if c != cw]
                    rest_o = [c for c in left_o if c != co]
                    if search(t + 1, rest_w, rest_o):
                        return True
                    order.pop()
        return False

    assert search(0, jw, jo), "no fodder order found"
    plays = [(cw, co) if w == 0 else (co, cw) for cw, co in order]
    return ORACLE.fodder_deal_of(keeps, plays, [w] * 9, last, turnup, dealer)


def at_phase2(
    keep0: list[str],
    keep1: list[str],
    turnup: str,
    *,
    last: str | None = None,
    known: bool = True,
    target: int = 1500,
) -> Schmaus:
    """A hand played through phase 1 with junk cards, seat 0 winning every trick:
    seat 0 then holds ``keep0`` + ``last`` and seat 1 ``keep1`` + the face-up card, and
    seat 0 leads trick 10."""
    b = Schmaus(target=target, known=known).deal(**fodder_deal(keep0, keep1, turnup, last=last))
    b.fodder(9)
    assert b.winners == [0] * 9
    return b


# ---------------------------------------------------------------------------
# 1. card points, trick winning, 157, match
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "follow", "winner", "points"),
    [
        ("HA", "H10", 0, 21),  # side suit: ace over ten, 11 + 10
        ("H9", "HJ", 1, 2),  # side suit: knekt over nio, 2 + 0
        ("H6", "DA", 0, 11),  # a higher card of another suit does not win
        ("HA", "S6", 1, 11),  # the lowest trump wins a side-suit trick
        ("S9", "SJ", 1, 34),  # trump: knekt 20 over nio 14
        ("SA", "S9", 1, 25),  # trump: nio over ess
        ("S10", "SQ", 1, 13),  # trump: dam over tio
        ("S6", "HA", 0, 11),  # trump led, side card cannot win
    ],
)
def test_card_points_and_trick_winner(lead, follow, winner, points):
    """Seed: 'I trumffärgen är knekten högsta valör ... Därefter kommer nian ...
    knekt, nio, ess, kung, dam, tio, åtta, sju och sex. Värdet av trumfknekten är 20
    poäng och trumfnian 14 poäng.' and 'Om trumf spelades till sticket, vinnas sticket
    av den som spelade det högsta trumfkortet. I annat fall vinner den som spelade det
    högsta kortet i den utspelade färgen.'  Trump spades (face-up S8); one trick."""
    hands, talon = fill_deal([lead], [follow], "S8")
    b = Schmaus().deal(hands, "S8", talon)
    assert b.trick(lead, follow) == winner
    v = b.verdict()
    expected = [0, 0]
    expected[winner] = points
    assert v["hands"][0]["points"] == expected
    assert v["hands"][0]["tricks"] == 1
    assert v["violations"] == []


def test_full_hand_totals_157_with_last_trick():
    """Seed: 'Det sista sticket i en giv där alla arton sticken spelas är värt 5 poäng.
    Det innebär att det sammanlagt finns 157 poäng i leken att spela om.'  A whole hand
    with default plays; the builder referees every trick by the seed."""
    hands, talon = fill_deal([], [], "C8")
    b = Schmaus().deal(hands, "C8", talon)
    b.play_out()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["complete"] is True
    assert h["tricks"] == 18
    assert sum(h["points"]) == 157
    assert h["points"] == b.points
    assert h["match"] is None
    assert h["scored"] == b.points
    assert v["totals"] == b.points


MATCH_KEEP0 = ["CJ", "C9", "CA", "CK", "C10", "C8", "C7", "C6"]  # no CQ: no stöck


def test_match_for_all_nine_tricks_of_phase_two():
    """Seed: 'En spelare som tar de sista nio sticken i en giv där alla arton sticken
    spelas har gjort match och får 100 poäng i bonus. I detta fall blir totalsumman 257
    poäng.'  Seat 0 keeps eight trumps, gets DA as the last face-down card, leads its
    trumps (seat 1 must give its only trump, the face-up CQ) and then DA."""
    b = at_phase2(MATCH_KEEP0, [], "CQ", last="DA")
    assert b.held[0] == {*MATCH_KEEP0, "DA"}
    assert "CQ" in b.held[1]
    for card in ["CJ", "C9", "CA", "CK", "C10", "C8", "C7", "C6", "DA"]:
        assert b.trick(card, b.choose(1, card)) == 0
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["points"] == [157, 0]
    assert h["match"] == 0
    assert h["scored"] == [257, 0]
    assert v["totals"] == [257, 0]


def test_no_match_when_the_other_takes_one_phase_two_trick():
    """Seed: 'Om någon av spelarna har erövrat alla nio sticken i den andra fasen, har
    spelaren vunnit match.'  As above, but seat 0's last card is DK and seat 1 keeps DA:
    seat 1 takes trick 18 (DK 4 + DA 11 + last trick 5 = 20)."""
    b = at_phase2(MATCH_KEEP0, ["DA", "H6", "H7", "H8", "S6", "S7", "S8", "S9"], "CQ", last="DK")
    for card in ["CJ", "C9", "CA", "CK", "C10", "C8", "C7", "C6"]:
        follow = min(legal_follows(b.held[1], card, "C") - {"DA"}, key=DECK.index)
        assert b.trick(card, follow) == 0
    assert b.trick("DK", "DA") == 1
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["points"] == [137, 20]
    assert h["match"] is None
    assert h["scored"] == [137, 20]


def test_match_counts_only_phase_two_tricks():
    """Seed: 'En spelare som tar de sista nio sticken i en giv där alla arton sticken
    spelas har gjort match'.  Seat 1 wins all nine phase-1 tricks; seat 0 keeps eight
    trumps, gets the ninth (the face-up CQ) after trick 9 and takes the last nine
    tricks: match for seat 0."""
    trumps = ["CJ", "C9", "CA", "CK", "C10", "C8", "C7", "C6"]
    b = Schmaus().deal(**fodder_deal(trumps, [], "CQ", winner=1))
    b.fodder(9)
    assert b.winners == [1] * 9
    assert b.held[0] == {*trumps, "CQ"}
    b.play_out()
    assert b.winners[9:] == [0] * 9
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["points"] == b.points
    assert h["match"] == 0
    assert h["scored"] == [b.points[0] + 100, b.points[1]]


# ---------------------------------------------------------------------------
# 2. phase 1: no duty
# ---------------------------------------------------------------------------


def test_phase_one_no_duty_to_follow_or_trump():
    """Seed: 'Det finns inget krav på att följa färg i den här fasen av spelet, utan man
    får alltid spela vilket kort som helst.'  Seat 1 holds hearts and trumps but
    discards a diamond on a heart lead, then a heart on a trump lead."""
    hands, talon = fill_deal(["HK", "SA"], ["HA", "H7", "D6", "S9", "H8"], "S8")
    b = Schmaus().deal(hands, "S8", talon)
    assert b.trick("HK", "D6") == 0
    assert b.trick("SA", "H8") == 0
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == [4 + 11, 0]


# ---------------------------------------------------------------------------
# 3. phase 2 duties
# ---------------------------------------------------------------------------

# seat 1 in phase 2: hearts H7 HA, no other trump than the face-up card
P2_KEEP1 = ["HA", "H7", "D6", "D7", "D8", "S6", "S7", "S8"]
P2_KEEP0 = ["HK", "H9", "DA", "DK", "SA", "SK", "CA", "CK"]


def test_phase_two_must_follow_suit():
    """Seed: 'Dock gäller i denna fas att spelarna i första hand måste följa färg ...
    den som spelar sist till ett stick måste om möjligt lägga ett kort i samma färg som
    utspelskortet.'  Seat 1 holds HA and H7 but plays D6 on HK in trick 10."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "C6", last="C7")
    b.trick("HK", "D6", legal=False)
    v = b.verdict()
    assert viol(v) == [("follow-suit", b.line(event="play", card="D6"), 1)]


def test_phase_two_trumping_instead_of_following_is_follow_suit():
    """Seed: 'i första hand följa färg och i andra hand spela trumf' -- trumping while
    holding the led suit breaks the first duty."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "C6", last="C7")
    b.trick("HK", "C6", legal=False)
    v = b.verdict()
    assert viol(v) == [("follow-suit", b.line(event="play", card="C6"), 1)]


def test_phase_two_must_trump_when_void_in_side_suit():
    """Seed: 'Om spelaren inte har något kort i färgen och om utspelet skedde i en
    sidofärg, måste spelaren om möjligt trumfa.'  Seat 1 has no hearts and holds the
    face-up trump C6, but discards D6 on HK."""
    keep1 = ["D6", "D7", "D8", "S6", "S7", "S8", "S9", "S10"]
    b = at_phase2(P2_KEEP0, keep1, "C6", last="C7")
    assert not {c for c in b.held[1] if suit(c) == "H"}
    b.trick("HK", "D6", legal=False)
    v = b.verdict()
    assert viol(v) == [("must-trump", b.line(event="play", card="D6"), 1)]


def test_phase_two_no_duty_to_go_higher():
    """Seed: 'Notera att det inte råder översticktvång. Om den som spelar sist till
    sticket både har högre och lägre kort i utspelsfärgen än det utspelade kortet, får
    spelaren själv välja vilket av dessa kort som spelas.'  Seat 1 plays H7 under HK
    while holding HA, then the rest of the hand is played out."""
    b = at_phase2(P2_KEEP0, P2_KEEP1, "C6", last="C7")
    assert b.trick("HK", "H7") == 0
    assert b.trick("C7", "C6") == 0
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert sum(v["hands"][0]["points"]) == 157
    assert v["hands"][0]["points"] == b.points


def test_phase_two_lower_trump_on_a_trump_lead_is_fine():
    """Seed: 'Notera att det inte råder översticktvång.'  Trump led (C7); seat 1 holds
    C9 and C6 and gives the C6."""
    keep1 = ["C9", "D6", "D7", "D8", "S6", "S7", "S8", "S9"]
    b = at_phase2(P2_KEEP0, keep1, "C6", last="C7")
    assert b.trick("C7", "C6") == 0
    v = b.verdict()
    assert v["violations"] == []


def test_phase_two_void_without_trump_plays_anything():
    """Seed: 'En spelare som saknar trumf och inte kan följa färg får spela vilket kort
    som helst.'  Seat 1's only trump (C6) is gone; it has no hearts left."""
    keep1 = ["D6", "D7", "D8", "S6", "S7", "S8", "S9", "S10"]
    b = at_phase2(P2_KEEP0, keep1, "C6", last="C7")
    assert b.trick("C7", "C6") == 0  # trump led: C6 must follow
    assert b.trick("HK", "S6") == 0
    v = b.verdict()
    assert v["violations"] == []


def test_trump_jack_not_forced_on_a_trump_lead():
    """Seed: 'Trumfknekten, puur, kan aldrig tvingas ut. Om trumf spelas ut och den enda
    trumfen på en spelares hand är puur, får spelaren spela vilket kort som helst.'
    The face-up card is CJ, seat 1's only trump; C7 is led and seat 1 plays D6."""
    keep1 = ["HA", "H7", "D6", "D7", "D8", "S6", "S7", "S8"]
    b = at_phase2(P2_KEEP0, keep1, "CJ", last="C7")
    assert b.trick("C7", "D6") == 0
    v = b.verdict()
    assert v["violations"] == []


def test_trump_jack_not_forced_when_void_in_side_suit():
    """Seed: 'Om en spelare inte kan följa färg och bara har trumfknekten, får spelaren
    också spela valfritt kort.'  Seat 1 has no hearts; its only trump is CJ; it
    discards D6 on HK."""
    keep1 = ["D6", "D7", "D8", "S6", "S7", "S8", "S9", "S10"]
    b = at_phase2(P2_KEEP0, keep1, "CJ", last="C7")
    assert b.trick("HK", "D6") == 0
    v = b.verdict()
    assert v["violations"] == []


def test_trump_jack_with_another_trump_must_follow_trump():
    """Seed: 'Om trumf spelas ut och den enda trumfen på en spelares hand är puur' --
    the exception needs the jack to be the *only* trump: with CJ and C8, seat 1 must
    give a trump to C7 and may not play D6."""
    keep1 = ["C8", "D6", "D7", "D8", "S6", "S7", "S8", "S9"]
    b = at_phase2(P2_KEEP0, keep1, "CJ", last="C7")
    b.trick("C7", "D6", legal=False)
    v = b.verdict()
    assert viol(v) == [("follow-suit", b.line(event="play", card="D6"), 1)]


# ---------------------------------------------------------------------------
# 4. drawing
# ---------------------------------------------------------------------------


def test_trick_winner_draws_first_and_leads():
    """Seed: 'Den som vann sticket drar alltid kort först och är också förhand i nästa
    stick.'  Seat 1 wins trick 1 (trumps HA) and draws first, then leads trick 2."""
    hands, talon = fill_deal(["HA"], ["S6", "D6"], "S8")
    b = Schmaus().deal(hands, "S8", talon)
    assert b.trick("HA", "S6") == 1
    assert b.events[-2:] == [draw(1, talon[0]), draw(0, talon[1])]
    b.trick("D6", b.choose(0, "D6"))
    assert b.events[b.line(event="play", card="D6")]["seat"] == 1
    v = b.verdict()
    assert v["violations"] == []


def test_loser_drawing_first_is_out_of_turn():
    """Seed: 'Den som vann sticket drar alltid kort först'.  After trick 1 (won by seat
    0) seat 1 draws first: out-of-turn, refused; then the draws in the right order."""
    hands, talon = fill_deal(["HA"], ["H10"], "S8")
    b = Schmaus().deal(hands, "S8", talon)
    b.trick("HA", "H10", draws=False)
    bad = b.add(draw(1, talon[1]))
    b.do_draws()
    b.play_out(3)
    v = b.verdict()
    assert viol(v) == [("out-of-turn", bad, 1)]
    assert v["hands"][0]["points"] == b.points


def test_play_before_the_draws_are_done_is_illegal_event():
    """Seed: 'När poängen för en eventuell weis har bokförts och sticket har vänts bort,
    tar spelarna upp varsitt kort från talongen.'  Seat 0 draws and leads trick 2
    before seat 1 has drawn: the play is refused (illegal-event) and made again."""
    hands, talon = fill_deal(["HA", "D6"], ["H10"], "S8")
    b = Schmaus().deal(hands, "S8", talon)
    b.trick("HA", "H10", draws=False)
    assert b.do_draws(1) == len(b.events) - 1 and b.events[-1] == draw(0, talon[0])
    bad = b.add(play(0, "D6"))
    b.do_draws()
    b.trick("D6", b.choose(1, "D6"))
    v = b.verdict()
    assert viol(v) == [("illegal-event", bad, 0)]
    assert v["hands"][0]["tricks"] == 2


def test_after_trick_nine_winner_takes_last_card_other_the_turnup():
    """Seed: 'Den spelare som vann det nionde sticket tar upp det sista nervända kortet i
    talongen och visar bildsidan för motspelaren, och motspelaren tar upp det uppvända
    kortet som anger trumf.'  Seat 0 wins trick 9 and draws DA; seat 1 takes the CQ and
    plays it in phase 2: no violation, and the whole hand scores 157."""
    b = at_phase2(MATCH_KEEP0, [], "CQ", last="DA")
    assert b.events[-2] == draw(0, "DA")
    assert b.events[-1] == draw(1, "CQ")
    assert b.trick("CJ", "CQ") == 0
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == [157, 0]


def test_face_up_card_taken_by_trick_nine_winner_is_refused():
    """Seed: '... och motspelaren tar upp det uppvända kortet som anger trumf.'  The
    trick-9 winner (seat 0) claims the face-up CQ: refused; then the right draws."""
    b = Schmaus().deal(**fodder_deal(MATCH_KEEP0, [], "CQ", last="DA"))
    b.fodder(8)
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
    null'."""
    b = Schmaus().deal(**fodder_deal(MATCH_KEEP0, [], "CQ", last="DA"))
    b.fodder(8)
    b.fodder(1, draws=False)
    b.do_draws(1)
    b.do_draws(unseen=True)
    assert b.events[-2:] == [draw(0, "DA"), draw(1, None)]
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points


# ---------------------------------------------------------------------------
# 5. robbing with the trump 6
# ---------------------------------------------------------------------------

ROB_KEEP0 = ["S6", "HA", "HK", "DA", "DK", "CA", "CK", "CQ"]


def test_rob_with_trump_six_while_face_down_cards_remain():
    """Seed: 'Den spelare som har trumfsexan får röva det uppvända kortet vid sidan av
    talongen som anger trumf. Det innebär att spelaren byter ut trumfsexan på handen mot
    detta kort.'  Seat 0 robs SA after trick 1 and leads it in trick 10; after trick 9
    seat 1 takes the S6 (now face up) and plays it: no violation."""
    b = Schmaus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(1)
    at = b.rob(0)
    assert "SA" in b.held[0] and b.turnup == "S6"
    b.fodder(8)
    assert b.tricks == 9 and b.events[-1] == draw(1, "S6")
    assert b.trick("SA", "S6") == 0
    b.play_out()
    v = b.verdict()
    assert b.events[at] == rob(0, "S6")
    assert v["violations"] == []
    assert sum(v["hands"][0]["points"]) == 157
    assert v["hands"][0]["points"] == b.points


def test_rob_just_before_the_last_face_down_card_is_drawn():
    """Seed: '... men det måste ske senast innan det sista nervända kortet i talongen
    dras.'  Trick 9 is over, one face-down card is left: seat 0 robs, then the draws;
    seat 1 takes the S6."""
    b = Schmaus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(8)
    b.fodder(1, draws=False)
    b.rob(0)
    b.do_draws()
    assert b.events[-1] == draw(1, "S6")
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert sum(v["hands"][0]["points"]) == 157


def test_rob_after_the_last_face_down_card_is_refused():
    """Seed: '... det måste ske senast innan det sista nervända kortet i talongen dras.'
    Seat 0 wins trick 9, draws the last face-down card, then tries to rob: refused; seat
    1 takes the SA as usual and plays it."""
    b = Schmaus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(8)
    b.fodder(1, draws=False)
    assert b.pending == [(0, b.talon[16]), (1, "SA")]
    b.do_draws(1)
    bad = b.add(rob(0, "S6"))
    b.do_draws()
    b.play_out()
    v = b.verdict()
    assert viol(v) == [("illegal-event", bad, 0)]
    assert sum(v["hands"][0]["points"]) == 157


def test_rob_with_another_card_is_refused():
    """Seed: 'Den spelare som har trumfsexan får röva ... byter ut trumfsexan' -- only
    the trump 6 robs.  Seat 0 offers CA (a side card): it is refused and
    the face-up SA still goes to seat 1 after trick 9."""
    b = Schmaus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(1)
    bad = b.add(rob(0, "CA"))
    b.fodder(8)
    assert b.events[-1] == draw(1, "SA")
    b.play_out()
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 0)]
    assert v["violations"][0]["rule"] == "illegal-event"
    assert sum(v["hands"][0]["points"]) == 157


def test_rob_by_a_seat_without_the_six_is_refused():
    """Seed: 'Den spelare som har trumfsexan får röva'.  With the deal known, seat 1
    (not holding S6) tries to rob with S6: refused."""
    b = Schmaus().deal(**fodder_deal(ROB_KEEP0, [], "SA"))
    b.fodder(1)
    bad = b.add(rob(1, "S6"))
    b.fodder(8)
    assert b.events[-1] == draw(1, "SA")
    b.play_out()
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 1)]


# ---------------------------------------------------------------------------
# 6. weis
# ---------------------------------------------------------------------------

SEQ3_H = ["HQ", "HJ", "H10"]  # sequence of three, top queen: 20
SEQ3_D = ["DQ", "DJ", "D10"]  # the same in diamonds
SEQ3_DK = ["DK", "DQ", "DJ"]  # top king: 20, better than top queen
SEQ3_C = ["CQ", "CJ", "C10"]  # top queen in trump (clubs): 20
SEQ4_D = ["DK", "DQ", "DJ", "D10"]  # 50
FOUR_K = ["HK", "DK", "SK", "CK"]  # 100
SEQ5_H = ["HQ", "HJ", "H10", "H9", "H8"]  # 100


def weis_hand(keep0: list[str], keep1: list[str], turnup: str = "C6", **kw: object) -> Schmaus:
    return Schmaus(**kw).deal(**fodder_deal(keep0, keep1, turnup))


def test_leader_declares_weis_when_leading():
    """Seed: 'Spelaren kan i samband med detta mäla en weis ... Mälningen måste göras
    innan den andra spelaren har spelat sitt kort till sticket.'  Seat 0 declares a
    sequence of three (20) with its lead; seat 1 declares nothing: 20 booked."""
    b = weis_hand(SEQ3_H, [])
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)])
    b.play_out()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["weis"] == [20, 0]
    assert h["scored"] == [b.points[0] + 20, b.points[1]]


def test_second_player_declares_when_leader_declared_none():
    """Seed: 'Om förhand inte mälde någon weis, kan den andra spelaren mäla en egen weis
    som då inte kan avvisas.'"""
    b = weis_hand([], SEQ4_D)
    b.fodder(1, follow_extra=[weis(1, SEQ4_D)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 50]


def test_better_weis_rejects_and_only_it_is_booked():
    """Seed: 'Om motspelaren har en högre rankad weis, kan mälningen avvisas.' and
    'Spelaren får inte bokföra poäng för någon annan weis, utan endast för den som mäldes
    i det aktuella sticket.'  Seat 0 declares 20, seat 1 rejects with 50: only the 50
    is booked."""
    b = weis_hand(SEQ3_H, SEQ4_D)
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)], follow_extra=[weis(1, SEQ4_D)])
    b.play_out()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["weis"] == [0, 50]
    assert h["scored"] == [b.points[0], b.points[1] + 50]


def test_equal_weis_higher_top_card_wins():
    """Seed: 'Av två lika långa sekvenser, är en med högre valör på toppkortet bättre än
    en med lägre valör.'  20 (top queen) by the leader, 20 (top king) by seat 1."""
    b = weis_hand(SEQ3_H, SEQ3_DK)
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)], follow_extra=[weis(1, SEQ3_DK)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 20]


def test_equal_weis_trump_sequence_wins():
    """Seed: 'Av två lika långa och höga sekvenser, är en sekvens i trumf bättre än en
    sekvens i en sidofärg.'  Trump clubs; leader (non-dealer) HQ-J-10, seat 1 CQ-J-10."""
    b = weis_hand(SEQ3_H, SEQ3_C, turnup="C7")
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)], follow_extra=[weis(1, SEQ3_C)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 20]


def test_equal_side_sequences_non_dealer_leading_keeps_it():
    """Seed: 'Av två likvärdiga sekvenser i sidofärger är den som är i förhand bäst (det
    vill säga som sitter hos den spelare som inte gav).'  Dealer 1; the non-dealer seat
    0 leads with HQ-J-10, seat 1 answers DQ-J-10: seat 0's is booked."""
    b = weis_hand(SEQ3_H, SEQ3_D)
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)], follow_extra=[weis(1, SEQ3_D)])
    v = b.verdict()
    assert v["hands"][0]["weis"] == [20, 0]


@pytest.mark.parametrize(
    ("lead_weis", "answer", "turnup"),
    [
        (SEQ3_H, SEQ3_D, "C6"),  # same top, side suits: the non-dealer (leader) wins
        (SEQ3_DK, SEQ3_H, "C6"),  # the leader's top card is higher
        (SEQ3_C, SEQ3_H, "C7"),  # the leader's sequence is in trump
    ],
)
def test_equal_value_answer_that_loses_is_no_violation(lead_weis, answer, turnup):
    """Seed: 'Den andra spelaren kan också mäla en lika hög weis.' and 'Om båda
    spelarna har mälat ett lika högt poängvärde på weis, vidtar en konversation för att
    avgöra vems kombination som är högst.'  Trick 1, nothing booked yet: the second
    player may answer 20 with 20; the conversation then gives it to the leader."""
    b = weis_hand(lead_weis, answer, turnup=turnup)
    b.fodder(1, lead_extra=[weis(0, lead_weis)], follow_extra=[weis(1, answer)])
    v = b.verdict()
    assert v["hands"][0]["weis"] == [20, 0]
    assert v["violations"] == []


def test_equal_side_sequences_non_dealer_following_wins():
    """Seed: 'Om ingen sekvens är i trumf, är den weis som är i förhand bäst.' with
    'förhand' meaning 'den spelare som inte gav'.  Dealer 1 wins trick 1 and leads trick
    2 declaring HQ-J-10; the non-dealer seat 0 answers DQ-J-10 and gets it booked."""
    b = Schmaus().deal(**fodder_deal(SEQ3_D, SEQ3_H, "C6", winner=1))
    b.fodder(1)
    assert b.leader == 1
    b.fodder(1, lead_extra=[weis(1, SEQ3_H)], follow_extra=[weis(0, SEQ3_D)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 0]


def test_sequence_beats_four_of_a_kind_of_equal_value():
    """Seed: 'Om poängen är 100, 150 eller 200, anger spelarna först om det är en sekvens
    eller ett fyrtal. Sekvens är alltid bättre.'  Leader four kings (100), seat 1 a
    sequence of five (100): the sequence is booked."""
    b = weis_hand(FOUR_K, SEQ5_H, turnup="D6")
    b.fodder(1, lead_extra=[weis(0, FOUR_K)], follow_extra=[weis(1, SEQ5_H)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 100]


def test_weis_not_upward_is_flagged_and_not_booked():
    """Seed: 'Mälningarna av weis i en giv måste alltid ske uppåt. Det innebär att om en
    spelare mäter en weis, måste den mälda kombinationen vara tillräckligt hög för att
    kunna avvisa den senast bokförda mälningen i given'.  Seat 1 books 50 in trick 1;
    in trick 2 seat 0 declares 20 when leading."""
    b = weis_hand(SEQ3_H, SEQ4_D)
    b.fodder(1, follow_extra=[weis(1, SEQ4_D)])
    bad = len(b.events) + 1
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)])
    v = b.verdict()
    assert b.events[bad] == weis(0, SEQ3_H)
    assert viol(v) == [("weis-not-upward", bad, 0)]
    assert v["hands"][0]["weis"] == [0, 50]


def test_reusing_cards_of_a_booked_sequence_upward():
    """Seed: 'Det är tillåtet att mäla en sekvens som innehåller en del av korten i en
    eller flera tidigare bokförda sekvenser, under förutsättning att den är högre ...
    Först mäls en sekvens på tre från åtta och nedåt, sedan en på tre från nio och nedåt
    och till slut en på fyra från nio och nedåt.'  20 + 20 + 50 = 90."""
    b = weis_hand(["H9", "H8", "H7", "H6"], [])
    b.fodder(1, lead_extra=[weis(0, ["H8", "H7", "H6"])])
    b.fodder(1, lead_extra=[weis(0, ["H9", "H8", "H7"])])
    b.fodder(1, lead_extra=[weis(0, ["H9", "H8", "H7", "H6"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [90, 0]


def test_lower_sequence_after_a_higher_one_is_not_upward():
    """Seed: 'Om spelaren först mäter en sekvens på tre från nio och nedåt, är det inte
    längre tillåtet att sedan mäla en sekvens på tre från åtta och nedåt i färgen
    eftersom detta är en sämre sekvens.'"""
    b = weis_hand(["H9", "H8", "H7", "H6"], [])
    b.fodder(1, lead_extra=[weis(0, ["H9", "H8", "H7"])])
    bad = len(b.events) + 1
    b.fodder(1, lead_extra=[weis(0, ["H8", "H7", "H6"])])
    v = b.verdict()
    assert b.events[bad] == weis(0, ["H8", "H7", "H6"])
    assert viol(v) == [("weis-not-upward", bad, 0)]
    assert v["hands"][0]["weis"] == [20, 0]


def test_weis_in_trick_ten_counts():
    """Seed: 'Spelarna kan göra sin sista mälning av weis i samband med att de spelar
    till det tionde sticket'.  Seat 0 declares a sequence of four when leading trick
    10."""
    b = at_phase2(["HA", "HK", "HQ", "HJ"], [], "C6")
    b.trick("HA", b.choose(1, "HA"), lead_extra=[weis(0, ["HA", "HK", "HQ", "HJ"])])
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [50, 0]


def test_weis_in_trick_eleven_is_illegal_event():
    """Seed: 'Spelarna kan göra sin sista mälning av weis i samband med att de spelar
    till det tionde sticket' -- none later.  Seat 0 wins trick 10 with DA (seat 1 must
    follow with a diamond) and declares a sequence of four when leading trick 11."""
    cards = ["HA", "HK", "HQ", "HJ"]
    b = at_phase2([*cards, "DA"], ["D6", "D7"], "C6")
    assert b.trick("DA", "D6") == 0
    bad = len(b.events) + 1
    b.trick("HA", b.choose(1, "HA"), lead_extra=[weis(0, cards)])
    v = b.verdict()
    assert viol(v) == [("illegal-event", bad, 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_weis_with_a_card_already_played_is_false():
    """Seed: 'Notera att det inte är tillåtet att använda kort som spelats till tidigare
    stick vid mälningar, utan korten i en mäld weis måste alltid finnas bland de nio
    korten på handen'.  Seat 0 plays HK in trick 1 and names it in a weis in trick 2."""
    hands, talon = fill_deal(["HK", "HQ", "HJ", "DA"], ["D6"], "S8")
    b = Schmaus().deal(hands, "S8", talon)
    assert b.trick("HK", "D6") == 0
    bad = len(b.events) + 1
    b.trick("DA", b.choose(1, "DA"), lead_extra=[weis(0, ["HK", "HQ", "HJ"])])
    v = b.verdict()
    assert viol(v) == [("false-weis", bad, 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_weis_with_the_face_up_card_is_false():
    """Seed: 'korten i en mäld weis måste alltid finnas bland de nio korten på handen'.
    The face-up SA is not in seat 0's hand (it holds SK SQ)."""
    hands, talon = fill_deal(["SK", "SQ", "DA"], ["D6"], "SA")
    b = Schmaus().deal(hands, "SA", talon)
    bad = len(b.events) + 1
    b.trick("DA", "D6", lead_extra=[weis(0, ["SA", "SK", "SQ"])])
    v = b.verdict()
    assert viol(v) == [("false-weis", bad, 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_weis_with_a_card_the_other_holds_is_false():
    """Seed: 'korten i en mäld weis måste alltid finnas bland de nio korten på handen'.
    The deal gave H10 to seat 1; seat 0 names it in HQ-J-10."""
    hands, talon = fill_deal(["HQ", "HJ", "DA"], ["H10", "D6"], "S8")
    b = Schmaus().deal(hands, "S8", talon)
    bad = len(b.events) + 1
    b.trick("DA", "D6", lead_extra=[weis(0, SEQ3_H)])
    v = b.verdict()
    assert viol(v) == [("false-weis", bad, 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_leader_weis_with_its_led_card_counts():
    """Seed: 'Spelaren spelar ut ett kort till sticket ... Spelaren kan i samband med
    detta mäla en weis' -- the led card is part of the hand the weis is declared from
    (the log: 'cards it played to this very trick count')."""
    b = weis_hand(["HA", "HK", "HQ"], [])
    b.trick("HA", b.junk(1), lead_extra=[weis(0, ["HA", "HK", "HQ"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 0]


def test_second_player_may_declare_after_playing_before_the_trick_is_turned():
    """Seed: 'Notera att mälningen av den som spelar sist till sticket måste göras innan
    sticket har vänts bort.'  Seat 1 plays, then declares 50, then the draws."""
    b = weis_hand([], SEQ4_D)
    b.fodder(1, end=[weis(1, SEQ4_D)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [0, 50]


def test_leader_weis_after_the_other_played_is_refused():
    """Seed: 'Mälningen måste göras innan den andra spelaren har spelat sitt kort till
    sticket.'  Seat 0 declares its lead weis only after seat 1 has played."""
    b = weis_hand(SEQ3_H, [])
    b.fodder(1, draws=False)
    bad = b.add(weis(0, SEQ3_H))
    b.do_draws()
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 0)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_weis_with_a_card_just_drawn():
    """Seed: 'Mälningarna görs alltid efter det att det nya kortet har dragits ur
    talongen, det vill säga när spelarna åter sitter med nio kort var på handen.'  Seat 0
    holds HK HQ, draws HJ after trick 1 and declares HK-Q-J when leading trick 2."""
    hands, talon = fill_deal(["HK", "HQ", "DA", "D9"], ["D6"], "S8", talon_first=["HJ"])
    b = Schmaus().deal(hands, "S8", talon)
    assert b.trick("DA", "D6") == 0
    b.trick("D9", b.choose(1, "D9"), lead_extra=[weis(0, ["HK", "HQ", "HJ"])])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 0]


def test_own_weis_after_own_booked_50_is_not_upward():
    """Seed: 'Om det var spelaren själv som gjorde den senast bokförda mälningen måste
    den nya mälningen i något avseende vara bättre'.  Seat 1 books 50 in trick 1 and
    declares 20 as second player in trick 2."""
    b = weis_hand([], [*SEQ4_D, "H8", "H7", "H6"])
    b.fodder(1, follow_extra=[weis(1, SEQ4_D)])
    bad = len(b.events) + 1
    b.fodder(1, follow_extra=[weis(1, ["H8", "H7", "H6"])])
    v = b.verdict()
    assert b.events[bad] == weis(1, ["H8", "H7", "H6"])
    assert viol(v) == [("weis-not-upward", bad, 1)]
    assert v["hands"][0]["weis"] == [0, 50]


def test_equal_weis_upward_against_the_others_booked_one_by_non_dealer():
    """Seed: 'måste den mälda kombinationen vara tillräckligt hög för att kunna avvisa
    den senast bokförda mälningen i given'.  Seat 1 (dealer) books DQ-J-10 in trick 1;
    in trick 2 the non-dealer seat 0 declares HQ-J-10, which would reject it (equal
    side sequences go to the non-dealer): upward, booked."""
    b = weis_hand(SEQ3_H, SEQ3_D)
    b.fodder(1, follow_extra=[weis(1, SEQ3_D)])
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["weis"] == [20, 20]


def test_equal_weis_not_upward_against_the_others_booked_one_by_dealer():
    """Seed: 'måste den mälda kombinationen vara tillräckligt hög för att kunna avvisa
    den senast bokförda mälningen i given'.  Seat 0 (non-dealer) books HQ-J-10 in trick
    1; in trick 2 the dealer seat 1 declares DQ-J-10, which could not reject it."""
    b = weis_hand(SEQ3_H, SEQ3_D)
    b.fodder(1, lead_extra=[weis(0, SEQ3_H)])
    bad = len(b.events) + 1
    b.fodder(1, follow_extra=[weis(1, SEQ3_D)])
    v = b.verdict()
    assert b.events[bad] == weis(1, SEQ3_D)
    assert viol(v) == [("weis-not-upward", bad, 1)]
    assert v["hands"][0]["weis"] == [20, 0]


def test_second_declaration_in_one_trick_is_refused():
    """Seed: 'Spelaren får inte bokföra poäng för någon annan weis, utan endast för den
    som mäldes i det aktuella sticket.'  Seat 0 declares twice when leading trick 1;
    only the first can stand."""
    b = weis_hand([*SEQ3_H, *SEQ3_DK], [])
    b.fodder(1, lead_extra=[weis(0, SEQ3_H), weis(0, SEQ3_DK)])
    bad = b.line(event="weis", cards=SEQ3_DK)
    v = b.verdict()
    assert [(x["event"], x["seat"]) for x in v["violations"]] == [(bad, 0)]
    assert v["hands"][0]["weis"] == [20, 0]


# ---------------------------------------------------------------------------
# 7. stöck
# ---------------------------------------------------------------------------


def test_stoeck_scores_20():
    """Seed: 'Den andra typen av mälning i schmaus kallas stöck. Den består av kung och
    dam i trumf och är värd 20 poäng ... Stöck mäls och poängen för denna bokförs när
    det andra av de båda korten spelas till ett stick.'"""
    hands, talon = fill_deal(["SK", "SQ"], ["H6", "H7"], "S8")
    b = Schmaus().deal(hands, "S8", talon)
    assert b.trick("SK", "H6") == 0
    assert b.trick("SQ", "H7", lead_extra=[stoeck(0)]) == 0
    b.play_out()
    v = b.verdict()
    h = v["hands"][0]
    assert v["violations"] == []
    assert h["stoeck"] == [20, 0]
    assert h["scored"] == [b.points[0] + 20, b.points[1]]


def test_stoeck_always_scores_even_against_better_weis():
    """Seed: 'Den som sitter med stöck på handen får alltid tillgodoräkna sig poängen,
    oavsett om motspelaren sitter med bättre weis på handen.'  Seat 1 books 50 in
    trick 1; seat 0's stöck still counts."""
    hands, talon = fill_deal(["SK", "SQ"], ["H6", "DK", "DQ", "DJ", "D10"], "S8")
    b = Schmaus().deal(hands, "S8", talon)
    b.trick("SK", "H6", follow_extra=[weis(1, SEQ4_D)])
    b.trick("SQ", b.choose(1, "SQ"), lead_extra=[stoeck(0)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["stoeck"] == [20, 0]
    assert v["hands"][0]["weis"] == [0, 50]


def test_stoeck_in_phase_two():
    """Seed: 'Notera att stöck fortfarande kan mätas i hela den andra fasen.'  Seat 0
    keeps the trump K and Q (clubs) and plays them in tricks 10 and 11."""
    b = at_phase2(["CK", "CQ"], ["C7", "C8"], "C6")
    assert b.trick("CK", "C7") == 0
    assert b.trick("CQ", "C8", lead_extra=[stoeck(0)]) == 0
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["stoeck"] == [20, 0]


def test_stoeck_completed_by_drawing():
    """Seed: 'Poängen för stöck tillgodoräknas innehavaren så fort kombinationen finns
    komplett på spelarens hand'.  Seat 0 is dealt SK, draws SQ after trick 1 while still
    holding SK, then plays both: a true stöck."""
    hands, talon = fill_deal(["SK", "DA", "D9"], ["D6"], "S8", talon_first=["SQ"])
    b = Schmaus().deal(hands, "S8", talon)
    assert b.trick("DA", "D6") == 0
    assert "SQ" in b.held[0]
    assert b.trick("SK", b.choose(1, "SK")) == 0
    b.trick("SQ", b.choose(1, "SQ"), lead_extra=[stoeck(0)])
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["stoeck"] == [20, 0]


def test_false_stoeck_king_played_before_queen_drawn():
    """Seed: 'Stöck ... består av kung och dam i trumf' and 'Poängen för stöck
    tillgodoräknas innehavaren så fort kombinationen finns komplett på spelarens hand'.
    Seat 0 plays SK in trick 1 and only then draws SQ; its stöck with SQ is false."""
    hands, talon = fill_deal(["SK"], ["H6"], "S8", talon_first=["SQ"])
    b = Schmaus().deal(hands, "S8", talon)
    assert b.trick("SK", "H6") == 0
    assert "SQ" in b.held[0]
    bad = len(b.events) + 1
    b.trick("SQ", b.choose(1, "SQ"), lead_extra=[stoeck(0)])
    v = b.verdict()
    assert viol(v) == [("false-stoeck", bad, 0)]
    assert v["hands"][0]["stoeck"] == [0, 0]


# ---------------------------------------------------------------------------
# 8. bedanken
# ---------------------------------------------------------------------------


def sws_hand(fixed0: list[str], fixed1: list[str], target: int) -> Schmaus:
    hands, talon = fill_deal(fixed0, fixed1, "S8")
    return Schmaus(target=target).deal(hands, "S8", talon)


def test_sws_weis_goes_before_trick_points():
    """Seed: 'Alla ännu icke tillgodoräknade poäng läggs sedan till spelarnas totalpoäng
    i ordningen stöck, weis och stick. Den spelare som först når målet enligt denna
    tågordning vinner. I det här fallet spelar det således ingen roll vem det var som
    tackade för sig'.  Target 30: seat 0 declares 50, seat 1 trumps the first trick
    (HA + SJ = 31) and claims before anyone draws: seat 0 wins by its weis."""
    seq4 = ["H9", "H8", "H7", "H6"]
    b = sws_hand(["HA", *seq4], ["SJ"], target=30)
    b.trick("HA", "SJ", lead_extra=[weis(0, seq4)], draws=False)
    at = b.add(bedanken(1))
    v = b.verdict()
    assert v["violations"] == []
    assert v["winner"] == 0
    assert v["claim"]["seat"] == 1
    assert v["claim"]["event"] == at
    assert v["claim"]["status"] == "lost"
    assert v["claim"]["rule"] == "stoeck-weis-stich"


def test_sws_stoeck_goes_before_weis_and_first_trick_is_finished():
    """Seed: 'Om det första sticket ännu inte har avslutats, måste det spelas färdigt.
    Alla ännu icke tillgodoräknade poäng läggs sedan till ... i ordningen stöck, weis och
    stick.' and 'Poängen för stöck tillgodoräknas innehavaren så fort kombinationen finns
    komplett på spelarens hand'.  Target 20: seat 0 leads, declares 20 and claims
    before seat 1 plays; seat 1 holds the trump K and Q: seat 1 wins."""
    seq3 = ["H8", "H7", "H6"]
    b = sws_hand(["HA", *seq3], ["SK", "SQ", "D6"], target=20)
    b.trick("HA", "D6", lead_extra=[weis(0, seq3), bedanken(0)], draws=False)
    v = b.verdict()
    assert v["violations"] == []
    assert v["winner"] == 1
    assert v["claim"]["seat"] == 0
    assert v["claim"]["status"] == "lost"
    assert v["claim"]["rule"] == "stoeck-weis-stich"


def test_sws_trick_points_reach_the_target():
    """Seed: '... i ordningen stöck, weis och stick. Den spelare som först når målet
    enligt denna tågordning vinner.'  Target 20: seat 0 takes HA + H10 (21), seat 1
    claims: seat 0 wins, the claim is lost but not false."""
    b = sws_hand(["HA"], ["H10"], target=20)
    b.trick("HA", "H10", draws=False)
    b.add(bedanken(1))
    v = b.verdict()
    assert v["violations"] == []
    assert v["winner"] == 0
    assert v["claim"]["status"] == "lost"


def test_sws_nobody_reaches_claimer_loses_no_last_trick_bonus():
    """Seed: 'Om ingen spelare visar sig ha nått målet vid sammanräkningen, förlorar
    spelaren som tackade för sig.'  Target 25: seat 0 takes 21 in the first trick (the
    5 for the last trick is not part of it) and claims: false-claim, seat 1 wins."""
    b = sws_hand(["HA"], ["H10"], target=25)
    b.trick("HA", "H10", draws=False)
    at = b.add(bedanken(0))
    v = b.verdict()
    assert viol(v) == [("false-claim", at, 0)]
    assert v["winner"] == 1
    assert v["claim"]["status"] == "lost"


def test_claim_after_first_draw_wins_by_own_count():
    """Seed: 'Om en spelare tackar för sig efter det att någon av spelarna för första
    gången i given har dragit ett kort ur talongen, räknar man ut totalpoängen för
    spelaren. Om spelaren har uppnått målet när alla inestående poäng för stöck, weis och
    stick har adderats, vinner spelaren partiet.'  Target 40: seat 0 takes 21 + 21 and
    claims after the draws of trick 2; a later play is an illegal-event."""
    b = sws_hand(["HA", "DA"], ["H10", "D10"], target=40)
    b.trick("HA", "H10")
    b.trick("DA", "D10")
    at = b.add(bedanken(0))
    late = b.add(play(0, b.choose(0, None)))
    v = b.verdict()
    assert v["winner"] == 0
    assert v["claim"] == {"seat": 0, "event": at, "status": "won", "rule": "count"}
    assert viol(v) == [("illegal-event", late, 0)]


def test_claim_after_first_draw_short_of_target_is_false():
    """Seed: 'Om spelaren har uppnått målet ... vinner spelaren partiet. I annat fall
    vinner motspelaren.'  Target 40: seat 0 has 21 after trick 1 and the draws."""
    b = sws_hand(["HA"], ["H10"], target=40)
    b.trick("HA", "H10")
    at = b.add(bedanken(0))
    v = b.verdict()
    assert viol(v) == [("false-claim", at, 0)]
    assert v["winner"] == 1
    assert v["claim"]["status"] == "lost"
    assert v["claim"]["rule"] == "count"


def test_claim_after_first_draw_is_not_stoeck_weis_stich():
    """Seed: the Stöck-Weis-Stich order applies only 'Om en spelare tackar för sig innan
    någon av spelarna för första gången i given har dragit ett nytt kort'.  Target 20:
    seat 0 holds the trump K and Q (stöck complete, 20), seat 1 books 50 in trick 1;
    seat 1 claims after the draws: by its own count it wins."""
    b = sws_hand(["SK", "SQ", "HA"], ["H6", *SEQ4_D], target=20)
    b.trick("HA", "H6", follow_extra=[weis(1, SEQ4_D)])
    at = b.add(bedanken(1))
    v = b.verdict()
    assert v["violations"] == []
    assert v["winner"] == 1
    assert v["claim"] == {"seat": 1, "event": at, "status": "won", "rule": "count"}


def test_claim_by_count_includes_unplayed_stoeck_in_known_hand():
    """Seed: 'Poängen för stöck tillgodoräknas innehavaren så fort kombinationen finns
    komplett på spelarens hand, även om den bokförs först när det andra kortet i
    kombinationen spelas till ett stick.'  Target 20: seat 0 holds SK and SQ (unplayed),
    has no trick points (seat 1 wins trick 1), and claims after the draws."""
    b = sws_hand(["SK", "SQ", "H6"], ["HA"], target=20)
    assert b.trick("H6", "HA") == 1
    at = b.add(bedanken(0))
    v = b.verdict()
    assert v["violations"] == []
    assert v["winner"] == 0
    assert v["claim"] == {"seat": 0, "event": at, "status": "won", "rule": "count"}


def test_claim_after_only_the_winner_has_drawn_is_counted():
    """Seed: 'Om en spelare tackar för sig efter det att någon av spelarna för första
    gången i given har dragit ett kort ur talongen, räknar man ut totalpoängen för
    spelaren.'  Target 20: seat 0 takes 21 and draws; seat 1 claims before its own draw:
    counted, not Stöck-Weis-Stich: seat 1 has nothing, false claim."""
    b = sws_hand(["HA"], ["H10"], target=20)
    b.trick("HA", "H10", draws=False)
    b.do_draws(1)
    at = b.add(bedanken(1))
    v = b.verdict()
    assert viol(v) == [("false-claim", at, 1)]
    assert v["winner"] == 0
    assert v["claim"] == {"seat": 1, "event": at, "status": "lost", "rule": "count"}


def test_sws_counts_the_booked_hands():
    """Seed: 'Alla ännu icke tillgodoräknade poäng läggs sedan till spelarnas
    totalpoäng' -- the total includes the hands before.  Hand 1 is played out; in hand
    2 (dealer 0) seat 0 takes HA + H10 (21) in the first trick, which brings it to the
    target; seat 1 claims before any draw: seat 0 wins."""
    b = Schmaus()
    hands, talon = fill_deal([], [], "C8")
    b.deal(hands, "C8", talon, dealer=1)
    b.play_out()
    first = list(b.points)
    target = first[0] + 15
    assert first[1] < target
    b.events[0]["target"] = target
    hands, talon = fill_deal(["HA"], ["H10"], "S8")
    b.deal(hands, "S8", talon, dealer=0)
    assert b.trick("H10", "HA", draws=False) == 0
    at = b.add(bedanken(1))
    v = b.verdict()
    assert v["violations"] == []
    assert v["winner"] == 0
    assert v["claim"] == {"seat": 1, "event": at, "status": "lost", "rule": "stoeck-weis-stich"}
    assert v["totals"] == [first[0] + 21, first[1]]


# ---------------------------------------------------------------------------
# 9. dealer, camera case
# ---------------------------------------------------------------------------


def two_hands(second_dealer: int) -> Schmaus:
    b = Schmaus()
    hands, talon = fill_deal([], [], "C8")
    b.deal(hands, "C8", talon, dealer=1)
    b.play_out()
    b.first_points = list(b.points)
    hands, talon = fill_deal([], [], "H8")
    b.deal(hands, "H8", talon, dealer=second_dealer)
    return b


def test_dealer_alternates_between_hands():
    """Seed: 'Turen att ge växlar mellan spelarna.' and 'Den spelare som inte gav är
    förhand och börjar agera.'  Hand 2 is dealt by seat 0, so seat 1 leads it."""
    b = two_hands(0)
    assert b.leader == 1
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert [h["points"] for h in v["hands"]] == [b.first_points, b.points]
    assert v["totals"] == [b.first_points[i] + b.points[i] for i in (0, 1)]
    assert v["hands"][1]["dealer"] == 0


def test_same_dealer_twice_is_out_of_turn():
    """Seed: 'Turen att ge växlar mellan spelarna.'  Seat 1 deals hand 2 again."""
    b = two_hands(1)
    bad = len(b.events) - 3  # hand, deal, turnup
    assert b.events[bad] == {"event": "hand", "dealer": 1}
    v = b.verdict()
    assert [(x["rule"], x["event"]) for x in v["violations"]] == [("out-of-turn", bad)]


def test_first_hand_dealer_zero_seat_one_leads():
    """Seed: 'Den spelare som inte gav är förhand och börjar agera.'  Dealer 0: seat 1
    leads trick 1."""
    hands, talon = fill_deal(["HA"], ["D6"], "S8")
    b = Schmaus().deal(hands, "S8", talon, dealer=0)
    assert b.trick("D6", "HA") == 1
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == [0, 11]


def test_dealer_leading_trick_one_is_out_of_turn():
    """Seed: 'Den spelare som inte gav är förhand och börjar agera.'  Dealer 1 plays
    first: out-of-turn, refused; then seat 0 leads."""
    hands, talon = fill_deal(["HA"], ["D6"], "S8")
    b = Schmaus().deal(hands, "S8", talon, dealer=1)
    bad = b.add(play(1, "D6"))
    assert b.trick("HA", "D6") == 0
    v = b.verdict()
    assert viol(v) == [("out-of-turn", bad, 1)]
    assert v["hands"][0]["points"] == [11, 0]


# camera: the face-up card is the trump jack, so that seat 1 holding it proves nothing
CAM_KEEP1 = ["H7", "C7", "D6", "D7", "D8", "S6", "S7", "S8"]


def test_camera_renounce_proven_by_later_card():
    """Seed: 'måste om möjligt lägga ett kort i samma färg som utspelskortet.'  Camera
    case (no deal, unseen draws): seat 1 plays D6 on HK in trick 10; its H7 in trick 11
    proves it held a heart: follow-suit at the D6, proven at the H7."""
    b = at_phase2(P2_KEEP0, CAM_KEEP1, "CJ", last="C8", known=False)
    b.trick("HK", "D6", legal=False)
    b.trick("H9", "H7")
    v = b.verdict()
    bad, proof = b.line(event="play", card="D6"), b.line(event="play", card="H7")
    assert [(x["rule"], x["event"], x["seat"], x.get("proven_at")) for x in v["violations"]] == [
        ("follow-suit", bad, 1, proof)
    ]


def test_camera_discard_proven_by_later_trump_is_must_trump():
    """Seed: 'Om spelaren inte har något kort i färgen och om utspelet skedde i en
    sidofärg, måste spelaren om möjligt trumfa.'  Camera case: seat 1 (no hearts; trumps
    CJ and C7) discards D6 on HK; C7 shown in trick 11 proves the discard illegal."""
    keep1 = ["C7", "D6", "D7", "D8", "S6", "S7", "S8", "S9"]
    b = at_phase2(P2_KEEP0, keep1, "CJ", last="C8", known=False)
    b.trick("HK", "D6", legal=False)
    b.trick("C8", "C7")
    v = b.verdict()
    bad, proof = b.line(event="play", card="D6"), b.line(event="play", card="C7")
    assert [(x["rule"], x["event"], x["seat"], x.get("proven_at")) for x in v["violations"]] == [
        ("must-trump", bad, 1, proof)
    ]


def test_camera_unproven_renounce_is_not_flagged():
    """The log contract: 'nothing unproven is ever flagged'.  Camera case: seat 1
    renounces in trick 10 and the log ends before it shows another card."""
    b = at_phase2(P2_KEEP0, CAM_KEEP1, "CJ", last="C8", known=False)
    b.trick("HK", "D6", legal=False)
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["tricks"] == 10


def test_camera_phase_one_discard_is_never_a_renounce():
    """Seed: 'Det finns inget krav på att följa färg i den här fasen av spelet'.  Camera
    case: the whole hand with junk discards in phase 1 (seat 1 later shows cards of the
    suits it did not follow) and legal phase 2: nothing flagged, 157 points."""
    b = at_phase2(P2_KEEP0, CAM_KEEP1, "CJ", last="C8", known=False)
    b.play_out()
    v = b.verdict()
    assert "deal" not in [e["event"] for e in b.events]
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points
    assert sum(b.points) == 157


def test_camera_later_led_suit_card_names_the_renounce_follow_suit():
    """The log contract: 'the rule is named by the most exact proof seen (a trump shown
    proves a discard illegal; a led-suit card shown later makes it follow-suit)'.  Seat
    1 renounces hearts with D6, shows C7 in trick 11, then H7 in trick 12."""
    b = at_phase2(P2_KEEP0, CAM_KEEP1, "CJ", last="C8", known=False)
    b.trick("HK", "D6", legal=False)
    assert b.trick("C8", "C7") == 0
    assert b.trick("H9", "H7") == 0
    v = b.verdict()
    bad = b.line(event="play", card="D6")
    proofs = (b.line(event="play", card="C7"), b.line(event="play", card="H7"))
    assert [(x["rule"], x["event"], x["seat"]) for x in v["violations"]] == [
        ("follow-suit", bad, 1)
    ]
    assert v["violations"][0]["proven_at"] in proofs


def test_camera_discard_with_only_the_trump_jack_is_not_flagged():
    """Seed: 'Om en spelare inte kan följa färg och bara har trumfknekten, får spelaren
    också spela valfritt kort.'  Camera case: seat 1 (no hearts, only trump CJ)
    discards D6 on HK, and later shows the CJ: nothing to flag."""
    keep1 = ["D6", "D7", "D8", "S6", "S7", "S8", "S9", "S10"]
    b = at_phase2(P2_KEEP0, keep1, "CJ", last="C8", known=False)
    assert b.trick("HK", "D6") == 0
    assert b.trick("C8", "CJ") == 1
    b.play_out()
    v = b.verdict()
    assert v["violations"] == []
    assert v["hands"][0]["points"] == b.points
