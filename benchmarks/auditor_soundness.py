"""Benchmark: the camera-case auditor, sound and complete over many random games.

For each variant it generates games with illegal plays and false declarations
injected at random (hands known), writes each with and without the ``deal``, feeds
both to the referee event by event and holds the verdicts against the independent
judge (``referee/audit/oracle.py``). Run:
``.venv/bin/python benchmarks/auditor_soundness.py --games 10000``.

Printed per variant: games, injected violations, how many the camera log proves,
how many of those the referee flagged at the first proving event, false flags (a
flag where nothing happened or with another rule), early flags (before the proof),
violations caught with the deal at their own event, and the wall time. Schnüffler
has no plays nor declared cards to audit and is not generated. Exit status 1 if any
variant is not clean, with a few reproducible examples (``--seed``).
"""

from __future__ import annotations

import argparse
import sys
import time

from referee.audit.harness import AUDITED, audit


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per variant")
    parser.add_argument("--variant", action="append", choices=AUDITED, help="default: all")
    parser.add_argument("--seed", type=int, default=0, help="game k uses seed SEED+k")
    parser.add_argument("--hands", type=int, default=2, help="hands per game")
    args = parser.parse_args()
    print(
        f"{'variant':<11} {'games':>6} {'injected':>9} {'provable':>9} {'caught':>12} "
        f"{'false':>6} {'early':>6} {'with deal':>10} {'time':>8}"
    )
    clean = True
    for variant in args.variant or AUDITED:
        start = time.perf_counter()
        tally = audit(variant, args.games, args.seed, args.hands)
        seconds = time.perf_counter() - start
        print(
            f"{variant:<11} {tally.games:>6} {tally.injected:>9} {tally.provable:>9} "
            f"{tally.caught:>6} {tally.share_caught:>5.1%} {tally.false_flags:>6} "
            f"{tally.early_flags:>6} {tally.deal_caught:>10} {seconds:>7.1f}s",
            flush=True,
        )
        rules = ", ".join(f"{rule} {n}" for rule, n in tally.by_rule.most_common())
        print(f"{'':<11} injected: {rules}")
        for example in tally.examples:
            print(f"{'':<11} {example}")
        clean = clean and tally.clean
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
