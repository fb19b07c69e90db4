"""What the buttons need to know of the game, read from the referee's fold (pure).

A press means different things at different moments: a seat button chooses the game
before a hand and announces a weis during it. :class:`TableView` is that moment, as
plain data, so the button grammar can be tested with hand-made views and the table
gives real ones (:meth:`TableView.of`).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.live import LiveState, Replay
from referee.live_games import GamesLive, GamesReplay
from referee.weis import WEIS_VALUES

SCHIEBER_SEATS = 4


@dataclass(frozen=True)
class TableView:
    variant: str
    players: int
    phase: str
    """``deal`` (a hand is to start), ``trump`` (its game is to be chosen), ``play``
    (cards are played; announcements), or ``over`` (the game is decided)."""
    hand: tuple[int, int]
    """(game of the series, hands started): changes when a new hand starts, which
    drops every half-made choice."""
    forehand: int | None
    """Who chooses the game now: forehand of the hand, or of the next hand between
    hands. ``None`` when not known yet (a game's first hand: the ♣7 holder)."""
    next_dealer: int | None
    """The dealer of the next hand, when the log tells it."""
    last_line: int | None
    """The last event line still standing: what an undo strikes out."""
    weis_values: tuple[int, ...] = ()
    """Values a weis may be announced with, lowest first; empty where a game's melds
    are shown by their cards (the camera or the phone)."""
    choose_game: bool = False
    """Whether the buttons choose the game (Schieber: trump, obenabe, undenufe)."""

    @classmethod
    def of(cls, replay: Replay | GamesReplay, live: LiveState | GamesLive) -> TableView:
        """The view of a table's fold (``webui.table.Snapshot.replay`` and ``.live``)."""
        if isinstance(replay, Replay) and isinstance(live, LiveState):
            forehand = None
            if live.phase == "trump" and live.hand is not None:
                forehand = live.hand.forehand
            elif live.phase == "deal" and live.next_dealer is not None:
                forehand = (live.next_dealer + 1) % SCHIEBER_SEATS
            return cls(
                variant="schieber",
                players=SCHIEBER_SEATS,
                phase=live.phase,
                hand=(1, len(replay.game.hands)),
                forehand=forehand,
                next_dealer=live.next_dealer,
                last_line=replay.last_line,
                weis_values=tuple(sorted(WEIS_VALUES)),
                choose_game=True,
            )
        assert isinstance(replay, GamesReplay) and isinstance(live, GamesLive)
        phase = live.phase if live.phase in ("deal", "over") else "play"
        return cls(
            variant=str(replay.header.get("variant")),
            players=2,
            phase=phase,
            hand=(live.game_number, live.talon.index + 1 if live.talon is not None else 0),
            forehand=None,
            next_dealer=live.next_dealer,
            last_line=replay.last_line,
        )
