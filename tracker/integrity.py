"""The record anyone can verify: every stored event chained to the one before it.

Each event of a campaign is chained by two digests (sha256); the table ``grizzled_chain``
beside the events keeps the second, written in the same transaction as the event
(``ChainedRecorder``), as 32 bytes (the first is computed again from the event, so the
chain costs about 80 bytes an event):

- ``content``: the digest of the event's canonical form, its own content only: the
  event's name (the last part of its topic) and its payload as stored, decoded and
  written again as canonical JSON (sorted keys, no whitespace, ASCII). The library's
  bookkeeping is left out (the ``class_version`` it adds, the tags its transcoder wraps
  values in), so a library upgrade that writes them otherwise changes no digest;
- ``hash``: the digest of the previous event's hash, this event's number (originator
  version) and its content (the first event follows ``GENESIS``). The newest hash
  therefore stands for the whole history, in order.

A file recorded before the chain is chained whole, every campaign, in the transaction
that marks it format 2 (its first write: ``chain_every_campaign``; ``upgraded`` rows, whose
digests prove only that nothing changed since), so a file marked 2 lacks no link. A
checkpoint is the head's hash, short enough to say aloud and write on the chapter sheet:
``K7QX-M2PA-3FTR-WB3D-F @ 412``
(80 bits of the hash in base32, a check character, and the count of events it covers).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from tracker import store
from tracker.chainhash import GENESIS as GENESIS
from tracker.chainhash import canonical as canonical
from tracker.chainhash import content_digest as content_digest
from tracker.chainhash import hashes
from tracker.chainhash import link as link
from tracker.checkpoint import checkpoint as checkpoint  # where export and older code find it
from tracker.checkpoint import hex_of
from tracker.library import SQLiteApplicationRecorder, SQLiteCursor, StoredEvent


class Link(msgspec.Struct, frozen=True):
    """One event's place in the chain (``content``: '' for a link as the chain table
    keeps it, which holds only the hash)."""

    version: int
    content: str
    hash: str
    upgraded: bool = False


def chained(rows: Iterable[tuple[int, str, Any]], previous: str = GENESIS) -> list[Link]:
    """The links of a campaign's events (version, topic, stored state), in order."""
    return [Link(*each) for each in hashes(rows, previous)]


class ChainedRecorder(SQLiteApplicationRecorder):
    """The library's SQLite recorder, writing each event's link in the same transaction
    as the event (the tracker names it in its environment)."""

    def construct_create_table_statements(self) -> list[str]:
        return [*super().construct_create_table_statements(), store.CREATE_CHAIN]

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        returning = super()._insert_events(c, stored_events, **kwargs)
        for each in stored_events:
            chain_event(c, self.events_table_name, each)
        return returning


def chain_event(c: Any, events_table: str, stored: StoredEvent, previous: str = "") -> str:
    """Write a stored event's link on the cursor ``c``, in the transaction that inserts
    it (the events before it in ``events_table``; ``previous``: the hash of the event
    before it when the caller knows it, as it wrote it); its hash."""
    originator = stored.originator_id
    stream = originator.hex if hasattr(originator, "hex") else str(originator)
    version = stored.originator_version
    if not previous:
        previous = GENESIS if version == 1 else chained_up_to(c, events_table, stream, version - 1)
    hashed = link(previous, version, content_digest(stored.topic, stored.state))
    store.add_link(c, stream, version, hashed, upgraded=False)
    return hashed


def chained_up_to(c: Any, events_table: str, stream: str, version: int) -> str:
    """The hash of event ``version`` of a campaign (a cursor ``c`` of the file); the events
    up to it that have no link yet (recorded before the chain, or whose newest links are
    missing) are chained first (``upgraded``)."""
    row = store.latest_link(c, stream, version)
    if row is not None and row[0] == version:
        return hex_of(row[1])
    after, previous = (int(row[0]), hex_of(row[1])) if row is not None else (0, GENESIS)
    rows = store.events_between(c, events_table, stream, after, version)
    for each in chained(rows, previous):
        store.add_link(c, stream, each.version, each.hash, upgraded=True)
        previous = each.hash
    return previous


def chain_every_campaign(c: Any) -> None:
    """Every event of the file that has no link yet chained (``upgraded``), in the caller's
    transaction: the one that marks a file of format 1 as format 2 (``dbfile.mark``), so
    that a file marked 2 holds a link for every event, and a link missing from it is a
    link removed (``tracker.verify``: no downgrade)."""
    store.make_chain(c)
    for stream, last in store.stream_heads(c):
        chained_up_to(c, store.EVENTS, str(stream), int(last))
