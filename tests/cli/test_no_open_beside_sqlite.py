"""No command opens, copies or removes a campaign file (or its -wal, -shm,
-journal) in Python while a ``sqlite3`` connection to it is open in the process (issue 39:
closing any descriptor of the file drops SQLite's locks, and another writer then
checkpoints and unlinks the WAL still in use). Every command of a chapter runs under an
audit hook (tests/cli/opens.py), on two devices (two data directories: each command
after the other's write sees a changed file), with a WAL left full beside the file by
another process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import Grizzled
from tests.cli.opens import watching

# A writer that leaves its WAL full (no checkpoint, no close): what another device's
# process holds open while this one reads.
LEAVE_WAL = """
import os, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA wal_autocheckpoint = 0")
conn.execute("PRAGMA user_version = 2")
os._exit(0)
"""

COMMANDS = (
    "status",
    "correct morale 7 -r first",
    "log",
    "status --json",
    "hint",
    "odds",
    "score",
    "correct morale 9 -r second",
    "undo",
    "redo",
    "revert 4 -r again",
    "campaign list",
    "campaign show",
    "campaign show --json",
    "box",
    "checkpoint",
    "verify",
    "log --json",
    "stats",
    "why",
    "projections rebuild",
    "correct morale 11 -r third",
    "status",
)


def leave_wal(db: Path) -> None:
    subprocess.run([sys.executable, "-c", LEAVE_WAL, str(db)], check=True)


def test_no_command_opens_the_file_beside_its_own_connection(
    campaign: Grizzled, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    devices = [tmp_path / "data", tmp_path / "other device"]
    with watching() as watch:
        campaign.ok("chapter start --leader ann --tiles left,right,left")
        campaign.ok("mission start 4 --yes")
        for number, command in enumerate(COMMANDS):
            monkeypatch.setenv("XDG_DATA_HOME", str(devices[number % 2]))
            leave_wal(campaign.db)
            result = campaign(*command.split())
            assert result.exit_code == 0 or command == "why", (command, result.output)
        monkeypatch.setenv("XDG_DATA_HOME", str(devices[0]))
        leave_wal(campaign.db)
        campaign.ok(f"backup {tmp_path / 'backup.sqlite'}")
        campaign.ok(f"export {tmp_path / 'friday.json'}")
        campaign.ok(f"--db {tmp_path / 'copy.sqlite'} import {tmp_path / 'friday.json'}")
        campaign.ok(f"--db {tmp_path / 'backup.sqlite'} verify")
        leave_wal(campaign.db)
        campaign.ok(f"restore {tmp_path / 'backup.sqlite'}")
        campaign.ok("status")
    assert watch.found == [], "\n".join(watch.found)


def test_the_watch_sees_an_open_beside_a_connection(tmp_path: Path) -> None:
    """The audit hook does see the fault it looks for (else the test above proves nothing)."""
    import sqlite3

    path = tmp_path / "x.sqlite"
    with watching() as watch:
        conn = sqlite3.connect(f"file:{path}?mode=rwc", uri=True)
        conn.execute("PRAGMA journal_mode = wal")
        with open(path, "rb") as f:
            f.read(100)
        conn.close()
        with open(path, "rb") as f:  # after the close: harmless
            f.read(100)
    assert len(watch.found) == 1
    assert "x.sqlite while a connection is open" in watch.found[0]


# The companion's server: one thread's look at the file while another's connection holds
# it (a keeper's write, a page's reading). Run in a process of its own: ``keep_found``
# lasts for the process.
SERVER_LOOKS = """
import sqlite3, sys
from app.watch import serving
from cli.main import main
from tests.cli.opens import watching
from tracker import dbfile
path = sys.argv[1]
try:
    main(["--db", path, "campaign", "new", "R", "-p", "ann:night", "-p", "ben:snow"])
except SystemExit as end:
    assert not end.code, end.code
serving()  # the server starts: its threads share the file from now on
first = dbfile.inspect(path)  # the server's first look, before any connection
with watching() as watch:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")  # another thread's write, under way
    kinds = [dbfile.inspect(path), dbfile.prepare(path, "read")[1]]
    conn.execute("ROLLBACK")
    conn.close()
print(first, *kinds, len(watch.found))
"""


def test_a_servers_threads_never_open_the_file_beside_another_ones_connection(
    tmp_path: Path,
) -> None:
    """In the companion's server a thread looks at the file (``dbfile.inspect``, which
    reads its header) while another thread's connection may hold it: a file found ours
    is not opened in Python again while it is the same file (``dbfile.keep_found``,
    turned on by ``grizzled serve``: ``app.watch.serving``)."""
    root = Path(__file__).resolve().parents[2]
    ended = subprocess.run(
        [sys.executable, "-c", SERVER_LOOKS, str(tmp_path / "served.sqlite")],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=60,
    )
    assert ended.returncode == 0, ended.stderr
    assert ended.stdout.split()[-4:] == ["ours", "ours", "ours", "0"], ended.stdout
