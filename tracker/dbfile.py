"""Which files grizzled opens, and how: a campaign file is untrusted input.

A grizzled file says so in its SQLite header (``PRAGMA application_id`` 'GRZL' and
``PRAGMA user_version``, the file format). Before SQLite opens anything for the tracker,
``prepare`` looks at the path: the empty path, ``:memory:``, SQLite URIs, folders, fifos
and devices are refused; a missing file is created only by a creating command; the
header is read as plain bytes (a fifo is never opened, a foreign file never written).
A file without the mark is ours only when it holds nothing but our own tables (a
campaign recorded before the mark: marked on its first write); any other table, view or
trigger makes it another application's file, refused before anything is written to it.

Standard library only: ``grizzled status`` runs this on every call.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from typing import Any, Literal

from tracker.errors import DatabaseError, UnusableFile

APPLICATION_ID = 0x47525A4C  # "GRZL"
FILE_FORMAT = 2  # PRAGMA user_version of the files this program writes (2: grizzled_chain)
HEADER = b"SQLite format 3\x00"

Access = Literal["read", "write", "create"]
READ: Access = "read"  # look only: the file must exist; nothing is created or changed
WRITE: Access = "write"  # log into an existing campaign file
CREATE: Access = "create"  # may create the file (campaign new, demo)

Kind = Literal["missing", "empty", "blank", "ours", "legacy"]

# The tables a grizzled file holds: the event store's and the read models' (an older
# read-model layout used the same names). SQLite's own (sqlite_*) are not counted.
OUR_TABLES = frozenset(
    {
        "stored_events",
        "stored_snapshots",
        "campaigns",
        "chapter_state",
        "chapter_players",
        "helping_hands",
        "campaign_score",
        "bans",
        "reward_readings",
        "event_log",
        "score_facts",
        "campaign_box",
        "projection_position",
        "projection_campaigns",
        "grizzled_chain",  # tracker.integrity
    }
)


def checked_path(db: str) -> str:
    """The absolute path of ``--db`` (``~`` expanded), or UsageError-worthy words."""
    if not db or not db.strip():
        raise BadPath("--db is empty: give the path of a campaign file")
    if "\x00" in db:
        raise BadPath("--db holds a NUL character")
    if db == ":memory:" or db.startswith("file:"):
        raise BadPath(
            f"--db {db!r}: give the path of a campaign file (SQLite URIs and :memory: are "
            "not supported: a campaign must outlive the command)"
        )
    return os.path.abspath(os.path.expanduser(db))


class BadPath(ValueError):
    """The ``--db`` value is not a path at all (a usage error, exit 2)."""


def inspect(path: str) -> Kind:
    """What the file at ``path`` is; UnusableFile if it is not a grizzled file at all."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return "missing"
    except NotADirectoryError:
        raise UnusableFile(
            f"cannot open the campaign database {path}: a folder in this path is a file"
        ) from None
    except OSError as error:
        raise UnusableFile(f"cannot open the campaign database {path}: {error.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise UnusableFile(f"{path} is a folder, not a campaign file")
    if not stat.S_ISREG(info.st_mode):
        raise UnusableFile(f"{path} is not a regular file (a device, fifo or socket)")
    if info.st_size == 0:
        return "empty"
    header = _header(path)
    if len(header) < 100 or not header.startswith(HEADER):
        raise UnusableFile(f"not a grizzled campaign file: {path} is not a database (not SQLite)")
    _check_size(path, header, info.st_size)
    application = int.from_bytes(header[68:72], "big")
    if application == APPLICATION_ID:
        file_format = int.from_bytes(header[60:64], "big")
        if file_format > FILE_FORMAT:
            raise UnusableFile(
                f"{path} was written by a newer grizzled (file format {file_format}, this "
                f"one reads {FILE_FORMAT}): upgrade grizzled to open it"
            )
        return "ours"
    if application != 0:
        raise UnusableFile(
            f"not a grizzled campaign file: {path} belongs to another application "
            f"(application id {application:#010x})"
        )
    return _by_tables(path)


def _header(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(100)
    except OSError as error:
        raise UnusableFile(f"cannot open the campaign database {path}: {error.strerror}") from None


def _check_size(path: str, header: bytes, size: int) -> None:
    """A file shorter than its header says is damaged (cut short by a copy or a crash)."""
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    valid = header[92:96] == header[24:28]  # the in-header size is current
    if valid and pages and page_size and pages * page_size > size:
        raise UnusableFile(damaged(path, f"it is cut short ({size} of {pages * page_size} bytes)"))


def damaged(path: str, what: str) -> str:
    """The one line that says a campaign file is damaged, and what to do."""
    return (
        f"{path} is damaged: {what}. Nothing was changed; restore a backup or a copy "
        "from another player"
    )


def _by_tables(path: str) -> Kind:
    """An unmarked SQLite file: blank, a grizzled file from before the mark, or foreign.
    Read with ``immutable``: no lock, no journal or WAL file created, nothing written."""
    try:
        conn = sqlite3.connect(f"{uri(path)}?mode=ro&immutable=1", uri=True)
        try:
            rows = conn.execute("SELECT type, name FROM sqlite_master").fetchall()
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise UnusableFile(damaged(path, str(error))) from None
    tables = _only_ours(path, rows)
    if not tables:
        return "blank"
    return "legacy" if "stored_events" in tables else "blank"


def _only_ours(path: str, rows: list[tuple[str, str]]) -> set[str]:
    """Our tables among a file's schema objects (``type``, ``name``); UnusableFile if it
    holds a table grizzled never makes, a view or a trigger (one that empties the log on
    the next write would do its harm through our own insert)."""
    tables = {name for kind, name in rows if kind == "table" and not name.startswith("sqlite_")}
    others = sorted(
        {name for kind, name in rows if kind in ("view", "trigger")} | (tables - OUR_TABLES)
    )
    if others:
        shown = ", ".join(others[:5]) + (", ..." if len(others) > 5 else "")
        raise UnusableFile(
            f"not a grizzled campaign file: {path} holds tables, views or triggers grizzled "
            f"never makes ({shown}); nothing was written to it"
        )
    return tables


def writable(path: str) -> bool:
    """The file and its folder (where SQLite keeps the WAL beside it) may be written."""
    return os.access(path, os.W_OK) and os.access(os.path.dirname(path), os.W_OK)


def keeps_read_models(path: str, kind: Kind) -> bool:
    """A command that only reads may still rebuild or bring up to date the read models, a
    cache of the file's own events, in a file that is marked ours and may be written; in
    any other file it reads the events themselves and writes nothing."""
    return kind == "ours" and writable(path)


def reader_uri(path: str) -> str:
    """The URI a command that only reads opens: read-write where the file may be written
    (so that SQLite removes the WAL files it makes when it closes; the reader writes
    nothing), read-only elsewhere, and immutable where nobody can be writing it (a
    read-only file or mount with no WAL content: SQLite could not make its WAL index)."""
    if writable(path):
        return f"{uri(path)}?mode=rw"
    try:
        pending = os.path.getsize(path + "-wal") > 0
    except OSError:
        pending = False
    return f"{uri(path)}?mode=ro" + ("" if pending else "&immutable=1")


def uri(path: str) -> str:
    """An SQLite URI naming exactly this file ('%', '?' and '#' escaped)."""
    quoted = path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    return f"file:{quoted}"


def prepare(db: str, access: Access) -> tuple[str, Kind]:
    """Check ``db`` for ``access`` and make it ready: the URI the event store opens, and
    what the file is now (a writer's file is ours: created or marked). Creating commands
    create (and mark) the file; the others refuse a missing or campaign-less file.
    Raises UnusableFile (or BadPath) with one line."""
    path = checked_path(db)
    kind = inspect(path)
    if access != CREATE and kind in ("missing", "empty", "blank"):
        raise UnusableFile(f"no campaign in {path}: create one with 'grizzled campaign new'")
    if access == READ:
        return reader_uri(path), kind
    if kind == "missing":
        _make_folder(path)
    elif not os.access(path, os.W_OK):
        raise UnusableFile(f"{path} is read-only: nothing can be logged into it")
    if kind != "ours" or int.from_bytes(_header(path)[60:64], "big") < FILE_FORMAT:
        mark(path)  # an older format's first write here: the tables it lacks are made next
    return f"{uri(path)}?mode=rw", "ours"


def _make_folder(path: str) -> None:
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    except OSError as error:
        raise DatabaseError(
            f"cannot create the campaign database {path}: {error.strerror}"
        ) from None


def mark(path: str) -> None:
    """Write the grizzled mark into a new, empty or pre-mark campaign file (its first
    write: before the event store puts it in WAL mode). A file that holds events from
    before the chain has them chained in the same transaction as the mark: a file
    marked 2 never lacks a link (``tracker.integrity.chain_every_campaign``)."""
    try:
        conn = sqlite3.connect(f"{uri(path)}?mode=rwc", uri=True, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'stored_events'").fetchone():
                from tracker.integrity import chain_every_campaign  # only at this upgrade

                chain_every_campaign(conn.cursor())
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {FILE_FORMAT}")
            conn.execute("COMMIT")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the mark into the header now
        finally:
            conn.close()
    except sqlite3.Error as error:
        raise DatabaseError(f"cannot write the campaign database {path}: {error}") from None


DAMAGE_WORDS = ("malformed", "not a database", "disk image", "corrupt")


def failure(path: str, error: BaseException) -> DatabaseError | UnusableFile:
    """An SQLite error (or the event store's wrapping of one) in one line: a damaged file
    says so and what to do; the others name the file and SQLite's words."""
    cause = error.__cause__ or error
    words = str(cause) or type(cause).__name__
    if any(word in words.lower() for word in DAMAGE_WORDS):
        return UnusableFile(damaged(path, words))
    return DatabaseError(f"the campaign database {path} failed: {words}")


def query(path: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Rows of one query that only reads, on a connection of its own (``reader_uri``)
    that is closed at once (SQLite then removes the WAL files it made beside the file);
    SQLite's errors as ours (``failure``)."""
    try:
        conn = sqlite3.connect(reader_uri(path), uri=True)
        try:
            conn.execute("PRAGMA query_only = ON")
            return [tuple(row) for row in conn.execute(sql, params).fetchall()]
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise failure(path, error) from None


def check_integrity(path: str) -> None:
    """SQLite's own check of every page, and a schema of our tables only (marked or not),
    each read by ``query``: refused before the event store ever opens the file."""
    found = query(path, "PRAGMA integrity_check(1)")
    if found != [("ok",)]:
        raise UnusableFile(damaged(path, f"SQLite finds {found[0][0]}"))
    _only_ours(path, query(path, "SELECT type, name FROM sqlite_master"))
