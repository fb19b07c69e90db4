"""What follows a violation: the remedy the rules give, or the players' decision.

Issue 4: "The remedy the rules give where the seeds give one; otherwise the violation
is shown and the players decide." The seeds give remedies for two kinds of offence:

- a wrong claim of victory loses the game (003, 000, 002), which the referee applies;
- a declaration the seat did not hold, or that does not go "upward", is no weis, meld,
  stöck or roem at all, so it scores nothing (its points are taken back once proven).

They give none for an illegal play (renounce, not trumping, undertrumping) nor for
dealing or choosing out of turn: the violation is shown with its proof and the players
decide; the board offers to record their decision as an ``award`` event (points to one
side, naming the violation it settles). An event the referee refuses (an unreadable
line, a card twice, a play out of turn) changes nothing, so it needs no remedy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["rule", "players", "not-applied"]


@dataclass(frozen=True)
class Remedy:
    kind: Kind
    """``rule``: the seeds' remedy, applied by the referee; ``players``: none in the
    seeds, the players decide (an ``award`` can record it); ``not-applied``: the event
    was refused and changed nothing."""
    text: str
    source: str | None = None
    """The seed sentence the remedy rests on (seed number, then the sentence)."""

    def to_json(self, award: int | None) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "text": self.text}
        if self.source is not None:
            out["source"] = self.source
        out["applied"] = self.kind != "players" or award is not None
        if award is not None:
            out["award"] = award
        return out


PLAYERS_DECIDE = Remedy(
    "players",
    "The rules give no remedy for this: the players decide (the board can give the "
    "other side points for it).",
)
PLAYERS_DECIDE_ONLY = Remedy("players", "The rules give no remedy for this: the players decide.")
"""In a game without the ``award`` event (Schnüffler counts strokes, not points; the
Schieber family books its own way), nothing on the board can settle it."""
NOT_APPLIED = Remedy(
    "not-applied", "Not applied: the event changes nothing (correct it if it was misread)."
)
REFUSED_RULES = frozenset(
    {"illegal-event", "unknown-card", "wrong-deck", "duplicate-card", "card-not-in-hand"}
)
"""Rules whose events the referee never applies."""

_CLAIMS = {
    "schieber": Remedy(
        "rule",
        "The claiming side loses the game.",
        "003: Om en spelare tackar för sig efter det att spelaren har spelat till det andra "
        "sticket i en giv, vinner hans lag om det efter en sammanräkning har minst 2500 "
        "poäng och förlorar annars.",
    ),
    "schmaus": Remedy(
        "rule",
        "The claiming player loses the game.",
        "000: Om spelaren har uppnått målet när alla inestående poäng för stöck, weis och "
        "stick har adderats, vinner spelaren partiet. I annat fall vinner motspelaren.",
    ),
    "frantsfuus": Remedy(
        "rule",
        "The claiming player loses the game.",
        "002: Om en spelare felaktigt gör anspråk på segern, har motparten vunnit.",
    ),
    "smousjas": Remedy(
        "rule",
        "The caller loses the game (house rule false_uit=loses; the seed has no rule "
        "for a wrong 'Uit').",
    ),
}
_NOT_HELD = "Not held, so it is none: it scores nothing (taken back once proven)."
_NOT_UPWARD = "It does not go upward, so it is not booked: it scores nothing."
_DECLARATIONS = {
    ("schieber", "false-weis"): "003: Notera att även om poängen för weis tillfaller ett lag "
    "och båda spelarna kan bidra med giltiga kombinationer, måste alla kort i varje "
    "enskild kombination sitta på en hand.",
    ("schieber", "false-stoeck"): "003: Precis som i fallet weis måste korten sitta på en "
    "och samma hand.",
    ("schmaus", "false-weis"): "000: ... korten i en mäld weis måste alltid finnas bland de "
    "nio korten på handen efter det att spelaren har dragit kort från talongen.",
    ("schmaus", "false-stoeck"): "000: Den som sitter med stöck på handen får alltid "
    "tillgodoräkna sig poängen, oavsett om motspelaren sitter med bättre weis på handen.",
    ("schmaus", "weis-not-upward"): "000: Mälningarna av weis i en giv måste alltid ske ”uppåt”.",
    ("frantsfuus", "false-weis"): "002: Kortet i en mälad kombination måste alltid finnas "
    "bland de nio korten spelaren har på handen.",
    ("frantsfuus", "false-stoeck"): "002: Belle får mätas när som helst så länge spelaren "
    "har kvar båda de ingående korten på handen.",
    ("frantsfuus", "weis-not-upward"): "002: Så fort poängen för en mälning blivit bokförd "
    "är den förbrukad och kan inte mätas igen.",
    ("smousjas", "false-weis"): "001: Tel de punten op de kaarten in gewonnen slagen, "
    "succesvol gedeclareerde roem en 10 punten voor de laatste slag bij elkaar op.",
    ("smousjas", "false-stoeck"): "001: De kaarten moet je laten zien aan het einde van de slag.",
    ("smousjas", "weis-not-upward"): "001: Je mag iedere roem maar één keer declareren.",
}


def remedy_for(variant: str, rule: str, refused: bool, award: bool = True) -> Remedy:
    """The remedy of a violation of ``rule`` in ``variant``; ``refused`` when the
    referee did not apply the event; ``award`` whether the game takes an ``award``."""
    if refused or rule in REFUSED_RULES:
        return NOT_APPLIED
    if rule == "false-claim" and variant in _CLAIMS:
        return _CLAIMS[variant]
    source = _DECLARATIONS.get((variant, rule))
    if source is not None:
        return Remedy("rule", _NOT_UPWARD if rule == "weis-not-upward" else _NOT_HELD, source)
    return PLAYERS_DECIDE if award else PLAYERS_DECIDE_ONLY
