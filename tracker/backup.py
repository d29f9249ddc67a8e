"""Backups that restore: a consistent copy of a campaign file while it is in use.

A campaign file runs in WAL mode: its newest events may sit in the ``-wal`` file beside
it, so a plain ``cp`` of the file alone loses them (a copy taken while another command
had it open held 6 of 9 events). ``backup`` copies through SQLite's online backup API,
in one step inside one read transaction: the copy holds exactly the events committed
before it began, whatever other processes read or log meanwhile. The copy is written
beside its target, made one self-contained file (journal mode DELETE), checked, and only
then renamed into place. ``restore`` checks a backup whole before it replaces anything,
and keeps the file it replaces. At each chapter's end the command line keeps a rotating
backup in the data directory (``GRIZZLED_BACKUPS``: how many per campaign file, 5 by
default, 0 for none).
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager

from domain.errors import N_
from tracker import dbfile, store
from tracker.config import data_dir
from tracker.errors import DatabaseError, UnusableFile

BACKUPS_ENV = "GRIZZLED_BACKUPS"
KEEP_DEFAULT = 5
FOLDER = "backups"


def copy(source: str, target: str) -> int:
    """A consistent copy of the campaign file ``source`` at ``target`` (a new file),
    checked by SQLite and holding as many events as the source did when it began; how
    many events it holds. The copy appears at ``target`` only once it is whole; never
    beside a WAL or journal that SQLite would take for part of it."""
    for extra in (*dbfile.COMPANIONS, "-shm"):
        if os.path.lexists(target + extra):
            raise UnusableFile(
                N_(
                    "{target}{extra} is there already: SQLite would take it for part of "
                    "the backup; nothing was written"
                ),
                target=target,
                extra=extra,
            )
    partial = f"{target}.partial-{os.getpid()}"
    try:
        events = _copy_into(source, partial)
        os.replace(partial, target)
    except sqlite3.Error as error:
        if _writing(error):  # the copy has no room: the campaign file is as it was
            raise DatabaseError(
                N_("cannot write the backup {target}: {error} (is the disk full?)"),
                target=target,
                error=error,
            ) from None
        raise dbfile.failure(source, error) from None
    except OSError as error:
        raise DatabaseError(
            N_("cannot write the backup {target}: {strerror}"),
            target=target,
            strerror=error.strerror,
        ) from None
    finally:
        for leftover in (partial, *(f"{partial}-{extra}" for extra in ("journal", "wal", "shm"))):
            if os.path.exists(leftover):
                os.remove(leftover)
    return events


SQLITE_IOERR, SQLITE_FULL = 10, 13
SQLITE_IOERR_READ, SQLITE_IOERR_SHORT_READ = 266, 522


def _writing(error: sqlite3.Error) -> bool:
    """SQLite failed to write (no room on the disk, a file too large, a failed flush or
    shared-memory file): when copying, that is the copy. Only failed reads are the
    campaign file's."""
    code = getattr(error, "sqlite_errorcode", None) or 0
    reading = code in (SQLITE_IOERR_READ, SQLITE_IOERR_SHORT_READ)
    return code & 0xFF in (SQLITE_IOERR, SQLITE_FULL) and not reading


def _copy_into(source: str, partial: str) -> int:
    reading = sqlite3.connect(dbfile.reader_uri(source), uri=True, timeout=10)
    with closing(reading) as src, closing(sqlite3.connect(partial, isolation_level=None)) as dst:
        src.execute("BEGIN")  # one read transaction: what was committed before now
        events = store.count_events(src)
        src.backup(dst)  # all pages in one step, inside that transaction
        src.execute("COMMIT")
        dst.execute("PRAGMA journal_mode = DELETE")  # one file: no WAL beside it
        copied = store.count_events(dst)
        (found,) = dst.execute("PRAGMA integrity_check(1)").fetchone()
    if found != "ok" or copied != events:
        raise UnusableFile(
            N_(
                "the backup of {source} did not check out ({found}; {copied} of "
                "{events} events): nothing was written"
            ),
            source=source,
            found=found,
            copied=copied,
            events=events,
        )
    return int(events)


def folder() -> str:
    """Where the automatic backups are kept: the data directory's ``backups``."""
    return os.path.join(data_dir(), FOLDER)


def keep() -> int:
    """How many automatic backups are kept per campaign file (``GRIZZLED_BACKUPS``)."""
    text = os.environ.get(BACKUPS_ENV, "").strip()
    try:
        return max(0, int(text)) if text else KEEP_DEFAULT
    except ValueError:
        return KEEP_DEFAULT


def _prefix(db: str) -> str:
    """The names of one campaign file's backups start with its name and a digest of its
    path (two files of the same name in other folders keep their own backups)."""
    import zlib

    real = os.path.realpath(db)
    stem = os.path.splitext(os.path.basename(real))[0]
    return f"{stem}-{zlib.crc32(real.encode()):08x}-"


def stamp() -> str:
    """The moment in a file name (sorted as time goes)."""
    now = time.time()
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"-{int(now % 1 * 1e6):06d}"


def rotate(db: str, why: str = "chapter") -> str | None:
    """An automatic backup of ``db`` in the backups folder, the oldest beyond ``keep()``
    removed; its path (None when backups are turned off)."""
    kept = keep()
    if kept == 0:
        return None
    where = folder()
    os.makedirs(where, exist_ok=True)
    prefix = _prefix(db)
    target = os.path.join(where, f"{prefix}{stamp()}-{why}.sqlite")
    copy(db, target)
    ours = sorted(name for name in os.listdir(where) if name.startswith(prefix))
    for old in ours[: max(0, len(ours) - kept)]:
        os.remove(os.path.join(where, old))
    return target


def replace(db: str, backup: str) -> str | None:
    """Put a checked backup in the place of ``db``: the backup is copied beside it, the
    file it replaces (with its WAL) moved into the backups folder, then the copy renamed
    into place. Where the replaced file went (None if there was none)."""
    partial = f"{db}.restoring-{os.getpid()}"
    try:
        _copy_into(backup, partial)
    except sqlite3.Error as error:
        raise dbfile.failure(backup, error) from None
    moved = None
    if os.path.exists(db):
        moved = os.path.join(_kept_beside(db), f"replaced-{_prefix(db)}{stamp()}.sqlite")
        with _write_lock(db):  # a write under way lands first; a later one finds it gone
            for extra in ("", "-wal", "-shm"):
                if os.path.exists(db + extra):
                    os.replace(db + extra, moved + extra)
    os.replace(partial, db)  # after the lock's close: it deletes nothing of the new file
    return moved


def _kept_beside(db: str) -> str:
    """Where the file a restore replaces is kept: the backups folder, or the campaign
    file's own folder when the backups folder is on another file system (a file is moved
    by a rename, which cannot cross one: a copy of a file in use could be torn)."""
    os.makedirs(folder(), exist_ok=True)
    here = os.path.dirname(os.path.abspath(db))
    return folder() if os.stat(folder()).st_dev == os.stat(here).st_dev else here


@contextmanager
def _write_lock(db: str) -> Iterator[None]:
    """The write lock on the campaign file being replaced, held while it is moved away:
    another process's write under way commits first (and moves with the file); any later
    one finds another file at the path and commits nothing (``tracker.follow``). A file
    SQLite cannot lock (damaged) is moved all the same: it has no writer."""
    try:
        conn = sqlite3.connect(f"{dbfile.uri(db)}?mode=rw", uri=True, timeout=10)
    except sqlite3.Error:
        yield
        return
    try:
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise DatabaseError(
                    N_(
                        "{db} is being written by another process ({error}): nothing was "
                        "replaced; try again"
                    ),
                    db=db,
                    error=error,
                ) from None
        except sqlite3.DatabaseError:
            pass  # damaged: nobody can be writing it
        yield
    finally:
        conn.close()
