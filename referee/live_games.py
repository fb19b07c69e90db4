"""The live view of the two-player games and of a series of games (pure, no I/O).

:mod:`referee.live` reads a Schieber hand for the board; this module does the same for
the talon games (Schmaus, Frantsfuus, Smousjas) and for Schnüffler, and folds a log of
several games exactly as :func:`referee.check` does (through :class:`Series`), so the
board of a series and the referee's verdict cannot disagree. It only reads the game
objects' public state; the rules stay in the variants.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee import new_game
from referee.cards import bit, card, card_code, cards_in, codes
from referee.engine import Game
from referee.gamelog import read_log
from referee.live import TrickView, correction_origins, trick_view, unread_play
from referee.series import Series
from referee.variants.schnueffler import BLIND, SchnuefflerGame
from referee.variants.talon import TalonGame, TalonHand
from referee.verdict import Verdict


@dataclass(frozen=True)
class Meld:
    """A meld, stöck, belle or mariage booked in the hand, as players name it."""

    seat: int
    name: str
    points: int


@dataclass(frozen=True)
class TalonLive:
    """The hand of a talon game being played (or the last one)."""

    index: int
    dealer: int
    forehand: int
    trump: str | None
    """The trump suit letter, once the card is turned."""
    turnup: str | None
    """The face-up card while it lies beside the talon."""
    robbed: bool
    robber: str | None
    """The trump card that may rob the face-up card (trump 6, or 7 in 32 cards)."""
    can_rob: bool
    hidden: int
    """Face-down cards left in the talon."""
    phase: int
    """1 (drawing, no duties) or 2 (the talon is gone, duties hold)."""
    tricks_done: int
    total_tricks: int
    trick: TrickView | None
    """The trick on the table, else the last finished one."""
    to_play: int | None
    """Who plays next (None while a draw is due or the hand is over)."""
    draws: list[int]
    """Who still draws after the last trick, in order."""
    last_pair: bool
    """The next draws take the last face-down card and the face-up one."""
    points: list[int]
    melds: list[Meld]
    meld_points: list[int]
    stoeck_points: list[int]
    complete: bool
    unplayed: list[str]
    """The variant's cards not yet played in this hand, less the face-up card."""


@dataclass(frozen=True)
class TallyLive:
    """Schnüffler: strokes, open noughts, the blind cards found, whose turn."""

    dealer: int
    to_ask: int | None
    strokes: list[int]
    noughts: list[int]
    found: list[str]
    named: list[tuple[str, int, bool]]
    """Every card named so far: (card, seat, in the blind)."""
    blind: int = BLIND
    unnamed: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class GamesLive:
    """What :mod:`webui` needs of a non-Schieber game: ``phase`` is ``deal`` (a hand
    must start), ``turnup`` (the trump card must be turned), ``draw``, ``play``,
    ``over`` (this game is decided) or, for Schnüffler, ``ask``."""

    phase: str
    next_dealer: int | None
    talon: TalonLive | None = None
    tally: TallyLive | None = None
    game_number: int = 1
    series_over: bool = False


@dataclass(frozen=True)
class GamesReplay:
    """A log folded into a series: the verdict :func:`referee.check` gives, the
    last game object for the live view, and the lines an undo needs."""

    series: Series
    verdict: Verdict
    last_line: int | None
    header: dict = field(default_factory=dict)
    score_lines: dict[int, int] = field(default_factory=dict)
    """Hands entered by hand (never in these games; the board's forms share the name)."""
    play_lines: list[tuple[int, int, str]] = field(default_factory=list)
    """The current hand's accepted plays as (original line, seat, card)."""

    @property
    def game(self) -> Game:
        return self.series.game


def replay_games(text: str) -> GamesReplay:
    """Folds a whole log as :func:`referee.check` does, keeping the series."""
    header, lines = read_log(text)
    game, errors = new_game(header)
    for message in errors:
        game.flag(0, None, "illegal-event", message)
    series = Series(game, type(game))
    origin = correction_origins(text)
    last_line: int | None = None
    play_lines: list[tuple[int, int, str]] = []
    for line in lines:
        if line.event is None:
            series.game.flag(line.index, None, "illegal-event", line.error or "unreadable line")
            continue
        before = _position(series)
        series.push(line.index, line.event)
        source = origin.get(line.index, line.index)
        last_line = source
        after = _position(series)
        if after[0] != before[0]:
            play_lines = []
        if line.event["event"] == "play" and after[1] != before[1]:
            hand = series.game.hands[-1]
            trick = hand.tricks[-1]
            play_lines.append((source, trick.seats[-1], card_code(trick.cards[-1])))
        elif (unread := unread_play(line.event)) is not None:
            play_lines.append((source, *unread))
    series.finish()
    return GamesReplay(series, series.verdict(), last_line, header, {}, play_lines)


def _position(series: Series) -> tuple[tuple[int, int], int]:
    """((game, hand), cards played): tells a new hand and an accepted play apart."""
    game = series.game
    if isinstance(game, TalonGame) and game.hands:
        return (len(series.games), len(game.hands)), game.hands[-1].played
    return (len(series.games), 0), 0


def games_live(folded: GamesReplay) -> GamesLive:
    """The live view of the last game of the series."""
    series = folded.series
    game = series.game
    number = len(series.games)
    series_over = series.state.winner is not None
    if isinstance(game, SchnuefflerGame):
        return _tally_live(game, number, series_over)
    assert isinstance(game, TalonGame)
    last = game.hands[-1] if game.hands else None
    if game.over:
        phase = "over"
    elif game.current is None:
        phase = "deal"
    elif game.current.trump is None:
        phase = "turnup"
    elif game.current.draws:
        phase = "draw"
    else:
        phase = "play"
    if last is None:
        next_dealer = game.first_dealer
    else:
        winner = last.tricks[-1].winner if last.complete and last.tricks else None
        next_dealer = game.next_dealer(last.dealer, winner)
    talon = _talon_live(game, last, phase) if last is not None else None
    return GamesLive(phase, next_dealer, talon, None, number, series_over)


def _talon_live(game: TalonGame, hand: TalonHand, phase: str) -> TalonLive:
    view = trick_view(hand.tricks)
    robber = card(hand.trump, game.robber) if hand.trump is not None else None
    gone = hand.played | (bit(hand.turnup) if hand.turnup is not None else 0)
    named = game.named_melds(hand) if hand.trump is not None else []
    return TalonLive(
        index=hand.index,
        dealer=hand.dealer,
        forehand=hand.forehand,
        trump="HDSC"[hand.trump] if hand.trump is not None else None,
        turnup=card_code(hand.turnup) if hand.turnup is not None else None,
        robbed=hand.robbed,
        robber=card_code(robber) if robber is not None else None,
        can_rob=phase in ("play", "draw")
        and not hand.robbed
        and hand.turnup is not None
        and hand.hidden >= 1,
        hidden=hand.hidden,
        phase=game.phase(hand) if hand.trump is not None else 1,
        tricks_done=hand.finished_tricks,
        total_tricks=game.total_tricks,
        trick=view,
        to_play=game.to_play(hand) if phase == "play" else None,
        draws=list(hand.draws),
        last_pair=bool(hand.draws)
        and (hand.hidden == 1 or (hand.hidden == 0 and len(hand.draws) == 1)),
        points=list(hand.points),
        melds=[Meld(s, name, p) for s, name, p in named],
        meld_points=list(hand.melds),
        stoeck_points=list(hand.stoeck),
        complete=hand.complete,
        unplayed=codes(game.deck & ~gone),
    )


def _tally_live(game: SchnuefflerGame, number: int, series_over: bool) -> GamesLive:
    tally = game.tally
    if tally is None:
        return GamesLive("deal", game.first_dealer, None, None, number, series_over)
    named = [(card_code(c), seat, bool(tally.found >> c & 1)) for c, seat in tally.named.items()]
    named_mask = sum(bit(c) for c in tally.named)
    view = TallyLive(
        dealer=tally.dealer,
        to_ask=None if game.over else tally.to_ask,
        strokes=list(tally.strokes),
        noughts=list(tally.noughts),
        found=codes(tally.found),
        named=named,
        unnamed=[card_code(c) for c in cards_in(game.deck & ~named_mask)],
    )
    phase = "over" if game.over else "ask"
    return GamesLive(phase, game.next_game_dealer(), None, view, number, series_over)
