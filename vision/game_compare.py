"""Comparing the log a tracker wrote with the true log of a rendered game.

The logs are aligned event by event (a longest-matching alignment, as ``diff`` does),
and every difference is named as a player would: a play with the wrong card or seat,
an event missed, an event that never happened (a phantom), anything else changed. Plays
are counted apart because they are what the referee lives on.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field

from referee.engine import Event


@dataclass
class Comparison:
    truth_events: int = 0
    seen_events: int = 0
    plays: int = 0
    """Plays in the true log."""
    plays_right: int = 0
    wrong_card: int = 0
    wrong_seat: int = 0
    missed: int = 0
    phantom: int = 0
    changed: int = 0
    differences: list[str] = field(default_factory=list)
    matched: list[tuple[int, int]] = field(default_factory=list)
    """(true line, written line) of every event written exactly as it happened."""

    @property
    def equal(self) -> bool:
        return not self.differences

    def add(self, other: Comparison) -> None:
        for name in (
            "truth_events",
            "seen_events",
            "plays",
            "plays_right",
            "wrong_card",
            "wrong_seat",
            "missed",
            "phantom",
            "changed",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.differences += other.differences


def _text(event: Event) -> str:
    return json.dumps(event, sort_keys=True)


def compare_logs(truth: list[Event], seen: list[Event]) -> Comparison:
    result = Comparison(len(truth), len(seen))
    result.plays = sum(1 for e in truth if e.get("event") == "play")
    a, b = [_text(e) for e in truth], [_text(e) for e in seen]
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            result.plays_right += sum(1 for e in truth[i1:i2] if e.get("event") == "play")
            result.matched += [(i1 + k, j1 + k) for k in range(i2 - i1)]
            continue
        pairs = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        for k in range(pairs):
            want, got = truth[i1 + k], seen[j1 + k]
            result.differences.append(f"line {i1 + k}: {_text(want)} was written as {_text(got)}")
            if want.get("event") == got.get("event") == "play":
                if want.get("card") != got.get("card"):
                    result.wrong_card += 1
                if want.get("seat") != got.get("seat"):
                    result.wrong_seat += 1
            else:
                result.changed += 1
        for k in range(i1 + pairs, i2):
            result.missed += 1
            result.differences.append(f"line {k}: {_text(truth[k])} is missing")
        for k in range(j1 + pairs, j2):
            result.phantom += 1
            result.differences.append(f"written line {k}: {_text(seen[k])} never happened")
    return result
