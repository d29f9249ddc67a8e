"""A running session follows its file (issue 26): a restore from another process renames
another file into the campaign file's place; the table session notices before its next
line, says so, re-opens and checks the file now there, and records into it. Nothing is
ever written to the file that was replaced (now in the backups folder), not even by a
tracker that still holds it open."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from domain.chapter.commands import PlayCard
from tests.cli.conftest import Grizzled, stored_events
from tests.cli.test_table import another_process, in_session
from tracker.app import Tracker
from tracker.follow import FileReplaced


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def replaced_files(db: Path) -> list[Path]:
    return sorted((db.parent / "data" / "grizzled" / "backups").glob("replaced-*.sqlite"))


def test_a_session_open_across_a_restore_records_its_next_action_in_the_restored_file(
    table: Grizzled, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    backup = tmp_path / "friday-backup.sqlite"
    seen: dict[str, str] = {}

    def remember_the_replaced_file() -> None:
        (replaced,) = replaced_files(table.db)
        seen["replaced"] = digest(replaced)

    in_session(
        table.db,
        [
            "n+sh",  # Ann plays in the session: #4
            another_process("backup", str(backup)),
            another_process("play", "snow+gas"),  # Ben, on another device: #5
            another_process("play", "rain+whistle"),  # Cy: #6
            another_process("restore", str(backup)),  # back to #4
            remember_the_replaced_file,
            "sn+g",  # Ben's card, typed at the session: #5 of the restored file
        ],
    )

    out = " ".join(capsys.readouterr().out.split())  # a long path wraps the line
    assert "was replaced (restored?) since it was opened: re-opened and checked" in out
    assert "Ben plays snow+gas in No Man's Land." in out
    assert table.json("status")["no_mans_land"] == ["night+shell", "snow+gas"]
    assert table.events() == 5
    (replaced,) = replaced_files(table.db)
    assert digest(replaced) == seen["replaced"]  # nothing landed in the file moved away
    assert stored_events(replaced) == 6


def test_a_tracker_holding_a_replaced_file_open_records_nothing_anywhere(
    table: Grizzled, tmp_path: Path
):
    tracker = Tracker(str(table.db))
    try:
        tracker.state("Friday")  # opened, as a session holds it
        moved = tmp_path / "moved-away.sqlite"
        backup = tmp_path / "copy.sqlite"
        shutil.copyfile(table.db, backup)
        for extra in ("", "-wal", "-shm"):  # as a restore moves it, while it is open
            if os.path.exists(f"{table.db}{extra}"):
                os.replace(f"{table.db}{extra}", f"{moved}{extra}")
        os.replace(backup, table.db)
        before = {path: stored_events(path) for path in (table.db, moved)}

        with pytest.raises(FileReplaced, match="was replaced while it was open"):
            tracker.log_action("Friday", PlayCard(player="Ann", card="night+shell"))
    finally:
        tracker.close()

    assert {path: stored_events(path) for path in (table.db, moved)} == before


def test_a_one_shot_command_does_not_remember_a_file_put_in_its_place_as_checked(
    table: Grizzled, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A command that wrote to a file which was then replaced leaves the new file to be
    checked whole by the next command (it never saw it)."""
    from cli import context
    from tracker import trust

    other = tmp_path / "other.sqlite"
    shutil.copyfile(table.db, other)
    real_close: Callable[[Tracker], None] = Tracker.close

    def replaced_then_closed(self: Tracker) -> None:
        if os.path.exists(other):
            os.replace(other, table.db)
        real_close(self)

    monkeypatch.setattr(Tracker, "close", replaced_then_closed)
    ctx = context.Context(str(table.db))
    ctx.tracker()
    ctx.changed = True
    ctx.close()

    assert not trust.is_checked(str(table.db))


def test_after_a_restore_an_action_through_a_tracker_still_open_is_refused_and_lost_nowhere(
    table: Grizzled, tmp_path: Path
):
    from tracker.backup import copy, replace

    backup = tmp_path / "friday-backup.sqlite"
    copy(str(table.db), str(backup))
    tracker = Tracker(str(table.db))
    try:
        tracker.state("Friday")  # opened, as a session holds it
        moved = replace(str(table.db), str(backup))
        assert moved is not None
        before = {path: stored_events(Path(path)) for path in (str(table.db), moved)}

        with pytest.raises(FileReplaced):
            tracker.log_action("Friday", PlayCard(player="Ann", card="night+shell"))
    finally:
        tracker.close()

    assert {path: stored_events(Path(path)) for path in (str(table.db), moved)} == before


def test_a_session_whose_file_was_moved_away_says_so_and_records_nothing(
    table: Grizzled, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    moved = tmp_path / "moved.sqlite"

    def move_away() -> None:
        for extra in ("", "-wal", "-shm"):
            if os.path.exists(f"{table.db}{extra}"):
                os.replace(f"{table.db}{extra}", f"{moved}{extra}")

    in_session(table.db, ["n+sh", move_away, "sn+g"])

    err = " ".join(capsys.readouterr().err.split())
    assert "is no longer there (moved or deleted since the session opened it)" in err
    assert not table.db.exists()
    assert stored_events(moved) == 4
