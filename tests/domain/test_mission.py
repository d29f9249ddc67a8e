"""Preparing and running a Mission: intensity, the deal, turn order, phases, the Chaplain."""

from collections import Counter

import pytest

from domain.cards.catalogue import base_catalogue
from domain.chapter.commands import (
    ChooseSupport,
    MakeSpeech,
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.chapter.evolve import begin
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState, Phase
from domain.errors import IntensityTooLow, NotYourTurn, WrongPhase
from domain.events import CardPlayed, CardsDealt, LeadershipPassed, MissionStarted, PlayerWithdrew
from tests.domain.builders import kinds, run, start

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
TOP = (
    "night+shell",
    "snow+gas",
    "rain+whistle",
    "night+gas",
    "snow+whistle",
    "rain+gas",
    "night+whistle",
    "snow+shell",
    "rain+shell",
)


def chapter(
    top: tuple[str, ...],
    *,
    trials: int,
    ruleset: str = "classic",
    leader: str = "Ann",
    seats: tuple[Seat, ...] = SEATS,
) -> ChapterState:
    """A chapter whose deck starts with ``top`` (the Trials deck is its first ``trials``
    cards, the Morale Reserve the rest of the box). Nothing rigged about the rules: the
    first intensity is the ruleset's own (armistice: a Briefing of 2)."""
    rest = Counter(base_catalogue().deck())
    rest.subtract(top)
    deck = (*top, *sorted(rest.elements()))
    setup = StartChapter(
        ruleset,
        seats,
        leader=leader,
        trials=trials,
        morale=len(deck) - trials,
        first_intensity=2 if ruleset == "armistice" else None,
        third_tiles=("left", "right", "left"),
        deck=deck,
    )
    return begin(decide_start_chapter(setup, base_catalogue()))


# --- intensity -------------------------------------------------------------------------------
def test_the_first_classic_mission_deals_at_least_3_cards_each():
    state = chapter(TOP, trials=9)

    with pytest.raises(
        IntensityTooLow,
        match="Ann cannot choose intensity 2: the intensity must be at least 3 "
        "for the first Mission",
    ):
        run(state, StartMission(2))
    state, events = run(state, StartMission(3))
    assert events[0] == MissionStarted(1, "Ann", 3)
    assert [p.hand_size for p in state.players] == [3, 3, 3]
    assert len(state.trials) == 0


def test_later_classic_missions_may_deal_a_single_card():
    state = chapter(TOP, trials=9)
    state, _ = run(
        state,
        StartMission(3),
        Withdraw("Ann", "left"),
        Withdraw("Ben", "left"),
        Withdraw("Cy", "left"),
    )
    assert (state.phase, state.players[state.leader].name) == (Phase.PREPARATION, "Ben")

    with pytest.raises(IntensityTooLow, match=r"Ben cannot choose intensity 0: .* at least 1$"):
        run(state, StartMission(0))
    state, events = run(state, StartMission(1))
    assert events[0] == MissionStarted(2, "Ben", 1)
    assert [p.hand_size for p in state.players] == [4, 4, 4]


def test_the_first_armistice_mission_deals_exactly_the_briefings_intensity():
    state = chapter(TOP, ruleset="armistice", trials=9)

    for intensity in (1, 3):
        with pytest.raises(
            IntensityTooLow,
            match=f"Ann cannot choose intensity {intensity}: the Briefing sets the first "
            "intensity at 2",
        ):
            run(state, StartMission(intensity))
    state, events = run(state, StartMission(2))
    assert events[0] == MissionStarted(1, "Ann", 2)
    assert [p.hand_size for p in state.players] == [2, 2, 2]


def test_later_armistice_missions_let_the_mission_leader_choose_from_1():
    state = chapter(TOP, ruleset="armistice", trials=6)
    state, _ = run(
        state,
        StartMission(2),
        Withdraw("Ann", "left"),
        Withdraw("Ben", "left"),
        Withdraw("Cy", "left"),
    )

    state, events = run(state, StartMission(1))
    assert events[0] == MissionStarted(2, "Ben", 1)
    assert [p.hand_size for p in state.players] == [3, 3, 3]


# --- the deal ------------------------------------------------------------------------------------
def test_cards_are_dealt_one_at_a_time_from_the_mission_leader_clockwise():
    state = chapter(TOP, leader="Ben", trials=9)

    state, events = run(state, StartMission(3))

    assert events[1] == CardsDealt(
        ("Ben", "Cy", "Ann"),
        (
            ("night+shell", "night+gas", "night+whistle"),
            ("snow+gas", "snow+whistle", "snow+shell"),
            ("rain+whistle", "rain+gas", "rain+shell"),
        ),
    )
    assert state.player("Ben").hand == ("night+gas", "night+shell", "night+whistle")
    assert state.player("Ann").hand == ("rain+gas", "rain+shell", "rain+whistle")
    assert state.trials == ()


def test_when_the_trials_deck_runs_out_the_deal_stops_and_some_players_get_fewer_cards():
    state = chapter(TOP, leader="Ben", trials=5)

    state, events = run(state, StartMission(3))

    assert events == (
        MissionStarted(1, "Ben", 3),
        CardsDealt(
            ("Ben", "Cy", "Ann"),
            (("night+shell", "night+gas"), ("snow+gas", "snow+whistle"), ("rain+whistle",)),
        ),
    )
    assert [(p.name, p.hand_size) for p in state.players] == [("Ann", 1), ("Ben", 2), ("Cy", 2)]
    assert state.trials == ()
    assert state.phase == Phase.MISSION and state.active_player.name == "Ben"


# --- turns ---------------------------------------------------------------------------------------
def test_turns_go_clockwise_from_the_leader_and_skip_withdrawn_players():
    state = start(
        {
            "Ann": ["night+shell", "snow+gas"],
            "Ben": ["rain+whistle", "night+gas"],
            "Cy": ["snow+whistle", "rain+gas"],
            "Dee": ["shell+gas", "gas+whistle"],
        },
        leader="Cy",
        third_tiles=("left", "right", "left", "right"),
    )
    turns = [state.active_player.name]

    for command in (
        PlayCard("Cy", "snow+whistle"),
        Withdraw("Dee", "left"),
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "rain+whistle"),
        PlayCard("Cy", "rain+gas"),
    ):
        state, _ = run(state, command)
        turns.append(state.active_player.name)

    assert turns == ["Cy", "Dee", "Ann", "Ben", "Cy", "Ann"]


def test_a_player_acting_out_of_turn_is_refused():
    state = start({"Ann": ["night+shell"], "Ben": ["snow+gas"], "Cy": ["rain+whistle"]})

    with pytest.raises(NotYourTurn, match="it is Ann's turn, not Ben's: Ben cannot play a card"):
        run(state, PlayCard("Ben", "snow+gas"))
    with pytest.raises(NotYourTurn, match="it is Ann's turn, not Cy's: Cy cannot withdraw"):
        run(state, Withdraw("Cy", "left"))
    state, _ = run(state, Withdraw("Ann", "left"), PlayCard("Ben", "snow+gas"))
    with pytest.raises(NotYourTurn, match="Ann has withdrawn from this Mission and cannot play"):
        run(state, PlayCard("Ann", "night+shell"))
    assert state.active_player.name == "Cy"


def test_commands_in_the_wrong_phase_are_refused():
    preparation = chapter(TOP, trials=9)
    with pytest.raises(
        WrongPhase, match=r"Ann cannot play a card: .*waiting for the Mission Leader"
    ):
        run(preparation, PlayCard("Ann", "night+shell"))
    with pytest.raises(WrongPhase, match=r"Ann cannot withdraw: .*waiting for the Mission Leader"):
        run(preparation, Withdraw("Ann", "left"))

    mission, _ = run(preparation, StartMission(3))
    with pytest.raises(
        WrongPhase, match=r"Ann cannot start a Mission: .*in the middle of a Mission"
    ):
        run(mission, StartMission(1))
    with pytest.raises(WrongPhase, match=r"Ann cannot choose a Support benefit: .*middle of a Mis"):
        run(mission, ChooseSupport("Ann"))


def test_nothing_can_be_played_once_the_chapter_is_over():
    state = start({"Ann": ["night+shell"], "Ben": ["snow+gas"], "Cy": ["rain+whistle"]})
    state, events = run(
        state,
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "rain+whistle"),
        Withdraw("Ann", "left"),
        Withdraw("Ben", "left"),
        Withdraw("Cy", "left"),
    )
    assert kinds(events)[-1] == "ChapterWon"

    with pytest.raises(WrongPhase, match="Ann cannot start a Mission: the chapter is over"):
        run(state, StartMission(1))
    with pytest.raises(WrongPhase, match="Ann cannot make a Speech: the chapter is over"):
        run(state, MakeSpeech("Ann", "night"))
    with pytest.raises(WrongPhase, match="Ann cannot use a Good Luck Charm: the chapter is over"):
        run(state, UseCharm("Ann", "night+shell"))


# --- the Chaplain --------------------------------------------------------------------------------
def test_the_chaplain_withdraws_at_preparation_with_his_tile_and_never_takes_a_turn():
    state = start({"Ann": ["night+shell", "rain+gas"], "Ben": ["snow+gas", "rain+whistle"]})
    assert state.player("Chaplain").withdrawn and state.player("Chaplain").played_tile == "left"
    assert state.player("Chaplain").tiles == ("left", "right")

    with pytest.raises(NotYourTurn, match="the Chaplain never acts: he only gives Support"):
        run(state, PlayCard("Chaplain", "night+shell"))
    turns = [state.active_player.name]
    for command in (
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Ann", "rain+gas"),
    ):
        state, events = run(state, command)
        turns.append(state.active_player.name)
    assert turns == ["Ann", "Ben", "Ann", "Ben"]
    assert events == (CardPlayed("Ann", "rain+gas"),)


def test_the_chaplain_is_dealt_no_cards_and_withdraws_as_the_mission_starts():
    state = chapter(TOP, seats=SEATS[:2], leader="Ben", trials=6)

    state, events = run(state, StartMission(3, chaplain_tile="right"))

    assert events == (
        MissionStarted(1, "Ben", 3),
        CardsDealt(
            ("Ben", "Ann"),
            (
                ("night+shell", "rain+whistle", "snow+whistle"),
                ("snow+gas", "night+gas", "rain+gas"),
            ),
        ),
        PlayerWithdrew("Chaplain", "right"),
    )
    assert state.player("Chaplain").hand_size == 0
    assert state.active_player.name == "Ben"


def test_the_chaplain_never_leads_a_mission():
    state = start({"Ann": ["night+shell"], "Ben": ["snow+gas"]}, leader="Ben", trials=2)

    state, events = run(state, Withdraw("Ben", "left"), Withdraw("Ann", "left"))

    assert events[-1] == LeadershipPassed("Ann", "Ben")
    state, events = run(state, StartMission(1, chaplain_tile="left"))
    assert events[0] == MissionStarted(2, "Ann", 1)
    assert events[-1] == PlayerWithdrew("Chaplain", "left")
