"""Reading and writing the game log: JSON Lines, one event per line, ``event`` first.

The reader never raises on a bad line: a line that is not a JSON object with an
``event`` becomes an error entry at its index, which the referee reports as an
``illegal-event``. Only a text whose first line is not a ``game`` event is refused as a
whole (:class:`NotAGameLog`).

Indices are 0-based line numbers, blank lines included, so ``event`` and ``replaces``
point at the line a person finds in an editor. Lines end at ``\n`` only (a ``\r``
before it is JSON white space): other characters Python counts as line breaks, such as
``\x1e`` or ``\u2028``, stay inside their line.

Corrections: ``{"event":"correction","replaces":17,"with":{...}}`` puts the event
``with`` in place of line 17; ``"with": null`` removes line 17. The log itself is never
edited; the referee folds over the corrected sequence, and a violation found in a
replacement event is reported at the correction's own line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from referee.cards import UnknownCardError, card_code, parse_card
from referee.engine import Event

CARD_FIELDS = ("card",)
CARD_LIST_FIELDS = ("cards",)


class NotAGameLog(ValueError):
    """The text as a whole is not a game log (its first line is no ``game`` event)."""


@dataclass(frozen=True)
class Line:
    """One line of a log: its event, or why it could not be read."""

    index: int
    event: Event | None
    error: str | None = None


def parse_lines(text: str) -> list[Line]:
    """Every non-blank line of ``text``, read as an event or as an error. A byte-order
    mark before the first line (Windows editors write one) is not part of it."""
    raws = enumerate(text.removeprefix("\ufeff").split("\n"))
    return [read_line(index, raw) for index, raw in raws if raw.strip()]


def first_line(text: str) -> Line | None:
    """The log's first non-blank line, read as :func:`parse_lines` reads it (the game
    header, in a log), without reading the rest; ``None`` for a log of blank lines."""
    for index, raw in enumerate(text.removeprefix("\ufeff").split("\n")):
        if raw.strip():
            return read_line(index, raw)
    return None


def read_line(index: int, raw: str) -> Line:
    """Line ``index`` of a log (its ``raw`` text) read as an event, or why it is none (a
    blank line is "not JSON": :func:`parse_lines` skips those before asking)."""
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError as error:
        return Line(index, None, f"line {index} is not JSON ({error.msg})")
    except (ValueError, RecursionError) as error:
        # json refuses integers of over 4300 digits and nests only so deep
        return Line(index, None, f"line {index} cannot be read ({error})")
    if not isinstance(value, dict) or not isinstance(value.get("event"), str):
        return Line(index, None, f"line {index} is not an object with an 'event'")
    return Line(index, value)


def read_log(text: str) -> tuple[Event, list[Line]]:
    """The ``game`` header and the corrected sequence of the lines after it."""
    lines = parse_lines(text)
    if not lines:
        raise NotAGameLog("the file is empty: a game log starts with a 'game' event")
    first = lines[0]
    if first.event is None or first.event.get("event") != "game":
        what = first.error or f"its first event is {first.event.get('event')!r}"  # type: ignore[union-attr]
        raise NotAGameLog(f"not a game log: {what}; a game log starts with a 'game' event")
    return first.event, list(corrected(lines[1:]))


def corrected(lines: list[Line]) -> Iterator[Line]:
    """The lines with every valid correction applied in place of the line it replaces."""
    replaceable = {
        line.index
        for line in lines
        if line.event is not None and line.event["event"] != "correction"
    }
    replacements: dict[int, Line | None] = {}
    refused: dict[int, Line] = {}
    for line in lines:
        if line.event is None or line.event["event"] != "correction":
            continue
        target, new = line.event.get("replaces"), line.event.get("with")
        if not isinstance(target, int) or isinstance(target, bool) or target not in replaceable:
            problem = (
                f"correction at line {line.index} must replace an earlier event line "
                f"after the header, got {target!r}"
            )
        elif target > line.index:
            problem = f"correction at line {line.index} replaces the later line {target}"
        elif new is not None and (
            not isinstance(new, dict)
            or not isinstance(new.get("event"), str)
            or new["event"] in ("correction", "game")
        ):
            problem = f"correction at line {line.index}: 'with' must be an event object or null"
        else:
            replacements[target] = Line(line.index, new) if new is not None else None
            continue
        refused[line.index] = Line(line.index, None, problem)
    for line in lines:
        if line.index in refused:
            yield refused[line.index]
        elif line.event is not None and line.event["event"] == "correction":
            continue
        elif line.index in replacements:
            replacement = replacements[line.index]
            if replacement is not None:
                yield replacement
        else:
            yield line


def canonical(event: Event) -> Event:
    """The event with ``event`` first and every readable card in canonical form."""
    out: Event = {"event": event.get("event")}
    for key, value in event.items():
        if key == "event":
            continue
        if key in CARD_FIELDS:
            value = _canonical_card(value)
        elif key in CARD_LIST_FIELDS and isinstance(value, list):
            value = [_canonical_card(v) for v in value]
        elif key == "hands" and isinstance(value, list):
            value = [[_canonical_card(v) for v in h] if isinstance(h, list) else h for h in value]
        elif key == "with" and isinstance(value, dict):
            value = canonical(value)
        out[key] = value
    return out


def _canonical_card(value: object) -> object:
    try:
        return card_code(parse_card(value))
    except UnknownCardError:
        return value


def dump_event(event: Event) -> str:
    """One log line (without the newline), compact, UTF-8 kept readable.

    Raises ``ValueError`` for what JSON Lines cannot carry: NaN or an infinity (Python
    writes them as bare tokens no strict JSON reader takes) and text that is no UTF-8
    (a lone surrogate, which a posted ``"\\ud800"`` escape decodes to)."""
    line = json.dumps(canonical(event), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    line.encode("utf-8")  # UnicodeEncodeError, a ValueError, for a lone surrogate
    return line


def dump_log(events: list[Event]) -> str:
    return "".join(dump_event(e) + "\n" for e in events)
