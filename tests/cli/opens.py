"""Who opens a campaign file while SQLite holds it: an audit hook (``sys.addaudithook``)
that notes every Python-level open, copy or removal of a watched campaign file (or
its -wal, -shm, -journal) made while a ``sqlite3`` connection to that file is open in this
process. POSIX locks belong to the process: closing any descriptor of the file drops every
lock SQLite holds on it, and another writer then takes the file as its own (SQLite's "How
To Corrupt An SQLite Database File", section 2.2).

An audit hook cannot be removed: one is installed per process, and it watches only while a
``Watch`` is active.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import unquote

COMPANIONS = ("-wal", "-shm", "-journal")
# The audit events that open (or remove) a file by name, and the arguments that name it. A
# rename closes no descriptor: a restore moves the file away under its write lock.
OPENING = {"open": (0,), "shutil.copyfile": (0, 1), "os.remove": (0,)}


def database_path(database: Any) -> str | None:
    """The file an ``sqlite3.connect`` argument names (a path or a ``file:`` URI)."""
    if isinstance(database, bytes):
        database = os.fsdecode(database)
    if not isinstance(database, (str, os.PathLike)):
        return None
    name = os.fspath(database)
    if name.startswith("file:"):
        name = unquote(name[len("file:") :].split("?", 1)[0])
    if not name or name == ":memory:":
        return None
    return os.path.realpath(name)


def campaign_file(path: str) -> str:
    """The campaign file a path belongs to (itself, or the file beside its companion)."""
    for suffix in COMPANIONS:
        if path.endswith(suffix):
            return path[: -len(suffix)]
    return path


class Watch:
    """The opens of watched files made while a connection to them was open. A connection
    cannot be referred to weakly: the watch holds it, and lets it go (SQLite then closes
    it, as the garbage collector would have) once nothing else refers to it."""

    def __init__(self) -> None:
        self.connections: dict[int, tuple[sqlite3.Connection, str]] = {}
        self.found: list[str] = []
        self.made: dict[int, str] = {}  # where each connection held was opened
        self.connecting = threading.local()

    def open_to(self, path: str) -> str | None:
        """Where a connection to ``path`` open in this process now was opened, if any."""
        held = None
        for key in list(self.connections):
            conn, target = self.connections[key]
            # referred to by this frame, the held tuple and getrefcount's argument only
            if sys.getrefcount(conn) <= 3 or closed(conn):
                del self.connections[key], conn
                continue
            if target == path:
                held = self.made.get(key, "")
        return held

    def event(self, name: str, args: tuple[Any, ...]) -> None:
        if name == "sqlite3.connect":
            self.connecting.path = database_path(args[0])
        elif name == "sqlite3.connect/handle":
            path = getattr(self.connecting, "path", None)
            if path is not None:
                self.open_to(path)  # those let go meanwhile are dropped
                made = "".join(traceback.format_stack(limit=40)[:-2])  # reads source files
                self.connections[id(args[0])] = (args[0], path)
                self.made[id(args[0])] = made
        elif name in OPENING:
            for index in OPENING[name]:
                self._opened(name, args[index])

    def _opened(self, name: str, target: Any) -> None:
        if isinstance(target, int) or target is None:
            return  # a descriptor already open (fdopen): its open was seen
        try:
            path = os.path.realpath(os.fsdecode(os.fspath(target)))
        except (TypeError, ValueError):
            return
        held = self.open_to(campaign_file(path))
        if held is not None:
            stack = "".join(traceback.format_stack(limit=14)[:-3])
            self.found.append(
                f"{name} {path} while a connection is open:\n{stack}(the connection:)\n{held}"
            )


def closed(conn: sqlite3.Connection) -> bool:
    """Whether ``conn`` was closed."""
    try:
        conn.total_changes  # noqa: B018 - raises once the connection is closed
    except sqlite3.ProgrammingError:
        return True
    return False


ACTIVE: list[Watch] = []


INSIDE = threading.local()  # the hook's own opens (a stack's source lines) are not watched


def _hook(name: str, args: tuple[Any, ...]) -> None:
    if not ACTIVE or getattr(INSIDE, "busy", False):
        return
    if name in OPENING or name.startswith("sqlite3.connect"):
        INSIDE.busy = True
        try:
            ACTIVE[-1].event(name, args)
        finally:
            INSIDE.busy = False


_INSTALLED: list[bool] = []


@contextmanager
def watching() -> Iterator[Watch]:
    """A watch of every open made in this process meanwhile."""
    if not _INSTALLED:
        sys.addaudithook(_hook)
        _INSTALLED.append(True)
    watch = Watch()
    ACTIVE.append(watch)
    try:
        yield watch
    finally:
        ACTIVE.remove(watch)
