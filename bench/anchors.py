"""The anchors of issue 17, measured in every run beside the budgets as multiples of F:
the interpreter alone, the ``sqlite3`` shell inserting one row into a 50,000-row table,
``git commit`` of a one-line change, and ``sqlite-utils insert`` of one row (a click CLI
writing to SQLite). An anchor whose program is missing is reported as not measured."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from bench.measure import checked

ROWS = 50_000


@dataclass(frozen=True)
class Anchor:
    """A program to time; ``before`` runs untimed first (the one-line change to commit)."""

    argv: tuple[str, ...] | None  # None: the program is missing
    before: Callable[[], None] | None = None

    def ready(self) -> None:
        """What runs untimed before each run (the change to commit)."""
        if self.before is not None:
            self.before()

    def run(self, env: dict[str, str]) -> tuple[float, float] | None:
        """(seconds, peak RSS MB) of one run after ``ready``, or None when not measured."""
        if self.argv is None:
            return None
        result = checked(self.argv, env)
        return result.seconds, result.rss_mb


def prepare(work: Path) -> dict[str, Anchor]:
    """The anchors, their files made ready in ``work``."""
    folder = work / "anchors"
    folder.mkdir(parents=True, exist_ok=True)
    table = folder / "rows.sqlite"
    with closing(sqlite3.connect(table)) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT)")
        conn.executemany("INSERT INTO t (v) VALUES (?)", ((f"row {i}",) for i in range(ROWS)))
        conn.commit()
    row = folder / "row.json"
    row.write_text('{"v": "one row"}\n')
    sqlite3_shell, git = shutil.which("sqlite3"), shutil.which("git")
    utils = Path(sys.executable).with_name("sqlite-utils")
    return {
        "interpreter alone": Anchor((sys.executable, "-c", "pass")),
        "sqlite3 shell: insert a row into 50,000": Anchor(
            (sqlite3_shell, str(table), "INSERT INTO t (v) VALUES ('one row')")
            if sqlite3_shell
            else None
        ),
        "git commit of a one-line change": _git(folder / "repo", git),
        "sqlite-utils insert of one row": Anchor(
            (str(utils), "insert", str(table), "t", str(row)) if utils.exists() else None
        ),
    }


def _git(repo: Path, git: str | None) -> Anchor:
    if git is None:
        return Anchor(None)
    repo.mkdir(exist_ok=True)
    line = repo / "notes.txt"
    quiet = {"capture_output": True, "check": True, "cwd": repo}
    subprocess.run([git, "init", "-q"], **quiet)  # type: ignore[call-overload]
    for key, value in (("user.name", "bench"), ("user.email", "bench@example.invalid")):
        subprocess.run([git, "config", key, value], **quiet)  # type: ignore[call-overload]
    line.write_text("start\n")
    subprocess.run([git, "add", "notes.txt"], **quiet)  # type: ignore[call-overload]
    subprocess.run([git, "commit", "-qm", "start"], **quiet)  # type: ignore[call-overload]
    count = [0]

    def change() -> None:
        count[0] += 1
        line.write_text(f"line {count[0]}\n")

    return Anchor((git, "-C", str(repo), "commit", "-qam", "one line"), change)
