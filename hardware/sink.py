"""Where the buttons' events go: a sink takes a batch and says whether it was taken.

A sink is any callable ``(events) -> Receipt``; the buttons never write a log
themselves, so the same grammar serves the table in this process, a test's list, or
a table elsewhere. :class:`TableSink` is the one ``jassref run`` uses: the web board's
:class:`webui.table.Table`, the same log the phones write to (``POST /api/events``
goes through the very same :meth:`~webui.table.Table.append`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hardware.table_view import TableView
from webui.table import BadEvent, Table


@dataclass(frozen=True)
class Receipt:
    accepted: bool
    """All the events were written (``False``: none was)."""
    message: str = ""
    """Why they were refused, for the table."""
    violations: tuple[str, ...] = ()
    """Rules of play the written events broke or proved broken ("rule: proof")."""


class Sink(Protocol):
    def __call__(self, events: list[dict]) -> Receipt: ...


class TableSink:
    """Writes to a :class:`~webui.table.Table` and reads the moment of its game."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __call__(self, events: list[dict]) -> Receipt:
        try:
            done = self.table.append(list(events))
        except BadEvent as refused:
            return Receipt(False, str(refused))
        except OSError as error:  # the log file, or the game store (store.StoreError)
            why = error.strerror or str(error)
            return Receipt(False, f"the game could not be stored ({why})")
        return Receipt(True, violations=tuple(f"{v.rule}: {v.proof}" for v in done.violations))

    def view(self) -> TableView:
        snapshot = self.table.snapshot
        return TableView.of(snapshot.replay, snapshot.live)
