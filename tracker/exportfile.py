"""Reading an export file with bounded work: whatever the file is, at most MAX_LINE bytes
of a line, MAX_BYTES of the whole and the lines of MAX_EVENTS events are ever read.

An export is untrusted input. A path that names anything but a regular file (a fifo, a
device such as ``/dev/zero``, a socket, a symlink to one of these) is refused before any
read that could block or never end: it is looked at with ``stat``, then opened without
blocking (a fifo swapped in meanwhile cannot hang the open) and looked at again through
the open file. Lines are read one at a time, each at most MAX_LINE bytes: a longer one is
refused once that much is read, never held whole.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from typing import BinaryIO

from domain.errors import N_, Formed
from tracker.errors import TrackerError

Numbered = Iterator[tuple[int, bytes, bool]]  # a line's number, its bytes, whether last

MAX_LINE = 4 * 1024 * 1024  # the longest event line of a real campaign is a few KB
MAX_BYTES = 256 * 1024 * 1024  # a ten-chapter campaign exports to about 5 MB
MAX_EVENTS = 100_000  # a ten-chapter campaign is a few thousand events


class ImportRefused(TrackerError):
    """An export that cannot be imported as it is: nothing was written."""


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return Formed(N_("a fifo (named pipe)"))
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Formed(N_("a device"))
    if stat.S_ISDIR(mode):
        return Formed(N_("a folder"))
    if stat.S_ISSOCK(mode):
        return Formed(N_("a socket"))
    return Formed(N_("not a regular file"))


def _regular(path: str, mode: int, size: int) -> None:
    kind = _kind(mode)
    if kind is not None:
        raise ImportRefused(
            N_("{path} is {kind}, not an export: nothing was read from it"), path=path, kind=kind
        )
    if size > MAX_BYTES:
        raise ImportRefused(
            N_("{path} holds {size:,} bytes, more than an export may ({MAX_BYTES:,} bytes)"),
            path=path,
            size=size,
            MAX_BYTES=MAX_BYTES,
        )


def opened(path: str) -> BinaryIO:
    """The export at ``path`` opened to read, once it is a regular file of a sane size
    (ImportRefused otherwise, before anything is read)."""
    try:
        found = os.stat(path)  # follows a symlink: a link to /dev/zero is a device
        _regular(path, found.st_mode, found.st_size)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise ImportRefused(
            N_("cannot read {path}: {strerror}"), path=path, strerror=error.strerror
        ) from None
    try:
        now = os.fstat(fd)  # the file opened, should the path have changed meanwhile
        _regular(path, now.st_mode, now.st_size)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def lines(f: BinaryIO, path: str) -> Numbered:
    """Each line of the export (its number from 1, its bytes without the newline, and
    whether it is the last), each read within MAX_LINE and the whole within MAX_BYTES."""
    total = 0
    number = 1
    current = _line(f, number)
    while current:
        total += len(current)
        if total > MAX_BYTES:
            raise ImportRefused(
                N_(
                    "{path} is longer than an export may be ({MAX_BYTES:,} bytes): "
                    "refused at line {number}"
                ),
                path=path,
                MAX_BYTES=MAX_BYTES,
                number=number,
            )
        following = _line(f, number + 1)
        yield number, current.removesuffix(b"\n"), not following
        number, current = number + 1, following


def _line(f: BinaryIO, number: int) -> bytes:
    try:
        text = f.readline(MAX_LINE + 1)
    except OSError as error:
        raise ImportRefused(
            N_("cannot read line {number} of the export: {strerror}"),
            number=number,
            strerror=error.strerror,
        ) from None
    if len(text) > MAX_LINE:
        raise ImportRefused(
            N_("line {number} of the export is longer than a line may be ({MAX_LINE:,} bytes)"),
            number=number,
            MAX_LINE=MAX_LINE,
        )
    return text
