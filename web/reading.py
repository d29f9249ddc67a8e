"""The documents a page shows, read from the campaign file by the ``grizzled`` command's
own JSON output (``status --json``, ``log --json``, ``score --json``): the same words and
checks as every command, the file only read, each reading bounded in time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tracker import store
from voice import public
from voice.board import player_cells, player_lines, status_rows
from voice.facts import seen_board

RUN = "from cli.script import run; run()"
TIMEOUT = 20.0  # seconds a reading may take before the page says so


class Unreadable(Exception):
    """The campaign file could not be read: one line, as the command said it."""


def _json(db: Path | str, *args: str) -> Any:
    command, env = reader(db, *args, "--json")
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=TIMEOUT, check=False, env=env
        )
    except subprocess.TimeoutExpired as error:
        raise Unreadable(f"reading the campaign took over {TIMEOUT:.0f} s") from error
    if done.returncode != 0:
        line = (done.stderr or done.stdout).strip().splitlines()
        raise Unreadable(line[-1] if line else f"exit {done.returncode}")
    return json.loads(done.stdout)


def reader(where: Path | str, *args: str) -> tuple[list[str], dict[str, str] | None]:
    """The ``grizzled`` command with ``args`` on ``where`` and its environment: a file by
    ``--db``; a club's server by ``GRIZZLED_DB``, so a password in its URL is never on a
    command line another user of the machine can list."""
    if store.is_postgres(where):
        return [sys.executable, "-c", RUN, *args], {**os.environ, "GRIZZLED_DB": str(where)}
    return [sys.executable, "-c", RUN, "--db", str(where), *args], None


@dataclass(frozen=True)
class Page:
    """What a viewer's page shows: the board's rows and Next line (public text only), the
    log's lines and the score's, all strings the voice composed."""

    board: list[str]
    next: str
    log: list[dict[str, Any]]
    score: list[str]
    campaign: str = ""  # the campaign shown, the one a keeper's move is logged in


def _readings(db: Path | str) -> tuple[Any, Any, Any]:
    """``status``, ``log --all`` and ``score``, read at once (three processes side by side:
    a keeper's tap reaches the phones after the slowest, not after the three in turn)."""
    with ThreadPoolExecutor(max_workers=3) as pool:
        reads = [
            pool.submit(_json, db, *args) for args in (("status",), ("log", "--all"), ("score",))
        ]
        return reads[0].result(), reads[1].result(), reads[2].result()


def viewer_page(db: Path | str) -> Page:
    """The page anyone at the table may read: from the public board document."""
    status, log, score = _readings(db)
    doc = seen_board(status)
    said = [public(s) for s in status_rows(doc)]
    board: list[str] = []
    for row in said:
        if row.kind == "players":  # a grid at the terminal: a few lines each on a phone
            for player in doc.get("players", []):
                board += player_lines(player_cells(doc, player))
        elif row.kind != "next" and row.text:
            board.append(row.text)
    nxt = next((s.text for s in said if s.kind == "next"), "")
    entries = log.get("entries", log) if isinstance(log, dict) else log
    campaign = str(doc.get("campaign") or "")
    lines = _score_lines(score)
    return Page(board=board, next=nxt, log=list(entries or []), score=lines, campaign=campaign)


def _score_lines(score: Any) -> list[str]:
    if isinstance(score, dict) and "victory_points" in score:
        return [
            f"{key.replace('_', ' ')}: {score[key]}"
            for key in ("victory_points", "negative_points", "difference")
            if key in score
        ]
    return []


def odds_lines(db: Path | str, campaign: str) -> list[str]:
    """What ``grizzled odds`` says of ``campaign`` now, line by line (its words, public
    information only; a refusal, such as no chapter being played, is its one line)."""
    command, env = reader(db, "-c", campaign, "odds") if campaign else reader(db, "odds")
    env = {**(env or os.environ), "COLUMNS": "1000", "NO_COLOR": "1"}  # a phone wraps
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=TIMEOUT, check=False, env=env
        )
    except subprocess.TimeoutExpired:
        return [f"the odds took over {TIMEOUT:.0f} s"]
    said = (done.stdout if done.returncode == 0 else done.stderr).strip().splitlines()
    return [line.removeprefix("Error: ") for line in said if line.strip()]
