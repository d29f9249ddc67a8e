"""The runner: exactly once, resumable, cheap when there is nothing new, rebuildable; and
the first database format still projects."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

import projections.project
from domain.chapter.commands import StartChapter
from domain.simulate import RandomChance, random_command, random_setup
from projections import schema
from projections.chapter import chapter_row, player_rows
from projections.errors import DatabaseMissing, ProjectionError
from projections.runner import catch_up, rebuild
from projections.stored import UNKNOWN_SESSION
from tests.projections.conftest import all_rows, copy_db, rebuilt_copy
from tests.tracker.history import stored_history
from tracker.app import Tracker, campaign_id
from tracker.stream import UNKNOWN_SESSION as TRACKER_UNKNOWN_SESSION

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "tracker" / "fixtures" / "campaign-v1.sqlite"
NAME = "Long war"


def log_random(tracker: Tracker, name: str, rng: random.Random, commands: int) -> None:
    """Log ``commands`` random legal commands, a new chapter whenever one ends, and an
    undo now and then."""
    setup = StartChapter("classic", tracker.state(name).seats)
    for i in range(commands):
        state = tracker.state(name)
        if i % 17 == 16:
            tracker.undo(name, 2, reason="random")
            continue
        if state.chapter is not None and state.chapter_running:
            tracker.log_action(name, random_command(state.chapter, rng))
        else:
            tracker.log_action(name, setup)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Path]:
    """A file holding one classic campaign of a few chapters (~60 events)."""
    path = tmp_path / "grizzled.sqlite"
    rng = random.Random(7)
    tracker = Tracker(path, chance=RandomChance(rng), session="test")
    setup = random_setup(rng, "classic", 3)
    tracker.create_campaign(NAME, "classic", setup.seats)
    log_random(tracker, NAME, rng, 60)
    tracker.close()
    yield path


def stored_count(db: Path) -> int:
    with closing(sqlite3.connect(db)) as conn:
        return int(conn.execute("SELECT count(*) FROM stored_events").fetchone()[0])


def position(db: Path) -> int:
    with closing(sqlite3.connect(db)) as conn:
        return int(conn.execute("SELECT position FROM projection_position").fetchone()[0])


def truncated_projection(db: Path, folder: Path, keep: int) -> dict[str, Any]:
    """The read models of a copy of ``db`` holding only its first ``keep`` events."""
    copy = copy_db(db, folder / "truncated.sqlite")
    with closing(sqlite3.connect(copy)) as conn, conn:
        conn.execute("DELETE FROM stored_events WHERE rowid > ?", (keep,))
    rebuild(copy)
    return all_rows(copy)


def test_catching_up_projects_every_event_once_and_then_nothing(db: Path) -> None:
    assert catch_up(db, batch_size=7) == stored_count(db)
    assert catch_up(db) == 0
    assert position(db) == stored_count(db)
    with closing(sqlite3.connect(db)) as conn:
        (logged,) = conn.execute("SELECT count(*) FROM event_log").fetchone()
    assert logged == stored_count(db)


def test_a_rebuild_is_idempotent_and_equals_the_catch_ups(db: Path, tmp_path: Path) -> None:
    catch_up(db, batch_size=5)
    incremental = all_rows(db)
    assert rebuild(db) == stored_count(db)
    once = all_rows(db)
    rebuild(db, batch_size=3)
    assert all_rows(db) == once == incremental


def test_an_error_inside_a_batch_leaves_the_previous_position_and_rows(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write = projections.project.write_batch
    calls = []

    def write_then_fail(*args: Any) -> None:
        calls.append(1)
        write(*args)  # the rows are written inside the transaction ...
        if len(calls) == 3:
            raise RuntimeError("the process fails before the commit")  # ... and rolled back

    monkeypatch.setattr(projections.project, "write_batch", write_then_fail)
    with pytest.raises(RuntimeError, match="before the commit"):
        catch_up(db, batch_size=10)
    assert position(db) == 20
    assert all_rows(db) == truncated_projection(db, tmp_path, 20)

    monkeypatch.setattr(projections.project, "write_batch", write)
    assert catch_up(db, batch_size=10) == stored_count(db) - 20
    assert all_rows(db) == rebuilt_copy(db, tmp_path)


KILL_MID_WRITE = """
import os, signal, sys
import projections.project as project
from projections.runner import catch_up

write, calls = project.write_batch, []

def write_then_die(*args):
    calls.append(1)
    write(*args)
    if len(calls) == 2:
        os.kill(os.getpid(), signal.SIGKILL)  # rows written, position written, no commit

project.write_batch = write_then_die
catch_up(sys.argv[1], batch_size=int(sys.argv[2]))
"""


def test_a_process_killed_mid_write_leaves_the_previous_batch_and_resumes(
    db: Path, tmp_path: Path
) -> None:
    child = subprocess.run(
        [sys.executable, "-c", KILL_MID_WRITE, str(db), "15"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert child.returncode == -9, child.stderr
    assert position(db) == 15
    assert all_rows(db) == truncated_projection(db, tmp_path, 15)
    assert catch_up(db) == stored_count(db) - 15
    assert all_rows(db) == rebuilt_copy(db, tmp_path)


RUNNER = """
import sys
from projections.runner import catch_up
print(catch_up(sys.argv[1], batch_size=1))
"""


def test_two_runners_at_once_project_each_event_exactly_once(db: Path, tmp_path: Path) -> None:
    children = [
        subprocess.Popen(
            [sys.executable, "-c", RUNNER, str(db)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    counts = []
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        counts.append(int(out))
    assert sum(counts) == stored_count(db)
    assert all_rows(db) == rebuilt_copy(db, tmp_path)


CHEAP = """
import json, sys
import projections.runner as runner

statements = []
connect = runner.connect

def traced(path):
    conn = connect(path)
    conn.set_trace_callback(statements.append)
    return conn

runner.connect = traced
done = runner.catch_up(sys.argv[1])
heavy = ("sqlite_utils", "eventsourcing", "rich", "domain", "tracker")
print(json.dumps({
    "done": done,
    "statements": statements,
    "imported": sorted(m for m in sys.modules if m.split(".")[0] in heavy),
}))
"""


def test_with_nothing_new_a_catch_up_is_one_select_and_imports_nothing_heavy(db: Path) -> None:
    catch_up(db)
    child = subprocess.run(
        [sys.executable, "-c", CHEAP, str(db)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(child.stdout)
    assert report["done"] == 0
    assert len(report["statements"]) == 1
    assert report["statements"][0].startswith("SELECT")
    assert report["imported"] == []


def test_read_models_of_another_table_layout_are_rebuilt(db: Path, tmp_path: Path) -> None:
    catch_up(db)
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("UPDATE projection_position SET schema = 0")
        conn.execute("DELETE FROM event_log")
    assert catch_up(db) == stored_count(db)
    assert all_rows(db) == rebuilt_copy(db, tmp_path)
    assert all_rows(db)["projection_position"] == [
        (schema.POSITION_NAME, stored_count(db), schema.SCHEMA)
    ]


def test_a_read_model_keeping_luck_in_its_own_column_is_rebuilt_with_luck_as_a_module_row(
    db: Path, tmp_path: Path
) -> None:
    """Schema 17 kept the Luck spent in ``chapter_state.luck_spent``; 18 keeps it in the
    ``luck`` row of ``modules``, as any module's: a file caught up by the earlier layout
    is rebuilt, not read with a column gone and a row missing."""
    catch_up(db)
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("ALTER TABLE chapter_state ADD COLUMN luck_spent TEXT")
        conn.execute("UPDATE chapter_state SET modules = '{}', luck_spent = '[]'")
        conn.execute("UPDATE projection_position SET schema = 17")

    assert catch_up(db) == stored_count(db)

    with closing(sqlite3.connect(db)) as conn:
        columns = [row[1] for row in conn.execute("PRAGMA table_info(chapter_state)")]
        shown = [json.loads(row[0]) for row in conn.execute("SELECT modules FROM chapter_state")]
    assert "luck_spent" not in columns
    assert shown and all(set(row["luck"]) == {"in_force", "spent"} for row in shown)
    assert all_rows(db) == rebuilt_copy(db, tmp_path)


def test_the_first_database_format_projects(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    shutil.copy(FIXTURE, db)
    assert UNKNOWN_SESSION == TRACKER_UNKNOWN_SESSION
    assert catch_up(db) == 8
    cid = campaign_id("Old Friday").hex
    rows = all_rows(db)
    log = [(r[2], r[4], r[7], r[15]) for r in rows["event_log"]]  # version, kind, session, undone
    assert log == [
        (1, "Created", UNKNOWN_SESSION, 0),
        (2, "ActionLogged", UNKNOWN_SESSION, 0),
        (3, "ActionLogged", UNKNOWN_SESSION, 0),
        (4, "ActionLogged", UNKNOWN_SESSION, 0),
        (5, "ActionLogged", UNKNOWN_SESSION, 1),  # Ben's mistaken card, undone
        (6, "ActionsUndone", UNKNOWN_SESSION, 0),
        (7, "ActionLogged", UNKNOWN_SESSION, 0),
        (8, "ActionLogged", UNKNOWN_SESSION, 0),
    ]
    tracker = Tracker(db)
    try:
        chapter = tracker.state("Old Friday").chapter
        history = stored_history(tracker, "Old Friday")
    finally:
        tracker.close()
    assert chapter is not None
    assert [(e.version, int(e.undone)) for e in history] == [(v, u) for v, _, _, u in log]
    with closing(sqlite3.connect(db)) as conn:
        conn.row_factory = sqlite3.Row
        board = dict(conn.execute("SELECT * FROM chapter_state").fetchone())
        players = [dict(r) for r in conn.execute("SELECT * FROM chapter_players ORDER BY seat")]
    assert board == chapter_row(cid, "Old Friday", 1, chapter)
    assert players == player_rows(cid, "Old Friday", 1, chapter)
    assert json.loads(board["nml"]) == ["night+shell", "snow+gas"]
    assert [(p["player"], p["withdrawn"], p["tile_played"]) for p in players] == [
        ("Ann", 0, 0),
        ("Ben", 0, 0),
        ("Cy", 1, 1),
    ]
    assert rows == rebuilt_copy(db, tmp_path)


def test_a_missing_or_unreadable_file_is_one_projection_error(tmp_path: Path) -> None:
    with pytest.raises(DatabaseMissing, match="no campaign database"):
        catch_up(tmp_path / "nowhere.sqlite")
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database, just words " * 40)
    with pytest.raises(ProjectionError, match="not a database"):
        rebuild(junk)
    assert issubclass(DatabaseMissing, ProjectionError)


def test_a_file_without_events_gets_no_tables_from_a_catch_up(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite"
    sqlite3.connect(empty).close()
    assert catch_up(empty) == 0
    with closing(sqlite3.connect(empty)) as conn:
        assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    assert rebuild(empty) == 0


def test_an_action_and_its_undo_fill_every_event_log_column(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    shutil.copy(FIXTURE, db)
    catch_up(db)
    with closing(sqlite3.connect(db)) as conn:
        conn.row_factory = sqlite3.Row
        played, undo = [
            dict(row) for row in conn.execute("SELECT * FROM event_log WHERE version IN (5, 6)")
        ]
    common = {"campaign_id": campaign_id("Old Friday").hex, "campaign": "Old Friday"}
    assert played == {
        **common,
        **{"version": 5, "notification_id": 5, "kind": "ActionLogged"},
        **{"summary": "PlayCard player=Ben card=rain+gas", "who": "ben"},
        **{"session": UNKNOWN_SESSION, "time": "2026-11-21T11:12:15.484369+00:00"},
        **{"chapter": 1, "event_types": '["CardPlayed"]', "parent": 4},
        **{"actions": None, "head": None, "reason": None, "undone": 1},
    }
    assert undo == {
        **common,
        **{"version": 6, "notification_id": 6, "kind": "ActionsUndone"},
        **{"summary": "undo #5: Ben played snow+gas, not rain+gas", "who": "ann"},
        **{"session": UNKNOWN_SESSION, "time": "2026-11-21T11:12:15.485894+00:00"},
        **{"chapter": 1, "event_types": "[]", "parent": None},
        **{"actions": "[5]", "head": 4, "reason": "Ben played snow+gas, not rain+gas"},
        "undone": 0,
    }
