"""The game log as docs/game-log.md documents it: lines, corrections, refusals."""

import pytest

import referee

from conftest import game, log_text, verdict_of

# Seat 0 holds every club (so ♣7 and forehand), 1 diamonds, 2 spades, 3 hearts: nobody
# can follow suit, so every play order below is legal and easy to follow.
SUITS_BY_SEAT = ["C", "D", "S", "H"]
RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def one_suit_deal() -> dict:
    return {"event": "deal", "hands": [[s + r for r in RANKS] for s in SUITS_BY_SEAT]}


def plays(order: list[int] | None = None) -> list[dict]:
    """Nine tricks in clubs trump: seat 0 leads its clubs from the ace down and wins all."""
    events = []
    for trick in range(9):
        rank = RANKS[8 - trick]
        for seat in order or [0, 1, 2, 3]:
            events.append({"event": "play", "seat": seat, "card": SUITS_BY_SEAT[seat] + rank})
    return events


def clean_hand() -> list[dict]:
    return [
        game(),
        {"event": "hand", "dealer": 3},
        one_suit_deal(),
        {"event": "trump", "seat": 0, "mode": "C"},
        *plays(),
    ]


def test_a_clean_hand_scores_the_match_for_the_side_that_took_every_trick():
    v = verdict_of(clean_hand())
    assert v["violations"] == []
    assert v["hands"][0]["match"] == 0
    assert v["hands"][0]["scored"] == [257, 0]


def test_a_correction_replaces_a_misread_card_and_the_game_scores_as_if_read_right():
    events = clean_hand()
    misread_at = 5
    right = events[misread_at]
    events[misread_at] = {**right, "card": "HA"}
    broken = verdict_of(events)
    first = broken["violations"][0]
    assert (first["rule"], first["event"]) == ("card-not-in-hand", misread_at)
    fixed = verdict_of([*events, {"event": "correction", "replaces": misread_at, "with": right}])
    assert fixed["violations"] == []
    assert fixed["totals"] == verdict_of(clean_hand())["totals"]


def test_a_correction_with_null_removes_a_phantom_event():
    events = clean_hand()
    events.insert(5, {"event": "play", "seat": 2, "card": "SA"})
    assert verdict_of(events)["violations"][0]["rule"] == "out-of-turn"
    fixed = verdict_of([*events, {"event": "correction", "replaces": 5, "with": None}])
    assert fixed["violations"] == [] and fixed["totals"] == [257, 0]


@pytest.mark.parametrize(
    "bad",
    [
        {"event": "correction", "replaces": 0, "with": None},
        {"event": "correction", "replaces": 999, "with": None},
        {"event": "correction", "replaces": "4", "with": None},
        {"event": "correction", "replaces": 4, "with": {"event": "game"}},
        {"event": "correction", "replaces": 4, "with": [1]},
    ],
)
def test_a_correction_that_points_nowhere_is_refused_and_changes_nothing(bad):
    events = [*clean_hand(), bad]
    v = verdict_of(events)
    assert [(x["rule"], x["event"]) for x in v["violations"]] == [
        ("illegal-event", len(events) - 1)
    ]
    assert v["totals"] == [257, 0]


def test_line_indices_count_blank_lines_and_only_newline_ends_a_line():
    text = log_text(clean_hand()).replace("\n", "\n\n", 1)
    text += '{"event":"play","seat":9,"card":"H6"}\u2028still the same line\n'
    v = referee.check(text).to_json()
    bad_line = text.split("\n").index(
        '{"event":"play","seat":9,"card":"H6"}\u2028still the same line'
    )
    assert [(x["rule"], x["event"]) for x in v["violations"]] == [("illegal-event", bad_line)]


def test_a_byte_order_mark_before_the_log_is_not_part_of_it():
    text = log_text(clean_hand())
    assert referee.check("\ufeff" + text).to_json() == referee.check(text).to_json()


@pytest.mark.parametrize(
    "text",
    ["", "\n\n", "hello\n", '{"event":"hand","dealer":0}\n', "[1,2]\n", '{"variant":"x"}\n'],
)
def test_a_text_that_is_not_a_game_log_is_refused_as_a_whole(text):
    with pytest.raises(referee.NotAGameLog):
        referee.check(text)


def test_an_unknown_variant_is_refused_with_the_supported_ones_named():
    with pytest.raises(referee.UnsupportedVariant, match="supported: schieber"):
        referee.check('{"event":"game","variant":"poker"}\n')


def test_house_rules_in_the_header_are_applied_and_bad_ones_reported_at_line_0():
    events = clean_hand()
    events[0] = game(settings={"match": "opponents-zero", "nonsense": 1, "equal_weis": "x"})
    v = verdict_of(events)
    assert v["settings"] == {"target": 2500, "match": "opponents-zero"}
    assert [(x["rule"], x["event"]) for x in v["violations"]] == [
        ("illegal-event", 0),
        ("illegal-event", 0),
    ]
    assert "nonsense" in v["violations"][0]["proof"]


def test_a_card_outside_the_variants_deck_is_wrong_deck_and_changes_nothing():
    """The engine checks every card against the variant's deck: a 6 in a 32-card game
    (Smousjas, Frantsfuus) is ``wrong-deck``. Shown on Schieber's play with a 32-card deck."""
    from referee.cards import DECK_32
    from referee.settings import SchieberRules
    from referee.variants.schieber import SchieberGame

    class ThirtyTwoCardSchieber(SchieberGame):
        deck = DECK_32

    table = ThirtyTwoCardSchieber(SchieberRules())
    table.push(1, {"event": "hand", "dealer": 3})
    table.push(2, {"event": "trump", "seat": 0, "mode": "C"})
    found = table.push(3, {"event": "play", "seat": 0, "card": "C6"})
    assert [(v.rule, v.event) for v in found] == [("wrong-deck", 3)]
    assert table.push(4, {"event": "play", "seat": 0, "card": "C7"}) == []
