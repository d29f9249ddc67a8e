"""The companion's worker: one long-lived Python process beside the server that runs the
``grizzled`` command in-process, one request at a time, so that a keeper's tap and the
readings of the board start no Python process of their own (issue 30's budget).

Every request is what a ``grizzled ARGS`` subprocess would be: the same click group
(``cli.main``), its own context and campaign file opened and closed by the command, the
server's environment and working directory as they are at the request (``GRIZZLED_USER``,
``COLUMNS``, a club's ``GRIZZLED_DB`` added), stdin empty, and what it prints captured
apart (stdout, stderr, the exit code). Nothing else is kept between requests: each
command opens the file anew, so a write by the CLI, a table session or another server,
or a file restored into place, is what the next request reads.

The requests and answers are JSON lines on the worker's own pipe (its stdin and stdout,
moved off the standard descriptors at start, which then point at ``/dev/null``): a
password in a server's URL travels in the pipe, never on a command line. A request that
takes over its time is answered with ``Hung`` and the worker is killed; one that dies
answers ``Stopped``; the next request starts a new worker."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any

TIMEOUT = 20.0  # seconds a request may take, waiting for the worker included
START = "from cli.worker import serve; serve()"  # the worker's side: cli/worker.py
CHUNK = 1 << 16


@dataclass(frozen=True)
class Done:
    """What one command did: its exit code and what it printed."""

    code: int
    out: str
    err: str


class Hung(Exception):
    """The request took over its time: the worker was stopped (the next starts anew)."""


class Stopped(Exception):
    """The worker ended before it answered (the next request starts a new one)."""


class Worker:
    """The server's side: starts the worker when first asked, one request at a time."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._unread = b""

    def run(self, args: list[str], env: dict[str, str] | None = None) -> Done:
        """``grizzled ARGS`` with the server's environment and ``env`` added."""
        return self._done({"args": args, "env": _environment(env), "cwd": os.getcwd()})

    def menu(self, where: str, campaign: str) -> Done:
        """The keeper's menu of ``campaign`` at ``where`` as JSON (``web.moves``)."""
        request = {"menu": [where, campaign], "env": _environment(None), "cwd": os.getcwd()}
        return self._done(request)

    def _done(self, request: dict[str, Any]) -> Done:
        answer = self.ask(request, TIMEOUT)
        return Done(int(answer["code"]), str(answer["out"]), str(answer["err"]))

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        """One request answered within ``timeout`` seconds (waiting for the worker, busy
        with another, included), or Hung; Stopped if the worker died meanwhile."""
        deadline = time.monotonic() + timeout
        if not self._lock.acquire(timeout=timeout):
            raise Hung(f"the companion stayed busy over {timeout:.0f} s")
        try:
            process = self._started()
            assert process.stdin is not None
            try:
                process.stdin.write(json.dumps(request).encode() + b"\n")
                process.stdin.flush()
                line = self._line(process, deadline)
            except (OSError, ValueError) as error:
                self._stop()
                raise Stopped("the companion's worker stopped") from error
            except Hung:
                self._stop()
                raise
            answer: dict[str, Any] = json.loads(line)
            return answer
        finally:
            self._lock.release()

    def _started(self) -> subprocess.Popen[bytes]:
        if self._process is not None and self._process.poll() is not None:
            self._stop()  # died between two requests: a new one
        if self._process is None:
            self._process = subprocess.Popen(
                [sys.executable, "-c", START],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=None,  # the server's: a crash of the worker is seen there
            )
            self._unread = b""
        return self._process

    def _line(self, process: subprocess.Popen[bytes], deadline: float) -> bytes:
        """The worker's next answer, read as it comes, until ``deadline``."""
        assert process.stdout is not None
        pipe = process.stdout.fileno()
        while b"\n" not in self._unread:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([pipe], [], [], left)[0]:
                raise Hung(f"the command took over {TIMEOUT:.0f} s")
            chunk = os.read(pipe, CHUNK)
            if not chunk:
                raise OSError("the worker ended")
            self._unread += chunk
        line, _, self._unread = self._unread.partition(b"\n")
        return line

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        for pipe in (process.stdin, process.stdout):
            with contextlib.suppress(OSError):
                if pipe is not None:
                    pipe.close()
        try:
            process.wait(timeout=2)  # its stdin closed: it ends at once, unless hung
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def close(self) -> None:
        """Stop the worker (it ends when its stdin closes, else it is killed)."""
        with self._lock:
            self._stop()

    def pid(self) -> int | None:
        """The worker's process id, if one runs."""
        return self._process.pid if self._process is not None else None


def _environment(more: dict[str, str] | None) -> dict[str, str]:
    return {**os.environ, **(more or {})}


WORKER = Worker()  # the server's one worker, for every app it serves
atexit.register(WORKER.close)
