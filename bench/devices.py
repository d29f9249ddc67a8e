"""Budget 9 (issue 39): many hands on one SQLite file.

- A read (``status``) and a write (``correct``) right after another device's write, on
  the 5,001- and 50,001-event campaigns, within the budgets of any other read and write
  (``bench.commands.LIMITS``: 1.1 and 1.5 x F, paired as in ``bench.latency``). Each
  round: a fresh copy that this device has checked (``latency._fresh_copy``); another
  device (another data directory), which has checked it too, logs a correction into it,
  untimed; then F, then the command on this device, which finds the file changed by
  another device and checks only what it appended (``tracker.appended``). F and the
  command run on one CPU, as budget 1's do (``bench.latency._cpus``), and for at least
  ``ROUNDS`` rounds: each round copies a campaign of up to 50,001 events and two devices
  look at it first, and 7 rounds' paired ratios spread from 0.68 to 1.35 x F for one
  read (session 12), so a median of 7 moved by more than the margin it is judged on.
- Writes a second of 8 writers at once on one SQLite file, each into its own campaign
  (``bench.postgres.writers_rate``: the tracker's ``log_action`` in 8 processes).

``python -m bench.devices`` runs this part alone.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from bench.commands import LIMITS, READ, WRITE
from bench.fixtures import Fixture, Log, fixtures
from bench.latency import FLOOR, GRIZZLED, WARMUP, _cpus, _environment, _fresh_copy, _ms
from bench.measure import Samples, checked, commands_on
from bench.postgres import WRITERS, writers_rate
from bench.report import Check

SIZES = (5_000, 50_000)  # the fixtures' campaigns measured (5,001 and 50,001 events)
RATE = 50.0  # writes a second, 8 writers on one file (fsync on every commit)
ROUNDS = 15  # the fewest rounds measured (after the warm-up), whatever the CLI's
JOBS = {
    "status": (READ, ("status",)),
    "correct": (WRITE, ("correct", "morale", "3", "-r", "bench")),
}
OTHER = ("correct", "morale", "4", "-r", "the other device")


def _remembered(path: Path, data: Path) -> None:
    """``path`` checked (as far as it goes now) by the device whose data directory is
    ``data``, as a device that checked it whole remembers it."""
    from tracker import trust
    from tracker.appended import advanced

    before = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(data)
    try:
        trust.remember(str(path), *advanced(str(path), None, None, []))
    finally:
        if before is not None:
            os.environ["XDG_DATA_HOME"] = before


def after_another_device(
    campaigns: dict[int, Fixture], rounds: int, work: Path, log: Log = print
) -> tuple[list[Check], dict[str, object]]:
    """Each job on each size, right after another device's write: paired ratios to F."""
    env = _environment(work)
    other = dict(env, XDG_DATA_HOME=str(work / "other device"))
    paired = {(label, size): Samples() for label in JOBS for size in SIZES}
    times = {key: Samples() for key in paired}
    rounds = max(rounds, ROUNDS)
    _, cpus = _cpus()
    for number in range(WARMUP + rounds):
        for label, (_, argv) in JOBS.items():
            for size in SIZES:
                db = _fresh_copy(campaigns[size].path, work / f"devices-{size}.sqlite")
                _remembered(db, work / "data")
                _remembered(db, work / "other device")
                checked([GRIZZLED, *OTHER], dict(other, GRIZZLED_DB=str(db)))
                with commands_on(cpus):
                    floor = checked(FLOOR, env).seconds
                    seconds = checked([GRIZZLED, *argv], dict(env, GRIZZLED_DB=str(db))).seconds
                if number >= WARMUP:
                    times[(label, size)].add(seconds)
                    paired[(label, size)].add(seconds / floor)
        if number >= WARMUP:
            log(f"  after another device's write: round {number - WARMUP + 1}/{rounds}")
    checks = []
    for (label, size), samples in paired.items():
        kind = JOBS[label][0]
        checks.append(
            Check(
                9,
                f"grizzled {label} right after another device's write, "
                f"{campaigns[size].events:,} events",
                _ms(times[(label, size)].median),
                "F, paired",
                samples.median,
                LIMITS[kind],
                details={"x_f_paired": samples.to_json(3)},
            )
        )
    raw: dict[str, object] = {
        f"{label} @ {size}": s.to_json(3) for (label, size), s in paired.items()
    }
    return checks, raw


def many_writers(work: Path) -> Check:
    """Writes a second of WRITERS processes on one SQLite file."""
    rate = writers_rate(str(work / "writers.sqlite"))
    return Check(
        9,
        f"{WRITERS} writers at once on one SQLite file, each into its own campaign",
        f"{rate:.0f} /s",
        "writes a second",
        rate,
        RATE,
        higher_is_better=True,
        unit="/s",
    )


def measure(
    campaigns: dict[int, Fixture], rounds: int, log: Log = print
) -> tuple[list[Check], dict[str, object]]:
    """Budget 9's checks and their runs."""
    with tempfile.TemporaryDirectory(prefix="grizzled-devices-") as folder:
        work = Path(folder)
        checks, raw = after_another_device(campaigns, rounds, work, log)
        checks.append(many_writers(work))
    raw["writers_per_s"] = checks[-1].ratio
    return checks, raw


if __name__ == "__main__":  # this part alone: python -m bench.devices [ROUNDS]
    import sys

    from bench.fixtures import ROOT
    from bench.measure import close
    from bench.report import table

    os.chdir(ROOT)
    try:
        measured, _ = measure(fixtures(print)[0], int(sys.argv[1]) if len(sys.argv) > 1 else 5)
        print(table(measured))
    finally:
        close()
