"""The verdict as text a player reads at the table: hands, violations, result, board."""

from __future__ import annotations

from referee.tavla import text_board
from referee.verdict import HandScore, Verdict

_GAMES = {
    "H": "trump ♥ Schellen",
    "D": "trump ♦ Schilten",
    "S": "trump ♠ Eicheln",
    "C": "trump ♣ Rosen",
    "obenabe": "Obenabe",
    "undenufe": "Undenufe",
}


def format_report(verdict: Verdict) -> str:
    sides = verdict.sides
    lines = [f"{verdict.variant.capitalize()} — {_settings(verdict.settings)}", ""]
    header = (
        f"{'hand':>4}  {'game':<18}{'×':>2}  {'side':<10}{'cards':>6}{'weis':>6}"
        f"{'stöck':>6}{'match':>6}{'scored':>8}{'total':>7}"
    )
    lines += [header, "-" * len(header)]
    running = [0, 0]
    for hand in verdict.hands:
        for side in (0, 1):
            running[side] += hand.scored[side]
            first = side == 0
            lines.append(
                (
                    f"{hand.index + 1:>4}  {_game(hand):<18}{hand.multiplier:>2}  "
                    if first
                    else " " * 28
                )
                + f"{sides[side]:<10}{hand.points[side]:>6}{hand.weis[side]:>6}"
                f"{hand.stoeck[side]:>6}{100 if hand.match == side else 0:>6}"
                f"{hand.scored[side]:>8}{running[side]:>7}"
            )
        if hand.melds:
            said = "; ".join(
                f"{sides[int(str(m['seat'])) % len(sides)]}: {m['meld']} ({m['points']})"
                for m in hand.melds
            )
            lines.append(" " * 6 + f"melds — {said}")
    lines.append("")
    if verdict.violations:
        lines.append(f"Violations ({len(verdict.violations)}):")
        for v in verdict.violations:
            proven = f" [proven at event {v.proven_at}]" if v.proven_at is not None else ""
            lines.append(f"  event {v.event}: {v.rule} — {v.proof}{proven}")
            if v.remedy is not None and v.remedy.kind != "not-applied":
                lines.append(f"    remedy: {remedy_line(v.remedy.to_json(v.award))}")
    else:
        lines.append("No violations.")
    for award in verdict.awards:
        lines.append(
            f"Award at event {award.event}: {sides[award.side]} +{award.points} "
            f"for the violation at event {award.settles}"
        )
    lines += ["", _result(verdict), "", "Board (tavla):"]
    for side in (0, 1):
        lines.append(
            f"  {sides[side]:<10}{verdict.totals[side]:>6}  {text_board(verdict.totals[side])}"
        )
    return "\n".join(lines) + "\n"


def _game(hand: HandScore) -> str:
    if hand.mode is None:
        return "(not chosen)"
    text = _GAMES.get(hand.mode, hand.mode)
    if hand.pushed:
        text += " ↷"
    if not hand.complete:
        text += f" ({hand.tricks}/9)"
    return text


def _settings(settings: dict[str, object]) -> str:
    rest = {k: v for k, v in settings.items() if k != "target"}
    text = f"target {settings.get('target')}"
    if rest:
        text += ", house rules: " + ", ".join(f"{k}={v}" for k, v in rest.items())
    else:
        text += ", the seed's rules"
    return text


def _result(verdict: Verdict) -> str:
    claim = verdict.claim
    if verdict.winner is None:
        if claim is not None and claim.status == "pending":
            return (
                f"Claim by seat {claim.seat} (event {claim.event}) waits for the first "
                "trick to finish (Stöck–Weis–Stich)."
            )
        return "No winner yet."
    text = f"Winner: {verdict.sides[verdict.winner]}"
    if claim is not None:
        how = "Stöck–Weis–Stich" if claim.rule == "stoeck-weis-stich" else "count"
        text += f" (claim by seat {claim.seat} at event {claim.event} {claim.status}, {how})"
    if verdict.schneider:
        text += " — the losers are schneider (double loss)"
    return text + "."


def remedy_line(remedy: dict) -> str:
    """A violation's remedy in one line: the text, its seed source, and whether the
    players have settled it."""
    text = str(remedy["text"])
    if remedy["kind"] == "players":
        award = remedy.get("award")
        text += f" Settled by the award at event {award}." if award is not None else " Open."
    if "source" in remedy:
        text += f" [{remedy['source']}]"
    return text
