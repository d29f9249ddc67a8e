"""The Monte Carlo chance of a Mission against the exact chance on a tiny table."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest
from msgspec.structs import replace

from domain.assist.hints import public
from domain.assist.mission import NoEstimate, deck_emptied, mission_odds, succeeds, wilson
from domain.chapter.commands import Command, PlayCard, Withdraw
from domain.chapter.state import ChapterState
from domain.legal import intensities, legal_actions
from tests.domain.assist_tables import played, tiny

KEYS = ("rain+gas", "rain+gas", "rain+gas", "snow+whistle", "snow+shell", "night+shell", "mute")


def bold(state: ChapterState, rng: random.Random) -> Command:
    """A policy with no chance in it: play the first card (sorted), withdraw once the hand
    is empty. Every dealt card is played, so the Mission fails exactly when the deal gives
    the three rain+gas (rain three times): when the one card left out is not one of them."""
    legal = legal_actions(state)
    for kind in (PlayCard, Withdraw):
        for command in legal:
            if isinstance(command, kind):
                return command
    return legal[0]


def exact(state: ChapterState, intensity: int) -> Fraction:
    """The chance of success over every distinct layout of the unseen cards, each as likely
    as the others under a fair shuffle."""
    layouts = set(permutations(KEYS))
    wins = 0
    for layout in layouts:
        dealt = replace(
            state, trials=layout[: len(state.trials)], morale=layout[len(state.trials) :]
        )
        wins += succeeds(dealt, intensity, random.Random(0), bold)
    return Fraction(wins, len(layouts))


def test_the_estimate_holds_the_exact_chance_inside_its_95_percent_interval() -> None:
    state = tiny(KEYS, trials=6)
    intensity = intensities(state)[0]
    truth = exact(state, intensity)
    assert truth == Fraction(3, 7)  # the left-out card is one of the 4 others
    (estimate,) = [
        e for e in mission_odds(state, random.Random(2026), 2_000, bold) if e.intensity == intensity
    ]
    assert estimate.playouts == 2_000
    assert estimate.low <= truth <= estimate.high
    assert estimate.high - estimate.low < 0.05


def test_one_seed_gives_one_answer_and_another_seed_another() -> None:
    state = public(played(5, 0))
    first = mission_odds(state, random.Random(11), playouts=200)
    assert mission_odds(state, random.Random(11), playouts=200) == first
    assert mission_odds(state, random.Random(12), playouts=200) != first


def test_the_interval_of_no_success_still_leaves_room_above_zero() -> None:
    low, high = wilson(0, 2_000)
    assert low == 0.0
    assert 0 < high < 0.002


def test_a_mission_under_way_has_no_chance_of_an_intensity_to_estimate() -> None:
    state = played(5, 3)  # the first Mission started
    with pytest.raises(NoEstimate, match="before it starts"):
        mission_odds(public(state), random.Random(1), playouts=10)


def test_the_drop_and_the_chapters_end_are_counted_over_the_same_playouts() -> None:
    """On the tiny table of 6 Trials the deal takes the whole deck: a success wins the
    chapter (no Drop), a failure drops the one Morale card left and shows the Monument.
    Over every layout the chapter is lost 480 times in 840 (4/7)."""
    state = tiny(KEYS, trials=6)
    (estimate,) = mission_odds(state, random.Random(2026), 2_000, bold)
    assert estimate.won == estimate.successes > 0
    assert estimate.lost == estimate.playouts - estimate.successes > 0
    assert estimate.dropped == estimate.lost  # one card each time
    assert estimate.drop == estimate.losing == estimate.lost / 2_000
    low, high = wilson(estimate.lost, estimate.playouts)
    assert low <= 4 / 7 <= high
    assert deck_emptied(state) == (3, 6)
    assert deck_emptied(tiny(KEYS, trials=4)) == (3, 4)
    assert deck_emptied(public(played(5, 0))) == (7, 25)  # four players: 6 each take 24
