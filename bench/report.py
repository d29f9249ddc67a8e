"""What a budget check found, the table printed at the end, and ``bench/results.json``."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BUDGETS = {  # issue 17's numbering; 5 holds issue 7's budgets that still apply
    1: "CLI latency",
    2: "Flat",
    3: "Memory",
    4: "Storage",
    5: "Earlier",
    6: "Table session",
    7: "PostgreSQL",  # issue 31
    8: "Companion",  # issue 30
    9: "Many hands",  # issue 39: another device's write, many writers on one file
}


@dataclass
class Check:
    """One budget line: what was measured against what, and whether it is within."""

    budget: int
    what: str
    measured: str  # e.g. "112 ms"
    reference: str  # e.g. "F 61 ms"
    ratio: float  # the figure the limit applies to
    limit: float
    higher_is_better: bool = False
    unit: str = "x"  # how ratio and limit are printed: "x" (a ratio) or a unit ("MB", "/s")
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        if self.higher_is_better:
            return self.ratio >= self.limit
        return self.ratio <= self.limit

    def figure(self, value: float) -> str:
        if self.unit == "x":
            return f"{value:.2f}x"
        return f"{value:,.0f} {self.unit}" if value >= 100 else f"{value:.1f} {self.unit}"

    def to_json(self) -> dict[str, Any]:
        return {
            "budget": self.budget,
            "name": BUDGETS[self.budget],
            "what": self.what,
            "measured": self.measured,
            "reference": self.reference,
            "ratio": round(self.ratio, 3),
            "limit": self.limit,
            "comparison": ">=" if self.higher_is_better else "<=",
            "unit": self.unit,
            "result": "PASS" if self.passed else "FAIL",
            **self.details,
        }


def table(checks: list[Check]) -> str:
    """The results as a plain-text table."""
    rows = [("budget", "what", "measured", "reference", "ratio", "limit", "result")]
    for c in checks:
        sign = ">=" if c.higher_is_better else "<="
        rows.append(
            (
                f"{c.budget} {BUDGETS[c.budget]}",
                c.what,
                c.measured,
                c.reference,
                c.figure(c.ratio),
                f"{sign} {c.figure(c.limit)}",
                "PASS" if c.passed else "FAIL",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(line.rstrip() for line in lines)


def machine() -> dict[str, Any]:
    """The machine and program the figures were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "usable_cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "memory_mb": _memory_mb(),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "commit": _git("rev-parse", "--short", "HEAD"),
        "uncommitted_changes": bool(_git("status", "--porcelain", "--untracked-files=no")),
    }


def _memory_mb() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    except OSError:
        pass
    return None


def _git(*args: str) -> str:
    try:
        return subprocess.run(
            ["git", *args], capture_output=True, text=True, check=True, cwd=Path(__file__).parent
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def write(path: Path, checks: list[Check], extra: dict[str, Any]) -> None:
    """``results.json``: every check with its raw runs, the machine, the fixtures."""
    data = {
        **extra,
        "all_pass": all(c.passed for c in checks),
        "checks": [c.to_json() for c in checks],
    }
    path.write_text(json.dumps(data, indent=1) + "\n")
