"""The runner: bring the read models up to date from the event store's notification log.

``catch_up`` reads the stored events after its saved position, a batch at a time; each
batch is one SQLite transaction (``BEGIN IMMEDIATE``) holding the rows it wrote and the
new position, so every event is projected exactly once and a process that dies mid-way
leaves the previous batch's rows and position, nothing half-written. With nothing new it
costs one SELECT and imports nothing heavy. ``rebuild`` drops the read models and
replays from the first event. Both take the path of the campaign database: the read
models live in the same file as the events.
"""

from __future__ import annotations

import gc
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from projections import schema
from projections.errors import DamagedReadModel, DatabaseMissing, ProjectionError

if TYPE_CHECKING:
    from projections.project import Projector
    from projections.recall import Known

BATCH = 500
REBUILD_BATCH = 1000  # events a rebuild projects per transaction (peak RSS ~37 MB at 50,000)
LOCK_TIMEOUT = 10.0  # seconds to wait for a writer (the tracker or another runner)

CHECK = (
    "SELECT (SELECT max(rowid) FROM stored_events), "
    "(SELECT position FROM projection_position WHERE name = ?), "
    "(SELECT schema FROM projection_position WHERE name = ?)"
)


def connect(db_path: str | os.PathLike[str]) -> sqlite3.Connection:
    """A connection that leaves transactions to us (autocommit; explicit BEGIN), whose
    commits wait for no disk flush (``synchronous = NORMAL``): the read models are
    rebuilt from the events, so a power cut that takes back their last batch loses
    nothing; in WAL mode it never corrupts the file, and the events' own commit (the
    event store's connection: ``FULL``) was flushed before (docs/performance.md)."""
    path = os.path.expanduser(db_path)  # os.path: pathlib costs ~3 ms of every command
    if not os.path.isfile(path):
        raise DatabaseMissing(f"there is no campaign database at {path}")
    try:
        conn = sqlite3.connect(path, timeout=LOCK_TIMEOUT, isolation_level=None)
    except sqlite3.Error as error:
        raise ProjectionError(f"cannot open {path}: {error}") from None
    try:
        conn.execute("PRAGMA synchronous = NORMAL")
    except sqlite3.Error as error:
        conn.close()  # (closed on every path: the caller gets no connection)
        raise ProjectionError(f"cannot open {path}: {error}") from None
    return conn


def catch_up(
    db_path: str | os.PathLike[str], *, batch_size: int = BATCH, known: Known | None = None
) -> int:
    """Project every stored event not projected yet; how many were projected. ``known``:
    states the caller holds (the tracker that just recorded an undo: the state after the
    action it returns to), by campaign id and the action's version; the same state the
    projector would rebuild from the snapshot before it (``projections.recall``)."""
    with _guard(db_path) as conn:
        try:
            newest, position, version = conn.execute(
                CHECK, (schema.POSITION_NAME, schema.POSITION_NAME)
            ).fetchone()
        except sqlite3.OperationalError:  # no read models yet (or no events at all)
            if not _has_events_table(conn):
                return 0
            newest, position, version = None, None, None
        if position is None or version != schema.SCHEMA:
            return _rebuild(conn, batch_size, unless_current=True)
        if newest is None or newest <= position:
            return 0
        try:
            return _run(conn, batch_size, known)
        except DamagedReadModel:  # a cache that cannot be read: made again from the events
            return _rebuild(conn, REBUILD_BATCH)


def rebuild(db_path: str | os.PathLike[str], *, batch_size: int = REBUILD_BATCH) -> int:
    """Drop every read model and project all stored events again; how many."""
    with _guard(db_path) as conn:
        return _rebuild(conn, batch_size)


def in_memory(
    uri: str, where: str = "file::memory:", batch: int = REBUILD_BATCH, cache: int | None = None
) -> sqlite3.Connection:
    """The read models of a file a command may not keep them in (read-only, or not marked
    ours yet), projected into a database in memory from the file's events (``uri``: how
    to open the file, only to read it; ``where``: another place to build them, a scratch
    file for a whole campaign's rebuild; ``batch``: events a transaction, and ``cache``:
    SQLite's page cache for each file, as its ``cache_size`` pragma, both to hold less at
    once); the caller closes it."""
    conn = sqlite3.connect(where, uri=True, isolation_level=None)
    try:
        conn.execute("ATTACH DATABASE ? AS source", (uri,))
        if cache is not None:
            for name in ("main", "source"):
                conn.execute(f"PRAGMA {name}.cache_size = {int(cache)}")
        conn.execute(
            "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, "
            "topic TEXT, state BLOB, PRIMARY KEY (originator_id, originator_version))"
        )
        conn.execute(
            "INSERT INTO stored_events (rowid, originator_id, originator_version, topic, state) "
            "SELECT rowid, originator_id, originator_version, topic, state "
            "FROM source.stored_events"
        )
        conn.execute("DETACH DATABASE source")
        _rebuild(conn, batch)
    except BaseException:  # SQLite's errors as they are: the caller names the file
        conn.close()
        raise
    return conn


@contextmanager
def _guard(db_path: str | os.PathLike[str]) -> Iterator[sqlite3.Connection]:
    """A connection, closed afterwards; SQLite's errors (not a database, locked too
    long, disk full) become one ProjectionError naming the file."""
    conn = connect(db_path)
    try:
        yield conn
    except sqlite3.Error as error:
        raise ProjectionError(
            f"cannot update the read models in {db_path}: {error}", str(error)
        ) from None
    finally:
        conn.close()


def _has_events_table(conn: sqlite3.Connection) -> bool:
    row = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stored_events'"
    ).fetchone()
    return row is not None


def _current(conn: sqlite3.Connection) -> bool:
    """The read models exist in this program's table layout."""
    try:
        row = conn.execute(
            "SELECT schema FROM projection_position WHERE name = ?", (schema.POSITION_NAME,)
        ).fetchone()
    except sqlite3.OperationalError:
        return False
    return row is not None and row[0] == schema.SCHEMA


def _rebuild(conn: sqlite3.Connection, batch_size: int, unless_current: bool = False) -> int:
    """Drop and create the tables (unless another runner just did: ``unless_current``),
    then project every event."""
    from sqlite_utils import Database

    from projections.write import create_tables, drop_tables

    conn.execute("BEGIN IMMEDIATE")
    try:
        if not (unless_current and _current(conn)):
            drop_tables(conn)
            create_tables(Database(conn))
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise
    if not _has_events_table(conn):
        return 0
    return _run(conn, batch_size)


def _run(conn: sqlite3.Connection, batch_size: int, known: Known | None = None) -> int:
    from projections.project import Projector

    projector = Projector(conn, known)
    total = 0
    while True:
        done = _batch(conn, projector, batch_size)
        total += done
        if done < batch_size:
            return total


def _batch(conn: sqlite3.Connection, projector: Projector, batch_size: int) -> int:
    """One batch in one transaction: read, project, write rows and position, commit."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        (position,) = conn.execute(
            "SELECT position FROM projection_position WHERE name = ?", (schema.POSITION_NAME,)
        ).fetchone()
        if position != projector.position:
            projector.forget()  # another runner moved on: reload what it left
            projector.position = position
        with _collector_paused():
            done = projector.project_after(position, batch_size)
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        projector.forget()
        projector.position = None
        raise
    return done


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for a batch: a batch allocates hundreds of
    thousands of short-lived objects that reference counting frees (they hold no cycles),
    and the collector's passes over them cost ~10% of a rebuild. The batch's events are
    freed before it resumes, so its first pass finds only what the batch kept."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        conn.execute("ROLLBACK")
