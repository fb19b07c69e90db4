"""The duties of play in the second phase of the two-player talon games.

Phase 1 (while the talon lasts) has no duty at all: "Det finns inget krav på att följa
färg i den här fasen" (000, 002), "In het eerste deel hoeft men niet de gevraagde bloem
te bedienen" (001). Phase 2 differs per game:

- Schmaus (000) and Frantsfuus (002): "i första hand måste följa färg och i andra hand
  spela trumf ... Notera att det inte råder översticktvång", and the trump jack is never
  forced: "Om trumf spelas ut och den enda trumfen på en spelares hand är puur, får
  spelaren spela vilket kort som helst. Om en spelare inte kan följa färg och bara har
  trumfknekten, får spelaren också spela valfritt kort."
- Smousjas (001): "verplicht de gevraagde kleur te bedienen. Als je dit niet kunt, moet
  je troeven. Als de leider troef vraagt, ben je verplicht een hogere troef te spelen
  als je dat kunt, anders een lagere troef." No jack exception in this text.

Each function returns the duties a play broke if the hand held any of their cards
(see :class:`referee.engine.Duty`), first the one that applies first.
"""

from __future__ import annotations

from referee.cards import JACK, SUIT_MASKS, Card, Suit, bit, card
from referee.engine import Duty
from referee.modes import TABLES, TRUMP_MODES


def follow_or_trump(trump: Suit, lead: Card, c: Card) -> tuple[Duty, ...]:
    """Schmaus and Frantsfuus: follow suit, else trump on a side lead; puur never forced."""
    led, played = lead // 9, c // 9
    if played == led:
        return ()
    not_puur = ~bit(card(trump, JACK))
    if led == trump:
        return (Duty("follow-suit", SUIT_MASKS[trump] & not_puur, led, trump=trump),)
    follow = Duty("follow-suit", SUIT_MASKS[led], led, trump=trump)
    if played == trump:
        return (follow,)
    return (follow, Duty("must-trump", SUIT_MASKS[trump] & not_puur, led, trump=trump))


def follow_trump_overtrump(trump: Suit, lead: Card, c: Card) -> tuple[Duty, ...]:
    """Smousjas: follow suit, else trump; on a trump lead, a higher trump if held."""
    led, played = lead // 9, c // 9
    if led == trump:
        if played != trump:
            return (Duty("follow-suit", SUIT_MASKS[trump], led, trump=trump),)
        strength = TABLES[TRUMP_MODES[trump]].strength
        higher = sum(1 << x for x in range(36) if x // 9 == trump and strength[x] > strength[lead])
        if strength[c] < strength[lead]:
            return (Duty("must-overtrump", higher, led, lead, trump),)
        return ()
    if played == led:
        return ()
    follow = Duty("follow-suit", SUIT_MASKS[led], led, trump=trump)
    if played == trump:
        return (follow,)
    return (follow, Duty("must-trump", SUIT_MASKS[trump], led, trump=trump))
