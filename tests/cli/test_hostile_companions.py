"""Every file written to is checked first (issue 26): a WAL planted beside a campaign file,
another application's tables sitting only in a WAL, and an import target holding a
trigger or forged read models.

A WAL or journal beside a file is what SQLite merges into the file (or rolls it back
with) when it opens it to write: such a file is read in a private copy, never merged into
the file itself. Each hostile case is refused by every command, import, backup, restore
and verify included, in one line; the file and the WAL beside it keep their bytes, and
no other file appears beside them.
"""

from __future__ import annotations

import hashlib
import json
import shlex
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from cli.main import main
from tests.cli import hostile, test_hostile_files
from tests.cli.conftest import QUIET_ENV, runner
from tests.cli.test_hostile_files import REPO, digest

TRIGGER = (
    "CREATE TRIGGER forget AFTER INSERT ON stored_events "
    "BEGIN DELETE FROM stored_events WHERE rowid < new.rowid; END"
)
genuine = test_hostile_files.genuine  # the same fixtures: a genuine file, a quiet terminal
quiet = test_hostile_files.quiet
# The grizzled command in a child of a fresh interpreter, which reports the child's
# processor time and peak memory (those of this test process's children would include
# every process an earlier test ran).
MEASURED = (
    "import json, resource, subprocess, sys\n"
    "done = subprocess.run([sys.executable, '-c', 'from cli.script import run; run()', "
    "*sys.argv[1:]], capture_output=True, text=True)\n"
    "used = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(json.dumps({'code': done.returncode, 'stderr': done.stderr, "
    "'cpu': used.ru_utime + used.ru_stime, 'rss_kb': used.ru_maxrss}))\n"
)
TARGET_COMMANDS = ("import {export}", "backup {backup}", "restore {backup}", "verify")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Another campaign, Other, exported (to import into the hostile file), and a backup
    of its file (to restore over it)."""
    folder = tmp_path_factory.mktemp("other")
    db, export, backup = folder / "other.sqlite", folder / "other.jsonl", folder / "b.sqlite"
    env = {**QUIET_ENV, "XDG_DATA_HOME": str(folder / "data")}
    for command in (
        "campaign new Other -p ann:night -p ben:snow -p cy:rain",
        f"export {export}",
        f"backup {backup}",
    ):
        done = runner().invoke(main, ["--db", str(db), *shlex.split(command)], env=env)
        assert done.exit_code == 0, done.output
    return export, backup


def wal_of(path: Path, change: str) -> bytes:
    """The WAL that ``change`` leaves beside a copy of ``path`` before any checkpoint."""
    copy = path.parent / f"wal-maker-{path.name}"
    shutil.copyfile(path, copy)
    conn = sqlite3.connect(copy, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        conn.execute(change)
        wal = Path(f"{copy}-wal").read_bytes()
    finally:
        conn.close()
    for leftover in (copy, Path(f"{copy}-wal"), Path(f"{copy}-shm")):
        leftover.unlink(missing_ok=True)
    return wal


def planted(genuine: Path, target: Path) -> Path:
    """A campaign file with a WAL planted beside it that adds a trigger emptying the log."""
    shutil.copyfile(genuine, target)
    Path(f"{target}-wal").write_bytes(wal_of(genuine, TRIGGER))
    return target


def tables_in_wal(target: Path) -> Path:
    """Another application's database whose tables sit only in its WAL (never
    checkpointed): the file itself looks blank."""
    conn = sqlite3.connect(target, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        conn.execute("CREATE TABLE recipes (name TEXT PRIMARY KEY, steps TEXT)")
        conn.execute("INSERT INTO recipes VALUES ('soup', 'boil water; add leeks')")
        wal = Path(f"{target}-wal").read_bytes()
        main_file = target.read_bytes()
    finally:
        conn.close()
    target.write_bytes(main_file)
    Path(f"{target}-wal").write_bytes(wal)
    Path(f"{target}-shm").unlink(missing_ok=True)
    return target


def beside(path: Path) -> dict[str, str]:
    """The file and every file whose name starts with its name, by their digests."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(path.parent.iterdir())
        if p.name.startswith(path.name)
    }


def every_command(exported: tuple[Path, Path], quiet: Path) -> tuple[str, ...]:
    export, backup = exported
    target_commands = tuple(
        c.format(export=export, backup=backup if "restore" in c else quiet / "new-backup.sqlite")
        for c in TARGET_COMMANDS
    )
    return hostile.COMMANDS + target_commands


def refused_by_every_command(path: Path, commands: tuple[str, ...]) -> list[str]:
    """Each command on ``path`` ends in one line and exit 1, and leaves the file, its WAL
    and the folder around them as they were."""
    before = beside(path)
    lines = []
    for command in commands:
        result = runner().invoke(main, ["--db", str(path), *shlex.split(command)])
        where = f"grizzled {command} on {path.name}"
        assert result.exit_code == 1, f"{where} exited {result.exit_code}: {result.output}"
        assert result.stdout == "", f"{where} printed {result.stdout!r}"
        errors = result.stderr.splitlines()
        assert len(errors) == 1 and errors[0].startswith("Error: "), f"{where}: {errors}"
        assert "grizzled failed" not in errors[0], f"{where}: an unforeseen error, {errors[0]}"
        assert beside(path) == before, f"{where} changed the file or what is beside it"
        lines.append(errors[0])
    assert not (path.parent / "new-backup.sqlite").exists()
    return lines


def test_a_wal_planted_beside_a_campaign_file_is_refused_and_never_merged_into_it(
    genuine, exported, quiet
):
    path = planted(genuine, quiet / "campaign.sqlite")

    lines = refused_by_every_command(path, every_command(exported, quiet))

    assert all("grizzled never makes (forget)" in line for line in lines), lines
    assert digest(path) == digest(genuine)


def test_another_applications_tables_sitting_only_in_its_wal_make_it_foreign(exported, quiet):
    path = tables_in_wal(quiet / "recipes.sqlite")

    lines = refused_by_every_command(path, every_command(exported, quiet))

    assert all("not a grizzled campaign file" in line for line in lines), lines
    assert all("recipes" in line for line in lines)


def test_another_applications_file_with_a_hot_journal_is_classified_with_it(quiet):
    """A file that looks blank, and a hot rollback journal beside it (a transaction that
    dropped another application's table, cut off before its end): SQLite would roll the
    file back to hold that table, so the file is foreign."""
    path = quiet / "notes.sqlite"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.commit()
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("PRAGMA cache_size = 1")  # the transaction spills: its journal is hot
        conn.execute("BEGIN")
        conn.execute("DROP TABLE notes")
        conn.execute("CREATE TABLE filler (x)")
        conn.executemany("INSERT INTO filler VALUES (?)", [("y" * 1000,)] * 50)
        conn.execute("DROP TABLE filler")
        journal = Path(f"{path}-journal").read_bytes()
        conn.execute("COMMIT")
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("VACUUM")
    Path(f"{path}-journal").write_bytes(journal)

    lines = refused_by_every_command(path, ("campaign new X -p ann:night -p ben:snow",))

    assert "holds tables, views or triggers grizzled never makes (notes)" in lines[0]


@pytest.mark.parametrize("case", ["planted WAL", "tables in a WAL", "trigger in the target"])
def test_each_refusal_is_bounded_in_time_and_memory(genuine, exported, quiet, case):
    """The refusal of an import into each hostile target, in a process of its own: at most
    5 s of processor time and 200 MB."""
    export, _ = exported
    if case == "planted WAL":
        path = planted(genuine, quiet / "campaign.sqlite")
    elif case == "tables in a WAL":
        path = tables_in_wal(quiet / "recipes.sqlite")
    else:
        path = hostile.build(
            genuine, quiet / "h.sqlite", hostile.cases(quiet)["a trigger on the log"]
        )
    before = beside(path)
    env = {"PATH": "/usr/bin:/bin", "XDG_DATA_HOME": str(quiet / "child-data"), **QUIET_ENV}
    done = subprocess.run(
        [sys.executable, "-c", MEASURED, "--db", str(path), "import", str(export)],
        cwd=REPO,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    measured = json.loads(done.stdout)

    assert measured["code"] == 1 and len(measured["stderr"].splitlines()) == 1, measured
    assert measured["cpu"] < 5, f"{measured['cpu']:.1f} s"
    assert measured["rss_kb"] < 200 * 1024, f"{measured['rss_kb']} KB"
    assert beside(path) == before


def test_a_trigger_in_an_import_target_is_refused_before_the_import_writes(
    genuine, exported, quiet
):
    export, _ = exported
    path = hostile.build(genuine, quiet / "h.sqlite", hostile.cases(quiet)["a trigger on the log"])
    before = beside(path)

    result = runner().invoke(main, ["--db", str(path), "import", str(export)])

    assert result.exit_code == 1
    assert "grizzled never makes (forget)" in result.stderr
    assert beside(path) == before


def forge_read_models(conn: sqlite3.Connection) -> None:
    """Read models that no event gave: 9 Victory Points, and a log entry's words."""
    conn.execute("UPDATE campaign_score SET victory_points = 9, total_victory = 9")
    conn.execute("UPDATE event_log SET summary = 'Ann wins the war alone' WHERE version = 5")


def test_read_models_forged_in_an_import_target_are_made_again_from_its_events(
    genuine, exported, quiet
):
    export, _ = exported
    honest = hostile.build(genuine, quiet / "honest.sqlite", lambda conn: None)
    forged = hostile.build(genuine, quiet / "forged.sqlite", forge_read_models)

    imported = runner().invoke(main, ["--db", str(forged), "import", str(export)])
    shown = {
        command: [
            runner().invoke(main, ["--db", str(db), "-c", hostile.NAME, *command.split()])
            for db in (forged, honest)
        ]
        for command in ("score", "log --all")
    }

    assert imported.exit_code == 0, imported.output
    for command, (after_import, truth) in shown.items():
        assert after_import.exit_code == truth.exit_code == 0, command
        assert after_import.stdout == truth.stdout, command
    assert "wins the war alone" not in shown["log --all"][0].stdout


def test_a_backup_is_never_written_beside_a_journal_sqlite_would_roll_it_back_with(genuine, quiet):
    path = hostile.build(genuine, quiet / "campaign.sqlite", lambda conn: None)
    target = quiet / "friday-backup.sqlite"
    planted = Path(f"{target}-journal")
    planted.write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" + bytes(504))

    result = runner().invoke(main, ["--db", str(path), "backup", str(target)])

    assert result.exit_code == 1
    assert "-journal is there already: SQLite would take it for part of the backup" in " ".join(
        result.stderr.split()
    )
    assert not target.exists()
    assert planted.read_bytes()[:4] == b"\xd9\xd5\x05\xf9"
