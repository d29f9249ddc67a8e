"""``python -m bench`` (``make bench``): the budgets of issue 17 (and issue 7's that still
apply), the anchors beside them, a table and ``bench/results.json``. See
docs/performance.md."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bench import devices, engine, latency, measure, postgres, rebuild, session, storage, web
from bench.fixtures import ROOT, cache_key, fixtures
from bench.report import machine, table, write

RESULTS = Path(__file__).resolve().parent / "results.json"


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    # 15: a write's 7 paired ratios to F spread from 0.97 to 2.04 (3.11, session 13), and a
    # median of 7 moved by more than the margin a write is judged on (budget 9's reason)
    parser.add_argument("--rounds", type=int, default=15, help="CLI rounds (default 15)")
    parser.add_argument("--rebuilds", type=int, default=3, help="rebuild rounds (default 3)")
    parser.add_argument("--engine-rounds", type=int, default=7, help="engine rounds (default 7)")
    args = parser.parse_args()
    os.chdir(ROOT)
    start = time.perf_counter()
    before = machine()

    def log(message: str) -> None:
        print(message, flush=True)

    campaigns, rebuild_db, built = fixtures(log)
    log("engine (budget 5)")
    checks, runs = engine.measure(args.engine_rounds, log)
    all_runs = {"engine": runs}
    with tempfile.TemporaryDirectory(prefix="grizzled-bench-") as work:
        log("CLI (budgets 1, 2, 3, 5), the disk kept busy")
        cli_checks, runs = latency.measure(campaigns, args.rounds, Path(work), log)
        checks += cli_checks + storage.measure(campaigns)
        all_runs["cli"] = runs
        log("table session (budget 6)")
        session_checks, all_runs["session"] = session.measure(campaigns, 30, Path(work), log)
        checks += session_checks
    log("many hands on one file (budget 9)")
    devices_checks, all_runs["devices"] = devices.measure(campaigns, args.rounds, log)
    checks += devices_checks
    log("rebuild (budget 5)")
    rebuild_checks, runs = rebuild.measure(rebuild_db, args.rebuilds, log)
    checks += rebuild_checks
    all_runs["rebuild"] = runs
    log("postgresql (budget 7)")
    postgres_checks, all_runs["postgres"] = postgres.measure(log)
    checks += postgres_checks
    log("companion (budget 8)")
    try:
        checks += web.measure(log)
    except ImportError as error:  # the web and test extras (starlette, playwright) missing
        log(f"  not measured: {error} (pip install -e '.[test]')")
    checks.sort(key=lambda c: c.budget)
    elapsed = time.perf_counter() - start
    print()
    print(table(checks))
    print("\n".join(latency.anchor_lines(all_runs["cli"])))
    print()
    passed = sum(c.passed for c in checks)
    on = f"on Python {before['python']}"  # make bench PYTHON=python3.12: one table a version
    print(f"{passed}/{len(checks)} PASS {on}; bench ran {elapsed:.0f} s (fixtures {built:.0f} s)")
    write(
        RESULTS,
        checks,
        {
            "when": datetime.now(UTC).isoformat(timespec="seconds"),
            "machine": before,
            "load_average_after": [round(x, 2) for x in os.getloadavg()],
            "seconds": round(elapsed, 1),
            "fixtures": {
                "cache_key": cache_key(),
                "build_seconds": round(built, 1),
                "campaigns": {c.events: c.to_json() for c in campaigns.values()},
                "rebuild": str(rebuild_db),
            },
            "bytecode": "cached, as on a user's machine (PYTHONPYCACHEPREFIX=bench/.cache/pycache)",
            "rounds": {"cli": args.rounds, "rebuild": args.rebuilds, "engine": args.engine_rounds},
            "runs": all_runs,
        },
    )
    print(f"results in {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        measure.close()
