"""Which files grizzled opens and how (issue 11): only creating commands create a file,
read commands create and change nothing (a read-only file or mount can still be read),
a grizzled file carries its mark, and a campaign file from before the mark is marked on
its first write only."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from tests.cli.conftest import SEATS, Grizzled
from tests.cli.hostile import READ_COMMANDS
from tracker.dbfile import APPLICATION_ID, FILE_FORMAT

FIXTURE = Path(__file__).resolve().parents[1] / "tracker" / "fixtures" / "campaign-v1.sqlite"


def mark(path: Path) -> tuple[int, int]:
    with closing(sqlite3.connect(path)) as conn:
        return (
            conn.execute("PRAGMA application_id").fetchone()[0],
            conn.execute("PRAGMA user_version").fetchone()[0],
        )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_read_commands_on_a_path_that_does_not_exist_create_nothing(db: Path, tmp_path: Path):
    missing = tmp_path / "not" / "there" / "campaign.sqlite"
    grizzled = Grizzled(missing, explicit=True)

    for command in READ_COMMANDS:
        if command == "campaign list":
            assert grizzled.ok(command).startswith(f"No campaign in {missing} yet")
        else:
            line = grizzled.refused(command)
            assert (
                line == f"Error: no campaign in {missing}: create one with 'grizzled campaign new'"
            )

    assert not (tmp_path / "not").exists()


def test_a_new_campaign_file_carries_the_grizzled_mark(grizzled: Grizzled, db: Path):
    grizzled.ok("campaign", "new", "Friday", *SEATS)

    assert mark(db) == (APPLICATION_ID, FILE_FORMAT)
    assert db.read_bytes()[68:72] == b"GRZL"


def test_a_campaign_file_from_before_the_mark_is_read_as_it_is_and_marked_on_its_first_write(
    db: Path,
):
    shutil.copyfile(FIXTURE, db)
    with closing(sqlite3.connect(db)) as conn:  # as the tracker leaves its files: WAL
        conn.execute("PRAGMA journal_mode = WAL")
    before = digest(db)
    grizzled = Grizzled(db)

    assert "Old Friday" in grizzled.ok("campaign", "list")
    for command in ("log", "score", "replay --at 3"):
        grizzled.ok(command)
    assert mark(db) == (0, 0)
    assert digest(db) == before

    grizzled.ok("undo", "-r", "the first write marks the file")

    assert mark(db) == (APPLICATION_ID, FILE_FORMAT)
    assert "Old Friday" in grizzled.ok("status")


def test_the_log_of_a_file_that_may_not_keep_read_models_is_projected_in_memory_from_its_events(
    db: Path,
):
    shutil.copyfile(FIXTURE, db)  # from before the mark: read as it is, nothing written
    with closing(sqlite3.connect(db)) as conn:  # as the tracker leaves its files: WAL
        conn.execute("PRAGMA journal_mode = WAL")
    before = digest(db)
    grizzled = Grizzled(db)

    log = grizzled.json("log")
    explained = grizzled.json("score", "--explain")
    replayed = grizzled.json("replay")

    assert digest(db) == before
    assert [step["event"] for step in replayed] == [2, 3, 4, 7, 8]  # the line of play
    assert [(e["version"], e["kind"], e["undone"]) for e in log] == [
        (1, "Created", False),
        (2, "ActionLogged", False),
        (3, "ActionLogged", False),
        (4, "ActionLogged", False),
        (5, "ActionLogged", True),  # Ben: rain+gas, undone
        (6, "ActionsUndone", False),
        (7, "ActionLogged", False),
        (8, "ActionLogged", False),
    ]
    assert log[0]["summary"] == "campaign 'Old Friday' created"
    assert (log[5]["actions"], log[5]["reason"]) == ([5], "Ben played snow+gas, not rain+gas")
    assert [e["logged_by"] for e in log] == ["ann", "ann", "ann", "ann", "ben", "ann", "ben", "cy"]
    assert explained["explanation"] == []
    grizzled.ok("undo", "-r", "the first write marks the file")  # read models kept from here
    assert grizzled.json("log")[:5] == log[:5]


def test_a_file_written_by_a_newer_grizzled_is_refused_with_the_upgrade_to_make(
    campaign: Grizzled, db: Path
):
    with closing(sqlite3.connect(db)) as conn:
        conn.execute(f"PRAGMA user_version = {FILE_FORMAT + 1}")

    line = campaign.refused("status")

    assert f"written by a newer grizzled (file format {FILE_FORMAT + 1}" in line
    assert "upgrade grizzled" in line


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("", "--db is empty"),
        ("   ", "--db is empty"),
        (":memory:", "SQLite URIs and :memory: are not supported"),
        ("file:x.sqlite", "SQLite URIs and :memory: are not supported"),
        ("file:x.sqlite?mode=memory", "SQLite URIs and :memory: are not supported"),
    ],
)
def test_a_db_value_that_is_not_a_path_is_a_usage_error(db, tmp_path, monkeypatch, value, words):
    monkeypatch.chdir(tmp_path)
    grizzled = Grizzled(Path(value), explicit=True)
    grizzled.prefix = ("--db", value)

    for command in ("status", "campaign new X -p ann:night -p ben:snow"):
        line = grizzled.refused(command, code=2)
        assert words in line

    assert {p.name for p in tmp_path.iterdir()} <= {"data"}  # nothing created


def test_special_files_are_refused_in_one_line(db: Path, tmp_path: Path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, words in (
        (tmp_path, "is a folder, not a campaign file"),
        (fifo, "is not a regular file"),
        (Path("/dev/null"), "is not a regular file"),
    ):
        grizzled = Grizzled(path, explicit=True)
        for command in ("status", "log", "play night+shell", "campaign new X -p a:night"):
            assert words in grizzled.refused(command)


# --- a read-only file ---------------------------------------------------------------------


@pytest.fixture
def read_only(campaign: Grizzled, db: Path, tmp_path: Path) -> Iterator[Path]:
    """The campaign file as another player hands it over on a read-only medium: a
    read-only bind mount of its folder (or, for a user who may not mount, a read-only
    file in a read-only folder)."""
    campaign.ok("chapter", "start", "--leader", "ann", "--tiles", "left,right,left")
    campaign.ok("mission", "start", "3")
    campaign.ok("play", "night+shell")
    shelf = tmp_path / "shelf"
    shelf.mkdir()
    shutil.copyfile(db, shelf / "handed.sqlite")
    mounted = tmp_path / "mounted"
    mounted.mkdir()
    if _mount_read_only(shelf, mounted):
        yield mounted / "handed.sqlite"
        subprocess.run(["umount", str(mounted)], check=True)
        return
    if os.geteuid() == 0:  # root ignores file modes: only a read-only mount can show it
        pytest.skip("root without the right to mount: no read-only file can be made here")
    (shelf / "handed.sqlite").chmod(0o444)
    shelf.chmod(0o555)
    yield shelf / "handed.sqlite"
    shelf.chmod(0o755)


def _mount_read_only(source: Path, target: Path) -> bool:
    for command in (
        ["mount", "--bind", str(source), str(target)],
        ["mount", "-o", "remount,ro,bind", str(target)],
    ):
        if subprocess.run(command, capture_output=True, check=False).returncode != 0:
            subprocess.run(["umount", str(target)], capture_output=True, check=False)
            return False
    return True


def test_a_read_only_campaign_file_can_be_read_by_every_read_command(read_only: Path):
    grizzled = Grizzled(read_only, explicit=True)
    before = digest(read_only)

    for command in READ_COMMANDS:
        grizzled.ok(command.replace("--at 5", "--at 3"))
    board = grizzled.json("status")

    assert board["no_mans_land"] == ["night+shell"]
    assert board["next"].startswith("Ben's turn")
    assert digest(read_only) == before
    assert sorted(p.name for p in read_only.parent.iterdir()) == ["handed.sqlite"]


def test_a_read_only_campaign_file_refuses_every_write_in_one_line(read_only: Path):
    grizzled = Grizzled(read_only, explicit=True)

    for command in ("play snow+gas", "undo", "redo", "projections rebuild"):
        assert grizzled.refused(command).endswith("is read-only: nothing can be logged into it")


def test_the_first_write_into_a_file_from_before_the_mark_rebuilds_read_models_it_cannot_trust(
    table: Grizzled, db: Path, tmp_path: Path
):
    from tests.projections.conftest import all_rows, rebuilt_copy

    handed = tmp_path / "handed.sqlite"
    shutil.copyfile(db, handed)
    with closing(sqlite3.connect(handed)) as conn:
        conn.execute("PRAGMA application_id = 0")  # as a file from before the mark
        conn.execute("UPDATE event_log SET summary = 'forged' WHERE version = 2")  # a lie
        conn.commit()
    grizzled = Grizzled(handed, explicit=True)

    grizzled.ok("play", "night+shell")

    assert mark(handed) == (APPLICATION_ID, FILE_FORMAT)
    assert all_rows(handed) == rebuilt_copy(handed, tmp_path)
    assert "forged" not in grizzled.ok("log")
