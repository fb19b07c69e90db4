"""Events, builder and verdict helpers shared by the talon games' seed tests (Schmaus,
Frantsfuus, Smousjas): the contract's events as the tests write them, and the log builder
that plays their tricks. Each
game's own oracle (ranks, orders, values, duties, deals) is filled in by its test file,
written from its own seed; only the machinery is shared."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Self

from conftest import idx, verdict_of


def suit(card: str) -> str:
    return card[0]


def rank(card: str) -> str:
    return card[1:]


def play(seat: int, card: str) -> dict:
    return {"event": "play", "seat": seat, "card": card}


def draw(seat: int, card: str | None = None) -> dict:
    """A draw; ``None`` (the default) is a face-down card the camera did not see."""
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


# ---------------------------------------------------------------------------
# the oracle and the builder, filled in by each test file from its own seed
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TalonOracle:
    """A talon game's cards as its seed tells them: the deck, the orders and values,
    and the phase-2 duty (``follows``, written in each test file from its seed). The
    referee is not asked: a test's expected numbers come from here."""

    ranks: tuple[str, ...]
    side_order: tuple[str, ...]
    """Side suits, highest first."""
    trump_order: tuple[str, ...]
    """The trump suit, highest first."""
    side_value: dict[str, int]
    trump_value: dict[str, int]
    hand_size: int
    phase1_tricks: int
    """Tricks played while the talon lasts (each followed by draws)."""
    robber: str
    """The rank of the trump that may rob the face-up card."""
    last_trick: int
    follows: Callable[[set[str], str, str], set[str]]
    """``(held, led, trump)``: the cards the second player may play in phase 2."""

    @property
    def deck(self) -> list[str]:
        return [s + r for s in "HDSC" for r in self.ranks]

    @property
    def talon_size(self) -> int:
        """The face-down cards: the deck less both hands and the face-up card."""
        return len(self.deck) - 2 * self.hand_size - 1

    @property
    def tricks(self) -> int:
        return len(self.deck) // 2

    def value(self, card: str, trump: str) -> int:
        table = self.trump_value if suit(card) == trump else self.side_value
        return table.get(rank(card), 0)

    def trick_winner(self, lead: str, follow: str, trump: str) -> int:
        """0 if the led card wins, 1 if the second card wins: the highest trump, else
        the highest card of the suit led."""
        if suit(lead) == trump and suit(follow) == trump:
            order = self.trump_order
            return int(order.index(rank(follow)) < order.index(rank(lead)))
        if suit(lead) == trump:
            return 0
        if suit(follow) == trump:
            return 1
        if suit(follow) == suit(lead):
            order = self.side_order
            return int(order.index(rank(follow)) < order.index(rank(lead)))
        return 0

    def strength(self, card: str, trump: str) -> int:
        """A card's rank among all cards of a hand: every trump above every side card."""
        if suit(card) == trump:
            return 100 - self.trump_order.index(rank(card))
        return 10 - self.side_order.index(rank(card))

    def fill(self, keeps: list[list[str]], sizes: list[int], used: set[str], trump: str) -> None:
        """Fill each list in ``keeps`` to its size from the deck, never giving one seat
        both the trump K and Q (so no stöck, belle or mariage comes by accident) nor the
        robbing trump (so robbing happens only where a test asks for it)."""
        for k, size in zip(keeps, sizes, strict=True):
            for c in self.deck:
                if len(k) >= size:
                    break
                if c in used or c == trump + self.robber:
                    continue
                if c in (trump + "K", trump + "Q") and ({trump + "K", trump + "Q"} & set(k)):
                    continue
                k.append(c)
                used.add(c)
        assert all(len(k) == s for k, s in zip(keeps, sizes, strict=True)), keeps

    def fill_deal(
        self, fixed0: list[str], fixed1: list[str], turnup: str, talon_first: list[str] = ()
    ) -> tuple[list[list[str]], list[str]]:
        """Hands and talon: the given cards where given, the rest from the deck."""
        trump = suit(turnup)
        hands = [list(fixed0), list(fixed1)]
        used = {*fixed0, *fixed1, turnup, *talon_first}
        assert len(used) == len(fixed0) + len(fixed1) + 1 + len(talon_first)
        self.fill(hands, [self.hand_size] * 2, used, trump)
        talon = list(talon_first) + [c for c in self.deck if c not in used]
        return hands, talon

    def fodder_keeps(
        self, keep0: list[str], keep1: list[str], turnup: str, last: str | None
    ) -> tuple[list[list[str]], set[str], str]:
        """For a deal whose seats keep ``hand_size - 1`` cards through phase 1: the kept
        cards (filled from the deck), the cards used so far, and the last face-down card
        (``last``, else the first card left that cannot rob)."""
        trump = suit(turnup)
        keeps = [list(keep0), list(keep1)]
        used = {*keep0, *keep1, turnup} | ({last} if last else set())
        assert len(used) == len(keep0) + len(keep1) + 1 + bool(last)
        self.fill(keeps, [self.hand_size - 1] * 2, used, trump)
        if last is None:
            last = next(c for c in self.deck if c not in used and c != trump + self.robber)
            used.add(last)
        return keeps, used, last

    def fodder_deal_of(
        self,
        keeps: list[list[str]],
        plays: list[tuple[str, str]],
        wins: list[int],
        last: str,
        turnup: str,
        dealer: int,
    ) -> dict:
        """The deal of a hand whose phase 1 is played as ``plays`` says (per trick: the
        card of seat 0, the card of seat 1) and won as ``wins`` says: each seat is dealt
        its kept cards and its first junk card, and the talon holds each next junk card
        in drawing order (the trick's winner first), then ``last``. Keyword arguments
        for ``TalonBuilder.deal``."""
        hands = [[*keeps[0], plays[0][0]], [*keeps[1], plays[0][1]]]
        talon: list[str] = []
        for t in range(1, self.phase1_tricks):
            w = wins[t - 1]  # the winner of trick t draws first
            talon += [plays[t][w], plays[t][1 - w]]
        talon.append(last)
        return {
            "hands": hands,
            "turnup": turnup,
            "talon": talon,
            "dealer": dealer,
            "keep": (keeps[0], keeps[1]),
        }


class TalonBuilder:
    """Builds a talon game's log hand by hand and keeps its own card points by the
    seed's oracle, so that a test scripts only the cards and events that matter.

    ``known=False`` is the camera case: no ``deal`` event and every face-down draw is
    ``"card": null`` (the builder still knows the cards, to choose plays)."""

    oracle: ClassVar[TalonOracle]
    variant: ClassVar[str]

    def __init__(self, known: bool = True, **header: object) -> None:
        self.events: list[dict] = [{"event": "game", "variant": self.variant, **header}]
        self.known = known

    # -- set-up -------------------------------------------------------------

    def deal(
        self,
        hands: list[list[str]],
        turnup: str,
        talon: list[str],
        dealer: int = 1,
        keep: tuple[list[str], list[str]] | None = None,
    ) -> Self:
        o = self.oracle
        assert len(hands) == 2 and all(len(h) == o.hand_size for h in hands), hands
        assert len(talon) == o.talon_size, talon
        every = [*hands[0], *hands[1], turnup, *talon]
        assert sorted(every) == sorted(o.deck), sorted(set(o.deck) ^ set(every))
        self.events.append({"event": "hand", "dealer": dealer})
        if self.known:
            self.events.append({"event": "deal", "hands": [list(h) for h in hands]})
        self.events.append({"event": "turnup", "card": turnup})
        self.trump = suit(turnup)
        self.turnup = turnup
        self.held = [set(hands[0]), set(hands[1])]
        self.talon = list(talon)
        self.pos = 0  # next face-down card
        self.leader = 1 - dealer  # the one who did not deal leads
        self.tricks = 0  # tricks finished
        self.winners: list[int] = []
        self.points = [0, 0]
        self.pending: list[tuple[int, str]] = []  # draws still due after a trick
        self.keep = [set(keep[0]), set(keep[1])] if keep else [set(), set()]
        return self

    def add(self, *events: dict) -> int:
        """Append raw events; the line index of the first."""
        self.events += events
        return len(self.events) - len(events)

    # -- tricks -------------------------------------------------------------

    def trick(
        self,
        lead: str,
        follow: str,
        *,
        lead_extra: tuple[dict, ...] | list[dict] = (),
        follow_extra: tuple[dict, ...] | list[dict] = (),
        end: tuple[dict, ...] | list[dict] = (),
        draws: bool = True,
        legal: bool = True,
    ) -> int:
        """One trick: the leader plays ``lead``, then ``lead_extra`` (its meld, a stöck,
        a claim), then ``follow_extra`` (the other's meld), the other plays ``follow``,
        then ``end`` (before the trick is turned: additions).  In phase 1 the draws
        follow unless ``draws=False``.  In phase 2 the follow must be legal, or illegal
        when ``legal=False`` (a self-check of the test).  Returns the trick's winner."""
        o = self.oracle
        assert not self.pending, "draws of the last trick not done"
        a, b = self.leader, 1 - self.leader
        assert lead in self.held[a], (a, lead, sorted(self.held[a]))
        assert follow in self.held[b], (b, follow, sorted(self.held[b]))
        if self.tricks >= o.phase1_tricks:
            ok = follow in o.follows(self.held[b], lead, self.trump)
            assert ok == legal, (lead, follow, sorted(self.held[b]))
        self.events.append(play(a, lead))
        self.events += lead_extra
        self.events += follow_extra
        self.events.append(play(b, follow))
        self.events += end
        self.held[a].discard(lead)
        self.held[b].discard(follow)
        win = (a, b)[o.trick_winner(lead, follow, self.trump)]
        self.points[win] += o.value(lead, self.trump) + o.value(follow, self.trump)
        self.tricks += 1
        self.winners.append(win)
        if self.tricks == o.tricks:
            self.points[win] += o.last_trick
        self.leader = win
        if self.tricks < o.phase1_tricks:
            # the winner draws first
            cards = self.talon[self.pos : self.pos + 2]
            self.pending = [(win, cards[0]), (1 - win, cards[1])]
        elif self.tricks == o.phase1_tricks:
            assert self.pos == o.talon_size - 1
            self.pending = self.last_draws(win, self.talon[-1])
        if self.pending and draws:
            self.do_draws()
        return win

    def last_draws(self, win: int, last: str) -> list[tuple[int, str]]:
        """The draws after the last phase-1 trick: the winner takes the ``last``
        face-down card and the other the face-up card."""
        return [(win, last), (1 - win, self.turnup)]

    def shown(self, seat: int, card: str, unseen: bool) -> bool:
        """Whether a draw names its card: only when the cards are known."""
        return self.known and not unseen

    def do_draws(self, n: int = 2, unseen: bool = False) -> int:
        """Emit the next ``n`` due draws (in the right order), with ``"card": null``
        when ``unseen``; the line of the first."""
        at = len(self.events)
        for seat, card in self.pending[:n]:
            self.events.append(draw(seat, card if self.shown(seat, card, unseen) else None))
            self.held[seat].add(card)
            self.pos += 1
        self.pending = self.pending[n:]
        return at

    def rob(self, seat: int) -> int:
        """Swap the robbing trump for the face-up card; the rob's line."""
        low = self.trump + self.oracle.robber
        assert low in self.held[seat]
        at = self.add(rob(seat, low))
        self.held[seat].remove(low)
        self.held[seat].add(self.turnup)
        if low in self.keep[seat]:
            self.keep[seat] = (self.keep[seat] - {low}) | {self.turnup}
        # robbed after the last phase-1 trick (before its draws): the other takes it
        self.pending = [(s, low if c == self.turnup else c) for s, c in self.pending]
        self.turnup = low
        return at

    def junk(self, seat: int) -> str:
        """The one card of ``seat`` outside its kept cards (see ``fodder_deal``)."""
        (card,) = self.held[seat] - self.keep[seat]
        return card

    def fodder(self, n: int = 1, **kw: object) -> None:
        """``n`` phase-1 tricks in which both seats play their junk card."""
        for _ in range(n):
            self.trick(self.junk(self.leader), self.junk(1 - self.leader), **kw)

    def choose(self, seat: int, led: str | None) -> str:
        """A default card: the first legal one in deck order."""
        cards = self.held[seat]
        if led is not None and self.tricks >= self.oracle.phase1_tricks:
            cards = self.oracle.follows(cards, led, self.trump)
        return min(cards, key=self.oracle.deck.index)

    def play_out(self, upto: int | None = None) -> None:
        """Play on with default cards until ``upto`` tricks (default: all) are finished."""
        upto = self.oracle.tricks if upto is None else upto
        while self.tricks < upto:
            lead = self.choose(self.leader, None)
            self.trick(lead, self.choose(1 - self.leader, lead))

    def verdict(self, **overrides: object) -> dict:
        return verdict_of(self.events, **overrides)

    def line(self, **fields: object) -> int:
        return idx(self.events, **fields)
