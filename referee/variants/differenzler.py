"""Differenzler: each of four players predicts the card points it will take, alone.

Seed 004 lists the game ("Differenzler mit offener Ansage", "Differenzler mit verdeckter
Ansage") without its text; the rules here are jassverzeichnis.ch's
(``referee.settings.DIFFERENZLER_PAGE``): "Nach dem Abheben wird die unterste Karte vom
Stapel offen hingelegt. Diese Karte gibt die Trumpffarbe bekannt." — "Sind die Karten
verteilt, beginnt die rechte Person vom Kartenausteiler (= «Vorhand») mit der Ansage
einer Punktzahl ... Ist die Punktzahl geäussert, kann Sie nur so lange korrigiert
werden, bevor der nächste Spieler seine Ansage gemacht hat." — "Sind alle Karten
gespielt, zählt jeder Spieler seine eigenen Punkte (nicht vergessen: für den letzten
Stich gibt es zusätzlich 5 Punkte). Weise gelten nicht ... Der Schreiber notiert die
Differenz zwischen der Ansage und der erspielten Punktzahl." — "Beim Differenzler mit
verdeckter Ansage, müssen die Punkte auf einen Zettel notiert werden."

The cards are played as in Schieber (the engine's duties), each seat for itself: a
"side" here is a seat. Events: ``turnup`` (``card``: the dealer's last card, face up;
its suit is trump), ``predict`` (``seat``, ``points``), ``play``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import SUIT_LETTERS, Card, card_code, card_suit
from referee.engine import Event, Refused, Seat
from referee.settings import DifferenzlerRules
from referee.variants.schieber import PLAYERS, SchieberGame, SchieberHand
from referee.variants.schieber_rules import LAST_TRICK_BONUS

HAND_POINTS = 152 + LAST_TRICK_BONUS
EXACT_BONUS = -10


@dataclass
class Prediction:
    seat: Seat
    points: int
    event: int


@dataclass
class DifferenzlerHand(SchieberHand):
    turnup: Card | None = None
    predictions: list[Prediction | None] = field(default_factory=lambda: [None] * PLAYERS)
    closed: bool = False
    """The next hand has started: a note still missing will not come."""

    def predicted(self, seat: Seat) -> int | None:
        prediction = self.predictions[seat]
        return prediction.points if prediction is not None else None


class DifferenzlerGame(SchieberGame):
    variant = "differenzler"
    title = "Differenzler"
    rules_class = DifferenzlerRules
    rules: DifferenzlerRules
    events = frozenset({"hand", "deal", "turnup", "predict", "play"})
    hand_class = DifferenzlerHand
    hands: list[DifferenzlerHand]
    sides = PLAYERS

    def side(self, seat: Seat) -> int:
        """No partners: every seat scores for itself."""
        return seat

    def club_seven_leads(self) -> bool:
        return False

    def expected_dealer(self, previous: SchieberHand) -> Seat:
        return (previous.dealer + 1) % PLAYERS

    def dealer_reason(self, previous: SchieberHand) -> str:
        return f"the next seat after the dealer of hand {previous.index + 1}"

    def side_names(self) -> list[str]:
        return [f"seat {s}" for s in range(PLAYERS)]

    def verdict_settings(self) -> dict[str, object]:
        return {"hands": self.rules.hands, **self.rules.changed()}

    # --- events -------------------------------------------------------------------------

    def on_hand(self, index: int, event: Event) -> None:
        last = self.hands[-1] if self.hands else None
        closing = last is not None and last.complete and not last.closed
        if last is not None and closing:
            last.closed = True
        try:
            super().on_hand(index, event)
        except Refused:
            if last is not None and closing:
                last.closed = False
            raise
        if len(self.hands) < 2:
            return
        previous = self.hands[-2]
        for seat in range(PLAYERS):
            if previous.predictions[seat] is None:
                self.flag(
                    index,
                    seat,
                    "illegal-event",
                    f"seat {seat} made no prediction in hand {previous.index + 1}; its "
                    "difference counts from 0",
                )

    def on_turnup(self, index: int, event: Event) -> None:
        """ "Diese Karte gibt die Trumpffarbe bekannt": the dealer's last card."""
        hand: DifferenzlerHand = self.hand_to_choose(event)
        c = self.card_of(event.get("card"))
        if hand.dealt is not None and not hand.dealt[hand.dealer] >> c & 1:
            owner = next(s for s in range(PLAYERS) if hand.dealt[s] >> c & 1)
            raise Refused(
                "illegal-event",
                f"{card_code(c)} was dealt to seat {owner}; the trump card is the dealer's "
                f"(seat {hand.dealer}) last card",
            )
        self.choose(hand, index, hand.dealer, SUIT_LETTERS[card_suit(c)], False)
        hand.turnup, hand.chooser = c, None

    def on_predict(self, index: int, event: Event) -> None:
        """Open: in turn from forehand, the dealer last, before the first card; the last
        one said may be corrected until the next is. Hidden: a note per seat, shown when
        the hand is over, so it may be entered until the next hand starts."""
        seat = self.seat_of(event)
        points = event.get("points")
        if (
            not isinstance(points, int)
            or isinstance(points, bool)
            or not 0 <= points <= HAND_POINTS
        ):
            raise Refused(
                "illegal-event",
                f"seat {seat} predicted {points!r}; a prediction is 0 to {HAND_POINTS}",
                seat,
            )
        last = self.hands[-1] if self.hands else None
        hidden = self.rules.announcement == "hidden"
        if hidden and last is not None and last.complete and last.mode is not None:
            hand = last
        else:
            hand = self.playing_hand(event)
        if hidden:
            if hand.predictions[seat] is not None:
                raise Refused(
                    "illegal-event",
                    f"seat {seat} already wrote its prediction for hand {hand.index + 1} "
                    f"(line {hand.predictions[seat].event}); correct that line instead",
                    seat,
                )
        else:
            self._check_open_turn(hand, seat)
        hand.predictions[seat] = Prediction(seat, points, index)

    def _check_open_turn(self, hand: DifferenzlerHand, seat: Seat) -> None:
        if hand.tricks:
            raise Refused(
                "illegal-event",
                f"seat {seat} predicted after the first card of hand {hand.index + 1}; open "
                "predictions come before it",
                seat,
            )
        assert hand.forehand is not None
        order = [(hand.forehand + i) % PLAYERS for i in range(PLAYERS)]
        waiting = [s for s in order if hand.predictions[s] is None]
        said = [s for s in order if hand.predictions[s] is not None]
        correcting = bool(said) and seat == said[-1]
        if not correcting and (not waiting or seat != waiting[0]):
            expected = f"seat {waiting[0]} is" if waiting else "all four have"
            raise Refused(
                "out-of-turn",
                f"seat {seat} predicted in hand {hand.index + 1}, but {expected} to predict "
                "(forehand first, the dealer last)",
                seat,
            )

    def on_play(self, index: int, event: Event) -> None:
        hand: DifferenzlerHand = self.playing_hand(event)
        seat = self.seat_of(event)
        c = self.card_of(event.get("card"), seat)
        if c == hand.turnup and seat != hand.dealer:
            raise Refused(
                "card-not-in-hand",
                f"seat {seat} played {card_code(c)}, the dealer's (seat {hand.dealer}) "
                "turned-up trump card",
                seat,
            )
        if self.rules.announcement == "open" and not hand.tricks:
            missing = [s for s in range(PLAYERS) if hand.predictions[s] is None]
            if missing:
                raise Refused(
                    "illegal-event",
                    f"seat {seat} played before seat {missing[0]} predicted; open "
                    "predictions come before the first card",
                    seat,
                )
        super().on_play(index, event)

    # --- booking ------------------------------------------------------------------------

    def booked(self, hand: DifferenzlerHand) -> bool:
        """Whether the hand's differences are written: it is over and every prediction
        is known (with hidden notes the last may come after the last card), or the next
        hand has started."""
        known = all(p is not None for p in hand.predictions)
        return hand.complete and (known or hand.closed)

    def multiplier_of(self, hand: SchieberHand) -> int:
        return 1

    def match_of(self, hand: SchieberHand) -> int | None:
        """ "Alle Stiche, auch ein Match, sind 157 Punkte" (jasswelt.ch): no bonus."""
        return None

    def book(
        self, hand: SchieberHand, match: int | None, weis: list[int], stoeck: list[int]
    ) -> list[int]:
        """Each seat writes the difference between its prediction and its card points
        (last trick included), once the hand is over; a missing prediction counts as 0.
        House rule ``exact_bonus``: an exact prediction writes −10."""
        assert isinstance(hand, DifferenzlerHand)
        if not self.booked(hand):
            return [0] * PLAYERS
        scored = []
        for seat in range(PLAYERS):
            difference = abs((hand.predicted(seat) or 0) - hand.points[seat])
            exact = difference == 0 and self.rules.exact_bonus
            scored.append(EXACT_BONUS if exact else difference)
        return scored

    def contract_of(self, hand: SchieberHand) -> dict[str, object] | None:
        """The predictions; with hidden announcement only whether each seat wrote one,
        until the hand is over."""
        assert isinstance(hand, DifferenzlerHand)
        shown = hand.complete or self.rules.announcement == "open"
        return {
            "predictions": [hand.predicted(s) if shown else None for s in range(PLAYERS)],
            "predicted": [p is not None for p in hand.predictions],
            "booked": self.booked(hand),
        }

    def end_after_hand(self) -> bool:
        """After ``hands`` hands the lowest total wins; a tie for it plays another hand
        ("bei einem Unentschieden wird eine Runde länger gespielt", jassen.ch)."""
        last = self.hands[-1] if self.hands else None
        if self.over or len(self.hands) < self.rules.hands or not last or not self.booked(last):
            return False
        totals = self.totals()
        low = min(totals)
        if totals.count(low) > 1:
            return False
        self.over, self.winner = True, totals.index(low)
        return True


__all__ = ["DifferenzlerGame", "DifferenzlerHand", "Prediction"]
