"""The table PIN, and a limit on guessing it.

Anyone on the table's Wi-Fi can watch the board; changing the game takes the PIN the
Pi shows when it starts. A four-digit PIN is guessed in minutes without a limit, so
each client gets ``max_failures`` wrong tries before a lockout, and the table as a
whole a few times that many (a guesser changing address still stops).
"""

from __future__ import annotations

import hmac
import threading
import time
from collections.abc import Callable


def is_pin(text: object) -> bool:
    """Whether ``text`` can be a table PIN: 4 to 8 ASCII digits (``str.isdigit`` alone
    takes other scripts' digits too, which no phone keypad types)."""
    return isinstance(text, str) and text.isascii() and text.isdigit() and 4 <= len(text) <= 8


class PinRefused(Exception):
    """A wrong PIN, or too many: ``retry_after`` seconds before the next try counts."""

    def __init__(
        self, message: str, retry_after: int | None = None, left: int | None = None
    ) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.left = left
        """Wrong tries left before a lockout (``None`` when no PIN was given)."""


class PinGuard:
    def __init__(
        self,
        pin: str,
        max_failures: int = 5,
        lockout: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._pin = pin.encode()
        self._max = max_failures
        self._lockout = lockout
        self._clock = clock
        self._failures: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def check(self, client: str, attempt: str | None) -> None:
        """Returns if ``attempt`` is the PIN; raises :class:`PinRefused` otherwise or
        while ``client`` (or the whole table) is locked out, without comparing."""
        with self._lock:
            now = self._clock()
            for key in list(self._failures):
                self._failures[key] = [t for t in self._failures[key] if now - t < self._lockout]
            mine = self._failures.get(client, [])
            everyone = sum(len(times) for times in self._failures.values())
            if len(mine) >= self._max or everyone >= 4 * self._max:
                oldest = (
                    min(mine)
                    if len(mine) >= self._max
                    else min(t for times in self._failures.values() for t in times)
                )
                wait = max(1, round(self._lockout - (now - oldest)))
                raise PinRefused(f"too many wrong PINs; try again in {wait} s", wait)
            if attempt is not None and hmac.compare_digest(attempt.strip().encode(), self._pin):
                self._failures.pop(client, None)
                return
            self._failures.setdefault(client, []).append(now)
            left = self._max - len(self._failures[client])
            if attempt is None:
                raise PinRefused("no PIN given")
            raise PinRefused(f"wrong PIN ({left} tries left)", left=left)
