"""Black-box scenario tests of the Schieber referee against the rule text (seed 003).

Every expected number below was worked out by hand from the seed
(/work/shared/seeds/003_2d2cb80ca155b2a1.txt, Swedish) and the log contract
(/work/shared/spec/game-log.md), never from the implementation.  Each test quotes the
seed sentence it checks.

Conventions used throughout (documented product decisions, not rules under test):
seats 0..3 in playing order, seats 0/2 = side 0 and 1/3 = side 1; line 0 is the
``game`` header; in the first hand the holder of C7 is forehand (we give C7 to seat 0
and say dealer 3); hands cut short count the tricks taken so far.
"""

from __future__ import annotations

import json

import pytest

import referee

from conftest import game, idx, log_text, verdict_of, viol

SUITS = "HDSC"
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = [s + r for s in SUITS for r in RANKS]
MULTIPLIER = {"C": 1, "S": 1, "H": 2, "D": 2, "obenabe": 3, "undenufe": 3}


# ---------------------------------------------------------------------------
# event builders
# ---------------------------------------------------------------------------


def hand(dealer: int = 3) -> dict:
    return {"event": "hand", "dealer": dealer}


def deal(hands: list[list[str]]) -> dict:
    """A ``deal`` event; checks that the four hands are a proper 36-card deal."""
    assert len(hands) == 4 and all(len(h) == 9 for h in hands), hands
    flat = [c for h in hands for c in h]
    assert sorted(flat) == sorted(DECK), sorted(set(DECK) ^ set(flat))
    return {"event": "deal", "hands": [list(h) for h in hands]}


def trump(mode: str, seat: int = 0, pushed: bool = False) -> dict:
    ev = {"event": "trump", "seat": seat, "mode": mode}
    if pushed:
        ev["pushed"] = True
    return ev


def play(seat: int, card: str) -> dict:
    return {"event": "play", "seat": seat, "card": card}


def weis(seat: int, cards: list[str]) -> dict:
    return {"event": "weis", "seat": seat, "cards": list(cards)}


def stoeck(seat: int) -> dict:
    return {"event": "stoeck", "seat": seat}


def bedanken(seat: int) -> dict:
    return {"event": "bedanken", "seat": seat}


def trick(leader: int, cards: list[str], before=None, after=None) -> list[dict]:
    """The plays of one trick, ``cards`` in playing order starting with ``leader``.

    ``before`` / ``after`` map a seat to extra events placed just before / after that
    seat's play (weis declarations, stöck, bedanken)."""
    before, after = before or {}, after or {}
    events: list[dict] = []
    for k, card in enumerate(cards):
        seat = (leader + k) % 4
        events += before.get(seat, [])
        events.append(play(seat, card))
        events += after.get(seat, [])
    return events


def _makes_weis(held: list[str], card: str) -> bool:
    """Would ``card`` give ``held`` a run of three (natural order) or a four through it?"""
    if sum(c[1:] == card[1:] for c in held) == 3:
        return True
    pos = {RANKS.index(c[1:]) for c in held if c[0] == card[0]}
    r = RANKS.index(card[1:])
    return any({r + a, r + a + 1, r + a + 2} - {r} <= pos for a in (-2, -1, 0))


def fill_deal(fixed: dict[int, list[str]], c7_seat: int | None = 0) -> list[list[str]]:
    """Complete a deal: each seat keeps its ``fixed`` cards, C7 goes to ``c7_seat``
    (the first hand's forehand), the rest is dealt out in deck order, where possible
    without giving anyone an extra weis (so declared combinations stay exactly what
    the test says)."""
    hands = [list(dict.fromkeys(fixed.get(s, []))) for s in range(4)]
    used = {c for h in hands for c in h}
    if c7_seat is not None and "C7" not in used:
        hands[c7_seat].append("C7")
        used.add("C7")
    rest = [c for c in DECK if c not in used]
    for h in hands:
        for c in list(rest):
            if len(h) < 9 and not _makes_weis(h, c):
                h.append(c)
                rest.remove(c)
    for h in hands:  # fallback, should rarely be needed
        while len(h) < 9:
            h.append(rest.pop(0))
    assert not rest
    return hands


def legal_pick(held: list[str], led: str | None, mode: str) -> str:
    """A card that is legal under any reading of the seed: lead anything, follow suit
    when possible, otherwise discard a non-trump, otherwise (only trumps) any trump."""
    if led is None:
        return held[0]
    follow = [c for c in held if c[0] == led[0]]
    if follow:
        return follow[0]
    non_trump = [c for c in held if c[0] != mode]
    return (non_trump or held)[0]


def camera(mode: str, *tricks: list[dict]) -> list[dict]:
    """A first hand seen by the camera only: no ``deal`` event; dealer 3, so seat 0 is
    forehand and chooses."""
    events = [game(), hand(3), trump(mode)]
    for t in tricks:
        events += t
    return events


def rules(v: dict) -> list[str]:
    return sorted(x["rule"] for x in v["violations"])


# ---------------------------------------------------------------------------
# full hands in which side 0 takes every trick ("match") -- hand-built per mode
#
# Each seat's cards are listed in the order it plays them; every trick is led by
# seat 0 (it wins tricks 1-8), so trick t is simply column t.  Trick 9 is won by
# seat 2 (seat 0 leads C7 and partner takes it with the best club).
# ---------------------------------------------------------------------------


def match_columns(mode: str) -> list[list[str]]:
    s = lambda suit, ranks: [suit + r for r in ranks]  # noqa: E731
    up = list(RANKS)
    if mode == "C":
        # seat 0 all nine clubs (trumps) and leads them from the top.
        return [
            s("C", ["J", "9", "A", "K", "Q", "10", "8", "7", "6"]),
            s("H", up),
            s("D", up),
            s("S", up),
        ]
    if mode in ("H", "D", "S"):
        a, b = [x for x in "HDS" if x != mode]
        return [
            [*s(mode, ["J", "9", "A", "K", "Q", "10", "8", "7"]), "C7"],
            s(a, up),
            [mode + "6", *s("C", ["6", "8", "9", "10", "J", "Q", "K", "A"])],
            s(b, up),
        ]
    if mode == "obenabe":
        return [
            [*s("H", ["A", "K", "Q", "J", "10", "9", "8", "7"]), "C7"],
            s("D", up),
            ["H6", *s("C", ["6", "8", "9", "10", "J", "Q", "K", "A"])],
            s("S", up),
        ]
    if mode == "undenufe":
        down = up[::-1]
        return [
            [*s("H", ["6", "7", "8", "9", "10", "J", "Q", "K"]), "C7"],
            s("D", down),
            ["HA", *s("C", ["A", "K", "Q", "J", "10", "9", "8", "6"])],
            s("S", down),
        ]
    raise ValueError(mode)


# card points of tricks 1..9 of the match hands above (hand-computed from the seed's
# value tables; each list sums to 152, the 5 for the last trick comes on top)
TRICK_POINTS = {
    "C": [20, 14, 11, 4, 33, 16, 9, 12, 33],
    "H": [20, 14, 11, 4, 33, 16, 9, 12, 33],
    "D": [20, 14, 11, 4, 33, 16, 9, 12, 33],
    "S": [20, 14, 11, 4, 33, 16, 9, 12, 33],
    "obenabe": [11, 4, 27, 2, 40, 6, 17, 12, 33],
    "undenufe": [11, 8, 18, 7, 32, 12, 19, 12, 33],
}


def match_events(
    mode: str,
    *,
    target: int = 2500,
    n_tricks: int = 9,
    before: dict | None = None,
    after: dict | None = None,
    trailer: list[dict] | None = None,
    header: bool = True,
    dealer: int = 3,
    rot: int = 0,
    trump_event: dict | None = None,
) -> list[dict]:
    """Events of a match hand in ``mode``.  ``before``/``after`` map (trick 1..9, seat)
    to extra events around that seat's play.  ``rot`` turns the table: seat s of the
    base layout sits at (s + rot) % 4 (for a second hand, whose forehand is not 0)."""
    cols = match_columns(mode)
    hands = [None] * 4
    for s in range(4):
        hands[(s + rot) % 4] = cols[s]
    forehand = rot % 4
    events = [game(target=target)] if header else []
    events += [hand(dealer), deal(hands), trump_event or trump(mode, seat=forehand)]
    before, after = before or {}, after or {}
    for t in range(n_tricks):
        b = {seat: before.get((t + 1, seat), []) for seat in range(4)}
        a = {seat: after.get((t + 1, seat), []) for seat in range(4)}
        events += trick(forehand, [hands[(forehand + k) % 4][t] for k in range(4)], b, a)
    events += trailer or []
    return events


def one_trick(mode: str, cards: list[str], fixed_extra=None, **game_fields):
    """Trick 1 of a first hand: seat 0 (holder of C7) leads ``cards`` in seat order."""
    fixed = {s: [c] for s, c in enumerate(cards)}
    for s, extra in (fixed_extra or {}).items():
        fixed[s] = fixed[s] + extra
    hands = fill_deal(fixed)
    return [game(**game_fields), hand(3), deal(hands), trump(mode), *trick(0, cards)], hands


def lead(events: list[dict], hands: list[list[str]], seat: int) -> list[dict]:
    """``events`` plus the lead of the next trick by ``seat`` (any card is legal to lead)."""
    played = {ev["card"] for ev in events if ev["event"] == "play"}
    card = next(c for c in hands[seat] if c not in played)
    return [*events, play(seat, card)]


# ---------------------------------------------------------------------------
# 1. trick winner and card points
# ---------------------------------------------------------------------------


NO_SPADES_D = {1: ["DK", "DQ", "DJ", "D10", "D9", "D8", "D7", "D6"]}
NO_SPADES_H = {1: ["H6", "H7", "H8", "H9", "H10", "HQ", "HK", "HA"]}


@pytest.mark.parametrize(
    "mode, cards, winner, points, extra",
    [
        # "I trumffärgen är knekten högsta valör ... Därefter kommer nian";
        # "Värdet av trumfknekten är 20 poäng och trumfnian 14 poäng."
        ("H", ["HA", "H9", "H6", "HJ"], 3, [0, 11 + 14 + 0 + 20], None),
        ("H", ["HA", "H9", "H6", "H7"], 1, [0, 11 + 14], None),
        # "I sidofärgerna ... ess, kung, dam, knekt, tio, nio ..."; ess 11, kung 4, dam 3, tia 10
        ("H", ["SK", "SA", "SQ", "S10"], 1, [0, 4 + 11 + 3 + 10], None),
        # side-suit J and 9 are not promoted: Q beats J beats 9; J is worth 2, 9 nothing
        ("H", ["S9", "SJ", "SQ", "S6"], 2, [0 + 2 + 3 + 0, 0], None),
        # "om trumf har spelats till sticket, vinner den som spelade det högsta trumfkortet"
        ("H", ["SA", "H6", "SK", "S10"], 1, [0, 11 + 0 + 4 + 10], None),
        # "I annat fall vinner den som spelade det högsta kortet i den utspelade färgen"
        ("H", ["S6", "DA", "S7", "S8"], 3, [0, 11], NO_SPADES_D),
        # "I alla sangspel är åttorna värda 8 poäng var"; obenabe: side-suit order
        ("obenabe", ["S8", "S6", "SA", "S7"], 2, [8 + 11, 0], None),
        # obenabe has no trump: a heart J is just a discard on a spade lead
        ("obenabe", ["S7", "HJ", "S6", "S8"], 3, [0, 2 + 8], NO_SPADES_H),
        # undenufe: "från högst till lägst: sex, sju, åtta ..."; "sexorna är värda 11
        # poäng var och essen 0 poäng"
        ("undenufe", ["SA", "S6", "S7", "S8"], 1, [0, 0 + 11 + 0 + 8], None),
        ("undenufe", ["S9", "SA", "S7", "S10"], 2, [0 + 0 + 0 + 10, 0], None),
    ],
)
def test_trick_winner_and_card_points(mode, cards, winner, points, extra):
    events, hands = one_trick(mode, cards, extra)
    v = verdict_of(lead(events, hands, winner))  # the winner leads trick 2
    assert viol(v) == []
    h = v["hands"][0]
    assert h["points"] == points
    assert h["scored"] == [p * MULTIPLIER[mode] for p in points]


def test_full_hand_split_between_sides_totals_157():
    """'Det sista sticket i en giv där alla nio sticken spelas är värt 5 poäng. Det
    innebär att det sammanlagt finns 157 poäng i leken att spela om.'  Obenabe, seat 0
    takes tricks 1-8 with hearts A..7, seat 3 takes trick 9 with CA over the led C7."""
    hands = [
        ["HA", "HK", "HQ", "HJ", "H10", "H9", "H8", "H7", "C7"],
        ["D6", "D7", "D8", "D9", "D10", "DJ", "DQ", "DK", "DA"],
        ["S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK", "SA"],
        ["H6", "C6", "C8", "C9", "C10", "CJ", "CQ", "CK", "CA"],
    ]
    events = [game(), hand(3), deal(hands), trump("obenabe")]
    for t in range(9):
        events += trick(0, [hands[s][t] for s in range(4)])
    v = verdict_of(events)
    assert viol(v) == []
    h = v["hands"][0]
    # trick 9 = C7 0 + DA 11 + SA 11 + CA 11 = 33, + 5 for the last trick
    assert h["points"] == [152 - 33, 33 + 5]
    assert sum(h["points"]) == 157
    assert h["match"] is None
    assert h["scored"] == [119 * 3, 38 * 3]
    assert v["totals"] == [357, 114]
    assert v["winner"] is None  # nobody claimed


@pytest.mark.parametrize("mode", ["C", "S", "H", "D", "obenabe", "undenufe"])
def test_match_all_nine_tricks(mode):
    """'Ett lag som tar alla nio sticken har gjort match och får 100 poäng i bonus. I
    detta fall blir totalsumman 257 poäng.' and 'Trumfspel med svart trumffärg har
    faktorn ett, trumfspel med röd trumffärg har faktorn två och de båda sangspelen,
    obenabe och undenufe, har faktorn tre.'"""
    v = verdict_of(match_events(mode))
    assert viol(v) == []
    h = v["hands"][0]
    assert h["points"] == [157, 0]
    assert h["match"] == 0
    assert h["multiplier"] == MULTIPLIER[mode]
    assert h["scored"] == [257 * MULTIPLIER[mode], 0]
    assert v["totals"] == [257 * MULTIPLIER[mode], 0]


def test_no_match_when_opponents_take_a_trick_worth_nothing():
    """'Ett lag som tar alla nio sticken har gjort match' -- side 1 takes trick 1 with
    no card points in it (obenabe: S7, S9, S6, D6); side 0 gets all 157 points but
    no match bonus.  Camera log (no deal), all plays consistent."""
    events = camera(
        "obenabe",
        trick(0, ["S7", "S9", "S6", "D6"]),  # seat 1 wins with S9, 0 points
        trick(1, ["D7", "DA", "D8", "D9"]),  # seat 2 wins with DA
        trick(2, ["HA", "H6", "H7", "C6"]),
        *[
            trick(2, [h, d3, d0, d1])
            for h, d3, d0, d1 in zip(
                ["HK", "HQ", "HJ", "H10", "H9", "H8"],
                ["CK", "CA", "D10", "DJ", "DQ", "DK"],
                ["C7", "S10", "SJ", "SQ", "SK", "SA"],  # seat 0 holds C7: forehand
                ["S8", "C8", "C9", "C10", "CJ", "CQ"],
                strict=True,
            )
        ],
    )
    v = verdict_of(events)
    assert viol(v) == []
    h = v["hands"][0]
    assert h["points"] == [157, 0]
    assert h["match"] is None
    assert h["scored"] == [157 * 3, 0]


@pytest.mark.parametrize("mode", ["C", "H", "obenabe", "undenufe"])
def test_cut_short_hand_counts_tricks_so_far_without_last_trick_bonus(mode):
    """'Det sista sticket i en giv där alla nio sticken spelas är värt 5 poäng' --
    only when all nine are played; no match bonus either."""
    v = verdict_of(match_events(mode, n_tricks=5))
    assert viol(v) == []
    h = v["hands"][0]
    pts = sum(TRICK_POINTS[mode][:5])
    assert h["points"] == [pts, 0]
    assert h["match"] is None
    assert h["scored"] == [pts * MULTIPLIER[mode], 0]


def test_totals_accumulate_over_hands_and_second_hand_forehand():
    """'Den spelare som har sjuan i klöver är förhand i den första given och givare i
    den andra given.'  Hand 1: seat 0 (C7) is forehand, clubs, side 0 match (257 x1).
    Hand 2: seat 0 deals, seat 1 is forehand, hearts, side 1 match (257 x2)."""
    events = match_events("C") + match_events("H", header=False, dealer=0, rot=1)
    v = verdict_of(events)
    assert viol(v) == []
    assert [h["scored"] for h in v["hands"]] == [[257, 0], [0, 514]]
    assert v["hands"][1]["match"] == 1
    assert v["totals"] == [257, 514]


def test_first_forehand_is_the_holder_of_club_seven():
    """'Den spelare som har sjuan i klöver är förhand i den första given' -- C7 dealt
    to seat 2: seat 2 chooses and leads."""
    hands = fill_deal({2: ["C7", "HA"], 3: ["H9"], 0: ["H6"], 1: ["H7"]}, c7_seat=None)
    events = [game(), hand(3), deal(hands), trump("H", seat=2), *trick(2, ["HA", "H9", "H6", "H7"])]
    v = verdict_of(events)
    assert viol(v) == []
    # seat 3's trump nine beats the ace: 11 + 14
    assert v["hands"][0]["points"] == [0, 25]


def test_lead_by_non_holder_of_club_seven_is_out_of_turn():
    """Same deal, but seat 0 leads although seat 2 holds C7 and is forehand."""
    hands = fill_deal({2: ["C7", "HA"], 3: ["H9"], 0: ["H6"], 1: ["H7"]}, c7_seat=None)
    events = [game(), hand(3), deal(hands), trump("H", seat=2), play(0, "H6")]
    v = verdict_of(events)
    assert ("out-of-turn", 4, 0) in viol(v)


def test_pushed_choice_by_partner_forehand_still_leads():
    """'Hen väljer antingen ett spel eller skjuter över avgörandet till partnern, som då
    måste välja.' / 'Förhand spelar ut till det första sticket.'"""
    events = match_events("C", trump_event=trump("C", seat=2, pushed=True))
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["scored"] == [257, 0]


def test_trump_chosen_by_wrong_seat_is_flagged():
    """'Hen väljer antingen ett spel eller skjuter över avgörandet till partnern, som då
    måste välja.'  After schieben only the partner (seat 2) may choose, not seat 1; and
    without schieben only forehand."""
    for ev in (trump("C", seat=1, pushed=True), trump("C", seat=2)):
        v = verdict_of(match_events("C", trump_event=ev))
        assert [(x["event"], x["seat"]) for x in v["violations"]] == [(3, ev["seat"])]
        assert v["totals"] == [257, 0]


def test_second_hand_dealt_by_wrong_seat_is_flagged():
    """'Den spelare som har sjuan i klöver är förhand i den första given och givare i
    den andra given.'  Seat 2 is named dealer of hand 2 instead of seat 0."""
    events = match_events("C") + match_events("H", header=False, dealer=2, rot=1)
    v = verdict_of(events)
    at = len(match_events("C"))
    assert at in [x["event"] for x in v["violations"]]


# ---------------------------------------------------------------------------
# 2. multipliers on weis and stöck
# ---------------------------------------------------------------------------


def test_multiplier_applies_to_points_weis_and_stoeck():
    """'Spelarna får poäng för stöck, weis och stick, men den sammanlagda poängen
    multipliceras sedan med en faktor som beror av spelet.'  Hearts (x2): seat 0 shows
    its eight-card heart sequence A..7 (250) and stöck (20)."""
    seq8 = ["HA", "HK", "HQ", "HJ", "H10", "H9", "H8", "H7"]
    events = match_events("H", before={(1, 0): [weis(0, seq8)]}, after={(5, 0): [stoeck(0)]})
    v = verdict_of(events)
    assert viol(v) == []
    h = v["hands"][0]
    assert h["weis"] == [250, 0]
    assert h["stoeck"] == [20, 0]
    assert h["scored"] == [(157 + 100 + 250 + 20) * 2, 0]


def test_weis_of_other_side_is_multiplied_too():
    """'Kom ihåg att poängen som bokförs skall multipliceras med faktorn för spelet.'
    Seat 1 (all diamonds) shows a four-card sequence from the ace: 50 x 2."""
    events = match_events("H", before={(1, 1): [weis(1, ["DA", "DK", "DQ", "DJ"])]})
    v = verdict_of(events)
    assert viol(v) == []
    h = v["hands"][0]
    assert h["weis"] == [0, 50]
    assert h["scored"] == [514, 100]


# ---------------------------------------------------------------------------
# 3. legality with known hands
# ---------------------------------------------------------------------------


def first_hand(hands: list[list[str]], mode: str, *tricks: list[dict]) -> list[dict]:
    events = [game(), hand(3), deal(hands), trump(mode)]
    for t in tricks:
        events += t
    return events


# seat 1 holds SK but discards DA on a spade lead (hearts trump)
FOLLOW_DEAL = [
    ["S6", "C7", "C6", "C8", "C9", "C10", "CJ", "CQ", "CK"],
    ["SK", "DA", "D6", "D7", "D8", "D9", "D10", "DJ", "DQ"],
    ["S7", "S8", "S9", "S10", "SJ", "SQ", "SA", "DK", "CA"],
    ["H6", "H7", "H8", "H9", "H10", "HJ", "HQ", "HK", "HA"],
]


def test_side_lead_discard_while_holding_led_suit_is_follow_suit():
    """'måste en spelare som har kort i utspelsfärgen antingen följa färg eller spela
    trumf.'  The play is flagged and still applied: seat 3 trumps and takes DA."""
    events = first_hand(
        FOLLOW_DEAL,
        "H",
        trick(0, ["S6", "DA", "S7", "H6"]),
        trick(3, ["HA", "C6", "D6", "DK"]),
    )
    v = verdict_of(events)
    assert viol(v) == [("follow-suit", idx(events, seat=1, card="DA"), 1)]
    # trick 1: DA 11 to side 1 (H6 wins); trick 2: HA 11 + DK 4
    assert v["hands"][0]["points"] == [0, 11 + 15]


def test_trumping_allowed_while_holding_led_suit():
    """'måste ... antingen följa färg eller spela trumf' -- seat 1 has SK but trumps."""
    hands = [
        ["S10", "C7", "C6", "C8", "C9", "C10", "CJ", "CQ", "CK"],
        ["H6", "SK", "D6", "D7", "D8", "D9", "D10", "DJ", "DQ"],
        ["SA", "S6", "S7", "S8", "DK", "DA", "CA", "H7", "H8"],
        ["S9", "SJ", "SQ", "H9", "H10", "HJ", "HQ", "HK", "HA"],
    ]
    events = first_hand(hands, "H", trick(0, ["S10", "H6", "SA", "S9"]), [play(1, "D6")])
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["points"] == [0, 10 + 11]


# seat 1 trumps a spade lead with H10; seat 3 still holds SA
UNDER_DEAL = [
    ["S6", "C7", "C6", "C8", "C9", "C10", "CJ", "CQ", "CK"],
    ["H10", "S10", "D6", "D7", "D8", "D9", "D10", "DJ", "DQ"],
    ["S7", "S8", "S9", "DK", "DA", "CA", "SJ", "SQ", "SK"],
    ["H7", "SA", "H6", "H8", "H9", "HJ", "HQ", "HK", "HA"],
]


def test_undertrump_while_holding_led_suit():
    """'En spelare som spelar trumf när utspelsfärgen är en annan färg än trumf måste
    sticka alla trumfkort som dittills spelats till sticket, såvida inte spelaren bara
    har trumf kvar på handen.'"""
    events = first_hand(UNDER_DEAL, "H", trick(0, ["S6", "H10", "S7", "H7"]))
    v = verdict_of(events)
    assert viol(v) == [("undertrump", idx(events, card="H7"), 3)]
    assert v["hands"][0]["points"] == [0, 10]  # H10 wins


def test_overtrump_is_legal():
    events = first_hand(UNDER_DEAL, "H", trick(0, ["S6", "H10", "S7", "HJ"]), [play(3, "HA")])
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["points"] == [0, 10 + 20]


def test_undertrump_of_opponents_trump_is_forbidden_too():
    """The undertrump rule holds whoever played the trump: seat 1 trumps with H10,
    seat 2 (its opponent) holds spades and trumps under it with H7."""
    hands = [
        ["S6", "C7", "C6", "C8", "C9", "C10", "CJ", "CQ", "CK"],
        ["H10", "S10", "D6", "D7", "D8", "D9", "D10", "DJ", "DQ"],
        ["H7", "SA", "H6", "H8", "H9", "HJ", "HQ", "HK", "HA"],
        ["S7", "S8", "S9", "DK", "DA", "CA", "SJ", "SQ", "SK"],
    ]
    events = first_hand(hands, "H", trick(0, ["S6", "H10", "H7", "S7"]))
    v = verdict_of(events)
    assert viol(v) == [("undertrump", idx(events, card="H7"), 2)]


# seat 3 has no spades but diamonds and trumps
VOID_DEAL = [
    ["S6", "C7", "C6", "C8", "C9", "C10", "CJ", "CQ", "CK"],
    ["H10", "S10", "SJ", "SQ", "SK", "SA", "D6", "D7", "D8"],
    ["S7", "S8", "S9", "D9", "D10", "DJ", "DQ", "CA", "H6"],
    ["H7", "H8", "H9", "HJ", "HQ", "HK", "HA", "DK", "DA"],
]


def test_void_in_led_suit_may_discard():
    """'En spelare som saknar kort i utspelsfärgen men har kort i andra sidofärger ...
    får i övrigt spela vilket kort som helst.'"""
    events = first_hand(VOID_DEAL, "H", trick(0, ["S6", "H10", "S7", "DA"]), [play(1, "S10")])
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["points"] == [0, 10 + 11]


def test_void_in_led_suit_still_may_not_undertrump():
    """'En spelare som saknar kort i utspelsfärgen men har kort i andra sidofärger
    begränsas fortfarande av undertrumfningsregeln'"""
    events = first_hand(VOID_DEAL, "H", trick(0, ["S6", "H10", "S7", "H7"]))
    v = verdict_of(events)
    assert viol(v) == [("undertrump", idx(events, card="H7"), 3)]


def only_trumps_deal(seat3_extra: str) -> list[list[str]]:
    """Diamonds trump.  Seat 3: seven or eight trumps, S6, and ``seat3_extra``."""
    seat2 = ["S8", "H6", "S9", "S10", "SJ", "SQ", "SK", "CA"]
    seat2.append("CK" if seat3_extra == "DA" else "DA")
    return [
        ["SA", "HA", "C7", "C6", "C8", "C9", "C10", "CJ", "CQ"],
        ["S7", "DJ", "H7", "H8", "H9", "H10", "HJ", "HQ", "HK"],
        seat2,
        ["D6", "D7", "D8", "D9", "D10", "DQ", "DK", "S6", seat3_extra],
    ]


def test_undertrump_allowed_with_only_trumps_left():
    """'En spelare med bara trumf kvar får alltid spela vilket kort som helst.'
    Trick 1 spades (seat 0 wins with SA); trick 2 seat 1 trumps the heart ace with the
    puur, seat 3 -- only trumps left -- plays D6 under it."""
    events = first_hand(
        only_trumps_deal("DA"),
        "D",
        trick(0, ["SA", "S7", "S8", "S6"]),
        trick(0, ["HA", "DJ", "H6", "D6"]),
    )
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["points"] == [11, 11 + 20]


def test_undertrump_forbidden_when_also_holding_a_side_card():
    """Same, but seat 3 still holds CK besides its trumps: D6 under DJ is undertrump."""
    events = first_hand(
        only_trumps_deal("CK"),
        "D",
        trick(0, ["SA", "S7", "S8", "S6"]),
        trick(0, ["HA", "DJ", "H6", "D6"]),
    )
    v = verdict_of(events)
    assert viol(v) == [("undertrump", idx(events, card="D6"), 3)]


def puur_deal(seat1_second_trump: bool) -> list[list[str]]:
    """Hearts trump; seat 1 holds the puur HJ (and H7 too if asked)."""
    seat1 = ["HJ", "SA", "S6", "S7", "D6", "D7", "D8", "D9", "D10"]
    seat2 = ["H6", "H7", "H8", "S8", "S9", "S10", "SJ", "SQ", "SK"]
    if seat1_second_trump:
        seat1[-1], seat2[1] = "H7", "D10"
    return [
        ["HA", "C7", "C6", "C8", "C9", "C10", "CJ", "CQ", "CK"],
        seat1,
        seat2,
        ["H9", "H10", "HQ", "HK", "DJ", "DQ", "DK", "DA", "CA"],
    ]


def test_trump_lead_only_trump_is_puur_may_play_anything():
    """'Trumfknekten, puur, kan aldrig tvingas ut. Om trumf spelas ut och den enda
    trumfen på en spelares hand är puur, får spelaren spela vilket kort som helst.'"""
    events = first_hand(puur_deal(False), "H", trick(0, ["HA", "S6", "H6", "H9"]), [play(3, "DA")])
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["points"] == [0, 11 + 14]  # trump nine beats trump ace


def test_trump_lead_must_follow_trump_when_holding_more_than_puur():
    """'Om det är ett trumfspel och utspelet skedde i trumf, måste spelarna om möjligt
    följa färg.'  Seat 1 holds HJ and H7, plays S6."""
    events = first_hand(puur_deal(True), "H", trick(0, ["HA", "S6", "H6", "H9"]))
    v = verdict_of(events)
    assert viol(v) == [("follow-suit", idx(events, card="S6"), 1)]


def sang_deal(seat1_has_spade: bool) -> list[list[str]]:
    seat1 = ["S7", "HA", "H6", "H7", "H8", "H9", "H10", "HJ", "HQ"]
    seat2 = ["S6", "S8", "S9", "S10", "SJ", "SQ", "SK", "HK", "CA"]
    if not seat1_has_spade:
        seat1[0], seat2[7] = "HK", "S7"
    return [
        ["SA", "C7", "C6", "C8", "C9", "C10", "CJ", "CQ", "CK"],
        seat1,
        seat2,
        ["D6", "D7", "D8", "D9", "D10", "DJ", "DQ", "DK", "DA"],
    ]


@pytest.mark.parametrize("mode", ["obenabe", "undenufe"])
def test_sang_must_follow_suit(mode):
    """'Om det är ett sangspel, måste spelarna alltid om möjligt följa färg.'"""
    events = first_hand(sang_deal(True), mode, trick(0, ["SA", "HA", "S6", "D6"]))
    v = verdict_of(events)
    assert viol(v) == [("follow-suit", idx(events, card="HA"), 1)]


@pytest.mark.parametrize(
    "mode, points",
    [
        ("obenabe", [11 + 11 + 0 + 0, 0]),  # SA wins
        ("undenufe", [0 + 0 + 11 + 11, 0]),  # S6 wins; sixes 11, aces 0
    ],
)
def test_sang_void_may_discard_anything(mode, points):
    """'En spelare som inte kan följa färg får spela vilket kort som helst.'"""
    events = first_hand(sang_deal(False), mode, trick(0, ["SA", "HA", "S6", "D6"]))
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["points"] == points


def test_card_not_dealt_to_seat():
    """With the deal known, a seat playing a card it was not dealt is flagged."""
    events = [*match_events("C", n_tricks=0), play(0, "CJ"), play(1, "DA")]
    v = verdict_of(events)
    assert ("card-not-in-hand", idx(events, card="DA"), 1) in viol(v)


# ---------------------------------------------------------------------------
# 4. weis
# ---------------------------------------------------------------------------


def weis_events(
    declared: dict[int, list[list[str]]],
    mode: str = "S",
    *,
    fixed: dict[int, list[str]] | None = None,
    prelude: list[dict] | None = None,
    forehand: int = 0,
    **game_fields,
) -> list[dict]:
    """A first trick in which the seats in ``declared`` show their weis, each just
    before its own play; every play is legal by construction (``legal_pick``)."""
    cards = {s: [c for combo in combos for c in combo] for s, combos in declared.items()}
    for s, extra in (fixed or {}).items():
        cards[s] = cards.get(s, []) + extra
    hands = fill_deal(cards, c7_seat=0 if prelude is None else None)
    if prelude is None:
        events = [game(**game_fields), hand(3)]
    else:
        events = [*prelude, hand((forehand - 1) % 4)]
    events += [deal(hands), trump(mode, seat=forehand)]
    led = None
    for k in range(4):
        s = (forehand + k) % 4
        events += [weis(s, combo) for combo in declared.get(s, [])]
        card = legal_pick(hands[s], led, mode)
        led = led or card
        events.append(play(s, card))
    return events


def hs(*ranks: str, suit: str = "H") -> list[str]:
    return [suit + r for r in ranks]


@pytest.mark.parametrize(
    "combo, value",
    [
        (hs("6", "7", "8"), 20),  # Sekvens av tre kort 20
        (hs("6", "7", "8", "9"), 50),  # Sekvens av fyra kort 50
        (["HQ", "DQ", "SQ", "CQ"], 100),  # Fyrtal i annat än knektar eller nior 100
        (["HA", "DA", "SA", "CA"], 100),
        (["H6", "D6", "S6", "C6"], 100),
        (hs("6", "7", "8", "9", "10"), 100),  # Sekvens av fem kort 100
        (["H9", "D9", "S9", "C9"], 150),  # Fyra nior 150
        (hs("6", "7", "8", "9", "10", "J"), 150),  # Sekvens av sex kort 150
        (["HJ", "DJ", "SJ", "CJ"], 200),  # Fyra knektar 200
        (hs("6", "7", "8", "9", "10", "J", "Q"), 200),  # Sekvens av sju kort 200
        (hs("6", "7", "8", "9", "10", "J", "Q", "K"), 250),  # Sekvens av åtta kort 250
        (hs(*RANKS), 300),  # Sekvens av nio kort 300
        (hs("Q", "K", "A", suit="D"), 20),
    ],
)
def test_weis_value_table(combo, value):
    """The seed's weis table ('Nr Kombination Värde'), spades trump (x1)."""
    v = verdict_of(weis_events({1: [combo]}))
    assert viol(v) == []
    h = v["hands"][0]
    assert h["weis"] == [0, value]
    assert h["scored"][1] == h["points"][1] + value


def test_trump_sequence_uses_natural_order():
    """'Valörerna i weis-kombinationer har samma rangordning som i icke trumffärger':
    in spades trump, SJ-S10-S9 is a sequence ..."""
    v = verdict_of(weis_events({1: [["SJ", "S10", "S9"]]}))
    assert viol(v) == []
    assert v["hands"][0]["weis"] == [0, 20]


def test_trump_order_is_not_a_sequence():
    """... but SA-S9-SJ (adjacent only in the trump order) is not."""
    events = weis_events({1: [["SA", "S9", "SJ"]]})
    v = verdict_of(events)
    assert viol(v) == [("false-weis", idx(events, event="weis"), 1)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_four_low_cards_house_rule_off():
    """House rule (documented override): four 6s are no weis when four_low_cards=False."""
    v = verdict_of(weis_events({1: [["H6", "D6", "S6", "C6"]]}), four_low_cards=False)
    assert v["hands"][0]["weis"] == [0, 0]


def test_best_weis_team_scores_all_its_weis_other_team_none():
    """'Det lag som har den bästa kombinationen får tillgodoräkna sig poängen för alla
    sina weis. Det andra laget får ingen poäng för weis.'  Seat 1: seq4 (50) and seq3
    (20); seat 3: seq3 (20); seat 0: seq3 (20) -- side 1 has the best single weis."""
    declared = {
        0: [hs("8", "9", "10", suit="S")],
        1: [hs("6", "7", "8", "9", suit="D"), hs("Q", "K", "A")],
        3: [hs("8", "9", "10", suit="C")],
    }
    v = verdict_of(weis_events(declared, "S"))
    assert viol(v) == []
    assert v["hands"][0]["weis"] == [0, 50 + 20 + 20]


def test_partners_lower_weis_counts_with_the_best():
    """'... får tillgodoräkna sig poängen för alla sina weis' -- seat 2's sequence of
    three counts for side 0 although seat 1's sequence of four is better than it."""
    declared = {
        0: [hs("6", "7", "8", "9", "10", suit="S")],
        1: [hs("6", "7", "8", "9", suit="D")],
        2: [hs("J", "Q", "K")],
    }
    v = verdict_of(weis_events(declared, "C"))
    assert viol(v) == []
    assert v["hands"][0]["weis"] == [100 + 20, 0]


def test_best_single_weis_wins_not_the_larger_sum():
    """The single best combination decides, not the sum: seat 0's four kings (100) beat
    side 1's two sequences of four plus one of three (120 in all)."""
    declared = {
        0: [["HK", "DK", "SK", "CK"]],
        1: [hs("6", "7", "8", "9", suit="D"), hs("6", "7", "8", "9", suit="S")],
        3: [hs("6", "7", "8")],
    }
    v = verdict_of(weis_events(declared, "C"))
    assert viol(v) == []
    assert v["hands"][0]["weis"] == [100, 0]


def test_sequence_beats_four_of_a_kind_of_equal_value():
    """'Om poängen är 100, 150 eller 200, anger spelarna först om det är en sekvens
    eller ett fyrtal. Sekvens är alltid bättre.'  Forehand's four aces (100) lose to
    seat 1's five-card sequence up to the ten (100)."""
    declared = {0: [["HA", "DA", "SA", "CA"]], 1: [hs("6", "7", "8", "9", "10", suit="D")]}
    v = verdict_of(weis_events(declared, "S"))
    assert viol(v) == []
    assert v["hands"][0]["weis"] == [0, 100]


@pytest.mark.parametrize(
    "declared, mode, expected",
    [
        # 'Av två lika långa sekvenser, är en med högre valör på toppkortet bättre'
        ({0: [hs("8", "9", "10")], 1: [hs("J", "Q", "K", suit="D")]}, "S", [0, 20]),
        ({0: [hs("Q", "K", "A")], 1: [hs("J", "Q", "K", suit="D")]}, "S", [20, 0]),
        # 'Av två fyrtaal ... är det bäst som är i högst valör'
        ({0: [["HQ", "DQ", "SQ", "CQ"]], 1: [["HK", "DK", "SK", "CK"]]}, "S", [0, 100]),
        ({0: [["HA", "DA", "SA", "CA"]], 1: [["HK", "DK", "SK", "CK"]]}, "S", [100, 0]),
        # 'fyra sexor slår fyra åttor' in undenufe, and not in obenabe
        ({0: [["H8", "D8", "S8", "C8"]], 1: [["H6", "D6", "S6", "C6"]]}, "undenufe", [0, 100]),
        ({0: [["H8", "D8", "S8", "C8"]], 1: [["H6", "D6", "S6", "C6"]]}, "obenabe", [100, 0]),
        # 'i sekvensen sex, sju och åtta räknas sexan som toppkort och slår sekvensen
        # sju, åtta och nio'
        ({0: [hs("7", "8", "9", suit="S")], 1: [hs("6", "7", "8")]}, "undenufe", [0, 20]),
        ({0: [hs("7", "8", "9", suit="S")], 1: [hs("6", "7", "8")]}, "obenabe", [20, 0]),
        # undenufe: in Q-K-A the queen is the top card, in J-Q-K the jack -- J-Q-K wins
        ({0: [hs("Q", "K", "A")], 1: [hs("J", "Q", "K", suit="D")]}, "undenufe", [0, 20]),
        # top card is compared before trump: side D7-D8-D9 beats trump H6-H7-H8
        ({1: [hs("6", "7", "8")], 2: [hs("7", "8", "9", suit="D")]}, "H", [20, 0]),
        # value first: four nines (150) beat a five-card sequence (100)
        (
            {0: [["H9", "D9", "S9", "C9"]], 1: [hs("10", "J", "Q", "K", "A", suit="D")]},
            "S",
            [150, 0],
        ),
        # four jacks (200) beat a six-card sequence (150)
        (
            {0: [hs("6", "7", "8", "9", "10", suit="D")], 1: [["HJ", "DJ", "SJ", "CJ"]]},
            "S",
            [0, 200],
        ),
        # 'Av två lika långa och höga sekvenser, är en sekvens i trumf bättre'
        ({1: [hs("8", "9", "10", suit="D")], 2: [hs("8", "9", "10")]}, "H", [20, 0]),
        ({1: [hs("8", "9", "10")], 2: [hs("8", "9", "10", suit="D")]}, "H", [0, 20]),
        # 'Av två likvärdiga sekvenser i färger som inte är trumf är den som är i
        # förhand bäst'
        ({1: [hs("8", "9", "10", suit="D")], 2: [hs("8", "9", "10", suit="S")]}, "H", [0, 20]),
        ({0: [hs("8", "9", "10", suit="S")], 3: [hs("8", "9", "10", suit="D")]}, "H", [20, 0]),
    ],
)
def test_weis_tie_breaks(declared, mode, expected):
    v = verdict_of(weis_events(declared, mode))
    assert viol(v) == []
    h = v["hands"][0]
    assert h["weis"] == expected
    assert h["multiplier"] == MULTIPLIER[mode]
    m = MULTIPLIER[mode]
    assert h["scored"] == [(h["points"][s] + expected[s]) * m for s in (0, 1)]


def test_equal_weis_goes_to_the_seat_earlier_from_forehand_in_a_later_hand():
    """'... den som är i förhand bäst (det vill säga som sitter hos den av spelarna som
    först fick kort i given)'.  Second hand: seat 0 deals, seat 1 is forehand, so
    seat 3 plays before seat 0 and its equal side-suit sequence wins."""
    prelude = match_events("C")  # hand 1, forehand seat 0
    declared = {0: [hs("8", "9", "10", suit="S")], 3: [hs("8", "9", "10", suit="D")]}
    v = verdict_of(weis_events(declared, "H", prelude=prelude, forehand=1))
    assert viol(v) == []
    assert v["hands"][1]["weis"] == [0, 20]


def test_weis_shown_after_own_play_in_first_trick_counts():
    """'Weis anges i det första sticket.'  Seat 1 shows its sequence after playing to
    trick 1, before trick 2 begins."""
    events = match_events("H", n_tricks=1, after={(1, 1): [weis(1, ["DA", "DK", "DQ"])]})
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["weis"] == [0, 20]
    assert v["hands"][0]["scored"] == [20 * 2, 20 * 2]


def test_card_may_be_in_a_sequence_and_a_four_at_once():
    """'Ett kort kan ingå i en sekvens och ett fyrtaal samtidigt.'  HK in both."""
    declared = {1: [hs("J", "Q", "K"), ["HK", "DK", "SK", "CK"]]}
    v = verdict_of(weis_events(declared, "S"))
    assert viol(v) == []
    assert v["hands"][0]["weis"] == [0, 120]


def test_sub_sequence_of_declared_longer_sequence_is_false_weis():
    """'Det är däremot inte tillåtet att tillgodoräkna sig delsekvenser av en längre
    sekvens.'  Seat 1 shows HQ-HJ-H10-H9 and then HQ-HJ-H10 as well."""
    declared = {1: [hs("Q", "J", "10", "9"), hs("Q", "J", "10")]}
    events = weis_events(declared, "S")
    v = verdict_of(events)
    second = [i for i, ev in enumerate(events) if ev["event"] == "weis"][1]
    assert viol(v) == [("false-weis", second, 1)]
    assert v["hands"][0]["weis"] == [0, 50]


def test_weis_with_cards_not_dealt_is_false_weis():
    """'måste alla kort i varje enskild kombination sitta på en hand' -- seat 1 shows
    HA-HK-HQ but HA was dealt to seat 2."""
    events = weis_events({}, "S", fixed={1: ["HK", "HQ"], 2: ["HA"]})
    w = weis(1, ["HA", "HK", "HQ"])
    at = idx(events, seat=1, event="play")
    events.insert(at, w)
    v = verdict_of(events)
    assert viol(v) == [("false-weis", at, 1)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_combination_that_is_no_weis_is_false_weis():
    """'En sekvens är minst tre kort av samma färg i på varandra följande valörer.'"""
    events = weis_events({1: [hs("6", "7", "9")]}, "S")
    v = verdict_of(events)
    assert viol(v) == [("false-weis", idx(events, event="weis"), 1)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_weis_split_over_two_hands_is_false_weis():
    """'måste alla kort i varje enskild kombination sitta på en hand' -- seat 1 and
    seat 3 hold H6,H7 and H8: seat 1 may not show H6-H7-H8."""
    events = weis_events({}, "S", fixed={1: ["H6", "H7"], 3: ["H8"]})
    at = idx(events, seat=1, event="play")
    events.insert(at, weis(1, ["H6", "H7", "H8"]))
    v = verdict_of(events)
    assert viol(v) == [("false-weis", at, 1)]
    assert v["hands"][0]["weis"] == [0, 0]


def test_weis_after_the_first_trick_is_not_scored():
    """'Weis anges i det första sticket.'  Seat 1 shows a diamond sequence in trick 2."""
    events = match_events("H", n_tricks=2, before={(2, 1): [weis(1, ["DA", "DK", "DQ"])]})
    v = verdict_of(events)
    assert v["hands"][0]["weis"] == [0, 0]
    at = idx(events, event="weis")
    assert [x["event"] for x in v["violations"]] == [at]
    assert v["violations"][0]["rule"] in ("false-weis", "illegal-event")


# ---------------------------------------------------------------------------
# 5. stöck
# ---------------------------------------------------------------------------


def test_stoeck_scored_even_when_other_team_wins_weis():
    """'Innehavaren får alltid tillgodoräkna sig poängen, oavsett om hens lag har den
    mest värdefulla weis-kombinationen eller inte.'  Seat 0 shows a heart sequence of
    eight (250), seat 1 a diamond sequence of nine (300): side 1 takes the weis, side 0
    still gets its stöck (HK in trick 4, HQ in trick 5)."""
    events = match_events(
        "H",
        before={
            (1, 0): [weis(0, ["HA", "HK", "HQ", "HJ", "H10", "H9", "H8", "H7"])],
            (1, 1): [weis(1, ["DA", "DK", "DQ", "DJ", "D10", "D9", "D8", "D7", "D6"])],
        },
        after={(5, 0): [stoeck(0)]},
    )
    v = verdict_of(events)
    assert viol(v) == []
    h = v["hands"][0]
    assert h["weis"] == [0, 300]
    assert h["stoeck"] == [20, 0]
    assert h["scored"] == [(157 + 100 + 20) * 2, 300 * 2]


@pytest.mark.parametrize("mode", ["C", "S"])
def test_stoeck_value_single_multiplier(mode):
    """'Den består av kung och dam i trumf och är värd 20 poäng.' (x1 in black trumps;
    clubs: CK trick 4, CQ trick 5 in the clubs match hand; spades the same)."""
    v = verdict_of(match_events(mode, after={(5, 0): [stoeck(0)]}))
    assert viol(v) == []
    assert v["hands"][0]["stoeck"] == [20, 0]
    assert v["hands"][0]["scored"] == [257 + 20, 0]


def test_stoeck_with_the_last_card_of_the_hand():
    """'... säga "stöck" när det andra kortet i kombinationen spelas' -- also when it is
    the ninth card.  Clubs match hand with seat 0 leading its trumps in the order J 9 A
    10 8 7 6 K Q; stöck is said as the hand ends."""
    cols = match_columns("C")
    cols[0] = ["CJ", "C9", "CA", "C10", "C8", "C7", "C6", "CK", "CQ"]
    events = [game(), hand(3), deal(cols), trump("C")]
    for t in range(9):
        events += trick(0, [cols[s][t] for s in range(4)])
    events.append(stoeck(0))
    v = verdict_of(events)
    assert viol(v) == []
    h = v["hands"][0]
    assert h["points"] == [157, 0]
    assert h["stoeck"] == [20, 0]
    assert h["scored"] == [257 + 20, 0]


def test_no_stoeck_in_obenabe():
    """'Den består av kung och dam i trumf' -- obenabe has no trump: HK (trick 2) and
    HQ (trick 3) are no stöck."""
    events = match_events("obenabe", after={(3, 0): [stoeck(0)]})
    v = verdict_of(events)
    assert viol(v) == [("false-stoeck", idx(events, event="stoeck"), 0)]
    assert v["hands"][0]["stoeck"] == [0, 0]
    assert v["hands"][0]["scored"] == [771, 0]


def test_no_stoeck_in_undenufe():
    events = match_events("undenufe", after={(8, 0): [stoeck(0)]})  # HQ t7, HK t8
    v = verdict_of(events)
    assert viol(v) == [("false-stoeck", idx(events, event="stoeck"), 0)]
    assert v["hands"][0]["stoeck"] == [0, 0]


def test_stoeck_by_seat_without_both_cards_is_false():
    """'Precis som i fallet weis måste korten sitta på en och samma hand.'  Seat 2
    calls stöck after seat 0 played the second of HK/HQ."""
    events = match_events("H", after={(5, 0): [stoeck(2)]})
    v = verdict_of(events)
    assert viol(v) == [("false-stoeck", idx(events, event="stoeck"), 2)]
    assert v["hands"][0]["stoeck"] == [0, 0]
    assert v["hands"][0]["scored"] == [514, 0]


def test_stoeck_with_king_and_queen_in_different_hands_is_false():
    """Hearts trump; seat 0 plays HK, seat 1 HQ on it and calls stöck."""
    hands = fill_deal({0: ["HK"], 1: ["HQ"], 2: ["H6"], 3: ["H7"]})
    events = [
        game(),
        hand(3),
        deal(hands),
        trump("H"),
        *trick(0, ["HK", "HQ", "H6", "H7"]),
        stoeck(1),
    ]
    v = verdict_of(events)
    assert viol(v) == [("false-stoeck", idx(events, event="stoeck"), 1)]
    assert v["hands"][0]["stoeck"] == [0, 0]


# ---------------------------------------------------------------------------
# 6. bedanken
# ---------------------------------------------------------------------------

# Hearts match hand, trick points side 0 after five tricks: 20+14+11+4+33 = 82
assert sum(TRICK_POINTS["H"][:5]) == 82


def claim_after_trick5(target, *, with_stoeck=True, seat1_weis=None, claimer=0):
    before = {(1, 1): [weis(1, seat1_weis)]} if seat1_weis else {}
    after = {(5, 0): [stoeck(0)]} if with_stoeck else {}
    return match_events(
        "H", target=target, n_tricks=5, before=before, after=after, trailer=[bedanken(claimer)]
    )


@pytest.mark.parametrize("target, winner", [(204, 0), (205, 1)])
def test_bedanken_at_least_the_target(target, winner):
    """'vinner hans lag om det efter en sammanräkning har minst 2500 poäng' -- 204 is
    enough for target 204, not for 205."""
    v = verdict_of(claim_after_trick5(target))
    assert v["totals"] == [204, 0]
    assert v["winner"] == winner


def test_bedanken_wins_with_target_reached_counting_stoeck():
    """'Om en spelare tackar för sig efter det att spelaren har spelat till det andra
    sticket i en giv, vinner hans lag om det efter en sammanräkning har minst 2500
    poäng ... Båda sidorna får tillgodoräkna sig poängen för en eventuell stöck och för
    alla ännu icke bokförda stick.'  Target 200: (82 + 20) x 2 = 204."""
    events = claim_after_trick5(200)
    v = verdict_of(events)
    assert viol(v) == []
    assert v["totals"] == [204, 0]
    assert v["winner"] == 0
    assert v["claim"] == {
        "seat": 0,
        "event": idx(events, event="bedanken"),
        "status": "won",
        "rule": "count",
    }
    # 'Om det förlorande laget har färre än 1250 poäng, har det blivit schneider.'
    assert v["schneider"] is True


def test_claim_right_after_leading_to_trick_two_is_counted_not_sws():
    """The Stöck-Weis-Stich rule is for 'en spelare som ännu inte har spelat till det
    andra sticket'; seat 0 claims just after leading to trick 2, so the ordinary count
    applies: trick 1 = 20 x 2 = 40 = target."""
    events = [*match_events("H", target=40, n_tricks=1), play(0, "H9"), bedanken(0)]
    v = verdict_of(events)
    assert viol(v) == []
    assert v["winner"] == 0
    assert v["claim"]["rule"] == "count"
    assert v["claim"]["status"] == "won"


def test_bedanken_short_of_target_loses():
    """'... vinner hans lag om det ... har minst 2500 poäng och förlorar annars.'
    Target 210: (82 + 20) x 2 = 204 < 210."""
    events = claim_after_trick5(210)
    v = verdict_of(events)
    at = idx(events, event="bedanken")
    assert viol(v) == [("false-claim", at, 0)]
    assert v["totals"] == [204, 0]
    assert v["winner"] == 1
    assert v["claim"] == {"seat": 0, "event": at, "status": "lost", "rule": "count"}
    assert v["schneider"] is False  # the loser (side 0) has 204, not under 105


@pytest.mark.parametrize(
    "seq, loser_total, schneider",
    [
        (["DA", "DK", "DQ", "DJ"], 100, False),  # exactly half: not 'färre än hälften'
        (["DA", "DK", "DQ"], 40, True),
    ],
)
def test_schneider_is_fewer_than_half_the_target(seq, loser_total, schneider):
    """'Om det förlorande laget har färre än hälften av målpoängen ... har det blivit
    schneider'.  Target 200; side 1 only has its weis (x2)."""
    v = verdict_of(claim_after_trick5(200, seat1_weis=seq))
    assert viol(v) == []
    assert v["totals"] == [204, loser_total]
    assert v["winner"] == 0
    assert v["schneider"] is schneider


def test_claimer_wins_even_if_opponents_also_reached():
    """'Notera att den tackande parten alltid vinner om den har nått målet, även om
    motparten också har nått det.'  Side 1: nine-card sequence 300 x 2 = 600."""
    seq9 = ["DA", "DK", "DQ", "DJ", "D10", "D9", "D8", "D7", "D6"]
    v = verdict_of(claim_after_trick5(200, seat1_weis=seq9))
    assert viol(v) == []
    assert v["totals"] == [204, 600]
    assert v["winner"] == 0
    assert v["claim"]["status"] == "won"
    assert v["schneider"] is False


def test_claim_by_side_short_of_target_loses_to_the_side_that_reached():
    """'... vinner hans lag om det ... har minst 2500 poäng och förlorar annars.'  Seat 1
    claims after trick 5 with 0 points for side 1 (side 0 has 204): side 0 wins."""
    events = claim_after_trick5(200, claimer=1)
    v = verdict_of(events)
    assert viol(v) == [("false-claim", idx(events, event="bedanken"), 1)]
    assert v["winner"] == 0
    assert v["schneider"] is True  # loser side 1 has 0


def test_no_winner_without_a_claim():
    """'Det lag som först når minst 2500 poäng och gör anspråk på segern vinner.'
    Side 0 passes target 200 (514) but nobody claims."""
    v = verdict_of(match_events("H", target=200))
    assert viol(v) == []
    assert v["totals"] == [514, 0]
    assert v["winner"] is None


def test_claim_after_hand_counts_earlier_hands():
    """Two hands (257 for side 0, then 514 for side 1); target 300; seat 3 claims after
    the second hand.  Side 0 has 257 >= 150: no schneider."""
    events = match_events("C", target=300) + match_events(
        "H", header=False, dealer=0, rot=1, trailer=[bedanken(3)]
    )
    v = verdict_of(events)
    assert viol(v) == []
    assert v["totals"] == [257, 514]
    assert v["winner"] == 1
    assert v["claim"]["status"] == "won"
    assert v["schneider"] is False


@pytest.mark.parametrize("claimer", [0, 1, 2, 3])
def test_both_over_target_after_a_hand_first_claimer_wins(claimer):
    """'Om båda lagen kommer över målnöret när poängen för sticken adderas till
    totalsumman efter en giv men båda har försummat att tacka för sig, gäller att det
    lag som först inser detta och tackar för sig vinner.'  Target 250; hand 1 gives
    side 0 257, hand 2 (forehand seat 1) gives side 1 257."""
    events = match_events("C", target=250) + match_events(
        "C", header=False, dealer=0, rot=1, trailer=[bedanken(claimer)]
    )
    v = verdict_of(events)
    assert viol(v) == []
    assert v["totals"] == [257, 257]
    assert v["winner"] == claimer % 2
    assert v["claim"]["status"] == "won"
    assert v["schneider"] is False


def test_sws_in_a_later_hand_counts_earlier_totals():
    """'I det första sticket i en giv, kan båda lagen samtidigt komma upp i 2500 poäng
    eller fler.'  Target 290.  Hand 1: side 0 257.  Hand 2 (hearts, forehand seat 1):
    seat 0 shows S6-S7-S8 (20 x 2 = 40 -> 297) and side 1 takes trick 1 (20 x 2 = 40);
    seat 1 claims after trick 1.  Whatever stöck side 1 may count first (40) leaves it
    far below 290; the weis brings side 0 over: side 0 wins."""
    events = match_events("C", target=290) + match_events(
        "H",
        header=False,
        dealer=0,
        rot=1,
        n_tricks=1,
        before={(1, 0): [weis(0, ["S6", "S7", "S8"])]},
        trailer=[bedanken(1)],
    )
    v = verdict_of(events)
    assert "false-weis" not in rules(v)
    assert v["winner"] == 0
    assert v["claim"]["seat"] == 1
    assert v["claim"]["status"] == "lost"
    assert v["claim"]["rule"] == "stoeck-weis-stich"
    assert v["schneider"] is True  # side 1 had at most 80 < 145 when side 0 got there


def test_sws_claim_pending_while_first_trick_unfinished():
    """'Om det första sticket ännu inte har avslutats, måste det spelas färdigt. När det
    är gjort, räknas poängen.'  The log ends after two cards of trick 1: no result."""
    events = sws_events(100)[:-2]
    events.insert(idx(events, card="HJ") + 1, bedanken(0))
    v = verdict_of(events)
    assert v["winner"] is None
    assert v["claim"]["status"] == "pending"
    assert v["claim"]["rule"] == "stoeck-weis-stich"


def test_sws_weis_shown_after_the_claim_in_trick_one_counts():
    """Seat 0 claims on leading; seat 1 then shows its weis when it plays to trick 1
    ('Weis anges i det första sticket').  Target 100: side 1's weis (100) comes before
    side 0's trick points (110): side 1 wins."""
    events = sws_events(
        100, after={0: [bedanken(0)]}, before={1: [weis(1, ["DJ", "DQ", "DK", "DA"])]}
    )
    v = verdict_of(events)
    assert v["winner"] == 1
    assert v["claim"]["status"] == "lost"


# Stöck-Weis-Stich: hearts trump; trick 1 = HJ, H9, HA, H10: 55 card points to side 0
# (x2 = 110).  Seat 1 can show DJ-DQ-DK-DA, seat 0 S6-S7-S8; seat 3 holds HQ and HK
# (stöck).
SWS_DEAL = [
    ["HJ", "C7", "S6", "S7", "S8", "C9", "CJ", "CK", "D10"],
    ["H9", "DJ", "DQ", "DK", "DA", "D6", "D7", "D8", "D9"],
    ["HA", "S9", "S10", "SJ", "SQ", "SK", "C6", "C8", "C10"],
    ["H10", "H6", "H7", "H8", "HQ", "HK", "SA", "CA", "CQ"],
]
SWS_TRICK1 = ["HJ", "H9", "HA", "H10"]


def sws_events(target, *, before=None, after=None, trailer=()):
    return [
        game(target=target),
        hand(3),
        deal(SWS_DEAL),
        trump("H"),
        *trick(0, SWS_TRICK1, before, after),
        *trailer,
    ]


def test_sws_weis_counts_before_trick_points_other_side_first():
    """'Det lag som först kommer över 2500 poäng vinner i detta fall partiet, oavsett
    vilken sida som tackade för sig. ... Sedan läggs poängen för alla godkända weis
    till. Slutligen adderar det lag som vann det första sticket poängen för korten i
    detta stick.'  Target 100: side 1's weis 50 x 2 = 100 comes before side 0's trick
    (110); seat 0 claimed, side 1 wins."""
    events = sws_events(100, before={1: [weis(1, ["DJ", "DQ", "DK", "DA"])]}, trailer=[bedanken(0)])
    v = verdict_of(events)
    assert v["winner"] == 1
    assert v["claim"]["seat"] == 0
    assert v["claim"]["status"] == "lost"
    assert v["claim"]["rule"] == "stoeck-weis-stich"
    # 'Om det förlorande laget ännu inte har nått 1250 poäng vid det tillfälle i
    # sammanräkningen då det vinnande laget kommer upp i 2500, har det blivit schneider.'
    assert v["schneider"] is True


def test_sws_claim_mid_first_trick_trick_is_finished_and_counted():
    """'Om det första sticket ännu inte har avslutats, måste det spelas färdigt.'  Seat 0
    claims right after leading; trick 1 is worth 55 x 2 = 110 = target."""
    events = sws_events(110, after={0: [bedanken(0)]})
    v = verdict_of(events)
    assert viol(v) == []
    assert v["winner"] == 0
    assert v["claim"]["status"] == "won"
    assert v["claim"]["rule"] == "stoeck-weis-stich"
    assert v["schneider"] is True


def test_sws_no_last_trick_bonus_and_claimer_loses_if_nobody_reaches():
    """'Notera att laget inte får tillgodoräkna sig poäng för "sista stick"' and 'Om
    ingendera sidan visar sig ha nått 2500 poäng vid sammanräkningen, förlorar det lag
    som tackade för sig.'  Target 111: 55 x 2 = 110 < 111 (with a wrong 5-point bonus
    it would be 120)."""
    events = sws_events(111, after={0: [bedanken(0)]})
    v = verdict_of(events)
    assert viol(v) == [("false-claim", idx(events, event="bedanken"), 0)]
    assert v["winner"] == 1
    assert v["claim"]["status"] == "lost"
    assert v["claim"]["rule"] == "stoeck-weis-stich"


def test_sws_stoeck_counts_before_weis():
    """'Om någondera sidan kan mäla en stöck, får den först tillgodoräkna sig poängen för
    denna. Sedan läggs poängen för alla godkända weis till.'  Target 40: seat 3's stöck
    (HK+HQ, 20 x 2 = 40) comes before seat 0's sequence S6-S7-S8 (20 x 2 = 40), so
    side 1 wins although side 0 claimed."""
    events = sws_events(
        40,
        before={0: [weis(0, ["S6", "S7", "S8"])]},
        trailer=[bedanken(0), stoeck(3)],
    )
    v = verdict_of(events)
    assert "false-stoeck" not in rules(v)
    assert v["winner"] == 1
    assert v["claim"]["rule"] == "stoeck-weis-stich"
    assert v["claim"]["status"] == "lost"


def test_sws_applies_to_player_who_has_not_yet_played_to_trick_two():
    """'Om en spelare som ännu inte har spelat till det andra sticket tackar för sig,
    tillämpas därför en regel som kallas Stöck-Weis-Stich' -- trick 2 has begun but
    seat 3 has not played to it yet.  Hearts match hand, target 40: side 0's trick 1
    (20 x 2 = 40) reaches it; side 1 claimed, side 0 wins."""
    events = [*match_events("H", target=40, n_tricks=1), play(0, "H9"), play(1, "D7"), bedanken(3)]
    v = verdict_of(events)
    assert v["winner"] == 0
    assert v["claim"]["seat"] == 3
    assert v["claim"]["rule"] == "stoeck-weis-stich"
    assert v["claim"]["status"] == "lost"


# ---------------------------------------------------------------------------
# 7. camera case: no deal event, violations only when proven
# ---------------------------------------------------------------------------


def test_camera_renounce_proven_by_later_play():
    """'måste en spelare som har kort i utspelsfärgen antingen följa färg eller spela
    trumf' -- seat 1 discards D6 on a spade lead in trick 1 and shows S8 in trick 2."""
    events = camera(
        "H",
        trick(0, ["SA", "D6", "S6", "S7"]),
        trick(0, ["SK", "S8", "S9", "S10"]),
    )
    v = verdict_of(events)
    assert viol(v) == [("follow-suit", idx(events, card="D6"), 1)]
    assert v["violations"][0]["proven_at"] == idx(events, card="S8")


def test_camera_unproven_discard_not_flagged():
    """Seat 1 discards on a spade lead and never shows a spade later: no proof."""
    events = camera(
        "H",
        trick(0, ["SA", "D6", "S6", "S7"]),
        trick(0, ["SK", "D7", "S9", "S10"]),
    )
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["points"] == [11 + 4 + 10, 0]


def test_camera_discard_then_trump_later_proves_nothing():
    """On a side lead a player without that suit may discard although it holds trumps:
    seat 1 discards D6 on a spade lead, later shows only trumps (H8) -- no proof."""
    events = camera(
        "H",
        trick(0, ["SA", "D6", "S6", "S7"]),
        trick(0, ["SK", "H8", "S9", "S10"]),
    )
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["points"] == [11, 4 + 10]


def test_camera_sang_renounce_proven():
    """'Om det är ett sangspel, måste spelarna alltid om möjligt följa färg.'  Obenabe:
    seat 2 plays HA on a spade lead, and a spade in trick 2."""
    events = camera(
        "obenabe",
        trick(0, ["SA", "S6", "HA", "S7"]),
        trick(0, ["SK", "S8", "S9", "S10"]),
    )
    v = verdict_of(events)
    assert viol(v) == [("follow-suit", idx(events, card="HA"), 2)]
    assert v["violations"][0]["proven_at"] == idx(events, card="S9")


def test_camera_stoeck_after_own_king_and_queen():
    """'En spelare som sitter med stöck annonserar detta genom att högt säga "stöck"
    när det andra kortet i kombinationen spelas'.  Seat 0 leads HK, then HQ."""
    events = camera(
        "H",
        trick(0, ["HK", "H6", "H7", "H8"]),
        trick(0, ["HQ", "H9", "H10", "HA"], after={0: [stoeck(0)]}),
    )
    v = verdict_of(events)
    assert viol(v) == []
    h = v["hands"][0]
    assert h["stoeck"] == [20, 0]
    # trick 1: HK 4 to seat 0; trick 2: H9 (seat 1) wins HQ 3 + H9 14 + H10 10 + HA 11
    assert h["points"] == [4, 38]
    assert h["scored"] == [(4 + 20) * 2, 38 * 2]


def test_camera_stoeck_with_queen_played_by_other_seat_is_false():
    """'Precis som i fallet weis måste korten sitta på en och samma hand.'"""
    events = camera(
        "H",
        trick(0, ["HK", "HQ", "H7", "H8"], after={1: [stoeck(1)]}),
    )
    v = verdict_of(events)
    assert viol(v) == [("false-stoeck", idx(events, event="stoeck"), 1)]
    assert v["hands"][0]["stoeck"] == [0, 0]


def test_camera_false_weis_proven_when_another_seat_plays_a_weis_card():
    """'måste alla kort i varje enskild kombination sitta på en hand' -- seat 1 shows
    D6-D7-D8 in trick 1, seat 2 later plays D7."""
    events = camera(
        "S",
        trick(0, ["CA", "CK", "CQ", "CJ"], before={1: [weis(1, ["D6", "D7", "D8"])]}),
        trick(0, ["DA", "D6", "D7", "D8"]),
    )
    v = verdict_of(events)
    assert viol(v) == [("false-weis", idx(events, event="weis"), 1)]
    assert v["violations"][0]["proven_at"] == idx(events, card="D7")
    assert v["hands"][0]["weis"] == [0, 0]


def test_camera_true_weis_scored():
    events = camera(
        "S",
        trick(0, ["CA", "CK", "CQ", "CJ"], before={1: [weis(1, ["D6", "D7", "D8"])]}),
        trick(0, ["DA", "D6", "D9", "D10"]),
    )
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["weis"] == [0, 20]


def camera_no_match_hand() -> list[dict]:
    """A complete obenabe hand seen by the camera (see the no-match test)."""
    return camera(
        "obenabe",
        trick(0, ["S7", "S9", "S6", "D6"]),  # seat 3 discards D6 on a spade lead
        trick(1, ["D7", "DA", "D8", "D9"]),
        trick(2, ["HA", "H6", "H7", "C6"]),
        *[
            trick(2, [h, d3, d0, d1])
            for h, d3, d0, d1 in zip(
                ["HK", "HQ", "HJ", "H10", "H9", "H8"],
                ["CK", "CA", "D10", "DJ", "DQ", "DK"],
                ["C7", "S10", "SJ", "SQ", "SK", "SA"],
                ["S8", "C8", "C9", "C10", "CJ", "CQ"],
                strict=True,
            )
        ],
    )


def test_camera_cards_of_an_earlier_hand_prove_nothing():
    """Every hand is a new deal ('Givaren delar sedan ut nio kort var'): seat 3's
    spade in hand 2 says nothing about its discard on a spade lead in hand 1, cards of
    hand 1 may be played again, and C7 marks the forehand only in the first hand."""
    events = [
        *camera_no_match_hand(),
        hand(0),
        trump("H", seat=1),
        *trick(1, ["SA", "S7", "S8", "S9"]),  # seat 1 wins
        *trick(1, ["C6", "C7", "C8", "C9"]),  # seat 0 wins with C9
    ]
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][1]["points"] == [0, 11]
    assert v["totals"] == [157 * 3, 11 * 2]


def test_camera_puur_only_trump_not_flagged():
    """'Om trumf spelas ut och den enda trumfen på en spelares hand är puur, får
    spelaren spela vilket kort som helst.'  Seat 1 ignores a trump lead and later plays
    the trump J: that proves nothing."""
    events = camera(
        "H",
        trick(0, ["HA", "S6", "H6", "H7"]),  # seat 0 wins: trump A over 6 and 7
        trick(0, ["SA", "HJ", "S7", "S8"]),  # seat 1 trumps with the puur
    )
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["points"] == [11, 11 + 20]


def test_camera_trump_lead_renounce_proven_by_other_trump():
    """Same, but seat 1 later plays H8: it held a trump other than the puur."""
    events = camera(
        "H",
        trick(0, ["HA", "S6", "H6", "H7"]),
        trick(0, ["SA", "H8", "S7", "S8"]),
    )
    v = verdict_of(events)
    assert viol(v) == [("follow-suit", idx(events, card="S6"), 1)]
    assert v["violations"][0]["proven_at"] == idx(events, card="H8")


def test_camera_undertrump_proven_at_once_by_count():
    """'... måste sticka alla trumfkort som dittills spelats till sticket, såvida inte
    spelaren bara har trumf kvar på handen.'  Seat 3 undertrumps in trick 1 with nine
    cards: to hold only trumps it would need all nine, but seat 1 has just played H10.
    So it held another card, proven at its own play."""
    events = camera("H", trick(0, ["SA", "H10", "S6", "H7"]))
    v = verdict_of(events)
    assert viol(v) == [("undertrump", idx(events, card="H7"), 3)]
    assert v["violations"][0]["proven_at"] == idx(events, card="H7")
    assert "only 7 cards not yet seen anywhere" in v["violations"][0]["proof"]


def _undertrump_in_trick_3(fourth_trick: list[str]) -> list[dict]:
    """Two tricks without trumps, then seat 3 plays H7 under seat 1's H10 on a spade
    lead: with six cards left and seven trumps not yet seen, it may hold only trumps."""
    return camera(
        "H",
        trick(0, ["DA", "D7", "D8", "D9"]),
        trick(0, ["CA", "C6", "C8", "C9"]),  # C7 stays unseen: seat 0 may be forehand
        trick(0, ["SA", "H10", "S6", "H7"]),  # seat 1 takes it with H10
        trick(1, fourth_trick),
    )


def test_camera_undertrump_proven_when_side_card_shown_later():
    """Same rule: seat 3 later shows DK, so it did not hold only trumps."""
    events = _undertrump_in_trick_3(["D6", "D10", "DK", "DQ"])
    v = verdict_of(events)
    assert viol(v) == [("undertrump", idx(events, card="H7"), 3)]
    assert v["violations"][0]["proven_at"] == idx(events, card="DK")


def test_camera_undertrump_unproven_not_flagged():
    """Seat 3 undertrumps but only trumps are seen from it later (it trumps in with the
    puur), and six trumps are still unseen for its five cards: maybe it held only
    trumps."""
    events = _undertrump_in_trick_3(["S8", "S9", "HJ", "S10"])
    v = verdict_of(events)
    assert viol(v) == []


# ---------------------------------------------------------------------------
# 8. bad input
# ---------------------------------------------------------------------------


def test_malformed_json_line_flagged_rest_scored():
    events = match_events("C")
    lines = log_text(events).splitlines()
    bad_at = 8  # after the first trick (lines 4..7)
    lines.insert(bad_at, '{"event":"play","seat":1,')
    v = referee.check("\n".join(lines) + "\n").to_json()
    assert [x["event"] for x in v["violations"]] == [bad_at]
    assert v["hands"][0]["points"] == [157, 0]
    assert v["totals"] == [257, 0]


@pytest.mark.parametrize("bad", ["H11", "X7", "", "HZ"])
def test_unknown_card_flagged_rest_scored(bad):
    """Contract: 'Anything else is an unknown-card error for that event, never a crash.'
    The camera misread a card (event rejected); the next reading is the real card."""
    events = match_events("C", before={(1, 1): [play(1, bad)]})
    v = verdict_of(events)
    assert viol(v) == [("unknown-card", idx(events, card=bad), 1)]
    assert v["totals"] == [257, 0]


def test_swiss_rank_letters_accepted():
    """Contract: 'Input must also accept the Swiss rank letters U (Under = J), O (Ober =
    Q), B (Banner = 10) and lower case'.  Hearts match hand written with HU, ho, SB."""
    swiss = {"HJ": "HU", "HQ": "ho", "S10": "SB", "D10": "db", "CJ": "cu"}
    events = match_events("H", after={(5, 0): [stoeck(0)]})
    for ev in events:
        if ev["event"] == "play":
            ev["card"] = swiss.get(ev["card"], ev["card"])
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["points"] == [157, 0]
    assert v["hands"][0]["stoeck"] == [20, 0]
    assert v["totals"] == [(257 + 20) * 2, 0]


def test_swiss_letters_in_deal_and_weis():
    events = match_events("H", before={(1, 1): [weis(1, ["DA", "DK", "DO", "DU"])]})
    for ev in events:
        if ev["event"] == "deal":
            ev["hands"] = [[c.replace("10", "B") for c in h] for h in ev["hands"]]
    v = verdict_of(events)
    assert viol(v) == []
    assert v["hands"][0]["weis"] == [0, 50]
    assert v["totals"] == [514, 100]


def test_deal_with_a_card_twice_is_flagged():
    """A deal that is not the 36-card deck: a card dealt twice is 'duplicate-card'
    (docs/game-log.md), at the deal line, and the deal is refused."""
    hands = [list(h) for h in match_columns("C")]
    hands[1][0] = "CA"  # H6 replaced by a second CA
    events = [game(), hand(3), {"event": "deal", "hands": hands}, trump("C")]
    v = verdict_of(events)
    assert [x["event"] for x in v["violations"]] == [2]
    assert v["violations"][0]["rule"] == "duplicate-card"
    assert "CA is dealt twice" in v["violations"][0]["proof"]


def test_duplicate_card_camera():
    """A card can be played only once: seat 3 plays S7 again in trick 2."""
    events = camera(
        "H",
        trick(0, ["SA", "SK", "S6", "S7"]),
        trick(0, ["SQ", "S8", "S9", "S7"]),
    )
    v = verdict_of(events)
    second = [i for i, ev in enumerate(events) if ev.get("card") == "S7"][1]
    assert viol(v) == [("duplicate-card", second, 3)]
    assert v["hands"][0]["points"][0] >= 11 + 4


def test_out_of_turn_flagged_rest_scored():
    """'Turen att spela till ett stick går vidare motsols' -- in trick 1 seat 2 plays D6
    before seat 1.  By the project's documented decision (docs/game-log.md) a play by
    the wrong seat is refused, so the log goes on with seat 1 and then seat 2's D6 in
    its turn; the hand is scored in full."""
    events = match_events("C")
    at = idx(events, card="H6")  # seat 1's play in trick 1
    events.insert(at, play(2, "D6"))
    v = verdict_of(events)
    assert viol(v) == [("out-of-turn", at, 2)]
    assert v["hands"][0]["points"] == [157, 0]
    assert v["totals"] == [257, 0]


def test_lead_by_trick_loser_is_out_of_turn():
    """'Vinnaren av ett stick spelar ut till nästa.'  Seat 1 tries to lead trick 2,
    which seat 0 won; the refused play changes nothing."""
    events = match_events("C")
    at = idx(events, card="C9")  # seat 0's lead to trick 2
    events.insert(at, play(1, "H7"))
    v = verdict_of(events)
    assert viol(v) == [("out-of-turn", at, 1)]
    assert v["totals"] == [257, 0]


def test_event_unknown_to_variant_is_illegal_event():
    """Contract: 'Events not needed by a variant are an error for that event (e.g.
    turnup in Schieber).'"""
    events = match_events("C")
    events.insert(8, {"event": "turnup", "card": "S10"})
    events.insert(12, {"event": "rob", "seat": 1, "card": "S6"})
    v = verdict_of(events)
    assert sorted((x["rule"], x["event"]) for x in v["violations"]) == [
        ("illegal-event", 8),
        ("illegal-event", 12),
    ]
    assert v["totals"] == [257, 0]


def test_verdict_is_json_serialisable():
    v = verdict_of(match_events("H"))
    assert json.loads(json.dumps(v)) == v
