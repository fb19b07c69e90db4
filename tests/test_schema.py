"""The JSON Schema documents what the referee writes and reads."""

import json
import random
from pathlib import Path

import jsonschema
import pytest

from referee.gamelog import dump_log
from referee.settings import CoiffeurRules, DifferenzlerRules, SidiBarraniRules
from referee.simulate import SimulationOptions, simulate_schieber
from referee.simulate_family import SIMULATORS

ROOT = Path(__file__).parent.parent
SCHEMA = json.loads((ROOT / "referee" / "schema" / "game-log.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("known", [True, False])
def test_every_line_the_simulator_writes_is_valid(known):
    events = simulate_schieber(random.Random(3), SimulationOptions(hands=2, known_hands=known))
    for line in dump_log(events).splitlines():
        VALIDATOR.validate(json.loads(line))


@pytest.mark.parametrize(
    ("variant", "rules"),
    [
        ("sidi-barrani", SidiBarraniRules(doubling="double-counter", sang_bids=True)),
        ("differenzler", DifferenzlerRules(announcement="hidden")),
        ("coiffeur", CoiffeurRules(weis=True)),
    ],
)
def test_every_line_of_the_schieber_family_is_valid(variant, rules):
    """The contract's new events (bid, pass, double, counter, predict, turnup in
    Differenzler, trump with slot) are in the schema."""
    events = SIMULATORS[variant](random.Random(3), SimulationOptions(hands=4), rules)
    names = set()
    for line in dump_log(events).splitlines():
        VALIDATOR.validate(json.loads(line))
        names.add(json.loads(line)["event"])
    assert (
        names
        >= {
            "sidi-barrani": {"bid", "pass", "double", "counter"},
            "differenzler": {"predict", "turnup"},
            "coiffeur": {"trump"},
        }[variant]
    )


def test_the_bundled_sample_is_valid():
    for line in (ROOT / "jassref" / "samples" / "schieber-sample.jsonl").read_text().splitlines():
        VALIDATOR.validate(json.loads(line))


@pytest.mark.parametrize(
    "line",
    [
        {"event": "play", "seat": 0, "card": "H11"},
        {"event": "play", "seat": 4, "card": "H10"},
        {"event": "trump", "seat": 0, "mode": "spades"},
        {"event": "weis", "seat": 0, "points": 30},
        {"event": "correction", "replaces": 3},
        {"event": "award", "side": 2, "points": 157, "for": 4},
        {"event": "award", "side": 0, "points": 0, "for": 4},
        {"event": "award", "side": 0, "points": 157},
        {"event": "bid", "seat": 0, "points": 200, "suit": "H"},
        {"event": "bid", "seat": 0, "points": 100},
        {"event": "predict", "seat": 1, "points": -3},
        {"event": "trump", "seat": 0, "mode": "H", "slot": "joker"},
    ],
)
def test_malformed_events_are_outside_the_schema(line):
    assert not VALIDATOR.is_valid(line)


def test_the_players_award_is_a_valid_line():
    """The extension the board writes when the players settle a violation."""
    VALIDATOR.validate({"event": "award", "side": 1, "points": 157, "for": 12})
