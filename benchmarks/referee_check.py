"""Benchmark: how long the referee takes to check 10,000 recorded Schieber hands.

Run with ``make bench`` (or ``taskset -c 0 .venv/bin/python benchmarks/referee_check.py``
to pin it to one core). It simulates the logs once (not timed), then times
``referee.check`` over all of them, from text to verdict, several times and prints the
median. Two cases: hands known (a ``deal`` per hand, every play checked at once) and the
camera case (no deal, plays proven from later cards). Figures go to docs/benchmarks.md.
With ``--cpu`` it measures the process's CPU time instead of the wall clock, which
other users of a shared machine disturb far less.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import referee
from referee.gamelog import dump_log
from referee.simulate import SimulationOptions, simulate_schieber


def make_logs(hands: int, known: bool, seed: int) -> list[str]:
    """Game logs of ``hands`` hands in all, in games of 20 hands with some illegal plays."""
    rng = random.Random(seed)
    logs, done = [], 0
    while done < hands:
        n = min(20, hands - done)
        options = SimulationOptions(hands=n, known_hands=known, illegal_rate=0.02, claim=False)
        logs.append(dump_log(simulate_schieber(rng, options)))
        done += n
    return logs


def time_check(logs: list[str], clock: Callable[[], float] = time.perf_counter) -> float:
    start = clock()
    for text in logs:
        referee.check(text)
    return clock() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    for known in (True, False):
        logs = make_logs(args.hands, known, seed=2026)
        lines = sum(text.count("\n") for text in logs)
        times = [time_check(logs, clock) for _ in range(args.repeat)]
        label = "hands known (deal events)" if known else "camera case (no deal)"
        median = statistics.median(times)
        print(
            f"{label:<28} {args.hands} hands, {lines} events: median {median:.2f} s"
            f"{' CPU' if args.cpu else ''} "
            f"(min {min(times):.2f}, max {max(times):.2f}, {args.repeat} runs) "
            f"= {median / args.hands * 1e6:.0f} µs/hand"
        )


if __name__ == "__main__":
    main()
