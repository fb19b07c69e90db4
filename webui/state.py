"""What the table keeps between starts: its PIN and which game log is current.

The PIN is set at the first start and must survive a restart (a power cut at the
table must not lock every phone out with a new PIN nobody has seen), and a game
started from a phone lives in a new log file that a restart must resume. Both are a
small JSON file beside the log given to ``jassref serve --log``: ``game.jsonl`` keeps
its state in ``game.table.json``.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import asdict, dataclass
from pathlib import Path

from webui.pin import is_pin


@dataclass(frozen=True)
class TableState:
    pin: str
    log: str | None = None
    """The current game's log file name (in the directory of the first log)."""


def state_path(log: Path) -> Path:
    return log.with_name(log.stem + ".table.json")


def new_pin() -> str:
    return f"{secrets.randbelow(10000):04d}"


def load(path: Path) -> TableState | None:
    """The saved state, or ``None`` when there is none or it is unreadable (a new PIN
    is then made and shown, rather than refusing to start the board)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    pin = data.get("pin") if isinstance(data, dict) else None
    if not is_pin(pin):
        return None
    log = data.get("log")
    return TableState(pin, log if isinstance(log, str) and _file_name(log) else None)


def _file_name(name: str) -> bool:
    """Whether ``name`` is a plain file's name, in the first log's directory: not a
    path, not ``.`` or ``..``, no NUL (a hand-edited or damaged state file is ignored)."""
    return name not in ("", ".", "..") and "\0" not in name and Path(name).name == name


def save(path: Path, state: TableState) -> None:
    """Writes the state atomically (a torn file would lose the PIN), readable by the
    Pi's user only."""
    temporary = path.with_name(path.name + ".tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(asdict(state), out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)
