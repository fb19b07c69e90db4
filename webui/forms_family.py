"""From the board's forms to contract events for Sidi-Barrani, Differenzler and Coiffeur.

Like :mod:`webui.forms`: each value is read and checked here and a bad one raises
:class:`FormError` in the page's language before anything is written. Who calls, who
predicts, who doubles is taken from the live state where the rules decide it; what the
referee checks (an overbid, a team's open lines) it still checks.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.cards import UnknownCardError, card_code, parse_card
from referee.live import LiveHand, LiveState
from referee.live_family import AuctionView, CoiffeurView, PredictionsView
from referee.modes import MODES
from webui.forms import FormError, number_field
from webui.i18n import gettext as _

HAND_POINTS = 157


def _auction(live: LiveState) -> AuctionView:
    hand = live.hand
    if hand is None or hand.auction is None:
        raise FormError(_("this form is for a game of Sidi-Barrani"))
    return hand.auction


def _calling(live: LiveState) -> AuctionView:
    auction = _auction(live)
    if live.phase != "bid" or auction.to_call is None:
        raise FormError(_("the auction is over"))
    return auction


def bid_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """A bid by the seat whose call it is: points and a suit (or Obenabe/Undenufe)."""
    auction = _calling(live)
    points = number_field(form, "points", _("Bid"), auction.min_bid, HAND_POINTS)
    suit = form.get("suit", "")
    if suit not in auction.modes:
        raise FormError(_("Game: choose one of {modes}", modes=", ".join(auction.modes)))
    return [{"event": "bid", "seat": auction.to_call, "points": points, "suit": suit}]


def pass_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    return [{"event": "pass", "seat": _calling(live).to_call}]


def double_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    auction = _calling(live)
    if not auction.may_double:
        raise FormError(_("no bid can be doubled now"))
    return [{"event": "double", "seat": auction.to_call}]


def counter_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """The counter of the bidders, said by the one who bid."""
    auction = _auction(live)
    if not auction.may_counter or auction.high is None:
        raise FormError(_("only a doubled contract is countered, before the first card"))
    return [{"event": "counter", "seat": auction.high.seat}]


def _differenzler(live: LiveState) -> tuple[LiveHand, PredictionsView]:
    hand = live.hand
    if hand is None or hand.predictions is None:
        raise FormError(_("this form is for a game of Differenzler"))
    return hand, hand.predictions


def turnup_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """The dealer's last card, turned up: its suit is trump."""
    _differenzler(live)
    if live.phase != "turnup":
        raise FormError(_("the trump card is turned once, right after the deal"))
    text = (form.get("card") or "").strip()
    try:
        card = card_code(parse_card(text))
    except UnknownCardError:
        raise FormError(
            _("{card} is not a card (write e.g. H10, SJ, CU)", card=repr(text))
        ) from None
    return [{"event": "turnup", "card": card}]


def predict_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """Open: the prediction of the seat whose turn it is. Hidden: the note of a chosen
    seat that has not written one yet (while the hand is played or right after it)."""
    view = _differenzler(live)[1]
    points = number_field(form, "points", _("Prediction"), 0, HAND_POINTS)
    if view.hidden:
        seat = number_field(form, "seat", _("Seat"), 0, 3)
        if seat not in view.unwritten:
            raise FormError(_("that seat's note is written already"))
    elif view.to_predict is None:
        raise FormError(_("predictions are said before the first card"))
    else:
        seat = view.to_predict
    return [{"event": "predict", "seat": seat, "points": points}]


def coiffeur_trump_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """A line of the board chosen: the slot's own mode, or for a joker the mode chosen
    beside it. Pushed round the table, the chooser is named; to the partner, forehand
    or (``pushed``) its partner chooses, as in Schieber."""
    hand = live.hand
    if live.phase != "trump" or hand is None or hand.coiffeur is None:
        raise FormError(_("the game can be chosen only at the start of a hand"))
    board: CoiffeurView = hand.coiffeur
    slots = {s.name: s for team in board.open for s in team}
    slot = slots.get(form.get("slot", ""))
    if slot is None:
        raise FormError(_("choose a line of the board that is still open"))
    mode = slot.mode or form.get("joker_mode", "")
    if mode not in MODES:
        raise FormError(_("Game: choose one of {modes}", modes=", ".join(MODES)))
    assert hand.forehand is not None
    if board.push == "round":
        seat = number_field(form, "seat", _("Chosen by"), 0, 3)
        pushed = seat != hand.forehand
    else:
        pushed = form.get("pushed") == "on"
        seat = (hand.forehand + 2) % 4 if pushed else hand.forehand
    return [{"event": "trump", "seat": seat, "mode": mode, "pushed": pushed, "slot": slot.name}]
