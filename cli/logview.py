"""``grizzled log`` as a person reads it: entries grouped under the day and session they were
logged in, each with its time, who logged it, what happened and why."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import click
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cli.shown import LINE, shown

Entry = dict[str, Any]


def _local(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp).astimezone()


def what(entry: Entry) -> str:
    """An entry's line: what happened, and why when the group said."""
    versions = ", #".join(map(str, entry["actions"]))
    if entry["kind"] == "ActionsUndone":
        said = f"undo of #{versions}"
    elif entry["kind"] == "ActionsRedone":
        said = f"redo of #{versions}"
    else:
        said = entry["summary"]
    return f"{said} (why: {entry['reason']})" if entry["reason"] else said


def heading(day: date, session: str) -> str:
    """``Tue 24 Nov 2026`` and the session, unless it is named after that day."""
    said = day.strftime("%a %d %b %Y")
    return said if session == day.isoformat() else f"{said}, session {session!r}"


def _table() -> Table:
    table = Table(show_edge=False, box=None, header_style="bold")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("time", no_wrap=True)
    table.add_column("who", max_width=16, overflow="fold")
    table.add_column("what", overflow="fold")
    return table


def _off_line(entries: Sequence[Entry]) -> dict[int, str]:
    """What took an undone entry off the line, when a revert in view did: the reverted
    action, then the ones it decided again."""
    said: dict[int, str] = {}
    for entry in entries:
        if entry["kind"] != "ActionReverted" or entry["undone"] or not entry["actions"]:
            continue
        first, *later = sorted(entry["actions"])
        said[first] = f"reverted by #{entry['version']}"
        said.update((v, f"decided again in #{entry['version']}") for v in later)
    return said


def history_view(entries: Sequence[Entry], earlier: int = 0) -> RenderableType:
    """The entries, oldest first, under a heading per day and session; undone actions are
    struck through and said (undone). ``earlier``: how many matching entries were left out
    before these (the screenful a terminal shows)."""
    parts: list[RenderableType] = []
    if earlier:
        parts.append(
            Text(
                f"{earlier} earlier entr{'y' if earlier == 1 else 'ies'}: grizzled log --all "
                "(or --last N, --chapter N, --session S, --since DATE)",
                style="dim",
            )
        )
    group: tuple[date, str] | None = None
    table = _table()
    off = _off_line(entries)
    for entry in entries:
        when = _local(entry["time"])
        key = (when.date(), str(entry["session"]))
        if key != group:
            if group is not None:
                parts.append(table)
                table = _table()
            parts.append(Text(shown(heading(*key), LINE), style="bold underline"))
            group = key
        line = Text(shown(what(entry), LINE), style="strike dim" if entry["undone"] else "")
        if entry["undone"]:  # said in words too: no colour, a pipe or a phone shows no strike
            line.append(f" ({off.get(entry['version'], 'undone')})")
        table.add_row(
            str(entry["version"]), when.strftime("%H:%M"), Text(shown(entry["logged_by"])), line
        )
    if group is not None:
        parts.append(table)
    else:
        parts.append(Text("No entry matches."))
    return Group(*parts)


def since(text: str, today: date | None = None) -> str:
    """``--since``: a local date (``2026-11-12``), date and time (``2026-11-12 20:00``),
    ``today`` or ``yesterday``, as the stored form (ISO 8601 UTC) to compare with."""
    word = text.strip().lower()
    today = today or datetime.now().astimezone().date()
    try:
        if word in ("today", "yesterday"):
            moment = datetime.combine(today - timedelta(days=word == "yesterday"), time())
        elif len(word) == 10:
            moment = datetime.combine(date.fromisoformat(word), time())
        else:
            moment = datetime.fromisoformat(word.replace(" ", "T"))
    except ValueError:
        raise click.BadParameter(
            f"{text!r}: write a date (2026-11-12), a date and time (2026-11-12 20:00), "
            "today or yesterday"
        ) from None
    local = moment if moment.tzinfo else moment.astimezone()
    return local.astimezone(UTC).isoformat()


# ``--kind`` words a group would type, beside every event type's own name.
KIND_WORDS: dict[str, tuple[str, ...]] = {
    "undo": ("ActionsUndone",),
    "redo": ("ActionsRedone",),
    "revert": ("ActionReverted",),
    "correction": ("FactCorrected",),
    "ban": ("CardBanned",),
    "award": ("HelpingHandAwarded", "HelpingHandsUnclaimed"),
    "briefing": ("BriefingEntered",),
    "conclusion": ("ConclusionEntered",),
    "describe": (
        "TrialCardDescribed",
        "OrderDescribed",
        "RecruitDescribed",
        "HelpingHandDescribed",
    ),
    "chapter": ("ChapterStarted", "ChapterWon", "ChapterLost"),
    "mission": ("MissionStarted", "MissionSucceeded", "MissionFailed"),
}


def _folded(word: str) -> str:
    return "".join(c for c in word.casefold() if c.isalnum())


def kind_names() -> dict[str, tuple[str, ...]]:
    """Every ``--kind`` a log accepts, folded (case, hyphens and spaces ignored), and the
    stored kinds or event types it stands for."""
    from domain.records import EVENT_TYPES

    stored = ("ActionsUndone", "ActionsRedone", "ActionReverted")
    names = {_folded(t): (t,) for t in (*EVENT_TYPES, *stored)}
    return {**names, **KIND_WORDS}


def kinds(words: Sequence[str]) -> tuple[str, ...]:
    """The stored kinds and event types ``--kind`` words stand for."""
    if not words:
        return ()
    known = kind_names()
    found: list[str] = []
    for word in words:
        types = known.get(_folded(word))
        if types is None:
            raise click.BadParameter(
                f"{word!r} is not a kind of entry ({', '.join(KIND_WORDS)}, or an event type "
                "from docs/events.md, e.g. CardBanned)"
            )
        found += types
    return tuple(dict.fromkeys(found))
