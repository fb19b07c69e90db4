"""Cards as the game-log contract writes them (spec/game-log.md, "Cards")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import (
    CARDS,
    DECK_32,
    DECK_36,
    UnknownCardError,
    card_code,
    card_display,
    count,
    parse_card,
)


def test_every_card_code_reads_back_to_the_same_card():
    assert [parse_card(card_code(c)) for c in CARDS] == list(CARDS)
    assert {card_code(c) for c in CARDS} >= {"H10", "SJ", "C6", "DA"}


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("HU", "HJ"), ("ho", "HQ"), ("SB", "S10"), ("s10", "S10"), ("cu", "CJ"), (" da ", "DA")],
)
def test_swiss_letters_and_lower_case_are_read_as_the_canonical_card(text, canonical):
    """Spec: "Input must also accept the Swiss rank letters U (Under = J), O (Ober = Q),
    B (Banner = 10) and lower case; output always uses the canonical form"."""
    assert card_code(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["H11", "X7", "", "10H", "HJJ", "H1", None, 7, ["HJ"]])
def test_anything_else_is_an_unknown_card_with_a_clear_message(text):
    with pytest.raises(UnknownCardError, match="is not a card"):
        parse_card(text)


SPELLINGS = {card_code(c) for c in CARDS} | {suit + letter for suit in "HDSC" for letter in "UOB"}


@given(st.text(alphabet="HDSCUOBJQKA0123456789hdscuobx ", max_size=4) | st.text(max_size=4))
def test_text_is_a_card_exactly_when_it_spells_one(text):
    if text.strip().upper() in SPELLINGS:
        assert card_code(parse_card(text)) in SPELLINGS
    else:
        with pytest.raises(UnknownCardError):
            parse_card(text)


def test_decks_have_36_and_32_cards_the_short_one_without_sixes():
    assert count(DECK_36) == 36
    assert count(DECK_32) == 32
    assert not DECK_32 >> parse_card("H6") & 1


def test_cards_have_french_and_swiss_german_names():
    """Seed 003: schilten, schellen, rosen, eicheln; ober, under, banner."""
    assert card_display(parse_card("H10"), "swiss") == "Schellen Banner"
    assert card_display(parse_card("DJ"), "swiss") == "Schilten Under"
    assert card_display(parse_card("CQ"), "swiss") == "Rosen Ober"
    assert card_display(parse_card("SA"), "swiss") == "Eicheln Ass"
    assert card_display(parse_card("SA")) == "♠A"
