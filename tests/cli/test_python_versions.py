"""A whole short chapter logged through the installed ``grizzled`` script with Python's
development mode on and every warning an error, on whichever Python runs the suite (issue
28: 3.11, 3.12 and 3.13 each, through ``.ci/run``); and the same chapter with the speed
tricks switched off (``GRIZZLED_SPEEDUPS=0``, tracker/speedups.py) prints the same."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

from tracker.speedups import TESTED

SCRIPT = Path(sys.executable).with_name("grizzled")
CHAPTER = (
    "campaign new Friday --rules armistice -p ann:night -p ben:snow -p cy:rain",
    "briefing 0 --trials 3 --morale 20 --first 1",
    "chapter start --leader ann --tiles left,left,right",
    "mission start 1",
    "play night+snow",
    "undo",
    "redo",
    "play shell+whistle",
    "play snow+rain",
    "withdraw left",
    "withdraw left",
    "withdraw left",
    "status",
    "log",
    "score",
    "status --json",
    "verify",
    "projections rebuild",
)
# What two runs print differently: a checkpoint (a digest of the stored events, which hold
# the campaign's random id and the moments they were recorded at), and the log's clock
# times and dates.
MOMENTS = (
    (re.compile(r"(Checkpoint[^:\n]*: )\S+"), r"\1<digest>"),
    (re.compile(r"\b\d\d:\d\d(:\d\d(\.\d+)?)?\b"), "<time>"),
    (re.compile(r"\b\d{4}-\d\d-\d\d\b"), "<date>"),
    (re.compile(r"\b\w{3} \d{1,2} \w{3} \d{4}\b"), "<date>"),
)


def chapter(folder: Path, **extra: str) -> list[tuple[str, int, str, str]]:
    """Each command of ``CHAPTER`` run through the script on a new file in ``folder``:
    the command, its exit code, what it printed and what it said on stderr."""
    folder.mkdir()
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(folder),
        "XDG_DATA_HOME": str(folder / "data"),
        "GRIZZLED_DB": str(folder / "campaign.sqlite"),
        "GRIZZLED_USER": "tester",
        "GRIZZLED_SESSION": "test evening",
        "NO_COLOR": "1",
        "COLUMNS": "100",
        "LINES": "60",
        "PYTHONWARNINGS": "error",
        "PYTHONDEVMODE": "1",
        "PYTHONPYCACHEPREFIX": str(folder / "pycache"),  # the kept methods' file, if any
        **extra,
    }
    runs = []
    for command in CHAPTER:
        done = subprocess.run(
            [str(SCRIPT), *shlex.split(command)], capture_output=True, text=True, env=env
        )
        printed = done.stdout
        for moment, shown in MOMENTS:
            printed = moment.sub(shown, printed)
        runs.append((command, done.returncode, printed, done.stderr))
    return runs


def kept_methods(folder: Path) -> list[Path]:
    """The files of compiled methods the tricks kept under ``folder``'s bytecode prefix."""
    return sorted((folder / "pycache").rglob("dataclass_code*.methods"))


def test_a_chapter_logged_in_development_mode_with_warnings_as_errors_passes(
    tmp_path: Path,
) -> None:
    runs = chapter(tmp_path / "dev")

    failed = [(command, code, err) for command, code, _, err in runs if code or err]
    assert failed == []
    assert "Friday" in runs[-2][2] and "won" in runs[11][2].lower()


def test_the_speed_tricks_change_nothing_the_chapter_prints(tmp_path: Path) -> None:
    with_tricks = chapter(tmp_path / "on")
    without = chapter(tmp_path / "off", GRIZZLED_SPEEDUPS="0")

    assert without == with_tricks
    installed = sys.version_info[:2] in TESTED
    assert bool(kept_methods(tmp_path / "on")) == installed
    assert kept_methods(tmp_path / "off") == []
