"""Stored events read as untrusted input: only our own classes are ever resolved.

The event store names each stored event's class by a topic (``module:QualName``), and a
snapshot or a creation event names the aggregate's class too; the library imports
whatever a topic names. A crafted file could name any class (a file-deleting finaliser,
a module that opens a browser). ``CheckedMapper`` therefore checks every stored row
before the library resolves anything: its topic against the allow-list below, its size,
and its JSON against the schema of that kind of event (msgspec, strict), the topics it
holds inside included. A row that fails is never decoded further: UnusableFile names it.
A logged action's row is written packed (``domain.packing``) and unpacked before it is
checked, to at most MAX_STORED_BYTES, naming the same parent outside as inside.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Literal
from uuid import UUID

import msgspec

from domain.annotations import resolve
from domain.errors import N_
from domain.packing import (
    DEFLATED_MOST,
    PACKED_MOST,
    Inflation,
    deflate,
    inflate,
    is_deflated,
    is_packed,
    pack,
    unpack,
)
from tracker.errors import UnusableFile
from tracker.library import JSONTranscoder, Mapper, StoredEvent
from tracker.shape import (
    CREATED_TOPIC,
    MAX_STORED_BYTES,
    REDONE_TOPIC,
    REVERTED_TOPIC,
    UNDONE_TOPIC,
)
from tracker.shape import EVENT_TOPICS as EVENT_TOPICS
from tracker.shape import LOGGED_TOPIC as LOGGED_TOPIC
from tracker.shape import SNAPSHOT_TOPIC as SNAPSHOT_TOPIC
from tracker.shape import broken_link as broken_link
from tracker.shape import damaged_row as damaged_row
from tracker.shape import unknown_topic as unknown_topic
from tracker.shape import where as where

AGGREGATE_TOPIC = "grizzled:Campaign"
STATE_TRANSCODING = "grizzled_campaign_state"
# A JSON escape of half a surrogate pair (an odd number of backslashes before it): the
# library writes text as UTF-8, so only a crafted file holds one, and text holding one
# could never be written back (or printed). Searched only in a row that holds ``\ud`` or
# ``\uD`` at all (a byte search; the expression takes ~1.5 ms on a 130 KB snapshot).
LONE_SURROGATE = re.compile(rb"(?<!\\)(?:\\\\)*\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


class Stamp(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A datetime as the library stores it."""

    type_: Literal["datetime_iso"] = msgspec.field(name="_type_")
    data: str = msgspec.field(name="_data_")


class _Stored(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    timestamp: Stamp
    logged_by: str
    session: str = ""  # class version 1 had none (upcast)
    class_version: Literal[2] | None = None


class CreatedRow(_Stored, frozen=True, forbid_unknown_fields=True):
    originator_topic: str  # checked against AGGREGATE_TOPIC (check_row)
    record: dict[str, Any]


class ActionLoggedRow(_Stored, frozen=True, forbid_unknown_fields=True):
    summary: str
    command: dict[str, Any] | None
    events: list[dict[str, Any]]
    parent: int
    draws: list[list[Any]] | None = None


class ActionsUndoneRow(_Stored, frozen=True, forbid_unknown_fields=True):
    actions: list[int]
    reason: str
    head: int
    restored: dict[str, Any] | None = None  # files written before recorded the state


class ActionsRedoneRow(_Stored, frozen=True, forbid_unknown_fields=True):
    actions: list[int]
    head: int
    restored: dict[str, Any] | None = None  # files written before recorded the state
    reason: str = ""  # files written before kept none


class ReapplyRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    of: int
    summary: str
    command: dict[str, Any]
    events: list[dict[str, Any]]
    draws: list[list[Any]] = []


class ActionRevertedRow(_Stored, frozen=True, forbid_unknown_fields=True):
    reverted: int
    actions: list[int]
    reason: str
    parent: int
    replaced: int
    reapplied: list[ReapplyRow]
    base: dict[str, Any] | None = None  # files written before recorded the state


class TaggedState(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The campaign state, tagged with our transcoding (decoded by the domain's codec,
    which checks it against the state's schema: here it is left as it was read, a long
    campaign's state being most of a snapshot's bytes)."""

    type_: Literal["grizzled_campaign_state"] = msgspec.field(name="_type_")
    data: msgspec.Raw = msgspec.field(name="_data_")


class AggregateRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    created_on: Stamp = msgspec.field(name="_created_on")
    modified_on: Stamp = msgspec.field(name="_modified_on")
    state: TaggedState
    head: int
    redo: list[list[int]]


class SnapshotRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    timestamp: Stamp
    topic: str  # checked against AGGREGATE_TOPIC (check_row)
    state: AggregateRow


# The only topics grizzled resolves (tracker.shape), with the schema each stored row must
# meet.
SCHEMAS: dict[str, type[msgspec.Struct]] = {
    CREATED_TOPIC: CreatedRow,
    LOGGED_TOPIC: ActionLoggedRow,
    UNDONE_TOPIC: ActionsUndoneRow,
    REDONE_TOPIC: ActionsRedoneRow,
    REVERTED_TOPIC: ActionRevertedRow,
    SNAPSHOT_TOPIC: SnapshotRow,
}
NAMING_AGGREGATE = frozenset({CREATED_TOPIC, SNAPSHOT_TOPIC})


class Named(msgspec.Struct, frozen=True):
    """The aggregate class a creation event or a snapshot names."""

    topic: str | None = None
    originator_topic: str | None = None


NAMED = msgspec.json.Decoder(Named)
DECODERS: dict[str, msgspec.json.Decoder[Any]] = {}  # made when a topic is first met


def decoder_of(topic: str) -> msgspec.json.Decoder[Any] | None:
    """The decoder of a topic's rows, made the first time it is asked for: msgspec reads
    a schema's annotations as it makes one (~0.5 M instructions a class), and a logged
    action meets two topics of six."""
    decoder = DECODERS.get(topic)
    if decoder is None and topic in SCHEMAS:
        resolve(SCHEMAS[topic])
        decoder = DECODERS[topic] = msgspec.json.Decoder(SCHEMAS[topic])
    return decoder


def check_row(topic: str, version: int, state: bytes) -> None:
    """Refuse a stored row that grizzled would never have written (UnusableFile)."""
    decoder = decoder_of(topic)
    if decoder is None:
        raise UnusableFile(unknown_topic(topic, where(topic, version)))
    if not isinstance(state, bytes | bytearray | memoryview):  # edited into TEXT, or a number
        raise UnusableFile(damaged_row(topic, version, "it is not stored as bytes"))
    most = PACKED_MOST if topic == LOGGED_TOPIC else MAX_STORED_BYTES  # plain or unpacked
    if len(state) > most:
        raise UnusableFile(
            N_(
                "not a grizzled campaign file: {topic} holds {state_count:,} bytes, "
                "far more than grizzled ever writes"
            ),
            topic=where(topic, version),
            state_count=len(state),
        )
    if (b"\\ud" in state or b"\\uD" in state) and LONE_SURROGATE.search(state):
        raise UnusableFile(
            damaged_row(topic, version, "text that is not Unicode: an escaped lone surrogate")
        )
    try:
        if topic in NAMING_AGGREGATE:  # the class it names is checked first, alone
            named = NAMED.decode(state)
            inner = named.topic or named.originator_topic
            if inner != AGGREGATE_TOPIC:
                raise UnusableFile(unknown_topic(str(inner), where(topic, version)))
        decoder.decode(state)
    except (msgspec.DecodeError, RecursionError) as error:
        raise UnusableFile(damaged_row(topic, version, str(error))) from None


def unpacked(topic: str, version: int, state: bytes, spent: Inflation | None = None) -> bytes:
    """A row as JSON: a logged action's packed one (``domain.packing``) unpacked, at most
    PACKED_MOST bytes, naming inside the parent it names outside; a snapshot's deflated
    one inflated, at most DEFLATED_MOST; others as they are. ``spent``: what the rows
    read before inflated to (the file's rows may not inflate further together)."""
    if not isinstance(state, bytes):
        return state  # (a row edited into text is refused by check_row)
    packed = topic == LOGGED_TOPIC and is_packed(state)
    deflated = topic == SNAPSHOT_TOPIC and is_deflated(state)
    if not (packed or deflated):
        return state
    if len(state) > MAX_STORED_BYTES:
        check_row(topic, version, state)  # refuses it, saying its size
    most = PACKED_MOST if packed else DEFLATED_MOST
    limit = most if spent is None else min(most, spent.left(len(state)))
    try:
        out = unpack(state, limit)[0] if packed else inflate(state, limit)
    except ValueError as error:
        why = f"{error}; {spent.said()}" if spent is not None and limit < most else str(error)
        raise UnusableFile(damaged_row(topic, version, why)) from None
    if spent is not None:
        spent.spend(len(state), len(out))
    return out


class CheckedTranscoder(JSONTranscoder):
    """The library's JSON transcoder, reading a checked row with msgspec. The library's
    decoder calls a Python hook on every object of a document (a snapshot after 1,111
    chapters holds 4,870: ~4 ms, and an undo reads two); the tagged values the hook turns
    back into objects (a datetime, the campaign state) stand, in every row ``check_row``
    lets through, at the top level or one below it (``SCHEMAS``: ``Stamp`` and
    ``TaggedState`` fields, every other object a domain record in plain JSON), so they are
    looked for there, with the library's own hook (tests/tracker/test_storage.py checks
    both decode every kind of row alike)."""

    def decode(self, data: bytes) -> Any:
        document = msgspec.json.decode(data)
        if type(document) is dict:
            for key, value in document.items():
                if type(value) is dict:
                    for inner, item in value.items():
                        if type(item) is dict:
                            value[inner] = self._decode_obj(item)
                    document[key] = self._decode_obj(value)
        return document


SNAPSHOTS_KEPT = 2  # decoded snapshots a mapper keeps (each a whole campaign state)


class CheckedMapper(Mapper[UUID]):
    """The library's mapper, resolving only grizzled's own topics from checked rows; a
    logged action's row is written packed (``domain.packing``). It keeps the snapshots it
    decoded last: an undo that a command loads past recalls the state it returns to from
    the snapshot before it, and the walk to that state may meet another undo recalling
    from the same snapshot (~2 ms a decode after 1,111 chapters). A snapshot is only
    read: the library copies its state's dict into each aggregate it makes, and what that
    holds is never changed in place (frozen structs; lists replaced, not appended to: see
    tracker.kept). It is kept with its stored bytes: the same row, or it is decoded again."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.snapshots: dict[tuple[UUID | str, int], tuple[bytes, Any]] = {}
        self.inflation = Inflation()  # what the rows it read inflated to (domain.packing)

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        stored = super().to_stored_event(domain_event)
        if stored.topic == LOGGED_TOPIC:
            return replace(stored, state=pack(stored.state, domain_event.parent))
        if stored.topic == SNAPSHOT_TOPIC:
            return replace(stored, state=deflate(stored.state))
        return stored

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        topic, version = stored_event.topic, stored_event.originator_version
        if topic != SNAPSHOT_TOPIC:
            return self._decoded(stored_event)
        key, stored = (stored_event.originator_id, version), stored_event.state
        kept = self.snapshots.get(key)
        if kept is not None and kept[0] == stored:
            return kept[1]
        snapshot = self._decoded(stored_event)
        self.snapshots[key] = (stored, snapshot)
        while len(self.snapshots) > SNAPSHOTS_KEPT:
            del self.snapshots[next(iter(self.snapshots))]
        return snapshot

    def _decoded(self, stored_event: StoredEvent) -> Any:
        topic, version = stored_event.topic, stored_event.originator_version
        state = unpacked(topic, version, stored_event.state, self.inflation)
        check_row(topic, version, state)
        try:
            return super().to_domain_event(replace(stored_event, state=state))
        except Exception as error:  # a checked row the library still cannot decode
            raise UnusableFile(damaged_row(topic, version, str(error))) from None
