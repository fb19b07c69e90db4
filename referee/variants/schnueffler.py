"""Schnüffler: guess the cards of the blind, for two (seed ``004_b3f8bf754eca75fe.txt``).

Three packets of 12: one per player and the "blind" between them. In turn, a player
asks a yes/no question about the other's hand or names a card it thinks is in the
blind: "Trifft seine Aussage tatsächlich zu ... notiert er dafür 1 Strich. Falls seine
Aussage nicht zutrifft, erhält er 1 Nuller. Dieser kann im weiteren Spielverlauf mit 1
Strich getilgt werden." The game ends when all 12 cards of the blind are named; "Gewonnen
hat der Spieler mit den meisten Strichen."

Events: ``hand`` (``dealer``; the other seat, forehand, asks first), optional ``deal``
(``hands``: two lists of 12, the blind being the rest), ``question`` (``seat``, optional
``text``), ``guess`` (``seat``, ``card``, ``right``: the other player's answer; with a
known deal the referee checks it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import DECK_36, CardSet, bit, card_code, count
from referee.engine import Event, Game, Refused, Seat
from referee.settings import HouseRules
from referee.verdict import HandScore, Verdict

BLIND = 12


@dataclass
class Tally:
    """Strokes and open noughts of each player, and what the blind is known to hold."""

    dealer: Seat
    hands: list[CardSet] | None = None
    named: dict[int, Seat] = field(default_factory=dict)
    found: CardSet = 0
    strokes: list[int] = field(default_factory=lambda: [0, 0])
    noughts: list[int] = field(default_factory=lambda: [0, 0])
    turns: int = 0

    @property
    def net(self) -> list[int]:
        """Strokes less the noughts still open."""
        return [self.strokes[s] - self.noughts[s] for s in (0, 1)]

    @property
    def to_ask(self) -> Seat:
        return (1 - self.dealer + self.turns) % 2


class SchnuefflerGame(Game):
    variant = "schnueffler"
    title = "Schnüffler"
    players = 2
    deck = DECK_36
    rules_class = HouseRules
    events = frozenset({"hand", "deal", "question", "guess"})

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.tally: Tally | None = None

    def current(self, event: Event) -> Tally:
        if self.tally is None:
            raise Refused("illegal-event", f"{event.get('event')!r} before the 'hand' event")
        return self.tally

    def on_hand(self, index: int, event: Event) -> None:
        if self.tally is not None:
            raise Refused("illegal-event", "a game of Schnüffler has one deal")
        dealer = self.seat_of(event, "dealer")
        if self.first_dealer is not None and dealer != self.first_dealer:
            self.flag(index, dealer, "out-of-turn", f"seat {self.first_dealer} deals this game")
        self.tally = Tally(dealer)

    def next_game_dealer(self) -> Seat | None:
        """ "Die folgenden Spiele werden der Reihe nach in Spielrichtung gegeben"."""
        return 1 - self.tally.dealer if self.tally is not None else None

    def on_deal(self, index: int, event: Event) -> None:
        tally = self.current(event)
        hands = event.get("hands")
        if tally.turns or tally.hands is not None:
            raise Refused("illegal-event", "'deal' must come right after 'hand'")
        if not isinstance(hands, list) or len(hands) != 2:
            raise Refused("illegal-event", "'deal' needs two lists of 12 cards")
        masks = []
        for seat, cards in enumerate(hands):
            if not isinstance(cards, list) or len(cards) != BLIND:
                raise Refused("illegal-event", f"'deal' gives seat {seat} not 12 cards")
            mask = 0
            for value in cards:
                c = self.card_of(value)
                if mask >> c & 1 or any(m >> c & 1 for m in masks):
                    raise Refused("duplicate-card", f"{card_code(c)} is dealt twice")
                mask |= bit(c)
            masks.append(mask)
        tally.hands = masks

    def _turn(self, event: Event) -> tuple[Tally, Seat]:
        tally = self.current(event)
        seat = self.seat_of(event)
        if count(tally.found) == BLIND:
            raise Refused("illegal-event", "all 12 cards of the blind are found; the game is over")
        if seat != tally.to_ask:
            raise Refused(
                "out-of-turn", f"seat {seat} spoke, but it is seat {tally.to_ask}'s turn", seat
            )
        return tally, seat

    def on_question(self, index: int, event: Event) -> None:
        """ "Dabei dürfen nur Fragen gestellt werden, die mit «Ja» oder «Nein» beantwortet
        werden können." The content is the players' affair; the turn passes."""
        tally, _ = self._turn(event)
        tally.turns += 1

    def on_guess(self, index: int, event: Event) -> None:
        tally, seat = self._turn(event)
        c = self.card_of(event.get("card"), seat)
        if c in tally.named:
            raise Refused(
                "duplicate-card",
                f"seat {seat} named {card_code(c)}, already named by seat {tally.named[c]} "
                '("damit keine Karten zweimal benannt werden")',
                seat,
            )
        right = event.get("right")
        if tally.hands is not None:
            in_blind = not (tally.hands[0] | tally.hands[1]) >> c & 1
            if right is not None and right != in_blind:
                raise Refused(
                    "illegal-event",
                    f"seat {1 - seat} answered that {card_code(c)} is "
                    f"{'' if right else 'not '}in the blind, but the deal says otherwise",
                    seat,
                )
            right = in_blind
        if not isinstance(right, bool):
            raise Refused(
                "illegal-event", "'guess' needs 'right': true or false (the answer)", seat
            )
        tally.named[c] = seat
        tally.turns += 1
        if right:
            tally.found |= bit(c)
            if tally.noughts[seat]:
                tally.noughts[seat] -= 1
            else:
                tally.strokes[seat] += 1
        else:
            tally.noughts[seat] += 1
        if count(tally.found) == BLIND:
            self._end(tally)

    def _end(self, tally: Tally) -> None:
        """ "Sämtliche notierten Striche und Nuller werden am Ende des Spiels verrechnet.
        Gewonnen hat der Spieler mit den meisten Strichen." Equal: nobody wins."""
        self.over = True
        net = tally.net
        if net[0] != net[1]:
            self.winner = 0 if net[0] > net[1] else 1

    def verdict(self) -> Verdict:
        hands = []
        tally = self.tally
        if tally is not None:
            net = tally.net
            hands.append(
                HandScore(
                    index=0,
                    mode=None,
                    points=list(tally.strokes),
                    weis=[0, 0],
                    stoeck=[0, 0],
                    match=None,
                    multiplier=1,
                    scored=net,
                    complete=self.over,
                    dealer=tally.dealer,
                    forehand=1 - tally.dealer,
                    chooser=None,
                    pushed=False,
                    tricks=0,
                    melds=[
                        {
                            "seat": s,
                            "meld": f"{tally.strokes[s]} strokes, {tally.noughts[s]} noughts",
                            "points": net[s],
                        }
                        for s in (0, 1)
                    ],
                )
            )
        totals = hands[0].scored if hands else [0, 0]
        return Verdict(
            variant=self.variant,
            hands=hands,
            totals=list(totals),
            violations=list(self.violations),
            winner=self.winner,
            settings={},
            sides=["seat 0", "seat 1"],
        )
