"""What the referee knows that the tracker needs: whose turn it is, which cards are gone,
what must happen next (a turned-up card, draws), and which reads are impossible.

The tracker feeds every event it writes (and every button or phone event) into a live
referee game and asks it here; the referee stays pure and knows nothing of cameras.
"""

from __future__ import annotations

from referee import new_game
from referee.cards import DECK_36, card, card_code
from referee.engine import Event
from referee.gamelog import Line, corrected
from referee.live import live_state
from referee.series import Series
from referee.variants.schieber import SchieberGame
from referee.variants.talon import TalonGame, TalonHand


class TableReferee:
    """A live referee game fed event by event, read for the tracker."""

    def __init__(self) -> None:
        self.series: Series | None = None
        self.events: list[Event] = []

    @property
    def lines(self) -> int:
        return len(self.events)

    def push(self, event: Event) -> None:
        """Feeds the log's next line. A ``correction`` (the table confirming a card the
        camera could not read, or an undo) rewrites an earlier line, so the game is
        folded again from the header over the corrected lines."""
        self.events.append(event)
        if self.series is None:
            game, _errors = new_game(event)
            self.series = Series(game, type(game))
        elif event.get("event") == "correction":
            self._refold()
        else:
            self.series.push(len(self.events) - 1, event)

    def _refold(self) -> None:
        game, _errors = new_game(self.events[0])
        self.series = Series(game, type(game))
        body = [Line(index, event) for index, event in enumerate(self.events) if index]
        for line in corrected(body):
            if line.event is not None:
                self.series.push(line.index, line.event)

    @property
    def players(self) -> int:
        return self.series.game.players if self.series is not None else 4

    def _talon(self) -> tuple[TalonGame, TalonHand] | None:
        game = self.series.game if self.series is not None else None
        if isinstance(game, TalonGame) and game.current is not None:
            return game, game.current
        return None

    def to_play(self) -> int | None:
        """The seat whose card comes next, or ``None`` when no play is due."""
        game = self.series.game if self.series is not None else None
        if isinstance(game, SchieberGame):
            state = live_state(game)
            return state.hand.to_play if state.phase == "play" and state.hand else None
        talon = self._talon()
        if talon is None:
            return None
        game, hand = talon
        if hand.trump is None or hand.draws:
            return None
        return game.to_play(hand)

    def awaiting_turnup(self) -> bool:
        talon = self._talon()
        return talon is not None and talon[1].trump is None

    def turnup(self) -> int | None:
        talon = self._talon()
        return talon[1].turnup if talon is not None else None

    def draws_due(self) -> list[int]:
        talon = self._talon()
        return list(talon[1].draws) if talon is not None else []

    def last_pair(self) -> bool:
        """The due draws take the talon's last face-down card and the face-up card."""
        talon = self._talon()
        if talon is None:
            return False
        hand = talon[1]
        return bool(hand.draws) and hand.hidden == 1 and len(hand.draws) == 2

    def trick(self) -> tuple[int, list[int]]:
        """The last trick of the hand: (cards a trick needs, cards played to it)."""
        game = self.series.game if self.series is not None else None
        hands = getattr(game, "hands", None)
        if not hands or not hands[-1].tricks:
            return self.players, []
        return self.players, list(hands[-1].tricks[-1].cards)

    def impossible(self) -> int:
        """Cards no new card on the mat can be (a set): those outside the deck, those
        already played in this hand, and the face-up card beside the talon."""
        game = self.series.game if self.series is not None else None
        if game is None:
            return 0
        gone = DECK_36 & ~game.deck
        hands = getattr(game, "hands", None)
        if hands and not hands[-1].complete:
            hand = hands[-1]
            gone |= hand.played
            if isinstance(hand, TalonHand) and hand.turnup is not None:
                gone |= 1 << hand.turnup
        return gone

    def veto(self, c: int, role: str, seat: int | None = None) -> str | None:
        """Why ``c`` cannot be what the camera saw in this ``role`` (``play``, ``weis``,
        ``turnup``, ``rob``), or ``None`` when it can."""
        game = self.series.game if self.series is not None else None
        if game is None:
            return None
        if not game.deck >> c & 1:
            return f"{card_code(c)} is not in the deck {game.variant} is played with"
        hands = getattr(game, "hands", None)
        hand = hands[-1] if hands and not hands[-1].complete else None
        if hand is None:
            return None
        if role in ("play", "weis") and hand.played >> c & 1:
            if role == "weis" and _played_this_trick(hand, c, seat):
                return None
            return f"{card_code(c)} was already played in this hand"
        if isinstance(hand, TalonHand):
            if role in ("play", "weis") and c == hand.turnup:
                return f"{card_code(c)} is the face-up card beside the talon"
            if role == "rob" and hand.trump is not None:
                robber = card(hand.trump, game.robber)  # type: ignore[attr-defined]
                if c != robber:
                    return f"only {card_code(robber)} robs the face-up card, not {card_code(c)}"
        return None


def _played_this_trick(hand: object, c: int, seat: int | None) -> bool:
    tricks = getattr(hand, "tricks", [])
    if not tricks or tricks[-1].winner is not None:
        return False
    trick = tricks[-1]
    return any(s == seat and x == c for s, x in zip(trick.seats, trick.cards, strict=True))
