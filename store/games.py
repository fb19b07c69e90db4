"""Games, their events and the table's settings in one SQLite database.

Why SQLite in WAL mode with ``synchronous=FULL``: a commit then returns only once the
write-ahead log is on the card, so an event the board acknowledged survives a pulled
plug; readers (the phones' live streams) never wait for the writer. Each append is one
``BEGIN IMMEDIATE`` transaction, so a batch of events is stored whole or not at all.

A game is its ordered event lines (the contract's JSON Lines, kept verbatim: the log is
lossless). One game is *current*: the one a restart resumes. Small table settings (the
PIN) live beside them, so one file is all a table keeps.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    started TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    stored TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS frames (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    jpeg BLOB NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
CURRENT = "current_game"


def _columns(db: sqlite3.Connection) -> dict[str, list[str]]:
    """Each table of ``db`` and its columns' names."""
    query = "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
    names = [row[0] for row in db.execute(query)]
    return {t: [c[1] for c in db.execute(f'PRAGMA table_info("{t}")')] for t in names}


def _foreign_tables(db: sqlite3.Connection) -> list[str]:
    """The tables of ``db`` that a game store does not have, or has with other columns:
    a database another program keeps, which opening it as a store (its schema, WAL
    mode) would change."""
    schema = sqlite3.connect(":memory:")
    schema.executescript(SCHEMA)
    ours = _columns(schema)
    schema.close()
    theirs = _columns(db)
    foreign = [t for t, columns in theirs.items() if ours.get(t) != columns]
    if theirs and not foreign and "games" not in theirs:
        foreign = sorted(theirs)  # a store has its games table from the start
    return foreign


class StoreError(OSError):
    """The store cannot be used or written (not a database, a full card, a read-only
    file): an I/O failure like any other, whose message says which file and why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.strerror = message


@dataclass(frozen=True)
class StoredGame:
    name: str
    started: str
    events: int


class GameStore:
    """One table's games in the SQLite file ``path`` (created when missing).

    Safe to share between the server's threads: one connection, used under a lock
    (SQLite serialises writers anyway, and a Pi has few cores).
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            foreign = _foreign_tables(self._db)
            if foreign:
                self._db.close()
                raise StoreError(
                    f"{self.path}: not a jassref game store (another program's database, "
                    f"with {', '.join(foreign)}); it is left as it was"
                )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(SCHEMA)
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path}: cannot use the game store ({error})") from None

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- games -------------------------------------------------------------------

    def start(self, first_line: str, name: str | None = None) -> str:
        """Stores a new game whose log begins with ``first_line`` (its ``game`` event)
        and makes it current; returns its name (``game-N`` unless given)."""
        with self._lock, _transaction(self._db, self.path):
            if name is None:
                (count,) = self._db.execute("SELECT COUNT(*) FROM games").fetchone()
                name = f"game-{count + 1}"
                while self._game_id(name) is not None:
                    count += 1
                    name = f"game-{count + 1}"
            cursor = self._db.execute(
                "INSERT INTO games (name, started) VALUES (?, ?)", (name, _now())
            )
            self._insert(cursor.lastrowid, 0, [first_line])
            self._set(CURRENT, name)
        return name

    def append(self, name: str, lines: list[str]) -> int:
        """Appends ``lines`` to game ``name`` in one transaction, durable on return;
        returns the number of lines the game now has."""
        with self._lock, _transaction(self._db, self.path):
            game = self._require(name)
            (count,) = self._db.execute(
                "SELECT COUNT(*) FROM events WHERE game = ?", (game,)
            ).fetchone()
            self._insert(game, count, lines)
        return count + len(lines)

    def lines(self, name: str) -> list[str]:
        with self._lock:
            game = self._require(name)
            rows = self._db.execute(
                "SELECT line FROM events WHERE game = ? ORDER BY seq", (game,)
            ).fetchall()
        return [line for (line,) in rows]

    def games(self) -> list[StoredGame]:
        with self._lock:
            rows = self._db.execute(
                "SELECT name, started, (SELECT COUNT(*) FROM events WHERE game = games.id) "
                "FROM games ORDER BY id"
            ).fetchall()
        return [StoredGame(*row) for row in rows]

    def current(self) -> str | None:
        """The game a restart resumes, if any."""
        return self.setting(CURRENT)

    # --- frames --------------------------------------------------------------------

    def put_frame(self, name: str, seq: int, jpeg: bytes) -> None:
        """Keeps the camera's picture of event ``seq`` (the proof beside a violation)."""
        with self._lock, _transaction(self._db, self.path):
            self._db.execute(
                "INSERT OR REPLACE INTO frames (game, seq, jpeg) VALUES (?, ?, ?)",
                (self._require(name), seq, jpeg),
            )

    def frame(self, name: str, seq: int) -> bytes | None:
        with self._lock:
            row = self._db.execute(
                "SELECT jpeg FROM frames WHERE game = ? AND seq = ?", (self._require(name), seq)
            ).fetchone()
        return row[0] if row else None

    def frame_events(self, name: str) -> frozenset[int]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq FROM frames WHERE game = ?", (self._require(name),)
            ).fetchall()
        return frozenset(seq for (seq,) in rows)

    # --- settings ----------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_setting(self, key: str, value: str) -> None:
        with self._lock, _transaction(self._db, self.path):
            self._set(key, value)

    # --- inside ------------------------------------------------------------------

    def _insert(self, game: int | None, start: int, lines: list[str]) -> None:
        stored = _now()
        self._db.executemany(
            "INSERT INTO events (game, seq, line, stored) VALUES (?, ?, ?, ?)",
            [(game, start + i, line, stored) for i, line in enumerate(lines)],
        )

    def _set(self, key: str, value: str) -> None:
        self._db.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def _game_id(self, name: str) -> int | None:
        row = self._db.execute("SELECT id FROM games WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def _require(self, name: str) -> int:
        game = self._game_id(name)
        if game is None:
            raise StoreError(f"{self.path}: no game named {name!r}")
        return game


@contextmanager
def _transaction(db: sqlite3.Connection, path: Path) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, rolled back on any error (nothing half-stored);
    SQLite's own errors become :class:`StoreError`."""
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
    except sqlite3.Error as error:
        raise StoreError(f"{path}: the game store cannot be written ({error})") from None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
