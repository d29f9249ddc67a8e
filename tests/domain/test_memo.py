"""A pure query's last answer kept by identity (domain/memo.py): the same value answers
at once, any other value, even an equal one, is asked again."""

from __future__ import annotations

from msgspec.structs import replace

from domain.memo import last_answer, last_triple_answer
from tests.domain.builders import start


def test_the_same_value_is_answered_from_the_kept_answer_and_another_is_asked_again() -> None:
    asked: list[tuple[int, ...]] = []

    @last_answer
    def total(numbers: tuple[int, ...]) -> int:
        asked.append(numbers)
        return sum(numbers)

    first, equal = (1, 2), tuple([1, 2])
    assert (total(first), total(first), total(equal), total(first)) == (3, 3, 3, 3)
    assert [n is first for n in asked] == [True, False, True]


def test_a_states_threat_tally_is_kept_only_for_that_state() -> None:
    state = start({"Ann": ["night+shell"], "Ben": ["shell+gas"]})
    shown = replace(state, nml=("night+shell", "shell+gas"))

    assert state.threat_tally() == {}
    assert shown.threat_tally() == {"night": 1, "shell": 2, "gas": 1}
    assert shown.threat_tally() is shown.threat_tally()
    assert dict(state.threat_tally()) == {} and dict(state.threat_counts()) == {}


def test_a_query_of_three_values_is_answered_again_only_for_the_same_three() -> None:
    asked: list[tuple[tuple[int, ...], tuple[int, ...], str]] = []

    @last_triple_answer
    def longer(first: tuple[int, ...], second: tuple[int, ...], how: str) -> bool:
        asked.append((first, second, how))
        return len(first) > len(second) if how == ">" else len(first) < len(second)

    one, two, equal = (1,), (1, 2), tuple([1, 2])
    more, less = ">", "".join("<")
    answers = (
        longer(two, one, more),
        longer(two, one, more),
        longer(equal, one, more),
        longer(two, two, more),
        longer(two, two, less),
    )
    assert answers == (True, True, True, False, False)
    assert [(a is two, b is one, c is more) for a, b, c in asked] == [
        (True, True, True),
        (False, True, True),
        (True, False, True),
        (True, False, False),
    ]
