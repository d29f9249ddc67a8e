"""Budgets 1-3 and the CLI's part of 5: every command a table uses, on every campaign, as
the installed ``grizzled`` command run in a subprocess (issue 17).

Each round runs the floor F (a fresh ``python -c "import click, rich.console, sqlite3"``
with the venv's interpreter), the anchors (``bench.anchors``) and every command of
``bench.commands`` on every campaign, in an order rotated from round to round; each time
is the median of its rounds. A command that writes runs on a fresh copy of its campaign
(copied and flushed to disk before the clock starts, after its untimed setup), so every
round logs the same action on the same stored events. The commands whose work is the
whole campaign run in the first LINEAR_ROUNDS rounds only. All the while a parallel
writer keeps the disk busy (``bench.busy``): every fsync waits its turn. The writer runs
on a CPU of its own and every measured command on another (``_cpus``): it is there for
the disk, and on a shared core it made a third of the runs a third slower or more. A
budget's ratio to F is the median of paired ratios: every timed command and anchor runs
right after a run of F of its own, and its round's ratio is the one to that F, so a
moment when the machine is slower (another process on it) weighs on both runs of a pair
rather than on the median of one of them (docs/performance.md).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from bench import anchors
from bench.commands import FRENCH_STATUS, LIMITS, LINEAR, PREPARE, WRITE, Job, jobs
from bench.fixtures import CAMPAIGN, Fixture, Log
from bench.measure import Samples, bytecode_env, checked, commands_on
from bench.report import Check

FLOOR = (sys.executable, "-c", "import click, rich.console, sqlite3")
GRIZZLED = str(Path(sys.executable).with_name("grizzled"))
SCALING = 1.2  # largest campaign / smallest (budget 2)
RSS_MB = 40.0  # every command's peak, on the largest campaign (budget 3)
STATUS_RSS_MB = 60.0  # issue 7's budget 5: grizzled status
FRENCH_GAP = 0.05  # issue 45: --lang fr status within 0.05 x F of status (paired medians)
WARMUP = 2  # rounds run first and not counted (bytecode caches, page cache)
# rounds (after the warm-up) that run the whole-campaign commands: only those, as a
# command of several seconds needs no warming beyond what the other commands' warm-up
# rounds did (the bytecode, the files in the page cache)
LINEAR_ROUNDS = 3
Key = tuple[str, int]  # (label, campaign size); ("floor", 0); (anchor, 0)


def measure(
    campaigns: dict[int, Fixture], rounds: int, work: Path, log: Log = print
) -> tuple[list[Check], dict[str, object]]:
    """Time the floor, the anchors and every command on every campaign; the checks, the
    runs (and the anchors' figures, under "anchors")."""
    work.mkdir(parents=True, exist_ok=True)
    env = _environment(work)
    readonly = {size: _readonly(fixture, work, env) for size, fixture in campaigns.items()}
    known = _commands(env)
    by_size = {size: jobs(campaigns[size], known) for size in campaigns}
    extra = anchors.prepare(work)
    keys: list[Key] = [("floor", 0), *((name, 0) for name in extra)]
    keys += [(job.label, size) for size in sorted(campaigns) for job in by_size[size]]
    found = {(job.label, size): job for size in campaigns for job in by_size[size]}
    times = {key: Samples() for key in keys}
    rss = {key: Samples() for key in keys}
    paired = {key: Samples() for key in keys}  # each run's time over its own F's
    writer, commands = _cpus()
    if commands is not None:
        log(f"  the writer on CPU {min(writer or ())}, every command on CPU {min(commands)}")
    with _busy_disk(work, writer), commands_on(commands):
        for number in range(WARMUP + rounds):
            turn = number % len(keys)
            for key in keys[turn:] + keys[:turn]:
                job = found.get(key)
                measured = WARMUP <= number < WARMUP + LINEAR_ROUNDS
                if job is not None and job.kind == LINEAR and not measured:
                    continue
                timed = number >= WARMUP  # a warm-up run needs no F of its own
                result = _run(key, job, campaigns, readonly, extra, env, work, timed)
                if result is None:
                    continue
                if timed:
                    seconds, mb, floor = result
                    times[key].add(seconds)
                    rss[key].add(mb)
                    if floor is not None:
                        paired[key].add(seconds / floor)
                        times[("floor", 0)].add(floor)
            if number >= WARMUP:
                log(f"  CLI round {number - WARMUP + 1}/{rounds}")
    return _checks(campaigns, by_size, times, rss, paired, extra)


def _environment(work: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "GRIZZLED_CAMPAIGN": CAMPAIGN,
        "GRIZZLED_USER": "bench",
        "GRIZZLED_SESSION": "bench evening",
        "XDG_DATA_HOME": str(work / "data"),
        "COLUMNS": "100",
        "NO_COLOR": "1",
    }
    env.pop("GRIZZLED_DB", None)
    env.update(bytecode_env())
    os.environ["XDG_DATA_HOME"] = env["XDG_DATA_HOME"]  # where _known remembers copies
    return env


def _readonly(fixture: Fixture, work: Path, env: dict[str, str]) -> Path:
    """The copy the reads run on: read models caught up, a numbered card described."""
    from projections.runner import catch_up

    catch_up(fixture.path)  # read models of this program's layout, untimed
    _checkpoint(fixture.path)
    copy = _fresh_copy(fixture.path, work / f"read-{fixture.events}.sqlite")
    checked([GRIZZLED, *PREPARE], dict(env, GRIZZLED_DB=str(copy)))
    _checkpoint(copy)
    return copy


def _commands(env: dict[str, str]) -> frozenset[str]:
    """The commands this grizzled has (another branch may add verify, export)."""
    out = subprocess.run(
        [GRIZZLED, "--help"], env=env, capture_output=True, text=True, check=True
    ).stdout
    section = out.split("Commands:", 1)[-1]
    return frozenset(line.split()[0] for line in section.splitlines() if line.strip())


def _run(
    key: Key,
    job: Job | None,
    campaigns: dict[int, Fixture],
    readonly: dict[int, Path],
    extra: dict[str, anchors.Anchor],
    env: dict[str, str],
    work: Path,
    paired: bool = True,
) -> tuple[float, float, float | None] | None:
    """One timed run: (seconds, peak RSS MB, seconds of the F run right before it, for a
    command or anchor timed against F when ``paired``); None for an anchor that is not
    measured."""
    label, size = key
    if label == "floor":
        result = checked(FLOOR, env)
        return result.seconds, result.rss_mb, None
    if job is None:
        anchor = extra[label]
        if anchor.argv is None:
            return None
        anchor.ready()
        floor = checked(FLOOR, env).seconds if paired else None
        found = anchor.run(env)
        return None if found is None else (*found, floor)
    if job.fresh:
        db = _fresh_copy(campaigns[size].path, work / f"write-{size}.sqlite")
        if job.setup:
            checked([GRIZZLED, *job.setup], dict(env, GRIZZLED_DB=str(db)))
            _checkpoint(db)
    else:
        db = readonly[size]
    before = _count(db) if job.fresh else 0
    floor = checked(FLOOR, env).seconds if paired and job.kind != LINEAR else None
    result = checked([GRIZZLED, *job.argv], dict(env, GRIZZLED_DB=str(db)))
    if job.kind == WRITE and _count(db) != before + 1:
        raise RuntimeError(f"grizzled {' '.join(job.argv)} on {db} did not record one event")
    return result.seconds, result.rss_mb, floor


def _count(db: Path) -> int:
    with closing(sqlite3.connect(db)) as conn:
        return int(conn.execute("SELECT count(*) FROM stored_events").fetchone()[0])


def _checks(
    campaigns: dict[int, Fixture],
    by_size: dict[int, list[Job]],
    times: dict[Key, Samples],
    rss: dict[Key, Samples],
    paired: dict[Key, Samples],
    extra: dict[str, anchors.Anchor],
) -> tuple[list[Check], dict[str, object]]:
    sizes = sorted(campaigns)
    small, middle, large = sizes[0], sizes[len(sizes) // 2], sizes[-1]
    f = times[("floor", 0)].median
    raw: dict[str, object] = {
        f"{label} @ {campaigns[size].events} events" if size else label: {
            "seconds": samples.to_json(),
            "rss_mb": rss[(label, size)].to_json(1),
            **(
                {"x_f_paired": paired[(label, size)].to_json(3)}
                if paired[(label, size)].values
                else {}
            ),
        }
        for (label, size), samples in times.items()
        if samples.values
    }
    raw["anchors"] = {
        name: round(paired[(name, 0)].median, 3) if paired[(name, 0)].values else None
        for name in extra
    }
    checks = []
    on_middle = {job.label for job in by_size[middle]}
    # each command on the middle campaign; one not open there (a charm) where it is
    budget_one = [(job, middle) for job in by_size[middle]]
    budget_one += [(job, large) for job in by_size[large] if job.label not in on_middle]
    for job, size in budget_one:
        if job.kind == LINEAR:
            continue
        t = times[(job.label, size)].median
        where = f"grizzled {job.label}, {campaigns[size].events:,} events"
        details = {
            "floor_seconds": round(f, 4),
            "kind": job.kind,
            "ratio_of_medians": round(t / f, 3),  # before pairing: noisier (see above)
        }
        ratio = paired[(job.label, size)].median
        reference = f"F {_ms(f)}, paired"
        checks.append(Check(1, where, _ms(t), reference, ratio, LIMITS[job.kind], details=details))
    french, english = paired[(FRENCH_STATUS, middle)], paired[("status", middle)]
    if french.values and english.values:  # issue 45: a command in French as fast as in English
        gap = french.median - english.median
        where = f"grizzled --lang fr status - status, {campaigns[middle].events:,} events"
        measured = _ms(times[(FRENCH_STATUS, middle)].median)
        checks.append(Check(1, where, measured, "F, paired", gap, FRENCH_GAP))
    for job in by_size[large]:
        if not times.get((job.label, small), Samples()).values:
            continue  # not open on the smallest campaign (a charm): no scaling to say
        if job.kind == LINEAR:
            checks.append(_linear(job, campaigns, middle, large, times))
            continue
        a, b = times[(job.label, small)].median, times[(job.label, large)].median
        x_small, x_large = paired[(job.label, small)].median, paired[(job.label, large)].median
        vs = f"{campaigns[large].events:,} vs {campaigns[small].events:,} events"
        what = f"grizzled {job.label}, {vs}"
        details = {
            "x_f": [round(x_small, 3), round(x_large, 3)],
            "ratio_of_medians": round(b / a, 3),
        }
        measured, reference = f"{x_large:.2f} F, {_ms(b)}", f"{x_small:.2f} F, {_ms(a)}"
        checks.append(
            Check(2, what, measured, reference, x_large / x_small, SCALING, details=details)
        )
    peaks = {job.label: rss[(job.label, large)].median for job in by_size[large]}
    worst = max(peaks, key=lambda label: peaks[label])
    checks.append(
        Check(
            3,
            f"peak RSS of every command, {campaigns[large].events:,} events "
            f"(the largest: grizzled {worst})",
            f"{peaks[worst]:.1f} MB",
            f"F {rss[('floor', 0)].median:.1f} MB",
            peaks[worst],
            RSS_MB,
            unit="MB",
            details={"by_command": {label: round(mb, 1) for label, mb in peaks.items()}},
        )
    )
    status = max(rss[("status", size)].median for size in sizes)
    checks.append(
        Check(
            5,
            "peak RSS of grizzled status (issue 7)",
            f"{status:.1f} MB",
            "",
            status,
            STATUS_RSS_MB,
            unit="MB",
        )
    )
    return checks, raw


def _linear(
    job: Job, campaigns: dict[int, Fixture], middle: int, large: int, times: dict[Key, Samples]
) -> Check:
    """A whole-campaign command: its cost per event on the largest campaign against the
    middle one (linear: the same within SCALING)."""
    per = {
        size: times[(job.label, size)].median / campaigns[size].events * 1e6
        for size in (middle, large)
    }
    return Check(
        2,
        f"grizzled {job.label} per event (linear), {campaigns[large].events:,} "
        f"vs {campaigns[middle].events:,} events",
        f"{per[large]:.0f} us/event",
        f"{per[middle]:.0f} us/event",
        per[large] / per[middle],
        SCALING,
        details={"kind": LINEAR},
    )


def anchor_lines(raw: dict[str, object]) -> list[str]:
    """The anchors beside the budgets: each as a multiple of F (or not measured)."""
    found = raw.get("anchors", {})
    assert isinstance(found, dict)
    return [
        f"anchor  {name}: " + (f"{ratio:.2f} x F" if ratio is not None else "not measured")
        for name, ratio in found.items()
    ]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def _cpus() -> tuple[set[int] | None, set[int] | None]:
    """The CPU the parallel writer runs on and the one the measured commands (F among
    them) run on, or (None, None) on a machine with one (or no affinity to set).

    The writer is there to keep the disk busy: every fsync of a command waits behind its
    flushes. Left where the system puts it, it also takes the command's core for a part
    of some runs (its copies into the page cache are CPU work: ~0.3 s a second), and those
    runs are a third slower or more, F's and the commands' alike (docs/performance.md:
    F's runs 68-160 ms with the writer free, 67-70 ms with it on another CPU; without a
    writer 64-67 ms)."""
    if not hasattr(os, "sched_getaffinity"):
        return None, None
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return None, None
    return {cpus[-1]}, {cpus[0]}


@contextmanager
def _busy_disk(work: Path, cpus: set[int] | None = None) -> Iterator[None]:
    """A parallel writer (``python -m bench.busy``) for as long as the block runs, on
    ``cpus`` if given."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bench.busy", str(work / "busy")],
        stdin=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent.parent,
    )
    if cpus is not None:
        os.sched_setaffinity(process.pid, cpus)
    try:
        yield
    finally:
        assert process.stdin is not None
        process.stdin.close()  # the writer stops when its stdin closes
        process.wait()


def _fresh_copy(source: Path, target: Path) -> Path:
    """A copy of the campaign, on disk before the clock starts: a user's file is not a
    fresh copy whose pages the command's first fsync (or the checkpoint when it closes
    the database) would have to write out first."""
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
