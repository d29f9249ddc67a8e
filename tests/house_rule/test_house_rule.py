"""The house rule kept in the tests joins the rules as any module does, once installed:
through the engine and the legal actions, and end to end through the ``grizzled``
command, run in a subprocess that installs it (``played.py``)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import closing
from pathlib import Path

import pytest
from msgspec.structs import replace

from domain.chapter.commands import MakeSpeech, PlayCard
from domain.chapter.moments import INSTALLED, install
from domain.chapter.state import ChapterState
from domain.errors import SpeechRefused
from domain.legal import legal_actions
from tests.domain.builders import run, start
from tests.house_rule.rule import HOUSE_RULE

ROOT = Path(__file__).resolve().parents[2]
HANDS: dict[str, Sequence[str]] = {
    "Ann": ["snow+gas", "rain+gas"],
    "Ben": ["night+shell", "night+whistle"],
    "Cy": ["rain+whistle", "snow+shell"],
}
REFUSAL = (
    "Error: Refused (speech): house rule: no Speech while No Man's Land is empty "
    "(Ann may make one once a card is played)"
)


@pytest.fixture
def house_rule() -> Iterator[None]:
    """The house rule installed after the game's modules, for one test."""
    before = install((*INSTALLED.modules, HOUSE_RULE))
    yield
    install(before)


def _speaking() -> ChapterState:
    """A chapter in Mission 1 whose players all hold a Speech token, No Man's Land empty."""
    state = start(HANDS)
    return replace(state, players=tuple(replace(p, speech_tokens=1) for p in state.players))


def test_the_house_rule_is_played_only_where_it_is_installed() -> None:
    assert HOUSE_RULE not in INSTALLED.modules
    assert any(isinstance(c, MakeSpeech) for c in legal_actions(_speaking()))


def test_a_speech_is_refused_and_not_offered_while_no_mans_land_is_empty(house_rule: None) -> None:
    state = _speaking()
    assert not any(isinstance(c, MakeSpeech) for c in legal_actions(state))
    with pytest.raises(SpeechRefused, match="house rule: no Speech while No Man's Land is empty"):
        run(state, MakeSpeech("Ann", "gas"))

    state, _ = run(state, PlayCard("Ann", "snow+gas"))
    assert any(isinstance(c, MakeSpeech) for c in legal_actions(state))
    state, events = run(state, MakeSpeech("Ben", "gas"))
    assert events


def _grizzled(
    tmp: Path, args: str, *, house_rule: bool = True, rule: str = "tests.house_rule.played"
) -> subprocess.CompletedProcess[str]:
    """``grizzled ARGS`` in a subprocess on the test's file, playing the house rule or not
    (``rule``: the module whose import plays it)."""
    played = f"import {rule}; " if house_rule else ""
    env = {
        **os.environ,
        "GRIZZLED_DB": str(tmp / "grizzled.sqlite"),
        "XDG_DATA_HOME": str(tmp / "data"),
        "NO_COLOR": "1",
        "COLUMNS": "100",
        "GRIZZLED_USER": "tester",
        "GRIZZLED_SESSION": "house rules",
    }
    env.pop("GRIZZLED_CAMPAIGN", None)
    code = f"{played}from cli.script import run; run()"
    return subprocess.run(
        [sys.executable, "-c", code, *args.split()],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def _events(tmp: Path) -> int:
    with closing(sqlite3.connect(tmp / "grizzled.sqlite")) as connection:
        return int(connection.execute("SELECT count(*) FROM stored_events").fetchone()[0])


STEPS = (
    "campaign new Autumn --rules armistice -p ann:night -p ben:snow -p cy:rain",
    "skip-boot-camp",
    "briefing 1 --trials 10 --morale 20 --first 1 --tokens 1",
    "chapter start --leader ann --tiles left,left,right",
    "mission start 1",
    *["withdraw left"] * 3,  # Mission 1 ends: Ann, its leader, takes a Speech token
    "mission start 1",  # Ben leads: Ben and Cy withdraw, then Ann's turn
    "withdraw left",
)
MAY_SPEAK = "Next: Ann's turn: play CARD, speech THREAT or withdraw TILE"
MAY_NOT = "Next: Ann's turn: play CARD or withdraw TILE"


def test_the_grizzled_command_playing_the_house_rule_refuses_the_speech_and_offers_none(
    tmp_path: Path,
) -> None:
    steps = STEPS
    for step in steps:
        done = _grizzled(tmp_path, step)
        assert done.returncode == 0, f"{step}: {done.stderr}"
    done = _grizzled(tmp_path, "withdraw left")
    assert done.stdout.splitlines()[-1] == MAY_NOT
    stored = _events(tmp_path)

    refused = _grizzled(tmp_path, "speech gas")

    assert (refused.returncode, refused.stdout, refused.stderr) == (1, "", REFUSAL + "\n")
    assert _events(tmp_path) == stored
    # the game as played without it may not go on: the file holds the rule's event (Ann's
    # Speech held back as Mission 2 was dealt; test_recorded.py), whose rules it lacks
    plain = _grizzled(tmp_path, "speech gas", house_rule=False)
    assert (plain.returncode, plain.stderr.split(",")[0]) == (
        1,
        "Error: the campaign holds a SpeechHeldBack event",
    )
    assert _events(tmp_path) == stored


def test_status_shows_the_legal_actions_of_the_rules_it_plays_whoever_projected_the_board(
    tmp_path: Path,
) -> None:
    for step in STEPS:  # the board's last action logged, and projected, without the house rule
        done = _grizzled(tmp_path, step, house_rule=False)
        assert done.returncode == 0, f"{step}: {done.stderr}"
    done = _grizzled(tmp_path, "withdraw left", house_rule=False)
    assert done.stdout.splitlines()[-1] == MAY_SPEAK

    played = _grizzled(tmp_path, "status")
    plain = _grizzled(tmp_path, "status", house_rule=False)

    assert played.returncode == 0, played.stderr
    assert played.stdout.splitlines()[-2:] == ["Ann may: play a card from hand; withdraw.", MAY_NOT]
    assert plain.stdout.splitlines()[-2:] == [
        "Ann may: play a card from hand; make a Speech; withdraw.",
        MAY_SPEAK,
    ]
    again = _grizzled(tmp_path, "status")  # the read models stay the game's: asked again
    assert again.stdout == played.stdout
