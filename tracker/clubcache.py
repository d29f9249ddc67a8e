"""The read models of a campaign database on PostgreSQL: a local SQLite cache per client.

The read models (``projections``) are SQLite tables projected from a file's
``stored_events``. A client of a club's PostgreSQL database keeps a campaign file of its
own in its data directory (``cache_path``), whose ``stored_events`` follow the library's
notification log: each event copied with its notification id as its ``rowid``, a page a
transaction, so the cache's position is its newest ``rowid``, saved with the rows it
covers. The projections then run on that file as on any other, and equal a rebuild at
any time. A cache that no longer matches the database (another database at the URL, or
one restored from an older dump) is made again from the start.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from contextlib import closing
from typing import TYPE_CHECKING, Any

from tracker import store

if TYPE_CHECKING:
    from tracker.app import Tracker

PAGE = 500  # notifications copied per transaction
FOLDER = "club-caches"


def cache_path(url: str) -> str:
    """Where this client keeps the cache of the database at ``url`` (its password left
    out: a new password is the same database)."""
    from tracker.config import data_dir

    digest = hashlib.sha256(store.shown(url).encode()).hexdigest()[:16]
    return os.path.join(data_dir(), FOLDER, f"{digest}.sqlite")


def follow(tracker: Tracker, path: str) -> int:
    """Copy the events the cache at ``path`` lacks from the tracker's notification log;
    how many. The cache is made (a campaign file of its own) when missing, and made
    again when it no longer matches the database."""
    if os.path.exists(path) and not _matches(tracker, path):
        for extra in ("", "-wal", "-shm", "-journal"):
            if os.path.exists(path + extra):
                os.unlink(path + extra)
    if not os.path.exists(path):
        from tracker.app import Tracker

        os.makedirs(os.path.dirname(path), exist_ok=True)
        Tracker(path).close()  # marked ours, its tables made
    copied = 0
    with closing(sqlite3.connect(path, isolation_level=None, timeout=10)) as conn:
        position = store.newest_cached(conn)[0]
        while page := _page(tracker, position + 1):
            rows = [
                (n.id, _hex(n.originator_id), n.originator_version, n.topic, n.state) for n in page
            ]
            store.cache_events(conn, rows)  # those another command copied meanwhile left out
            position, copied = page[-1].id, copied + len(page)
    return copied


def _page(tracker: Tracker, start: int, limit: int = PAGE) -> list[Any]:
    """Notifications from ``start`` on; the server's failure as one of the tracker's."""
    from tracker.library import PersistenceError

    try:
        return list(tracker.notification_log.select(start=start, limit=limit))
    except PersistenceError as error:
        raise tracker._failure(error) from None


def _hex(originator: object) -> str:
    return str(getattr(originator, "hex", originator))


def _matches(tracker: Tracker, path: str) -> bool:
    """The cache's newest event is the database's at that notification id."""
    with closing(sqlite3.connect(path, timeout=10)) as conn:
        newest = store.newest_cached(conn)
    if newest[0] == 0:
        return True
    found = _page(tracker, newest[0], 1)
    return (
        bool(found)
        and (found[0].id, _hex(found[0].originator_id), found[0].originator_version) == newest
    )
