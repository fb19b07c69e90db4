"""The table's game: an append-only event log, and the state folded from it.

The log is the single truth (DESIGN.md): every change — a card, a hand entered by
hand, an undo — is appended as a contract event (an undo is a ``correction``), and the
board is :func:`referee.live.replay` over the whole log. Where the events are kept is
an :class:`EventLog`: the table's SQLite store (``jassref run``), a JSON Lines file
(``jassref serve --log``) or memory. Each event is durable (committed, or written and
fsync'ed) before it is acknowledged, and a restart resumes from it.

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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from referee import VARIANTS, NotAGameLog
from referee.engine import Violation
from referee.gamelog import dump_event, first_line
from referee.live import LiveState, Replay, live_state, replay
from referee.live_games import GamesLive, GamesReplay, games_live, replay_games
from referee.variants.schieber import SchieberGame
from store import GameStore

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
    frames: frozenset[int] = frozenset()
    """The events the camera's picture was kept for."""


@dataclass(frozen=True)
class Appended:
    indices: list[int]
    violations: list[Violation]
    """Violations the new events raised or proved (rules of play broken)."""
    snapshot: Snapshot


class EventLog(Protocol):
    """Where one game's events are kept, durably before :meth:`append` returns."""

    @property
    def name(self) -> str: ...

    def append(self, lines: list[str]) -> None: ...

    def following(self, first: str) -> EventLog:
        """A new game's log beside this one, holding its first line."""
        ...

    def put_frame(self, seq: int, jpeg: bytes) -> None:
        """Keeps the camera's picture of event ``seq``."""
        ...

    def frame(self, seq: int) -> bytes | None: ...

    def frame_events(self) -> frozenset[int]: ...


@dataclass(frozen=True)
class MemoryLog:
    """A game kept in memory only (a board without a file, and the tests)."""

    number: int = 1
    frames: dict[int, bytes] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"game-{self.number}"

    def append(self, lines: list[str]) -> None:
        return None

    def following(self, first: str) -> MemoryLog:
        return MemoryLog(self.number + 1)

    def put_frame(self, seq: int, jpeg: bytes) -> None:
        self.frames[seq] = jpeg

    def frame(self, seq: int) -> bytes | None:
        return self.frames.get(seq)

    def frame_events(self) -> frozenset[int]:
        return frozenset(self.frames)


@dataclass(frozen=True)
class FileLog:
    """A game in a JSON Lines file; a new game goes to ``STEM-N.jsonl`` beside it."""

    path: Path

    @property
    def name(self) -> str:
        return self.path.name

    def append(self, lines: list[str]) -> None:
        _write(self.path, "".join(line + "\n" for line in lines))

    def following(self, first: str) -> FileLog:
        path = _next_log(self.path)
        with path.open("x", encoding="utf-8") as out:
            out.write(first + "\n")
            out.flush()
            os.fsync(out.fileno())
        return FileLog(path)

    @property
    def frames(self) -> Path:
        """The pictures of a game: ``game.frames/12.jpg`` beside ``game.jsonl``."""
        return self.path.with_suffix(".frames")

    def put_frame(self, seq: int, jpeg: bytes) -> None:
        self.frames.mkdir(exist_ok=True)
        temporary = self.frames / f"{seq}.jpg.tmp"
        temporary.write_bytes(jpeg)
        os.replace(temporary, self.frames / f"{seq}.jpg")

    def frame(self, seq: int) -> bytes | None:
        try:
            return (self.frames / f"{seq}.jpg").read_bytes()
        except FileNotFoundError:
            return None

    def frame_events(self) -> frozenset[int]:
        if not self.frames.is_dir():
            return frozenset()
        names = (p.name.removesuffix(".jpg") for p in self.frames.glob("*.jpg"))
        return frozenset(int(n) for n in names if n.isdigit())


@dataclass(frozen=True)
class StoreLog:
    """A game in the table's SQLite store (:class:`store.GameStore`)."""

    store: GameStore
    game: str

    @property
    def name(self) -> str:
        return self.game

    def append(self, lines: list[str]) -> None:
        self.store.append(self.game, lines)

    def following(self, first: str) -> StoreLog:
        return StoreLog(self.store, self.store.start(first))

    def put_frame(self, seq: int, jpeg: bytes) -> None:
        self.store.put_frame(self.game, seq, jpeg)

    def frame(self, seq: int) -> bytes | None:
        return self.store.frame(self.game, seq)

    def frame_events(self) -> frozenset[int]:
        return self.store.frame_events(self.game)


class Table:
    """One game at one table, shared by every phone; safe across server threads."""

    def __init__(self, lines: list[str], log: EventLog | None = None) -> None:
        self._lines = lines
        self._log: EventLog = log if log is not None else MemoryLog()
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._snapshot = replace(self._fold(lines), frames=self._log.frame_events())
        self.closed = False

    @classmethod
    def open(cls, header: dict, path: Path | None = None) -> Table:
        """Resumes the game in ``path`` if it holds one, else starts ``header`` there.

        Raises :class:`NotAGameLog` for a file that is not a game log (the caller tells
        the user; it is never overwritten)."""
        if path is None:
            return cls([dump_event(header)])
        if path.exists() and path.stat().st_size > 0:
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                raise NotAGameLog("not a game log: the file is not UTF-8 text") from None
            lines = text.split("\n")
            torn = lines[-1] != ""
            if not torn:
                lines.pop()
            table = cls(lines, FileLog(path))  # a file that is no game log stays as it was
            if torn:
                _write(path, "\n")  # the torn last line kept; the next event on a line of its own
            return table
        first = dump_event(header)
        _write(path, first + "\n")
        return cls([first], FileLog(path))

    @classmethod
    def from_store(cls, store: GameStore, header: dict) -> Table:
        """Resumes the store's current game, or starts ``header`` in it."""
        current = store.current()
        if current is None:
            first = dump_event(header)
            return cls([first], StoreLog(store, store.start(first)))
        return cls(store.lines(current), StoreLog(store, current))

    @property
    def snapshot(self) -> Snapshot:
        return self._snapshot

    @property
    def log(self) -> EventLog:
        return self._log

    def new_game(self, header: dict) -> EventLog:
        """Starts ``header`` as a new game in a new log beside the current one (a file
        ``game.jsonl`` → ``game-2.jsonl``, …; a new game in the store); the old log is
        left as it was. Returns the new log.

        Raises :class:`BadEvent` for a header the referee cannot play and ``OSError``
        (or :class:`store.StoreError`) when it cannot be stored (the current game then
        goes on)."""
        first = dump_event(header)
        snapshot = self._fold([first])
        refused = [v.proof for v in snapshot.replay.verdict.violations]
        if refused:
            raise BadEvent("; ".join(refused))
        with self._changed:
            self._log = self._log.following(first)
            self._lines = [first]
            self._snapshot = self._fold(self._lines)
            self._changed.notify_all()
        return self._log

    def put_frame(self, seq: int, jpeg: bytes) -> None:
        """Keeps a picture of event ``seq`` sent on its own (``PUT /api/frames``); the
        board shows it from its next change. Raises :class:`BadEvent` for an event the
        log does not have."""
        with self._lock:
            if not 0 <= seq < len(self._lines):
                raise BadEvent(f"the log has no line {seq} (it has {len(self._lines)})")
            self._log.put_frame(seq, jpeg)
            self._snapshot = replace(self._snapshot, frames=self._log.frame_events())

    def frame(self, game: str, seq: int) -> bytes | None:
        """The picture of event ``seq`` of the current game ``game``, if kept."""
        with self._lock:
            return self._log.frame(seq) if game == self._log.name else None

    def text(self) -> str:
        with self._lock:
            return "".join(line + "\n" for line in self._lines)

    def append(self, events: list[object], frames: dict[int, bytes] | None = None) -> Appended:
        """Checks ``events`` all together and appends them all, or none; ``frames``
        gives the camera's picture of some of them (by position in ``events``), kept
        with them so the board shows it beside a violation at once.

        An event with an unknown card is refused, except one flagged ``"confirm": true``:
        the camera saw a card laid but could not read it, and the line waits on the board
        for the table's correction (docs/game-log.md).

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
            asking = {
                start + k
                for k, event in enumerate(events)
                if isinstance(event, dict) and event.get("confirm") is True
            }
            for v in fresh:
                if v.event in asking and v.rule == "unknown-card":
                    continue  # the camera's unread card, kept for the table to confirm
                if v.rule in REFUSED_RULES and v.event in indices:
                    raise BadEvent(f"line {v.event}: {v.proof} ({v.rule}); nothing was saved")
            self._log.append(new_lines)
            for position, jpeg in (frames or {}).items():
                self._log.put_frame(start + position, jpeg)
            self._lines = lines
            self._snapshot = replace(snapshot, frames=self._log.frame_events())
            self._changed.notify_all()
        return Appended(indices, fresh, snapshot)

    def wait(self, version: int, game: str | None, timeout: float) -> Snapshot:
        """The snapshot once the log is past ``version`` or another game has started,
        or the current one after ``timeout`` seconds (live boards wait here)."""

        def changed() -> bool:
            now = self._snapshot
            return now.version > version or (game is not None and now.game != game)

        with self._changed:
            self._changed.wait_for(lambda: self.closed or changed(), timeout)
            return self._snapshot

    def close(self) -> None:
        """The server is stopping: every live board's wait ends now and its stream
        closes (the phones reconnect to the next server by themselves), rather than
        being cut off mid-write when the server goes."""
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def _fold(self, lines: list[str]) -> Snapshot:
        name = self._log.name
        text = "\n".join(lines)
        header = first_line(text)  # as the referee reads it: blank lines, a BOM skipped
        if _schieber_family(None if header is None else header.event):
            schieber = replay(text)
            return Snapshot(len(lines), schieber, live_state(schieber.game), name)
        games = replay_games(text)
        return Snapshot(len(lines), games, games_live(games), name)


def _schieber_family(header: dict | None) -> bool:
    """Whether the header event names Schieber or a game played on its engine (the
    fold itself reports a bad header)."""
    variant = header.get("variant") if header is not None else None
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


__all__ = [
    "BadEvent",
    "EventLog",
    "FileLog",
    "MemoryLog",
    "NotAGameLog",
    "Snapshot",
    "StoreLog",
    "Table",
]
