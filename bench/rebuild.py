"""Budget 5 (issue 7's 3): rebuilding every read model from the stored events, against
the floor of reading those rows and decoding their payloads with sqlite3 + json (a
logged action's packed row inflated first, as any reader of the file must).

Both run in fresh subprocesses (``python -m bench.rebuild floor|rebuild DB``), alternating,
each timing its own work after its imports and printing JSON; the rebuild's peak RSS is
its process's (``wait4``).
"""

from __future__ import annotations

import json
import sqlite3
import sys
import time
from contextlib import closing
from pathlib import Path

from bench.fixtures import Log
from bench.measure import Samples, checked
from bench.report import Check

LIMIT = 4.0  # x the floor
RSS_MB = 200.0
SELECT = (
    "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events "
    "ORDER BY rowid"
)


def measure(db: Path, rounds: int, log: Log = print) -> tuple[list[Check], dict[str, object]]:
    """Alternate floor and rebuild ``rounds`` times; the two checks and the raw runs."""
    floor, rebuild, rss = Samples(), Samples(), Samples()
    events = 0
    for number in range(rounds):
        for kind, samples in (("floor", floor), ("rebuild", rebuild)):
            result = checked([sys.executable, "-m", "bench.rebuild", kind, str(db)])
            report = json.loads(result.out.strip().splitlines()[-1])
            samples.add(report["seconds"])
            events = report["events"]
            if kind == "rebuild":
                rss.add(result.rss_mb)
        log(f"  rebuild round {number + 1}/{rounds}: {rebuild.values[-1]:.1f} s")
    checks = [
        Check(
            5,
            f"rebuild every read model, {events:,} events",
            f"{rebuild.median:.2f} s",
            f"read+decode {floor.median:.2f} s",
            rebuild.median / floor.median,
            LIMIT,
        ),
        Check(
            5,
            f"peak RSS of the rebuild, {events:,} events",
            f"{max(rss.values):.0f} MB",
            "",
            max(rss.values),
            RSS_MB,
            unit="MB",
        ),
    ]
    runs = {
        "events": events,
        "floor_seconds": floor.to_json(),
        "rebuild_seconds": rebuild.to_json(),
        "rebuild_rss_mb": rss.to_json(1),
    }
    return checks, runs


def read_floor(db: Path) -> int:
    """Read every stored event and decode its payload (a packed one inflated first:
    ``domain.packing``): the least a rebuild must do."""
    from domain.packing import is_packed, unpack

    count = 0
    with closing(sqlite3.connect(db)) as conn:
        for row in conn.execute(SELECT):
            state = row[4]
            if is_packed(state):
                state, _ = unpack(state, 1 << 24)
            json.loads(state)
            count += 1
    return count


def _worker(kind: str, db: Path) -> None:
    if kind == "floor":
        start = time.perf_counter()
        events = read_floor(db)
    else:
        from projections.runner import rebuild

        start = time.perf_counter()
        events = rebuild(db)
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "events": events}))


if __name__ == "__main__":
    _worker(sys.argv[1], Path(sys.argv[2]))
