"""A disk that fills at any write: each trial runs one command in a child process whose
file size limit (RLIMIT_FSIZE) is reached at a chosen byte, so the write that crosses it
fails with a real error from the kernel (EFBIG), as on a full disk.

A write at or past the limit fails, a write before it goes through: a limit L lets
every write that ends before L land and fails the first one that reaches it, whichever
file it goes to (the WAL, the campaign file during a checkpoint, a snapshot's or a read
model's pages, the backup, the data directory's files). Sweeping L one page at a time
across the sizes the files pass through therefore fails each write step in turn.

Below 32 KB the first thing that fails is SQLite's shared-memory file (``-shm``, written
out to 32 KB when a connection opens the WAL), so the WAL's first frames would never be
the step that fails. A trial that ``holds`` the file has another process keep a
connection open on it (as a table session does): the ``-shm`` file is already whole and
the child's WAL writes start at its first frame.

Run as ``python -m tests.cli.full_disk SPEC.json``: the spec lists the trials
(``dir``, ``db``, ``args``, ``limit``: None for none, ``hold``, ``verify``: False to
leave the file as the command left it); one JSON line comes back
per trial with the command's exit code, stdout and stderr, the largest file in its
folder right after it, and the exit code, stdout and stderr of ``verify`` run afterwards
without a limit. The interpreter imports the command line once and forks a child per
run (each child a real process with its own limit), so a sweep of a few hundred trials
costs seconds, not a fresh interpreter each. It opens no SQLite connection itself (a
forked child must not share one).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import sys
import threading
from typing import Any


def _read_all(fd: int, into: list[bytes]) -> None:
    while chunk := os.read(fd, 65536):
        into.append(chunk)
    os.close(fd)


def run(args: list[str], limit: int | None) -> tuple[int, str, str]:
    """``grizzled ARGS`` in a forked child whose files may not grow past ``limit`` bytes:
    its exit code, stdout and stderr."""
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 70
        try:
            os.close(out_r)
            os.close(err_r)
            os.dup2(out_w, 1)
            os.dup2(err_w, 2)
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit: EFBIG
            if limit is not None:
                hard = resource.getrlimit(resource.RLIMIT_FSIZE)[1]
                resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
            from cli.main import main

            code = main.main(args=args, prog_name="grizzled", standalone_mode=False)
        except BaseException as error:  # a traceback is a finding: shown to the test
            import traceback

            traceback.print_exception(error)
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code if isinstance(code, int) else 70)
    os.close(out_w)
    os.close(err_w)
    out: list[bytes] = []
    err: list[bytes] = []
    readers = [
        threading.Thread(target=_read_all, args=(fd, into))
        for fd, into in ((out_r, out), (err_r, err))
    ]
    for reader in readers:
        reader.start()
    _, status = os.waitpid(pid, 0)
    for reader in readers:
        reader.join()
    return os.waitstatus_to_exitcode(status), b"".join(out).decode(), b"".join(err).decode()


def holder(db: str) -> int:
    """A child that opens ``db`` and keeps it open until its stdin pipe closes; the pipe's
    write end (close it to let the file go)."""
    ready_r, ready_w = os.pipe()
    release_r, release_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(ready_r)
        os.close(release_w)
        import sqlite3

        conn = sqlite3.connect(db)
        conn.execute("SELECT count(*) FROM stored_events").fetchall()
        os.write(ready_w, b"1")
        os.read(release_r, 1)
        conn.close()
        os._exit(0)
    os.close(ready_w)
    os.close(release_r)
    os.read(ready_r, 1)
    os.close(ready_r)
    HOLDERS[release_w] = pid
    return release_w


HOLDERS: dict[int, int] = {}


def release(handle: int) -> None:
    os.close(handle)
    os.waitpid(HOLDERS.pop(handle), 0)


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One command under its limit, then ``verify`` without one, in the trial's folder."""
    os.environ["XDG_DATA_HOME"] = os.path.join(spec["dir"], "data")
    db = spec["db"]
    from tracker import trust

    trust.remember(db)  # this machine checked it (the copy is the test's own)
    handle = holder(db) if spec.get("hold") else None
    try:
        code, out, err = run(["--db", db, *spec["args"]], spec["limit"])
        largest = largest_file(spec["dir"])  # the WAL too, before the holder lets it go
    finally:
        if handle is not None:
            release(handle)
    after = run(["--db", db, "verify"], None) if spec.get("verify", True) else None
    return {**spec, "code": code, "out": out, "err": err, "verify": after, "largest": largest}


def largest_file(folder: str) -> int:
    """The size of the largest file under ``folder``."""
    return max(
        (
            os.path.getsize(os.path.join(top, name))
            for top, _, names in os.walk(folder)
            for name in names
        ),
        default=0,
    )


def warm() -> None:
    """Import what the commands import, once, before the children fork."""
    import sqlite_utils

    import app.integrity
    import cli.cmd_integrity
    import cli.cmd_play
    import cli.cmd_read
    import projections.project
    import tracker.app
    import tracker.checks
    import tracker.verify

    del app, cli, projections, sqlite_utils, tracker


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as f:
        specs = json.load(f)
    warm()
    for spec in specs:
        print(json.dumps(trial(spec)), flush=True)


if __name__ == "__main__":
    main()
