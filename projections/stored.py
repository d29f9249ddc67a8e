"""Stored events read straight from the event store's table, with sqlite3 and json.

``stored_events`` is the eventsourcing library's table: a rowid table whose rowid is the
notification id, holding ``originator_id`` (uuid hex), ``originator_version``, ``topic``
and ``state`` (compact JSON). The library writes datetimes as
``{"_type_": "datetime_iso", "_data_": ...}`` and UUIDs as ``{"_type_": "uuid_hex", ...}``;
both become their text here. Version-1 events have no ``session`` (see docs/events.md).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

# What the tracker's upcaster gives version-1 events (tracker.aggregate.UNKNOWN_SESSION).
UNKNOWN_SESSION = "before sessions were recorded"
TOPIC_PREFIX = "grizzled:Campaign."
TRANSCODED = ("datetime_iso", "uuid_hex")


@dataclass(frozen=True, slots=True)
class Stored:
    """One stored event: its notification id, stream, version, kind and fields."""

    notification_id: int
    campaign_id: str
    version: int
    kind: str  # Created, ActionLogged, ActionsUndone, ActionsRedone (or an unknown topic)
    data: dict[str, Any]

    @property
    def session(self) -> str:
        """The session it was logged in (version-1 events recorded none)."""
        return str(self.data.get("session", UNKNOWN_SESSION))

    @property
    def timestamp(self) -> str:
        """When it was stored, ISO 8601 UTC."""
        return str(self.data.get("timestamp", ""))


def _untranscode(value: Any) -> Any:
    """The library's transcoded values (datetime, UUID) as their text, at any depth."""
    if isinstance(value, dict):
        if value.keys() == {"_type_", "_data_"} and value["_type_"] in TRANSCODED:
            return value["_data_"]
        return {k: _untranscode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_untranscode(v) for v in value]
    return value


def decode_state(blob: bytes | str) -> dict[str, Any]:
    """A stored event's fields; the timestamp (always transcoded) is decoded directly and
    the rest walked only when the payload holds other transcoded values."""
    data: dict[str, Any] = json.loads(blob)
    stamp = data.get("timestamp")
    if isinstance(stamp, dict):
        data["timestamp"] = stamp.get("_data_")
    marker = b'"_type_"' if isinstance(blob, bytes) else '"_type_"'
    if blob.count(marker) > 1:  # type: ignore[arg-type]
        data = {k: _untranscode(v) for k, v in data.items()}
    return data


def decode_row(row: tuple[int, str, int, str, bytes | str]) -> Stored:
    """A ``stored_events`` row (rowid, originator_id, originator_version, topic, state)."""
    rowid, originator, version, topic, state = row
    kind = topic[len(TOPIC_PREFIX) :] if topic.startswith(TOPIC_PREFIX) else topic
    return Stored(rowid, originator, version, kind, decode_state(state))


SELECT_AFTER = (
    "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events "
    "WHERE rowid > ? ORDER BY rowid LIMIT ?"
)


def read_after(conn: sqlite3.Connection, position: int, limit: int) -> list[Stored]:
    """Up to ``limit`` stored events after notification ``position``, in order."""
    return [decode_row(row) for row in conn.execute(SELECT_AFTER, (position, limit))]


def read_versions(conn: sqlite3.Connection, campaign_id: str, versions: list[int]) -> list[Stored]:
    """Some stored events of one campaign, by version, in version order."""
    marks = ",".join("?" * len(versions))
    rows = conn.execute(
        "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events "
        f"WHERE originator_id = ? AND originator_version IN ({marks}) "
        "ORDER BY originator_version",
        (campaign_id, *versions),
    )
    return [decode_row(row) for row in rows]
