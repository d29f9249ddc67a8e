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
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any, Literal

from domain.errors import N_, Formed
from tracker import store
from tracker.errors import DatabaseError, NoCampaignFile, UnusableFile

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


# In a process whose threads share files (the companion's server: ``keep_found``), the
# files found ours, by path: their device and inode then. Such a file is not opened in
# Python again while it is the same file (``inspect``): closing any descriptor of a file
# drops every lock the process holds on it, SQLite's included (issue 39), and one thread
# looks at the file while another's connection may hold it. Every connection the code
# opens to a file follows an ``inspect`` of it in its own thread, so a file's first look
# (under ``_LOOKING``) comes before any connection to it. A command (one thread) reads the
# header each time: a file changed in place between two commands run in one process (the
# tests') is seen as it is.
_OURS: dict[str, tuple[int, int]] | None = None
_LOOKING = threading.Lock()


def keep_found() -> None:
    """From now on in this process, a file found ours is not opened in Python again while
    it is the same file (a server whose threads share the file)."""
    global _OURS
    if _OURS is None:
        _OURS = {}


def inspect(path: str) -> Kind:
    """What the file at ``path`` is; UnusableFile if it is not a grizzled file at all
    (``keep_found``: a file found ours before, the same file still, ours without a look)."""
    found = _OURS
    if found is None:
        return _inspect(path)
    try:
        info = os.stat(path)
    except OSError:
        info = None
    if info is not None and info.st_size and found.get(path) == (info.st_dev, info.st_ino):
        return "ours"
    with _LOOKING:
        kind = _inspect(path)
        if kind == "ours":
            with suppress(OSError):
                now = os.stat(path)
                found[path] = (now.st_dev, now.st_ino)
    return kind


def _inspect(path: str) -> Kind:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return "missing"
    except NotADirectoryError:
        raise UnusableFile(
            N_("cannot open the campaign database {path}: a folder in this path is a file"),
            path=path,
        ) from None
    except OSError as error:
        raise UnusableFile(
            N_("cannot open the campaign database {path}: {strerror}"),
            path=path,
            strerror=error.strerror,
        ) from None
    if stat.S_ISDIR(info.st_mode):
        raise UnusableFile(N_("{path} is a folder, not a campaign file"), path=path)
    if not stat.S_ISREG(info.st_mode):
        raise UnusableFile(N_("{path} is not a regular file (a device, fifo or socket)"), path=path)
    if info.st_size == 0:
        return "empty"
    header = _header(path)
    if len(header) < 100 or not header.startswith(HEADER):
        raise UnusableFile(
            N_("not a grizzled campaign file: {path} is not a database (not SQLite)"), path=path
        )
    _check_size(path, header, info.st_size)
    application = int.from_bytes(header[68:72], "big")
    if _marked(path, application, int.from_bytes(header[60:64], "big")):
        return "ours"
    if pending(path) is not None:  # what SQLite would read: the file with its WAL or journal
        with as_seen(path) as seen:
            return _inspect(seen)
    return _by_tables(path)


def _marked(path: str, application: int, file_format: int) -> bool:
    """Whether a header's mark (application id, file format) is this grizzled's; False
    for an unmarked file; UnusableFile for another application's, or a newer format."""
    if application == APPLICATION_ID:
        if file_format > FILE_FORMAT:
            raise UnusableFile(
                N_(
                    "{path} was written by a newer grizzled (file format {file_format}, "
                    "this one reads {FILE_FORMAT}): upgrade grizzled to open it"
                ),
                path=path,
                file_format=file_format,
                FILE_FORMAT=FILE_FORMAT,
            )
        return True
    if application != 0:
        raise UnusableFile(
            N_(
                "not a grizzled campaign file: {path} belongs to another application "
                "(application id {application:#010x})"
            ),
            path=path,
            application=application,
        )
    return False


def _header(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(100)
    except OSError as error:
        raise UnusableFile(
            N_("cannot open the campaign database {path}: {strerror}"),
            path=path,
            strerror=error.strerror,
        ) from None


def _check_size(path: str, header: bytes, size: int) -> None:
    """A file shorter than its header says is damaged (cut short by a copy or a crash),
    unless its WAL holds the pages it lacks: a checkpoint that a full disk stopped half
    way wrote the new header but not every page, and SQLite reads those pages from the
    WAL (the next checkpoint, once there is room, completes the file). A live file
    (``live``: others may be writing it) that looks cut short is asked of SQLite too,
    under its locks: a checkpoint under way writes the header before the pages it adds,
    so a plain read may see the two torn; the file is damaged only if SQLite finds it so."""
    page_size = _page_size(header)
    pages = int.from_bytes(header[28:32], "big")
    valid = header[92:96] == header[24:28]  # the in-header size is current
    if not (valid and pages and page_size and pages * page_size > size):
        return
    lacking = size // page_size + 1  # the first page the file lacks
    held, wal_pages = wal_committed(path, page_size, lacking)
    pages = wal_pages or pages  # the size SQLite reads: the WAL's last commit says it
    if any(page not in held for page in range(lacking, pages + 1)):
        if live(path) and _whole_to_sqlite(path):
            return
        if _size(path) >= pages * page_size:
            return  # a checkpoint ended meanwhile: its last writer removed WAL and -shm
        cut = N_("it is cut short ({size} of {whole} bytes)")
        raise UnusableFile(damaged(path, Formed(cut, size=size, whole=pages * page_size)))


def _size(path: str) -> int:
    """The file's size now (0 if it cannot be read): the size a header was read beside
    may be a checkpoint's moment ago, when the checkpoint writes the header before the
    pages it adds (a stat, no open)."""
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _whole_to_sqlite(path: str) -> bool:
    """Whether SQLite, in one read transaction under its locks, finds every page of a
    file whose plain read looked cut short (``_check_live``); a busy file is said so."""
    try:
        _check_live(path)
    except UnusableFile:
        return False
    return True


WAL_MAGIC = (0x377F0682, 0x377F0683)
WAL_FRAMES_MOST = 1_000_000  # frame headers read at most (a WAL of 4 GB at 4 KB pages)


def wal_committed(path: str, page_size: int, first: int = 1) -> tuple[set[int], int]:
    """The pages from ``first`` on that the WAL beside ``path`` holds in committed
    transactions, and the file's size in pages after its last commit (0: no WAL, or none
    committed). Only the frame headers are read, as SQLite reads them (the WAL's salts, a
    commit frame's size); the checksums are left to SQLite, which reads the pages when it
    opens the file (and SQLite's integrity check on a file's first sight)."""
    try:
        with open(path + "-wal", "rb") as wal:
            head = wal.read(32)
            if len(head) < 32 or int.from_bytes(head[:4], "big") not in WAL_MAGIC:
                return set(), 0
            if int.from_bytes(head[8:12], "big") != page_size:
                return set(), 0
            size = os.fstat(wal.fileno()).st_size
            return _committed(wal, head[16:24], page_size, size, first)
    except OSError:
        return set(), 0


def _committed(
    wal: Any, salts: bytes, page_size: int, size: int, first: int
) -> tuple[set[int], int]:
    """The frames of ``wal`` (read past its header) that carry the header's ``salts``:
    the pages from ``first`` on that they commit, and the size after the last commit."""
    held: set[int] = set()
    pending: set[int] = set()
    pages = 0
    for _ in range(WAL_FRAMES_MOST):
        frame = wal.read(24)
        if len(frame) < 24 or frame[8:16] != salts:
            break  # the end of this generation of the WAL
        page = int.from_bytes(frame[:4], "big")
        if page >= first:
            pending.add(page)
        if wal.seek(page_size, os.SEEK_CUR) > size:
            break  # a frame cut short: never committed
        commit = int.from_bytes(frame[4:8], "big")
        if commit:  # a commit frame: the transaction's pages, and the file's size after it
            held |= pending
            pending = set()
            pages = commit
    return held, pages


def damaged(path: str, what: str, *, look: bool = True) -> Formed:
    """The one line that says a campaign file is damaged, and what to do: never to
    restore a backup while its WAL holds committed changes (a backup would lose them).
    ``look``: the WAL's frames may be read (no SQLite connection to the file is open in
    this process; else a WAL that holds anything at all counts as holding changes)."""
    if wal_committed_any(path) if look else pending(path) == path + "-wal":
        return Formed(
            N_(
                "{path} is damaged: {what}. Nothing was changed. Its WAL ({path}-wal) holds "
                "changes not yet in the file: keep the two files together and do not restore "
                "a backup over them (it would lose those changes); if the disk is full, free "
                "some space and try again"
            ),
            path=path,
            what=what,
        )
    return Formed(
        N_(
            "{path} is damaged: {what}. Nothing was changed; restore a backup or a copy from "
            "another player"
        ),
        path=path,
        what=what,
    )


def wal_committed_any(path: str) -> bool:
    """The WAL beside ``path`` holds a committed transaction (its header's page size)."""
    try:
        with open(path, "rb") as f:
            header = f.read(100)
    except OSError:
        return False
    return bool(wal_committed(path, _page_size(header))[1])


def _page_size(header: bytes) -> int:
    """The page size a database header gives (1 stands for 65,536)."""
    size = int.from_bytes(header[16:18], "big")
    return 65536 if size == 1 else size


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
    return "legacy" if store.EVENTS in tables else "blank"


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
            N_(
                "not a grizzled campaign file: {path} holds tables, views or "
                "triggers grizzled never makes ({shown}); nothing was written to it"
            ),
            path=path,
            shown=shown,
        )
    return tables


COMPANIONS = ("-wal", "-journal")  # what SQLite merges into a file opened to write


def pending(path: str) -> str | None:
    """The WAL or rollback journal beside ``path`` that holds something (SQLite would merge
    it into the file, or roll the file back with it, when it opens the file to write)."""
    for suffix in COMPANIONS:
        try:
            if os.path.getsize(path + suffix) > 0:
                return path + suffix
        except OSError:
            continue
    return None


@contextmanager
def as_seen(path: str) -> Iterator[str]:
    """The file as SQLite would read it, with nothing merged into the file itself: the
    file where nothing is pending beside it; else a private copy of the file and its WAL
    or journal, settled there (the WAL checkpointed, the journal rolled back), in a
    folder of its own that is removed afterwards. What is found in the copy is said of
    ``path`` (an UnusableFile or DatabaseError names ``path``)."""
    companion = pending(path)
    if companion is None:
        yield path
        return
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="grizzled-seen-")
    seen = os.path.join(folder, "seen.sqlite")
    try:
        try:
            shutil.copyfile(path, seen)
            shutil.copyfile(companion, seen + companion[len(path) :])
        except OSError as error:
            raise DatabaseError(
                N_(
                    "cannot check the campaign database {path} with its {companion} "
                    "file: {strerror}"
                ),
                path=path,
                companion=companion[len(path) + 1 :],
                strerror=error.strerror,
            ) from None
        with said_of(seen, path):
            _settle(seen)
            yield seen
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def said_of(seen: str, path: str) -> Iterator[None]:
    """A refusal found in the private copy ``seen`` names the file it copies."""
    try:
        yield
    except (UnusableFile, DatabaseError) as error:
        if seen == path:
            raise
        raise type(error)(str(error).replace(seen, path)) from None


def _settle(seen: str) -> None:
    """A copy's WAL merged into it (or its journal rolled back), as SQLite does on open."""
    try:
        conn = sqlite3.connect(f"{uri(seen)}?mode=rw", uri=True, isolation_level=None)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise UnusableFile(damaged(seen, str(error))) from None
    for suffix in COMPANIONS:  # one SQLite did not take up (not hot) is not part of the file
        if os.path.exists(seen + suffix):
            os.remove(seen + suffix)


def identity(path: str) -> tuple[int, int] | None:
    """Which file is at ``path`` now (device and inode; None if none): a file replaced
    (a restore renames another into place) is another file, whatever its times say."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


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


def prepare(db: str, access: Access, *, look: bool = False) -> tuple[str, Kind]:
    """Check ``db`` for ``access`` and make it ready: the URI the event store opens, and
    what the file is now (a writer's file is ours: created or marked). Creating commands
    create (and mark) the file; the others refuse a missing or campaign-less file.
    ``look``: a reader that checks a file others may be writing (``look_uri``).
    Raises UnusableFile (or BadPath) with one line."""
    path = checked_path(db)
    kind = inspect(path)
    if access != CREATE and kind in ("missing", "empty", "blank"):
        raise NoCampaignFile(
            N_("no campaign in {path}: create one with 'grizzled campaign new'"), path=path
        )
    if access == READ:
        return (look_uri(path) if look else reader_uri(path)), kind
    if kind == "missing":
        _make_folder(path)
    elif not os.access(path, os.W_OK):
        raise UnusableFile(N_("{path} is read-only: nothing can be logged into it"), path=path)
    if kind != "ours" or int.from_bytes(_header(path)[60:64], "big") < FILE_FORMAT:
        mark(path)  # an older format's first write here: the tables it lacks are made next
    return f"{uri(path)}?mode=rw", "ours"


def _make_folder(path: str) -> None:
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    except OSError as error:
        raise DatabaseError(
            N_("cannot create the campaign database {path}: {strerror}"),
            path=path,
            strerror=error.strerror,
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
            if store.holds_events_table(conn):
                from tracker.integrity import chain_every_campaign  # only at this upgrade

                chain_every_campaign(conn.cursor())
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {FILE_FORMAT}")
            conn.execute("COMMIT")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the mark into the header now
        finally:
            conn.close()
    except sqlite3.Error as error:
        raise DatabaseError(
            N_("cannot write the campaign database {path}: {error}"), path=path, error=error
        ) from None


MAPPED_MOST = 1 << 30  # bytes of a file ``Held.mapped`` maps at most (the rest read)
DAMAGE_WORDS = ("malformed", "not a database", "disk image", "corrupt")
DISK_WORDS = ("disk is full", "disk i/o error")  # SQLite's words for ENOSPC, EFBIG and EIO


def failure(path: str, error: BaseException) -> DatabaseError | UnusableFile:
    """An SQLite error (or the event store's wrapping of one) in one line: a damaged file
    says so and what to do; the others name the file and SQLite's words. Called while a
    connection to the file may be open: nothing here opens the file in Python."""
    cause = error.__cause__ or error
    words = str(cause) or type(cause).__name__
    if any(word in words.lower() for word in DAMAGE_WORDS):  # SQLite's words on the file
        return UnusableFile(damaged(path, words, look=False))
    if any(word in words.lower() for word in DISK_WORDS):
        return DatabaseError(
            N_("the campaign database {path} failed: {words} (is the disk full? free some space)"),
            path=path,
            words=words,
        )
    return DatabaseError(N_("the campaign database {path} failed: {words}"), path=path, words=words)


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


class Reader:
    """One read-only query at a time on the campaign file at ``path`` (``query``), for
    the functions of ``tracker.store``."""

    dialect = store.SQLITE

    def __init__(self, path: str) -> None:
        self.path = path

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of one query, on a connection of its own."""
        return query(self.path, sql, params)


def live(path: str) -> bool:
    """Whether the file may be open in WAL mode now: its -shm is there (every connection
    in WAL mode holds it; the last to close removes it with the WAL). A WAL without one
    was left by a process that stopped, or handed over: nobody is writing it."""
    return os.path.exists(path + "-shm")


def look_uri(path: str) -> str:
    """The URI a check of a file others may be writing opens: read-only, so SQLite reads
    the WAL (under its locks) but never merges it into the file, nor checkpoints it;
    the URI of any reader where nothing is pending (SQLite removes the WAL files it made)."""
    return f"{uri(path)}?mode=ro" if pending(path) else reader_uri(path)


def looks_through_sqlite(path: str) -> bool:
    """Whether a check reads the file itself through SQLite (``look_uri``): nothing is
    pending beside it, or it is live (others may be writing it: never copied without a
    lock). Else its WAL or journal is read in a private copy (``as_seen``)."""
    return pending(path) is None or live(path)


class Held:
    """Queries that only read on one connection (``held``), for ``tracker.store``."""

    dialect = store.SQLITE

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of one query."""
        return [tuple(row) for row in self.conn.execute(sql, params).fetchall()]

    def mapped(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of one query that reads a whole index, its pages read through a memory map
        of the file rather than a system call each: a new connection's count of 50,001
        events reads ~560 pages, 3-4 ms by reads, ~1 ms mapped. Only inside the read
        transaction ``held`` opens, and unmapped after it: no SQLite process shrinks a
        file a reader is reading (a file cut short by another program under a map is a
        signal, not an error)."""
        before = self.conn.execute("PRAGMA mmap_size").fetchone()
        if before is None:  # not a file
            return self.query(sql, params)
        self.conn.execute(f"PRAGMA mmap_size = {MAPPED_MOST}")
        try:
            return self.query(sql, params)
        finally:
            self.conn.execute(f"PRAGMA mmap_size = {int(before[0])}")


@contextmanager
def held(path: str) -> Iterator[Held]:
    """Several queries that only read, on one connection (``reader_uri``) in one read
    transaction, closed afterwards; SQLite's errors as ours (``failure``)."""
    try:
        conn = sqlite3.connect(reader_uri(path), uri=True, isolation_level=None)
        try:
            conn.execute("PRAGMA query_only = ON")
            conn.execute("BEGIN")
            yield Held(conn)
            conn.execute("COMMIT")
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise failure(path, error) from None


def check_integrity(path: str) -> None:
    """SQLite's own check of every page, and a schema of our tables only (marked or not),
    read as SQLite would read the file, a WAL or journal beside it never merged into it:
    a live file through SQLite, in one read transaction of a read-only connection
    (``look_uri``: no Python open of the file while a connection to it may be open);
    a WAL or journal nobody is writing in a private copy (``as_seen``). Refused before
    the event store ever opens the file (a file checked before: ``check_schema``, on the
    check's own connection, ``tracker.appended``)."""
    if looks_through_sqlite(path):
        _check_live(path)
        return
    with as_seen(path) as seen:
        if seen != path:
            inspect(seen)  # the WAL may hold the header: another application's, or newer
        found = query(seen, "PRAGMA integrity_check(1)")
        if found != [("ok",)]:
            raise UnusableFile(damaged(seen, Formed(N_("SQLite finds {found}"), found=found[0][0])))
        _only_ours(seen, query(seen, "SELECT type, name FROM sqlite_master"))


def _check_live(path: str) -> None:
    """``check_integrity`` of the file itself, in one read transaction: what SQLite says
    of the file (damaged), or one line saying it could not look (busy, an I/O error)."""
    try:
        conn = sqlite3.connect(look_uri(path), uri=True, isolation_level=None, timeout=10)
        try:
            conn.execute("PRAGMA query_only = ON")
            conn.execute("BEGIN")
            application = conn.execute("PRAGMA application_id").fetchone()[0]
            file_format = conn.execute("PRAGMA user_version").fetchone()[0]
            found = conn.execute("PRAGMA integrity_check(1)").fetchall()
            schema = conn.execute("SELECT type, name FROM sqlite_master").fetchall()
            conn.execute("COMMIT")
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        words = str(error) or type(error).__name__
        if any(word in words.lower() for word in DAMAGE_WORDS):
            raise UnusableFile(damaged(path, words, look=False)) from None
        raise DatabaseError(
            N_(
                "could not check the campaign database {path} now ({words}): nothing "
                "was changed; try again"
            ),
            path=path,
            words=words,
        ) from None
    _marked(path, application, file_format)
    if found != [("ok",)]:
        said = Formed(N_("SQLite finds {found}"), found=found[0][0])
        raise UnusableFile(damaged(path, said, look=False))
    _only_ours(path, schema)


def check_schema(path: str, reader: Held) -> None:
    """``check_integrity`` but for SQLite's check of every page, on a check's or a read's
    own connection, in its read transaction (``held``: a file that
    ``looks_through_sqlite``): its mark and a schema of our tables only, without a second
    connection (~2 M instructions a read)."""
    application = reader.query("PRAGMA application_id")[0][0]
    file_format = reader.query("PRAGMA user_version")[0][0]
    _marked(path, application, file_format)
    _only_ours(path, reader.query("SELECT type, name FROM sqlite_master"))
