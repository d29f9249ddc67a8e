"""Timing and memory: medians over repeated runs, subprocesses with their own peak RSS."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Run:
    """One finished subprocess: wall time (seconds), peak RSS (MB), exit code, output."""

    seconds: float
    rss_mb: float
    code: int
    out: str


def run(argv: Sequence[str], env: Mapping[str, str] | None = None) -> Run:
    """Run a command to completion through the spawner: its wall time and peak RSS."""
    return _spawner().run(argv, env)


class Spawner:
    """A small long-lived process that starts the measured commands.

    A child's peak RSS (``ru_maxrss``) counts the memory of the process it was forked
    from until it execs, so commands started by the bench itself (holding fixtures,
    imports) would all look as big as the bench. The spawner holds ~10 MB: every command
    is started from it, the floor included, and timed there.
    """

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-S", "-m", "bench.spawner"],  # -S: no site, smaller still
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).resolve().parent.parent,
        )

    def run(self, argv: Sequence[str], env: Mapping[str, str] | None) -> Run:
        assert self.process.stdin is not None and self.process.stdout is not None
        request = {"argv": list(argv), "env": dict(env) if env is not None else None}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        return Run(answer["seconds"], answer["rss_mb"], answer["code"], answer["out"])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


_SPAWNER: list[Spawner] = []
PYCACHE = Path(__file__).resolve().parent / ".cache" / "pycache"


def bytecode_env() -> dict[str, str]:
    """Environment for measured commands: bytecode cached as on a user's machine.

    An installed program's modules are compiled once (by pip, or on first run) and read
    from ``__pycache__`` afterwards; a shell with ``PYTHONDONTWRITEBYTECODE=1`` compiles
    every module of the project on every command instead (tens of milliseconds). The
    measured commands write their bytecode under ``bench/.cache/pycache`` (for every
    module, the floor's included), and the warm-up rounds fill it.
    """
    return {"PYTHONPYCACHEPREFIX": str(PYCACHE), "PYTHONDONTWRITEBYTECODE": ""}


@contextmanager
def commands_on(cpus: set[int] | None) -> Iterator[None]:
    """Every command started meanwhile runs on ``cpus`` (the spawner's affinity, which
    its children inherit); None: wherever the system puts it."""
    if cpus is None or not hasattr(os, "sched_setaffinity"):
        yield
        return
    pid = _spawner().process.pid
    before = os.sched_getaffinity(pid)
    os.sched_setaffinity(pid, cpus)
    try:
        yield
    finally:
        os.sched_setaffinity(pid, before)


def _spawner() -> Spawner:
    if not _SPAWNER:
        _SPAWNER.append(Spawner())
    return _SPAWNER[0]


def close() -> None:
    """Stop the spawner (if one was started)."""
    while _SPAWNER:
        _SPAWNER.pop().close()


def checked(argv: Sequence[str], env: Mapping[str, str] | None = None) -> Run:
    """``run``, refusing a failed command (a benchmark of an error is no benchmark)."""
    result = run(argv, env)
    if result.code != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {result.code}:\n{result.out[-2000:]}")
    return result


@dataclass
class Samples:
    """Repeated measurements of one thing."""

    values: list[float] = field(default_factory=list)

    def add(self, value: float) -> None:
        self.values.append(value)

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def to_json(self, digits: int = 4) -> dict[str, object]:
        return {
            "median": round(self.median, digits),
            "min": round(min(self.values), digits),
            "max": round(max(self.values), digits),
            "runs": [round(v, digits) for v in self.values],
        }
