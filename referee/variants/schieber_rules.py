"""Schieber's card play: who wins a trick, which plays are legal, what a hand scores.

Pure functions over card masks, shared by the referee, the random-game simulator and
(later) the other four-player games built on Schieber's play.

Seed 003, the duties: "Om det är ett sangspel, måste spelarna alltid om möjligt följa
färg." — "Om det är ett trumfspel och utspelet skedde i en annan färg än trumf, måste en
spelare som har kort i utspelsfärgen antingen följa färg eller spela trumf. ... En
spelare som spelar trumf ... måste sticka alla trumfkort som dittills spelats till
sticket, såvida inte spelaren bara har trumf kvar på handen." — "Trumfknekten, puur,
kan aldrig tvingas ut."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from referee.cards import (
    DECK_36,
    JACK,
    SUIT_MASKS,
    Card,
    CardSet,
    bit,
    card,
    cards_in,
    king_and_queen,
)
from referee.engine import Duty
from referee.modes import ModeTables

MULTIPLIERS = {"S": 1, "C": 1, "H": 2, "D": 2, "obenabe": 3, "undenufe": 3}
"""Seed 003: "Trumfspel med svart trumffärg har faktorn ett, trumfspel med röd
trumffärg har faktorn två och de båda sangspelen, obenabe och undenufe, har faktorn tre."
"""
LAST_TRICK_BONUS = 5
MATCH_BONUS = 100
STOECK_VALUE = 20
TRICKS_PER_HAND = 9


class PlayChoices(Protocol):
    """The one house rule of the card play: every game of the Schieber family has it."""

    @property
    def only_trumps(self) -> str: ...


def trick_winner_index(cards: Sequence[Card], mode: ModeTables) -> int:
    """Index in ``cards`` of the card that wins the trick.

    The highest trump if any was played, else the highest card of the led suit
    (``strength`` already reverses the order in undenufe).
    """
    strength = mode.strength
    trump = mode.trump
    led = cards[0] // 9
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        cs, bs = c // 9, b // 9
        if cs == bs:
            if strength[c] > strength[b]:
                best = i
        elif cs == trump or (bs != trump and cs == led):
            best = i
    return best


def play_duty(mode: ModeTables, rules: PlayChoices, c: Card, before: Sequence[Card]) -> Duty | None:
    """The cards whose possession makes playing ``c`` onto ``before`` illegal, or None.

    Holding any one of them is enough: a led-suit card (follow suit), a non-jack trump
    on a trump lead (the puur is never forced), a non-trump when undertrumping (the
    "only trumps" exemption is lost), or a higher trump under ``only_trumps=must-overtrump``.
    """
    if not before:
        return None
    led = before[0] // 9
    played_suit = c // 9
    trump = mode.trump
    if played_suit == led:
        return None
    if trump is None or led == trump:
        duty = SUIT_MASKS[led]
        if trump is not None:
            duty &= ~bit(card(trump, JACK))
        return Duty("follow-suit", duty, led, trump=trump)
    if played_suit != trump:
        return Duty("follow-suit", SUIT_MASKS[led], led, trump=trump)
    strength = mode.strength
    top = max((x for x in before if x // 9 == trump), key=strength.__getitem__, default=None)
    if top is None or strength[c] > strength[top]:
        return None
    duty = ~SUIT_MASKS[trump] & DECK_36
    if rules.only_trumps == "must-overtrump":
        duty |= sum(1 << x for x in cards_in(SUIT_MASKS[trump]) if strength[x] > strength[top])
    return Duty("undertrump", duty, led, top, trump)


def legal_plays(
    mode: ModeTables, rules: PlayChoices, hand: CardSet, before: Sequence[Card]
) -> CardSet:
    """The cards of ``hand`` that may be played onto the trick ``before``."""
    legal = 0
    for c in cards_in(hand):
        duty = play_duty(mode, rules, c, before)
        if duty is None or not hand & duty.cards:
            legal |= 1 << c
    return legal


def stoeck_pair(mode: ModeTables) -> CardSet:
    """King and queen of trump; empty in obenabe and undenufe (no stöck there)."""
    if mode.trump is None:
        return 0
    return king_and_queen(mode.trump)


def multiplier(mode: ModeTables) -> int:
    return MULTIPLIERS[mode.mode]
