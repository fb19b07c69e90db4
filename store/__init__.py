"""The table's durable game store: every event of every game in one SQLite file.

The event log is the single truth (DESIGN.md); this package keeps it where a power cut
cannot take an acknowledged event: each append is one SQLite transaction, committed
with the write-ahead log and ``synchronous=FULL`` before the caller acknowledges it.
"""

from store.games import GameStore, StoreError
from store.sheet import score_sheet_csv

__all__ = ["GameStore", "StoreError", "score_sheet_csv"]
