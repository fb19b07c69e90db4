"""Default settings of the web board; a file (``JASSREF_WEBUI_SETTINGS``), the
environment (``JASSREF_*``, e.g. ``JASSREF_TABLE_PIN``) and ``create_app(config)``
override them, in that order."""

from __future__ import annotations

SECRET_KEY: str | None = None
"""Signs the session cookie; a random one per start when unset (phones then unlock
again after a restart)."""
TABLE_PIN: str | None = None
"""Needed to change the game. When unset: the PIN saved beside the log, else a new
random four-digit PIN (saved beside the log, so a restart keeps it)."""
PIN_MAX_FAILURES = 5
PIN_LOCKOUT_SECONDS = 60.0
STORE_PATH: str | None = None
"""The table's SQLite game store (``jassref run``): every game, its events and the PIN.
When set, ``LOG_PATH`` is not used."""
LOG_PATH: str | None = None
"""The game log file (JSON Lines); without it or a store the game lives in memory only."""
VARIANT = "schieber"
TARGET = 2500
FIGURE = "z"
"""``z`` (the Z figures) or ``rows`` (a board without them)."""
CARD_FACES = "french"
"""``french`` (♥ ♦ ♠ ♣) or ``swiss`` (Schellen, Schilten, Eicheln, Rosen): the table's
choice; each phone may switch."""
PUBLIC_URL: str | None = None
"""The board's address for the QR code (``jassref serve`` sets the Pi's); without it
the address the phone used."""
REMAINDER = "plus"
"""``plus`` (257 = …50 + 7) or ``minus`` (257 = …3×20 − 3)."""
CHALK_FONT = "/usr/share/fonts-comic-neue/woff2/ComicNeue-Bold.woff2"
"""The hand-written face of the board's numbers (Debian ``fonts-comic-neue``)."""
STREAM_KEEPALIVE_SECONDS = 15.0
STREAM_MAX_SECONDS = 300.0
"""A live board's stream ends after this long and the browser reconnects, so a phone
that went to sleep does not hold a server thread for ever."""
MAX_CONTENT_LENGTH = 64 * 1024
