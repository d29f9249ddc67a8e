"""The modules join a chapter's rules at named moments, through one registry
(domain/chapter/moments.py): a story with a fake module installed beside the real ones."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.campaign.oneshot import ONE_SHOT
from domain.chapter.commands import StartMission, Withdraw
from domain.chapter.evolve import evolve
from domain.chapter.moments import INSTALLED, Module, install
from domain.chapter.outcome import Outcome
from domain.modules import MODULES
from domain.modules.orders import ORDERS, OrderChosen
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


def test_the_registry_lists_exactly_orders_recruits_solo_and_the_one_shot() -> None:
    assert [module.name for module in INSTALLED.modules] == [
        "Orders of the Day",
        "Recruits",
        "Solo",
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
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert result.stdout.strip() == "['Orders of the Day', 'Recruits', 'Solo', 'One-shot']"
