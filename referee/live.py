"""What the table is doing right now, read from a live game object (pure, no I/O).

The verdict says what has been scored; a board in play also needs the hand being
played: who dealt, the game chosen, the trick on the table, whose turn it is, which
cards are gone. This module reads that from a :class:`SchieberGame` so the web board
and any other front end show the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee import UnsupportedVariant, new_game
from referee.cards import CARDS, card_code, codes
from referee.engine import Trick
from referee.gamelog import parse_lines, read_log
from referee.live_family import (
    AuctionView,
    CoiffeurView,
    PredictionsView,
    family_phase,
    family_views,
)
from referee.variants.schieber import PLAYERS, SchieberGame, SchieberHand
from referee.verdict import Verdict


@dataclass(frozen=True)
class TrickView:
    number: int
    """1-based within the hand."""
    leader: int
    plays: list[tuple[int, str]]
    """(seat, card code) in the order played."""
    winner: int | None


@dataclass(frozen=True)
class Announcement:
    """A weis or stöck announced in the hand and still standing (not refuted)."""

    seat: int
    kind: str
    """``weis`` or ``stoeck``."""
    points: int
    cards: list[str] | None
    """The combination when it was shown, else ``None`` (announced by points)."""


@dataclass(frozen=True)
class LiveHand:
    """The hand being played, or the last one when none is."""

    index: int
    dealer: int
    forehand: int | None
    chooser: int | None
    pushed: bool
    mode: str | None
    multiplier: int | None
    tricks_done: int
    trick: TrickView | None
    """The trick on the table (unfinished), else the last finished one."""
    to_play: int | None
    unplayed: list[str] = field(default_factory=list)
    """Cards not yet played in this hand, in deck order."""
    points: list[int] = field(default_factory=lambda: [0, 0])
    """Card points each side (each seat in Differenzler) has taken in this hand so far
    (tricks finished)."""
    announced: list[Announcement] = field(default_factory=list)
    auction: AuctionView | None = None
    """Sidi-Barrani: the auction and the contract."""
    predictions: PredictionsView | None = None
    """Differenzler: the trump card, the predictions, the points per trick."""
    coiffeur: CoiffeurView | None = None
    """Coiffeur: this hand's line of the board and the lines still open."""


@dataclass(frozen=True)
class LiveState:
    phase: str
    """``deal`` (a hand must start), ``trump`` (the game must be chosen), ``play``,
    or ``over``; in the Schieber family also ``bid`` (Sidi-Barrani's auction),
    ``turnup`` and ``predict`` (Differenzler's trump card and open predictions)."""
    next_dealer: int | None
    """Who deals the next hand (``None`` before the first: the ♣7 decides)."""
    hand: LiveHand | None


def live_state(game: SchieberGame) -> LiveState:
    """The live view of ``game`` (Schieber or a game of its family) after the events
    pushed so far."""
    last = game.hands[-1] if game.hands else None
    next_dealer = game.expected_dealer(last) if last is not None and last.complete else None
    if next_dealer is None and last is not None:
        next_dealer = last.forehand
    hand = game.current
    if game.over:
        phase = "over"
    elif hand is None:
        phase = "deal"
    else:
        phase = family_phase(game, hand) or ("trump" if hand.mode is None else "play")
    if last is None:
        return LiveState(phase, next_dealer, None)
    return LiveState(phase, next_dealer, _live_hand(game, last, phase == "play"))


def trick_view(tricks: list[Trick]) -> TrickView | None:
    """The last trick of a hand (the one on the table, or the last one taken)."""
    if not tricks:
        return None
    trick = tricks[-1]
    plays = [(s, card_code(c)) for s, c in zip(trick.seats, trick.cards, strict=True)]
    return TrickView(trick.number, trick.leader, plays, trick.winner)


def correction_origins(text: str) -> dict[int, int]:
    """Line of each correction -> the line it replaces, so a board can point at the
    line a person sees the event on."""
    return {
        line.index: line.event["replaces"]
        for line in parse_lines(text)
        if line.event is not None
        and line.event["event"] == "correction"
        and isinstance(line.event.get("replaces"), int)
    }


def _live_hand(game: SchieberGame, hand: SchieberHand, playing: bool) -> LiveHand:
    view = trick_view(hand.tricks)
    done = sum(1 for t in hand.tricks if len(t.cards) == PLAYERS)
    return LiveHand(
        index=hand.index,
        dealer=hand.dealer,
        forehand=hand.forehand,
        chooser=hand.chooser,
        pushed=hand.pushed,
        mode=hand.mode.mode if hand.mode is not None else None,
        multiplier=game.multiplier_of(hand) if hand.mode is not None else None,
        tricks_done=done,
        trick=view,
        to_play=game.to_play(hand) if playing and hand.forehand is not None else None,
        unplayed=[card_code(c) for c in CARDS if not hand.played >> c & 1],
        points=list(hand.points),
        announced=[
            Announcement(
                d.seat,
                "weis",
                d.value,
                codes(d.combination.cards) if d.combination is not None else None,
            )
            for d in hand.weis
        ]
        + [Announcement(c.seat, "stoeck", 20, None) for c in hand.stoeck],
        **family_views(game, hand),  # type: ignore[arg-type]
    )


@dataclass(frozen=True)
class Replay:
    """A log folded into a game: what :func:`referee.check` computes, plus the
    line numbers a front end needs to write corrections."""

    game: SchieberGame
    verdict: Verdict
    score_lines: dict[int, int]
    """Hand index → the line of the ``score`` event that booked it (its original
    line, which a correction must name, even if a correction rewrote it)."""
    last_line: int | None
    """The last event line still standing after corrections: what "undo" removes."""
    play_lines: list[tuple[int, int, str]] = field(default_factory=list)
    """The last hand's accepted plays as (original line, seat, card), and the camera's
    unread plays (see :func:`unread_play`): what a correction of a misread card names."""
    header: dict = field(default_factory=dict)
    """The ``game`` event, with any extension fields (e.g. the players' names)."""


def unread_play(event: dict) -> tuple[int, str] | None:
    """A play the camera wrote unread for the table to confirm (``"confirm": true``,
    no card): its seat and what stands for the card in a list of plays, the camera's
    likely card as a question (``S8?``) or ``?``. Listed with the plays so that a phone
    corrects it as it corrects a misread card."""
    seat = event.get("seat")
    if event.get("event") != "play" or event.get("confirm") is not True:
        return None
    if event.get("card") is not None or not isinstance(seat, int) or isinstance(seat, bool):
        return None
    read = event.get("read")
    return seat, f"{read}?" if isinstance(read, str) else "?"


def pending_unread(play_lines: list[tuple[int, int, str]]) -> tuple[int, int, str] | None:
    """The camera's unread play still waiting, if the latest play is one: (line, seat,
    the camera's likely card or ``None``). The next card given for that seat is its
    card (a correction of the line), not a new play."""
    if not play_lines:
        return None
    line, seat, code = play_lines[-1]
    if not code.endswith("?"):
        return None
    return line, seat, code.removesuffix("?") or None


def replay(text: str) -> Replay:
    """Folds a whole log exactly as :func:`referee.check` does (same events, same
    order, same finish), keeping the game object for :func:`live_state`."""
    header, lines = read_log(text)
    game, errors = new_game(header)
    if not isinstance(game, SchieberGame):
        raise UnsupportedVariant(f"no live board for variant {game.variant!r} yet")
    for message in errors:
        game.flag(0, None, "illegal-event", message)
    origin = correction_origins(text)
    score_lines: dict[int, int] = {}
    play_lines: list[tuple[int, int, str]] = []
    last_line: int | None = None
    for line in lines:
        if line.event is None:
            game.flag(line.index, None, "illegal-event", line.error or "unreadable line")
            continue
        hands_before = len(game.hands)
        played_before = _played(game)
        new = game.push(line.index, line.event)
        source = origin.get(line.index, line.index)
        last_line = source
        kind = line.event["event"]
        if len(game.hands) != hands_before:
            play_lines = []
        if kind == "score" and not any(v.event == line.index for v in new):
            score_lines[game.hands[-1].index] = source
        if kind == "play" and _played(game) != played_before:
            trick = game.hands[-1].tricks[-1]
            play_lines.append((source, trick.seats[-1], card_code(trick.cards[-1])))
        elif (unread := unread_play(line.event)) is not None:
            play_lines.append((source, *unread))
    game.finish()
    return Replay(game, game.verdict(), score_lines, last_line, play_lines, header)


def _played(game: SchieberGame) -> int:
    """The cards played in the last hand (a bitmask): grows when a play is accepted."""
    return game.hands[-1].played if game.hands else 0
