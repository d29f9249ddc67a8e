"""A module's events are stored as the game's are (issue 40, "a module is one room for
every face"): the house rule registers its own event from its folder (``Module.recorded``),
so ``grizzled`` playing it records the event, another process playing it replays it (the
log lists it, ``verify`` decides it again, an export imports), and a program that does not
play the rule refuses what would replay it in one line (never a traceback, never skipping
it: the rules it was played under would be lost), while the log still names it."""

from __future__ import annotations

import html
import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any, ClassVar

import pytest
from starlette.testclient import TestClient

from domain.chapter.moments import INSTALLED, Module, Registry, install
from domain.errors import NotPlayed
from domain.events import Event, to_record
from domain.records import from_record
from tests.cli.conftest import Grizzled, db, grizzled, stored_events  # noqa: F401 (fixtures)
from tests.house_rule.rule import HOUSE_RULE, SpeechHeldBack
from tests.house_rule.test_faces import _buttons, house_rule  # noqa: F401 (a fixture)
from tests.house_rule.test_house_rule import STEPS, _events, _grizzled
from tests.web.conftest import TOKEN, client  # noqa: F401 (a fixture)

HELD = "Ann's Speech waits: No Man's Land is empty (house rule)."
NOT_PLAYED = (
    "Error: the campaign holds a SpeechHeldBack event, of a module this program does not "
    "play: open it with the program that plays it\n"
)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Autumn played to Mission 2 under the house rule, each step its own process: Ann
    holds a Speech token when Mission 2 is dealt, No Man's Land empty."""
    tmp = tmp_path_factory.mktemp("recorded")
    for step in STEPS[:-1]:
        done = _grizzled(tmp, step)
        assert done.returncode == 0, f"{step}: {done.stderr}"
        last = done.stdout
    assert HELD in last.splitlines()  # narrated by its room as the Mission is dealt
    return tmp


def _entry(tmp: Path, ruled: bool) -> dict[str, Any]:
    """The log's last entry, read by a program playing the rule or not (``ruled``)."""
    done = _grizzled(tmp, "log --all --json", house_rule=ruled)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout)[-1])


def test_the_house_rules_event_is_stored_and_replayed_by_another_process(played: Path) -> None:
    entry = _entry(played, ruled=True)
    checked = _grizzled(played, "verify")
    explained = _grizzled(played, "why 9")  # replays the entry's records

    assert (entry["summary"], entry["events"]) == (
        "mission start 1",
        ["MissionStarted", "CardsDealt", "SpeechHeldBack"],
    )
    assert checked.returncode == 0, checked.stderr
    assert "decided again by the rules as recorded" in checked.stdout
    assert explained.returncode == 0, explained.stderr
    assert explained.stdout.startswith("Why #9 (mission start 1)?")


def test_a_program_that_does_not_play_the_rule_refuses_to_replay_it_in_one_line(
    played: Path,
) -> None:
    stored = _events(played)

    checked = _grizzled(played, "verify", house_rule=False)
    spoken = _grizzled(played, "withdraw left", house_rule=False)
    explained = _grizzled(played, "why 9", house_rule=False)

    assert (checked.returncode, checked.stderr) == (1, NOT_PLAYED)
    assert (spoken.returncode, spoken.stdout, spoken.stderr) == (1, "", NOT_PLAYED)
    assert (explained.returncode, explained.stderr) == (1, NOT_PLAYED)
    assert _events(played) == stored
    # the log, read from what was stored, still names it
    assert _entry(played, ruled=False)["events"][-1] == "SpeechHeldBack"


def test_a_machine_that_never_read_the_file_refuses_it_as_not_played_not_as_damaged(
    played: Path, tmp_path: Path
) -> None:
    """The first reading of a file checks it whole (tracker.trust): there too the rule's
    event is said as what it is, not as damage."""
    source, copy = played / "grizzled.sqlite", tmp_path / "grizzled.sqlite"
    with closing(sqlite3.connect(source)) as read, closing(sqlite3.connect(copy)) as written:
        read.backup(written)

    shown = _grizzled(tmp_path, "status", house_rule=False)
    read = _grizzled(tmp_path, "status")

    assert (shown.returncode, shown.stdout, shown.stderr) == (1, "", NOT_PLAYED)
    assert read.returncode == 0, read.stderr


def test_an_export_holding_the_rules_event_imports_only_where_the_rule_is_played(
    played: Path, tmp_path: Path
) -> None:
    exported = tmp_path / "autumn.json"
    assert _grizzled(played, f"export {exported}").returncode == 0
    elsewhere, again = tmp_path / "plain", tmp_path / "ruled"
    elsewhere.mkdir(), again.mkdir()

    refused = _grizzled(elsewhere, f"import {exported}", house_rule=False)
    imported = _grizzled(again, f"import {exported}")

    assert (refused.returncode, refused.stderr) == (1, NOT_PLAYED)
    assert stored_events(elsewhere / "grizzled.sqlite") == 0
    assert imported.returncode == 0, imported.stderr
    assert _entry(again, ruled=True)["events"][-1] == "SpeechHeldBack"


def test_a_stored_event_no_module_played_records_is_refused_not_skipped() -> None:
    record = to_record(SpeechHeldBack("Ann"))

    with pytest.raises(NotPlayed, match="holds a SpeechHeldBack event"):
        from_record(record)
    with pytest.raises(NotPlayed, match="holds a NoSuchEvent event"):
        from_record({"type": "NoSuchEvent", "data": {}})


class _Held(Event, frozen=True):
    """A module event at version 2: version 1 named the player ``who``."""

    TYPE: ClassVar[str] = "SpeechHeldBack"
    VERSION: ClassVar[int] = 2
    player: str


def test_a_modules_event_is_resolved_and_upcast_from_the_modules_installed() -> None:
    module = Module(
        "Held, renamed",
        recorded=(_Held,),
        upcasters={("SpeechHeldBack", 1): lambda data: {"player": data.pop("who")}},
    )
    before = INSTALLED.modules
    INSTALLED.fill((*before, module))
    try:
        old = from_record({"type": "SpeechHeldBack", "v": 1, "data": {"who": "Ann"}})
    finally:
        INSTALLED.fill(before)

    assert old == _Held("Ann")


def test_two_modules_recording_one_event_are_refused() -> None:
    twin = Module("Twin", recorded=(SpeechHeldBack,))

    with pytest.raises(ValueError, match="both record SpeechHeldBack"):
        Registry().fill((HOUSE_RULE, twin))


def test_the_companion_without_the_rule_refuses_a_tap_in_one_line(
    house_rule: Grizzled,  # noqa: F811 (the fixture imported above)
    client: TestClient,  # noqa: F811 (the fixture imported above)
) -> None:
    """The keeper's page of a file the rule was played on (Ann's Speech held back as
    Mission 2 was dealt), tapped by a companion that no longer plays it: the tap is
    refused in the page's one error line and nothing is recorded."""
    text = client.get(f"/k/{TOKEN}").text
    fields = {
        "csrf": re.search(r'name="csrf" value="([^"]+)"', text).group(1),  # type: ignore[union-attr]
        "event": re.search(r'name="event" value="(\d+)"', text).group(1),  # type: ignore[union-attr]
        "move": _buttons(text)["Withdraw: left"],
    }
    before = stored_events(house_rule.db)
    played = install(tuple(m for m in INSTALLED.modules if m is not HOUSE_RULE))
    try:
        answer = client.post(f"/k/{TOKEN}/act", data=fields, follow_redirects=True)
    finally:
        install(played)

    line = re.findall(r'data-testid="write-error">([^<]*)<', answer.text)
    assert (answer.status_code, [html.unescape(said) for said in line]) == (
        422,
        [NOT_PLAYED.removeprefix("Error: ").strip()],
    )
    assert stored_events(house_rule.db) == before
