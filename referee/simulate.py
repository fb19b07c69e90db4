"""Random Schieber games as game logs, for tests, benchmarks, the demo and the renderer.

Players deal, choose (or push) a game, declare every weis they hold in the first trick,
announce stöck when the second card of it falls, and play a random legal card, except
that with probability ``illegal_rate`` a player who could break a rule does. When a
side reaches the target, one of its players claims (bedanken). Everything comes from
one :class:`random.Random`, so a seed names a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from referee.cards import (
    CARDS,
    FIRST_FOREHAND_CARD,
    CardSet,
    bit,
    card_code,
    cards_in,
    codes,
)
from referee.engine import Event
from referee.modes import MODES, TABLES, ModeTables
from referee.settings import CoiffeurRules, DifferenzlerRules, SchieberRules, SidiBarraniRules
from referee.variants.schieber import SchieberGame
from referee.variants.schieber_rules import legal_plays, stoeck_pair, trick_winner_index
from referee.weis import find_weis


@dataclass(frozen=True)
class SimulationOptions:
    """How the simulated table behaves.

    :param hands: stop after this many hands; ``None`` plays until a side claims.
    :param known_hands: write a ``deal`` event (digital play) or not (the camera case).
    :param illegal_rate: chance that a player who can make an illegal play makes one.
    :param push_rate: chance that forehand pushes the choice to the partner (schieben).
    :param claim: whether a side that reaches the target claims the game.
    """

    hands: int | None = None
    known_hands: bool = True
    illegal_rate: float = 0.0
    push_rate: float = 0.3
    claim: bool = True


def deal(rng: random.Random) -> list[CardSet]:
    cards = list(CARDS)
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[9 * s : 9 * s + 9]) for s in range(4)]


def simulate_schieber(
    rng: random.Random,
    options: SimulationOptions | None = None,
    rules: SchieberRules | None = None,
) -> list[Event]:
    """One random game as a list of events, starting with the ``game`` header."""
    options = options or SimulationOptions()
    rules = rules or SchieberRules()
    header: Event = {"event": "game", "variant": "schieber", "target": rules.target}
    if len(rules.changed()) > ("target" in rules.changed()):
        header["settings"] = {k: v for k, v in rules.changed().items() if k != "target"}
    events: list[Event] = [header]
    referee = SchieberGame(rules)

    def emit(event: Event) -> None:
        referee.push(len(events), event)
        events.append(event)

    dealer = rng.randrange(4)
    forehand = -1
    number = 0
    while options.hands is None or number < options.hands:
        hands = deal(rng)
        if number == 0:
            forehand = (dealer + 1) % 4
            if rules.first_forehand == "club-seven":
                forehand = next(s for s in range(4) if hands[s] & bit(FIRST_FOREHAND_CARD))
        else:
            dealer, forehand = forehand, (forehand + 1) % 4
        emit({"event": "hand", "dealer": dealer})
        if options.known_hands:
            emit({"event": "deal", "hands": [codes(h) for h in hands]})
        mode = rng.choice(MODES)
        pushed = rng.random() < options.push_rate
        emit(
            {
                "event": "trump",
                "seat": (forehand + 2) % 4 if pushed else forehand,
                "mode": mode,
                "pushed": pushed,
            }
        )
        play_hand(rng, options, rules, emit, hands, forehand, TABLES[mode])
        number += 1
        if referee.over or claim_at_target(rng, options, referee.totals(), rules.target, emit):
            break
    return events


def claim_at_target(
    rng: random.Random,
    options: SimulationOptions,
    totals: list[int],
    target: int,
    emit: Callable[[Event], None],
) -> bool:
    """The leading side, once at the ``target``, claims (one of its two players, at
    random) when the options allow claims; whether it did."""
    leader = 0 if totals[0] >= totals[1] else 1
    if options.claim and totals[leader] >= target:
        emit({"event": "bedanken", "seat": leader + 2 * rng.randrange(2)})
        return True
    return False


def play_hand(
    rng: random.Random,
    options: SimulationOptions,
    rules: SchieberRules | CoiffeurRules | DifferenzlerRules | SidiBarraniRules,
    emit: Callable[[Event], None],
    hands: list[CardSet],
    leader: int,
    table: ModeTables,
    weis: bool = True,
    stoeck: bool = True,
) -> None:
    """Plays the nine tricks of a hand from ``leader``: every weis in the first trick
    and stöck when its second card falls (in the games that have them), and a random
    legal card, or an illegal one with the chance ``options.illegal_rate``."""
    pair = stoeck_pair(table) if stoeck else 0
    played: list[CardSet] = [0, 0, 0, 0]
    for trick_number in range(9):
        trick: list[int] = []
        seats: list[int] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            if trick_number == 0 and weis and not isinstance(rules, DifferenzlerRules):
                for combo in find_weis(hands[seat], rules):
                    emit({"event": "weis", "seat": seat, "cards": codes(combo.cards)})
            legal = legal_plays(table, rules, hands[seat], trick)
            illegal = hands[seat] & ~legal
            pool = illegal if illegal and rng.random() < options.illegal_rate else legal
            c = rng.choice(list(cards_in(pool)))
            emit({"event": "play", "seat": seat, "card": card_code(c)})
            hands[seat] &= ~bit(c)
            played[seat] |= bit(c)
            if pair and pair >> c & 1 and played[seat] & pair == pair:
                emit({"event": "stoeck", "seat": seat})
            trick.append(c)
            seats.append(seat)
        leader = seats[trick_winner_index(trick, table)]
