"""Budget 4: the random-play simulator, four-player chapters per second on one core.

A fresh subprocess (``python -m bench.engine``) pins itself to one core and alternates a
fixed pure-Python calibration loop with a block of chapters (the same seeds each round:
``domain.simulate.play_chapter`` on ``random_setup(rng, "classic", 4)``). The rate is
reported absolutely (the budget) and relative to the calibration loop, which moves with
the machine's speed: chapters per calibration loop.

The same worker times the assistant's Monte Carlo (issue 32): the chance of a first
Mission at intensity 3 for four players, ``MC_PLAYOUTS`` playouts over the simulator
(``domain.assist.mission.estimate``), within ``MC_LIMIT`` seconds.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

from bench.fixtures import Log
from bench.measure import Samples, checked
from bench.report import Check

LIMIT = 1_000.0  # chapters per second
CHAPTERS = 200  # per round
CALIBRATION_N = 300_000
MC_PLAYOUTS = 2_000
MC_LIMIT = 1.0  # seconds for MC_PLAYOUTS playouts


def calibration() -> int:
    """A fixed pure-Python workload (integer arithmetic, a dict, a list, attribute-free)."""
    table: dict[int, int] = {}
    items: list[int] = []
    total = 0
    for i in range(CALIBRATION_N):
        total = (total + i * i) % 1_000_003
        table[i & 1023] = total
        if i & 15 == 0:
            items.append(total)
    return total + len(items) + len(table)


def chapters(count: int) -> int:
    """Play ``count`` four-player classic chapters (seeds 0..count-1); events produced."""
    from domain.simulate import play_chapter, random_setup

    events = 0
    for seed in range(count):
        rng = random.Random(seed)
        events += len(play_chapter(random_setup(rng, "classic", 4), rng).events)
    return events


def mission_estimate(playouts: int = MC_PLAYOUTS) -> float:
    """The Monte Carlo chance of a first Mission (4 players, intensity 3; seeds fixed)."""
    from domain.assist.hints import public
    from domain.assist.mission import estimate
    from domain.cards.catalogue import base_catalogue
    from domain.chapter.evolve import begin
    from domain.chapter.setup import decide_start_chapter
    from domain.simulate import RandomChance, random_setup

    rng = random.Random(0)
    catalogue = base_catalogue()
    setup = decide_start_chapter(random_setup(rng, "classic", 4), catalogue, RandomChance(rng))
    return estimate(public(begin(setup, catalogue)), 3, random.Random(1), playouts).chance


def measure(rounds: int, log: Log = print) -> tuple[list[Check], dict[str, object]]:
    """Run the worker; the budget check and the raw runs."""
    result = checked([sys.executable, "-m", "bench.engine", str(rounds)])
    report = json.loads(result.out.strip().splitlines()[-1])
    chapter, loop = Samples(report["chapter_seconds"]), Samples(report["calibration_seconds"])
    rate = 1 / chapter.median
    if callable(log):
        log(f"  engine: {rate:,.0f} chapters/s on core {report['core']}")
    check = Check(
        5,
        "random-play simulator, 4-player chapters",
        f"{rate:,.0f} /s",
        f"loop {loop.median * 1000:.0f} ms: {loop.median / chapter.median:.1f} chapters/loop",
        rate,
        LIMIT,
        higher_is_better=True,
        unit="/s",
        details={
            "chapters_per_calibration_loop": round(loop.median / chapter.median, 2),
            "chapters_per_calibration_loop_needed": round(loop.median * LIMIT, 2),
        },
    )
    mc = Samples(report["mc_seconds"])
    if callable(log):
        log(f"  Monte Carlo: {MC_PLAYOUTS:,} playouts in {mc.median:.2f} s")
    mc_check = Check(
        5,
        f"Monte Carlo Mission estimate, {MC_PLAYOUTS:,} playouts",
        f"{mc.median:.2f} s",
        f"loop {loop.median * 1000:.0f} ms: {mc.median / loop.median:.1f} loops",
        mc.median,
        MC_LIMIT,
        unit="s",
    )
    runs = {
        "core": report["core"],
        "mc_seconds": mc.to_json(4),
        "chapters_per_round": CHAPTERS,
        "events_per_chapter": report["events_per_chapter"],
        "seconds_per_chapter": chapter.to_json(6),
        "calibration_seconds": loop.to_json(),
    }
    return [check, mc_check], runs


def _worker(rounds: int) -> None:
    core = min(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    if core is not None:
        os.sched_setaffinity(0, {core})
    chapters(20)  # warm up: imports, card data, caches
    calibration()
    mission_estimate(20)  # warm up the assistant's imports too
    per_chapter, loops, mc = [], [], []
    events = 0
    for _ in range(rounds):
        start = time.perf_counter()
        calibration()
        loops.append(time.perf_counter() - start)
        start = time.perf_counter()
        events = chapters(CHAPTERS)
        per_chapter.append((time.perf_counter() - start) / CHAPTERS)
        start = time.perf_counter()
        mission_estimate()
        mc.append(time.perf_counter() - start)
    print(
        json.dumps(
            {
                "core": core,
                "chapter_seconds": per_chapter,
                "calibration_seconds": loops,
                "mc_seconds": mc,
                "events_per_chapter": round(events / CHAPTERS, 1),
            }
        )
    )


if __name__ == "__main__":
    _worker(int(sys.argv[1]))
