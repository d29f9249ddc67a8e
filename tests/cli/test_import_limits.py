"""Hostile exports given to ``grizzled import``: a device, a symlink to one, a fifo, a line
of 300 MB, a line past the line limit, 400,000 events. Each is refused in one line by the
installed script, in a process of its own whose time and peak memory are measured (a hard
limit: 5 s and 200 MB, what the issue asks of every input), the target file unchanged byte
for byte."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Grizzled
from tracker.exportfile import MAX_LINE

SCRIPT = Path(sys.executable).with_name("grizzled")
# Runs the command given as its arguments and reports how it ended, how long it took and
# the peak memory of that child alone (the only child of this process).
MEASURE = """
import json, resource, subprocess, sys, time
began = time.monotonic()
try:
    done = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=30)
    code, err = done.returncode, done.stderr
except subprocess.TimeoutExpired:
    code, err = None, "timed out"
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
print(json.dumps({"code": code, "stderr": err, "seconds": time.monotonic() - began, "peak": peak}))
"""
SECONDS = 5
PEAK = 200 * 1024 * 1024


def measured(db: Path, export: Path) -> dict[str, Any]:
    """``grizzled --db DB import EXPORT`` run in a process of its own, measured."""
    command = [str(SCRIPT), "--db", str(db), "import", str(export)]
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def real_lines(grizzled: Grizzled, tmp_path: Path) -> list[bytes]:
    """The lines of a genuine export of Friday, its first Mission dealt."""
    exported = tmp_path / "friday.jsonl"
    grizzled.ok("export", str(exported))
    return exported.read_bytes().splitlines(keepends=True)


def symlink_to_zero(tmp_path: Path, lines: list[bytes]) -> Path:
    link = tmp_path / "zero.jsonl"
    link.symlink_to("/dev/zero")
    return link


def fifo(tmp_path: Path, lines: list[bytes]) -> Path:
    path = tmp_path / "pipe.jsonl"
    os.mkfifo(path)
    return path


def line_of_300_mb(tmp_path: Path, lines: list[bytes]) -> Path:
    """A header, then one event line of 300 MB (written sparsely: never in memory)."""
    path = tmp_path / "long.jsonl"
    with path.open("wb") as f:
        f.write(lines[0] + b'{"version":1,"topic":"')
        f.seek(300 * 1024 * 1024)
        f.write(b'"}\n')
    return path


def line_past_the_limit(tmp_path: Path, lines: list[bytes]) -> Path:
    """A genuine export whose second event's summary is padded past the line limit."""
    path = tmp_path / "padded.jsonl"
    padded = lines[2].replace(b'"summary":"', b'"summary":"' + b"x" * MAX_LINE, 1)
    path.write_bytes(b"".join([*lines[:2], padded, *lines[3:]]))
    return path


def events_400_000(tmp_path: Path, lines: list[bytes]) -> Path:
    """A header that says 400,000 events, followed by as many lines."""
    path = tmp_path / "many.jsonl"
    header = json.loads(lines[0])
    header["events"] = 400_000
    with path.open("wb") as f:
        f.write(json.dumps(header).encode() + b"\n")
        f.writelines(lines[1:2] * 400_000)
        f.write(lines[-1])
    return path


def events_400_000_under_a_header_saying_fewer(tmp_path: Path, lines: list[bytes]) -> Path:
    """A genuine export with 400,000 more event lines before its closing line."""
    path = tmp_path / "more.jsonl"
    with path.open("wb") as f:
        f.writelines(lines[:-1])
        f.writelines(lines[1:2] * 400_000)
        f.write(lines[-1])
    return path


def dev_zero(tmp_path: Path, lines: list[bytes]) -> Path:
    return Path("/dev/zero")


CASES: dict[str, tuple[Callable[[Path, list[bytes]], Path], str]] = {
    "/dev/zero": (dev_zero, "/dev/zero is a device, not an export: nothing was read from it"),
    "a symlink to /dev/zero": (symlink_to_zero, "zero.jsonl is a device, not an export"),
    "a fifo": (fifo, "pipe.jsonl is a fifo (named pipe), not an export"),
    "a line of 300 MB": (line_of_300_mb, "bytes, more than an export may (268,435,456 bytes)"),
    "a line past the limit": (
        line_past_the_limit,
        "line 3 of the export is longer than a line may be (4,194,304 bytes)",
    ),
    "400,000 events": (
        events_400_000,
        "the export holds 400,000 events, more than grizzled imports (100,000)",
    ),
    "400,000 events under a header saying fewer": (
        events_400_000_under_a_header_saying_fewer,
        "the export holds more events than its header says",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_export_is_refused_in_one_line_within_5_s_and_200_mb_the_target_unchanged(
    table: Grizzled, tmp_path: Path, case: str
) -> None:
    make, reason = CASES[case]
    lines = real_lines(table, tmp_path)
    export = make(tmp_path, lines)
    target = tmp_path / "target.sqlite"
    Grizzled(target, explicit=True).ok(
        "campaign", "new", "Monday", "-p", "dee:snow", "-p", "eve:gas"
    )
    before = digest(target)

    run = measured(target, export)

    assert run["code"] == 1, run
    assert run["stderr"].count("\n") == 1 and run["stderr"].startswith("Error: ")
    assert reason in run["stderr"]
    assert run["seconds"] < SECONDS
    assert run["peak"] < PEAK
    assert digest(target) == before
    assert not Path(f"{target}-wal").exists()
