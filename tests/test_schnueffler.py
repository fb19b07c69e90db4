"""Schnüffler (seed 004, "Schnüffler für 2 Spieler"): strokes, noughts, the blind."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import verdict_of

RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [s + r for s in "HDSC" for r in RANKS]


def start(deal: list[list[str]] | None = None) -> list[dict]:
    events = [{"event": "game", "variant": "schnueffler"}, {"event": "hand", "dealer": 0}]
    return events + ([{"event": "deal", "hands": deal}] if deal else [])


def guess(seat: int, card: str, right: bool | None = None) -> dict:
    event = {"event": "guess", "seat": seat, "card": card}
    return event if right is None else {**event, "right": right}


def rules_at(v: dict) -> list[tuple[str, int]]:
    return [(x["rule"], x["event"]) for x in v["violations"]]


def test_a_right_guess_is_a_stroke_a_wrong_one_a_nought_that_a_later_stroke_erases():
    """ "Trifft seine Aussage tatsächlich zu ... notiert er dafür 1 Strich. Falls seine
    Aussage nicht zutrifft, erhält er 1 Nuller. Dieser kann im weiteren Spielverlauf
    mit 1 Strich getilgt werden." Dealer 0: seat 1 (forehand) speaks first."""
    v = verdict_of(
        [
            *start(),
            guess(1, "H6", right=False),
            {"event": "question", "seat": 0, "text": "Hast du einen König?"},
            guess(1, "H7", right=True),
            guess(0, "H8", right=True),
        ]
    )
    assert v["violations"] == []
    assert v["hands"][0]["points"] == [1, 0] and v["totals"] == [1, 0]
    assert v["hands"][0]["melds"][1]["meld"] == "0 strokes, 0 noughts"


def test_turns_alternate_and_no_card_is_named_twice():
    """ "Die erratenen Karten werden notiert, damit keine Karten zweimal benannt werden"."""
    events = [*start(), guess(0, "H6", True), guess(1, "H6", True), guess(0, "H6", True)]
    v = verdict_of(events)
    assert rules_at(v) == [("out-of-turn", 2), ("duplicate-card", 4)]
    assert v["hands"][0]["points"] == [0, 1]


def test_with_a_known_deal_the_answer_is_checked_against_the_cards():
    """ "was sein Gegner aufgrund seiner Karten feststellen kann": the answer must agree."""
    deal = [DECK[:12], DECK[12:24]]
    v = verdict_of([*start(deal), guess(1, "H6", right=True), guess(1, "C6")])
    assert rules_at(v) == [("illegal-event", 3)]
    assert "the deal says otherwise" in v["violations"][0]["proof"]
    assert v["hands"][0]["points"] == [0, 1]


def test_the_game_ends_when_the_blind_is_found_and_most_strokes_win():
    """ "festzustellen, dass alle 12 Karten des «Blinden» bestimmt wurden ... Gewonnen hat
    der Spieler mit den meisten Strichen."""
    deal = [DECK[:12], DECK[12:24]]
    blind = DECK[24:]
    events = [*start(deal), guess(1, blind[0]), guess(0, DECK[0])]
    for i, card in enumerate(blind[1:]):
        events.append(guess(1 if i % 2 == 0 else 0, card))
    v = verdict_of(events)
    # seat 1: 1 + 6 strokes; seat 0: a nought (its own card), erased by the first of
    # its 5 right guesses, so 4 strokes
    assert v["hands"][0]["points"] == [4, 7] and v["totals"] == [4, 7]
    assert v["hands"][0]["complete"] is True and v["winner"] == 1
    after = verdict_of([*events, {"event": "question", "seat": 0}])
    assert rules_at(after)[-1] == ("illegal-event", len(events))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_games_end_with_twelve_found_and_the_net_tally(seed):
    rng = random.Random(seed)
    cards = list(DECK)
    rng.shuffle(cards)
    deal, blind = [cards[:12], cards[12:24]], set(cards[24:])
    events, named, found, seat = [*start(deal)], set(), 0, 1
    tally = {0: [0, 0], 1: [0, 0]}
    while found < 12:
        if rng.random() < 0.3:
            events.append({"event": "question", "seat": seat})
        else:
            card = rng.choice([c for c in DECK if c not in named])
            named.add(card)
            events.append(guess(seat, card))
            strokes, noughts = tally[seat]
            if card in blind:
                found += 1
                tally[seat] = [strokes, noughts - 1] if noughts else [strokes + 1, noughts]
            else:
                tally[seat] = [strokes, noughts + 1]
        seat = 1 - seat
    v = verdict_of(events)
    assert v["violations"] == [] and v["hands"][0]["complete"]
    net = [tally[s][0] - tally[s][1] for s in (0, 1)]
    assert v["totals"] == net
    assert v["winner"] == (None if net[0] == net[1] else int(net[1] > net[0]))


json_values = st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=4)
events = st.one_of(
    st.fixed_dictionaries({"event": st.just("hand"), "dealer": st.integers(0, 1) | json_values}),
    st.fixed_dictionaries({"event": st.just("deal"), "hands": st.lists(st.lists(json_values))}),
    st.fixed_dictionaries({"event": st.just("question"), "seat": st.integers(0, 1) | json_values}),
    st.fixed_dictionaries(
        {
            "event": st.just("guess"),
            "seat": st.integers(0, 1) | json_values,
            "card": st.sampled_from(DECK) | json_values,
            "right": st.booleans() | json_values,
        }
    ),
    st.fixed_dictionaries({"event": st.just("play"), "seat": st.integers(0, 1)}),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(events, max_size=12), st.booleans())
def test_any_sequence_of_events_is_applied_or_refused_never_raised(sequence, dealt):
    """Bad input changes nothing: every event either counts or becomes a violation."""
    log = start([DECK[:12], DECK[12:24]] if dealt else None) + sequence
    v = verdict_of(log)
    assert len(v["totals"]) == 2
    assert all(0 <= x["event"] < len(log) for x in v["violations"])
