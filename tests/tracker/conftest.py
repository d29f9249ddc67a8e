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
def db(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """Where the campaign database of one test lives (a test marked ``backends`` runs
    on PostgreSQL too: then it is a URL, tests/conftest.py)."""
    if getattr(request, "param", "sqlite") == "postgres":
        url: Path = request.getfixturevalue("postgres_db")
        return url
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

    if isinstance(db, str):  # a PostgreSQL URL: the same query in its dialect
        return lambda sql, params=(): postgres_rows(db, sql, params)

    def rows(sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with closing(sqlite3.connect(db)) as connection:
            return [tuple(row) for row in connection.execute(sql, params)]

    return rows


def postgres_rows(url: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Rows of a query written as SQLite reads it, run on the PostgreSQL database ``url``
    (its schema's tables) with a connection of our own; what it changed is committed."""
    import psycopg

    from tracker import store

    server, _, options = url.partition("?")
    schema = options.removeprefix("schema=") or "public"
    with psycopg.connect(server, autocommit=True) as conn, conn.cursor() as cursor:
        cursor.execute(store.postgres_sql(sql, schema), params)
        found = cursor.fetchall() if cursor.description else []
        return [tuple(store.plain(v) for v in row) for row in found]


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
