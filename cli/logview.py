"""``grizzled log`` drawn for a terminal (its lines are the voice's: voice/log.py), and what
``--since`` and ``--kind`` take."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta

import click
from rich.console import Group, RenderableType
from rich.text import Text

from voice.lang import _
from voice.log import Entry, Layout, entry_lines, history_lines

__all__ = ["Layout", "entry_lines", "history_lines", "history_view", "kinds", "since"]


def history_view(entries: Sequence[Entry], width: int = 100, earlier: int = 0) -> RenderableType:
    """The log for a terminal: ``history_lines`` with headings in bold and an undone
    action's words struck through and dimmed (said in words too: a pipe shows no strike)."""
    texts = []
    for line in history_lines(entries, width, earlier):
        text = Text(line.text, style="bold" if line.heading else "", no_wrap=True)
        start, end = line.struck
        if end > start:
            text.stylize("strike dim", start, end)
        texts.append(text)
    return Group(*texts)


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
        said = _(
            "{text}: write a date (2026-11-12), a date and time (2026-11-12 20:00), "
            "today or yesterday"
        )
        raise click.BadParameter(said.format(text=repr(text))) from None
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
    "endings": ("MissionSucceeded", "MissionFailed", "ChapterWon", "ChapterLost"),
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
            said = _(
                "{word} is not a kind of entry ({kinds}, or an event type from docs/events.md, "
                "e.g. CardBanned)"
            )
            raise click.BadParameter(said.format(word=repr(word), kinds=", ".join(KIND_WORDS)))
        found += types
    return tuple(dict.fromkeys(found))
