"""Events and verdict helpers shared by the talon games' seed tests (Schmaus,
Frantsfuus, Smousjas): the contract's events as the tests write them, and the
verdict's violations as the tests compare them. Each game's own oracle (card order,
duties, deals) stays in its test file, written from its own seed."""

from __future__ import annotations


def suit(card: str) -> str:
    return card[0]


def rank(card: str) -> str:
    return card[1:]


def play(seat: int, card: str) -> dict:
    return {"event": "play", "seat": seat, "card": card}


def draw(seat: int, card: str | None) -> dict:
    return {"event": "draw", "seat": seat, "card": card}


def weis(seat: int, cards: list[str]) -> dict:
    return {"event": "weis", "seat": seat, "cards": list(cards)}


def said(seat: int, points: int) -> dict:
    """A meld said by its value only (``weis`` with ``points``), shown later or never."""
    return {"event": "weis", "seat": seat, "points": points}


def bedanken(seat: int) -> dict:
    return {"event": "bedanken", "seat": seat}


def rob(seat: int, card: str) -> dict:
    return {"event": "rob", "seat": seat, "card": card}


def idx(events: list[dict], **fields: object) -> int:
    """The line index of the one event having all ``fields``."""
    hits = [i for i, ev in enumerate(events) if all(ev.get(k) == v for k, v in fields.items())]
    assert len(hits) == 1, (fields, hits)
    return hits[0]


def viol(v: dict) -> list[tuple]:
    """The verdict's violations as sorted (rule, event, seat) triples."""
    return sorted((x["rule"], x["event"], x["seat"]) for x in v["violations"])
