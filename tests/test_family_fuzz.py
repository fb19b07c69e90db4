"""No event, however malformed, raises in Sidi-Barrani, Differenzler or Coiffeur: it is a
violation, and a refused one changes nothing."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_fuzz_events import cards, event, json_values, seats

import referee
from referee.simulate import SimulationOptions
from referee.simulate_family import SIMULATORS

HEADERS = {
    "sidi-barrani": {
        "event": "game",
        "variant": "sidi-barrani",
        "settings": {"doubling": "double-counter"},
    },
    "differenzler": {"event": "game", "variant": "differenzler", "settings": {"hands": 2}},
    "coiffeur": {"event": "game", "variant": "coiffeur", "settings": {"weis": True}},
}
points = st.sampled_from([0, 5, 80, 155, 157, 160]) | json_values
family_events = st.one_of(
    event("hand", dealer=seats),
    event("deal", hands=st.lists(st.lists(cards, max_size=10), max_size=5) | json_values),
    event(
        "bid", seat=seats, points=points, suit=st.sampled_from(["H", "c", "obenabe"]) | json_values
    ),
    event("pass", seat=seats),
    event("double", seat=seats),
    event("counter", seat=seats),
    event("turnup", card=cards),
    event("predict", seat=seats, points=points),
    event("trump", seat=seats, mode=st.sampled_from(["C", "obenabe"]) | json_values),
    event("trump", seat=seats, mode=st.just("H"), pushed=st.booleans(), slot=json_values),
    event("weis", seat=seats, cards=st.lists(cards, max_size=5) | json_values),
    event("play", seat=seats, card=cards),
    event("score", points=st.lists(points, max_size=3) | json_values, match=json_values),
    event("stoeck", seat=seats),
    event("bedanken", seat=seats),
)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(sorted(HEADERS)),
    st.integers(0, 2**16),
    st.lists(family_events, min_size=1, max_size=6),
    st.randoms(),
)
def test_random_events_inside_a_real_game_never_raise(variant, seed, inserted, rnd):
    log = SIMULATORS[variant](random.Random(seed), SimulationOptions(hands=2))
    log[0] = HEADERS[variant]
    for new in inserted:
        log.insert(rnd.randrange(1, 14 if rnd.random() < 0.7 else len(log) + 1), new)
    game, _ = referee.new_game(log[0])
    for index, item in enumerate(log[1:], start=1):
        before = game.verdict().to_json()
        settles = game.claim_ready()  # a waiting claim is settled by any next event
        found = game.push(index, item)
        refused = {"illegal-event", "unknown-card", "wrong-deck", "duplicate-card"}
        if item["event"] in ("play", "bid", "pass", "double", "predict"):
            refused |= {"out-of-turn", "card-not-in-hand"}
        if not settles and any(v.rule in refused and v.event == index for v in found):
            after = game.verdict().to_json()
            assert after["totals"] == before["totals"] and after["hands"] == before["hands"]
    game.finish()
    assert len(game.verdict().to_json()["totals"]) in (2, 4)
