"""A saved action is never reported as refused (issue 11).

The read models catch up right after an action is saved. When they cannot (another
program holds the write lock, the disk fails), the action is recorded all the same: the
command says "Recorded as #N; the board catches up next time (...)" and exits 0, the
next command catches up, and nothing is recorded twice.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

import projections.runner
from tests.cli.conftest import QUIET_ENV, Grizzled
from tests.projections.conftest import all_rows, rebuilt_copy

REPO = Path(__file__).resolve().parents[2]


def lock_during_first_catch_up(db: Path, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Another connection holds the write lock while the next catch-up runs (once)."""
    real = projections.runner.catch_up
    monkeypatch.setattr(projections.runner, "LOCK_TIMEOUT", 0.2)
    calls: list[int] = []

    def locked(path: Any, **options: Any) -> int:
        if calls:
            return real(path, **options)
        calls.append(1)
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            return real(path, **options)
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    monkeypatch.setattr(projections.runner, "catch_up", locked)
    return calls


def event_log_versions(db: Path) -> list[int]:
    with closing(sqlite3.connect(db)) as conn:  # (a connection's own with does not close it)
        return [v for (v,) in conn.execute("SELECT version FROM event_log ORDER BY version")]


@pytest.mark.parametrize(
    "command",
    ["play night+shell", "withdraw left", "undo", "correct morale 12 -r 'the box says 12'"],
)
def test_an_action_saved_while_the_write_lock_is_held_says_recorded_and_exits_0(
    table: Grizzled, db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    before = table.events()
    calls = lock_during_first_catch_up(db, monkeypatch)

    result = table(command)

    assert calls == [1]
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"Recorded as #{before + 1}; the board catches up next time (database is locked).\n"
    )
    assert "Next:" in result.stdout
    assert table.events() == before + 1
    assert before + 1 not in event_log_versions(db)  # the board lags behind ...
    table.ok("status")
    assert event_log_versions(db).count(before + 1) == 1  # ... and catches up once
    assert table.events() == before + 1
    assert all_rows(db) == rebuilt_copy(db, tmp_path)


def test_a_campaign_created_while_the_write_lock_is_held_is_created_once(
    grizzled: Grizzled, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lock_during_first_catch_up(db, monkeypatch)

    result = grizzled("campaign new Friday -p ann:night -p ben:snow")

    assert result.exit_code == 0
    assert "Recorded as #1" in result.stderr
    assert "Campaign 'Friday' created" in result.stdout
    assert grizzled.refused("campaign new Friday -p ann:night -p ben:snow").endswith(
        "a campaign called 'Friday' already exists"
    )
    assert grizzled.events() == 1


# The disk fails after the save: in a child process, the size any file may be written to
# is held at one byte (RLIMIT_FSIZE) while the catch-up runs, so its first write fails as
# on a full disk, with a real error from the kernel (EFBIG).
DISK_FAILS_AFTER_THE_SAVE = """
import os, resource, signal, sys
import projections.runner as runner

signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
real = runner.catch_up

def disk_full(path, **options):
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1, hard))  # no write goes through
    try:
        return real(path, **options)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))

runner.catch_up = disk_full
from cli.main import main
main(sys.argv[1:])
"""


def run_child(script: str, db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", **QUIET_ENV, "XDG_DATA_HOME": str(db.parent / "data")}
    return subprocess.run(
        [sys.executable, "-c", script, "--db", str(db), *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def test_an_action_saved_before_the_disk_fails_says_recorded_and_exits_0(
    table: Grizzled, db: Path, tmp_path: Path
) -> None:
    before = table.events()

    child = run_child(DISK_FAILS_AFTER_THE_SAVE, db, "play", "night+shell")

    assert child.returncode == 0, child.stderr
    assert child.stderr.startswith(f"Recorded as #{before + 1}; the board catches up next time (")
    assert len(child.stderr.splitlines()) == 1
    assert "Traceback" not in child.stderr
    assert table.events() == before + 1
    table.ok("status")
    assert event_log_versions(db).count(before + 1) == 1
    assert all_rows(db) == rebuilt_copy(db, tmp_path)


def test_a_failure_after_the_save_still_says_recorded_and_never_refused(
    table: Grizzled, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = table.events()

    def failing(state: object) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr("voice.next_step.next_step", failing)

    result = table("play night+shell")

    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        f"Recorded as #{before + 1}; then: grizzled failed (RuntimeError: boom); please "
        "report it (GRIZZLED_DEBUG=1 shows where)"
    ]
    assert table.events() == before + 1
