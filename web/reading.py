"""The documents a page shows, read through the application (``app.readings``): the public
board, the log's entries and the score in one unit of work, the odds; the same data the
commands print as JSON, the same checks, the file only read. The page's words are the
voice's (``voice.board``); nothing here reads what a command printed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app import readings
from app.errors import Refused
from voice import public
from voice.board import player_cells, player_lines, status_rows
from voice.facts import seen_board


@dataclass(frozen=True)
class Page:
    """What a viewer's page shows: the board's rows and Next line (public text only), the
    log's lines and the score's, all strings the voice composed."""

    board: list[str]
    next: str
    log: list[dict[str, Any]]
    score: list[str]
    campaign: str = ""  # the campaign shown, the one a keeper's move is logged in


def viewer_page(db: Path | str, campaign: str | None = None) -> Page:
    """The page anyone at the table may read: from the public board document."""
    read = readings.page(readings.Reading(str(db), campaign))
    doc = seen_board(read.board)
    said = [public(s) for s in status_rows(doc)]
    board: list[str] = []
    for row in said:
        if row.kind == "players":  # a grid at the terminal: a few lines each on a phone
            for player in doc.get("players", []):
                board += player_lines(player_cells(doc, player))
        elif row.kind != "next" and row.text:
            board.append(row.text)
    nxt = next((s.text for s in said if s.kind == "next"), "")
    shown = str(doc.get("campaign") or "")
    lines = _score_lines(read.score)
    return Page(board=board, next=nxt, log=read.log, score=lines, campaign=shown)


def _score_lines(score: Any) -> list[str]:
    if isinstance(score, dict) and "victory_points" in score:
        return [
            f"{key.replace('_', ' ')}: {score[key]}"
            for key in ("victory_points", "negative_points", "difference")
            if key in score
        ]
    return []


def odds_lines(db: Path | str, campaign: str) -> list[str]:
    """The odds of ``campaign`` now, line by line, in ``grizzled odds``' words (public
    information only; a refusal, such as no chapter being played, is its one line)."""
    try:  # a phone wraps: the lines as long as they are
        said = readings.odds(readings.Reading(str(db), campaign or None)).lines()
    except Refused as refused:
        return [str(refused)]
    return [part for line in said for part in line.splitlines() if part.strip()]
