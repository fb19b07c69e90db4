"""Differenzler against its rule text. Seed 004 only lists the game ("Differenzler mit
offener Ansage", "mit verdeckter Ansage"); the rules are
https://jassverzeichnis.ch/index.php/differenzler (quoted in each test), the exact-hit
bonus https://www.jasswelt.ch/blogs/neuigkeiten/differenzler-jassregel. The numbers were
worked out by hand: in the hands below each seat holds one whole suit and the dealer's
suit is trump, so the dealer takes every trick, 157 card points."""

from __future__ import annotations

import pytest

from conftest import verdict_of

RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUIT_OF_SEAT = "HDSC"


def game(**settings: object) -> dict:
    header: dict = {"event": "game", "variant": "differenzler"}
    return {**header, "settings": settings} if settings else header


def predict(seat: int, points: int) -> dict:
    return {"event": "predict", "seat": seat, "points": points}


def plays(dealer: int) -> list[dict]:
    """Trick 1: every seat plays its ace, the dealer trumps with its 6 (the turned-up
    card); then the dealer leads its trumps and the others throw their cards."""
    forehand = (dealer + 1) % 4
    order = [(forehand + i) % 4 for i in range(4)]
    cards = {s: [SUIT_OF_SEAT[s] + r for r in RANKS] for s in range(4)}
    first = [
        {"event": "play", "seat": s, "card": cards[s].pop(0 if s == dealer else -1)} for s in order
    ]
    rest = []
    for _ in range(8):
        for s in [dealer, *[x for x in order if x != dealer]]:
            rest.append({"event": "play", "seat": s, "card": cards[s].pop()})
    return first + rest


def one_suit_hand(
    dealer: int, predictions: dict[int, int] | None = None, deal: bool = True
) -> list[dict]:
    """A hand in which seat s holds the whole suit HDSC[s]; ``predictions`` in turn."""
    events: list[dict] = [{"event": "hand", "dealer": dealer}]
    if deal:
        events.append({"event": "deal", "hands": [[s + r for r in RANKS] for s in SUIT_OF_SEAT]})
    events.append({"event": "turnup", "card": SUIT_OF_SEAT[dealer] + "6"})
    forehand = (dealer + 1) % 4
    for seat in [(forehand + i) % 4 for i in range(4)] if predictions else []:
        events.append(predict(seat, predictions[seat]))
    return events + plays(dealer)


def rules_of(v: dict) -> list[tuple[str, int]]:
    return [(x["rule"], x["event"]) for x in v["violations"]]


def test_each_seat_writes_the_difference_between_prediction_and_card_points():
    """ "Sind alle Karten gespielt, zählt jeder Spieler seine eigenen Punkte (nicht
    vergessen: für den letzten Stich gibt es zusätzlich 5 Punkte) ... Der Schreiber
    notiert die Differenz zwischen der Ansage und der erspielten Punktzahl." The dealer
    (seat 3) takes all 157: predictions 0, 10, 0, 150 give 0, 10, 0, 7 ("Alle Stiche,
    auch ein Match, sind 157 Punkte": no match bonus)."""
    v = verdict_of([game(), *one_suit_hand(3, {0: 0, 1: 10, 2: 0, 3: 150})])
    hand = v["hands"][0]
    assert v["violations"] == [] and hand["mode"] == "C"
    assert hand["points"] == [0, 0, 0, 157] and hand["match"] is None
    assert hand["scored"] == [0, 10, 0, 7] and v["totals"] == [0, 10, 0, 7]
    assert hand["contract"]["predictions"] == [0, 10, 0, 150]


def test_an_exact_prediction_earns_the_bonus_when_the_table_plays_it():
    """jasswelt.ch: "Wer seine vorausgesagte Punktzahl genau erreicht hat, erhält 10
    Bonuspunkte" — written as −10 (the lowest total wins)."""
    v = verdict_of([game(exact_bonus=True), *one_suit_hand(3, {0: 0, 1: 10, 2: 0, 3: 157})])
    assert v["hands"][0]["scored"] == [-10, 10, -10, -10]


def test_the_turned_up_card_is_the_dealers_and_gives_the_trump():
    """ "Nach dem Abheben wird die unterste Karte vom Stapel offen hingelegt. Diese Karte
    gibt die Trumpffarbe bekannt" — the dealer's last card: another seat's card is
    refused, and so is another seat playing the turned-up card."""
    deal = {"event": "deal", "hands": [[s + r for r in RANKS] for s in SUIT_OF_SEAT]}
    start = [game(), {"event": "hand", "dealer": 3}]
    v = verdict_of([*start, deal, {"event": "turnup", "card": "H6"}])
    assert rules_of(v) == [("illegal-event", 3)] and "dealer's" in v["violations"][0]["proof"]
    camera = [*start, {"event": "turnup", "card": "C6"}]
    camera += [predict(s, 20) for s in (0, 1, 2, 3)]
    v = verdict_of([*camera, {"event": "play", "seat": 0, "card": "C6"}])
    assert rules_of(v) == [("card-not-in-hand", 7)]


def test_open_predictions_go_in_turn_and_may_be_corrected_until_the_next_one():
    """ "beginnt die rechte Person vom Kartenausteiler (= «Vorhand») mit der Ansage ... Ist
    die Punktzahl geäussert, kann Sie nur so lange korrigiert werden, bevor der nächste
    Spieler seine Ansage gemacht hat." """
    start = [game(), {"event": "hand", "dealer": 3}, {"event": "turnup", "card": "C6"}]
    v = verdict_of(
        [
            *start,
            predict(1, 30),  # out of turn: forehand (seat 0) first
            predict(0, 40),
            predict(0, 35),  # corrected before seat 1 speaks
            predict(1, 30),
            predict(0, 45),  # too late
            {"event": "play", "seat": 0, "card": "HA"},  # seats 2 and 3 have not predicted
        ]
    )
    assert rules_of(v) == [("out-of-turn", 3), ("out-of-turn", 7), ("illegal-event", 8)]
    assert v["hands"][0]["contract"]["predictions"] == [35, 30, None, None]


def test_hidden_predictions_stay_hidden_until_the_hand_is_over():
    """ "Beim Differenzler mit verdeckter Ansage, müssen die Punkte auf einen Zettel
    notiert werden ... Am Schluss notiert der Schreiber wiederum die Differenz (er muss
    den Zettel sehen)": notes may be entered in any order, even after the last card, and
    the verdict shows only who wrote one until then."""
    hand = one_suit_hand(3)
    notes = [predict(2, 5), predict(0, 0), predict(3, 140), predict(1, 3)]
    midway = verdict_of([game(announcement="hidden"), *hand[:2], hand[2], *notes, *hand[3:20]])
    assert midway["violations"] == []
    assert midway["hands"][0]["contract"] == {
        "predictions": [None, None, None, None],
        "predicted": [True, True, True, True],
        "booked": False,
    }
    waiting = verdict_of([game(announcement="hidden", hands=1), *hand])  # notes not read
    assert waiting["hands"][0]["complete"] and waiting["hands"][0]["scored"] == [0, 0, 0, 0]
    assert waiting["winner"] is None and waiting["hands"][0]["contract"]["booked"] is False
    after = verdict_of([game(announcement="hidden", hands=1), *hand, *notes])
    assert after["violations"] == [] and after["hands"][0]["scored"] == [0, 3, 5, 17]
    assert after["hands"][0]["contract"]["booked"] and after["winner"] == 0
    twice = verdict_of([game(announcement="hidden"), *hand, *notes, predict(1, 9)])
    assert rules_of(twice)[-1][0] == "illegal-event"


def test_a_missing_prediction_is_flagged_when_the_next_hand_starts_and_counts_from_zero():
    first = one_suit_hand(3, {0: 0, 1: 0, 2: 0, 3: 150})
    first = [e for e in first if not (e["event"] == "predict" and e["seat"] == 3)]
    assert rules_of(verdict_of([game(announcement="hidden"), *first])) == []
    v = verdict_of([game(announcement="hidden"), *first, {"event": "hand", "dealer": 0}])
    assert rules_of(v) == [("illegal-event", len(first) + 1)]
    assert v["hands"][0]["scored"] == [0, 0, 0, 157]


def test_the_deal_goes_round_and_the_lowest_total_wins_after_the_hands():
    """ "Nach 12 Runden ist der Spieler mit dem kleinsten Total der Differenzen der
    Sieger" (house rule hands; here 1). A tie for the lowest plays another hand
    (jassen.ch: "bei einem Unentschieden wird eine Runde länger gespielt"). The deal
    passes to the next seat (forehand)."""
    first = one_suit_hand(3, {0: 0, 1: 10, 2: 0, 3: 150})  # 0, 10, 0, 7: seats 0, 2 tie
    tied = verdict_of([game(hands=1), *first])
    assert tied["winner"] is None
    wrong = verdict_of([game(hands=1), *first, {"event": "hand", "dealer": 2}])
    assert rules_of(wrong) == [("out-of-turn", len(first) + 1)]
    second = one_suit_hand(0, {1: 0, 2: 3, 3: 0, 0: 157})  # seat 0 takes all: 0, 0, 3, 0
    v = verdict_of([game(hands=1), *first, *second])
    assert v["totals"] == [0, 10, 3, 7] and v["winner"] == 0
    after = verdict_of([game(hands=1), *first, *second, {"event": "hand", "dealer": 1}])
    assert rules_of(after)[-1] == ("illegal-event", len(first) + len(second) + 1)


@pytest.mark.parametrize("name", ["weis", "stoeck", "bedanken", "trump"])
def test_no_weis_no_stoeck_no_claim_no_chosen_trump(name):
    """ "Weise gelten nicht und können nicht mitgezählt werden" (and jassonkel.ch: "Beim
    einfachen «Differenzler» zählen auch die Stöcke nicht"); the game ends after its
    hands, and the trump is turned up, not chosen."""
    event = {"event": name, "seat": 0, "cards": ["HA", "HK", "HQ"], "mode": "H"}
    v = verdict_of([game(), *one_suit_hand(3, {0: 0, 1: 0, 2: 0, 3: 0})[:8], event])
    assert rules_of(v) == [("illegal-event", 9)]
