"""No event, however malformed, raises: it is a violation and changes nothing."""

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.gamelog import dump_log
from referee.settings import SchieberRules
from referee.simulate import SimulationOptions, simulate_schieber
from referee.variants.schieber import SchieberGame

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.sampled_from(["H10", "SJ", "hu", "C7", "X9", "", "obenabe", "H"])
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=10) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
seats = st.integers(0, 3) | json_values
cards = st.sampled_from(["H10", "SJ", "C7", "CK", "CQ", "C6", "C8", "C9", "CJ"]) | json_values


def event(name: str, **fields: st.SearchStrategy) -> st.SearchStrategy:
    return st.fixed_dictionaries({"event": st.just(name), **fields})


events = st.one_of(
    event("hand", dealer=seats),
    event("deal", hands=st.lists(st.lists(cards, max_size=10), max_size=5) | json_values),
    event("trump", seat=seats, mode=st.sampled_from(["C", "h", "obenabe"]) | json_values),
    event("trump", seat=seats, mode=st.just("S"), pushed=json_values),
    event("weis", seat=seats, cards=st.lists(cards, max_size=5) | json_values),
    event("weis", seat=seats, points=st.sampled_from([20, 50, 300]) | json_values),
    event("play", seat=seats, card=cards),
    event("stoeck", seat=seats),
    event("bedanken", seat=seats),
    st.builds(
        lambda name, extra: {"event": name, **extra},
        st.sampled_from(["turnup", "rob", "draw", "game", "correction", "x"]) | json_values,
        st.dictionaries(st.text(max_size=6), json_values, max_size=3),
    ),
)


def game_at(state: int, seed: int) -> SchieberGame:
    """A game fed the first ``state`` events of a simulated one: 0 = header only,
    1 = hand started, 2 = dealt, 3 = trump chosen, 6 = mid first trick, 40 = hand over."""
    log = simulate_schieber(random.Random(seed), SimulationOptions(hands=1))
    game = SchieberGame(SchieberRules())
    for index, event in enumerate(log[1 : state + 1], start=1):
        game.push(index, event)
    return game


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from([0, 1, 2, 3, 6, 40]), st.integers(0, 50), events)
def test_any_event_in_any_state_is_applied_or_refused_never_raised(state, seed, event):
    game = game_at(state, seed)
    before = game.verdict().to_json()
    found = game.push(999, event)
    after = game.verdict().to_json()
    assert all(v.event == 999 for v in found)
    refused = {"illegal-event", "unknown-card", "wrong-deck", "duplicate-card"}
    if event["event"] == "play":
        refused |= {"out-of-turn", "card-not-in-hand"}
    if any(v.rule in refused for v in found):
        assert after["totals"] == before["totals"] and after["hands"] == before["hands"]


@settings(max_examples=600, deadline=None)
@given(st.integers(0, 2**16), st.lists(events, min_size=1, max_size=6), st.randoms())
def test_random_events_inside_a_real_game_never_raise(seed, inserted, rnd):
    """Mostly early in the hand, where trump, deal, weis and stöck are still allowed."""
    log = simulate_schieber(random.Random(seed), SimulationOptions(hands=1))
    for event in inserted:
        early = rnd.random() < 0.7
        log.insert(rnd.randrange(1, 12 if early else len(log) + 1), event)
    game = SchieberGame(SchieberRules())
    for index, event in enumerate(log[1:], start=1):
        game.push(index, event)
    game.finish()
    verdict = game.verdict().to_json()
    assert len(verdict["totals"]) == 2
    try:
        written = dump_log(log)
    except ValueError:  # what no strict JSON line carries: the log is not written
        assert any(isinstance(v, float) and not math.isfinite(v) for v in _leaves(log))
    else:
        assert written.count("\n") == len(log)


def _leaves(value: object) -> list[object]:
    """Every value inside nested lists and dicts (keys too)."""
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in (*_leaves(k), *_leaves(v))]
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    return [value]
