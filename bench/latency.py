"""Budgets 1, 2 and 5: the installed ``grizzled`` command, run as a subprocess.

Each round runs the floor F (a fresh ``python -c "import click, rich.console, sqlite3"``
with the venv's interpreter) and every command on every campaign, in an order rotated from
round to round; each figure is the median of its rounds. A logged action runs on a fresh
copy of its campaign (copied before the clock starts), so every round logs the same
action on the same stored events.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

from bench.fixtures import CAMPAIGN, Fixture, Log
from bench.measure import Samples, bytecode_env, checked
from bench.report import Check

FLOOR = (sys.executable, "-c", "import click, rich.console, sqlite3")
GRIZZLED = str(Path(sys.executable).with_name("grizzled"))
STATUS, JSON, ACTION = "grizzled status", "grizzled status --json", "logged action"
COMMANDS = (STATUS, ACTION, JSON)
LIMITS = {STATUS: 1.3, ACTION: 1.8, JSON: 1.1}  # x F, on the middle campaign
SCALING = 1.2  # largest campaign / smallest
RSS_MB = 60.0
WARMUP = 2  # rounds run first and not counted (bytecode caches, page cache)


def measure(
    campaigns: dict[int, Fixture], rounds: int, work: Path, log: Log = print
) -> tuple[list[Check], dict[str, object]]:
    """Time the floor and the three commands on every campaign; the checks, the runs."""
    from projections.runner import catch_up

    work.mkdir(parents=True, exist_ok=True)
    env_base = {
        **os.environ,
        "GRIZZLED_CAMPAIGN": CAMPAIGN,
        "GRIZZLED_USER": "bench",
        "GRIZZLED_SESSION": "bench evening",
        "XDG_DATA_HOME": str(work / "data"),
        "COLUMNS": "100",
        "NO_COLOR": "1",
    }
    env_base.pop("GRIZZLED_DB", None)
    env_base.update(bytecode_env())
    os.environ["XDG_DATA_HOME"] = env_base["XDG_DATA_HOME"]  # where _known remembers copies
    readonly: dict[int, Path] = {}
    for size, fixture in campaigns.items():
        catch_up(fixture.path)  # read models of this program's layout, untimed
        _checkpoint(fixture.path)
        readonly[size] = _fresh_copy(fixture.path, work / f"status-{size}.sqlite")

    jobs: list[tuple[str, int]] = [("floor", 0)]
    jobs += [(command, size) for size in sorted(campaigns) for command in COMMANDS]
    times = {job: Samples() for job in jobs}
    rss = {job: Samples() for job in jobs}
    for number in range(WARMUP + rounds):
        turn = number % len(jobs)
        for job in jobs[turn:] + jobs[:turn]:
            command, size = job
            if command == "floor":
                argv, db = list(FLOOR), None
            elif command == ACTION:
                fixture = campaigns[size]
                db = _fresh_copy(fixture.path, work / f"action-{size}.sqlite")
                argv = [GRIZZLED, *fixture.action]
            else:
                db = readonly[size]
                argv = [GRIZZLED, *command.split()[1:]]
            env = dict(env_base, GRIZZLED_DB=str(db)) if db else env_base
            result = checked(argv, env)
            if number == 0 and command == ACTION:
                _check_logged(db, campaigns[size])  # type: ignore[arg-type]
            if number >= WARMUP:
                times[job].add(result.seconds)
                rss[job].add(result.rss_mb)
        if number >= WARMUP:
            log(f"  CLI round {number - WARMUP + 1}/{rounds}")
    return _checks(campaigns, times, rss)


def _checks(
    campaigns: dict[int, Fixture],
    times: dict[tuple[str, int], Samples],
    rss: dict[tuple[str, int], Samples],
) -> tuple[list[Check], dict[str, object]]:
    sizes = sorted(campaigns)
    small, middle, large = sizes[0], sizes[len(sizes) // 2], sizes[-1]
    floor = times[("floor", 0)]
    f = floor.median
    raw: dict[str, object] = {
        f"{command} @ {campaigns[size].events} events" if command != "floor" else "floor F": {
            "seconds": samples.to_json(),
            "rss_mb": rss[(command, size)].to_json(1),
        }
        for (command, size), samples in times.items()
    }
    checks = []
    for command in COMMANDS:
        t = times[(command, middle)].median
        checks.append(
            Check(
                1,
                f"{_name(command, campaigns[middle])}, {campaigns[middle].events:,} events",
                _ms(t),
                f"F {_ms(f)}",
                t / f,
                LIMITS[command],
                details={"floor_seconds": round(f, 4)},
            )
        )
    for command in COMMANDS:
        a, b = times[(command, small)].median, times[(command, large)].median
        checks.append(
            Check(
                2,
                f"{_name(command, campaigns[large])}, {campaigns[large].events:,} "
                f"vs {campaigns[small].events:,} events",
                _ms(b),
                _ms(a),
                b / a,
                SCALING,
            )
        )
    peaks = {size: rss[(STATUS, size)].median for size in sizes}
    worst = max(peaks, key=lambda size: peaks[size])
    checks.append(
        Check(
            5,
            f"peak RSS of grizzled status, {campaigns[worst].events:,} events",
            f"{peaks[worst]:.1f} MB",
            f"F {rss[('floor', 0)].median:.1f} MB",
            peaks[worst],
            RSS_MB,
            unit="MB",
            details={"by_events": {campaigns[s].events: round(peaks[s], 1) for s in sizes}},
        )
    )
    return checks, raw


def _name(command: str, fixture: Fixture) -> str:
    return f"grizzled {' '.join(fixture.action)}" if command == ACTION else command


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def _fresh_copy(source: Path, target: Path) -> Path:
    """A copy of the campaign, on disk before the clock starts: a user's file is not a
    fresh copy whose pages the command's first fsync (or the checkpoint when it closes
    the database) would have to write out first, 240 MB of them at 50,000 events."""
    for extra in ("-wal", "-shm"):
        Path(f"{target}{extra}").unlink(missing_ok=True)
    shutil.copyfile(source, target)
    with open(target, "rb") as copy:
        os.fsync(copy.fileno())
    _known(target)
    return target


def _known(path: Path) -> None:
    """The copy is a file this machine knows, as a user's campaign file is after its first
    command (the whole-file check of a file first seen is measured apart: not timed here)."""
    from tracker import trust

    trust.remember(str(path))


def _checkpoint(path: Path) -> None:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _check_logged(db: Path, fixture: Fixture) -> None:
    """The action was recorded: one more stored event than the campaign had."""
    with closing(sqlite3.connect(db)) as conn:
        (count,) = conn.execute("SELECT count(*) FROM stored_events").fetchone()
    if count != fixture.events + 1:
        raise RuntimeError(f"{fixture.action} on {db}: {count} events, not {fixture.events + 1}")
