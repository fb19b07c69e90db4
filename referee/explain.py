"""The dispute report: what happened, what the table proves, and every violation.

For each hand: what it was played for (the Schieber family's contract), the tricks as
played (who led, each seat's card, who took it, its card points), what each seat is
proven to have held at each trick — the cards the deal gave it, or, without a deal, the
cards it shows from that trick on (in a talon game only within phase 2, where nothing
is drawn any more) — and the tricks in which a seat did not follow the led suit. Then
every violation with its proof. The same data as JSON (``explain_data``) and as text
(``format_explanation``).
"""

from __future__ import annotations

from typing import Any

from referee.cards import card_code, codes
from referee.engine import Game, HandsGame
from referee.report import remedy_line
from referee.series import Series

SUIT_WORDS = ("hearts", "diamonds", "spades", "clubs")


def explain_data(series: Series) -> dict[str, Any]:
    """Every game of the log, hand by hand, with the proofs."""
    return {
        "variant": series.game.variant,
        "games": [_game(game) for game in series.games],
        "violations": [v.to_json() for g in series.games for v in g.violations],
    }


def _game(game: Game) -> dict[str, Any]:
    hands = getattr(game, "hands", [])
    return {"hands": [_hand(game, hand) for hand in hands]}


def _hand(game: Game, hand: Any) -> dict[str, Any]:
    mode = hand.mode
    points = mode.points if mode is not None else None
    phase1 = getattr(game, "phase1_tricks", 0)
    dealt = hand.dealt if isinstance(hand.dealt, list) else None
    tricks, held, not_followed = [], [], []
    for trick in hand.tricks:
        tricks.append(
            {
                "number": trick.number,
                "leader": trick.leader,
                "cards": {
                    str(s): card_code(c) for s, c in zip(trick.seats, trick.cards, strict=True)
                },
                "winner": trick.winner,
                "points": sum(points[c] for c in trick.cards) if points else 0,
            }
        )
        led = trick.cards[0] // 9
        for seat, c in zip(trick.seats[1:], trick.cards[1:], strict=True):
            if c // 9 != led:
                not_followed.append({"seat": seat, "trick": trick.number, "suit": SUIT_WORDS[led]})
    for seat in range(game.players):
        for trick in hand.tricks:
            if trick.number <= phase1 and dealt is None:
                continue
            later = [
                c
                for t in hand.tricks
                if t.number >= trick.number
                for s, c in zip(t.seats, t.cards, strict=True)
                if s == seat
            ]
            shown = sum(1 << c for c in later)
            if dealt is not None and trick.number == 1:
                shown |= dealt[seat]
            if shown:
                held.append({"seat": seat, "trick": trick.number, "held": codes(shown)})
    return {
        "index": hand.index,
        "mode": mode.mode if mode is not None else None,
        "contract": game.contract_of(hand) if isinstance(game, HandsGame) else None,
        "known_hands": dealt is not None or bool(getattr(hand, "dealt", False)),
        "tricks": tricks,
        "held": held,
        "not_followed": not_followed,
    }


def format_explanation(data: dict[str, Any]) -> str:
    lines = [f"Dispute report — {data['variant']}", ""]
    for number, game in enumerate(data["games"], start=1):
        if len(data["games"]) > 1:
            lines += [f"Game {number}", ""]
        for hand in game["hands"]:
            lines.append(
                f"Hand {hand['index'] + 1}: {hand['mode'] or 'no trump yet'}"
                + (", hands known from the deal" if hand["known_hands"] else ", hands not known")
            )
            if hand["contract"]:
                said = ", ".join(f"{k} {v}" for k, v in hand["contract"].items())
                lines.append(f"Played for: {said}")
            seats = sorted({int(s) for t in hand["tricks"] for s in t["cards"]})
            header = "trick  lead  " + "".join(f"seat {s:<3}" for s in seats) + " winner  points"
            lines += [header, "-" * len(header)]
            for t in hand["tricks"]:
                cards = "".join(f"{t['cards'].get(str(s), ''):<8}" for s in seats)
                winner = "" if t["winner"] is None else t["winner"]
                lines.append(
                    f"{t['number']:>5}  {t['leader']:>4}  {cards}{winner!s:>6}  {t['points']:>6}"
                )
            if hand["not_followed"]:
                lines.append("Did not follow the led suit (and what it was proven to hold of it):")
            for n in hand["not_followed"]:
                held = next(
                    (
                        h["held"]
                        for h in hand["held"]
                        if h["seat"] == n["seat"] and h["trick"] == n["trick"]
                    ),
                    [],
                )
                letter = "HDSC"[SUIT_WORDS.index(n["suit"])]
                of_suit = [c for c in held if c[0] == letter]
                proof = " ".join(of_suit) if of_suit else "none shown"
                lines.append(f"  seat {n['seat']}, trick {n['trick']}, {n['suit']} led: {proof}")
            lines.append("")
    if data["violations"]:
        lines.append(f"Violations ({len(data['violations'])}):")
        for v in data["violations"]:
            proven = f", proven at event {v['proven_at']}" if "proven_at" in v else ""
            lines.append(f"  event {v['event']}: {v['rule']}{proven} — {v['proof']}")
            if "remedy" in v and v["remedy"]["kind"] != "not-applied":
                lines.append(f"    remedy: {remedy_line(v['remedy'])}")
    else:
        lines.append("No violations.")
    return "\n".join(lines) + "\n"
