"""The companion as the group runs it: ``grizzled serve`` as a real subprocess on a free port
of 127.0.0.1 on one campaign file, its keeper's address read from its first lines, stopped
(terminated, then killed) whatever happened between. Also Debian's Chromium, found or not:
skipped with one line when missing, a failure when ``GRIZZLED_REQUIRE_CHROMIUM=1`` (.ci/run).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REQUIRE = "GRIZZLED_REQUIRE_CHROMIUM"  # set by .ci/run: a missing browser fails the run
# Never a downloaded browser (no `playwright install`): Debian's package, headless, offline.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_SECONDS = 20.0


def chromium() -> str | None:
    """The path of Debian's Chromium, or None."""
    for path in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if path and os.access(path, os.X_OK):
            return path
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Served:
    """A running ``grizzled serve``: the viewers' address and one keeper's."""

    process: subprocess.Popen[str]
    viewer: str
    keeper: str
    output: Output


class Output:
    """What the server printed after its addresses (its log), read as it comes so that a
    full pipe never stops it: how many bytes, and the last lines."""

    def __init__(self, stream: Any) -> None:
        self.size = 0
        self.tail: list[str] = []
        self.reader = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.reader.start()

    def _read(self, stream: Any) -> None:
        with contextlib.suppress(OSError, ValueError):  # the pipe closed as the server stops
            for line in stream:
                self.size += len(line.encode("utf-8"))
                self.tail = [*self.tail[-19:], line]


# Runs a command under an open-files limit (its soft and hard limit): ``-c LIMIT`` then
# the command's own words; exec keeps the process id the test holds.
LIMITED = (
    "import os, resource, sys; n = int(sys.argv[1]); "
    "resource.setrlimit(resource.RLIMIT_NOFILE, (n, n)); os.execv(sys.argv[2], sys.argv[2:])"
)


@contextmanager
def serve(
    db: Path,
    env: dict[str, str] | None = None,
    *more: str,
    files: int | None = None,
    port: int | None = None,
) -> Iterator[Served]:
    """``grizzled serve`` on ``db`` (``more``: its options; ``files``: its open-files
    limit; ``port``: a port of the caller's, say to serve again where it served), ready to
    answer, stopped on the way out."""
    port = port or free_port()
    grizzled = str(Path(sys.executable).parent / "grizzled")
    command = [grizzled, "--db", str(db), "serve", "--port", str(port), *more]
    if files is not None:
        command = [sys.executable, "-c", LIMITED, str(files), *command]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, **(env or {})},
    )
    output = None
    try:
        keeper = ""
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith("Keeper 1: "):
                keeper = line.split(": ", 1)[1].strip()
            if line.startswith("Stop with"):
                break
        if not keeper:
            raise RuntimeError(f"grizzled serve did not start: {process.poll()}")
        viewer = f"http://127.0.0.1:{port}/"
        output = Output(process.stdout)
        _wait_until_answering(viewer, process)
        yield Served(process, viewer, keeper, output)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        if output is not None:
            output.reader.join(10)  # the pipe ends with the server
        if process.stdout is not None:
            process.stdout.close()


def _wait_until_answering(url: str, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"grizzled serve ended with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"grizzled serve did not answer {url} in {START_SECONDS} s")
