"""Several games in one log: the winner deals the next, Smousjas' lives and the kip."""

import random

import referee
from referee.gamelog import dump_log
from referee.series import Series
from referee.settings import SmousjasRules
from referee.simulate_talon import TalonOptions, simulate_talon
from referee.variants.schmaus import SchmausGame
from referee.variants.smousjas import SmousjasGame


def decided_smousjas(seed: int, lives: int) -> list[dict]:
    """A simulated Smousjas game cut right after the hand that decides it."""
    events = simulate_talon(random.Random(seed), SmousjasGame, TalonOptions(hands=14))
    events[0] = {**events[0], "settings": {"lives": lives}}
    starts = [i for i, e in enumerate(events) if e["event"] == "hand"] + [len(events)]
    for cut in starts[1:]:
        if referee.check(dump_log(events[:cut])).winner is not None:
            return events[:cut]
    raise AssertionError("no Smousjas game reached 500 in 14 hands")


def test_each_lost_game_costs_a_life_and_the_first_to_none_sits_on_the_kip():
    """001: "start op een bepaald aantal 'levens', en draai het benodigde aantal naar
    beneden. De eerste die geen 'levens' meer heeft, zit 'op de kip' en krijgt nog een
    extra leven." One life each; seat 1 loses both games (581-529, then 597-423): the
    kip saves it once, the second loss ends the series."""
    first, second = decided_smousjas(1, lives=1), decided_smousjas(3, lives=1)
    one = referee.check(dump_log(first)).to_json()
    assert (one["winner"], one["schneider"]) == (0, False)
    assert one["series"] == {
        "games": [{"winner": 0, "totals": [581, 529], "schneider": False}],
        "lives": [1, 1],
        "kip": 1,
        "winner": None,
    }
    both = referee.check(dump_log(first + second)).to_json()
    assert both["series"]["lives"] == [1, 0] and both["series"]["kip"] == 1
    assert both["series"]["winner"] == 0 and both["totals"] == [597, 423]
    assert [g["winner"] for g in both["series"]["games"]] == [0, 0]
    after = referee.check(dump_log([*first, *second, {"event": "game", "variant": "smousjas"}]))
    assert "the series is over" in after.violations[-1].proof


def test_onder_jan_from_one_life_is_not_saved_by_the_kip():
    """001: "Er is maar één kip, die waardeloos is als een verliezende speler op 1 staat
    en 'onder Jan' is, en dus 2 punten naar beneden gaat." """
    game = SmousjasGame(SmousjasRules(lives=1))
    series = Series(game, SmousjasGame)
    game.over, game.winner, game.onder_jan = True, 0, True
    series.finish()
    verdict = series.verdict().to_json()
    assert verdict["series"]["lives"] == [1, -1] and verdict["series"]["winner"] == 0


def test_a_new_game_only_after_the_last_is_decided_and_in_the_same_variant():
    events = simulate_talon(random.Random(3), SchmausGame, TalonOptions(hands=1))
    early = referee.check(dump_log([*events, {"event": "game", "variant": "schmaus"}]))
    assert [v.rule for v in early.violations][-1] == "illegal-event"
    assert "only after this game is decided" in early.violations[-1].proof


def test_the_winner_of_a_schmaus_game_deals_the_next():
    """000: "Om fler än ett parti spelas, skall den spelare som vann det avslutade
    partiet vara givare i det följande." A claim by count decides the first game."""
    events = simulate_talon(random.Random(4), SchmausGame, TalonOptions(hands=1))
    events[0] = {**events[0], "target": 100}
    totals = referee.check(dump_log(events)).totals
    winner = 0 if totals[0] >= 100 else 1
    first = [*events, {"event": "bedanken", "seat": winner}]
    assert referee.check(dump_log(first)).winner == winner
    for dealer, expected in ((winner, []), (1 - winner, ["out-of-turn"])):
        log = [*first, {"event": "game", "variant": "schmaus"}, {"event": "hand", "dealer": dealer}]
        verdict = referee.check(dump_log(log)).to_json()
        assert [v["rule"] for v in verdict["violations"] if v["event"] >= len(first)] == expected
        assert verdict["series"]["games"][0]["winner"] == winner
