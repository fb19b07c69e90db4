"""From raw button edges to gestures: debounce, then short, long and double presses.

gpiozero reports every change of a pin, and a real push button bounces: one press
gives a burst of edges within a few milliseconds. gpiozero's own ``bounce_time`` is
left off (its mock pins do not bounce, so it could not be tested, and its lock-out
swallows a real release that follows a bounce), and this module does it instead, in
plain Python that the tests drive with any edges and times they like.

:class:`PressDecoder` is pure: it is told each edge and the time, and asked what has
happened by a given time. :class:`Presses` holds one decoder per logical button, takes
edges from any thread (gpiozero's callbacks, the keyboard reader) with the time from an
injectable clock, and runs a small ticker thread that wakes when a decoder has a
deadline (the end of a hold, the end of the double-press window).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum


class Gesture(StrEnum):
    SHORT = "short"
    """Pressed and released, and not pressed again within ``double_time``."""
    LONG = "long"
    """Held for ``hold_time``; reported while still held, so the buzzer can confirm it
    before the finger lets go."""
    DOUBLE = "double"
    """Released and pressed again within ``double_time``; reported at the second press."""


@dataclass(frozen=True)
class PressTiming:
    """How presses are told apart, in seconds (gpiozero's names and units).

    :param bounce_time: how long a level must hold before it counts. Contacts of
        ordinary tactile switches settle within 5–20 ms; 0.03 leaves a margin while a
        quick tap (about 80 ms) still registers.
    :param hold_time: holding this long makes a long press (gpiozero's default, 1 s).
    :param double_time: a second press starting within this time after the release
        makes a double press. A short press is reported only when this time has passed,
        so it is also the delay of every short press.
    """

    bounce_time: float = 0.03
    hold_time: float = 1.0
    double_time: float = 0.35

    def __post_init__(self) -> None:
        if self.bounce_time < 0 or self.hold_time <= 0 or self.double_time <= 0:
            raise ValueError("press timings must be positive (bounce_time may be 0)")
        if self.bounce_time >= min(self.hold_time, self.double_time):
            raise ValueError("bounce_time must be shorter than hold_time and double_time")


class PressDecoder:
    """One button's gestures from its edges (pure: no clock, no thread).

    Feed edges in time order with :meth:`edge`; call :meth:`poll` at :meth:`deadline`
    (or any later time) to collect gestures that need only time to pass. An edge given
    an earlier time than one already seen counts at that later time."""

    def __init__(self, timing: PressTiming | None = None) -> None:
        self.timing = timing or PressTiming()
        self._now = float("-inf")
        self._raw = False
        """The level as last reported, possibly still bouncing."""
        self._raw_at = float("-inf")
        self._level = False
        """The debounced level."""
        self._pressed_at: float | None = None
        """When the current press settled (``None`` while released)."""
        self._released_at: float | None = None
        """When a first short press was released: a double press is still possible."""
        self._press_spent = False
        """The current press has been reported already (long, or the second of a double)."""

    def edge(self, pressed: bool, at: float) -> list[Gesture]:
        """The button's contact went to ``pressed`` at time ``at``."""
        at = max(at, self._now)
        gestures = self._advance(at)
        if pressed != self._raw:
            self._raw, self._raw_at = pressed, at
            gestures += self._advance(at)
        return gestures

    def poll(self, now: float) -> list[Gesture]:
        """Gestures complete by ``now``."""
        return self._advance(max(now, self._now))

    def deadline(self) -> float | None:
        """The next time at which :meth:`poll` may report something, if any."""
        return self._next_change()

    def _next_change(self) -> float | None:
        times = []
        if self._raw != self._level:
            times.append(self._raw_at + self.timing.bounce_time)
        if self._pressed_at is not None and not self._press_spent:
            times.append(self._pressed_at + self.timing.hold_time)
        if self._released_at is not None and self._pressed_at is None:
            times.append(self._released_at + self.timing.double_time)
        return min(times) if times else None

    def _advance(self, now: float) -> list[Gesture]:
        """Applies every settled level and expired timer up to ``now``, in time order."""
        gestures: list[Gesture] = []
        while (when := self._next_change()) is not None and when <= now:
            if self._raw != self._level and when == self._raw_at + self.timing.bounce_time:
                self._level = self._raw
                gestures += self._settled(self._raw_at)
            elif self._pressed_at is not None:
                self._press_spent = True
                gestures.append(Gesture.LONG)
            else:
                self._released_at = None
                gestures.append(Gesture.SHORT)
        self._now = max(self._now, now)
        return gestures

    def _settled(self, at: float) -> list[Gesture]:
        """The debounced level changed at ``at`` (the last edge before it held)."""
        if self._level:
            self._pressed_at = at
            if self._released_at is not None:
                self._released_at = None
                self._press_spent = True
                return [Gesture.DOUBLE]
            self._press_spent = False
            return []
        spent, self._pressed_at = self._press_spent, None
        self._released_at = None if spent else at
        return []


GestureHandler = Callable[[str, Gesture], None]


class Presses:
    """Gestures of a set of named buttons, from edges reported by any thread.

    :param buttons: the logical button names (``seat0`` … ``ok``, ``undo``).
    :param on_gesture: called with (button, gesture) for each gesture, outside the
        lock, in the thread that completed it (an edge's or the ticker's).
    :param timing: see :class:`PressTiming`.
    :param clock: seconds, monotonic; tests pass a fake one and call :meth:`poll`
        instead of starting the ticker.
    """

    def __init__(
        self,
        buttons: Iterable[str],
        on_gesture: GestureHandler,
        timing: PressTiming | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.timing = timing or PressTiming()
        self._decoders = {name: PressDecoder(self.timing) for name in buttons}
        self._on_gesture = on_gesture
        self.clock = clock
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._ticker: threading.Thread | None = None
        self._closed = False

    @property
    def buttons(self) -> tuple[str, ...]:
        return tuple(self._decoders)

    def edge(self, button: str, pressed: bool, at: float | None = None) -> None:
        """``button`` went down (``pressed``) or up, now or at time ``at``."""
        with self._wake:
            found = self._decoders[button].edge(pressed, self.clock() if at is None else at)
            self._wake.notify()
        self._deliver([(button, g) for g in found])

    def poll(self) -> None:
        """Reports every gesture complete by now."""
        now = self.clock()
        with self._lock:
            found = [(name, g) for name, d in self._decoders.items() for g in d.poll(now)]
        self._deliver(found)

    def start(self) -> None:
        """Starts the ticker thread that reports gestures completed by time alone."""
        if self._ticker is None:
            self._ticker = threading.Thread(target=self._tick, name="jassref-presses", daemon=True)
            self._ticker.start()

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()
        if self._ticker is not None:
            self._ticker.join()

    def _tick(self) -> None:
        while True:
            with self._wake:
                if self._closed:
                    return
                deadlines = [
                    d for d in map(PressDecoder.deadline, self._decoders.values()) if d is not None
                ]
                wait = min(deadlines) - self.clock() if deadlines else None
                if wait is None or wait > 0:
                    self._wake.wait(wait)
                    continue
            self.poll()

    def _deliver(self, found: list[tuple[str, Gesture]]) -> None:
        for button, gesture in found:
            self._on_gesture(button, gesture)
