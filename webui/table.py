"""The table's game: an append-only event log, and the state folded from it.

The log is the single truth (DESIGN.md): every change — a card, a hand entered by
hand, an undo — is appended as a contract event (an undo is a ``correction``), and the
board is :func:`referee.live.replay` over the whole log. With a log file, each event
is written, flushed and fsync'ed before it is acknowledged, and a restart resumes
from the file.

An event the referee would refuse as unreadable (not an event, an unknown card, a card
twice, an event at the wrong time) is bad input from the person or device that sent
it: it is answered with the referee's sentence and not written. Breaking a rule of play
is not bad input — the card is on the table — so it is written and shown as a
violation.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from referee import VARIANTS, NotAGameLog
from referee.engine import Violation
from referee.gamelog import dump_event
from referee.live import LiveState, Replay, live_state, replay
from referee.live_games import GamesLive, GamesReplay, games_live, replay_games
from referee.variants.schieber import SchieberGame

REFUSED_RULES = frozenset({"illegal-event", "unknown-card", "wrong-deck", "duplicate-card"})
MAX_BATCH = 50


class BadEvent(ValueError):
    """Input that was not written: the message says why, for the person who sent it."""


@dataclass(frozen=True)
class Snapshot:
    version: int
    """The number of lines in the log; grows with every accepted change."""
    replay: Replay | GamesReplay
    """The fold of Schieber and its family (:mod:`referee.live`), or a series of another
    variant's games (:mod:`referee.live_games`)."""
    live: LiveState | GamesLive
    game: str = "game"
    """Which game log this is (its file name): changes when a new game starts."""


@dataclass(frozen=True)
class Appended:
    indices: list[int]
    violations: list[Violation]
    """Violations the new events raised or proved (rules of play broken)."""
    snapshot: Snapshot


class Table:
    """One game at one table, shared by every phone; safe across server threads."""

    def __init__(self, lines: list[str], path: Path | None = None) -> None:
        self._lines = lines
        self._path = path
        self._games = 1
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._snapshot = self._fold(lines)

    @classmethod
    def open(cls, header: dict, path: Path | None = None) -> Table:
        """Resumes the game in ``path`` if it holds one, else starts ``header`` there.

        Raises :class:`NotAGameLog` for a file that is not a game log (the caller tells
        the user; it is never overwritten)."""
        if path is not None and path.exists() and path.stat().st_size > 0:
            text = path.read_text(encoding="utf-8")
            lines = text.split("\n")
            if lines[-1] == "":
                lines.pop()
            else:
                _write(path, "\n")
            table = cls(lines, path)
            return table
        first = dump_event(header)
        if path is not None:
            _write(path, first + "\n")
        return cls([first], path)

    @property
    def snapshot(self) -> Snapshot:
        return self._snapshot

    @property
    def path(self) -> Path | None:
        return self._path

    def new_game(self, header: dict) -> Path | None:
        """Starts ``header`` as a new game in a new log file beside the current one
        (``game.jsonl`` → ``game-2.jsonl``, …); the old log is left as it was. Returns
        the new file (``None`` for a table without a log file).

        Raises :class:`BadEvent` for a header the referee cannot play and ``OSError``
        when the file cannot be written (the current game then goes on)."""
        first = dump_event(header)
        snapshot = self._fold([first])
        refused = [v.proof for v in snapshot.replay.verdict.violations]
        if refused:
            raise BadEvent("; ".join(refused))
        with self._changed:
            path = _next_log(self._path) if self._path is not None else None
            if path is not None:
                with path.open("x", encoding="utf-8") as out:
                    out.write(first + "\n")
                    out.flush()
                    os.fsync(out.fileno())
            self._games += 1
            self._lines = [first]
            self._path = path
            self._snapshot = self._fold(self._lines)
            self._changed.notify_all()
        return path

    def text(self) -> str:
        with self._lock:
            return "".join(line + "\n" for line in self._lines)

    def append(self, events: list[object]) -> Appended:
        """Checks ``events`` all together and appends them all, or none.

        Raises :class:`BadEvent` with the reason when one is refused, and ``OSError``
        when the log file cannot be written (nothing is then changed)."""
        if not events:
            raise BadEvent("no event given")
        if len(events) > MAX_BATCH:
            raise BadEvent(f"at most {MAX_BATCH} events at once, got {len(events)}")
        series = isinstance(self._snapshot.live, GamesLive)
        new_lines = [_line(event, series) for event in events]
        with self._changed:
            start = len(self._lines)
            lines = self._lines + new_lines
            snapshot = self._fold(lines)
            indices = list(range(start, len(lines)))
            fresh = [
                v
                for v in snapshot.replay.verdict.violations
                if v.event in indices or (v.proven_at is not None and v.proven_at in indices)
            ]
            for v in fresh:
                if v.rule in REFUSED_RULES and v.event in indices:
                    raise BadEvent(f"line {v.event}: {v.proof} ({v.rule}); nothing was saved")
            if self._path is not None:
                _write(self._path, "".join(line + "\n" for line in new_lines))
            self._lines = lines
            self._snapshot = snapshot
            self._changed.notify_all()
        return Appended(indices, fresh, snapshot)

    def wait(self, version: int, game: str | None, timeout: float) -> Snapshot:
        """The snapshot once the log is past ``version`` or another game has started,
        or the current one after ``timeout`` seconds (live boards wait here)."""

        def changed() -> bool:
            now = self._snapshot
            return now.version > version or (game is not None and now.game != game)

        with self._changed:
            self._changed.wait_for(changed, timeout)
            return self._snapshot

    def _fold(self, lines: list[str]) -> Snapshot:
        name = self._path.name if self._path is not None else f"game-{self._games}"
        text = "\n".join(lines)
        if _schieber_family(lines[0]):
            schieber = replay(text)
            return Snapshot(len(lines), schieber, live_state(schieber.game), name)
        games = replay_games(text)
        return Snapshot(len(lines), games, games_live(games), name)


def _schieber_family(header: str) -> bool:
    """Whether the header line names Schieber or a game played on its engine (the fold
    itself reports a bad header)."""
    try:
        value = json.loads(header)
    except ValueError:
        return False
    variant = value.get("variant") if isinstance(value, dict) else None
    game = VARIANTS.get(variant) if isinstance(variant, str) else None
    return game is not None and issubclass(game, SchieberGame)


def _line(event: object, series: bool) -> str:
    if not isinstance(event, dict):
        raise BadEvent(f"an event is a JSON object, got {json.dumps(event)[:60]}")
    name = event.get("event")
    if not isinstance(name, str):
        raise BadEvent("an event needs 'event', the name of the event, as a string")
    if name == "game" and not series:
        raise BadEvent("the game has started; a 'game' event only begins a log")
    try:
        return dump_event(event)
    except (TypeError, ValueError) as error:
        raise BadEvent(f"the event cannot be written as JSON ({error})") from None


def _next_log(path: Path) -> Path:
    """The first free ``STEM-N.jsonl`` beside ``path`` (its own ``-N`` dropped)."""
    stem, dash, number = path.stem.rpartition("-")
    base = stem if dash and number.isdigit() else path.stem
    n = 2
    while (candidate := path.with_name(f"{base}-{n}{path.suffix}")).exists():
        n += 1
    return candidate


def _write(path: Path, text: str) -> None:
    """Appends ``text`` and makes it durable before returning (flush and fsync)."""
    with path.open("a", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())


__all__ = ["BadEvent", "NotAGameLog", "Snapshot", "Table"]
