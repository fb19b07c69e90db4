"""The Jass referee: pure rules, scores and proofs over the game-log contract.

No I/O, no OpenCV, no Flask: every other package depends on this one, never the
reverse. ``check(text)`` is the whole referee in one call; :class:`Game` subclasses
(one module per variant) take events one at a time for live play.
"""

from __future__ import annotations

from referee.engine import Game, Violation
from referee.gamelog import NotAGameLog, read_log
from referee.series import Series
from referee.settings import HouseRules
from referee.variants.coiffeur import CoiffeurGame
from referee.variants.differenzler import DifferenzlerGame
from referee.variants.frantsfuus import FrantsfuusGame
from referee.variants.schieber import SchieberGame
from referee.variants.schmaus import SchmausGame
from referee.variants.schnueffler import SchnuefflerGame
from referee.variants.sidi_barrani import SidiBarraniGame
from referee.variants.smousjas import SmousjasGame
from referee.verdict import Verdict

VARIANTS: dict[str, type[Game]] = {
    "schieber": SchieberGame,
    "schmaus": SchmausGame,
    "frantsfuus": FrantsfuusGame,
    "smousjas": SmousjasGame,
    "schnueffler": SchnuefflerGame,
    "sidi-barrani": SidiBarraniGame,
    "differenzler": DifferenzlerGame,
    "coiffeur": CoiffeurGame,
}


class UnsupportedVariant(NotAGameLog):
    """The log names a variant this referee does not (yet) know."""


class SettingsError(ValueError):
    """A house rule given by the caller (not the log) is unknown or not allowed."""


def new_game(header: dict, overrides: dict[str, object] | None = None) -> tuple[Game, list[str]]:
    """A game for a ``game`` header, and messages for settings it had to refuse.

    Settings come from the header's ``target`` and ``settings``, then ``overrides``
    (the command line), each checked by :meth:`HouseRules.with_values`. A refused
    header setting is reported (the log is the table's); a refused override raises
    :class:`SettingsError` (the caller's mistake).
    """
    variant = header.get("variant")
    cls = VARIANTS.get(variant) if isinstance(variant, str) else None
    if cls is None:
        known = ", ".join(VARIANTS)
        raise UnsupportedVariant(f"variant {variant!r} is not supported (supported: {known})")
    values: dict[str, object] = {}
    if "target" in header:
        values["target"] = header["target"]
    settings = header.get("settings", {})
    errors: list[str] = []
    if isinstance(settings, dict):
        values.update(settings)
    else:
        errors.append(f"'settings' must be an object, got {settings!r}")
    rules, refused = cls.rules_class().with_values(values)
    errors += refused
    if overrides:
        rules, refused = rules.with_values(overrides)
        if refused:
            raise SettingsError("; ".join(refused))
    return cls(rules), errors


def check(text: str, overrides: dict[str, object] | None = None) -> Verdict:
    """Referees a whole game log and returns the verdict.

    Raises :class:`NotAGameLog` (or :class:`UnsupportedVariant`) when the text is not a
    log this referee can read; everything wrong inside a log is a violation instead.
    """
    return referee_log(text, overrides).verdict()


def referee_log(text: str, overrides: dict[str, object] | None = None) -> Series:
    """The refereed games of a log (for reports that need more than the verdict)."""
    header, lines = read_log(text)
    game, errors = new_game(header, overrides)
    for message in errors:
        game.flag(0, None, "illegal-event", message)
    series = Series(game, type(game))
    for line in lines:
        if line.event is None:
            series.game.flag(line.index, None, "illegal-event", line.error or "unreadable line")
        else:
            series.push(line.index, line.event)
    series.finish()
    return series


__all__ = [
    "VARIANTS",
    "Game",
    "HouseRules",
    "NotAGameLog",
    "SettingsError",
    "UnsupportedVariant",
    "Verdict",
    "Violation",
    "check",
    "new_game",
    "referee_log",
]
