"""Stored events read straight from the event store's table, with sqlite3 and msgspec.

``stored_events`` is the eventsourcing library's table: a rowid table whose rowid is the
notification id, holding ``originator_id`` (uuid hex), ``originator_version``, ``topic``
and ``state`` (compact JSON; a logged action's packed: ``domain.packing``). A payload is
decoded into ``Payload``, the fields the read models use; the others (the command) are
skipped unread, and the state an undo, a redo or a revert of an older file recorded is
kept as raw JSON, decoded only when the runner has no state of its own for it. The
library writes datetimes as ``{"_type_": "datetime_iso", "_data_": ...}``: the timestamp
is its text here. Version-1 events have no ``session`` (see docs/events.md).
"""

from __future__ import annotations

import sqlite3
from typing import Any

import msgspec

from domain.packing import PACKED_MOST, is_packed, unpack
from projections.errors import ProjectionError

# What the tracker's upcaster gives version-1 events (tracker.stream.UNKNOWN_SESSION).
UNKNOWN_SESSION = "before sessions were recorded"
TOPIC_PREFIX = "grizzled:Campaign."
MAX_ROW = PACKED_MOST  # the most a packed row may unpack to (tracker.mapper's limit)
KINDS = frozenset({"Created", "ActionLogged", "ActionsUndone", "ActionsRedone", "ActionReverted"})


class Transcoded(msgspec.Struct, frozen=True):
    """A value the library transcoded (a datetime): ``{"_type_", "_data_"}``."""

    text: str = msgspec.field(name="_data_")


class Payload(msgspec.Struct, frozen=True):
    """The fields of a stored event the read models read (which ones a kind has: see
    tracker.aggregate); ``restored`` and ``base`` are raw JSON, empty (or null) when the
    event has none."""

    timestamp: Transcoded | None = None
    record: dict[str, Any] | None = None  # Created: the CampaignCreated record
    summary: str = ""
    command: dict[str, Any] | None = None  # ActionLogged: the command record, if any
    events: list[dict[str, Any]] = []  # ActionLogged: the domain event records
    parent: int | None = None
    actions: list[int] | None = None  # ActionsUndone, ActionsRedone, ActionReverted
    reason: str | None = None
    head: int | None = None
    restored: msgspec.Raw = msgspec.field(default_factory=msgspec.Raw)
    reverted: int | None = None  # ActionReverted: the action taken out, ...
    replaced: int | None = None  # ... the head before it, and the later actions decided again
    reapplied: list[dict[str, Any]] = []
    base: msgspec.Raw = msgspec.field(default_factory=msgspec.Raw)
    logged_by: str | None = None
    session: str = UNKNOWN_SESSION


class Stored(msgspec.Struct, frozen=True):
    """One stored event: its notification id, stream, version, kind, when it was stored
    (ISO 8601 UTC) and its fields."""

    notification_id: int
    campaign_id: str
    version: int
    kind: str  # Created, ActionLogged, ActionsUndone, ActionsRedone, ActionReverted (KINDS)
    timestamp: str
    data: Payload

    def recorded(self) -> dict[str, Any] | None:
        """The state an undo, a redo (``restored``) or a revert (``base``) recorded, in the
        domain codec's plain form: only files written before recorded one (else None)."""
        raw = bytes(self.data.base if self.kind == "ActionReverted" else self.data.restored)
        return msgspec.json.decode(raw) if raw and raw != b"null" else None

    def returns_to(self) -> int:
        """The action whose state an undo or a redo (``head``) or a revert (its
        ``parent``) returns to."""
        target = self.data.parent if self.kind == "ActionReverted" else self.data.head
        return target or 0

    def records(self) -> list[dict[str, Any]]:
        """The domain event records the event carried (a revert: those of the actions it
        decided again)."""
        if self.kind == "ActionReverted":
            return [record for again in self.data.reapplied for record in again["events"]]
        return self.data.events


PAYLOAD = msgspec.json.Decoder(Payload)


def decode_row(row: tuple[int, str, int, str, bytes | str]) -> Stored:
    """A ``stored_events`` row (rowid, originator_id, originator_version, topic, state)."""
    rowid, originator, version, topic, state = row
    kind = topic[len(TOPIC_PREFIX) :] if topic.startswith(TOPIC_PREFIX) else ""
    if kind not in KINDS:
        raise ProjectionError(
            f"not a grizzled campaign file: unknown topic {str(topic)[:80]!r} in event #{version}"
        )
    try:
        raw = state.encode() if isinstance(state, str) else state
        if kind == "ActionLogged" and is_packed(raw):
            raw, _ = unpack(raw, MAX_ROW)
        payload = PAYLOAD.decode(raw)
    except (msgspec.DecodeError, RecursionError, ValueError) as error:
        raise ProjectionError(
            f"the campaign file is damaged: event #{version} cannot be read ({error})"
        ) from None
    stamp = payload.timestamp.text if payload.timestamp is not None else ""
    return Stored(rowid, originator, version, kind, stamp, payload)


SELECT_AFTER = (
    "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events "
    "WHERE rowid > ? ORDER BY rowid LIMIT ?"
)


def read_after(conn: sqlite3.Connection, position: int, limit: int) -> list[Stored]:
    """Up to ``limit`` stored events after notification ``position``, in order."""
    return [decode_row(row) for row in conn.execute(SELECT_AFTER, (position, limit))]


def read_versions(
    conn: sqlite3.Connection, campaign_id: str, versions: list[int], kind: str | None = None
) -> list[Stored]:
    """Some stored events of one campaign, by version, in version order (only those of
    one ``kind``, if given)."""
    marks = ",".join("?" * len(versions))
    topic = " AND topic = ?" if kind is not None else ""
    rows = conn.execute(
        "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events "
        f"WHERE originator_id = ? AND originator_version IN ({marks}){topic} "
        "ORDER BY originator_version",
        (campaign_id, *versions, *([TOPIC_PREFIX + kind] if kind is not None else [])),
    )
    return [decode_row(row) for row in rows]
