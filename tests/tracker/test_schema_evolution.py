"""Campaigns logged by the first version of the tracker's events still load.

``fixtures/campaign-v1.sqlite`` holds "Old Friday", written when no event had a
``session`` (class version 1; see ``fixtures/README.md``). A copy is opened with the
current code: every event is upcast, the story reads as it was logged, and play goes on.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.chapter.commands import PlayCard
from domain.events import CardPlayed
from domain.records import from_record
from tests.tracker.history import stored_history, stored_json
from tracker.aggregate import Campaign
from tracker.app import Tracker
from tracker.errors import NothingToRedo
from tracker.stream import UNKNOWN_SESSION

FIXTURE = Path(__file__).parent / "fixtures" / "campaign-v1.sqlite"
NAME = "Old Friday"
Query = Callable[..., list[tuple[Any, ...]]]


def fingerprint(path: Path) -> str:
    """The file's content hash."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def old_file(db: Path) -> Iterator[Path]:
    """A copy of the v1 database; the fixture itself is never written."""
    before = fingerprint(FIXTURE)
    shutil.copyfile(FIXTURE, db)
    yield db
    assert fingerprint(FIXTURE) == before, "the v1 fixture was written to"


def test_the_copy_really_holds_version_1_events_without_a_session(
    old_file: Path, query: Query
) -> None:
    rows = query("SELECT originator_version, topic, CAST(state AS TEXT) FROM stored_events")

    assert [version for version, _, _ in rows] == list(range(1, 9))
    assert {topic for _, topic, _ in rows} == {
        "grizzled:Campaign.Created",
        "grizzled:Campaign.ActionLogged",
        "grizzled:Campaign.ActionsUndone",
    }
    for _, _, state in rows:
        stored = json.loads(state)
        assert "session" not in stored and "class_version" not in stored


def test_every_old_event_is_upcast_with_the_unknown_session(
    old_file: Path, open_tracker: Callable[..., Tracker]
) -> None:
    tracker = open_tracker(by="dee", session="2027-03-05")

    events = list(tracker.events.get(tracker.campaign(NAME).id))

    assert [e.originator_version for e in events] == list(range(1, 9))
    assert [e.session for e in events] == [UNKNOWN_SESSION] * 8
    assert all(
        isinstance(e, Campaign.Created | Campaign.ActionLogged | Campaign.ActionsUndone)
        for e in events
    )
    assert {e.session for e in stored_history(tracker, NAME)} == {UNKNOWN_SESSION}


def test_the_old_campaign_reads_as_the_fixture_describes_it(
    old_file: Path, open_tracker: Callable[..., Tracker]
) -> None:
    tracker = open_tracker()

    history = stored_history(tracker, NAME)

    assert tracker.campaigns() == [NAME]
    assert [(e.version, e.kind, e.undone) for e in history] == [
        (1, "Created", False),
        (2, "ActionLogged", False),  # a classic 3-player chapter at a real table
        (3, "ActionLogged", False),  # the Mission at intensity 3
        (4, "ActionLogged", False),  # Ann: night+shell
        (5, "ActionLogged", True),  # Ben: rain+gas, undone
        (6, "ActionsUndone", False),
        (7, "ActionLogged", False),  # Ben: snow+gas, the corrected play
        (8, "ActionLogged", False),  # Cy withdraws
    ]
    assert (history[5].actions, history[5].reason) == ((5,), "Ben played snow+gas, not rain+gas")
    assert [from_record(r) for r in history[4].events] == [CardPlayed("Ben", "rain+gas")]
    assert [from_record(r) for r in history[6].events] == [CardPlayed("Ben", "snow+gas")]
    assert [e.logged_by for e in history] == ["ann", "ann", "ann", "ann", "ben", "ann", "ben", "cy"]
    assert tracker.line_of_play(NAME) == [2, 3, 4, 7, 8]
    state = tracker.state(NAME)
    assert state.ruleset == "classic" and [s.name for s in state.seats] == ["Ann", "Ben", "Cy"]
    chapter = state.chapter
    assert chapter is not None
    assert chapter.nml == ("night+shell", "snow+gas")
    assert [(p.name, p.withdrawn) for p in chapter.players] == [
        ("Ann", False),
        ("Ben", False),
        ("Cy", True),
    ]
    assert chapter.player("Cy").played_tile == "left"
    assert tracker.state(NAME, 6) == tracker.state(NAME, 4)  # the undo went back to #4
    assert tracker.replay(NAME, tracker.line_of_play(NAME))[-1].state == state
    with pytest.raises(NothingToRedo):
        tracker.redo(NAME)  # Ben's corrected play came after the undo


def test_new_actions_go_on_top_of_the_old_campaign_with_the_new_session(
    old_file: Path, open_tracker: Callable[..., Tracker], query: Query
) -> None:
    tracker = open_tracker(by="dee", session="2027-03-05")

    logged = tracker.log_action(NAME, PlayCard("Ann", "rain+gas"))
    undone = tracker.undo(NAME, reason="Ann played it the round after")
    redone = tracker.redo(NAME)

    assert (logged.version, undone.version, redone.version) == (9, 10, 11)
    assert redone.state == logged.state
    assert logged.state.chapter and logged.state.chapter.nml == (
        "night+shell",
        "snow+gas",
        "rain+gas",
    )
    reopened = open_tracker()
    history = stored_history(reopened, NAME)
    assert [(e.logged_by, e.session) for e in history[8:]] == [("dee", "2027-03-05")] * 3
    assert {e.session for e in history[:8]} == {UNKNOWN_SESSION}
    assert reopened.line_of_play(NAME) == [2, 3, 4, 7, 8, 9]
    assert reopened.state(NAME) == logged.state
    new_rows = query("SELECT state FROM stored_events WHERE originator_version > 8")
    assert [stored_json(state)["session"] for (state,) in new_rows] == ["2027-03-05"] * 3
