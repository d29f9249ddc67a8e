"""What the CLI benchmark runs on each campaign: every command a table uses (issue 17).

Reads run on one copy of the campaign (its read models caught up, untimed); a write runs
on a fresh copy, after an untimed ``setup`` where it needs one (a redo needs an undo
first, a Mission's start a line taken back to before one). The campaigns' own versions
(the last actions on the line, the last Mission's start) are read from their read
models, so every command is legal on the campaign it runs on.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from bench.fixtures import Fixture

READ, REPLAY, WRITE, LINEAR = "read", "replay", "write", "linear"
CARD = 147  # a numbered card ``PREPARE`` describes on the copy the reads run on
PREPARE = ("describe", "card", str(CARD), "none", "--knock", "aggressive")
LIMITS = {READ: 1.1, REPLAY: 1.5, WRITE: 1.5}  # x F, on the middle campaign (budget 1)


@dataclass(frozen=True)
class Job:
    """One command on one campaign: its kind, grizzled arguments, and what runs before it
    untimed on the same fresh copy (writes)."""

    label: str  # the same on every campaign (the versions it names differ)
    kind: str
    argv: tuple[str, ...]
    setup: tuple[str, ...] = ()

    @property
    def fresh(self) -> bool:
        """Whether it runs on a fresh copy (it writes)."""
        return self.kind == WRITE or self.argv[:2] == ("projections", "rebuild")


FRENCH_STATUS = "status in French (--lang fr)"


def jobs(fixture: Fixture, known: frozenset[str]) -> list[Job]:
    """Every command the bench runs on ``fixture`` (its read models caught up; ``known``:
    the grizzled commands this program has)."""
    readonly = fixture.path
    line = _line(readonly)
    last, back = line[-1], line[-6]
    reads = [
        Job("status", READ, ("status",)),
        Job(FRENCH_STATUS, READ, ("--lang", "fr", "status")),  # issue 45: the catalogue read
        Job("status --json", READ, ("status", "--json")),
        Job("log (a page: --last 20)", READ, ("log", "--last", "20")),
        Job("score", READ, ("score",)),
        Job("score --explain", READ, ("score", "--explain")),
        Job("campaign show", READ, ("campaign", "show")),
        Job("card N", READ, ("card", str(CARD))),
        Job("box", READ, ("box",)),
        *(Job(name, READ, (name,)) for name in ("hint", "odds") if name in known),
        Job("replay --at N (the last action)", REPLAY, ("replay", "--at", str(last))),
    ]
    writes = [Job(kind, WRITE, argv) for kind, argv in fixture.actions.items()]
    writes += [
        Job("undo", WRITE, ("undo", "-y", "-r", "bench")),
        Job("undo --to N (5 actions back)", WRITE, ("undo", "--to", str(back), "-y")),
        Job("redo", WRITE, ("redo",), setup=("undo", "-y")),
        Job("revert N (the last action)", WRITE, ("revert", str(last), "-r", "bench")),
        Job("correct", WRITE, ("correct", "stock", str(_stock(readonly)), "-r", "bench")),
    ]
    start = _mission_start(readonly)
    if start is not None:
        parent, intensity = start
        writes.append(
            Job(
                "mission start",
                WRITE,
                ("mission", "start", str(intensity)),
                setup=("undo", "--to", str(parent), "-y"),
            )
        )
    linear = [
        Job("log --all", LINEAR, ("log", "--all")),
        Job("projections rebuild", LINEAR, ("projections", "rebuild")),
    ]
    whole = {"verify": ("verify",), "export": ("export", "-")}  # export: to stdout
    linear += [Job(name, LINEAR, argv) for name, argv in whole.items() if name in known]
    return reads + writes + linear


def _line(db: Path) -> list[int]:
    """The versions of the last actions on the line of play, oldest first."""
    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "SELECT version FROM event_log WHERE kind IN ('ActionLogged', 'ActionReverted') "
            "AND undone = 0 ORDER BY version DESC LIMIT 10"
        ).fetchall()
    return [version for (version,) in reversed(rows)]


def _stock(db: Path) -> int:
    """A Speech stock other than the one now (``correct stock N``: a recount)."""
    with closing(sqlite3.connect(db)) as conn:
        (stock,) = conn.execute(
            "SELECT speech_stock FROM chapter_state ORDER BY chapter DESC LIMIT 1"
        ).fetchone()
    return int(stock) - 1 if stock else 1


def _mission_start(db: Path) -> tuple[int, int] | None:
    """The last Mission's start on the line: the action before it and its intensity."""
    with closing(sqlite3.connect(db)) as conn:
        row = conn.execute(
            "SELECT parent, summary FROM event_log WHERE kind = 'ActionLogged' AND undone = 0 "
            "AND summary LIKE 'StartMission %' ORDER BY version DESC LIMIT 1"
        ).fetchone()
    found = re.search(r"intensity=(\d+)", row[1]) if row else None
    return (int(row[0]), int(found.group(1))) if row and found else None
