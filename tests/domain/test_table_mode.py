"""A real table: nobody tells the engine the deck order and there is no Chance. Decks
are unseen slots, hands are hidden counts, and a card becomes known when it is shown.

Four players sit Ann, Ben, Cy, Dee (charms night, snow, rain, shell); Ann leads.
"""

from __future__ import annotations

import pytest

from domain.cards.catalogue import base_catalogue
from domain.chapter.commands import (
    Command,
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
from domain.engine import execute
from domain.errors import CardNotAvailable, MissingOutcome
from domain.events import (
    CardDrawnAndPlayed,
    CardPlayed,
    CardsDealt,
    LeadershipPassed,
    MissionFailed,
    MoraleDropped,
    SpeechMade,
    SupportRevealed,
)
from tests.domain.builders import kinds, run

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"), Seat("Dee", "shell"))
ALL_LEFT = (
    ("Ann", "left", "Ben"),
    ("Ben", "left", "Cy"),
    ("Cy", "left", "Dee"),
    ("Dee", "left", "Ann"),
)


def table() -> ChapterState:
    """A four-player classic chapter set up at a real table, before the first Mission."""
    setup = StartChapter(
        "classic", SEATS, third_tiles=("left", "right", "left2", "right2"), leader="Ann"
    )
    return begin(decide_start_chapter(setup, base_catalogue()))


def first_mission() -> ChapterState:
    """The first Mission at intensity 3: three unseen cards in every hand."""
    return run(table(), StartMission(3))[0]


def counted(state: ChapterState, *commands: Command) -> tuple[ChapterState, tuple]:
    """Run commands, checking after each that all 59 cards are still somewhere."""
    events: list = []
    for command in commands:
        new, state = execute(state, command)
        events.extend(new)
        assert state.total_cards == 59, command
    return state, tuple(events)


def test_at_a_real_table_decks_are_unseen_and_hands_are_hidden_counts():
    state = table()
    assert state.trials == (None,) * 25
    assert state.morale == (None,) * 34

    state, events = run(state, StartMission(3))

    assert events[1] == CardsDealt(("Ann", "Ben", "Cy", "Dee"), ((None, None, None),) * 4)
    assert [(p.hand, p.hidden) for p in state.players] == [((), 3)] * 4
    assert state.trials == (None,) * 13
    assert state.known_counts() == {}
    assert state.total_cards == 59


def test_playing_a_card_from_a_hidden_hand_reveals_it():
    state, events = run(first_mission(), PlayCard("Ann", "night+shell"))

    assert events == (CardPlayed("Ann", "night+shell"),)
    assert state.player("Ann").hidden == 2
    assert state.player("Ann").hand == ()
    assert state.nml == ("night+shell",)
    assert state.known_counts() == {"night+shell": 1}
    assert state.unseen("night+shell") == 2
    assert state.total_cards == 59


def test_a_card_is_refused_once_every_copy_of_it_is_seen():
    state, _ = counted(
        first_mission(),
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "rain+gas"),
        UseCharm("Dee", "night+shell"),
        UseCharm("Ann", "night+shell"),
        PlayCard("Ben", "night+shell+trap", drawn="snow+whistle"),
        PlayCard("Cy", "night+shell"),
    )
    # Four night+shell cards are seen: the three plain copies and the one with a Trap.
    assert state.discard == ("night+shell", "night+shell")
    assert state.nml == ("rain+gas", "night+shell+trap", "snow+whistle", "night+shell")
    assert state.unseen("night+shell") == 0
    assert state.unseen("night+shell+trap") == 0
    assert state.player("Dee").hidden == 3

    with pytest.raises(
        CardNotAvailable,
        match="no night\\+shell can be there: all 3 copies are already accounted for",
    ):
        run(state, PlayCard("Dee", "night+shell"))
    with pytest.raises(CardNotAvailable, match="all 1 copy is already accounted for"):
        run(state, PlayCard("Dee", "night+shell+trap"))


def test_a_trap_from_an_unseen_deck_needs_the_drawn_card_and_checks_it_could_be_there():
    state, _ = run(first_mission(), PlayCard("Ann", "shell+gas+whistle"))

    with pytest.raises(MissingOutcome, match="Trap: say which card Ben drew from the Trials deck"):
        run(state, PlayCard("Ben", "rain+gas+trap"))
    with pytest.raises(
        CardNotAvailable,
        match="no shell\\+gas\\+whistle can be there: all 1 copy is already accounted for",
    ):
        run(state, PlayCard("Ben", "rain+gas+trap", drawn="shell+gas+whistle"))
    state, events = run(state, PlayCard("Ben", "rain+gas+trap", drawn="night+snow"))

    assert events == (
        CardPlayed("Ben", "rain+gas+trap"),
        CardDrawnAndPlayed("Ben", "night+snow", "trap"),
    )
    assert state.trials == (None,) * 12
    assert state.nml == ("shell+gas+whistle", "rain+gas+trap", "night+snow")
    assert state.player("Ben").hidden == 2
    assert state.total_cards == 59


def test_a_failed_mission_shuffles_no_mans_land_into_an_unseen_trials_deck():
    state, events = counted(
        first_mission(),
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "night+gas"),
        PlayCard("Cy", "night+whistle"),
    )

    assert kinds(events) == [
        "CardPlayed",
        "CardPlayed",
        "CardPlayed",
        "MissionFailed",
        "SupportRevealed",
        "MoraleDropped",
        "LeadershipPassed",
    ]
    assert events[3] == MissionFailed("night", (None,) * 16)
    assert events[4] == SupportRevealed((), None)
    assert events[5] == MoraleDropped(9, (None,) * 9)
    assert state.nml == ()
    assert state.trials == (None,) * 25
    assert state.known_counts() == {}
    assert state.unseen("night+shell") == 3


def test_the_morale_drop_moves_unseen_cards_onto_the_trials_deck():
    state, events = counted(
        first_mission(),
        Withdraw("Ann", "left"),
        Withdraw("Ben", "left"),
        Withdraw("Cy", "left"),
        Withdraw("Dee", "left"),
    )

    assert events[-3:] == (
        SupportRevealed(ALL_LEFT, None),
        MoraleDropped(12, (None,) * 12),
        LeadershipPassed("Ben", "Ann"),
    )
    assert state.morale == (None,) * 22
    assert state.trials == (None,) * 25
    assert state.phase == Phase.PREPARATION


def test_a_speech_discard_from_a_hidden_hand_reveals_the_card():
    state, _ = counted(
        first_mission(),
        Withdraw("Ann", "left"),
        Withdraw("Ben", "left"),
        Withdraw("Cy", "left"),
        Withdraw("Dee", "left"),
        StartMission(1),
        PlayCard("Ben", "snow+rain"),
        PlayCard("Cy", "gas+whistle"),
        PlayCard("Dee", "shell+whistle"),
    )
    assert state.player("Ann").speech_tokens == 1
    assert [p.hidden for p in state.players] == [4, 3, 3, 3]

    with pytest.raises(CardNotAvailable, match="no shell\\+gas\\+whistle can be there"):
        run(
            state,
            MakeSpeech("Ann", "shell", (("Ben", "shell+gas+whistle"), ("Cy", "shell+gas+whistle"))),
        )
    discards = (("Ben", "night+shell"), ("Cy", "snow+shell"), ("Dee", "night+shell"))
    state, events = counted(state, MakeSpeech("Ann", "shell", discards))

    assert events == (SpeechMade("Ann", "shell", discards),)
    assert [p.hidden for p in state.players] == [4, 2, 2, 2]
    assert state.discard == ("night+shell", "snow+shell", "night+shell")
    assert state.unseen("night+shell") == 1
    assert state.player("Ann").speech_tokens == 0


def test_a_panicked_or_clumsy_withdrawal_at_the_table_needs_the_told_outcome():
    state, _ = run(
        first_mission(),
        PlayCard("Ann", "panicked"),
        PlayCard("Ben", "clumsy"),
        PlayCard("Cy", "snow+rain"),
        PlayCard("Dee", "gas+whistle"),
    )

    with pytest.raises(MissingOutcome, match="Ann is Panicked: say which tile was drawn"):
        run(state, Withdraw("Ann"))
    state, _ = run(state, Withdraw("Ann", "right"))
    with pytest.raises(MissingOutcome, match="Clumsy: say which card Ben drew from the Trials"):
        run(state, Withdraw("Ben", "left"))
    with pytest.raises(CardNotAvailable, match="no gas\\+whistle can be there"):
        run(state, Withdraw("Ben", "left", drawn="gas+whistle"))
    state, events = run(state, Withdraw("Ben", "left", drawn="night+rain"))

    assert events[1] == CardDrawnAndPlayed("Ben", "night+rain", "clumsy")
    assert state.trials == (None,) * 12
    assert state.player("Ann").played_tile == "right"
    assert state.total_cards == 59
