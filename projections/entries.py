"""Log entries with the domain events they carried, for ``why``: one entry, the entries on
the line of play that may hold a decision of the rules (newest first), and the entries of
the chapter an entry belongs to. Read from ``event_log`` (which entries, in what order)
and the stored events themselves (what each carried); bounded in rows read."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any

from projections.stored import read_versions

CHAPTER_MOST = 5000  # entries read back to a chapter's start (a chapter has a few hundred)
Records = list[dict[str, Any]]


def one(
    conn: sqlite3.Connection, campaign_id: str, version: int
) -> tuple[str, str, Records] | None:
    """Entry ``version``: its kind (Created, ActionLogged, ...), summary and domain event
    records; None if the log has no such entry."""
    row = conn.execute(
        "SELECT kind, summary FROM event_log WHERE campaign_id = ? AND version = ?",
        (campaign_id, version),
    ).fetchone()
    if row is None:
        return None
    stored = read_versions(conn, campaign_id, [version])
    records = stored[0].records() if stored and row[0] == "ActionLogged" else []
    return str(row[0]), str(row[1]), records


def with_types(
    conn: sqlite3.Connection, campaign_id: str, types: frozenset[str]
) -> Iterator[tuple[int, str]]:
    """The actions on the line of play holding an event of ``types``, newest first (number,
    summary), read one at a time."""
    cursor = conn.execute(
        "SELECT version, summary, event_types FROM event_log WHERE campaign_id = ? AND "
        "kind = 'ActionLogged' AND undone = 0 ORDER BY version DESC",
        (campaign_id,),
    )
    for version, summary, event_types in cursor:
        if types.intersection(json.loads(event_types or "[]")):
            yield int(version), str(summary)


def chapter_before(
    conn: sqlite3.Connection, campaign_id: str, version: int
) -> list[tuple[int, Records]]:
    """The actions on the line of play before ``version`` back to its chapter's start (the
    entry holding ChapterStarted), oldest first, with their records."""
    cursor = conn.execute(
        "SELECT version, event_types FROM event_log WHERE campaign_id = ? AND version < ? AND "
        "kind = 'ActionLogged' AND undone = 0 ORDER BY version DESC LIMIT ?",
        (campaign_id, version, CHAPTER_MOST),
    )
    versions: list[int] = []
    for number, event_types in cursor:
        versions.append(int(number))
        if "ChapterStarted" in json.loads(event_types or "[]"):
            break
    return _records(conn, campaign_id, versions)


def _records(
    conn: sqlite3.Connection, campaign_id: str, versions: Sequence[int]
) -> list[tuple[int, Records]]:
    found = []
    for at in range(0, len(versions), 500):  # SQLite's limit on bound parameters
        found += read_versions(conn, campaign_id, list(versions[at : at + 500]))
    return [(event.version, event.records()) for event in sorted(found, key=lambda e: e.version)]
