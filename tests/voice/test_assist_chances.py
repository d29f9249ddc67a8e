"""The odds' words are written from counts (``voice.assist.chance``), with no ``Fraction``:
the same text a ``Fraction`` of the counts writes, exact and as a share."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from domain.assist.odds import NextCard
from voice.assist import chance, next_card_json, next_card_lines, percent


@given(
    st.integers(0, 5_000).flatmap(lambda total: st.tuples(st.integers(0, total), st.just(total)))
)
def test_a_chance_of_counts_is_written_as_its_fraction_writes_it(counts: tuple[int, int]) -> None:
    count, total = counts
    value = Fraction(count, total) if total else Fraction(0)

    said = chance(count, total)

    assert said == {"fraction": f"{value.numerator}/{value.denominator}", "share": float(value)}
    assert type(said["share"]) is float
    if total:
        assert percent(said["share"]) == percent(float(value))


def test_the_next_cards_lines_and_json_give_each_count_of_the_unseen_cards() -> None:
    odds = NextCard(unseen=56, knocks=19, showing={"gas": 14, "night": 13}, failing=23)

    lines = [line.text for line in next_card_lines(odds)]
    doc = next_card_json(odds)

    assert lines == [
        "Next card drawn, from 56 unseen cards:",
        "  any Hard Knock: 19 of 56, 33.9%",
        "  one that fails the Mission now: 23 of 56, 41.1%",
        "  gas: 14 of 56, 25.0%",
        "  night: 13 of 56, 23.2%",
    ]
    assert doc["fails_mission"] == {"fraction": "23/56", "share": 23 / 56}
    assert doc["threats"]["gas"] == {"fraction": "1/4", "share": 0.25}
    assert (odds.hard_knock, odds.fails_mission) == (Fraction(19, 56), Fraction(23, 56))
    assert odds.threat == {"gas": Fraction(1, 4), "night": Fraction(13, 56)}
