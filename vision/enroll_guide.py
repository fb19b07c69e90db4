"""Where an enrollment stands, for whoever shows it to the player.

:func:`vision.enroll.enroll` speaks through three calls: ``asked`` (the next card to
show), ``prompt`` (a line: show this card, or move the one lying there) and ``confirm``
(a view of the card was taken: move it). A terminal prints the lines and rings its bell.
At the table the player's eyes are on the cards and the Pi has no screen, so the
status light and buzzer confirm each view and a phone shows which card is next
(:mod:`jassref.enroll`, :mod:`webui.enrollment`). :class:`Guide` turns the three calls
into one :class:`GuideState` that each of those shows, and tells its listeners of each
change as it happens (the enrollment runs in one thread, a phone's request in another).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from enum import StrEnum

from referee.cards import card_code, card_display
from vision.enroll import MOVE, VIEWS


class Change(StrEnum):
    """What just happened, as told to a :class:`Guide`'s listeners."""

    ASKED = "asked"  # the next card is asked for
    TAKEN = "taken"  # a view of the card asked for was taken: move it
    MOVE = "move"  # the card lying there must be moved (at the picture's edge, or again)
    DONE = "done"  # the profile is written
    FAILED = "failed"  # enrollment stopped without a profile


@dataclass(frozen=True)
class GuideState:
    """One moment of an enrollment, as the player is shown it."""

    deck: str  # the deck's name, as the profile will keep it
    total: int  # cards to show: the 36, then those Jass leaves out that were asked for
    number: int = 0  # which of them is asked for now, from 1 (before the first: those shown)
    card: str | None = None  # its code ("H10"); None for a card Jass leaves out
    name: str = ""  # how the guide names it ("♥10", "Schellen Banner", or what to show)
    line: str = ""  # the guide's line asking for this card
    views: int = 0  # views of this card taken so far
    needed: int = VIEWS  # views that must agree before the next card is asked for
    taken: int = 0  # views taken in all: each new one is a beep
    problem: str = ""  # a line asking to move the card, until the next view or card
    outcome: str = ""  # the end: where the profile was written, or why it stopped
    failed: bool = False

    def to_json(self) -> dict[str, object]:
        return asdict(self)


class Guide:
    """The state of one enrollment, built from :func:`vision.enroll.enroll`'s calls.

    Pass :meth:`asked`, :meth:`prompt` and :meth:`confirm` to ``enroll``, then call
    :meth:`finish` or :meth:`fail`. Each call makes a new :attr:`state` and tells every
    listener (:meth:`listen`) the state and the :class:`Change`, in the calling thread.

    :param deck: the deck's name.
    :param strays: cards Jass leaves out that the guide will ask for after the 36.
    :param style: ``"french"`` or ``"swiss"``: how cards are named.
    :param needed: views of each card that must agree (``enroll``'s ``views``).
    :param shown: cards whose views were agreed before (an enrollment going on from
        where it was cut short): the next card asked for is counted after them.
    """

    def __init__(
        self,
        deck: str,
        strays: int = 0,
        style: str = "french",
        needed: int = VIEWS,
        shown: int = 0,
    ) -> None:
        self._style = "swiss" if style == "swiss" else "french"
        self._state = GuideState(deck=deck, total=36 + strays, needed=needed, number=shown)
        self._lock = threading.Lock()
        self._listeners: list[Callable[[GuideState, Change], None]] = []

    @property
    def state(self) -> GuideState:
        with self._lock:
            return self._state

    def listen(self, listener: Callable[[GuideState, Change], None]) -> None:
        """Tells ``listener`` each new state, and what changed."""
        self._listeners.append(listener)

    def asked(self, card: int | None) -> None:
        """The next card is asked for (``None``: a card Jass leaves out); the listeners
        are told with the guide's line that asks for it (:meth:`prompt`)."""
        name = "a card Jass leaves out" if card is None else card_display(card, self._style)
        with self._lock:
            self._state = replace(
                self._state,
                number=self._state.number + 1,
                card=None if card is None else card_code(card),
                name=name,
                views=0,
                problem="",
            )

    def prompt(self, line: str) -> None:
        """The guide's line: the card to show, or what to do with the one lying there."""
        if line.startswith(MOVE):
            self._change(Change.MOVE, problem=line)
        else:
            self._change(Change.ASKED, line=line)

    def confirm(self, card: int | None) -> None:
        """A view of the card asked for was taken."""
        state = self._state
        self._change(Change.TAKEN, views=state.views + 1, taken=state.taken + 1, problem="")

    def finish(self, outcome: str) -> None:
        """The profile is written (``outcome`` says where)."""
        self._change(Change.DONE, outcome=outcome, problem="")

    def fail(self, reason: str) -> None:
        """Enrollment stopped without a profile, for ``reason``."""
        self._change(Change.FAILED, outcome=reason, failed=True)

    def _change(self, change: Change, **fields: object) -> None:
        with self._lock:
            self._state = replace(self._state, **fields)
            state = self._state
        for listener in self._listeners:
            listener(state, change)
