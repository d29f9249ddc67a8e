"""Shared fixtures of the CLI tests: the ``grizzled`` command run through click's CliRunner
on a fresh SQLite file and an isolated data directory, with the checks every command's
ending must pass (one line on stderr, the documented exit code, no traceback, and for a
refusal nothing recorded).

click 8.2+ keeps stderr apart from stdout by default; older versions need
``mix_stderr=False``.
"""

from __future__ import annotations

import shlex
import sqlite3
from contextlib import closing
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cli.main import main

CLICK = tuple(int(part) for part in version("click").split(".")[:2])
SEATS = ("-p", "ann:night", "-p", "ben:snow", "-p", "cy:rain")
TABLE_CHAPTER = (
    "--leader",
    "ann",
    "--tiles",
    "left,right,left",
    "--trials",
    "10",
    "--morale",
    "20",
)
QUIET_ENV = {
    "NO_COLOR": "1",
    "COLUMNS": "100",
    "LINES": "60",
    "GRIZZLED_USER": "tester",
    "GRIZZLED_SESSION": "test evening",
}
LOUD_ENV = ("GRIZZLED_CAMPAIGN", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")


def runner() -> CliRunner:
    """A runner that keeps stderr apart, whatever the click version."""
    if CLICK < (8, 2):
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    return CliRunner()


def stored_events(db: Path) -> int:
    """How many events the database file holds (0 when there is no file or no table)."""
    if not db.is_file():
        return 0
    with closing(sqlite3.connect(db)) as connection:
        try:
            return int(connection.execute("SELECT count(*) FROM stored_events").fetchone()[0])
        except sqlite3.DatabaseError:  # no events table, or not an SQLite file at all
            return 0


def flat(text: str) -> str:
    """``text`` as one line, its words joined by one space: what a command wrapped at the
    terminal's width (``COLUMNS``: 100 here) reads as it was written."""
    return " ".join(text.split())


def words(args: tuple[str, ...]) -> tuple[str, ...]:
    """A command's arguments: one string is split as a shell would."""
    return tuple(shlex.split(args[0])) if len(args) == 1 else args


class Grizzled:
    """Run ``grizzled`` commands on one test's database and check how they end."""

    def __init__(self, db: Path, *, explicit: bool = False) -> None:
        self.db = db
        self.runner = runner()
        self.prefix = ("--db", str(db)) if explicit else ()

    def __call__(self, *args: str) -> Result:
        """Run a command (one string is split as a shell would); whatever happens, it ends
        through SystemExit, never a traceback."""
        args = words(args)
        result = self.runner.invoke(main, [*self.prefix, *args])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(
                f"grizzled {' '.join(args)} raised {result.exception!r}"
            ) from result.exception
        assert "Traceback" not in result.output
        return result

    def ok(self, *args: str) -> str:
        """Run a command that must succeed; its stdout."""
        result = self(*args)
        assert result.exit_code == 0, f"grizzled {' '.join(args)}: {result.output}"
        assert result.stderr == ""
        return result.stdout

    def json(self, *args: str) -> Any:
        """Run a read command with --json; the parsed document."""
        import json

        return json.loads(self.ok(*words(args), "--json"))

    def refused(self, *args: str, code: int = 1) -> str:
        """Run a command that must end in one line on stderr with ``code``, recording nothing;
        that line."""
        before = stored_events(self.db)
        args = words(args)
        result = self(*args)
        assert result.exit_code == code, (
            f"grizzled {' '.join(args)} exited {result.exit_code}, not {code}: {result.output}"
        )
        lines = result.stderr.splitlines()
        assert len(lines) == 1, f"not one line on stderr: {result.stderr!r}"
        assert lines[0].startswith("Error: ")
        assert result.stdout == ""
        assert stored_events(self.db) == before, "a refused command recorded something"
        return lines[0]

    def events(self) -> int:
        """How many events the database holds now."""
        return stored_events(self.db)

    # --- the Armistice campaign, in small steps ------------------------------------------
    def boot_camp(self, *, won: bool) -> None:
        """A tiny Boot Camp (Trials 3, intensity 1): three cards played and everyone out
        wins; everyone out holding their card against a Morale Reserve of 1 loses."""
        self.chapter(0, won=won)

    def chapter_one(self, *, won: bool) -> None:
        """Boot Camp skipped (a tutorial: it earns and bans nothing, notes decision 6), then
        a tiny chapter 1, the first that can earn Helping Hands or ban a card."""
        self.ok("skip-boot-camp")
        self.chapter(1, won=won)

    def chapter(self, number: int, *, won: bool, leader: str = "ann") -> None:
        """A tiny Armistice chapter from its Briefing (see ``boot_camp``)."""
        morale = "20" if won else "1"
        self.ok("briefing", str(number), "--trials", "3", "--morale", morale, "--first", "1")
        self.ok("chapter", "start", "--leader", leader, "--tiles", "left,left,right")
        self.ok("mission", "start", "1")
        if won:
            for card in ("night+snow", "shell+whistle", "snow+rain"):
                self.ok("play", card)
        for _ in range(3):
            self.ok("withdraw", "left")

    def conclude(self, chapter: int, numbers: tuple[int, ...]) -> None:
        """Describe the (test) Helping Hands a Conclusion offers and enter that Conclusion:
        a won chapter earns 2, a lost one 1."""
        for number in numbers:
            category = "friendship" if number % 3 == 1 else "action"
            self.ok("describe", "hand", str(number), f"Test hand {number}", category)
        offer = ",".join(map(str, numbers))
        self.ok(
            "conclusion",
            str(chapter),
            "--reward",
            "won:0:2",
            "--reward",
            "lost:0:1",
            "--offer",
            offer,
        )


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Path:
    """A fresh database file and data directory for one test, and a quiet, fixed-width,
    colourless terminal whose user and session are known. A test marked ``backends`` runs
    on a club's PostgreSQL server too (tests/conftest.py): ``GRIZZLED_DB`` then names a
    schema of its own, and the path is where no file may appear."""
    path = tmp_path / "grizzled.sqlite"
    if getattr(request, "param", "sqlite") == "postgres":
        monkeypatch.setenv("GRIZZLED_DB", request.getfixturevalue("postgres_db"))
    else:
        monkeypatch.setenv("GRIZZLED_DB", str(path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for name, value in QUIET_ENV.items():
        monkeypatch.setenv(name, value)
    for name in LOUD_ENV:
        monkeypatch.delenv(name, raising=False)
    return path


@pytest.fixture
def grizzled(db: Path) -> Grizzled:
    """The ``grizzled`` command on this test's database."""
    return Grizzled(db)


@pytest.fixture
def campaign(grizzled: Grizzled) -> Grizzled:
    """A classic campaign, Friday: Ann (night), Ben (snow) and Cy (rain), no chapter yet."""
    grizzled.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    return grizzled


@pytest.fixture
def table(campaign: Grizzled) -> Grizzled:
    """Friday's first chapter at a real table (Trials 10, Morale 20), Mission 1 dealt at
    intensity 3: Ann leads and it is her turn."""
    campaign.ok("chapter", "start", *TABLE_CHAPTER)
    campaign.ok("mission", "start", "3")
    return campaign


@pytest.fixture
def armistice(grizzled: Grizzled) -> Grizzled:
    """An Armistice campaign, Autumn, for Ann, Ben and Cy, before Boot Camp."""
    grizzled.ok("campaign", "new", "Autumn", "--rules", "armistice", *SEATS)
    return grizzled
