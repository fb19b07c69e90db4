"""From the board's forms to contract events for the two-player games and Schnüffler.

Like :mod:`webui.forms`: every value is read and checked here, and a bad one raises
:class:`FormError` in the page's language before anything is written. Who acts is
taken from the live state where the rules decide it (whose turn, who draws), so a
phone cannot write a play for the wrong seat by mistake; what the referee checks
(cards held, melds, claims) it still checks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from referee.cards import UnknownCardError, card_code, parse_card
from referee.live_games import GamesLive, TalonLive
from webui.forms import FormError, number_field
from webui.i18n import gettext as _

MAX_MELD_CARDS = 8


def _seat(form: Mapping[str, str]) -> int:
    return number_field(form, "seat", _("Seat"), 0, 1)


def _card(value: str | None) -> str:
    text = (value or "").strip()
    if not text:
        raise FormError(_("choose a card"))
    try:
        return card_code(parse_card(text))
    except UnknownCardError:
        message = _("{card} is not a card (write e.g. H10, SJ, CU)", card=repr(text))
        raise FormError(message) from None


def _cards(value: str | None) -> list[str]:
    """``"HA hk, HQ"`` → ``["HA", "HK", "HQ"]``: the cards of a meld."""
    parts = [p for p in re.split(r"[\s,;+]+", value or "") if p]
    if not parts:
        raise FormError(_("write the cards of the meld, e.g. HA HK HQ"))
    if len(parts) > MAX_MELD_CARDS:
        raise FormError(_("a meld has at most {n} cards", n=MAX_MELD_CARDS))
    return [_card(p) for p in parts]


def _talon(live: GamesLive, phase: str, why: str) -> TalonLive:
    if live.phase != phase or live.talon is None:
        raise FormError(why)
    return live.talon


def hand_events(form: Mapping[str, str], live: GamesLive) -> list[dict]:
    if live.phase != "deal":
        raise FormError(_("a new hand can start only when the last one is finished"))
    return [{"event": "hand", "dealer": number_field(form, "dealer", _("Dealer"), 0, 1)}]


def turnup_events(form: Mapping[str, str], live: GamesLive) -> list[dict]:
    _talon(live, "turnup", _("the trump card is turned once, right after the deal"))
    return [{"event": "turnup", "card": _card(form.get("card"))}]


def play_events(form: Mapping[str, str], live: GamesLive) -> list[dict]:
    hand = _talon(live, "play", _("no card can be played now"))
    if hand.to_play is None:
        raise FormError(_("no card can be played now"))
    return [{"event": "play", "seat": hand.to_play, "card": _card(form.get("card"))}]


def draw_events(form: Mapping[str, str], live: GamesLive) -> list[dict]:
    """The next draw: ``card`` is a card seen, ``turnup`` the face-up card, empty a
    card nobody at the board saw (``"card": null``)."""
    hand = _talon(live, "draw", _("nobody draws now"))
    choice = (form.get("card") or "").strip()
    if choice == "turnup":
        if hand.turnup is None:
            raise FormError(_("the face-up card is gone"))
        card: str | None = hand.turnup
    else:
        card = _card(choice) if choice else None
    return [{"event": "draw", "seat": hand.draws[0], "card": card}]


def rob_events(form: Mapping[str, str], live: GamesLive) -> list[dict]:
    hand = live.talon
    if hand is None or not hand.can_rob or hand.robber is None:
        raise FormError(_("the face-up card cannot be robbed now"))
    return [{"event": "rob", "seat": _seat(form), "card": hand.robber}]


def meld_events(form: Mapping[str, str], live: GamesLive) -> list[dict]:
    if live.phase not in ("play", "draw"):
        raise FormError(_("melds are declared while a hand is played"))
    return [{"event": "weis", "seat": _seat(form), "cards": _cards(form.get("cards"))}]


def stoeck_events(form: Mapping[str, str], live: GamesLive) -> list[dict]:
    """Stöck, belle or stuk (trump K+Q); in Smousjas with ``cards`` another mariage."""
    if live.phase not in ("play", "draw"):
        raise FormError(_("stöck is announced while a hand is played"))
    event: dict = {"event": "stoeck", "seat": _seat(form)}
    if (form.get("cards") or "").strip():
        event["cards"] = _cards(form.get("cards"))
    return [event]


def claim_events(form: Mapping[str, str], live: GamesLive) -> list[dict]:
    if live.phase == "over":
        raise FormError(_("the game is over"))
    return [{"event": "bedanken", "seat": _seat(form)}]


def question_events(form: Mapping[str, str], live: GamesLive) -> list[dict]:
    tally = live.tally
    if live.phase != "ask" or tally is None or tally.to_ask is None:
        raise FormError(_("nobody asks now"))
    event: dict = {"event": "question", "seat": tally.to_ask}
    text = (form.get("text") or "").strip()
    if text:
        event["text"] = text[:200]
    return [event]


def guess_events(form: Mapping[str, str], live: GamesLive) -> list[dict]:
    """A blind card named, with the other player's answer (``right``: yes or no)."""
    tally = live.tally
    if live.phase != "ask" or tally is None or tally.to_ask is None:
        raise FormError(_("nobody asks now"))
    answer = form.get("right", "")
    if answer not in ("yes", "no"):
        raise FormError(_("give the other player's answer: in the blind, yes or no"))
    card = _card(form.get("card"))
    return [{"event": "guess", "seat": tally.to_ask, "card": card, "right": answer == "yes"}]


def next_game_events(live: GamesLive, header: dict) -> list[dict]:
    """The next game of the series in the same log: the same variant (the referee keeps
    the house rules of the first game) and the players' names."""
    if live.phase != "over":
        raise FormError(_("the next game starts once this one is decided"))
    if live.series_over:
        raise FormError(_("the series is over"))
    event: dict = {"event": "game", "variant": header.get("variant")}
    if isinstance(header.get("players"), list):
        event["players"] = header["players"]
    return [event]
