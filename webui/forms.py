"""From the board's forms to contract events: every value read and checked here.

A bad value (a missing number, points over 157, a weis that is not one) raises
:class:`FormError` with a sentence for the person at the table, before anything is
written. What the referee checks (turn order, cards already played) it still checks.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.live import LiveState
from referee.modes import MODES
from referee.weis import WEIS_VALUES

HAND_POINTS = 157


class FormError(ValueError):
    pass


def _int(form: Mapping[str, str], key: str, what: str, low: int, high: int) -> int:
    raw = (form.get(key) or "").strip()
    try:
        value = int(raw)
    except ValueError:
        raise FormError(f"{what}: write a whole number from {low} to {high}") from None
    if not low <= value <= high:
        raise FormError(f"{what}: {value} is not between {low} and {high}")
    return value


def hand_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """A new hand: the dealer (suggested by the board, the forehand of the last)."""
    if live.phase not in ("deal",):
        raise FormError("a new hand can start only when the last one is finished")
    return [{"event": "hand", "dealer": _int(form, "dealer", "Dealer", 0, 3)}]


def trump_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """The game chosen: by forehand, or by its partner when pushed (schieben)."""
    mode = form.get("mode", "")
    if mode not in MODES:
        raise FormError(f"Game: choose one of {', '.join(MODES)}")
    pushed = form.get("pushed") == "on"
    hand = live.hand
    if hand is not None and hand.forehand is not None:
        seat = (hand.forehand + 2) % 4 if pushed else hand.forehand
    else:
        seat = _int(form, "seat", "Who chose", 0, 3)
    return [{"event": "trump", "seat": seat, "mode": mode, "pushed": pushed}]


def play_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    hand = live.hand
    if live.phase != "play" or hand is None or hand.to_play is None:
        raise FormError("no card can be played now")
    card = (form.get("card") or "").strip()
    if not card:
        raise FormError("choose a card")
    return [{"event": "play", "seat": hand.to_play, "card": card}]


def weis_values(text: str, side: int) -> list[int]:
    """``"50+20"`` → ``[50, 20]``: each a weis value of seed 003."""
    values: list[int] = []
    for part in text.replace(" ", "").split("+"):
        if not part:
            continue
        if not part.isdigit() or int(part) not in WEIS_VALUES:
            allowed = ", ".join(map(str, sorted(set(WEIS_VALUES))))
            raise FormError(f"Weis of side {side}: {part!r} is not a weis ({allowed}; add with +)")
        values.append(int(part))
    return values


def score_events(form: Mapping[str, str], live: LiveState) -> list[dict]:
    """A hand entered by hand: side 0's card points (side 1 gets 157 − x), a match,
    weis by points and stöck — as the ``weis``, ``stoeck`` and ``score`` events."""
    hand = live.hand
    if live.phase != "play" or hand is None or hand.tricks_done or hand.trick is not None:
        raise FormError("a score is entered after the game is chosen, instead of the plays")
    points = _int(form, "points", "Points of side 0+2", 0, HAND_POINTS)
    match_value = form.get("match", "")
    if match_value not in ("", "0", "1"):
        raise FormError("Match: none, side 0 or side 1")
    match = int(match_value) if match_value else None
    if match is not None and points != (HAND_POINTS if match == 0 else 0):
        raise FormError(f"a match means all {HAND_POINTS} card points went to that side")
    events: list[dict] = []
    for side in (0, 1):
        for value in weis_values(form.get(f"weis{side}", ""), side):
            events.append({"event": "weis", "seat": side, "points": value})
    stoeck = form.get("stoeck", "")
    if stoeck not in ("", "0", "1"):
        raise FormError("Stöck: none, side 0 or side 1")
    if stoeck:
        events.append({"event": "stoeck", "seat": int(stoeck)})
    events.append({"event": "score", "points": [points, HAND_POINTS - points], "match": match})
    return events


def rescore_event(form: Mapping[str, str], score_lines: dict[int, int]) -> list[dict]:
    """A correction of a hand entered by hand: new card points for side 0."""
    hand = _int(form, "hand", "Hand", 0, 10_000)
    if hand not in score_lines:
        raise FormError(f"hand {hand + 1} was not entered as a score; undo its plays instead")
    points = _int(form, "points", "Points of side 0+2", 0, HAND_POINTS)
    replacement = {"event": "score", "points": [points, HAND_POINTS - points], "match": None}
    return [{"event": "correction", "replaces": score_lines[hand], "with": replacement}]
