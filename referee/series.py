"""Several games in one log: a series ("partier"), with what carries from game to game.

A ``game`` event after a decided game starts the next game of the same variant. What
the seeds carry over:

- the first dealer of the next game: the winner of the last in Schmaus and Frantsfuus
  ("Om fler än ett parti spelas, skall den spelare som vann det avslutade partiet vara
  givare i det följande"), the next player in Schnüffler ("Die folgenden Spiele werden
  der Reihe nach in Spielrichtung gegeben");
- Smousjas' lives: each lost game costs one, two when the loser is "onder Jan"; "De
  eerste die geen 'levens' meer heeft, zit 'op de kip' en krijgt nog een extra leven.
  Er is maar één kip, die waardeloos is als een verliezende speler op 1 staat en 'onder
  Jan' is". The series is over when a player has no life left.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine import Event, Game, Seat
from referee.verdict import Verdict


@dataclass
class SeriesState:
    lives: list[int] | None = None
    kip: Seat | None = None
    """Who sat on the one kip, if anyone did."""
    winner: Seat | None = None
    summaries: list[dict[str, object]] = field(default_factory=list)


class Series:
    """The games of one log, fed line by line."""

    def __init__(self, first: Game, factory: type[Game]) -> None:
        self.games = [first]
        self.factory = factory
        self.state = SeriesState()
        lives = getattr(first.rules, "lives", None)
        if isinstance(lives, int):
            self.state.lives = [lives, lives]

    @property
    def game(self) -> Game:
        return self.games[-1]

    def push(self, index: int, event: Event) -> None:
        if event.get("event") != "game":
            self.game.push(index, event)
            return
        self.game.finish()
        if self.game.over:
            self._close(self.game)
        if not self.game.over or self.state.winner is not None:
            why = (
                "the series is over: no further 'game' in this log"
                if self.state.winner is not None
                else "a new 'game' starts only after this game is decided"
            )
            self.game.flag(index, None, "illegal-event", why)
            return
        if event.get("variant") != self.game.variant:
            self.game.flag(
                index, None, "illegal-event", f"a series keeps its variant ({self.game.variant})"
            )
            return
        following = self.factory(self.game.rules)
        following.first_dealer = self.game.next_game_dealer()
        self.games.append(following)

    def finish(self) -> None:
        self.game.finish()
        if self.game.over:
            self._close(self.game)

    def _close(self, game: Game) -> None:
        """Books a decided game once: its summary, and the lives it costs."""
        if len(self.state.summaries) >= len(self.games):
            return
        verdict = game.verdict()
        self.state.summaries.append(
            {"winner": verdict.winner, "totals": verdict.totals, "schneider": verdict.schneider}
        )
        lives = self.state.lives
        if lives is None or verdict.winner is None:
            return
        loser = 1 - verdict.winner
        lives[loser] -= 2 if verdict.schneider else 1
        if lives[loser] == 0 and self.state.kip is None:
            self.state.kip, lives[loser] = loser, 1
        if lives[loser] <= 0:
            self.state.winner = verdict.winner

    def verdict(self) -> Verdict:
        """The last game's verdict; every game's violations; and, for a series of more
        than one game or one with lives, ``series``."""
        verdict = self.game.verdict()
        verdict.violations = [v for g in self.games for v in g.violations]
        if len(self.games) > 1 or self.state.lives is not None:
            verdict.series = {
                "games": self.state.summaries,
                "lives": self.state.lives,
                "kip": self.state.kip,
                "winner": self.state.winner,
            }
        return verdict
