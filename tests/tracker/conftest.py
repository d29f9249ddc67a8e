"""Shared fixtures of the tracker tests: a real SQLite file under ``tmp_path``, trackers
opened on it (and closed afterwards), and a look at the rows the file really holds."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from tracker.app import Tracker, campaign_id

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Where the campaign database of one test lives."""
    return tmp_path / "grizzled.sqlite"


@pytest.fixture
def open_tracker(db: Path) -> Iterator[Callable[..., Tracker]]:
    """Open a tracker on the test's database file (each one is closed after the test)."""
    opened: list[Tracker] = []

    def open_(**options: Any) -> Tracker:
        tracker = Tracker(db, **options)
        opened.append(tracker)
        return tracker

    yield open_
    for tracker in opened:
        tracker.close()


@pytest.fixture
def spawn() -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """Start a child Python process running a script from the repository root, its
    stdin and stdout piped as text; any child still running after the test is killed."""
    children: list[subprocess.Popen[str]] = []

    def start(script: str, *args: str) -> subprocess.Popen[str]:
        child = subprocess.Popen(
            [sys.executable, "-c", script, *args],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        children.append(child)
        return child

    yield start
    for child in children:
        if child.poll() is None:
            child.kill()
        child.wait()
        for pipe in (child.stdin, child.stdout, child.stderr):
            if pipe is not None:
                pipe.close()


@pytest.fixture
def query(db: Path) -> Callable[..., list[tuple[Any, ...]]]:
    """Rows read straight from the database file, with a connection of our own."""

    def rows(sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with closing(sqlite3.connect(db)) as connection:
            return [tuple(row) for row in connection.execute(sql, params)]

    return rows


@pytest.fixture
def stored_versions(query: Callable[..., list[tuple[Any, ...]]]) -> Callable[[str], list[int]]:
    """The originator versions stored for a campaign, read from the file itself."""

    def versions(name: str) -> list[int]:
        rows = query(
            "SELECT originator_version FROM stored_events WHERE originator_id = ? "
            "ORDER BY originator_version",
            (campaign_id(name).hex,),
        )
        return [row[0] for row in rows]

    return versions
