"""Properties of the Schieber referee over random games (hypothesis).

Each game is simulated from a seed that hypothesis chooses, so a failure shrinks to a
seed that `jassref referee simulate --seed N` reproduces.
"""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import referee
from referee.cards import CARDS, DECK_36, bit, cards_in
from referee.gamelog import dump_log
from referee.modes import MODES, TABLES
from referee.settings import SchieberRules
from referee.simulate import SimulationOptions, simulate_schieber
from referee.variants.schieber import SchieberGame
from referee.variants.schieber_rules import MULTIPLIERS, legal_plays, play_duty

from conftest import known_and_camera, plays_per_hand

seeds = st.integers(min_value=0, max_value=2**32 - 1)
house_rules = st.builds(
    lambda only, weis, low, match: SchieberRules(
        only_trumps=only, equal_weis=weis, four_low_cards=low, match=match
    ),
    st.sampled_from(["free", "must-overtrump"]),
    st.sampled_from(["sequence", "four-of-a-kind"]),
    st.booleans(),
    st.sampled_from(["all-tricks", "opponents-zero"]),
)


def simulate(seed: int, **options) -> list[dict]:
    return simulate_schieber(random.Random(seed), SimulationOptions(**options))


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_every_complete_hand_deals_out_157_points_and_257_with_match(seed):
    """Seed 003: "Det innebär att det sammanlagt finns 157 poäng ... Ett lag som tar alla
    nio sticken har gjort match och får 100 poäng i bonus. I detta fall blir totalsumman
    257 poäng." Everything is multiplied by the game's factor."""
    verdict = referee.check(dump_log(simulate(seed, hands=4))).to_json()
    assert len(verdict["hands"]) == 4
    for hand in verdict["hands"]:
        assert sum(hand["points"]) == 157
        assert hand["multiplier"] == MULTIPLIERS[hand["mode"]]
        bonus = 100 if hand["match"] is not None else 0
        extras = sum(hand["weis"]) + sum(hand["stoeck"])
        assert sum(hand["scored"]) == (157 + bonus + extras) * hand["multiplier"]
        if hand["match"] is not None:
            assert hand["points"][hand["match"]] == 157
    totals = [sum(h["scored"][s] for h in verdict["hands"]) for s in (0, 1)]
    assert verdict["totals"] == totals


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.sampled_from(CARDS), min_size=1, max_size=9),
    st.lists(st.sampled_from(CARDS), max_size=3, unique=True),
    st.sampled_from(MODES),
    house_rules,
)
def test_a_legal_play_always_exists(hand_cards, trick, mode, rules):
    hand = sum(bit(c) for c in hand_cards if c not in trick)
    if not hand:
        return
    legal = legal_plays(TABLES[mode], rules, hand, trick)
    assert legal and legal & ~hand == 0


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.sampled_from(CARDS), min_size=1, max_size=9),
    st.lists(st.sampled_from(CARDS), min_size=1, max_size=3, unique=True),
    st.sampled_from(CARDS),
    st.sampled_from(MODES),
    house_rules,
)
def test_holding_one_more_card_never_makes_an_illegal_play_legal(
    hand_cards, trick, extra, mode, rules
):
    """What makes the camera-case proofs sound: once the cards a seat is proven to have
    held make a play illegal, no other card it may also have held can excuse it."""
    hand = sum(bit(c) for c in hand_cards if c not in trick)
    if not hand or extra in trick:
        return
    table = TABLES[mode]
    for c in cards_in(hand):
        duty = play_duty(table, rules, c, trick)
        illegal = duty is not None and hand & duty.cards
        if illegal:
            assert (hand | bit(extra)) & duty.cards
            assert not legal_plays(table, rules, hand | bit(extra), trick) >> c & 1


@settings(max_examples=30, deadline=None)
@given(seeds, st.booleans())
def test_every_card_is_played_exactly_once_per_hand(seed, known):
    events = simulate(seed, hands=3, known_hands=known)
    per_hand = plays_per_hand(events)
    assert len(per_hand) == 3
    for cards in per_hand:
        assert len(cards) == 36 and len(set(cards)) == 36


@settings(max_examples=25, deadline=None)
@given(seeds, st.floats(min_value=0, max_value=0.3))
def test_scores_and_violations_replay_identically_from_the_log(seed, illegal_rate):
    events = simulate(seed, hands=3, illegal_rate=illegal_rate)
    text = dump_log(events)
    first = referee.check(text).to_json()
    assert referee.check(text).to_json() == first
    reread = dump_log([json.loads(line) for line in text.splitlines()])
    assert reread == text
    live = SchieberGame(SchieberRules())
    for index, event in enumerate(events[1:], start=1):
        live.push(index, event)
    assert live.verdict().to_json() == first


@settings(max_examples=25, deadline=None)
@given(seeds, st.floats(min_value=0.05, max_value=0.4))
def test_the_camera_case_proves_exactly_what_the_known_hands_show(seed, illegal_rate):
    """Without a deal, every violation is eventually proven (in Schieber every card is
    played), at the same event, and nothing else is flagged. A proof comes from a later
    card of the seat, or by count at the play itself (every card not yet seen anywhere
    is one the seat should have played)."""
    events = simulate(seed, hands=2, illegal_rate=illegal_rate)
    known, camera, expected = known_and_camera(events)
    assert sorted((v["event"], v["rule"]) for v in camera["violations"]) == expected
    for v in camera["violations"]:
        assert v["proven_at"] > v["event"] or "not yet seen" in v["proof"]
        assert v["proven_at"] >= v["event"]
    assert camera["totals"] == known["totals"]


@settings(max_examples=25, deadline=None)
@given(seeds, st.lists(st.text(max_size=30), min_size=1, max_size=5), st.randoms())
def test_garbage_lines_are_reported_and_change_nothing(seed, garbage, rnd):
    events = simulate(seed, hands=1)
    clean = referee.check(dump_log(events)).to_json()
    lines = dump_log(events).split("\n")[:-1]
    inserted = []
    for text in garbage:
        line = json.dumps({"event": text}) if rnd.random() < 0.5 else text.replace("\n", " ")
        position = rnd.randrange(1, len(lines) + 1)
        lines.insert(position, line)
        inserted.append(line)
    verdict = referee.check("\n".join(lines) + "\n").to_json()
    assert verdict["totals"] == clean["totals"]
    flagged = {lines[v["event"]] for v in verdict["violations"]}
    assert all(line in flagged for line in inserted if line.strip())
    assert {v["rule"] for v in verdict["violations"]} <= {"illegal-event"}


def test_a_deck_of_36_is_what_schieber_deals():
    assert SchieberGame.deck == DECK_36
