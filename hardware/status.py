"""The status light and the buzzer: ok, needs attention, fault — and beeps.

The table cannot be expected to watch a screen, so the Pi says how things stand with
one two-colour LED and a buzzer:

* **ok** — green, steady: the camera reads and the referee has nothing to say.
* **attention** — amber (red and green together), blinking, one beep: a violation, a
  card the camera could not read, a question waiting for OK.
* **fault** — red, steady, three beeps: the camera is lost or the log cannot be
  written; the board and the buttons still work.

And one signal for a step done: a **wink** (:meth:`StatusIndicator.wink`) — the steady
green goes dark for a moment, with one short beep: a view of a card taken while a deck
is enrolled (:mod:`jassref.enroll`), seen and heard from the table.

The service decides the status; :class:`StatusIndicator` only shows it. A call to
:meth:`~StatusIndicator.attention` is a new thing to look at and always beeps; a fault
is a condition (the service may report a lost camera on every retry), so it beeps when
it begins. A fault stays on the light until :meth:`~StatusIndicator.ok`: a violation
meanwhile beeps but leaves the light red.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from enum import StrEnum
from typing import TextIO

from gpiozero import Buzzer, LEDBoard


class Status(StrEnum):
    OFF = "off"
    OK = "ok"
    ATTENTION = "attention"
    FAULT = "fault"


SHORT_BEEP = 0.08
LONG_BEEP = 0.4
BEEP_GAP = 0.12
WINK = 0.25
"""Seconds the green light goes dark in a wink: long enough to be seen at a glance."""


class StatusIndicator:
    """Shows the table's status on a LED and buzzer (either may be absent).

    :param led: a gpiozero :class:`~gpiozero.LEDBoard` with LEDs named ``red`` and
        ``green`` (a two-colour LED, or an RGB LED with its blue leg unwired).
    :param buzzer: a gpiozero :class:`~gpiozero.Buzzer` (an active buzzer: it sounds
        while its pin is high).
    :param say: told one line whenever the status changes (the journal, a terminal).
    :param bell: a terminal to ring (BEL) for each beep, where there is no buzzer.
    :param blink_time: on and off time of the attention blink, in seconds.
    """

    def __init__(
        self,
        led: LEDBoard | None = None,
        buzzer: Buzzer | None = None,
        say: Callable[[str], None] | None = None,
        bell: TextIO | None = None,
        blink_time: float = 0.5,
    ) -> None:
        self.led = led
        self.buzzer = buzzer
        self._say = say
        self._bell = bell
        self._blink_time = blink_time
        self._state = Status.OFF
        self._lock = threading.Lock()
        self._sound = threading.Lock()
        self._closed = False

    @property
    def state(self) -> Status:
        return self._state

    def ok(self, reason: str = "") -> None:
        """All is well: green."""
        self._show(Status.OK, reason, beeps=0)

    def attention(self, reason: str = "") -> None:
        """Something needs a look: amber blinking (red stays while a fault lasts), and
        one beep every time."""
        self._show(Status.ATTENTION, reason, beeps=1)

    def fault(self, reason: str = "") -> None:
        """Something is broken: red, and three beeps when the fault begins."""
        self._show(Status.FAULT, reason, beeps=3)

    def wink(self) -> None:
        """A step done: one short beep, and the green light, where it shows ok, dark for
        ``WINK`` seconds. A status shown meanwhile keeps its light."""
        with self._lock:
            if self.led is not None and self._state == Status.OK:
                self.led.green.off()
                relight = threading.Timer(WINK, self._relight)
                relight.daemon = True
                relight.start()
        self.beep(1)

    def beep(self, n: int = 1, on_time: float = SHORT_BEEP, off_time: float = BEEP_GAP) -> None:
        """Sounds ``n`` beeps in the background (a new call cuts a running one short)."""
        if n <= 0:
            return
        with self._sound:  # gpiozero's beep is not safe from two threads at once
            if self.buzzer is not None:
                self.buzzer.beep(on_time, off_time, n=n, background=True)
            if self._bell is not None:
                self._bell.write("\a")
                self._bell.flush()

    def close(self) -> None:
        """Turns the light and the buzzer off and releases their pins."""
        with self._lock:
            self._closed = True
        for device in (self.led, self.buzzer):
            if device is not None:
                device.close()

    def _relight(self) -> None:
        """The green light back on after a wink, unless the status changed meanwhile."""
        with self._lock:
            if self.led is not None and self._state == Status.OK and not self._closed:
                self.led.green.on()

    def _show(self, state: Status, reason: str, beeps: int) -> None:
        with self._lock:
            changed = state != self._state and not (
                state == Status.ATTENTION and self._state == Status.FAULT
            )
            if changed:
                self._state = state
                if self.led is not None:
                    self._light(state)
        if not changed and state != Status.ATTENTION:
            return
        if self._say is not None:
            self._say(f"status: {state}" + (f" ({reason})" if reason else ""))
        self.beep(beeps)

    def _light(self, state: Status) -> None:
        assert self.led is not None
        self.led.off()
        if state == Status.OK:
            self.led.green.on()
        elif state == Status.FAULT:
            self.led.red.on()
        elif state == Status.ATTENTION:
            self.led.blink(on_time=self._blink_time, off_time=self._blink_time)
