"""Benchmark: the time the referee takes per event, fed live one event at a time.

The camera and the buttons feed the referee event by event, so what matters at the
table is the latency of one ``push``, not a whole log. For each variant this simulates
games in the camera case (no deal; plays proven from later cards) with some illegal
plays, then times every ``Series.push`` and reports the median, the 99th percentile and
the maximum. Run: ``taskset -c 0 .venv/bin/python benchmarks/referee_events.py``.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

import referee
from referee.series import Series
from referee.simulate import SimulationOptions, simulate_schieber
from referee.simulate_talon import TalonOptions, simulate_talon
from referee.variants.frantsfuus import FrantsfuusGame
from referee.variants.schmaus import SchmausGame
from referee.variants.smousjas import SmousjasGame


def logs(variant: str, games: int, rng: random.Random) -> list[list[dict]]:
    if variant == "schieber":
        options = SimulationOptions(hands=4, known_hands=False, illegal_rate=0.05, claim=False)
        return [simulate_schieber(rng, options) for _ in range(games)]
    game = {"schmaus": SchmausGame, "frantsfuus": FrantsfuusGame, "smousjas": SmousjasGame}
    options_t = TalonOptions(hands=4, known_hands=False, illegal_rate=0.05)
    return [simulate_talon(rng, game[variant], options_t) for _ in range(games)]


def push_times(events: list[dict]) -> list[float]:
    game, _ = referee.new_game(events[0])
    series = Series(game, type(game))
    times = []
    for index, event in enumerate(events[1:], start=1):
        start = time.perf_counter()
        series.push(index, event)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--no-gc", action="store_true", help="disable the garbage collector while timing"
    )
    args = parser.parse_args()
    if args.no_gc:
        gc.disable()
    rng = random.Random(2026)
    for variant in ("schieber", "schmaus", "frantsfuus", "smousjas"):
        times = [t for events in logs(variant, args.games, rng) for t in push_times(events)]
        times.sort()
        p99 = times[int(len(times) * 0.99)]
        print(
            f"{variant:<11} {len(times):>7} events: median {statistics.median(times) * 1e6:6.1f} µs"
            f"  p99 {p99 * 1e6:6.1f} µs  max {times[-1] * 1e6:7.1f} µs"
        )


if __name__ == "__main__":
    main()
