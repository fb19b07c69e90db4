"""The verdict: what the referee says about a whole game log.

Its JSON form is the contract of ``spec/game-log.md`` (``variant``, ``hands``,
``totals``, ``violations``, ``winner``); the extra keys (``settings``, ``schneider``,
``claim``, per-hand ``complete``, ``dealer``, ...) extend it without changing any
contract key.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine import Award, Violation


@dataclass
class HandScore:
    """One hand as booked: per side card points, weis, stöck, and the multiplied sum.

    ``scored = (points + match bonus + weis + stoeck) * multiplier``; a hand cut short
    (by a claim, or because the log ends) counts the tricks taken so far, and its weis
    only once the first trick is over.
    """

    index: int
    mode: str | None
    points: list[int]
    weis: list[int]
    stoeck: list[int]
    match: int | None
    multiplier: int
    scored: list[int]
    complete: bool
    dealer: int
    forehand: int | None
    chooser: int | None
    pushed: bool
    tricks: int
    melds: list[dict[str, object]] = field(default_factory=list)
    """The booked melds as players name them: {"seat", "meld", "points"}."""
    void: bool = False
    """A hand that does not count and is played again (Smousjas: a tie over 500)."""
    contract: dict[str, object] | None = None
    """What the hand was played for beyond its mode: Sidi-Barrani's bid and whether it
    was made, Differenzler's predictions, the Coiffeur slot it filled."""

    def to_json(self) -> dict[str, object]:
        return {
            "index": self.index,
            "mode": self.mode,
            "points": self.points,
            "weis": self.weis,
            "stoeck": self.stoeck,
            "match": self.match,
            "multiplier": self.multiplier,
            "scored": self.scored,
            "complete": self.complete,
            "tricks": self.tricks,
            "dealer": self.dealer,
            "forehand": self.forehand,
            "chooser": self.chooser,
            "pushed": self.pushed,
            "melds": self.melds,
            **({"void": True} if self.void else {}),
            **({"contract": self.contract} if self.contract is not None else {}),
        }


@dataclass
class Claim:
    """A bedanken and how it was settled."""

    seat: int
    event: int
    status: str
    """``won``, ``lost`` or ``pending`` (the first trick must be finished first)."""
    rule: str
    """``stoeck-weis-stich`` (claimer had not played to trick 2) or ``count``."""

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "event": self.event, "status": self.status, "rule": self.rule}


@dataclass
class Verdict:
    variant: str
    hands: list[HandScore]
    totals: list[int]
    violations: list[Violation]
    winner: int | None
    schneider: bool = False
    claim: Claim | None = None
    settings: dict[str, object] = field(default_factory=dict)
    series: dict[str, object] | None = None
    """For a log of several games: each game's result, and Smousjas' lives and kip."""
    sides: list[str] = field(default_factory=list)
    """How each side is called in reports: "seats 0+2", "seat 1", ..."""
    awards: list[Award] = field(default_factory=list)
    """Points given by the players to settle violations; counted in ``totals``."""

    def to_json(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "hands": [h.to_json() for h in self.hands],
            "totals": self.totals,
            "violations": [v.to_json() for v in self.violations],
            "winner": self.winner,
            "schneider": self.schneider,
            "claim": self.claim.to_json() if self.claim else None,
            "settings": self.settings,
            **({"series": self.series} if self.series is not None else {}),
            **({"awards": [a.to_json() for a in self.awards]} if self.awards else {}),
        }
