"""Weis found in a hand (seed 003, "Mälningar: weis och stöck")."""

from referee.cards import card_set, parse_card
from referee.settings import SchieberRules
from referee.weis import combination_of, find_weis


def hand(*codes: str) -> int:
    return card_set(parse_card(c) for c in codes)


def describe(found) -> list[tuple[str, int, int]]:
    return sorted((w.kind, w.length, w.value) for w in found)


def test_a_sequence_counts_once_at_full_length_not_its_sub_sequences():
    """Seed 003: "En spelare som till exempel har hjärter dam, knekt, tio och nio ... har
    en sekvens av fyra ... men de sekvenser av tre som finns i den av fyra ... räknas inte"."""
    found = find_weis(hand("HQ", "HJ", "H10", "H9", "S6", "C7", "D8", "DA", "CK"), SchieberRules())
    assert describe(found) == [("sequence", 4, 50)]


def test_a_card_may_serve_a_sequence_and_a_four_of_a_kind():
    """Seed 003: "Ett kort kan ingå i en sekvens och ett fyrtaal samtidigt"."""
    found = find_weis(hand("HK", "DK", "SK", "CK", "HQ", "HJ", "C6", "D7", "S9"), SchieberRules())
    assert describe(found) == [("four", 4, 100), ("sequence", 3, 20)]


def test_values_of_every_sequence_length_and_special_fours():
    rules = SchieberRules()
    all_hearts = ["H6", "H7", "H8", "H9", "H10", "HJ", "HQ", "HK", "HA"]
    values = [combination_of(hand(*all_hearts[:n]), rules).value for n in range(3, 10)]
    assert values == [20, 50, 100, 150, 200, 250, 300]
    assert combination_of(hand("HJ", "DJ", "SJ", "CJ"), rules).value == 200
    assert combination_of(hand("H9", "D9", "S9", "C9"), rules).value == 150
    assert combination_of(hand("H6", "D6", "S6", "C6"), rules).value == 100


def test_four_low_cards_can_be_switched_off_as_a_house_rule():
    rules, errors = SchieberRules().with_values({"four_low_cards": "false"})
    assert errors == []
    assert combination_of(hand("H7", "D7", "S7", "C7"), rules) is None
    assert combination_of(hand("HQ", "DQ", "SQ", "CQ"), rules).value == 100


def test_cards_that_are_no_weis_are_recognised():
    rules = SchieberRules()
    assert combination_of(hand("HJ", "H10", "H8"), rules) is None
    assert combination_of(hand("HJ", "H10", "S9"), rules) is None
    assert combination_of(hand("HJ", "DJ", "SJ"), rules) is None
