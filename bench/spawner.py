"""The spawner (see ``bench.measure.Spawner``): one JSON request per line on stdin
(``{"argv": [...], "env": {...}}``), one JSON answer per line on stdout. Standard library
only, imported lightly: its own memory is the floor of every peak RSS it measures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from typing import Any

TAIL = 4000  # characters of a command's output sent back (for an error's message)


def spawn(argv: Sequence[str], env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Run a command to completion; its wall time, peak RSS (``wait4``), code and output.

    Output goes to a file, not a pipe: nothing is read while the clock runs.
    """
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as out:
        start = time.perf_counter()
        process = subprocess.Popen(
            argv, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env
        )
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        size = out.seek(0, os.SEEK_END)
        out.seek(max(0, size - TAIL))
        text = out.read()  # the tail only: a big output kept here would count in the
        # peak RSS of every command started after it (see bench.measure.Spawner)
    return {
        "seconds": seconds,
        "rss_mb": usage.ru_maxrss / 1024,
        "code": process.returncode,
        "out": text,
    }


def main() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.write(json.dumps(spawn(request["argv"], request["env"])) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
