"""A process killed with SIGKILL while it logs: the file it leaves is a good campaign.

Once at a random moment of a busy logging loop, once deterministically in the middle of
a save (the events written, the transaction not committed). Either way the reopened
stream loads, its versions are contiguous, every stored action is whole (it decodes and
its events replay to the campaign's state) and the next action can be logged.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from domain.campaign.flow import CampaignState, evolve_campaign, start_campaign
from domain.chapter.commands import PlayCard
from domain.chapter.corrections import CorrectFact
from domain.events import CampaignCreated
from domain.records import from_record
from tests.tracker.history import stored_history, stored_json
from tracker.aggregate import Campaign
from tracker.app import Tracker

OpenTracker = Callable[..., Tracker]
Spawn = Callable[..., subprocess.Popen[str]]

# Random legal play, chapter after chapter, reporting each stored version.
BUSY_LOGGER = """
import random, sys
from domain.simulate import RandomChance, random_command, random_setup
from tracker.app import Tracker

rng = random.Random(int(sys.argv[2]))
tracker = Tracker(sys.argv[1], chance=RandomChance(rng), by="crash", session="crash")
setup = random_setup(rng, "classic", 4)
tracker.create_campaign("Crash", "classic", setup.seats)
print(1, flush=True)
state = tracker.state("Crash")
while True:
    command = random_command(state.chapter, rng) if state.chapter_running else setup
    logged = tracker.log_action("Crash", command)
    state = logged.state
    print(logged.version, flush=True)
"""

# Logs a few actions, then hangs inside the next save, after its events were written
# but before the transaction commits, and says so.
HANGS_IN_A_SAVE = """
import sys
from eventsourcing.sqlite import SQLiteApplicationRecorder
from domain.chapter.commands import Seat, StartChapter, StartMission
from domain.chapter.corrections import CorrectFact
from tracker.app import Tracker

seats = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
tracker = Tracker(sys.argv[1], by="crash", session="crash")
tracker.create_campaign("Crash", "classic", seats)
tracker.log_action("Crash", StartChapter("classic", seats, leader="Ann",
                                         third_tiles=("left", "right", "left")))
tracker.log_action("Crash", StartMission(3))
insert = SQLiteApplicationRecorder._insert_events

def insert_then_hang(recorder, cursor, stored_events, **kwargs):
    result = insert(recorder, cursor, stored_events, **kwargs)
    print("inside the save", flush=True)
    sys.stdin.readline()  # never answered: the process is killed here
    return result

SQLiteApplicationRecorder._insert_events = insert_then_hang
tracker.log_action("Crash", CorrectFact("stock", 2, "never committed"))
"""


def replay_stream(tracker: Tracker, name: str) -> CampaignState:
    """The campaign rebuilt from the stored domain events of the actions that stand,
    decoding every stored action on the way (including the undone ones, if any)."""
    stream = {e.originator_version: e for e in tracker.events.get(tracker.campaign(name).id)}
    created = from_record(stream[1].record)
    assert isinstance(created, CampaignCreated)
    decoded = {
        version: [from_record(r) for r in event.events]
        for version, event in stream.items()
        if isinstance(event, Campaign.ActionLogged)
    }
    assert all(decoded.values()), "a stored action holds no events"
    state = start_campaign(created)
    for version in tracker.line_of_play(name):
        for event in decoded[version]:
            state = evolve_campaign(state, event)
    return state


def test_a_logger_killed_at_a_random_moment_leaves_whole_actions_only(
    open_tracker: OpenTracker,
    spawn: Spawn,
    db: Path,
    stored_versions: Callable[[str], list[int]],
) -> None:
    logger = spawn(BUSY_LOGGER, str(db), "17")
    assert logger.stdout is not None
    reported = [int(logger.stdout.readline()) for _ in range(60)]
    logger.send_signal(signal.SIGKILL)
    logger.wait()

    assert logger.returncode == -signal.SIGKILL
    assert reported == list(range(1, 61))
    tracker = open_tracker()
    versions = stored_versions("Crash")
    assert versions == list(range(1, len(versions) + 1))
    assert len(versions) >= reported[-1], "an action reported as logged is missing"
    assert tracker.state("Crash") == replay_stream(tracker, "Crash")
    assert tracker.line_of_play("Crash") == versions[1:]
    chapter = tracker.state("Crash").chapter
    assert chapter is not None
    recount = (chapter.speech_stock + 1) % 6  # a correction that changes something
    logged = tracker.log_action("Crash", CorrectFact("stock", recount, "after the crash"))
    assert logged.version == len(versions) + 1


def test_a_logger_killed_in_the_middle_of_a_save_leaves_nothing_of_that_action(
    open_tracker: OpenTracker,
    spawn: Spawn,
    stored_versions: Callable[[str], list[int]],
    query: Callable[..., list[tuple[object, ...]]],
    db: Path,
) -> None:
    logger = spawn(HANGS_IN_A_SAVE, str(db))
    assert logger.stdout is not None
    assert logger.stdout.readline() == "inside the save\n"
    with (
        closing(sqlite3.connect(db, timeout=0)) as other,
        pytest.raises(sqlite3.OperationalError, match="database is locked"),
    ):
        other.execute("BEGIN IMMEDIATE")  # the logger's write transaction is open
    logger.send_signal(signal.SIGKILL)
    logger.wait()

    assert logger.returncode == -signal.SIGKILL
    tracker = open_tracker(by="ann")
    assert stored_versions("Crash") == [1, 2, 3]
    rows = query("SELECT state FROM stored_events")
    assert not [row for (row,) in rows if "never committed" in json.dumps(stored_json(row))]
    state = tracker.state("Crash")
    assert state == replay_stream(tracker, "Crash")
    assert state.chapter and state.chapter.speech_stock == 5
    logged = tracker.log_action("Crash", PlayCard("Ann", "night+shell"))
    assert logged.version == 4
    assert [e.kind for e in stored_history(tracker, "Crash")] == ["Created"] + ["ActionLogged"] * 3
