"""Properties of Sidi-Barrani, Differenzler and Coiffeur over random games (hypothesis).

Each game is simulated from a seed hypothesis chooses (``jassref referee simulate
--variant X --seed N`` writes it), under random house rules, so a failure shrinks to a
seed and the rules that reproduce it."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import referee
from referee.gamelog import dump_log
from referee.settings import CoiffeurRules, DifferenzlerRules, SidiBarraniRules
from referee.simulate import SimulationOptions
from referee.simulate_family import SIMULATORS

from conftest import known_and_camera, plays_per_hand

seeds = st.integers(min_value=0, max_value=2**32 - 1)
rules = st.one_of(
    st.builds(
        SidiBarraniRules,
        contract=st.sampled_from(["bid-plus-points", "failed-zero"]),
        doubling=st.sampled_from(["off", "double", "double-counter"]),
        sang_bids=st.booleans(),
        match_bonus=st.booleans(),
        passed_out=st.sampled_from(["next-dealer", "same-dealer"]),
    ),
    st.builds(
        DifferenzlerRules,
        announcement=st.sampled_from(["open", "hidden"]),
        hands=st.integers(1, 4),
        exact_bonus=st.booleans(),
    ),
    st.builds(
        CoiffeurRules,
        board=st.sampled_from(
            ["S=1 C=2 D=3 H=4 obenabe=5 undenufe=6 joker=7 joker=8", "H=2 joker=3"]
        ),
        push=st.sampled_from(["round", "partner"]),
        weis=st.booleans(),
    ),
)
VARIANT = {
    SidiBarraniRules: "sidi-barrani",
    DifferenzlerRules: "differenzler",
    CoiffeurRules: "coiffeur",
}


def simulate(seed: int, house: object, **options: object) -> list[dict]:
    variant = VARIANT[type(house)]
    return SIMULATORS[variant](random.Random(seed), SimulationOptions(**options), house)


@settings(max_examples=30, deadline=None)
@given(seeds, rules)
def test_every_played_hand_deals_out_157_card_points_and_every_card_once(seed, house):
    """Seed 004: "Die Karten haben folgende Werte: Ass 11, König 4, Ober/Dame 3,
    Under/Bube 2, Banner/Zehner 10" — with the trump jack and nine and the last trick,
    157 a hand in every game of the family, shared among two teams or four players."""
    events = simulate(seed, house, hands=4)
    verdict = referee.check(dump_log(events)).to_json()
    assert verdict["violations"] == []
    per_hand = plays_per_hand(events)
    for hand, cards in zip(verdict["hands"], per_hand, strict=True):
        if hand["mode"] is None:  # Sidi-Barrani: all four passed
            assert cards == [] and hand["scored"] == [0, 0]
            continue
        assert sorted(cards) == sorted(set(cards)) and len(cards) == 36
        assert hand["complete"] and sum(hand["points"]) == 157
    sides = len(verdict["totals"])
    assert verdict["totals"] == [
        sum(h["scored"][s] for h in verdict["hands"]) for s in range(sides)
    ]


@settings(max_examples=30, deadline=None)
@given(seeds, rules)
def test_each_variant_books_a_hand_its_own_way(seed, house):
    """Sidi-Barrani: the bid goes to the bidders when made, else to the others
    (jassverzeichnis.ch), the whole times 1, 2 or 4. Differenzler: |prediction − points|.
    Coiffeur: only the choosing team writes, times its line of the board."""
    verdict = referee.check(dump_log(simulate(seed, house, hands=3))).to_json()
    for hand in verdict["hands"]:
        contract = hand.get("contract") or {}
        if isinstance(house, DifferenzlerRules):
            for seat, predicted in enumerate(contract["predictions"]):
                difference = abs(predicted - hand["points"][seat])
                exact = house.exact_bonus and difference == 0
                assert hand["scored"][seat] == (-10 if exact else difference)
        elif isinstance(house, CoiffeurRules):
            other = 1 - contract["side"]
            assert hand["scored"][other] == 0 and hand["multiplier"] in (1, 2, 3, 4, 5, 6, 7, 8)
        elif not contract.get("passed_out"):
            bid, mult = contract["points"], hand["multiplier"]
            assert mult == 2 ** contract["doubled"]
            assert contract["made"] == (hand["points"][contract["seat"] % 2] >= bid)
            bonus = 100 if hand["match"] is not None else 0
            extras = sum(hand["weis"]) + sum(hand["stoeck"])
            lost = 0
            if not contract["made"] and house.contract == "failed-zero":
                lost = hand["points"][contract["seat"] % 2]
            assert sum(hand["scored"]) == (157 + bonus + bid + extras - lost) * mult


@settings(max_examples=20, deadline=None)
@given(seeds, rules, st.floats(min_value=0, max_value=0.3))
def test_scores_and_violations_replay_identically_from_the_log(seed, house, illegal_rate):
    events = simulate(seed, house, hands=3, illegal_rate=illegal_rate)
    text = dump_log(events)
    first = referee.check(text).to_json()
    assert referee.check(text).to_json() == first
    assert dump_log([json.loads(line) for line in text.splitlines()]) == text
    live, _ = referee.new_game(events[0])
    for index, event in enumerate(events[1:], start=1):
        live.push(index, event)
    live.finish()
    assert live.verdict().to_json() == first


@settings(max_examples=20, deadline=None)
@given(seeds, rules, st.floats(min_value=0.05, max_value=0.4))
def test_the_camera_case_proves_exactly_what_the_known_hands_show(seed, house, illegal_rate):
    """Every card is played in these games too, so without a deal every illegal play is
    still proven, at the same event, and nothing else is flagged."""
    events = simulate(seed, house, hands=2, illegal_rate=illegal_rate)
    known, camera, expected = known_and_camera(events)
    assert sorted((v["event"], v["rule"]) for v in camera["violations"]) == expected
    assert camera["totals"] == known["totals"]
