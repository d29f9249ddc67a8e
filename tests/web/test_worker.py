"""The companion's worker (web/worker.py): the ``grizzled`` command run in one long-lived
process, on a real campaign file; a write the CLI made meanwhile is read, and a request
that hangs is killed after its time, said in one line, and the next served anew."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.conftest import Grizzled
from web import worker
from web.keeper import Refused, write
from web.reading import viewer_page


def test_a_write_made_by_the_command_line_meanwhile_is_what_the_worker_reads(
    table: Grizzled, db: Path
) -> None:
    before = viewer_page(db)
    pid = worker.WORKER.pid()
    table.ok("withdraw", "left")  # a separate process writes the file
    after = viewer_page(db)
    assert worker.WORKER.pid() == pid  # the same worker answered both
    assert len(after.log) == len(before.log) + 1


def test_a_write_that_hangs_is_killed_after_its_time_and_the_next_gets_a_new_worker(
    table: Grizzled, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    viewer_page(db)
    hung = worker.WORKER.pid()
    monkeypatch.setattr(worker, "TIMEOUT", 1.0)
    holder = sqlite3.connect(db)
    holder.execute("BEGIN EXCLUSIVE")  # another writer holds the file (5 s lock timeout)
    try:
        with pytest.raises(Refused) as refused:
            write(db, "Friday", ["withdraw", "left"], "keeper 1")
    finally:
        holder.rollback()
        holder.close()
    assert str(refused.value) == "the command took over 1 s: look at the log"
    monkeypatch.setattr(worker, "TIMEOUT", 20.0)
    assert len(viewer_page(db).log) == len(table.json("log", "--all"))
    assert worker.WORKER.pid() not in (None, hung)  # a new worker answered
