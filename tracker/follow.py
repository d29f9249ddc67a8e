"""Nothing is written to a campaign file that is no longer at its path.

``grizzled restore`` renames another file into a campaign file's place while a table
session (or any other process) may still hold the old one open; SQLite keeps writing to
the file it opened, wherever it was moved (the backups folder), and what was logged there
would vanish from the campaign. So the tracker knows the file it opened by its identity
(device and inode, ``dbfile.identity``: a file renamed into place is another file,
whatever its times say), and every write transaction of its event store checks, after
its statements and before its commit (the write lock held: a restore takes that lock
before it moves the file away), that the file at its path is still that one. If not,
nothing is committed and the write is refused (``FileReplaced``). A long-running process
looks before each line (``replaced``) and re-opens the file at its path.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from domain.errors import N_
from tracker import dbfile
from tracker.errors import TrackerError
from tracker.library import SQLiteCursor, SQLiteDatastore

Identity = tuple[int, int]


class FileReplaced(TrackerError):
    """The campaign file was replaced (or moved away) while it was open."""


def replaced(path: str, opened: Identity | None) -> bool:
    """The file at ``path`` is not the one opened as ``opened`` (or there is none)."""
    return dbfile.identity(path) != opened


def still_there(path: str, opened: Identity | None) -> None:
    """FileReplaced unless the file at ``path`` is the one opened."""
    if replaced(path, opened):
        raise FileReplaced(
            N_(
                "{path} was replaced while it was open (a restore?): nothing was "
                "recorded; run the command again on the file now there"
            ),
            path=path,
        )


class FollowedDatastore(SQLiteDatastore):
    """The library's SQLite datastore, whose write transactions commit only while the
    file at the tracker's path is the one it opened (installed by ``follow``)."""

    path = ""
    opened: Identity | None = None

    @contextmanager
    def transaction(self, *, commit: bool) -> Iterator[SQLiteCursor]:
        connection = self.get_connection(commit=commit)
        with connection as conn, conn.transaction(commit=commit) as cursor:
            yield cursor
            if commit:  # the statements ran: the write lock is held until the commit
                still_there(self.path, self.opened)


def follow(datastore: Any, path: str, opened: Identity | None) -> None:
    """Make the event store's datastore refuse to commit into a file no longer at
    ``path`` (the identity the tracker saw before it opened the file: a file replaced
    between the two is refused, never written)."""
    if isinstance(datastore, SQLiteDatastore):
        datastore.__class__ = FollowedDatastore
        assert isinstance(datastore, FollowedDatastore)
        datastore.path, datastore.opened = path, opened
