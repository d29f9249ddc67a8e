"""A campaign file is untrusted input (issue 11): hostile, foreign and damaged files.

Every read and write command, run on each file of the hostile corpus (tests/cli/hostile.py),
on another application's SQLite file and on damaged copies of a campaign file, ends in
one line and exit 1: no traceback, nothing resolved but grizzled's own classes, nothing
imported that a genuine file does not import, the victim file still there, the file's
bytes unchanged and no WAL files left beside it.
"""

from __future__ import annotations

import hashlib
import json
import shlex
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import eventsourcing.domain
import eventsourcing.persistence
import pytest

from tests.cli import hostile
from tests.cli.conftest import QUIET_ENV, runner
from tracker.mapper import AGGREGATE_TOPIC, SCHEMAS

REPO = Path(__file__).resolve().parents[2]
OURS = {"cli", "domain", "projections", "tracker", "tests"}  # the project's own packages
PERSISTENCE = "eventsourcing.sqlite"  # the storage module our own settings name
VICTIM_TEXT = "the file a crafted snapshot tries to delete\n"


@pytest.fixture(scope="module")
def genuine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real campaign file of ~60 actions with snapshots, built once."""
    return hostile.genuine(tmp_path_factory.mktemp("genuine") / "campaign.sqlite")


@pytest.fixture
def quiet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data directory (no file is known as checked) and a quiet terminal."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for name, value in QUIET_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("GRIZZLED_CAMPAIGN", raising=False)
    monkeypatch.delenv("GRIZZLED_DB", raising=False)
    return tmp_path


@pytest.fixture
def resolved(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every topic the event store library is asked to resolve during the test."""
    seen: list[str] = []
    for module in (eventsourcing.persistence, eventsourcing.domain):
        real = module.resolve_topic

        def spy(topic: str, real=real) -> object:  # type: ignore[no-untyped-def]
            seen.append(topic)
            return real(topic)

        monkeypatch.setattr(module, "resolve_topic", spy)
    yield seen


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wal_files(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(f"{path.name}-"))


def refused_everywhere(path: Path) -> list[str]:
    """Run every command on ``path``; each must end in one line and exit 1 leaving the
    file as it was. The lines, for the caller to look at."""
    before, leftovers = digest(path), wal_files(path)
    lines = []
    for command in hostile.COMMANDS:
        result = runner().invoke(
            __import__("cli.main", fromlist=["main"]).main,
            ["--db", str(path), *shlex.split(command)],
        )
        where = f"grizzled {command} on {path.name}"
        assert isinstance(result.exception, SystemExit), f"{where}: {result.exception!r}"
        assert result.exit_code == 1, f"{where} exited {result.exit_code}: {result.output}"
        assert result.stdout == "", f"{where} printed {result.stdout!r}"
        errors = result.stderr.splitlines()
        assert len(errors) == 1 and errors[0].startswith("Error: "), f"{where}: {errors}"
        assert "Traceback" not in result.output
        assert "grizzled failed" not in errors[0], f"{where}: an unforeseen error, {errors[0]}"
        assert digest(path) == before, f"{where} changed the file"
        assert wal_files(path) == leftovers, f"{where} left {wal_files(path)}"
        lines.append(errors[0])
    return lines


CASES = sorted(hostile.cases(Path("victim")))


@pytest.mark.parametrize("case", CASES)
def test_every_command_refuses_a_hostile_file_in_one_line_and_leaves_it_alone(
    genuine, quiet, resolved, case
):
    victim = quiet / "victim.txt"
    victim.write_text(VICTIM_TEXT, "utf-8")
    path = hostile.build(genuine, quiet / "hostile.sqlite", hostile.cases(victim)[case])

    lines = refused_everywhere(path)

    assert victim.read_text("utf-8") == VICTIM_TEXT
    assert set(resolved) <= {*SCHEMAS, AGGREGATE_TOPIC, PERSISTENCE}, f"resolved {set(resolved)}"
    if "topic" in case or "names" in case or "row is" in case:
        assert all("not a grizzled campaign file: unknown topic" in line for line in lines)


def test_an_unknown_topic_is_named_with_the_event_it_stands_in(genuine, quiet):
    path = hostile.build(genuine, quiet / "h.sqlite", hostile.cases(quiet)["event topic is os"])

    line = refused_everywhere(path)[0]

    unknown = "Error: not a grizzled campaign file: unknown topic 'os:system'"
    assert line == f"{unknown} in event #{hostile.EVENT}"


def test_a_damaged_payload_is_named_by_its_event(genuine, quiet):
    path = hostile.build(genuine, quiet / "h.sqlite", hostile.cases(quiet)["invalid JSON"])

    line = refused_everywhere(path)[0]

    assert line.startswith(
        f"Error: the campaign file is damaged: event #{hostile.EVENT} cannot be read"
    )


def test_a_missing_middle_version_is_named(genuine, quiet):
    path = hostile.build(
        genuine, quiet / "h.sqlite", hostile.cases(quiet)["a missing middle version"]
    )

    line = refused_everywhere(path)[0]

    assert f"event #{hostile.EVENT} is missing" in line


def test_the_untouched_campaign_is_accepted_by_every_read_command(genuine, quiet):
    path = hostile.build(genuine, quiet / "fine.sqlite", lambda conn: None)

    for command in hostile.READ_COMMANDS:
        result = runner().invoke(
            __import__("cli.main", fromlist=["main"]).main,
            ["--db", str(path), *shlex.split(command)],
        )
        assert result.exit_code == 0, f"grizzled {command}: {result.output}"


def test_a_hostile_file_imports_no_module_a_genuine_file_does_not(genuine, quiet):
    """Each run in a fresh interpreter: every command on every genuine copy, then on every
    hostile file; the hostile run may load no module the genuine run did not, but for the
    project's own (an unknown event type makes the rules load all their event modules)."""
    victim = quiet / "victim.txt"
    victim.write_text(VICTIM_TEXT, "utf-8")
    clean, bad = [], []
    for number, (name, alter) in enumerate(sorted(hostile.cases(victim).items())):
        if name != "a 50 MB payload":  # the same refusal as any other size: kept quick
            bad.append(str(hostile.build(genuine, quiet / f"bad{number}.sqlite", alter)))
    clean.append(str(hostile.build(genuine, quiet / "clean.sqlite", lambda conn: None)))

    genuine_run, hostile_run = child_run(clean, quiet), child_run(bad, quiet)

    assert set(genuine_run["codes"]) <= {0, 1}
    assert set(hostile_run["codes"]) == {1}
    extra = set(hostile_run["modules"]) - set(genuine_run["modules"])
    assert {name for name in extra if name.split(".")[0] not in OURS} == set()
    assert victim.read_text("utf-8") == VICTIM_TEXT


def child_run(files: list[str], home: Path) -> dict[str, object]:
    script = (
        "import json, sys\n"
        "from tests.cli.hostile import run_all\n"
        "print(json.dumps(run_all(sys.argv[1:])))\n"
    )
    env = {"PATH": "/usr/bin:/bin", "XDG_DATA_HOME": str(home / "child-data"), **QUIET_ENV}
    done = subprocess.run(
        [sys.executable, "-c", script, *files],
        cwd=REPO,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


# --- bounded work: what a hostile file costs ----------------------------------------------

SECONDS, MEGABYTES = 5, 200  # the most a command may cost on any file (issue 26)
COST = (
    "import json, resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True)\n"
    "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(json.dumps({'code': done.returncode, 'out': len(done.stdout),\n"
    "    'err': done.stderr.decode(errors='replace'),\n"
    "    'cpu': use.ru_utime + use.ru_stime, 'mb': use.ru_maxrss / 1024}))\n"
)


def cost(path: Path, command: str, home: Path) -> dict[str, Any]:
    """``grizzled --db PATH COMMAND`` run by a fresh interpreter: its exit code, the bytes
    it printed, its error output, and the CPU seconds and peak memory (MB) it took, as
    ``resource.getrusage(RUSAGE_CHILDREN)`` says."""
    grizzled = [sys.executable, "-c", "from cli.script import run; run()"]
    env = {"PATH": "/usr/bin:/bin", "XDG_DATA_HOME": str(home / "data"), **QUIET_ENV}
    done = subprocess.run(
        [sys.executable, "-c", COST, *grizzled, "--db", str(path), *shlex.split(command)],
        cwd=REPO,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    found: dict[str, Any] = json.loads(done.stdout)
    return found


BOUNDED = {
    "a deflate bomb in the summaries": ("status", "log --json"),
    "a parent cycle": ("undo --to 10 --yes", "revert 12 -r x", "status"),
    "a dangling parent": ("undo --to 10 --yes", "revert 12 -r x"),
}


@pytest.mark.parametrize("case", sorted(BOUNDED))
def test_a_hostile_file_is_refused_in_one_line_within_bounded_time_and_memory(genuine, quiet, case):
    path = hostile.build(genuine, quiet / "hostile.sqlite", hostile.cases(quiet)[case])
    before = digest(path)

    for command in BOUNDED[case]:
        spent = cost(path, command, quiet)

        where = f"grizzled {command} on {case}"
        assert spent["code"] == 1 and spent["out"] == 0, f"{where}: {spent}"
        assert len(spent["err"].splitlines()) == 1, f"{where}: {spent['err']}"
        assert "the campaign file is damaged" in spent["err"], f"{where}: {spent['err']}"
        assert spent["cpu"] < SECONDS and spent["mb"] < MEGABYTES, f"{where}: {spent}"
        assert digest(path) == before and wal_files(path) == [], where


def test_a_deflate_bomb_in_a_read_model_is_a_cache_made_again_from_the_events(genuine, quiet):
    """A read model damaged behind the back of a file this machine checked (its saved
    campaign state inflates to 100 MB): the commands that read it rebuild the read
    models from the events, within bounds, and say what the genuine file says."""
    from tracker import trust

    path = hostile.build(genuine, quiet / "bomb.sqlite", hostile.state_bomb)
    trust.remember(str(path))  # as if this machine had checked it: no rebuild at first sight
    twin = hostile.build(genuine, quiet / "twin.sqlite", lambda conn: None)

    for command in ("campaign show --json", "status --json", "undo"):
        spent, expected = cost(path, command, quiet), cost(twin, command, quiet)

        assert spent["code"] == 0, f"grizzled {command}: {spent['err']}"
        assert (spent["out"], spent["err"]) == (expected["out"], expected["err"])
        assert spent["cpu"] < SECONDS and spent["mb"] < MEGABYTES, f"grizzled {command}: {spent}"
    with closing(sqlite3.connect(path)) as conn:
        (state,) = conn.execute("SELECT state FROM projection_campaigns").fetchone()
    assert len(state) < 20_000  # the bomb is gone: the state the events lead to


# --- files that are not ours, and damaged copies of ours ---------------------------------


def foreign(path: Path, *, wal: bool) -> Path:
    """Another application's SQLite file: a recipe book."""
    with closing(sqlite3.connect(path)) as conn:
        if wal:
            conn.execute("PRAGMA journal_mode = WAL")
        with conn:
            conn.execute("CREATE TABLE recipes (name TEXT PRIMARY KEY, steps TEXT)")
            conn.execute("INSERT INTO recipes VALUES ('soup', 'boil water; add leeks')")
    return path


@pytest.mark.parametrize("wal", [False, True], ids=["rollback journal", "WAL"])
def test_another_applications_sqlite_file_is_refused_and_never_written(quiet, wal):
    path = foreign(quiet / "recipes.sqlite", wal=wal)

    lines = refused_everywhere(path)

    assert all("not a grizzled campaign file" in line for line in lines)
    assert "recipes" in lines[0]
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA application_id").fetchone() == (0,)


def test_a_file_marked_by_another_application_is_refused(quiet):
    path = foreign(quiet / "other.sqlite", wal=False)
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("DROP TABLE recipes")
        conn.execute("PRAGMA application_id = 1234")

    lines = refused_everywhere(path)

    assert "belongs to another application" in lines[0]


def corrupt_page(path: Path, page: int) -> None:
    """Overwrite one page with noise, as a bad sector or a broken copy would (the first
    page keeps the file's 100-byte header: SQLite still opens the file)."""
    with closing(sqlite3.connect(path)) as conn:
        size = conn.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    start, end = (page - 1) * size + (100 if page == 1 else 0), page * size
    data[start:end] = (bytes(range(7, 256)) * size)[: end - start]
    path.write_bytes(bytes(data))


def pages_of(path: Path, table: str) -> list[int]:
    with closing(sqlite3.connect(path)) as conn:
        return [
            n
            for (n,) in conn.execute(
                "SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno", (table,)
            )
        ]


@pytest.mark.parametrize("table", ["stored_events", "chapter_state", "sqlite_schema"])
def test_a_campaign_file_with_a_corrupted_page_is_reported_as_damaged(genuine, quiet, table):
    path = hostile.build(genuine, quiet / "copy.sqlite", lambda conn: None)
    pages = pages_of(path, table)
    corrupt_page(path, pages[len(pages) // 2])

    lines = refused_everywhere(path)

    assert all("is damaged" in line and "restore a backup" in line for line in lines), lines


def test_a_campaign_file_cut_short_is_reported_as_damaged(genuine, quiet):
    path = hostile.build(genuine, quiet / "cut.sqlite", lambda conn: None)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])

    lines = refused_everywhere(path)

    assert all("is damaged: it is cut short" in line for line in lines)
