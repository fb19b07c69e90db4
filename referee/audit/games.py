"""An audit game: one random game written twice, and what was injected into it.

The generators play honest random games and, at random, break a rule on purpose:
illegal plays, impossible plays (out of turn, a card twice, no card, a card of another
deck) and false declarations. They avoid the few situations where what a rule demands
depends on the table's own mistake (a weis that must go "upward" from a false weis the
table booked), so that every event has one true answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from referee.engine import Event

BAD_CODES = ("H11", "X7", "S1", "CZ", "DD")
"""Card codes no deck has, for injected unreadable cards."""


@dataclass(frozen=True)
class Rates:
    """How often each kind of violation is injected, per chance to inject it.

    :param illegal: a play that breaks a duty, when the seat has one.
    :param impossible: before a play, an extra play that cannot be applied.
    :param false_weis: a declaration of a weis, meld or roem the seat does not hold.
    :param not_upward: a declaration that does not go "upward" (talon games).
    :param false_stoeck: a stöck, belle or mariage the seat does not hold.
    """

    illegal: float = 0.08
    impossible: float = 0.01
    false_weis: float = 0.06
    not_upward: float = 0.25
    false_stoeck: float = 0.006


@dataclass
class AuditGame:
    """One game, with and without the deal, and the events injected into it."""

    variant: str
    known: list[Event] = field(default_factory=list)
    """The log with every ``deal`` (and, in talon games, every drawn card shown)."""
    camera: list[Event] = field(default_factory=list)
    """The same game as the camera sees it: no ``deal``, face-down draws as null."""
    injected: dict[int, str] = field(default_factory=dict)
    """Index in ``known`` -> the kind of violation injected there."""

    def emit(self, known: Event, camera: Event | None = None, *, deal: bool = False) -> int:
        """Appends an event to both logs (a ``deal`` only to the known one) and
        returns its index in the known log."""
        self.known.append(known)
        if not deal:
            self.camera.append(camera if camera is not None else known)
        return len(self.known) - 1

    def inject(self, kind: str, known: Event, camera: Event | None = None) -> int:
        index = self.emit(known, camera)
        self.injected[index] = kind
        return index

    def camera_index(self) -> dict[int, int]:
        """Index in ``known`` -> index in ``camera`` (``deal`` lines have none)."""
        mapping: dict[int, int] = {}
        for index, event in enumerate(self.known):
            if event.get("event") != "deal":
                mapping[index] = len(mapping)
        return mapping


def chance(rng: random.Random, rate: float) -> bool:
    return rng.random() < rate
