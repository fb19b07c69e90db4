"""What the board shows of a Sidi-Barrani, Differenzler or Coiffeur hand (pure, no I/O).

:mod:`referee.live` reads the Schieber hand every game of the family shares (the trick,
whose turn, the points so far); this module reads what each variant adds: the auction
and the contract, the turned-up trump and the predictions with every seat's points per
trick, the Coiffeur board with the lines each team still has open. It only reads the
game objects' state; the rules stay in the variants.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import card_code
from referee.coiffeur_board import Slot
from referee.variants.coiffeur import CoiffeurGame, CoiffeurHand
from referee.variants.differenzler import DifferenzlerGame, DifferenzlerHand
from referee.variants.schieber import SchieberGame, SchieberHand
from referee.variants.schieber_rules import LAST_TRICK_BONUS, TRICKS_PER_HAND
from referee.variants.sidi_barrani import (
    BID_STEP,
    HIGHEST_BID,
    Call,
    SidiBarraniGame,
    SidiHand,
)


@dataclass(frozen=True)
class CallView:
    seat: int
    kind: str
    """``bid``, ``pass``, ``double`` or ``counter``."""
    points: int | None = None
    mode: str | None = None


@dataclass(frozen=True)
class AuctionView:
    """Sidi-Barrani: the calls so far, whose call it is, and the contract."""

    calls: list[CallView]
    to_call: int | None
    """Who calls next while the auction is open."""
    high: CallView | None
    """The highest bid: the contract once the auction is over."""
    may_bid: bool
    """The seat to call may bid: the highest bid is the opponents' (or there is none)."""
    min_bid: int
    modes: list[str]
    """What a bid may name (the trump suits, with ``sang_bids`` Obenabe and Undenufe)."""
    may_double: bool
    may_counter: bool
    doubled: int
    made: bool | None
    """Whether the contract was made, once the hand is over."""
    passed_out: bool


@dataclass(frozen=True)
class PredictionsView:
    """Differenzler: the trump card, the predictions (hidden ones only once the hand is
    over) and every seat's card points per trick."""

    hidden: bool
    turnup: str | None
    predictions: list[int | None]
    predicted: list[bool]
    to_predict: int | None
    """Open announcement: the seat whose turn it is to predict."""
    unwritten: list[int]
    """Hidden announcement: seats whose note is not entered yet."""
    per_trick: list[list[int]] = field(default_factory=list)
    """For each finished trick, the card points each seat took (its winner the trick's)."""
    hands_left: int = 0


@dataclass(frozen=True)
class SlotView:
    name: str
    mode: str | None
    """``None`` for a joker (any mode)."""
    multiplier: int


@dataclass(frozen=True)
class CoiffeurView:
    """Coiffeur: the line this hand fills and the lines each team still has open."""

    slot: SlotView | None
    open: list[list[SlotView]]
    """Per team."""
    push: str


def family_phase(game: SchieberGame, hand: SchieberHand) -> str | None:
    """The phase of a hand in play where the variant differs from Schieber's ``trump``
    and ``play``: ``bid`` (the auction), ``turnup`` (the trump card is to be turned),
    ``predict`` (open predictions before the first card)."""
    if isinstance(game, SidiBarraniGame) and hand.mode is None:
        return "bid"
    if isinstance(game, DifferenzlerGame):
        assert isinstance(hand, DifferenzlerHand)
        if hand.mode is None:
            return "turnup"
        missing = any(p is None for p in hand.predictions)
        if game.rules.announcement == "open" and missing and not hand.tricks:
            return "predict"
    return None


def family_views(game: SchieberGame, hand: SchieberHand) -> dict[str, object]:
    """The extra fields of :class:`referee.live.LiveHand` for ``hand``."""
    if isinstance(game, SidiBarraniGame):
        assert isinstance(hand, SidiHand)
        return {"auction": _auction(game, hand)}
    if isinstance(game, DifferenzlerGame):
        assert isinstance(hand, DifferenzlerHand)
        return {"predictions": _predictions(game, hand)}
    if isinstance(game, CoiffeurGame):
        assert isinstance(hand, CoiffeurHand)
        return {"coiffeur": _coiffeur(game, hand)}
    return {}


def _call(call: Call) -> CallView:
    return CallView(call.seat, call.kind, call.points, call.mode)


def _auction(game: SidiBarraniGame, hand: SidiHand) -> AuctionView:
    open_auction = hand.mode is None and not hand.passed_out
    to_call = game.to_call(hand) if open_auction else None
    high = hand.bid
    opponents = high is None or (to_call is not None and game.side(to_call) != game.side(high.seat))
    doubling = game.rules.doubling
    modes = ["H", "D", "S", "C"] + (["obenabe", "undenufe"] if game.rules.sang_bids else [])
    return AuctionView(
        calls=[_call(c) for c in hand.calls],
        to_call=to_call,
        high=_call(high) if high is not None else None,
        may_bid=open_auction and opponents and (high is None or (high.points or 0) < HIGHEST_BID),
        min_bid=min(HIGHEST_BID, (high.points or 0) + BID_STEP) if high else BID_STEP,
        modes=modes,
        may_double=open_auction and high is not None and opponents and doubling != "off",
        may_counter=hand.doubled == 1 and doubling == "double-counter" and not hand.tricks,
        doubled=hand.doubled,
        made=game.made(hand),
        passed_out=hand.passed_out,
    )


def _predictions(game: DifferenzlerGame, hand: DifferenzlerHand) -> PredictionsView:
    hidden = game.rules.announcement == "hidden"
    shown = not hidden or hand.complete
    order = [(hand.dealer + 1 + i) % 4 for i in range(4)]
    waiting = [s for s in order if hand.predictions[s] is None]
    per_trick = []
    for trick in hand.tricks:
        if trick.winner is None:
            continue
        row = [0, 0, 0, 0]
        row[trick.winner] = sum(hand.mode.points[c] for c in trick.cards) if hand.mode else 0
        if trick.number == TRICKS_PER_HAND:
            row[trick.winner] += LAST_TRICK_BONUS
        per_trick.append(row)
    return PredictionsView(
        hidden=hidden,
        turnup=card_code(hand.turnup) if hand.turnup is not None else None,
        predictions=[hand.predicted(s) if shown else None for s in range(4)],
        predicted=[p is not None for p in hand.predictions],
        to_predict=waiting[0] if waiting and not hidden and not hand.tricks else None,
        unwritten=waiting if hidden and hand.mode is not None else [],
        per_trick=per_trick,
        hands_left=max(0, game.rules.hands - len(game.hands)),
    )


def _slot(slot: Slot) -> SlotView:
    return SlotView(slot.name, slot.mode, slot.multiplier)


def _coiffeur(game: CoiffeurGame, hand: CoiffeurHand) -> CoiffeurView:
    return CoiffeurView(
        slot=_slot(hand.slot) if hand.slot is not None else None,
        open=[[_slot(s) for s in game.open_slots(side)] for side in (0, 1)],
        push=game.rules.push,
    )
