"""The keyboard as the table's buttons, on a laptop without GPIO.

Each key stands for one button and a stroke is a press of it, fed as press and release
edges into the very same press decoder the GPIO buttons use — so a quick second
stroke is a double press, as on the table:

====================  =========================
key                   button
====================  =========================
``a`` ``s`` ``d``     seat 0, 1, 2, 3
``f``
``o``                 OK
``u``                 UNDO
Shift + key           the same button, held (a long press)
``?``                 this list
====================  =========================

A terminal gives keys, not key-up, so a stroke is a tap just longer than the bounce
time, and Shift makes it a hold just longer than ``hold_time``. Standard input is put
in cbreak mode (keys arrive without Enter, Ctrl-C still stops) and restored on close;
a pipe is read as it is.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import termios
import threading
import tty
from collections.abc import Callable
from typing import TextIO

from hardware.grammar import OK, UNDO, seat_button
from hardware.presses import Presses

SEAT_KEYS = "asdf"
OK_KEY = "o"
UNDO_KEY = "u"
TAP_EXTRA = 0.01
"""A tap lasts this much longer than the bounce time, so it counts as a press."""
POLL_SECONDS = 0.1
"""How often the reader looks whether it was closed."""


def key_map(players: int) -> dict[str, str]:
    """Key → logical button for a table of ``players`` seats."""
    keys = {SEAT_KEYS[s]: seat_button(s) for s in range(players)}
    return {**keys, OK_KEY: OK, UNDO_KEY: UNDO}


def help_text(players: int) -> str:
    seats = " ".join(f"{SEAT_KEYS[s]}=seat {s}" for s in range(players))
    return f"Keys: {seats}, {OK_KEY}=OK, {UNDO_KEY}=UNDO; Shift+key holds the button; ? help"


class Keyboard:
    """Reads keys from ``stream`` and presses the buttons of ``presses``.

    :param presses: the press decoders to feed (the same as the GPIO buttons').
    :param stream: the terminal or pipe to read (standard input by default).
    :param say: told the key list on ``?`` and what an unknown key is.
    :param players: seats at the table (2 or 4).
    """

    def __init__(
        self,
        presses: Presses,
        stream: TextIO | int | None = None,
        say: Callable[[str], None] = print,
        players: int = 4,
    ) -> None:
        self._presses = presses
        source = sys.stdin if stream is None else stream
        self._fd = source if isinstance(source, int) else source.fileno()
        self._say = say
        self._players = players
        self._keys = key_map(players)
        self._saved: list | None = None
        self._stop = threading.Event()
        self._reader: threading.Thread | None = None

    def feed(self, key: str) -> None:
        """One key stroke: a tap of its button, or a hold with Shift."""
        button = self._keys.get(key.lower())
        if key == "?":
            self._say(help_text(self._players))
        elif button is not None:
            timing = self._presses.timing
            held = timing.hold_time if key.isupper() else 0.0
            at = self._presses.clock()
            self._presses.edge(button, True, at)
            self._presses.edge(button, False, at + held + timing.bounce_time + TAP_EXTRA)
        elif not key.isspace():
            self._say(f"Key {key!r} is no button. {help_text(self._players)}")

    def start(self) -> None:
        """Puts a terminal in cbreak mode and starts reading keys."""
        if os.isatty(self._fd):
            self._saved = termios.tcgetattr(self._fd)
            tty.setcbreak(self._fd)
        self._reader = threading.Thread(target=self._read, name="jassref-keyboard", daemon=True)
        self._reader.start()

    def close(self) -> None:
        """Stops reading and gives the terminal its mode back."""
        self._stop.set()
        if self._reader is not None:
            self._reader.join()
        if self._saved is not None:
            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            self._saved = None

    def _read(self) -> None:
        while not self._stop.is_set():
            ready, _, _ = select.select([self._fd], [], [], POLL_SECONDS)
            if not ready:
                continue
            data = b""
            with contextlib.suppress(OSError):
                data = os.read(self._fd, 64)
            if not data:
                return
            for key in data.decode("utf-8", errors="replace"):
                self.feed(key)
