"""The table's questions of a chapter (domain/chapter/queries.py): whose turn it is,
whether the Recruit acts, how many Missions a run of events started."""

from __future__ import annotations

from msgspec.structs import replace

from domain.chapter.queries import acting_player, missions_started, whose_turn
from domain.chapter.state import Phase
from domain.events import LeadershipPassed, MissionStarted, MissionSucceeded
from domain.modules.recruits.state import recruit_acts
from tests.domain.builders import start
from tests.domain.modules.recruits.test_recruits import recruit_in, round_of_plays


def test_during_a_mission_the_grizzled_whose_turn_it_is_acts() -> None:
    state = start({"Ann": ["night+shell"], "Ben": ["shell+gas"]})
    ben = replace(state, turn=1)

    assert (acting_player(state), whose_turn(state), recruit_acts(state)) == ("Ann", "Ann", False)
    assert (acting_player(ben), whose_turn(ben)) == ("Ben", "Ben")


def test_outside_a_mission_nobody_acts() -> None:
    board = start({"Ann": ["night+shell"], "Ben": ["shell+gas"]})
    support = replace(board, phase=Phase.SUPPORT, turn=-1)

    assert (acting_player(support), whose_turn(support), recruit_acts(support)) == (
        None,
        None,
        False,
    )
    assert acting_player(None) is None


def test_on_the_recruits_turn_the_board_names_the_recruit_and_no_grizzled_acts() -> None:
    state = round_of_plays(recruit_in())

    assert recruit_acts(state)
    assert whose_turn(state) == "Recruit #951"
    assert acting_player(state) is None
    assert not recruit_acts(recruit_in())


def test_missions_are_counted_by_their_start_and_nothing_else() -> None:
    events = [
        MissionStarted(1, "Ann", 3),
        MissionSucceeded(),
        LeadershipPassed("Ben", "Ann"),
        MissionStarted(2, "Ben", 2),
    ]

    assert missions_started([]) == 0
    assert missions_started(events[1:3]) == 0
    assert missions_started(events) == 2
