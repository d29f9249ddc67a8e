"""Where the companion reads, watched for new events: a campaign file, or a club's
PostgreSQL server. The last event's number (the file's row number, the server's
notification id) is read a few times a second by one task for every phone, through the
tracker's one module for queries on the stored events. A file is opened anew at each
look (so a file restored into place is the one watched); a server keeps one read-only
connection, opened again after a failure."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

from tracker import store

UNREACHABLE = -1  # a server that did not answer: no event is numbered so


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


def serving() -> None:
    """This process serves the companion from now on (``grizzled serve``): its threads
    share the campaign file, and none opens it in Python while another's connection may
    hold it (``tracker.dbfile.keep_found``: issue 39). A process that only builds the app
    (the tests') reads a file's header at each look, as a command does."""
    from tracker import dbfile

    dbfile.keep_found()


class Watched:
    """The campaign file at ``where``, or the club's server whose URL it is."""

    def __init__(self, where: str | Path) -> None:
        self.where = str(where)
        self.server = store.is_postgres(self.where)
        self._tracker: Any = None

    def last_event(self) -> int:
        """The number of the last event stored there (``UNREACHABLE``: a server that did
        not answer; the page then says what the reading found)."""
        if not self.server:
            return last_event(Path(self.where))
        try:
            if self._tracker is None:
                from tracker.app import Tracker
                from tracker.dbfile import READ

                self._tracker = Tracker(self.where, access=READ)
            return store.newest_position(self._tracker)
        except Exception:  # the server down or the connection lost: open again next look
            self.close()
            return UNREACHABLE

    def close(self) -> None:
        """Let the server's connection go (nothing to do for a file)."""
        tracker, self._tracker = self._tracker, None
        if tracker is not None:
            with contextlib.suppress(Exception):  # already broken: nothing more to let go
                tracker.close()
