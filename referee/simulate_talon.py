"""Random games of the two-player talon games as game logs (tests, benchmarks, demo).

The players deal, turn up the trump, rob it with the lowest trump when they can (half
the time), play random cards in phase 1 and random legal cards in phase 2 (or, with
probability ``illegal_rate``, an illegal one when they have one), draw after each trick
(``"card": null`` in the camera case), declare their best weis when it can go upward,
and announce stöck when the second of trump K and Q falls after both were held.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.cards import (
    CardSet,
    bit,
    card,
    card_code,
    cards_in,
    codes,
    count,
    king_and_queen,
    parse_card,
)
from referee.engine import Event, broken_duty
from referee.modes import TABLES, TRUMP_MODES
from referee.variants.schieber_rules import trick_winner_index
from referee.variants.talon import TalonGame


@dataclass(frozen=True)
class TalonOptions:
    """:param hands: hands to play. :param known_hands: write the deal and the drawn
    cards (digital play) or not (the camera case). :param illegal_rate: chance of an
    illegal phase-2 play where one is possible. :param weis: declare weis."""

    hands: int = 1
    known_hands: bool = True
    illegal_rate: float = 0.0
    weis: bool = True


def simulate_talon(
    rng: random.Random, game: type[TalonGame], options: TalonOptions | None = None
) -> list[Event]:
    options = options or TalonOptions()
    events: list[Event] = [{"event": "game", "variant": game.variant}]
    dealer = rng.randrange(2)
    for _ in range(options.hands):
        hand = _hand(rng, game, options, dealer)
        events += hand
        following = game.next_dealer(dealer, _last_winner(hand))
        dealer = following if following is not None else 1 - dealer
    return events


def _hand(
    rng: random.Random, game: type[TalonGame], options: TalonOptions, dealer: int
) -> list[Event]:
    deck = list(cards_in(game.deck))
    rng.shuffle(deck)
    size = game.hand_size
    hands: list[CardSet] = [sum(1 << c for c in deck[s * size : (s + 1) * size]) for s in (0, 1)]
    turnup = deck[2 * size]
    talon = deck[2 * size + 1 :]
    trump = turnup // 9
    table = TABLES[TRUMP_MODES[trump]]
    events: list[Event] = [{"event": "hand", "dealer": dealer}]
    if options.known_hands:
        events.append({"event": "deal", "hands": [codes(h) for h in hands]})
    events.append({"event": "turnup", "card": card_code(turnup)})
    pair = king_and_queen(trump)
    together = [hands[s] & pair == pair for s in (0, 1)]
    played: list[CardSet] = [0, 0]
    last_booked = 0
    announced = False
    leader = 1 - dealer
    robber = card(trump, game.robber)
    for number in range(1, game.phase1_tricks + game.hand_size + 1):
        for seat in (0, 1):
            if talon and hands[seat] >> robber & 1 and turnup != robber and rng.random() < 0.5:
                events.append({"event": "rob", "seat": seat, "card": card_code(robber)})
                hands[seat] = hands[seat] & ~bit(robber) | bit(turnup)
                turnup = robber
                together[seat] = together[seat] or hands[seat] & pair == pair
        may_weis = options.weis and number <= game.phase1_tricks + 1
        declared = False
        trick: list[int] = []
        for seat in (leader, 1 - leader):
            second_may = not declared and not game.leader_declares
            if may_weis and (seat == leader or second_may):
                best = max(
                    game.melds_in(hands[seat], game.rules_class()),
                    key=lambda w: w.value,
                    default=None,
                )
                if best is not None and best.value > last_booked:
                    events.append({"event": "weis", "seat": seat, "cards": codes(best.cards)})
                    last_booked, declared = best.value, True
            if game.stoeck_in_hand and hands[seat] & pair == pair and not announced:
                events.append({"event": "stoeck", "seat": seat})
                announced = True
            c = _choose(rng, game, options, hands[seat], trump, trick, number)
            events.append({"event": "play", "seat": seat, "card": card_code(c)})
            hands[seat] &= ~bit(c)
            played[seat] |= bit(c)
            second = pair >> c & 1 and played[seat] & pair == pair
            if not game.stoeck_in_hand and second and together[seat]:
                events.append({"event": "stoeck", "seat": seat})
            trick.append(c)
        winner = (leader, 1 - leader)[trick_winner_index(trick, table)]
        leader = winner
        if number <= game.phase1_tricks:
            for seat in (winner, 1 - winner):
                c = talon.pop(0) if talon else turnup
                hands[seat] |= bit(c)
                together[seat] = together[seat] or hands[seat] & pair == pair
                shown = options.known_hands or (not talon and c == turnup)
                events.append(
                    {"event": "draw", "seat": seat, "card": card_code(c) if shown else None}
                )
    assert not talon and count(hands[0] | hands[1]) == 0
    return events


def _choose(
    rng: random.Random,
    game: type[TalonGame],
    options: TalonOptions,
    hand: CardSet,
    trump: int,
    trick: list[int],
    number: int,
) -> int:
    cards = list(cards_in(hand))
    if not trick or number <= game.phase1_tricks:
        return rng.choice(cards)
    legal = [c for c in cards if broken_duty(game.duties(trump, trick[0], c), hand) is None]
    illegal = [c for c in cards if c not in legal]
    if illegal and rng.random() < options.illegal_rate:
        return rng.choice(illegal)
    return rng.choice(legal)


def _last_winner(events: list[Event]) -> int:
    """Who took the last trick of a simulated hand (the trump from its turnup)."""
    trump = next(e["card"] for e in events if e["event"] == "turnup")
    plays = [e for e in events if e["event"] == "play"][-2:]
    cards = [parse_card(e["card"]) for e in plays]
    return plays[trick_winner_index(cards, TABLES[trump[0]])]["seat"]
