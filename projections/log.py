"""Read model ``event_log``: every stored event of every campaign in readable form.

One row per stored event. ``undone`` is 1 while an action is off the line of play (taken
back by an undo and not redone); the runner sets it again on the rows an undo or a redo
names. Undo and redo rows themselves, and the creation, are never undone.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from projections.chapter import dumps
from projections.stored import Stored


def _versions(actions: list[int]) -> str:
    return ", ".join(f"#{v}" for v in actions)


def summary(event: Stored, campaign: str) -> str:
    """What happened, in a line."""
    data = event.data
    match event.kind:
        case "Created":
            created = data.record["data"] if data.record else {}
            seats = ", ".join(str(seat[0]) for seat in created.get("seats", ()))
            ruleset = created.get("ruleset", "")
            return f"campaign {campaign!r} created ({ruleset}: {seats})"
        case "ActionLogged":
            said = ", ".join(s for s in map(_said, data.events) if s)
            return f"{data.summary}: {said}" if said else data.summary
        case "ActionsUndone":
            reason = data.reason or ""
            text = f"undo {_versions(data.actions or [])}"
            return f"{text}: {reason}" if reason else text
        case "ActionsRedone":
            text = f"redo {_versions(data.actions or [])}"
            return f"{text}: {data.reason}" if data.reason else text
        case "ActionReverted":
            again = [int(r["of"]) for r in data.reapplied]
            text = f"revert of #{data.reverted}"
            return f"{text}; decided again: {_versions(again)}" if again else text
    return ""


def _said(record: dict[str, Any]) -> str:
    """What an event adds to its action's summary (the summary typed at the table does not
    say it): who got which Helping Hand, which were not taken; how a Mission or a chapter
    ended (``Mission failed, 3 shell``; ``chapter lost, 13 cards in hands``)."""
    data = record.get("data") or {}
    match record.get("type"):
        case "HelpingHandAwarded":
            return f"#{data.get('number')} to {data.get('player')}"
        case "HelpingHandsUnclaimed":
            numbers = ", ".join(f"#{n}" for n in data.get("numbers") or ())
            return f"{numbers} not taken"
        case "MissionFailed":
            threat = data.get("threat")
            return f"Mission failed, 3 {threat}" if threat else "Mission failed (the table ends it)"
        case "MissionSucceeded":
            return "Mission succeeded"
        case "ChapterWon":
            return "chapter won"
        case "ChapterLost":  # one the table declared: its reason is the entry's own
            declared = data.get("reason") == "declared" or not data.get("detail")
            return "chapter lost" if declared else f"chapter lost, {data['detail']}"
    return ""


def reason(event: Stored) -> str:
    """Why, as the group said: an undo's, or the reason (a Helping Hand's note) its command
    or one of its events carried (a correction, a Briefing or Conclusion entered again, a
    ban, a description)."""
    data = event.data
    if data.reason:
        return data.reason
    command = (data.command or {}).get("data") or {}
    for key in ("reason", "note"):  # a Helping Hand's note: what it did, typed for the log
        said = command.get(key)
        if isinstance(said, str) and said.strip():
            return said.strip()
    for record in data.events:  # a file from before commands were kept: the event's
        if record.get("type") not in REASONED:
            continue
        said = (record.get("data") or {}).get("reason")
        if isinstance(said, str) and said.strip():
            return said.strip()
    return ""


# The domain events whose ``reason`` is the group's (a ChapterLost's is a reason code).
REASONED = frozenset(
    {
        "FactCorrected",
        "BriefingEntered",
        "ConclusionEntered",
        "CardBanned",
        "TrialCardDescribed",
        "OrderDescribed",
        "RecruitDescribed",
        "HelpingHandDescribed",
    }
)


def event_types(event: Stored) -> tuple[str, ...]:
    """The domain event types a stored event carried."""
    if event.kind == "Created" and event.data.record:
        return (str(event.data.record["type"]),)
    return tuple([str(record["type"]) for record in event.records()])


@lru_cache(maxsize=1024)
def _types_column(types: tuple[str, ...]) -> str:
    """``event_types`` as JSON (a few hundred different lists in a campaign)."""
    return dumps(list(types))


# The domain events that hold a point of the score: a Helping Hand awarded (a Victory
# Point), Helping Hands not taken and a card banned (Negative Points).
SCORED = frozenset({"HelpingHandAwarded", "HelpingHandsUnclaimed", "CardBanned"})


def points(kind: str, data: dict[str, Any]) -> list[tuple[str, str]]:
    """The points one scored domain event holds: (``victory`` or ``negative``, in words)."""
    if kind == "HelpingHandAwarded":
        return [("victory", f"Helping Hand #{data['number']} to {data['player']}")]
    if kind == "HelpingHandsUnclaimed":
        return [("negative", f"Helping Hand #{n} not taken") for n in data["numbers"]]
    source = "hand" if data["source"] == "hand" else "Hard Knocks"
    why = f" ({data['reason']})" if data.get("reason") else ""
    return [("negative", f"{data['card']} banned from {data['player']}'s {source}{why}")]


def fact_rows(event: Stored) -> list[tuple[Any, ...]]:
    """The ``score_facts`` rows of one stored event (none for most), in column order."""
    if event.kind not in ("ActionLogged", "ActionReverted"):
        return []
    rows: list[tuple[Any, ...]] = []
    for record in event.records():
        kind, data = str(record["type"]), record["data"]
        if kind in SCORED:
            for point, what in points(kind, data):
                rows.append(
                    (
                        event.campaign_id,
                        event.version,
                        len(rows) + 1,
                        kind,
                        point,
                        data["chapter"],
                        what,
                    )
                )
    return rows


def log_row(event: Stored, campaign: str, chapter: int | None) -> tuple[Any, ...]:
    """The ``event_log`` row of one stored event, in the table's column order (``chapter``:
    the chapter after it; not undone: the runner sets the flags an undo or a redo names)."""
    data = event.data
    actions = data.actions
    return (
        event.campaign_id,
        campaign,
        event.version,
        event.notification_id,
        event.kind,
        summary(event, campaign),
        data.logged_by,  # who
        data.session,
        event.timestamp,  # time
        chapter,
        _types_column(event_types(event)),
        data.parent,
        dumps(actions) if actions is not None else None,
        data.head,
        reason(event) or None,
        0,  # undone
    )
