"""Budget 7 (issue 31): a club's campaigns on PostgreSQL. On a throwaway cluster
(tests/pgserver.py: fsync off, as in the tests) and a SQLite file of the same run: a
logged action through PostgreSQL within 1.5 x the same through SQLite (the tracker's
``log_action``, medians), and 8 writers at once, each into its own campaign, sustaining
100 actions a second or more, logging with a club's device role (SELECT, INSERT and
EXECUTE only: docs/deploy.md), which takes the writers' advisory lock. Measured only
where the server binaries and the driver are found; else one line says so and no check
is added.
"""

from __future__ import annotations

import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from bench.fixtures import ROOT
from bench.report import Check

if TYPE_CHECKING:
    from tracker.app import Tracker

ACTIONS = 200  # timed logged actions on each backend
WRITERS, EACH = 8, 60  # concurrent writers and the actions each logs
RATIO, RATE = 1.5, 100.0

WRITER = """
import sys, time
from domain.chapter.corrections import CorrectFact
from tracker.app import Tracker

db, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
tracker = Tracker(db, by=name, session="bench")
tracker.state(name)
print("ready", flush=True)
sys.stdin.readline()
for k in range(count):
    tracker.log_action(name, CorrectFact("stock", k % 6, f"{name} #{k}"))
print(time.perf_counter(), flush=True)
tracker.close()
"""


def _campaign(db: str, name: str) -> Tracker:
    from domain.chapter.commands import Seat, StartChapter
    from tracker.app import Tracker

    seats = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
    tracker = Tracker(db, by="bench", session="bench")
    tracker.create_campaign(name, "classic", seats)
    tracker.log_action(
        name, StartChapter("classic", seats, leader="Ann", third_tiles=("left", "right", "left"))
    )
    return tracker


def _device(server: str) -> str:
    """The URL of a club's device role on ``server`` (docs/deploy.md's roles: SELECT,
    INSERT and EXECUTE only), its schema made by its owner's ``db upgrade``."""
    from tests import pgserver
    from tracker.app import upgrade

    urls = pgserver.club(server, "writers")
    upgrade(urls["owner"])
    pgserver.grant(urls)
    return urls["device"]


def per_action(db: str) -> list[float]:
    """Milliseconds of each of ACTIONS logged actions (a correction) into one campaign."""
    from domain.chapter.corrections import CorrectFact

    tracker = _campaign(db, "Timed")
    took = []
    for k in range(ACTIONS):
        start = time.perf_counter()
        tracker.log_action("Timed", CorrectFact("stock", k % 6, f"#{k}"))
        took.append((time.perf_counter() - start) * 1000)
    tracker.close()
    return took


def writers_rate(db: str) -> float:
    """Actions a second of WRITERS processes logging EACH actions at once, each into its
    own campaign (from the moment all are let go to the last one's end)."""
    names = [f"Table {n}" for n in range(WRITERS)]
    for name in names:
        _campaign(db, name).close()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, db, name, str(EACH)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for name in names
    ]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    start = time.perf_counter()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    ends = [float(proc.communicate(timeout=600)[0].strip()) for proc in procs]
    return WRITERS * EACH / (max(ends) - start)


def measure(log: Callable[[str], None]) -> tuple[list[Check], dict[str, object]]:
    """The budget 7 checks and their runs (none without a server to start)."""
    from tests import pgserver

    found = pgserver.binaries()
    if found is None or importlib.util.find_spec("psycopg") is None:
        log("postgresql (budget 7): not measured: no server binaries or no psycopg here")
        return [], {}
    with pgserver.cluster(found) as url, tempfile.TemporaryDirectory() as work:
        sqlite_ms = per_action(str(Path(work) / "timed.sqlite"))
        postgres_ms = per_action(f"{url}?schema=timed")
        rate = writers_rate(_device(url))
    sqlite, postgres = statistics.median(sqlite_ms), statistics.median(postgres_ms)
    checks = [
        Check(
            7,
            "a logged action through PostgreSQL against SQLite (median)",
            f"{postgres:.1f} ms",
            f"SQLite {sqlite:.1f} ms",
            postgres / sqlite,
            RATIO,
        ),
        Check(
            7,
            f"{WRITERS} writers at once on PostgreSQL (device role), each its own campaign",
            f"{rate:.0f} /s",
            f"{WRITERS} x {EACH} actions",
            rate,
            RATE,
            higher_is_better=True,
            unit="/s",
        ),
    ]
    return checks, {"sqlite_ms": sqlite_ms, "postgres_ms": postgres_ms, "writers_per_s": rate}


if __name__ == "__main__":  # this part alone: python -m bench.postgres
    from bench.report import table

    measured, _ = measure(print)
    print(table(measured))
