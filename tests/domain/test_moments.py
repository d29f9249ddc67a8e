"""The modules join a chapter's rules at named moments, through one registry
(domain/chapter/moments.py): a story with a fake module installed beside the real ones."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from msgspec.structs import replace

from domain.campaign.oneshot import ONE_SHOT
from domain.chapter.commands import Command, MakeSpeech, PlayCard, StartMission, Withdraw
from domain.chapter.evolve import evolve
from domain.chapter.moments import INSTALLED, Module, install
from domain.chapter.outcome import Outcome
from domain.chapter.state import ChapterState
from domain.errors import SpeechRefused
from domain.events import MoraleDropped
from domain.modules import MODULES
from domain.modules.orders import OrderChosen
from domain.modules.orders.rules import ORDERS
from tests.domain.builders import kinds, run, start

PLAYED = (*MODULES, ONE_SHOT)  # what domain/__init__.py installs

ROOT = Path(__file__).resolve().parents[2]
HANDS = {
    "Ann": ["snow+gas", "rain+gas"],
    "Ben": ["night+shell", "night+whistle"],
    "Cy": ["rain+whistle", "snow+shell"],
}


def _listening(name: str, heard: list[str]) -> Module:
    """A fake module that writes down what it sees after the deal and at a Mission's end."""

    def after_deal(o: Outcome, cmd: StartMission) -> None:
        hands = sorted(p.hand_size for p in o.state.card_players)
        heard.append(f"mission {o.state.mission} dealt, hands {hands}")

    def after_support(o: Outcome) -> None:
        heard.append(f"mission {o.state.mission} over after {kinds(o.events)}")

    return Module(name, after_deal=after_deal, after_support=after_support)


@pytest.fixture
def bugle() -> Iterator[list[str]]:
    """A fake module "Bugle" installed after the real ones; what it heard."""
    heard: list[str] = []
    before = install((*PLAYED, _listening("Bugle", heard)))
    yield heard
    install(before)


def test_the_registry_lists_exactly_the_modules_of_the_game_and_the_one_shot() -> None:
    assert [module.name for module in INSTALLED.modules] == [
        "Orders of the Day",
        "Recruits",
        "Card effects",
        "Solo",
        "Duo",
        "Luck",
        "One-shot",
    ]
    assert INSTALLED.modules == PLAYED


def test_a_registered_module_joins_after_the_deal_and_at_a_missions_end_an_unregistered_one_never(
    bugle: list[str],
) -> None:
    drum: list[str] = []
    _listening("Drum", drum)  # built, never installed
    state = start(HANDS, then=["night+rain"])
    assert bugle == ["mission 1 dealt, hands [2, 2, 2]"]
    state, _ = run(state, Withdraw("Ann", "left"), Withdraw("Ben", "left"))
    assert bugle == ["mission 1 dealt, hands [2, 2, 2]"]  # nothing while the Mission goes on
    _, events = run(state, Withdraw("Cy", "left"))
    # after Support (every tile to the left: a tie, nobody benefits), before the Morale Drop
    assert bugle[1:] == [
        "mission 1 over after ['PlayerWithdrew', 'MissionSucceeded', 'SupportRevealed']"
    ]
    assert "MoraleDropped" in kinds(events)
    assert drum == []


def test_a_module_taken_out_of_the_registry_no_longer_applies_its_events() -> None:
    state = start(HANDS)
    before = install(tuple(m for m in PLAYED if m is not ORDERS))
    try:
        with pytest.raises(TypeError, match="no rule to apply OrderChosen"):
            evolve(state, OrderChosen("Ann", 1, None))
    finally:
        install(before)


def test_two_modules_claiming_one_event_are_refused_at_install() -> None:
    twin = Module("Orders again", evolvers=dict(ORDERS.evolvers))
    with pytest.raises(ValueError, match="claim OrderChosen"):
        install((*PLAYED, twin))
    assert INSTALLED.modules == PLAYED


def test_importing_one_chapter_function_in_a_fresh_interpreter_installs_every_module() -> None:
    code = (
        "from domain.chapter.actions import decide_start_mission\n"
        "from domain.chapter.moments import INSTALLED\n"
        "print([m.name for m in INSTALLED.modules])"
    )
    assert (
        in_fresh_interpreter(code).strip()
        == "['Orders of the Day', 'Recruits', 'Card effects', 'Solo', 'Duo', 'Luck', 'One-shot']"
    )


def test_the_registry_installs_at_its_first_moment_then_reads_its_hooks_as_plain_slots() -> None:
    code = (
        "from domain.chapter.moments import INSTALLED, Registry\n"
        "print(type(INSTALLED) is Registry, len(INSTALLED.modules), type(INSTALLED) is Registry)\n"
        "print(hasattr(INSTALLED, 'no_such_moment'))"
    )
    assert in_fresh_interpreter(code).split() == ["False", "7", "True", "False"]


def in_fresh_interpreter(code: str) -> str:
    """What ``code`` prints, run by a Python that has imported nothing of ours yet."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout


def _whistle(heard: list[str]) -> Module:
    """A fake card effect joining at every moment of an action and of a chapter's end:
    it forbids Speeches, writes down what it sees and takes one more card at the Drop."""

    def before_action(state: ChapterState, cmd: Command) -> None:
        if isinstance(cmd, MakeSpeech):
            raise SpeechRefused("Order #21 Hold the Line: no Speech this Mission")

    def after_action(o: Outcome, cmd: Command) -> None:
        heard.append(f"after {type(cmd).__name__}")

    def trap(o: Outcome, player: str) -> None:
        heard.append(f"trap of {player}")

    def mission_end(o: Outcome) -> None:
        heard.append(f"mission end: {kinds(o.events)[-1]}")

    def morale_drop(state: ChapterState, size: int) -> int:
        heard.append(f"drop of {size}")
        return size + 1

    def chapter_end(o: Outcome) -> None:
        heard.append(f"chapter end: {kinds(o.events)[-1]}")

    return Module(
        "Whistle",
        before_action=before_action,
        after_action=after_action,
        trap=trap,
        mission_end=mission_end,
        morale_drop=morale_drop,
        chapter_end=chapter_end,
    )


def test_a_module_joins_before_and_after_each_action_at_a_trap_the_drop_and_the_ends() -> None:
    heard: list[str] = []
    before = install((*PLAYED, _whistle(heard)))
    try:
        hands = {"Ann": ["snow+gas+trap", "rain+gas"], "Ben": ["night+shell"] * 2}
        hands["Cy"] = ["rain+whistle", "snow+shell"]
        state = start(hands, then=["night+rain"], morale=4)
        state, _ = run(state, PlayCard("Ann", "snow+gas+trap"))
        ben = replace(state.players[1], speech_tokens=1)  # a token from an earlier Mission
        with pytest.raises(SpeechRefused, match="Order #21 Hold the Line: no Speech"):
            run(
                replace(state, players=(state.players[0], ben, state.players[2])),
                MakeSpeech("Ben", "gas"),
            )
        state, events = run(
            state, Withdraw("Ben", "left"), Withdraw("Cy", "left"), Withdraw("Ann", "left")
        )
    finally:
        install(before)

    assert heard == [
        "trap of Ann",
        "after PlayCard",
        "after Withdraw",
        "after Withdraw",
        "after Withdraw",
        "mission end: MissionSucceeded",
        "drop of 5",
        "chapter end: ChapterLost",
    ]
    dropped = next(e for e in events if isinstance(e, MoraleDropped))
    assert dropped.count == 6  # the drop the rules say (5 cards in hands), and one more
    assert state.outcome == "monument"


def test_a_withdrawal_blocker_asked_again_after_a_module_is_installed_answers_for_that_module() -> (
    None
):
    from domain.chapter.hardknocks import withdrawal_blocker

    state = start(
        {
            "Ann": ["fragile", "snow+rain", "night+gas"],
            "Ben": ["night+rain", "gas+whistle", "snow+shell"],
            "Cy": ["rain+shell", "night+whistle", "snow+whistle"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "fragile"))
    ben = state.players[1]
    blocker = withdrawal_blocker(state, ben)
    assert blocker is not None and blocker.kind == "fragile"

    before = install((*PLAYED, Module("Truce", knocks_yield=lambda state: True)))
    try:
        assert withdrawal_blocker(state, ben) is None  # the same state and player, asked again
    finally:
        install(before)
    assert withdrawal_blocker(state, ben) == blocker


def test_every_moment_of_a_module_is_a_slot_of_the_registry_holding_its_hooks_in_order() -> None:
    from domain.chapter.moments import KEEPS, MOMENTS, OWNERS_OWN, RECORDED, TABLES, Registry

    assert {*MOMENTS, *TABLES, *OWNERS_OWN, *KEEPS, *RECORDED, "name"} == set(Module._fields)
    assert set(Registry.__slots__) == {"modules", "owners", "records", *RECORDED, *MOMENTS, *TABLES}
    for moment in MOMENTS:
        given = [getattr(m, moment) for m in PLAYED if getattr(m, moment) is not None]
        assert list(getattr(INSTALLED, moment)) == given, moment
    assert INSTALLED.evolvers == {k: v for m in PLAYED for k, v in m.evolvers.items()}
    assert INSTALLED.commands == {k: v for m in PLAYED for k, v in m.commands.items()}
    assert INSTALLED.records == dict(m.keeps for m in PLAYED if m.keeps is not None)


def test_two_modules_keeping_one_key_on_the_table_are_refused_and_nothing_changes() -> None:
    from domain.modules.orders import OrderPiles

    twin = Module("Twin", keeps=("orders", OrderPiles))
    with pytest.raises(ValueError, match="keep 'orders'"):
        install((*PLAYED, twin))
    assert INSTALLED.modules == PLAYED and INSTALLED.records["orders"] is OrderPiles


class SoundBugle(msgspec.Struct, frozen=True):
    """A fake module's own command."""


def test_a_modules_own_command_is_listed_among_the_legal_actions_after_the_basic_ones() -> None:
    from domain.legal import legal_actions

    state, _ = run(start(HANDS), PlayCard("Ann", "snow+gas"))
    bugle = Module(
        "Bugle",
        commands={SoundBugle: lambda state, cmd, chance: Outcome(state)},
        actions=lambda state: [SoundBugle()],
    )
    before = install((*PLAYED, bugle))
    try:
        legal = legal_actions(state)
    finally:
        install(before)
    assert legal[-1] == SoundBugle()
    assert legal[:-1] == legal_actions(state)
