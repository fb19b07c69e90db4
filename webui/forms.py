"""From the board's forms to contract events: every value read and checked here.

A bad value (a missing number, points over 157, a weis that is not one) raises
:class:`FormError` with a sentence for the person at the table, in the page's
language, before anything is written. What the referee checks (turn order, cards
already played, a false weis) it still checks.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee import VARIANTS
from referee.cards import UnknownCardError, card_code, parse_card
from referee.live import LiveState
from referee.modes import MODES
from referee.settings import MAX_NUMBER
from referee.weis import WEIS_VALUES
from webui.i18n import gettext as _

HAND_POINTS = 157
MAX_NAME = 24


class FormError(ValueError):
    pass


def number_field(form: Mapping[str, str], key: str, what: str, low: int, high: int) -> int:
    raw = (form.get(key) or "").strip()
    try:
        value = int(raw)
    except ValueError:
        raise FormError(
            _("{what}: write a whole number from {low} to {high}", what=what, low=low, high=high)
        ) from None
    if not low <= value <= high:
        raise FormError(
            _(
                "{what}: {value} is not between {low} and {high}",
                what=what,
                value=value,
                low=low,
                high=high,
            )
        )
    return value


def _seat(form: Mapping[str, str]) -> int:
    return number_field(form, "seat", _("Seat"), 0, 3)


def hand_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """A new hand: the dealer (suggested by the board, the forehand of the last)."""
    if live.phase != "deal":
        raise FormError(_("a new hand can start only when the last one is finished"))
    return [{"event": "hand", "dealer": number_field(form, "dealer", _("Dealer"), 0, 3)}]


def trump_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """The game chosen: by forehand, or by its partner when pushed (schieben)."""
    if live.phase != "trump":
        raise FormError(_("the game can be chosen only at the start of a hand"))
    mode = form.get("mode", "")
    if mode not in MODES:
        raise FormError(_("Game: choose one of {modes}", modes=", ".join(MODES)))
    pushed = form.get("pushed") == "on"
    hand = live.hand
    if hand is not None and hand.forehand is not None:
        seat = (hand.forehand + 2) % 4 if pushed else hand.forehand
    else:
        seat = number_field(form, "seat", _("Chosen by"), 0, 3)
    return [{"event": "trump", "seat": seat, "mode": mode, "pushed": pushed}]


def play_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    hand = live.hand
    if live.phase != "play" or hand is None or hand.to_play is None:
        raise FormError(_("no card can be played now"))
    card = (form.get("card") or "").strip()
    if not card:
        raise FormError(_("choose a card"))
    return [{"event": "play", "seat": hand.to_play, "card": card}]


def weis_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """A weis announced by its points (the cards, when shown, come from the camera)."""
    if live.phase != "play":
        raise FormError(_("a weis is announced while a hand is played"))
    seat = _seat(form)
    points = number_field(form, "points", _("Weis"), 20, 300)
    if points not in WEIS_VALUES:
        raise FormError(_("{points} is not the value of a weis", points=points))
    return [{"event": "weis", "seat": seat, "points": points}]


def stoeck_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    if live.phase != "play":
        raise FormError(_("stöck is announced while a hand is played"))
    return [{"event": "stoeck", "seat": _seat(form)}]


def bedanken_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    if live.phase == "over":
        raise FormError(_("the game is over"))
    return [{"event": "bedanken", "seat": _seat(form)}]


def weis_values(text: str, side: int) -> list[int]:
    """``"50+20"`` → ``[50, 20]``: each a weis value of seed 003."""
    values: list[int] = []
    for part in text.replace(" ", "").split("+"):
        if not part:
            continue
        if not part.isdigit() or int(part) not in WEIS_VALUES:
            allowed = ", ".join(map(str, sorted(set(WEIS_VALUES))))
            raise FormError(
                _(
                    "Weis of side {side}: {part} is not a weis ({allowed}; add with +)",
                    side=side,
                    part=repr(part),
                    allowed=allowed,
                )
            )
        values.append(int(part))
    return values


def score_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """A hand entered by hand: side 0's card points (side 1 gets 157 − x), a match,
    weis by points and stöck — as the ``weis``, ``stoeck`` and ``score`` events."""
    hand = live.hand
    if live.phase != "play" or hand is None or hand.tricks_done or hand.trick is not None:
        raise FormError(_("a score is entered after the game is chosen, instead of the plays"))
    points = number_field(form, "points", _("Card points"), 0, HAND_POINTS)
    match_value = form.get("match", "")
    if match_value not in ("", "0", "1"):
        raise FormError(_("Match: none, side 0 or side 1"))
    match = int(match_value) if match_value else None
    if match is not None and points != (HAND_POINTS if match == 0 else 0):
        raise FormError(_("a match means all 157 card points went to that side"))
    events: list[dict] = []
    for side in (0, 1):
        for value in weis_values(form.get(f"weis{side}", ""), side):
            events.append({"event": "weis", "seat": side, "points": value})
    stoeck = form.get("stoeck", "")
    if stoeck not in ("", "0", "1"):
        raise FormError(_("Stöck: none, side 0 or side 1"))
    if stoeck:
        events.append({"event": "stoeck", "seat": int(stoeck)})
    events.append({"event": "score", "points": [points, HAND_POINTS - points], "match": match})
    return events


def rescore_event(form: Mapping[str, str], score_lines: dict[int, int]) -> list[dict]:
    """A correction of a hand entered by hand: new card points for side 0."""
    hand = number_field(form, "hand", _("Hand"), 0, 10_000)
    if hand not in score_lines:
        raise FormError(_("hand {n} was not entered as a score", n=hand + 1))
    points = number_field(form, "points", _("Card points"), 0, HAND_POINTS)
    replacement = {"event": "score", "points": [points, HAND_POINTS - points], "match": None}
    return [{"event": "correction", "replaces": score_lines[hand], "with": replacement}]


def fix_card_event(form: Mapping[str, str], play_lines: list[tuple[int, int, str]]) -> list[dict]:
    """A misread card put right: the play's line is replaced by the same seat playing
    the card that was really on the table (a ``correction``, the old line stays)."""
    line = number_field(form, "line", _("Card"), 1, 10**9)
    found = next(((seat, card) for ln, seat, card in play_lines if ln == line), None)
    if found is None:
        raise FormError(_("choose a card played in this hand"))
    try:
        card = card_code(parse_card((form.get("card") or "").strip()))
    except UnknownCardError:
        raise FormError(
            _("{card} is not a card (write e.g. H10, SJ, CU)", card=repr(form.get("card", "")))
        ) from None
    if card == found[1]:
        raise FormError(_("that is the card already written"))
    replacement = {"event": "play", "seat": found[0], "card": card}
    return [{"event": "correction", "replaces": line, "with": replacement}]


def game_header(form: Mapping[str, str]) -> dict:
    """A new game's ``game`` event: variant, target, the house rules that differ from
    the seed, and the players' names (an extension the referee ignores).

    The form holds every variant's rules side by side, so each field is named for its
    variant (``target_smousjas``, ``rule_frantsfuus_match``: Schieber has a ``match``
    rule too, with other choices); a plain ``target`` / ``rule_NAME`` is read when the
    variant's own field is absent."""
    variant = form.get("variant", "")
    if variant not in VARIANTS:
        raise FormError(_("Variant: choose one of {names}", names=", ".join(VARIANTS)))
    game = VARIANTS[variant]
    rules_class = game.rules_class

    def field(name: str) -> str | None:
        own = form.get(f"rule_{variant}_{name}")
        return own if own is not None else form.get(f"rule_{name}")

    players = [(form.get(f"player{seat}") or "").strip() for seat in range(game.players)]
    if any(len(name) > MAX_NAME for name in players):
        raise FormError(_("a name has at most {n} letters", n=MAX_NAME))
    given = {item["name"]: field(item["name"]) for item in rules_class.describe()}
    values: dict[str, object] = {
        name: value for name, value in given.items() if name != "target" and value
    }
    header: dict = {"event": "game", "variant": variant}
    if "target" in given:  # Schnüffler is won by strokes, not at a number of points
        key = f"target_{variant}" if f"target_{variant}" in form else "target"
        values["target"] = header["target"] = number_field(form, key, _("Target"), 1, MAX_NUMBER)
    rules, refused = rules_class().with_values(values)
    if refused:
        raise FormError("; ".join(refused))
    settings = {k: v for k, v in rules.changed().items() if k != "target"}
    if settings:
        header["settings"] = settings
    if any(players):
        header["players"] = players
    return header


def award_events(form: Mapping[str, str], verdict: dict, accepted: bool) -> list[dict]:
    """The players' decision on a violation the rules give no remedy for: points to
    one side, as an ``award`` event naming the violation's line (``accepted``: whether
    the game takes awards)."""
    line = number_field(form, "for", _("Violation"), 1, 10**9)
    open_ones = [
        v
        for v in verdict["violations"]
        if v["event"] == line
        and v.get("remedy", {}).get("kind") == "players"
        and not v["remedy"]["applied"]
    ]
    if not open_ones or not accepted:
        raise FormError(_("choose a violation the players decide on, not yet settled"))
    side = number_field(form, "side", _("Side"), 0, 1)
    points = number_field(form, "points", _("Points"), 1, MAX_NUMBER)
    return [{"event": "award", "side": side, "points": points, "for": line}]
