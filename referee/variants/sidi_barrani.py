"""Sidi-Barrani: Schieber with an auction for the trump and a number of card points.

Seed 004 (``004_b3f8bf754eca75fe.txt``, "Sidi-Barrani für 4 Spieler"): the teams are
Schieber's; "Beim Bieten werden eine Punktzahl und die Trumpffarbe angesagt, die man mit
diesem Trumpf zu erreichen glaubt. Weis- und Stöckpunkte werden beim Bieten nicht
berücksichtigt. Wenn eine gemachte Ansage vom Gegner nicht überboten wird, darf diese
nicht mehr erhöht werden. Das Team mit dem höchsten Gebot übernimmt das Spiel, wobei der
Spieler mit der letzten Ansage zum ersten Stich ausspielt. Die zuletzt angesagte Farbe
ist Trumpf, alle Trumpffarben werden einfach gewertet." A player who does not bid says
«fort». The card play, weis, stöck and claims are Schieber's (the engine's); this module
adds the auction and books a hand by its contract (house rule ``contract``; the seed
has no rule for it, the default is jassverzeichnis.ch's).

Events: ``bid`` (``seat``, ``points``, ``suit``), ``pass`` (``seat``), and with house
rule ``doubling``: ``double`` (``seat``, an opponent of the highest bidder, in turn; it
ends the auction) and ``counter`` (``seat``, one of the bidders, before the first card).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine import Event, Refused, Seat
from referee.modes import OBENABE, TRUMP_MODES, UNDENUFE, Mode
from referee.settings import SidiBarraniRules
from referee.variants.schieber import SchieberGame, SchieberHand
from referee.variants.schieber_rules import TRICKS_PER_HAND

HIGHEST_BID = 157
BID_STEP = 5
"""Seed 004: "Asse einer Farbe ... werden mit 5 Punkten angesagt" (95, 105, 115)."""
DOUBLING = (1, 2, 4)
"""The hand's factor: as bid, doubled, doubled and countered."""


@dataclass
class Call:
    """One call of the auction: ``bid`` (with points and a mode), ``pass``, ``double``
    or ``counter``."""

    seat: Seat
    event: int
    kind: str
    points: int | None = None
    mode: Mode | None = None


@dataclass
class SidiHand(SchieberHand):
    calls: list[Call] = field(default_factory=list)
    bid: Call | None = None
    """The highest bid so far: at the end of the auction, the contract."""
    passes: int = 0
    """Passes since the last bid (or since the start)."""
    doubled: int = 0
    """0, 1 (doubled) or 2 (doubled and countered)."""
    passed_out: bool = False
    """All four passed: nobody plays this hand."""


class SidiBarraniGame(SchieberGame):
    variant = "sidi-barrani"
    title = "Sidi-Barrani"
    rules_class = SidiBarraniRules
    rules: SidiBarraniRules
    events = frozenset(
        {
            "hand",
            "deal",
            "bid",
            "pass",
            "double",
            "counter",
            "weis",
            "play",
            "score",
            "stoeck",
            "bedanken",
        }
    )
    hand_class = SidiHand
    hands: list[SidiHand]

    # --- who deals and leads ------------------------------------------------------------

    def club_seven_leads(self) -> bool:
        """Seed 004: "Der Spielgeber wird durch Ziehen einer Karte aus dem Kartenspiel
        ermittelt ... Die folgenden Spiele werden der Reihe nach in Spielrichtung
        gegeben": no ♣7 rule, the dealer's next seat is forehand in every hand."""
        return False

    def expected_dealer(self, previous: SchieberHand) -> Seat:
        assert isinstance(previous, SidiHand)
        if previous.passed_out and self.rules.passed_out == "same-dealer":
            return previous.dealer
        return (previous.dealer + 1) % 4

    def dealer_reason(self, previous: SchieberHand) -> str:
        return f"the next seat after the dealer of hand {previous.index + 1}"

    def to_call(self, hand: SidiHand) -> Seat:
        """Forehand calls first, then each seat in playing order."""
        if not hand.calls:
            assert hand.forehand is not None
            return hand.forehand
        return (hand.calls[-1].seat + 1) % 4

    # --- the auction --------------------------------------------------------------------

    def _auction(self, event: Event) -> tuple[SidiHand, Seat]:
        """The hand whose auction this call belongs to, and the seat calling in turn."""
        hand: SidiHand = self.hand_in_play(event)
        seat = self.seat_of(event)
        if hand.mode is not None:
            raise Refused(
                "illegal-event",
                f"seat {seat}: the auction of hand {hand.index + 1} is over",
                seat,
            )
        expected = self.to_call(hand)
        if seat != expected:
            raise Refused(
                "out-of-turn",
                f"seat {seat} called in the auction of hand {hand.index + 1}, but seat "
                f"{expected} was to call",
                seat,
            )
        return hand, seat

    def on_bid(self, index: int, event: Event) -> None:
        """Seed 004: "Jeder Spieler kann in jedem Spiel die Trumpffarbe wählen, indem er
        ein Gebot macht ... Wenn eine gemachte Ansage vom Gegner nicht überboten wird,
        darf diese nicht mehr erhöht werden.\""""
        hand, seat = self._auction(event)
        points = event.get("points")
        if (
            not isinstance(points, int)
            or isinstance(points, bool)
            or not BID_STEP <= points <= HIGHEST_BID
            or (points % BID_STEP and points != HIGHEST_BID)
        ):
            raise Refused(
                "illegal-event",
                f"seat {seat} bid {points!r}; a bid is {BID_STEP} to 155 card points in steps "
                f"of {BID_STEP}, or {HIGHEST_BID}",
                seat,
            )
        modes = TRUMP_MODES + ((OBENABE, UNDENUFE) if self.rules.sang_bids else ())
        mode = self.mode_of(event.get("suit"), seat, modes)
        top = hand.bid
        if top is not None and self.side(top.seat) == self.side(seat):
            raise Refused(
                "illegal-event",
                f"seat {seat} raised the bid of its partner (seat {top.seat}, {top.points}), "
                'which the opponents did not overbid; seed 004: "Wenn eine gemachte Ansage '
                'vom Gegner nicht überboten wird, darf diese nicht mehr erhöht werden"',
                seat,
            )
        if top is not None and points <= top.points:
            raise Refused(
                "illegal-event",
                f"seat {seat} bid {points}, which does not overbid seat {top.seat}'s {top.points}",
                seat,
            )
        call = Call(seat, index, "bid", points, mode)
        hand.calls.append(call)
        hand.bid, hand.passes = call, 0

    def on_pass(self, index: int, event: Event) -> None:
        """«fort» (seed 004's glossary: "Bemerkung, wenn kein Angebot (mehr) gemacht
        werden kann"). Three passes after a bid end the auction; four without one pass
        the hand out (house rule ``passed_out`` says who deals next)."""
        hand, seat = self._auction(event)
        hand.calls.append(Call(seat, index, "pass"))
        hand.passes += 1
        if hand.bid is None and hand.passes == 4:
            hand.passed_out = hand.complete = True
        elif hand.bid is not None and hand.passes == 3:
            self._close_auction(hand, index)

    def on_double(self, index: int, event: Event) -> None:
        """Seed 004: "ob mit «Doppeln» und «Kontern» gespielt werden soll, kann vereinbart
        werden"; a double ends the auction (pagat.com's Sidi Barrani)."""
        if self.rules.doubling == "off":
            raise Refused("illegal-event", "this table plays without doubling (doubling=off)")
        hand, seat = self._auction(event)
        if hand.bid is None:
            raise Refused("illegal-event", f"seat {seat} doubled, but nobody has bid", seat)
        if self.side(seat) == self.side(hand.bid.seat):
            raise Refused(
                "illegal-event",
                f"seat {seat} doubled the bid of its own side (seat {hand.bid.seat})",
                seat,
            )
        hand.calls.append(Call(seat, index, "double"))
        hand.doubled = 1
        self._close_auction(hand, index)

    def on_counter(self, index: int, event: Event) -> None:
        """The bidders answer a double with a counter (Kontern), before the first card."""
        if self.rules.doubling != "double-counter":
            raise Refused(
                "illegal-event",
                f"this table plays without countering (doubling={self.rules.doubling})",
            )
        hand: SidiHand = self.hand_in_play(event)
        seat = self.seat_of(event)
        if hand.doubled != 1 or hand.bid is None:
            raise Refused(
                "illegal-event",
                f"seat {seat} countered, but the contract of hand {hand.index + 1} is "
                f"{'already countered' if hand.doubled == 2 else 'not doubled'}",
                seat,
            )
        if hand.tricks:
            raise Refused("illegal-event", "a counter comes before the first card", seat)
        if self.side(seat) != self.side(hand.bid.seat):
            raise Refused(
                "illegal-event",
                f"seat {seat} countered, but only the bidders (seat {hand.bid.seat} and its "
                "partner) counter a double",
                seat,
            )
        hand.calls.append(Call(seat, index, "counter"))
        hand.doubled = 2

    def _close_auction(self, hand: SidiHand, index: int) -> None:
        """ "Das Team mit dem höchsten Gebot übernimmt das Spiel, wobei der Spieler mit der
        letzten Ansage zum ersten Stich ausspielt. Die zuletzt angesagte Farbe ist
        Trumpf\""""
        assert hand.bid is not None and hand.bid.mode is not None
        self.choose(hand, index, hand.bid.seat, hand.bid.mode, False)
        hand.leader = hand.bid.seat

    # --- booking ------------------------------------------------------------------------

    def multiplier_of(self, hand: SchieberHand) -> int:
        """Seed 004: "alle Trumpffarben werden einfach gewertet"; a double doubles."""
        assert isinstance(hand, SidiHand)
        return DOUBLING[hand.doubled]

    def match_of(self, hand: SchieberHand) -> int | None:
        """House rule ``match_bonus``; by default a match is its 157 card points."""
        if not self.rules.match_bonus or not hand.complete:
            return None
        return next((s for s in (0, 1) if hand.tricks_won[s] == TRICKS_PER_HAND), None)

    def made(self, hand: SidiHand) -> bool | None:
        """Whether the bidders took the points they bid (``None`` until the hand is
        over). "Weis- und Stöckpunkte werden beim Bieten nicht berücksichtigt", so only
        the card points (last trick included) count."""
        if hand.bid is None or hand.mode is None or not hand.complete:
            return None
        assert hand.bid.points is not None
        return hand.points[self.side(hand.bid.seat)] >= hand.bid.points

    def book(
        self, hand: SchieberHand, match: int | None, weis: list[int], stoeck: list[int]
    ) -> list[int]:
        """House rule ``contract``, by default jassverzeichnis.ch: made, the bidders write
        the bid and their card points, the others their card points; failed, the others
        write the bid and theirs, the bidders their card points (``failed-zero``: none).
        Weis and stöck are written as in Schieber; a double multiplies the whole."""
        assert isinstance(hand, SidiHand)
        base = [hand.points[s] + (self.match_bonus if match == s else 0) for s in range(self.sides)]
        made = self.made(hand)
        if made is not None and hand.bid is not None and hand.bid.points is not None:
            bidders = self.side(hand.bid.seat)
            if made:
                base[bidders] += hand.bid.points
            else:
                base[1 - bidders] += hand.bid.points
                if self.rules.contract == "failed-zero":
                    base[bidders] = 0
        mult = self.multiplier_of(hand)
        return [(base[s] + weis[s] + stoeck[s]) * mult for s in range(self.sides)]

    def contract_of(self, hand: SchieberHand) -> dict[str, object] | None:
        """The highest bid (at the end of the auction, the contract) and whether it was
        made; ``{"passed_out": true}`` when all four passed."""
        assert isinstance(hand, SidiHand)
        if hand.passed_out:
            return {"passed_out": True}
        if hand.bid is None:
            return None
        return {
            "seat": hand.bid.seat,
            "points": hand.bid.points,
            "suit": hand.bid.mode,
            "doubled": hand.doubled,
            "made": self.made(hand),
        }


__all__ = ["Call", "SidiBarraniGame", "SidiHand"]
