"""Coiffeur-Schieber: each team plays every mode of a board once, at its multiplier.

Seed 004 lists the game ("Coiffeur-Schieber") without its text; the rules here are
swisslos.ch's (``referee.settings.COIFFEUR_PAGE``): "Beim Coiffeur geht es darum,
sämtliche Trumpfarten einmal zuspielen ... Es werden jeweils nur die Punkte des
ansagenden Teams geschrieben. ... Jedem Trumpf ist ein Multiplikator zugeteilt, mit
welchem am Ende der Runde die erzielten Punkte multipliziert werden." The board and its
multipliers are house rule ``board`` (jassverzeichnis.ch's by default); who may push and
who leads, house rule ``push``. The cards are played as in Schieber.

The game of a hand is Schieber's ``trump`` event; its optional ``slot`` names the line
of the board it fills (``joker1``, …). Without it, the mode's own line is filled while
the team has it open, else the team's first open joker.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.coiffeur_board import JOKER, Slot, parse_board
from referee.engine import Event, Refused, Seat
from referee.modes import Mode
from referee.settings import CoiffeurRules
from referee.variants.schieber import SchieberGame, SchieberHand


@dataclass
class CoiffeurHand(SchieberHand):
    slot: Slot | None = None


class CoiffeurGame(SchieberGame):
    variant = "coiffeur"
    title = "Coiffeur-Schieber"
    rules_class = CoiffeurRules
    rules: CoiffeurRules
    events = frozenset({"hand", "deal", "trump", "weis", "play", "score", "stoeck"})
    hand_class = CoiffeurHand
    hands: list[CoiffeurHand]

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.board = parse_board(self.rules.board)

    def club_seven_leads(self) -> bool:
        """jassverzeichnis.ch: "Der Spieler neben dem Kartenverteiler kann ansagen" —
        in every hand, the first one too."""
        return False

    def verdict_settings(self) -> dict[str, object]:
        return self.rules.changed()

    # --- the board ----------------------------------------------------------------------

    def filled(self, side: int) -> dict[str, CoiffeurHand]:
        """The lines of the board ``side`` has played (or is playing), by slot name."""
        return {
            h.slot.name: h
            for h in self.hands
            if h.slot is not None and h.chooser is not None and self.side(h.chooser) == side
        }

    def open_slots(self, side: int) -> list[Slot]:
        filled = self.filled(side)
        return [s for s in self.board if s.name not in filled]

    def _slot(self, seat: Seat, mode: Mode, name: object) -> Slot:
        side = self.side(seat)
        open_slots = self.open_slots(side)
        team = "seats 0+2" if side == 0 else "seats 1+3"
        still = ", ".join(s.name for s in open_slots) or "none"
        if name is None:
            own = next((s for s in open_slots if s.mode == mode), None)
            joker = next((s for s in open_slots if s.mode is None), None)
            if own or joker:
                return own or joker  # type: ignore[return-value]
            raise Refused(
                "illegal-event",
                f"seat {seat} chose {mode}, but {team} have played it and have no joker left "
                f"(open: {still})",
                seat,
            )
        slot = next((s for s in open_slots if s.name == name), None)
        if slot is None:
            raise Refused(
                "illegal-event",
                f"seat {seat} named the slot {name!r}, which {team} do not have open "
                f"(open: {still})",
                seat,
            )
        if slot.mode is not None and slot.mode != mode:
            raise Refused(
                "illegal-event",
                f"seat {seat} filled {slot.name} with {mode}; only a {JOKER} is free",
                seat,
            )
        return slot

    # --- events -------------------------------------------------------------------------

    def on_trump(self, index: int, event: Event) -> None:
        """swisslos.ch: "Das Schieben erfolgt nicht wie beim Schieber zum Partner, sondern
        im Gegenuhrzeigersinn zum nächsten Mitspieler. Schieben alle Spieler weiter, kommt
        die Aufforderung zum Trumpfen wieder zum ersten Spieler zurück ... Derjenige
        Spieler, welcher die Trumpfart bestimmt hat, startet mit dem Ablegen der ersten
        Karte." With ``push=partner`` the choice is Schieber's."""
        hand: CoiffeurHand = self.hand_to_choose(event)
        seat = self.seat_of(event)
        mode = self.mode_of(event.get("mode"), seat)
        pushed = self.pushed_of(event, seat)
        slot = self._slot(seat, mode, event.get("slot"))
        if self.rules.push == "partner":
            self.check_chooser(hand, index, seat, pushed)
        elif not pushed and seat != hand.forehand:
            self.flag(
                index,
                seat,
                "out-of-turn",
                f"seat {seat} chose the game of hand {hand.index + 1} without schieben, but "
                f"seat {hand.forehand} (forehand) chooses it",
            )
        self.choose(hand, index, seat, mode, pushed)
        hand.slot = slot
        if self.rules.push == "round":
            hand.leader = seat

    def accepts(self, name: str) -> bool:
        return super().accepts(name) and (name != "weis" or self.rules.weis)

    def on_weis(self, index: int, event: Event) -> None:
        if not self.rules.weis:
            raise Refused(
                "illegal-event",
                'this Coiffeur is played without weis (weis=false): swisslos.ch "Der '
                'Coiffeur wird ohne Weisen gespielt"',
            )
        super().on_weis(index, event)

    # --- booking ------------------------------------------------------------------------

    def chooser_side(self, hand: SchieberHand) -> int | None:
        return self.side(hand.chooser) if hand.chooser is not None else None

    def multiplier_of(self, hand: SchieberHand) -> int:
        assert isinstance(hand, CoiffeurHand)
        return hand.slot.multiplier if hand.slot is not None else 1

    def match_of(self, hand: SchieberHand) -> int | None:
        """A match counts for the team that chose the game; only its points are written."""
        side = super().match_of(hand)
        return side if side is not None and side == self.chooser_side(hand) else None

    def _chooser_only(self, award: list[int], hand: SchieberHand) -> list[int]:
        side = self.chooser_side(hand)
        return [award[s] if s == side else 0 for s in range(self.sides)]

    def weis_award(self, hand: SchieberHand) -> list[int]:
        return self._chooser_only(super().weis_award(hand), hand)

    def stoeck_award(self, hand: SchieberHand) -> list[int]:
        return self._chooser_only(super().stoeck_award(hand), hand)

    def book(
        self, hand: SchieberHand, match: int | None, weis: list[int], stoeck: list[int]
    ) -> list[int]:
        """ "Es werden jeweils nur die Punkte des ansagenden Teams geschrieben": the team
        that chose writes (points + match bonus + weis + stöck) × the slot's multiplier,
        the other team nothing (not its weis or stöck either)."""
        return self._chooser_only(super().book(hand, match, weis, stoeck), hand)

    def contract_of(self, hand: SchieberHand) -> dict[str, object] | None:
        assert isinstance(hand, CoiffeurHand)
        if hand.slot is None:
            return None
        return {"slot": hand.slot.name, "side": self.chooser_side(hand)}

    def end_after_hand(self) -> bool:
        """The game is over when both teams have played every line of the board; the
        higher total wins (equal: nobody)."""
        if self.over or not self.hands or not self.hands[-1].complete:
            return False
        if self.open_slots(0) or self.open_slots(1):
            return False
        totals = self.totals()
        self.over = True
        self.winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
        return True


__all__ = ["CoiffeurGame", "CoiffeurHand"]
