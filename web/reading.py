"""The documents a page shows, read from the campaign file by the ``grizzled`` command's
own JSON output (``status --json``, ``log --json``, ``score --json``): the same words and
checks as every command, the file only read, each reading bounded in time. The commands
run in the companion's worker (``web.worker``), a Python process started once, not one
process per reading."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tracker import store
from voice import public
from voice.board import player_cells, player_lines, status_rows
from voice.facts import seen_board
from web import worker
from web.worker import WORKER, Done, Hung, Stopped


class Unreadable(Exception):
    """The campaign file could not be read: one line, as the command said it."""


def grizzled(where: Path | str, *args: str, env: dict[str, str] | None = None) -> Done:
    """``grizzled ARGS`` on ``where`` run by the worker (``env`` added to the server's);
    Unreadable if it hung or the worker stopped before it answered."""
    words, more = command(where, *args)
    try:
        return WORKER.run(words, {**more, **(env or {})})
    except Hung as error:
        raise Unreadable(f"reading the campaign took over {worker.TIMEOUT:.0f} s") from error
    except Stopped as error:
        raise Unreadable(str(error)) from error


def _json(db: Path | str, *args: str) -> Any:
    done = grizzled(db, *args, "--json")
    if done.code != 0:
        line = (done.err or done.out).strip().splitlines()
        raise Unreadable(line[-1] if line else f"exit {done.code}")
    return json.loads(done.out)


def command(where: Path | str, *args: str) -> tuple[list[str], dict[str, str]]:
    """The ``grizzled`` command's words with ``args`` on ``where`` and what its environment
    adds: a file by ``--db``; a club's server by ``GRIZZLED_DB``, so a password in its URL
    is never on a command line another user of the machine can list."""
    if store.is_postgres(where):
        return list(args), {"GRIZZLED_DB": str(where)}
    return ["--db", str(where), *args], {}


@dataclass(frozen=True)
class Page:
    """What a viewer's page shows: the board's rows and Next line (public text only), the
    log's lines and the score's, all strings the voice composed."""

    board: list[str]
    next: str
    log: list[dict[str, Any]]
    score: list[str]
    campaign: str = ""  # the campaign shown, the one a keeper's move is logged in


def _readings(db: Path | str, campaign: str = "") -> tuple[Any, Any, Any]:
    """``status``, ``log --all`` and ``score`` of ``campaign`` (else the current one), read
    one after the other by the worker (a few milliseconds each: no process is started)."""
    named = ("-c", campaign) if campaign else ()
    return (
        _json(db, *named, "status"),
        _json(db, *named, "log", "--all"),
        _json(db, *named, "score"),
    )


def viewer_page(db: Path | str, campaign: str = "") -> Page:
    """The page anyone at the table may read: from the public board document of
    ``campaign`` (the one the companion serves; else the current one)."""
    status, log, score = _readings(db, campaign)
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
    args = ("-c", campaign, "odds") if campaign else ("odds",)
    try:  # a phone wraps: the lines as long as they are
        done = grizzled(db, *args, env={"COLUMNS": "1000", "NO_COLOR": "1"})
    except Unreadable as error:
        return [str(error)]
    said = (done.out if done.code == 0 else done.err).strip().splitlines()
    return [line.removeprefix("Error: ") for line in said if line.strip()]
