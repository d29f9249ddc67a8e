"""Exact next-card odds against brute-force enumeration of every order of small decks."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from domain.assist.odds import next_card

THREATS = ("rain", "snow", "night", "shell")


@dataclass(frozen=True)
class Card:
    threats: tuple[str, ...] = ()
    hard_knock: str | None = None


def brute(deck: list[Card], active: dict[str, int], test) -> Fraction:  # type: ignore[no-untyped-def]
    """The share of every order of the deck whose first card passes ``test``."""
    orders = list(permutations(deck))
    return Fraction(sum(1 for o in orders if test(o[0], active)), len(orders))


def fails(card: Card, active: dict[str, int]) -> bool:
    tally = Counter(active)
    tally.update(card.threats)
    return any(n >= 3 for n in tally.values())


cards = st.builds(
    Card,
    threats=st.lists(st.sampled_from(THREATS), max_size=2).map(tuple),
    hard_knock=st.none() | st.just("fragile"),
)


@given(
    deck=st.lists(cards, min_size=1, max_size=5),
    active=st.dictionaries(st.sampled_from(THREATS), st.integers(0, 2)),
)
def test_every_chance_is_the_share_of_the_decks_orders_that_draw_it_first(
    deck: list[Card], active: dict[str, int]
) -> None:
    odds = next_card(deck, active)
    assert odds.unseen == len(deck)
    assert odds.hard_knock == brute(deck, active, lambda c, a: c.hard_knock is not None)
    assert odds.fails_mission == brute(deck, active, fails)
    for threat in THREATS:
        expected = brute(deck, active, lambda c, a, t=threat: t in c.threats)
        assert odds.threat.get(threat, Fraction(0)) == expected


def test_a_second_rain_showing_makes_every_rain_card_fail_the_mission() -> None:
    deck = [Card(("rain",)), Card(("snow",)), Card(hard_knock="fragile"), Card()]
    odds = next_card(deck, {"rain": 2})
    assert odds.fails_mission == Fraction(1, 4)
    assert odds.hard_knock == Fraction(1, 4)


def test_a_card_with_two_of_one_threat_fails_on_a_single_one_showing() -> None:
    odds = next_card([Card(("snow", "snow")), Card()], {"snow": 1})
    assert odds.fails_mission == Fraction(1, 2)
    assert odds.threat == {"snow": Fraction(1, 2)}


def test_no_card_unseen_gives_no_chance_of_anything() -> None:
    odds = next_card([], {"rain": 2})
    assert (odds.unseen, odds.hard_knock, odds.fails_mission) == (0, Fraction(0), Fraction(0))
