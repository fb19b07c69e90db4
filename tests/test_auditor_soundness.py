"""The auditor shown right on random games (issue 4, "How it is shown to be right").

A small run of the harness per variant (the full 10,000 games per variant is
``benchmarks/auditor_soundness.py``, figures in docs/benchmarks.md): games with
illegal plays and false declarations injected at random, written with and without the
deal, held against an independent judge. Then the judge itself: its rules quote the
seeds, share no code with the referee, and it would catch a referee that misses a
proof or flags one early.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.audit import oracle
from referee.audit.harness import AUDITED, audit
from referee.engine import NO_COUNT, Game

GAMES = 250
"""Per variant: about 2 s each on the development machine."""

EXPECTED_RULES = {
    "schieber": {"follow-suit", "undertrump", "false-weis", "false-stoeck"},
    "schmaus": {"follow-suit", "must-trump", "false-weis", "weis-not-upward", "false-stoeck"},
    "frantsfuus": {"follow-suit", "must-trump", "false-weis", "weis-not-upward", "false-stoeck"},
    "smousjas": {
        "follow-suit",
        "must-trump",
        "must-overtrump",
        "false-weis",
        "weis-not-upward",
        "false-stoeck",
        "wrong-deck",
    },
}
IMPOSSIBLE = {"out-of-turn", "duplicate-card", "unknown-card"}


@pytest.mark.parametrize("variant", AUDITED)
def test_no_false_flag_and_every_provable_violation_caught_when_proven(variant):
    """Soundness: without the deal nothing is flagged that did not happen, nor before
    the observed events prove it. Completeness: every injected violation the camera log
    proves is flagged at the first event that proves it (100 %). With the deal every
    injected violation is flagged at its own event."""
    tally = audit(variant, GAMES)
    assert tally.examples == []
    assert tally.false_flags == tally.early_flags == tally.deal_false_flags == 0
    assert tally.caught == tally.provable and tally.share_caught == 1.0
    assert tally.deal_caught == tally.injected
    assert tally.judge_contradictions == tally.accidental == tally.not_violations == 0
    assert tally.clean
    assert set(tally.by_rule) >= EXPECTED_RULES[variant] | IMPOSSIBLE
    assert tally.injected > 3 * GAMES
    assert tally.provable > 0.95 * tally.injected


def test_the_judge_shares_no_rule_code_with_the_referee():
    """The judge must not inherit a referee bug: it imports nothing from the engine, the
    variants, the modes or the weis tables."""
    tree = ast.parse(Path(oracle.__file__).read_text(encoding="utf-8"))
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert not {name for name in imported if name.startswith("referee")}


cards = st.integers(0, 35)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(sorted(oracle.VARIANTS)),
    st.sampled_from([0, 1, 2, 3, None]),
    st.lists(cards, min_size=1, max_size=3, unique=True),
    cards,
    st.sets(cards, max_size=8),
)
def test_the_judges_duties_have_one_card_witnesses(variant, trump, trick, c, others):
    """What makes the judge's count exact: every duty it reads from the seeds is broken
    exactly when the hand holds one of its witnesses (no two cards are needed)."""
    rules = oracle.VARIANTS[variant]
    if trump is None and variant != "schieber":
        trump = 0
    if c in trick:
        return
    hand = (1 << c) | sum(1 << x for x in others if x not in trick)
    witnesses = oracle.witnesses(rules.duties, trump, trick, c, oracle.ALL)
    broken = oracle.broken(rules.duties, trump, trick, c, hand)
    assert (broken is not None) == bool(hand & witnesses)


def test_the_harness_catches_a_referee_that_misses_a_proof(monkeypatch):
    """Without the proofs by count, renounces are flagged late: the harness sees it."""
    monkeypatch.setattr(Game, "prove_by_count", lambda *args: NO_COUNT)
    tally = audit("smousjas", 40)
    assert tally.caught < tally.provable and not tally.clean


def test_the_harness_catches_a_referee_that_flags_too_early(monkeypatch):
    """A referee that flags every open play at once (without proof) is caught."""

    def flag_at_once(self, records, unseen, room, event, trick, hand):
        for record in records:
            if record.violation is None:
                self.flag(record.event, record.seat, record.duties[0].rule, "no proof", event)
        records.clear()
        return NO_COUNT

    monkeypatch.setattr(Game, "prove_by_count", flag_at_once)
    tally = audit("schieber", 40)
    assert tally.early_flags + tally.false_flags > 0 and not tally.clean
