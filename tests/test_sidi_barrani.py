"""Sidi-Barrani against its rule texts: seed 004 ("Sidi-Barrani für 4 Spieler",
/work/shared/seeds/004_b3f8bf754eca75fe.txt) for the auction and the play, and, where
the seed has no rule, https://jassverzeichnis.ch/sidi-barrani/ (booking a contract,
the target, the match) and pagat.com (a double ends the auction). Each test quotes the
sentence it checks; the numbers were worked out by hand from those sentences.

Seats 0..3 in playing order, 0+2 against 1+3; dealer 3, so seat 0 calls first."""

from __future__ import annotations

import pytest

from conftest import verdict_of


def game(**settings: object) -> dict:
    header: dict = {"event": "game", "variant": "sidi-barrani"}
    return {**header, "settings": settings} if settings else header


def bid(seat: int, points: int, suit: str) -> dict:
    return {"event": "bid", "seat": seat, "points": points, "suit": suit}


def fort(seat: int) -> dict:
    return {"event": "pass", "seat": seat}


def play(seat: int, card: str) -> dict:
    return {"event": "play", "seat": seat, "card": card}


def score(bidders_side: int, taken: int) -> dict:
    """A hand entered by its result: the card points of each side, 157 together."""
    points = [157 - taken, taken] if bidders_side == 1 else [taken, 157 - taken]
    return {"event": "score", "points": points, "match": None}


HAND = {"event": "hand", "dealer": 3}

SEED_AUCTION = [
    bid(0, 80, "C"),  # A: «80 auf Rosen/Kreuz»
    bid(1, 100, "H"),  # B: «100 auf Schelle/Herz»
    bid(2, 105, "D"),  # C: «105 auf Schilten/Ecken»
    bid(3, 110, "H"),  # D: «110 auf Schelle/Herz»
    bid(0, 115, "S"),  # A: «115 auf Eichel/Schaufel»
    bid(1, 120, "C"),  # B: «120 auf Rosen/Kreuz»
    fort(2),  # C: «fort»
]


def rules_of(v: dict) -> list[tuple[str, int]]:
    return [(x["rule"], x["event"]) for x in v["violations"]]


def test_the_seeds_auction_gives_the_last_bid_its_suit_and_the_last_bidder_the_lead():
    """004: "Das Team mit dem höchsten Gebot übernimmt das Spiel, wobei der Spieler mit
    der letzten Ansage zum ersten Stich ausspielt. Die zuletzt angesagte Farbe ist
    Trumpf" — the seed's example: A 80 Rosen … B 120 Rosen, C «fort». D may not raise
    its partner's bid, A passes too: B plays 120 in Rosen (clubs) and leads."""
    events = [game(), HAND, *SEED_AUCTION, fort(3), fort(0), play(0, "H6"), play(1, "CJ")]
    v = verdict_of(events)
    assert rules_of(v) == [("out-of-turn", 11)]  # seat 0 may not lead: seat 1 bid last
    hand = v["hands"][0]
    assert hand["mode"] == "C" and hand["chooser"] == 1
    assert hand["contract"] == {"seat": 1, "points": 120, "suit": "C", "doubled": 0, "made": None}


def test_a_bid_not_overbid_by_the_opponents_may_not_be_raised():
    """004: "Wenn eine gemachte Ansage vom Gegner nicht überboten wird, darf diese nicht
    mehr erhöht werden." After the seed's B 120 and C «fort», D may not raise to 130."""
    v = verdict_of([game(), HAND, *SEED_AUCTION, bid(3, 130, "C")])
    assert rules_of(v) == [("illegal-event", 9)]
    assert "which the opponents did not overbid" in v["violations"][0]["proof"]
    assert v["hands"][0]["contract"]["points"] == 120  # the refused bid changed nothing


@pytest.mark.parametrize(
    ("call", "rule"),
    [
        (bid(1, 80, "H"), "illegal-event"),  # not over A's 80: "überboten" means higher
        (bid(1, 83, "H"), "illegal-event"),  # bids go in fives ("mit 5 Punkten angesagt")
        (bid(1, 90, "obenabe"), "illegal-event"),  # "eine Punktzahl und die Trumpffarbe"
        (bid(2, 90, "H"), "out-of-turn"),  # "der Reihe nach in Spielrichtung"
        ({"event": "double", "seat": 1}, "illegal-event"),  # doubling only when agreed
    ],
)
def test_a_call_the_auction_does_not_allow_is_refused_and_changes_nothing(call, rule):
    v = verdict_of([game(), HAND, bid(0, 80, "C"), call])
    assert rules_of(v) == [(rule, 3)]
    assert v["hands"][0]["contract"]["points"] == 80


def test_sang_bids_are_a_house_rule():
    """pagat.com: the contract may be "the trump suit or Obenabe or Undenufe"."""
    events = [game(sang_bids=True), HAND, bid(0, 80, "obenabe"), fort(1), fort(2), fort(3)]
    v = verdict_of(events)
    assert v["violations"] == [] and v["hands"][0]["mode"] == "obenabe"
    assert v["hands"][0]["multiplier"] == 1  # "alle Trumpffarben werden einfach gewertet"


def test_a_made_contract_books_bid_plus_points_and_every_trump_counts_single():
    """jassverzeichnis.ch, Beispiel 1: "Liegt die Zielpunktzahl bei 120 und die ansagende
    Partei erspielt 130 und die Gegner 27 Punkte, können die Gegner 27 und die ansagende
    Partei 250 (= 120 + 130) Punkte notieren." In hearts, ×1 (004: "alle Trumpffarben
    werden einfach gewertet"; Schieber would double them)."""
    events = [game(), HAND, bid(0, 100, "C"), bid(1, 120, "H"), fort(2), fort(3), fort(0)]
    v = verdict_of([*events, score(1, 130)])
    hand = v["hands"][0]
    assert (hand["multiplier"], hand["scored"]) == (1, [27, 250])
    assert hand["contract"]["made"] is True and v["totals"] == [27, 250]


@pytest.mark.parametrize(("contract", "scored"), [("bid-plus-points", [177, 100]), ("", [177, 0])])
def test_a_failed_contract_gives_the_bid_to_the_opponents(contract, scored):
    """jassverzeichnis.ch: "Wenn die Zielpunkzahl nicht erreicht wird, kann die
    Zielpunktzahl das gegnerische Team notieren" (bidders 100 of 120: they write 100,
    the others 120 + 57). House rule contract=failed-zero: the bidders write nothing."""
    settings = {} if contract else {"contract": "failed-zero"}
    events = [game(**settings), HAND, bid(0, 50, "S"), bid(1, 120, "H")]
    v = verdict_of([*events, fort(2), fort(3), fort(0), score(1, 100)])
    assert v["hands"][0]["scored"] == scored and v["hands"][0]["contract"]["made"] is False


def test_stoeck_and_weis_are_not_part_of_the_bid():
    """004: "Weis- und Stöckpunkte werden beim Bieten nicht berücksichtigt." Seat 1 bid
    120 and took 115 card points with stöck (20): the contract failed; the stöck is
    still written (Schieber: "Innehavaren får alltid tillgodoräkna sig poängen")."""
    events = [game(), HAND, bid(0, 60, "S"), bid(1, 120, "H"), fort(2), fort(3), fort(0)]
    v = verdict_of([*events, {"event": "stoeck", "seat": 1}, score(1, 115)])
    hand = v["hands"][0]
    assert hand["contract"]["made"] is False
    assert hand["stoeck"] == [0, 20] and hand["scored"] == [42 + 120, 115 + 20]


def test_a_match_is_its_157_card_points_unless_the_table_plays_a_bonus():
    """jassverzeichnis.ch: "Ein Match ergibt 157 Punkte." House rule match_bonus=true:
    +100 as in Schieber."""
    auction = [HAND, bid(0, 150, "D"), fort(1), fort(2), fort(3)]
    match = {"event": "score", "points": [157, 0], "match": 0}
    plain = verdict_of([game(), *auction, match])["hands"][0]
    assert (plain["scored"], plain["match"]) == ([150 + 157, 0], None)
    bonus = verdict_of([game(match_bonus=True), *auction, match])["hands"][0]
    assert (bonus["scored"], bonus["match"]) == ([150 + 157 + 100, 0], 0)


def test_a_double_ends_the_auction_and_a_counter_doubles_again():
    """004: "Auch ob mit «Doppeln» und «Kontern» gespielt werden soll, kann vereinbart
    werden." pagat.com: "A double immediately ends the auction and the doubled contract
    has to be played." Doubled ×2, countered ×4, the whole hand."""
    events = [game(doubling="double-counter"), HAND, bid(0, 100, "C")]
    doubled = [*events, {"event": "double", "seat": 1}, bid(2, 110, "C")]
    v = verdict_of(doubled)
    assert rules_of(v) == [("illegal-event", 4)]  # the auction is over
    assert v["hands"][0]["multiplier"] == 2 and v["hands"][0]["mode"] == "C"
    countered = [*events, {"event": "double", "seat": 1}, {"event": "counter", "seat": 2}]
    v = verdict_of([*countered, score(0, 110)])
    assert v["hands"][0]["multiplier"] == 4
    assert v["hands"][0]["scored"] == [(100 + 110) * 4, 47 * 4]
    assert v["hands"][0]["contract"]["doubled"] == 2


@pytest.mark.parametrize(
    ("events", "why"),
    [
        ([{"event": "double", "seat": 2}], "its own side"),
        ([{"event": "double", "seat": 1}, {"event": "counter", "seat": 3}], "only the bidders"),
        ([{"event": "pass", "seat": 1}, {"event": "counter", "seat": 0}], "not doubled"),
    ],
)
def test_only_the_opponents_double_and_only_the_bidders_counter(events, why):
    start = [game(doubling="double-counter"), HAND, bid(0, 100, "C")]
    if events[0]["seat"] == 2:
        start.append(fort(1))
    v = verdict_of([*start, *events])
    assert v["violations"][-1]["rule"] == "illegal-event" and why in v["violations"][-1]["proof"]


@pytest.mark.parametrize(("passed_out", "next_dealer"), [("next-dealer", 0), ("same-dealer", 3)])
def test_four_passes_pass_the_hand_out(passed_out, next_dealer):
    """004 says nothing of a hand nobody bids; house rule passed_out says who deals next
    (the seed: "Die folgenden Spiele werden der Reihe nach in Spielrichtung gegeben")."""
    events = [game(passed_out=passed_out), HAND, fort(0), fort(1), fort(2), fort(3)]
    v = verdict_of([*events, play(0, "H6")])
    hand = v["hands"][0]
    assert hand["complete"] and hand["contract"] == {"passed_out": True} and hand["mode"] is None
    assert hand["scored"] == [0, 0] and rules_of(v) == [("illegal-event", 6)]
    for dealer in range(4):
        later = verdict_of([*events, {"event": "hand", "dealer": dealer}])
        assert (rules_of(later) == []) == (dealer == next_dealer)


@pytest.mark.parametrize(("hands", "winner"), [(4, 1), (5, 0)])
def test_a_side_reaching_the_target_claims_as_in_schieber(hands, winner):
    """jassverzeichnis.ch: "Eine Partie geht auf 1'500 oder 2'000 Punkte" (target 1500);
    the claim (bedanken) is Schieber's, settled by count. Each hand the forehand bids
    150 in spades and seats 0+2 take all 157: made by them (150 + 157) or failed by seats
    1+3 (the bid goes to seats 0+2: 150 + 157), 307 a hand either way."""
    log = [game()]
    for dealer in range(hands):
        forehand = (dealer + 1) % 4
        log += [{"event": "hand", "dealer": dealer % 4}, bid(forehand, 150, "S")]
        log += [fort((forehand + i) % 4) for i in (1, 2, 3)]
        log.append({"event": "score", "points": [157, 0], "match": 0})
    v = verdict_of([*log, {"event": "bedanken", "seat": 0}])
    assert v["totals"] == [307 * hands, 0] and v["winner"] == winner
    assert [r for r, _ in rules_of(v)] == ([] if winner == 0 else ["false-claim"])
