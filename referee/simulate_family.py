"""Random games of Sidi-Barrani, Differenzler and Coiffeur as game logs.

Like :mod:`referee.simulate` (whose card play they share): players deal, choose the game
their variant's way — an auction with random bids, passes and doubles; a turned-up trump
card and predictions; a line of the Coiffeur board — and play random legal cards
(illegal ones with the chance ``illegal_rate``). Everything comes from one
:class:`random.Random`, so a seed names a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from referee.cards import SUIT_LETTERS, card_code, card_suit, cards_in, codes
from referee.engine import Event
from referee.modes import MODES, OBENABE, TABLES, TRUMP_MODES, UNDENUFE
from referee.settings import CoiffeurRules, DifferenzlerRules, SidiBarraniRules
from referee.simulate import SimulationOptions, claim_at_target, deal, play_hand
from referee.variants.coiffeur import CoiffeurGame
from referee.variants.differenzler import HAND_POINTS, DifferenzlerGame
from referee.variants.schieber import SchieberGame
from referee.variants.sidi_barrani import SidiBarraniGame

BID_RATE = 0.45
DOUBLE_RATE = 0.1


def _start(game: SchieberGame) -> tuple[list[Event], Callable[[Event], None]]:
    """The header and an ``emit`` that feeds each event to ``game`` as it is written."""
    header: Event = {"event": "game", "variant": game.variant}
    changed = game.rules.changed()
    if "target" in changed:
        header["target"] = changed.pop("target")
    if changed:
        header["settings"] = changed
    events = [header]

    def emit(event: Event) -> None:
        game.push(len(events), event)
        events.append(event)

    return events, emit


def _more(game: SchieberGame, options: SimulationOptions, number: int) -> bool:
    """Whether to deal another hand: not when the last one ended the game (asked here,
    before a ``hand`` event the referee would refuse) or ``options.hands`` are played."""
    game.end_after_hand()
    return not game.over and (options.hands is None or number < options.hands)


def _deal_hand(
    rng: random.Random, options: SimulationOptions, emit: Callable[[Event], None], dealer: int
) -> list[int]:
    hands = deal(rng)
    emit({"event": "hand", "dealer": dealer})
    if options.known_hands:
        emit({"event": "deal", "hands": [codes(h) for h in hands]})
    return hands


def simulate_sidi_barrani(
    rng: random.Random,
    options: SimulationOptions | None = None,
    rules: SidiBarraniRules | None = None,
) -> list[Event]:
    """Random auctions (only over the opponents' bid, as seed 004 allows), doubles and
    counters when the house rules have them, then Schieber's play from the last bidder.
    A side that reaches the target claims."""
    options = options or SimulationOptions()
    game = SidiBarraniGame(rules or SidiBarraniRules())
    events, emit = _start(game)
    modes = TRUMP_MODES + ((OBENABE, UNDENUFE) if game.rules.sang_bids else ())
    dealer, number = rng.randrange(4), 0
    while _more(game, options, number):
        hands = _deal_hand(rng, options, emit, dealer)
        contract = _auction(rng, game, emit, (dealer + 1) % 4, modes)
        number += 1
        if contract is None:
            if game.rules.passed_out == "next-dealer":
                dealer = (dealer + 1) % 4
            continue
        seat, mode = contract
        play_hand(rng, options, game.rules, emit, hands, seat, TABLES[mode])
        dealer = (dealer + 1) % 4
        if not game.over and claim_at_target(rng, options, game.totals(), game.rules.target, emit):
            break
    return events


def _auction(
    rng: random.Random,
    game: SidiBarraniGame,
    emit: Callable[[Event], None],
    seat: int,
    modes: tuple[str, ...],
) -> tuple[int, str] | None:
    """Calls until three passes follow a bid (or a double ends it); the contract's
    bidder and mode, or ``None`` when all four passed."""
    high: tuple[int, int, str] | None = None
    passes = 0
    while True:
        over_opponents = high is None or high[0] % 2 != seat % 2
        doubles = high is not None and game.rules.doubling != "off"
        if over_opponents and doubles and high is not None and rng.random() < DOUBLE_RATE:
            emit({"event": "double", "seat": seat})
            if game.rules.doubling == "double-counter" and rng.random() < 0.5:
                emit({"event": "counter", "seat": high[0]})
            return high[0], high[2]
        if over_opponents and (high is None or high[1] < 155) and rng.random() < BID_RATE:
            points = min(155, (high[1] if high else 40) + 5 * rng.randint(1, 4))
            high = (seat, points, rng.choice(modes))
            emit({"event": "bid", "seat": seat, "points": points, "suit": high[2]})
            passes = 0
        else:
            emit({"event": "pass", "seat": seat})
            passes += 1
            if high is None and passes == 4:
                return None
            if high is not None and passes == 3:
                return high[0], high[2]
        seat = (seat + 1) % 4


def simulate_differenzler(
    rng: random.Random,
    options: SimulationOptions | None = None,
    rules: DifferenzlerRules | None = None,
) -> list[Event]:
    """The dealer's last card turned for trump; predictions in turn (open) or written
    after the hand (hidden); no weis, no stöck. Plays until the game is decided."""
    options = options or SimulationOptions()
    game = DifferenzlerGame(rules or DifferenzlerRules())
    events, emit = _start(game)
    dealer, number = rng.randrange(4), 0
    while _more(game, options, number):
        hands = _deal_hand(rng, options, emit, dealer)
        trump = max(cards_in(hands[dealer]))
        emit({"event": "turnup", "card": card_code(trump)})
        forehand = (dealer + 1) % 4
        order = [(forehand + i) % 4 for i in range(4)]
        predictions = [
            {"event": "predict", "seat": s, "points": rng.randint(0, HAND_POINTS // 2)}
            for s in order
        ]
        hidden = game.rules.announcement == "hidden"
        for event in [] if hidden else predictions:
            emit(event)
        mode = SUIT_LETTERS[card_suit(trump)]
        play_hand(rng, options, game.rules, emit, hands, forehand, TABLES[mode], False, False)
        for event in predictions if hidden else []:
            emit(event)
        dealer, number = forehand, number + 1
    return events


def simulate_coiffeur(
    rng: random.Random,
    options: SimulationOptions | None = None,
    rules: CoiffeurRules | None = None,
) -> list[Event]:
    """Each hand, forehand or a seat it pushed to (round the table, or to the partner)
    fills a random open line of its team's board; until both boards are full."""
    options = options or SimulationOptions()
    game = CoiffeurGame(rules or CoiffeurRules())
    events, emit = _start(game)
    dealer, number = rng.randrange(4), 0
    while _more(game, options, number):
        hands = _deal_hand(rng, options, emit, dealer)
        forehand = (dealer + 1) % 4
        partner = game.rules.push == "partner"
        pushes = int(rng.random() < options.push_rate) * (2 if partner else rng.randint(1, 3))
        chooser = (forehand + pushes) % 4
        while not game.open_slots(game.side(chooser)):
            chooser, pushes = (chooser + 1) % 4, pushes + 1
        slot = rng.choice(game.open_slots(game.side(chooser)))
        mode = slot.mode or rng.choice(MODES)
        emit(
            {
                "event": "trump",
                "seat": chooser,
                "mode": mode,
                "pushed": pushes > 0,
                "slot": slot.name,
            }
        )
        leader = forehand if partner else chooser
        play_hand(rng, options, game.rules, emit, hands, leader, TABLES[mode], game.rules.weis)
        dealer, number = forehand, number + 1
    return events


SIMULATORS: dict[str, Callable[..., list[Event]]] = {
    "sidi-barrani": simulate_sidi_barrani,
    "differenzler": simulate_differenzler,
    "coiffeur": simulate_coiffeur,
}
