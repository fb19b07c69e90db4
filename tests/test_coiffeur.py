"""Coiffeur-Schieber against its rule texts. Seed 004 only lists the game; the rules are
https://www.swisslos.ch/de/jass/informationen/jass-regeln/coiffeur-jass.html and the
board https://www.jassverzeichnis.ch/index.php/blog/208-anleitung-fuer-den-coiffeur-jass
(both quoted in the tests). Hands are entered by their result (``score``) where only
the booking is under test."""

from __future__ import annotations

import pytest

from conftest import verdict_of


def game(**settings: object) -> dict:
    header: dict = {"event": "game", "variant": "coiffeur"}
    return {**header, "settings": settings} if settings else header


def trump(seat: int, mode: str, pushed: bool = False, slot: str | None = None) -> dict:
    event: dict = {"event": "trump", "seat": seat, "mode": mode, "pushed": pushed}
    return {**event, "slot": slot} if slot else event


def score(side0: int) -> dict:
    return {"event": "score", "points": [side0, 157 - side0], "match": None}


def hand(dealer: int) -> dict:
    return {"event": "hand", "dealer": dealer}


def rules_of(v: dict) -> list[tuple[str, int]]:
    return [(x["rule"], x["event"]) for x in v["violations"]]


def test_only_the_choosing_team_writes_its_points_times_the_mode():
    """swisslos.ch: "Es werden jeweils nur die Punkte des ansagenden Teams geschrieben ...
    Jedem Trumpf ist ein Multiplikator zugeteilt"; jassverzeichnis.ch: "Schellen oder
    Herz (vierfach)". Seats 0+2 choose hearts and take 90: 360 for them, 0 for 1+3."""
    v = verdict_of([game(), hand(3), trump(0, "H"), score(90)])
    assert v["violations"] == []
    h = v["hands"][0]
    assert (h["multiplier"], h["scored"], h["contract"]) == (4, [360, 0], {"slot": "H", "side": 0})


def test_the_default_board_and_its_multipliers():
    """jassverzeichnis.ch: "Eichle oder Schaufel (welche einfach zählen), Rosen oder Kreuz
    (zweifach), Schilten oder Ecken (dreifach), Schellen oder Herz (vierfach), Obenaben
    (fünfach), Undeufe (sechsfach), Joker 1 (siebenfach), Joker 2 (achtfach)". The deal
    goes round; each forehand's team takes 100 card points in the mode it chose."""
    expected = {"S": 1, "C": 2, "D": 3, "H": 4, "obenabe": 5, "undenufe": 6}
    log = [game()]
    for dealer, mode in enumerate(expected):
        forehand = (dealer + 1) % 4
        log += [hand(dealer % 4), trump(forehand, mode), score(100 if forehand % 2 == 0 else 57)]
    v = verdict_of(log)
    assert [h["multiplier"] for h in v["hands"]] == list(expected.values())
    assert [sum(h["scored"]) for h in v["hands"]] == [100 * f for f in expected.values()]


def test_each_line_once_per_team_then_the_jokers_then_nothing():
    """swisslos.ch: "müssen von jedem Team jede Trumpffarbe, Obenabe, Undenufe, und zwei
    Joker (freie Wahl der Trumpfart) je einmal gespielt werden." Seats 0+2 play hearts
    three times: ×4, then the first open joker (×7), then the one they name (joker2 ×8);
    a fourth time nothing is open for hearts; the other team still has hearts."""
    log = [game(board="H=4 joker=7 joker=8")]
    for dealer in (3, 1):
        log += [hand(dealer), trump((dealer + 1) % 4, "H"), score(100)]
    log += [hand(3), trump(0, "H", slot="joker2"), score(100)]
    v = verdict_of([*log, hand(1), trump(2, "H")])
    assert [h["multiplier"] for h in v["hands"][:3]] == [4, 7, 8]
    assert [h["contract"]["slot"] for h in v["hands"][:3]] == ["H", "joker1", "joker2"]
    assert v["hands"][3]["mode"] is None
    assert rules_of(v)[-1][0] == "illegal-event"
    assert "no joker left" in v["violations"][-1]["proof"]
    other = verdict_of([*log, hand(1), trump(3, "H", pushed=True)])
    assert other["hands"][-1]["contract"] == {"slot": "H", "side": 1}


def test_a_slot_named_for_another_mode_or_already_played_is_refused():
    log = [game(), hand(3), trump(0, "H", slot="D")]
    assert "only a joker is free" in verdict_of(log)["violations"][0]["proof"]
    again = [game(), hand(3), trump(0, "H"), score(100), hand(0), trump(2, "D", True, "H")]
    assert "do not have open" in verdict_of(again)["violations"][-1]["proof"]


def test_pushing_goes_round_the_table_and_the_chooser_leads():
    """swisslos.ch: "Das Schieben erfolgt nicht wie beim Schieber zum Partner, sondern im
    Gegenuhrzeigersinn zum nächsten Mitspieler ... Derjenige Spieler, welcher die
    Trumpfart bestimmt hat, startet mit dem Ablegen der ersten Karte." Dealer 3: seat 0
    pushes, seat 1 chooses for seats 1+3 and leads."""
    log = [game(), hand(3), trump(1, "S", pushed=True)]
    v = verdict_of([*log, {"event": "play", "seat": 0, "card": "H6"}])
    assert rules_of(v) == [("out-of-turn", 3)]
    assert verdict_of([*log, {"event": "play", "seat": 1, "card": "H6"}])["violations"] == []
    unpushed = verdict_of([game(), hand(3), trump(1, "S")])
    assert rules_of(unpushed) == [("out-of-turn", 2)]


def test_pushing_to_the_partner_is_a_house_rule():
    """jassen.ch: Coiffeur-Schieber "da 2 Spieler ein Team bilden und sich gegenseitig
    schieben können": Schieber's rule, forehand leads."""
    log = [game(push="partner"), hand(3), trump(2, "S", pushed=True)]
    assert verdict_of([*log, {"event": "play", "seat": 0, "card": "H6"}])["violations"] == []
    wrong = verdict_of([game(push="partner"), hand(3), trump(1, "S", pushed=True)])
    assert rules_of(wrong) == [("out-of-turn", 2)]


def test_no_weis_unless_the_table_plays_it():
    """swisslos.ch: "Der Coiffeur wird ohne Weisen gespielt." With weis=true, Schieber's."""
    weis = {"event": "weis", "seat": 0, "cards": ["HA", "HK", "HQ"]}
    v = verdict_of([game(), hand(3), trump(0, "S"), weis])
    assert rules_of(v) == [("illegal-event", 3)]
    v = verdict_of([game(weis=True), hand(3), trump(0, "S"), weis, score(100)])
    assert v["violations"] == [] and v["hands"][0]["scored"] == [120, 0]


def test_stoeck_and_match_count_for_the_choosing_team_only():
    """Only the choosing team's points are written: its stöck (20) and match (+100) are
    multiplied; the other team's are not written."""
    match = {"event": "score", "points": [157, 0], "match": 0}
    v = verdict_of([game(), hand(3), trump(0, "D"), {"event": "stoeck", "seat": 1}, match])
    assert v["hands"][0]["scored"] == [(157 + 100) * 3, 0] and v["hands"][0]["stoeck"] == [0, 0]
    v = verdict_of([game(), hand(3), trump(1, "D", True), {"event": "stoeck", "seat": 1}, match])
    assert v["hands"][0]["scored"] == [0, 20 * 3] and v["hands"][0]["match"] is None


def test_the_game_ends_when_both_boards_are_full_and_the_higher_total_wins():
    """jassverzeichnis.ch: "Sobald beide Teams alle vorgegebenen Trumpfarten angesagt und
    gespielt haben, werden die Punkte zusammengezählt. Jene Partei mit den meisten Punkten
    gewinnt." Board S=1 C=2: four hands."""
    log = [game(board="S=1 C=2")]
    for n, (mode, side0) in enumerate([("S", 100), ("S", 100), ("C", 50), ("C", 60)]):
        dealer = (3 + n) % 4
        log += [hand(dealer), trump((dealer + 1) % 4, mode), score(side0)]
    v = verdict_of(log)
    # seats 0+2: 100×1 + 50×2 = 200; seats 1+3: 57×1 + 97×2 = 251
    assert v["totals"] == [200, 251] and v["winner"] == 1
    after = verdict_of([*log, hand(3)])
    assert rules_of(after) == [("illegal-event", len(log))]


@pytest.mark.parametrize("board", ["", "S=1 S=2", "X=3", "H=0", "H", "joker=101"])
def test_a_board_that_is_not_one_is_refused_with_the_reason(board):
    v = verdict_of([game(board=board)])
    assert rules_of(v) == [("illegal-event", 0)]
    assert "setting board=" in v["violations"][0]["proof"]
