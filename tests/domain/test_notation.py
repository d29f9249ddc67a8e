"""Card notation: what a person types at the table, parsed into catalogue keys."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.cards.catalogue import CardType, base_catalogue
from domain.cards.notation import CardNotationError, card_label, completions, parse_card

BASE = base_catalogue()


def parse(text: str) -> str:
    return parse_card(text, BASE)


def test_threat_words_join_in_any_order_and_by_any_unambiguous_prefix():
    assert parse("night+shell") == "night+shell"
    assert parse("shell+night") == "night+shell"
    assert parse("sh+n") == "night+shell"
    assert parse("whistle+gas+shell") == "shell+gas+whistle"
    assert parse("w+sh+r+g+sn+n") == "night+snow+rain+shell+gas+whistle"
    assert parse("  Rain+Snow ") == "snow+rain"


def test_mask_is_another_word_for_gas():
    assert parse("mask+rain") == "rain+gas"
    assert parse("ma+n+trap") == "night+gas+trap"


def test_trap_names_the_copy_with_a_trap():
    assert parse("night+shell+trap") == "night+shell+trap"
    assert parse("trap+shell+night") == "night+shell+trap"
    assert parse("sh+n+t") == "night+shell+trap"


def test_luck_names_a_described_armistice_card_with_a_luck_symbol():
    lucky = CardType(key="rain+gas+luck", threats=("rain", "gas"), luck=1)
    catalogue = BASE.described(None, lucky)

    assert parse_card("rain+gas+luck", catalogue) == "rain+gas+luck"
    assert parse_card("l+mask+r", catalogue) == "rain+gas+luck"
    with pytest.raises(CardNotationError, match="there is no rain\\+gas\\+luck card"):
        parse("rain+gas+luck")


def test_hard_knocks_by_name_and_by_prefix():
    assert parse("wounded") == "wounded"
    assert parse("absent") == "absent-minded"
    assert parse("absent-minded") == "absent-minded"
    assert parse("hard") == "hardheaded"
    assert parse("tyr") == "tyrannical"
    assert parse("Mute") == "mute"


def test_phobias_and_traumas_name_their_threat_either_side():
    assert parse("phobia-gas") == "phobia-gas"
    assert parse("gas-phobia") == "phobia-gas"
    assert parse("phobia-mask") == "phobia-gas"
    assert parse("trauma-night") == "trauma-night"
    assert parse("night-trauma") == "trauma-night"
    assert parse("phobia-w") == "phobia-whistle"


def test_merry_christmas_has_short_names():
    for text in ("merry-christmas", "merry", "christmas", "xmas", "mc", "MC"):
        assert parse(text) == "merry-christmas"


def test_a_catalogue_number_names_the_card_it_was_described_as():
    panicked = CardType(key="panicked", hard_knock="panicked", value=1)
    catalogue = BASE.described(56, panicked)

    assert parse_card("56", catalogue) == "panicked"
    assert parse_card("#56", catalogue) == "panicked"
    with pytest.raises(CardNotationError, match="card number 57 has not been described"):
        parse_card("57", catalogue)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bayonet", "'bayonet' is not a Hard Knock or card name"),
        ("night+bayonet", "'bayonet' is not a threat"),
        ("s", "'s' is ambiguous: selfish, or the threat snow or shell"),
        ("s+rain", "'s' is ambiguous: shell or snow"),
        ("f", "'f' is ambiguous: fearful or fragile or frenzied"),
        ("w", "'w' is ambiguous: wounded, or the threat whistle"),
        ("ni", "'ni' alone names no card: a Threat card joins its threats with +"),
        ("sh", "'sh' alone names no card"),
        ("trauma", "'trauma' is ambiguous: trauma-night or trauma-rain or trauma-snow"),
        ("night+snow+trap", "there is no night+snow+trap card in this campaign's catalogue"),
        ("night+shell+luck", "there is no night+shell+luck card"),
        ("night", "'night' alone names no card: a Threat card joins its threats with +"),
        ("gas", "'gas' alone names no card"),
        ("mask", "'mask' alone names no card"),
        ("shell+trap", "there is no shell+trap card"),
        ("trap", "'trap' is not a Hard Knock or card name"),
        ("trap+luck", "'trap+luck' names no threat"),
        ("night+night", "'night+night' names night twice"),
        ("gas+shell+mask", "names gas twice"),
        ("night++shell", "has an empty part between '+' signs"),
        ("night+", "has an empty part"),
        ("", "no card given"),
        ("99", "card number 99 has not been described in this campaign"),
        ("#99", "card number 99 has not been described"),
        ("²", "'²' is not a Hard Knock or card name"),  # a digit, but not a number
    ],
)
def test_a_text_that_names_no_single_card_says_why_in_one_line(text, message):
    with pytest.raises(CardNotationError, match=re.escape(message)) as refused:
        parse(text)

    assert "\n" not in str(refused.value)


def test_labels_and_completions_read_as_the_cards_do():
    assert card_label("night+shell+trap", BASE) == "night+shell (trap)"
    assert card_label("merry-christmas", BASE) == "Merry Christmas"
    assert card_label("unheard-of", BASE) == "unheard-of"
    assert completions("ph", BASE) == [
        "phobia-gas",
        "phobia-mask",
        "phobia-shell",
        "phobia-whistle",
    ]


@given(st.sampled_from(BASE.keys()), st.data())
def test_every_key_and_any_order_of_its_parts_parses_back_to_the_key(key, data):
    assert parse(key) == key
    if "+" in key:
        parts = data.draw(st.permutations(key.split("+")))
        assert parse("+".join(parts)) == key
