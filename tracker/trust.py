"""A campaign file is checked whole the first time this machine opens it.

A file handed over by someone else may have been crafted: a topic naming any class, a
payload no grizzled wrote, a gap in the versions, a snapshot or read model that does not
match the events. The checked mapper refuses such a row when a command reads it, but a
command reads only part of the file (the board comes from the read models, a campaign
from its newest snapshot). So before a command trusts a file it has not seen, the whole
file is checked: SQLite's ``quick_check``, every topic, every campaign's versions, every
stored event decoded and replayed through the rules, every snapshot equal to the replay,
each campaign's id equal to its name's (``tracker.checks``); then the command line
rebuilds the read models from the events (if the file is writable; otherwise the read
commands do not use them).

The files that passed are remembered in the data directory by their identity and their
last change as the file system reports it (device, inode, size, modification and status
change times of the file and of its WAL). Our own writes re-record the file after the
command closed it; any other change (an edit, a copy, a file handed over) is checked
again. Standard library only, for ``status``.
"""

from __future__ import annotations

import json
import os
from _thread import get_ident
from typing import Any

from tracker.config import data_dir

CHECKED_FILE = "checked-files.json"
KEEP = 64  # files remembered


def _cache_path() -> str:
    return os.path.join(data_dir(), CHECKED_FILE)


def fingerprint(path: str) -> list[int] | None:
    """The file's identity and last change (None if it cannot be read). An empty WAL
    holds nothing: a reader may leave one behind."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    parts = [info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns]
    try:
        wal = os.stat(path + "-wal")
    except OSError:
        return parts
    return [*parts, wal.st_size, wal.st_mtime_ns] if wal.st_size else parts


def _load() -> dict[str, Any]:
    try:
        with open(_cache_path(), encoding="utf-8") as f:
            known = json.load(f)
    except (OSError, ValueError):
        return {}
    return known if isinstance(known, dict) else {}


def _entry(path: str) -> dict[str, Any]:
    """What is kept of a file: ``fingerprint`` (None: changed since it was checked) and
    ``position`` (how far it was checked, ``tracker.appended``; a list alone: a
    fingerprint kept by an older grizzled)."""
    kept = _load().get(os.path.realpath(path))
    if isinstance(kept, list):
        return {"fingerprint": kept}
    return kept if isinstance(kept, dict) else {}


def is_checked(path: str) -> bool:
    """The file is as it was when this machine last checked it or wrote to it."""
    now = fingerprint(path)
    return now is not None and _entry(path).get("fingerprint") == now


def checked_position(path: str) -> Any:
    """How far this machine checked the file (a ``tracker.appended`` position as JSON),
    if it is still the same file (device and inode); None if not known."""
    now, kept = fingerprint(path), _entry(path)
    position = kept.get("position")
    if now is None or position is None or kept.get("identity") != now[:2]:
        return None
    return position


def remember(
    path: str, position: Any = None, whole: bool = True, now: list[int] | None = None
) -> None:
    """Record the file as checked (after our own write closed it): ``position``, how far
    (``tracker.appended``, as JSON); ``whole``: nothing lies beyond it, as the file was
    at ``now`` (its fingerprint, taken before ``position`` was read; else as it is)."""
    now = now or fingerprint(path)
    if now is None:
        return
    entry = {"fingerprint": now if whole else None, "identity": now[:2], "position": position}
    known = _load()
    key = os.path.realpath(path)
    if known.get(key) == entry:
        return
    known.pop(key, None)
    known[key] = entry
    for old in list(known)[: max(0, len(known) - KEEP)]:
        del known[old]
    cache = _cache_path()
    try:
        os.makedirs(os.path.dirname(cache), exist_ok=True)
        # one per process and thread: the companion's handlers close files in threads
        temporary = f"{cache}.{os.getpid()}.{get_ident()}"
        with open(temporary, "w", encoding="utf-8") as f:
            json.dump(known, f)
        os.replace(temporary, cache)
    except OSError:
        pass  # not remembered: the next command checks the file again
