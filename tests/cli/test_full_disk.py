"""A full disk at any write step (issue 26): each command either lands and says so (exit
0, its events there once) or lands nothing and says so (exit 1, one line), and the file
opens and verifies afterwards, whichever write the disk refused.

Each trial runs the command in a child process whose files may not grow past a limit
(RLIMIT_FSIZE: the write that reaches it fails with a real EFBIG from the kernel), on a
fresh copy of the same campaign file; the limit is swept one page at a time across the
sizes the command's writes pass through (``tests/cli/full_disk.py`` says how), once with
the file open in another process (a table session: the WAL's first frames are then the
writes that fail) and once alone (the checkpoint into the campaign file when the command
closes it, the snapshot, the read models, the automatic backup). The action lands at a
snapshot boundary (version 25: tracker.app.SNAPSHOT_INTERVAL).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import LOUD_ENV, QUIET_ENV, SEATS, TABLE_CHAPTER, Grizzled, stored_events
from tracker.app import SNAPSHOT_INTERVAL

REPO = Path(__file__).resolve().parents[2]
PAGE = 4096  # SQLite's page size here: one step of the sweep is one page
SHM = 32768  # the -shm file's first size: below it, opening the WAL is what fails
BOUNDARY = SNAPSHOT_INTERVAL  # the version the command records: a snapshot is taken


def quiet(monkeypatch: pytest.MonkeyPatch, data: Path) -> None:
    """The tests' quiet terminal and a data directory of their own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    for name, value in QUIET_ENV.items():
        monkeypatch.setenv(name, value)
    for name in (*LOUD_ENV, "GRIZZLED_DB", "GRIZZLED_BACKUPS"):
        monkeypatch.delenv(name, raising=False)


def pad_to(g: Grizzled, version: int) -> None:
    """Undo and redo the last action until the campaign's newest event is ``version``
    (the last action stands)."""
    assert (version - g.events()) % 2 == 0, (version, g.events())
    while g.events() < version:
        g.ok("undo")
        g.ok("redo")


def table_before_the_boundary(g: Grizzled) -> None:
    """Friday at a real table, Ann's play logged, then undone and redone up to the event
    before the snapshot boundary."""
    g.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    g.ok("chapter", "start", *TABLE_CHAPTER)
    g.ok("mission", "start", "3")
    g.ok("play", "night+shell")
    pad_to(g, BOUNDARY - 1)


def boot_camp_before_its_end(g: Grizzled) -> None:
    """An Armistice Boot Camp (tests/cli/conftest.py) whose last withdrawal, the chapter's
    end (a checkpoint and an automatic backup), is the event at the snapshot boundary."""
    g.ok("campaign", "new", "Autumn", "--rules", "armistice", *SEATS)
    g.ok("briefing", "0", "--trials", "3", "--morale", "20", "--first", "1")
    g.ok("chapter", "start", "--leader", "ann", "--tiles", "left,left,right")
    g.ok("mission", "start", "1")
    g.ok("correct", "morale", "19", "-r", "one more card in the reserve")
    pad_to(g, BOUNDARY - 6)
    for card in ("night+snow", "shell+whistle", "snow+rain"):
        g.ok("play", card)
    g.ok("withdraw", "left")
    g.ok("withdraw", "left")


def exported(g: Grizzled) -> None:
    """Friday before the boundary, exported beside the file (imported under a new name)."""
    table_before_the_boundary(g)
    g.ok("export", str(g.db.parent / "friday.jsonl"))


# name: how the campaign is built, the command, how many events it records when it lands
SCENARIOS: dict[str, tuple[Callable[[Grizzled], None], tuple[str, ...], int]] = {
    "a logged action": (table_before_the_boundary, ("play", "night+shell"), 1),
    "an undo": (table_before_the_boundary, ("undo",), 1),
    "a revert": (table_before_the_boundary, ("revert", "4", "-r", "a wrong card"), 1),
    "a chapter's end": (boot_camp_before_its_end, ("withdraw", "left"), 1),
    "an import": (exported, ("import", "{dir}/friday.jsonl", "--as", "Saturday"), BOUNDARY - 1),
}


def trials(
    template: Path,
    args: tuple[str, ...],
    limits: list[tuple[int | None, bool]],
    *,
    verify: bool = True,
) -> list[dict[str, Any]]:
    """Run ``args`` (``{dir}``: the trial's folder) on a copy of the folder ``template``
    for each (limit, held): the file held open by another process or alone; each trial's
    outcome (tests/cli/full_disk.py)."""
    specs = []
    for limit, hold in limits:
        trial = template.parent / f"{'held' if hold else 'alone'}-{limit}"
        shutil.copytree(template, trial)
        specs.append(
            {
                "dir": str(trial),
                "db": str(trial / "grizzled.sqlite"),
                "args": [arg.format(dir=trial) for arg in args],
                "limit": limit,
                "hold": hold,
                "verify": verify,
            }
        )
    spec_file = template.parent / "trials.json"
    spec_file.write_text(json.dumps(specs))
    child = subprocess.run(
        [sys.executable, "-m", "tests.cli.full_disk", str(spec_file)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert child.returncode == 0, child.stderr
    return [json.loads(line) for line in child.stdout.splitlines()]


def sweep(template: Path, args: tuple[str, ...]) -> list[dict[str, Any]]:
    """The command without a limit (held and alone: how large its files grow), then at
    each limit a page apart: held open, up to where opening the WAL no longer writes
    (its first frames); alone, from there to past the largest size its files reached."""
    unlimited = trials(template, args, [(None, True), (None, False)])
    top = max(r["largest"] for r in unlimited) + 2 * PAGE
    limits: list[tuple[int | None, bool]] = [
        (limit, True) for limit in range(PAGE + 40, SHM + PAGE, PAGE)
    ]
    limits += [(limit, False) for limit in range(SHM - PAGE + 40, top, PAGE)]
    return unlimited + trials(template, args, limits)


def whole(db: str) -> bool:
    """The campaign file as it stands holds every page its header counts, and no WAL is
    left with anything in it (SQLite's checkpoint completed it)."""
    data = Path(db).read_bytes()[:100]
    pages, page_size = int.from_bytes(data[28:32], "big"), int.from_bytes(data[16:18], "big")
    wal = Path(db + "-wal")
    return pages * page_size <= Path(db).stat().st_size and (
        not wal.exists() or wal.stat().st_size == 0
    )


def outcome(result: dict[str, Any], before: int, landed: int) -> str:
    """'saved' or 'refused' if the trial kept the contract; else what went wrong."""
    code, out, err = result["code"], result["out"], result["err"]
    events = stored_events(Path(result["db"]))
    lines = err.splitlines()
    if code == 0:
        said = [
            line
            for line in lines
            if not line.startswith("The automatic backup failed (cannot write the backup ")
        ]
        if events != before + landed:
            return f"exit 0 with {events - before} events recorded"
        if said and not (len(said) == 1 and said[0].startswith("Recorded as #")):
            return f"exit 0 saying {err!r}"
        if not out:
            return "exit 0 saying nothing on stdout"
        kind = "saved"
    elif code == 1:
        if events != before:
            return f"exit 1 ({err!r}) with {events - before} events recorded"
        if len(lines) != 1 or not lines[0].startswith("Error: ") or out:
            return f"exit 1 saying {err!r} / {out!r}"
        if "please report it" in err:  # an error nobody foresaw: a full disk is foreseen
            return f"exit 1 saying {err!r}"
        kind = "refused"
    else:
        return f"exit {code}: {err!r}"
    verify = result["verify"]
    if verify[0] != 0:
        return f"{kind}, then verify said {verify[2]!r}"
    if not whole(result["db"]):
        return f"{kind}, then the file was left incomplete after verify"
    leftovers = [p.name for p in Path(result["dir"]).rglob("*partial*")]
    if leftovers:
        return f"{kind}, leaving {leftovers}"
    return kind


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_a_full_disk_at_any_write_step_saves_and_says_so_or_stores_nothing_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scenario: str
) -> None:
    template = tmp_path / "template"
    quiet(monkeypatch, template / "data")
    grizzled = Grizzled(template / "grizzled.sqlite", explicit=True)
    build, args, landed = SCENARIOS[scenario]
    build(grizzled)
    grizzled.ok("status")  # the read models up to date, the file remembered as checked
    before = grizzled.events()

    runs = sweep(template, args)

    outcomes = {(r["limit"], r["hold"]): outcome(r, before, landed) for r in runs}
    wrong = {trial: said for trial, said in outcomes.items() if said not in ("saved", "refused")}
    assert not wrong, wrong
    assert outcomes[None, True] == outcomes[None, False] == "saved"
    said = list(outcomes.values())
    assert said.count("refused") >= 4 and said.count("saved") >= 4, said  # both swept


def header_pages(db: Path) -> int:
    """The file's size in bytes as its header counts it."""
    header = db.read_bytes()[:100]
    return int.from_bytes(header[28:32], "big") * int.from_bytes(header[16:18], "big")


def cut_checkpoint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Grizzled, Path]:
    """Friday's action at version 25 saved, then the checkpoint as the command closed the
    file stopped by the disk after the new header (a real EFBIG a few bytes past the
    file's end): the header counts more pages than the file holds, the WAL holds them."""
    template = tmp_path / "template"
    quiet(monkeypatch, template / "data")
    build = Grizzled(template / "grizzled.sqlite", explicit=True)
    table_before_the_boundary(build)
    build.ok("status")
    limit = build.db.stat().st_size + 40
    (run,) = trials(template, ("play", "night+shell"), [(limit, False)], verify=False)
    assert run["code"] == 0, run["err"]
    trial = Path(run["dir"])
    monkeypatch.setenv("XDG_DATA_HOME", str(trial / "data"))
    db = trial / "grizzled.sqlite"
    assert header_pages(db) > db.stat().st_size  # cut short, as the header reads
    assert Path(f"{db}-wal").stat().st_size > 0
    return Grizzled(db, explicit=True), db


def test_a_file_whose_wal_holds_the_pages_its_header_counts_opens_with_every_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    g, db = cut_checkpoint(tmp_path, monkeypatch)

    said = g.ok("verify")

    assert f"Campaign 'Friday': {BOUNDARY} events" in said
    assert whole(str(db))  # SQLite's checkpoint, once there was room, completed the file
    assert stored_events(db) == BOUNDARY
    assert "Ben plays night+shell" in g.ok("log")


def test_a_damaged_file_whose_wal_holds_changes_is_never_told_to_restore_a_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    g, db = cut_checkpoint(tmp_path, monkeypatch)
    with db.open("r+b") as f:  # pages the WAL does not hold cut off too
        f.truncate(db.stat().st_size // 2)
    kept = db.read_bytes(), Path(f"{db}-wal").read_bytes()

    result = g("status")

    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Error: {db} is damaged: it is cut short")
    assert "restore a backup or" not in line and "do not restore a backup" in line
    assert f"{db}-wal" in line
    assert (db.read_bytes(), Path(f"{db}-wal").read_bytes()) == kept
