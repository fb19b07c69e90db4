"""The comparison: the referee's verdicts on audit games against the judge's.

For each game the referee checks both logs, event by event as a live table would feed
them. The camera log's violations are held against the judge (:mod:`referee.audit.oracle`):

- **sound**: every flag names an event that broke a rule, with that rule, and is proven
  no earlier than the first event the judge says proves it;
- **complete**: every injected violation that the camera log proves is flagged, proven
  at exactly that first event.

The known log's violations must be the injected ones, each flagged at its own event.
The judge is also checked against itself: it must never prove anything lawful.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from referee import new_game
from referee.audit.games import AuditGame, Rates
from referee.audit.oracle import Undecided, first_proofs, judge
from referee.audit.schieber_games import schieber_game
from referee.audit.talon_games import talon_game
from referee.engine import Event, Violation
from referee.series import Series

AUDITED = ("schieber", "schmaus", "frantsfuus", "smousjas")
"""Schnüffler has no plays nor declarations of cards to audit: it is not generated."""

MAX_EXAMPLES = 5


@dataclass
class Tally:
    """What the audit found for one variant."""

    variant: str
    games: int = 0
    injected: int = 0
    provable: int = 0
    caught: int = 0
    false_flags: int = 0
    """Camera log: a flag where nothing happened, or naming another rule."""
    early_flags: int = 0
    """Camera log: a flag before the observed events prove it."""
    deal_caught: int = 0
    """Known log: injected violations flagged at their own event."""
    deal_false_flags: int = 0
    accidental: int = 0
    """Violations the generator did not mean to inject (its honest play was not)."""
    not_violations: int = 0
    """Injected events the judge finds lawful."""
    judge_contradictions: int = 0
    """Lawful plays or declarations the judge claims to prove unlawful."""
    undecided: int = 0
    """Games the judge could not settle (skipped)."""
    by_rule: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    @property
    def share_caught(self) -> float:
        return self.caught / self.provable if self.provable else 1.0

    @property
    def clean(self) -> bool:
        """Sound, complete, and every injected violation caught with the deal."""
        return (
            self.caught == self.provable
            and self.deal_caught == self.injected
            and not (
                self.false_flags
                or self.early_flags
                or self.deal_false_flags
                or self.accidental
                or self.not_violations
                or self.judge_contradictions
                or self.undecided
            )
        )

    def note(self, seed: int, what: str) -> None:
        if len(self.examples) < MAX_EXAMPLES:
            self.examples.append(f"game seed {seed}: {what}")


def generator(variant: str) -> Callable[[random.Random, int, Rates], AuditGame]:
    if variant == "schieber":
        return lambda rng, hands, rates: schieber_game(rng, hands, rates)
    return lambda rng, hands, rates: talon_game(rng, variant, hands, rates)


def referee_violations(events: list[Event]) -> list[Violation]:
    """The referee fed one event at a time, as at the table."""
    game, errors = new_game(events[0])
    assert not errors, errors
    series = Series(game, type(game))
    for index, event in enumerate(events[1:], start=1):
        series.push(index, event)
    series.finish()
    return series.verdict().violations


def audit_game(game: AuditGame, tally: Tally, seed: int) -> None:
    """Compares the referee with the judge on one game and adds it to ``tally``."""
    tally.games += 1
    try:
        judged = judge(game.variant, game.known)
    except Undecided as why:
        tally.undecided += 1
        tally.note(seed, f"undecided: {why}")
        return
    mapping = game.camera_index()
    camera = judged.renumbered(mapping)
    proofs = first_proofs(game.variant, game.camera, camera)
    for index, proof in proofs.lawful.items():
        if proof is not None:
            tally.judge_contradictions += 1
            tally.note(seed, f"the judge proves lawful event {index} unlawful at {proof}")
    for index, rule in judged.rules.items():
        if index not in game.injected:
            tally.accidental += 1
            tally.note(seed, f"not injected: {rule} at known event {index}")
    _camera(game, camera.rules, proofs.violations, tally, seed, mapping)
    _known(game, judged.rules, tally, seed)


def _camera(
    game: AuditGame,
    rules: dict[int, str],
    proofs: dict[int, int | None],
    tally: Tally,
    seed: int,
    mapping: dict[int, int],
) -> None:
    flagged: dict[int, int] = {}
    for v in referee_violations(game.camera):
        at = v.proven_at if v.proven_at is not None else v.event
        truth = rules.get(v.event)
        if truth is None or v.rule != truth or v.event in flagged:
            tally.false_flags += 1
            tally.note(seed, f"camera false flag {v.rule} at {v.event} (truth {truth}): {v.proof}")
            continue
        proof = proofs.get(v.event)
        if proof is None or at < proof:
            tally.early_flags += 1
            tally.note(seed, f"camera early flag {v.rule} at {v.event}, proven {at} < {proof}")
            continue
        flagged[v.event] = at
    for known_index in game.injected:
        index = mapping[known_index]
        rule = rules.get(index)
        if rule is None:
            tally.not_violations += 1
            tally.note(seed, f"injected {game.injected[known_index]} at {index} is lawful")
            continue
        tally.injected += 1
        tally.by_rule[rule] += 1
        proof = proofs[index]
        if proof is None:
            continue
        tally.provable += 1
        if flagged.get(index) == proof:
            tally.caught += 1
        else:
            got = flagged.get(index)
            tally.note(seed, f"camera missed {rule} at {index}: proven at {proof}, flagged {got}")


def _known(game: AuditGame, rules: dict[int, str], tally: Tally, seed: int) -> None:
    caught: set[int] = set()
    for v in referee_violations(game.known):
        if rules.get(v.event) != v.rule or v.event in caught:
            tally.deal_false_flags += 1
            tally.note(seed, f"deal false flag {v.rule} at {v.event}: {v.proof}")
        elif v.event in game.injected and v.proven_at is None:
            caught.add(v.event)
    tally.deal_caught += sum(1 for i in game.injected if i in caught and i in rules)
    for i in game.injected:
        if i in rules and i not in caught:
            tally.note(seed, f"deal missed {rules[i]} at {i}")


def audit(
    variant: str, games: int, seed: int = 0, hands: int = 2, rates: Rates | None = None
) -> Tally:
    """Generates and audits ``games`` games of ``variant``; game ``k`` is generated
    from ``random.Random(seed + k)`` so a reported seed reproduces it alone."""
    tally = Tally(variant)
    make = generator(variant)
    rates = rates or Rates()
    for k in range(games):
        audit_game(make(random.Random(seed + k), hands, rates), tally, seed + k)
    return tally
