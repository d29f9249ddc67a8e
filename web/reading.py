"""The documents a page shows, read through the application (``app.readings``): the public
board, the log's entries and the score in one unit of work, the odds; the same data the
commands print as JSON, the same checks, the file only read. The page's words are the
voice's (``voice.board``); nothing here reads what a command printed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

from app import readings
from app.errors import Refused
from voice import phone, public
from voice.board import status_rows
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
    drawn: dict[str, Any] | None = None  # the board drawn (voice.phone): None, no chapter
    logged: int = 0  # the log's entries in all (``log`` holds the newest: the rest, /log)


DRAWN = frozenset({"decks", "nml", "threats", "players", "result"})  # drawn, not said


def viewer_page(db: Path | str, campaign: str | None = None, session: Any = None) -> Page:
    """The page anyone at the table may read: from the public board document (read in
    ``session``, a keeper's write's before it closes, if given: ``readings.written``)."""
    read = readings.page(readings.Reading(str(db), campaign), session)
    doc = seen_board(read.board)
    said = [public(s) for s in status_rows(doc)]
    drawn = _drawn(doc) if doc.get("phase") is not None else None
    board = [
        row.text
        for row in said
        if row.kind not in ("next", "legal", "must-withdraw") and row.text
        if drawn is None or row.kind not in DRAWN
    ]
    nxt = next((s.text for s in said if s.kind == "next"), "")
    shown = str(doc.get("campaign") or "")
    lines = phone.score_words(read.score)
    log = list(reversed(read.log))  # newest first
    return Page(
        board=board,
        next=nxt,
        log=log,
        score=lines,
        campaign=shown,
        drawn=drawn,
        logged=read.logged,
    )


@dataclass(frozen=True)
class LogPage:
    """A page of the whole log (``/log``): its entries newest first, the number of the
    first (the log's entries are numbered from the oldest, 1), and where the next newer
    and older pages start (None: there is none)."""

    campaign: str
    log: list[dict[str, Any]]
    start: int
    newer: int | None
    older: int | None


def log_page(db: Path | str, campaign: str | None, skip: int) -> LogPage:
    """The log's entries after its ``skip`` newest (``readings.LOG_PAGE`` of them)."""
    read = readings.log_page(readings.Reading(str(db), campaign), skip)
    older = skip + readings.LOG_PAGE
    return LogPage(
        campaign=read.campaign,
        log=list(reversed(read.log)),
        start=read.logged - skip,
        newer=max(skip - readings.LOG_PAGE, 0) if skip > 0 else None,
        older=older if older < read.logged else None,
    )


def _drawn(doc: dict[str, Any]) -> dict[str, Any]:
    """The board's pieces a phone draws (``voice.phone``)."""
    return {
        "banner": phone.banner(doc),
        "next": phone.next_words(doc),
        "strip": phone.strip(doc),
        "decks": phone.decks(doc),
        "cards": phone.cards(doc),
        "threats": phone.threat_counts(doc),
        "players": phone.players(doc),
        "result": phone.result(doc),
        "titles": phone.titles(),
    }


def odds_lines(db: Path | str, campaign: str) -> list[str]:
    """The odds of ``campaign`` now, line by line, in ``grizzled odds``' words (public
    information only; a refusal, such as no chapter being played, is its one line)."""
    try:  # a phone wraps: the lines as long as they are
        said = readings.odds(readings.Reading(str(db), campaign or None)).lines()
    except Refused as refused:
        return [str(refused)]
    return [part for line in said for part in line.splitlines() if part.strip()]


SYMBOLS = Path(__file__).resolve().parent / "static" / "symbols"


@cache
def symbol(name: str, size: int = 24) -> Markup:
    """A symbol drawn here (web/static/symbols/NAME.svg: a threat, Trap, Luck), inlined in
    the page at ``size`` px and hidden from screen readers (its name is written beside it);
    nothing for a name that is not one."""
    if not name.isalpha() or not (SYMBOLS / f"{name}.svg").is_file():
        return Markup("")
    text = (SYMBOLS / f"{name}.svg").read_text("utf-8").strip()
    opened = f'<svg width="{size}" height="{size}" aria-hidden="true" focusable="false" class="sym"'
    text = re.sub(r"<svg [^>]*?viewBox", opened + " viewBox", text, count=1)
    return Markup(re.sub(r' role="img" aria-label="[a-z]+"', "", text, count=1))
