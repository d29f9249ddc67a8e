"""The campaign file watched for new events: the last event's number (the store's
row number), read a few times a second by one task for every phone, each time from
the file at its path (so a file restored into place is the one watched), through the
tracker's one module for queries on the stored events."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tracker import store


def last_event(db: Path) -> int:
    """The number of the file's last event (0: none, or no campaign file yet)."""
    if not db.exists():
        return 0
    try:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
    except sqlite3.Error:
        return 0
    try:
        return store.newest_position(store.OnConnection(conn))
    except sqlite3.Error:  # no events table yet, or the file busy past the timeout
        return 0
    finally:
        conn.close()
