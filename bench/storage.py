"""Budget 4 (issue 17): bytes per event of a campaign file, events, snapshots and read
models together (the pages SQLite uses: the file less its free pages, after a
checkpoint), on the middle campaign, and on the largest against it (linear growth)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from bench.fixtures import Fixture
from bench.report import Check

LIMIT = 800.0  # bytes per event on the middle campaign
LINEAR = 1.1  # the largest campaign's bytes per event against the middle one's


def used_bytes(path: Path) -> int:
    """The bytes of the pages the database uses (its free pages left out)."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        (pages,) = conn.execute("PRAGMA page_count").fetchone()
        (free,) = conn.execute("PRAGMA freelist_count").fetchone()
        (size,) = conn.execute("PRAGMA page_size").fetchone()
    return int((pages - free) * size)


def measure(campaigns: dict[int, Fixture]) -> list[Check]:
    """The storage checks of the campaigns (their read models already caught up)."""
    sizes = sorted(campaigns)
    middle, large = campaigns[sizes[len(sizes) // 2]], campaigns[sizes[-1]]
    per = {f.events: used_bytes(f.path) / f.events for f in (middle, large)}
    return [
        Check(
            4,
            f"bytes per event, {middle.events:,} events (events, snapshots, read models)",
            f"{per[middle.events]:.0f} B",
            f"{used_bytes(middle.path) / 1e6:.1f} MB",
            per[middle.events],
            LIMIT,
            unit="B",
        ),
        Check(
            4,
            f"bytes per event, {large.events:,} vs {middle.events:,} events (linear)",
            f"{per[large.events]:.0f} B",
            f"{per[middle.events]:.0f} B",
            per[large.events] / per[middle.events],
            LINEAR,
        ),
    ]
