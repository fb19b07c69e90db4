"""The button grammar: gestures on the table's buttons become game-log events (pure).

A table has one button per seat and two function buttons, OK and UNDO. A seat button
acts for its seat, and what a gesture means depends on the moment of the game
(:class:`~hardware.table_view.TableView`):

=====================  ==========================  =====================  ====================
seat button            short                       double                 long (hold 1 s)
=====================  ==========================  =====================  ====================
before a hand / trump  next game: ♥ ♦ ♠ ♣ obenabe   schieben (forehand)    choose the game shown
                       undenufe (N beeps = Nth)
during the hand        next weis value: 20 50 100   stöck                  announce the weis shown
                       150 200 250 300
nothing shown                                                              arm bedanken; hold
                                                                           again to claim
=====================  ==========================  =====================  ====================

OK answers the question the camera asked (short: yes, its events are written; long:
no). UNDO short drops every half-made choice; UNDO long undoes the last event (a
``correction`` that strikes it out, as the phone's undo does).

Choosing, announcing and claiming take a hold, so a stray tap never writes anything;
taps only step through what a hold would write, and the buzzer counts the step.
:class:`ButtonGrammar` keeps those half-made choices and returns an :class:`Outcome`:
the events to write, if any, and what to tell the table.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from hardware.presses import Gesture
from hardware.table_view import TableView
from referee.cards import SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS
from referee.modes import MODES

OK = "ok"
UNDO = "undo"
SEAT_PREFIX = "seat"


def seat_button(seat: int) -> str:
    """The logical name of ``seat``'s button: ``seat0`` … ``seat3``."""
    return f"{SEAT_PREFIX}{seat}"


def buttons_for(players: int) -> tuple[str, ...]:
    """Every logical button of a table with ``players`` seats."""
    return (*(seat_button(s) for s in range(players)), OK, UNDO)


def game_name(mode: str) -> str:
    """``H`` → "♥ hearts (Schellen)"; ``obenabe`` stays itself."""
    if mode in SUIT_LETTERS:
        suit = SUIT_LETTERS.index(mode)
        french = SUIT_NAMES["french"][suit].lower()
        return f"{SUIT_SYMBOLS[suit]} {french} ({SUIT_NAMES['swiss'][suit]})"
    return mode


@dataclass(frozen=True, eq=False)
class Question:
    """A read the camera is unsure of, put to the table.

    :param prompt: what the table is asked ("seat 2 played ♠K?").
    :param events: written when the table says yes (typically the ``play``).
    :param on_answer: told ``True`` when the events were written, ``False`` when the
        table said no or the referee refused them.
    """

    prompt: str
    events: list[dict]
    on_answer: Callable[[bool], None] | None = None


@dataclass(frozen=True)
class Outcome:
    say: str
    """One line for the table (the terminal, the journal, the board)."""
    events: list[dict] = field(default_factory=list)
    """Contract events to write, all together."""
    steps: int = 0
    """A choice was stepped to its ``steps``-th item: beep that many times."""
    refused: bool = False
    """The press meant nothing now; ``say`` tells why."""
    answered: Question | None = None
    """The question this press answered; ``events`` are its events on a yes."""


@dataclass
class _Choice:
    kind: str
    """``game`` or ``weis``."""
    index: int


class ButtonGrammar:
    """Turns (button, gesture) at a moment of the game into an :class:`Outcome`.

    It remembers only half-made choices (the game or weis a seat has stepped to, an
    armed claim, schieben before the partner chose, the camera's questions); the game
    itself is always read from the view, so a phone or the camera changing it
    meanwhile is no problem: a new hand or phase drops the half-made choices."""

    def __init__(self) -> None:
        self._moment: tuple[tuple[int, int], str] | None = None
        self._choices: dict[int, _Choice] = {}
        self._armed: set[int] = set()
        self._pushed = False
        self._first: int | None = None
        """Forehand taken from the first seat to choose or push, when the view does
        not know it (a game's first hand)."""
        self._questions: deque[Question] = deque()

    @property
    def question(self) -> Question | None:
        """The question OK answers now (the oldest not answered)."""
        return self._questions[0] if self._questions else None

    def ask(self, question: Question) -> Outcome:
        """Queues the camera's ``question``; OK answers it."""
        self._questions.append(question)
        waiting = len(self._questions) - 1
        later = f" ({waiting} more waiting)" if waiting else ""
        return Outcome(f"{question.prompt} OK: yes, hold OK: no{later}", steps=1)

    def press(self, button: str, gesture: Gesture, view: TableView) -> Outcome:
        self._sync(view)
        if button == OK:
            return self._answer(gesture)
        if button == UNDO:
            return self._undo(gesture, view)
        seat = int(button.removeprefix(SEAT_PREFIX))
        if seat >= view.players:
            return _refuse(f"{view.variant} has no seat {seat}")
        if view.phase == "over":
            return _refuse("the game is over (hold UNDO to undo the last event)")
        if gesture is Gesture.LONG:
            return self._hold(seat, view)
        self._armed.discard(seat)
        if view.phase in ("deal", "trump"):
            if not view.choose_game:
                return _refuse(f"in {view.variant} the camera or the phone starts a hand")
            if gesture is Gesture.DOUBLE:
                return self._push(seat, view)
            return self._next_game(seat, view)
        if gesture is Gesture.DOUBLE:
            self._choices.pop(seat, None)
            return Outcome(f"Seat {seat}: stöck", [{"event": "stoeck", "seat": seat}])
        return self._next_weis(seat, view)

    def _sync(self, view: TableView) -> None:
        moment = (view.hand, view.phase)
        if moment != self._moment:
            self._moment = moment
            self._drop_choices()

    def _drop_choices(self) -> bool:
        """Forgets every half-made choice; says whether there was one."""
        had = bool(self._choices or self._armed or self._pushed or self._first is not None)
        self._choices.clear()
        self._armed.clear()
        self._pushed = False
        self._first = None
        return had

    def _forehand(self, view: TableView) -> int | None:
        return view.forehand if view.forehand is not None else self._first

    def _chooser(self, view: TableView) -> int | None:
        forehand = self._forehand(view)
        if forehand is None:
            return None
        return (forehand + 2) % view.players if self._pushed else forehand

    def _next_game(self, seat: int, view: TableView) -> Outcome:
        chooser = self._chooser(view)
        if chooser is None:
            self._first = chooser = seat
        if seat != chooser:
            pushed = " (pushed to it)" if self._pushed else ""
            return _refuse(f"seat {chooser} chooses the game{pushed}, not seat {seat}")
        choice = self._step(seat, "game", len(MODES))
        name = game_name(MODES[choice.index])
        return Outcome(
            f"Seat {seat}: {name}? Hold to choose it, press for the next",
            steps=choice.index + 1,
        )

    def _push(self, seat: int, view: TableView) -> Outcome:
        forehand = self._forehand(view)
        if self._pushed:
            return _refuse(f"already pushed: seat {self._chooser(view)} chooses the game")
        if forehand is None:
            self._first = forehand = seat
        if seat != forehand:
            return _refuse(f"only forehand (seat {forehand}) may push, not seat {seat}")
        self._pushed = True
        self._choices.pop(seat, None)
        partner = (seat + 2) % view.players
        return Outcome(f"Seat {seat} pushes (schieben): seat {partner} chooses the game", steps=1)

    def _next_weis(self, seat: int, view: TableView) -> Outcome:
        if not view.weis_values:
            return _refuse(f"in {view.variant} a meld is shown by its cards (camera or phone)")
        choice = self._step(seat, "weis", len(view.weis_values))
        value = view.weis_values[choice.index]
        return Outcome(
            f"Seat {seat}: weis {value}? Hold to announce it, press for the next",
            steps=choice.index + 1,
        )

    def _step(self, seat: int, kind: str, count: int) -> _Choice:
        """Steps ``seat``'s choice of ``kind`` to its next item (the first on a new one)."""
        choice = self._choices.get(seat)
        if choice is None or choice.kind != kind:
            choice = self._choices[seat] = _Choice(kind, 0)
        else:
            choice.index = (choice.index + 1) % count
        return choice

    def _hold(self, seat: int, view: TableView) -> Outcome:
        choice = self._choices.pop(seat, None)
        if choice is not None and choice.kind == "game" and view.phase in ("deal", "trump"):
            return self._choose(seat, MODES[choice.index], view)
        if choice is not None and choice.kind == "weis" and view.phase == "play":
            value = view.weis_values[choice.index]
            return Outcome(
                f"Seat {seat}: weis {value}", [{"event": "weis", "seat": seat, "points": value}]
            )
        if seat in self._armed:
            self._armed.discard(seat)
            return Outcome(f"Seat {seat}: bedanken", [{"event": "bedanken", "seat": seat}])
        self._armed.add(seat)
        return Outcome(
            f"Seat {seat}: claim the win (bedanken)? Hold again to claim; any other press cancels",
            steps=2,
        )

    def _choose(self, seat: int, mode: str, view: TableView) -> Outcome:
        events: list[dict] = []
        if view.phase == "deal":
            dealer = view.next_dealer
            if dealer is None:
                forehand = (seat + 2) % view.players if self._pushed else seat
                dealer = (forehand - 1) % view.players
            events.append({"event": "hand", "dealer": dealer})
        events.append({"event": "trump", "seat": seat, "mode": mode, "pushed": self._pushed})
        self._drop_choices()
        return Outcome(f"Seat {seat} chooses {game_name(mode)}", events)

    def _answer(self, gesture: Gesture) -> Outcome:
        question = self.question
        if question is None:
            return _refuse("no question from the camera to answer")
        if gesture is Gesture.DOUBLE:
            return _refuse("OK: press for yes, hold for no")
        self._questions.popleft()
        if gesture is Gesture.SHORT:
            return Outcome(f"Yes: {question.prompt}", list(question.events), answered=question)
        return Outcome(f"No: {question.prompt}", answered=question)

    def _undo(self, gesture: Gesture, view: TableView) -> Outcome:
        if gesture is Gesture.SHORT:
            if self._drop_choices():
                return Outcome("Half-made choices dropped")
            return _refuse("nothing to drop (hold UNDO to undo the last event)")
        if gesture is Gesture.DOUBLE:
            return _refuse("UNDO: press to drop choices, hold to undo the last event")
        self._drop_choices()
        if view.last_line is None:
            return _refuse("nothing to undo")
        return Outcome(
            f"Undo: line {view.last_line} struck out",
            [{"event": "correction", "replaces": view.last_line, "with": None}],
        )


def _refuse(why: str) -> Outcome:
    return Outcome(why[0].upper() + why[1:], refused=True)
