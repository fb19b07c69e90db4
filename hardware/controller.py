"""The table's controls put together: buttons → gestures → grammar → sink, and the light.

:class:`Hardware` is what ``jassref run`` holds. It is built by
:func:`hardware.from_config` (GPIO through gpiozero) or :func:`hardware.from_keyboard`
(a laptop), connected to a game with :meth:`Hardware.attach`, and started. Every
gesture is read against the game's current moment, its events are written through the
sink, and the buzzer and a line of text tell the table what happened.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Protocol

from hardware.grammar import ButtonGrammar, Outcome, Question
from hardware.presses import Gesture, Presses, PressTiming
from hardware.sink import Receipt, Sink
from hardware.status import BEEP_GAP, LONG_BEEP, Status, StatusIndicator
from hardware.table_view import TableView

REFUSAL_BEEPS = 3

log = logging.getLogger("jassref.hardware")


class Closeable(Protocol):
    def close(self) -> None: ...


class Hardware:
    """Buttons, status light and buzzer of one table.

    :param buttons: logical button names (see :func:`hardware.grammar.buttons_for`).
    :param status: the light and buzzer.
    :param timing: press timings.
    :param say: told one line per press and status change (default: the log).
    :param clock: seconds, monotonic (tests pass a fake clock).
    """

    def __init__(
        self,
        buttons: Iterable[str],
        status: StatusIndicator,
        timing: PressTiming | None = None,
        say: Callable[[str], None] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.presses = Presses(buttons, self.gesture, timing, clock or time.monotonic)
        self.status = status
        self._say = say or log.info
        self._grammar = ButtonGrammar()
        self._sink: Sink | None = None
        self._view: Callable[[], TableView] | None = None
        self._lock = threading.RLock()
        self._parts: list[Closeable] = []
        self._starts: list[Callable[[], None]] = []

    def own(self, part: Closeable, start: Callable[[], None] | None = None) -> None:
        """Closes ``part`` (a gpiozero device, the keyboard) with the hardware, and
        calls ``start`` when the hardware starts."""
        self._parts.append(part)
        if start is not None:
            self._starts.append(start)

    def attach(self, sink: Sink, view: Callable[[], TableView]) -> None:
        """Plays into ``sink``, reading the game's moment from ``view`` at each press
        (for the web board's table: ``s = TableSink(table); attach(s, s.view)``)."""
        with self._lock:
            self._sink, self._view = sink, view

    def ask(self, question: Question) -> None:
        """Puts the camera's ``question`` to the table: OK answers it (attention light
        and a beep meanwhile)."""
        with self._lock:
            outcome = self._grammar.ask(question)
        self._say(outcome.say)
        self.status.attention(question.prompt)

    @property
    def question(self) -> Question | None:
        """The question OK answers now."""
        return self._grammar.question

    def gesture(self, button: str, gesture: Gesture) -> Outcome:
        """Acts on ``gesture`` of ``button`` (the press decoder calls this; so may a
        test or another front end)."""
        receipt: Receipt | None = None
        with self._lock:
            if self._sink is None or self._view is None:
                outcome = Outcome("The buttons are not connected to a game yet", refused=True)
            else:
                outcome = self._grammar.press(button, gesture, self._view())
                if outcome.events:
                    receipt = self._sink(outcome.events)
            self._tell(outcome, receipt)
        return outcome

    def start(self) -> None:
        """Starts timing presses (a short press is known only once the double-press
        window has passed) and reading the keyboard, if it stands in."""
        self.presses.start()
        for start in self._starts:
            start()

    def close(self) -> None:
        self.presses.close()
        for part in reversed(self._parts):
            part.close()
        self.status.close()

    def __enter__(self) -> Hardware:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _tell(self, outcome: Outcome, receipt: Receipt | None) -> None:
        question = outcome.answered
        if question is not None and question.on_answer is not None:
            question.on_answer(receipt is not None and receipt.accepted)
        if outcome.refused:
            self._say(outcome.say)
            self.status.beep(REFUSAL_BEEPS)
            return
        if receipt is not None and not receipt.accepted:
            self._say(f"Not written: {receipt.message}")
            self.status.beep(REFUSAL_BEEPS)
            return
        self._say(outcome.say)
        if receipt is None:
            self.status.beep(outcome.steps)
            if question is not None:
                self._settle()
            return
        self.status.beep(1, LONG_BEEP, BEEP_GAP)
        if receipt.violations:
            for violation in receipt.violations:
                self._say(f"Violation: {violation}")
            self.status.attention(receipt.violations[0])
        else:
            self._settle()

    def _settle(self) -> None:
        """The table moved on: attention is over unless a question still waits (a
        fault stays until the service clears it)."""
        if self.status.state == Status.ATTENTION and self._grammar.question is None:
            self.status.ok()
