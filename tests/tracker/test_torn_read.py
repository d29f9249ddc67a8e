"""A file others are writing, read in plain Python while SQLite checkpoints it, can look
cut short: the checkpoint writes the header (the new page count) before the pages it
adds. Such a file is called damaged only if SQLite, under its locks, finds it so (issue
39: the writers' race caught "is damaged: it is cut short (172032 of 176128 bytes)" once
in four runs, from a file SQLite found sound).

The checkpoint is held torn here as long as the check takes (``os.stat`` answers the size
the torn read saw): the earlier fix, which looked again 0.2 s later, still called this
file damaged; a file that SQLite finds cut short is damaged, live or not.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from tests.cli.conftest import Grizzled
from tracker import dbfile
from tracker.errors import UnusableFile

PAGE = 4096


def grown(path: Path, monkeypatch: pytest.MonkeyPatch) -> sqlite3.Connection:
    """A campaign file with a chapter under way, checkpointed whole, with a connection
    left open on it (its -shm beside it: live)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(path.parent / "data"))
    g = Grizzled(path, explicit=True)
    g.ok("campaign new Friday -p ann:night -p ben:snow -p cy:rain")
    g.ok("chapter start --leader ann --tiles left,right,left")
    g.ok("mission start 3 --yes")
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return conn


@contextmanager
def seen_short(path: Path, short: int) -> Iterator[None]:
    """Every plain ``os.stat`` of ``path`` answers ``short`` bytes (SQLite's own reads,
    in C, see the file as it is)."""
    real = os.stat

    def stat(name: object, *args: object, **kwargs: object) -> os.stat_result:
        found = real(name, *args, **kwargs)  # type: ignore[arg-type]
        if os.fspath(name) != str(path):  # type: ignore[call-overload]
            return found
        fields = list(found)
        fields[6] = short  # st_size
        return os.stat_result(fields)

    os.stat = stat  # type: ignore[assignment]
    try:
        yield
    finally:
        os.stat = real


def test_a_live_file_read_torn_is_not_called_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "grizzled.sqlite"
    with closing(grown(db, monkeypatch)):
        assert dbfile.live(str(db))
        short = db.stat().st_size - PAGE

        with seen_short(db, short):
            assert dbfile.inspect(str(db)) == "ours"


def test_a_file_cut_short_is_damaged_live_or_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "grizzled.sqlite"
    with closing(grown(db, monkeypatch)):
        with db.open("r+b") as f:
            f.truncate(db.stat().st_size - 3 * PAGE)
        assert dbfile.live(str(db))

        with pytest.raises(UnusableFile, match="is damaged: it is cut short"):
            dbfile.inspect(str(db))
    assert not dbfile.live(str(db))
    with pytest.raises(UnusableFile, match="is damaged: it is cut short"):
        dbfile.inspect(str(db))
