"""Random Schieber games with injected renounces, undertrumps, impossible plays, false
weis and false stöck (see :mod:`referee.audit.games`).

Honest players declare every weis they hold in the first trick, announce stöck when
the second card of it falls and otherwise play a random legal card. Injected: a card
that breaks a duty (renounce or undertrump), a play out of turn, a card played twice,
an unreadable card, a weis shown by cards the seat was not dealt, and stöck by a seat
without the trump king and queen. A false weis is declared after the seat's true ones
and in a suit none of them uses, so it breaks no other rule.
"""

from __future__ import annotations

import random

from referee.audit.games import BAD_CODES, AuditGame, Rates, chance
from referee.cards import (
    CARDS,
    FIRST_FOREHAND_CARD,
    RANK_MASKS,
    CardSet,
    bit,
    card,
    card_code,
    cards_in,
    codes,
)
from referee.modes import MODES, TABLES, ModeTables
from referee.settings import SchieberRules
from referee.variants.schieber_rules import legal_plays, stoeck_pair, trick_winner_index
from referee.weis import Combination, combination_of, find_weis

TARGET = 100_000
"""High enough that no audit game ends before its last hand."""


def schieber_game(rng: random.Random, hands: int = 2, rates: Rates | None = None) -> AuditGame:
    """A Schieber game of ``hands`` hands with violations injected at ``rates``."""
    rates = rates or Rates()
    rules = SchieberRules(target=TARGET)
    game = AuditGame("schieber")
    game.emit({"event": "game", "variant": "schieber", "target": TARGET})
    dealer = rng.randrange(4)
    forehand = -1
    for number in range(hands):
        cards = list(CARDS)
        rng.shuffle(cards)
        dealt = [sum(1 << c for c in cards[9 * s : 9 * s + 9]) for s in range(4)]
        if number == 0:
            forehand = next(s for s in range(4) if dealt[s] & bit(FIRST_FOREHAND_CARD))
        else:
            dealer, forehand = forehand, (forehand + 1) % 4
        game.emit({"event": "hand", "dealer": dealer})
        game.emit({"event": "deal", "hands": [codes(h) for h in dealt]}, deal=True)
        mode = rng.choice(MODES)
        pushed = rng.random() < 0.3
        chooser = (forehand + 2) % 4 if pushed else forehand
        game.emit({"event": "trump", "seat": chooser, "mode": mode, "pushed": pushed})
        _play(rng, rates, rules, game, dealt, forehand, TABLES[mode])
    return game


def _play(
    rng: random.Random,
    rates: Rates,
    rules: SchieberRules,
    game: AuditGame,
    dealt: list[CardSet],
    forehand: int,
    table: ModeTables,
) -> None:
    held = list(dealt)
    pair = stoeck_pair(table)
    played = 0
    announced: set[int] = set()
    leader = forehand
    for number in range(9):
        trick: list[int] = []
        seats: list[int] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            if number == 0:
                true_weis = find_weis(dealt[seat], rules)
                for combo in true_weis:
                    game.emit({"event": "weis", "seat": seat, "cards": codes(combo.cards)})
                if chance(rng, rates.false_weis):
                    _false_weis(rng, rules, game, seat, dealt[seat], true_weis)
            lacks_pair = pair and dealt[seat] & pair != pair
            if lacks_pair and seat not in announced and chance(rng, rates.false_stoeck):
                game.inject("false-stoeck", {"event": "stoeck", "seat": seat})
                announced.add(seat)
            if chance(rng, rates.impossible):
                _impossible(rng, game, seat, held, played)
            legal = legal_plays(table, rules, held[seat], trick)
            illegal = held[seat] & ~legal
            inject = bool(illegal) and chance(rng, rates.illegal)
            c = rng.choice(list(cards_in(illegal if inject else legal)))
            event = {"event": "play", "seat": seat, "card": card_code(c)}
            if inject:
                game.inject("illegal-play", event)
            else:
                game.emit(event)
            held[seat] &= ~bit(c)
            played |= bit(c)
            shown = dealt[seat] & ~held[seat]
            if pair and pair >> c & 1 and shown & pair == pair and seat not in announced:
                game.emit({"event": "stoeck", "seat": seat})
                announced.add(seat)
            trick.append(c)
            seats.append(seat)
        leader = seats[trick_winner_index(trick, table)]


def _false_weis(
    rng: random.Random,
    rules: SchieberRules,
    game: AuditGame,
    seat: int,
    dealt: CardSet,
    true_weis: list[Combination],
) -> None:
    """A weis the seat was not dealt, clashing with none of its true ones."""
    used_suits = {w.suit for w in true_weis if w.kind == "sequence"}
    used_fours = {w.high for w in true_weis if w.kind == "four"}
    for _ in range(20):
        combo = random_weis(rng, rules)
        if combo is None or combo.cards & ~dealt == 0:
            continue
        if combo.kind == "sequence" and combo.suit in used_suits:
            continue
        if combo.kind == "four" and combo.high in used_fours:
            continue
        game.inject("false-weis", {"event": "weis", "seat": seat, "cards": codes(combo.cards)})
        return


def random_weis(rng: random.Random, rules: SchieberRules) -> Combination | None:
    """A random four of a kind or sequence of three to five (None if it does not count)."""
    if rng.random() < 0.2:
        return combination_of(RANK_MASKS[rng.randrange(9)], rules)
    suit, length = rng.randrange(4), rng.randrange(3, 6)
    low = rng.randrange(0, 10 - length)
    return combination_of(sum(bit(card(suit, r)) for r in range(low, low + length)), rules)


def _impossible(
    rng: random.Random, game: AuditGame, seat: int, held: list[CardSet], played: CardSet
) -> None:
    """A play the referee must refuse: out of turn, a card played before, no card."""
    kind = rng.choice(("out-of-turn", "duplicate-card", "unknown-card"))
    others = [s for s in range(4) if s != seat and held[s]]
    if kind == "out-of-turn" and others:
        other = rng.choice(others)
        c = rng.choice(list(cards_in(held[other])))
        game.inject(kind, {"event": "play", "seat": other, "card": card_code(c)})
    elif kind == "duplicate-card" and played:
        c = rng.choice(list(cards_in(played)))
        game.inject(kind, {"event": "play", "seat": seat, "card": card_code(c)})
    elif kind == "unknown-card":
        game.inject(kind, {"event": "play", "seat": seat, "card": rng.choice(BAD_CODES)})
