"""Properties of the two-player talon games over random games (hypothesis)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee
from referee.gamelog import dump_log
from referee.series import Series
from referee.simulate_talon import TalonOptions, simulate_talon
from referee.variants.frantsfuus import FrantsfuusGame
from referee.variants.schmaus import SchmausGame
from referee.variants.smousjas import SmousjasGame

from conftest import plays_per_hand

GAMES = [(SchmausGame, 157), (FrantsfuusGame, 162), (SmousjasGame, 162)]
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def simulate(game, seed: int, **options) -> list[dict]:
    return simulate_talon(random.Random(seed), game, TalonOptions(**options))


@pytest.mark.parametrize(("game", "total"), GAMES)
@settings(max_examples=30, deadline=None)
@given(seed=seeds)
def test_every_hand_deals_out_all_card_points_and_the_last_trick(game, total, seed):
    """000: "Det innebär att det sammanlagt finns 157 poäng i leken att spela om.";
    002: "Det finns sammanlagt 162 poäng att spela om i sticktagningen." Match is +100
    for all the tricks of phase 2 (a house rule in Frantsfuus); no multiplier."""
    verdict = referee.check(dump_log(simulate(game, seed, hands=3))).to_json()
    # Smousjas ends by itself when a player reaches 500 at the end of a hand
    assert len(verdict["hands"]) == 3 or verdict["winner"] is not None
    for hand in verdict["hands"]:
        assert hand["complete"] and sum(hand["points"]) == total
        assert hand["multiplier"] == 1
        if hand.get("void"):  # Smousjas: a tie over 500 is played again
            assert hand["scored"] == [0, 0]
            continue
        for side in (0, 1):
            bonus = 100 if hand["match"] == side else 0
            expected = hand["points"][side] + bonus + hand["weis"][side] + hand["stoeck"][side]
            assert hand["scored"][side] == expected
    assert verdict["totals"] == [sum(h["scored"][s] for h in verdict["hands"]) for s in (0, 1)]


@pytest.mark.parametrize(("game", "total"), GAMES)
@settings(max_examples=20, deadline=None)
@given(seed=seeds, known=st.booleans())
def test_every_card_is_played_exactly_once_per_hand(game, total, seed, known):
    hands = plays_per_hand(simulate(game, seed, hands=2, known_hands=known))
    deck = bin(game.deck).count("1")
    assert all(len(cards) == deck == len(set(cards)) for cards in hands)


@pytest.mark.parametrize(("game", "total"), GAMES)
@settings(max_examples=20, deadline=None)
@given(seed=seeds, rate=st.floats(0, 0.4))
def test_scores_replay_identically_batch_or_live(game, total, seed, rate):
    events = simulate(game, seed, hands=2, illegal_rate=rate)
    text = dump_log(events)
    first = referee.check(text).to_json()
    assert referee.check(text).to_json() == first
    live = Series(game(game.rules_class()), game)
    for index, event in enumerate(events[1:], start=1):
        live.push(index, event)
    live.finish()
    assert live.verdict().to_json() == first


@pytest.mark.parametrize(("game", "total"), GAMES)
@settings(max_examples=25, deadline=None)
@given(seed=seeds, rate=st.floats(0.05, 0.5))
def test_the_camera_case_proves_what_the_known_hands_show_with_the_same_rule(
    game, total, seed, rate
):
    """Phase 2 has no draws, so every later card of a seat was held at each earlier
    phase-2 trick: by the end of the hand every renounce is proven, and named exactly."""
    known_events = simulate(game, seed, hands=2, illegal_rate=rate)
    camera_events = simulate(game, seed, hands=2, illegal_rate=rate, known_hands=False)
    known = referee.check(dump_log(known_events)).to_json()
    camera = referee.check(dump_log(camera_events)).to_json()

    def by_card(verdict: dict, events: list[dict]) -> list[tuple[str, str]]:
        """Each violation by the card it was played with, or the cards a weis showed
        (a weis declared lower than one held in its suit: 'omhoog roemen')."""
        return sorted(
            (" ".join(events[v["event"]].get("cards", [events[v["event"]].get("card")])), v["rule"])
            for v in verdict["violations"]
        )

    assert by_card(camera, camera_events) == by_card(known, known_events)
    for v in camera["violations"]:
        # proven by a later card, or at once by a card known to be held (the face-up
        # card taken at the change of phase, or one robbed), or by count at the play
        # itself (every card not yet seen is one the seat should have played)
        proven = v.get("proven_at", v["event"])
        assert proven > v["event"] or "while holding" in v["proof"] or "not yet seen" in v["proof"]
    assert camera["totals"] == known["totals"]


json_values = st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=4)
cards = st.sampled_from(["H6", "SJ", "CQ", "D10", "hu"]) | json_values
talon_events = st.one_of(
    st.fixed_dictionaries({"event": st.just("hand"), "dealer": st.integers(0, 1) | json_values}),
    st.fixed_dictionaries({"event": st.just("turnup"), "card": cards}),
    st.fixed_dictionaries({"event": st.just("rob"), "seat": st.integers(0, 1), "card": cards}),
    st.fixed_dictionaries({"event": st.just("draw"), "seat": st.integers(0, 1), "card": cards}),
    st.fixed_dictionaries({"event": st.just("play"), "seat": st.integers(0, 1), "card": cards}),
    st.fixed_dictionaries(
        {"event": st.just("weis"), "seat": st.integers(0, 1), "cards": st.lists(cards, max_size=4)}
    ),
    st.fixed_dictionaries(
        {"event": st.just("weis"), "seat": st.integers(0, 1), "points": json_values}
    ),
    st.fixed_dictionaries({"event": st.just("stoeck"), "seat": st.integers(0, 1) | json_values}),
    st.fixed_dictionaries({"event": st.just("bedanken"), "seat": st.integers(0, 1)}),
    st.fixed_dictionaries({"event": st.just("trump"), "seat": json_values}),
)


@pytest.mark.parametrize(("game", "total"), GAMES)
@settings(max_examples=400, deadline=None)
@given(
    seed=st.integers(0, 30),
    state=st.sampled_from([0, 2, 3, 6, 12, 30, 60, 120]),
    event=talon_events,
    known=st.booleans(),
)
def test_any_event_in_any_state_is_applied_or_refused_never_raised(
    game, total, seed, state, event, known
):
    log = simulate(game, seed, hands=1, known_hands=known)
    table = game(game.rules_class())
    for index, earlier in enumerate(log[1 : state + 1], start=1):
        table.push(index, earlier)
    found = table.push(999, event)
    assert all(v.event in (999, *range(state + 1)) for v in found)
    table.finish()
    assert len(table.verdict().to_json()["totals"]) == 2
