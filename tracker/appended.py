"""What another device appended to a file checked before, checked as it is read.

A file is checked whole once on this machine (``tracker.checks.first_sight``); what was
checked is remembered as a position (``Position``): each campaign's last checked event
and the hash of its link in the chain, and the newest stored event's position then.
When the file changed since (another device logged into it), only what lies after that
position is checked: the checked part must still be there as it was (each campaign's
events up to its checked number, none missing, the checked link's hash unchanged),
every new event's topic is ours, its number follows the one before, its link in the
chain follows from the checked hash, every undo's and redo's head and every action's
parent is an action of the campaign, and the new events are replayed through the rules
from the state at the checked event (every snapshot among them equal to the replay).
A campaign new since is checked whole. Anything that is not as it was (``Rewritten``)
sends the file to the whole check again. The cost is that of the new events, not of the
file: a command after another device's write costs what it costs after one's own.

A read that takes its board from the read models (``shaped``) checks all of this but the
replay through the rules, without the event store or the rules (``tracker.shape``,
``tracker.chainhash``: sqlite3, hashlib and our codec), and remembers nothing: the file
stays "changed since it was checked" until a command that opens the event store anyway
(a write, a read from the events, a catch-up of the read models) checks it with the
replay (``since``) and only then moves the checked position on (docs/reliability.md).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from domain.errors import N_
from tracker import store
from tracker.checkpoint import hex_of
from tracker.errors import UnusableFile
from tracker.position import Position, as_json, from_json, place, position
from tracker.shape import (
    EVENT_TOPICS,
    LOGGED_TOPIC,
    REDONE_TOPIC,
    REVERTED_TOPIC,
    UNDONE_TOPIC,
    follow_links,
    gap,
    unknown_topic,
    where,
)

if TYPE_CHECKING:
    from tracker.app import Tracker


class Rewritten(Exception):
    """What was checked is no longer there as it was: the file is checked whole again."""


def check_since(
    tracker: Tracker, checked: Position, shape: tuple[int, dict[str, int], list[str], Position]
) -> Position:
    """The rest of the check of what was appended after ``checked`` (the module
    docstring), once its ``shape`` passed (``check_shape``): each campaign that grew
    replayed through the rules from its checked event up to its head then, a campaign new
    since checked whole; the position now checked."""
    from tracker.checks import check_stream, replay_from

    newest, after, fresh, now = shape
    for stream, version in after.items():
        replay_from(tracker, stream, version, now.streams[stream][0])
    if not fresh:
        return now
    reached = {stream: now.streams[stream][0] for stream in now.streams}
    for stream in fresh:  # a campaign new since: checked whole, as far as it goes
        reached[stream] = check_stream(tracker, stream)
    with tracker.holding():
        return position(tracker, reached, newest)


def check_shape(
    db: store.Rows, checked: Position, placing: bool = True
) -> tuple[int, dict[str, int], list[str], Position]:
    """Everything checked of what was appended but the replay through the rules, read
    through ``db`` alone (no event store: a read's ``dbfile.held`` will do): the newest
    stored event's position now, the campaigns that grew (each with its checked number,
    the replay's start), the campaigns new since (not checked here), and the position
    the file is checked to once the replay passes (the campaigns that grew at their
    heads now, the others where they were checked; not ``placing``: where they were
    checked, for a read that remembers nothing)."""
    newest = store.newest_position(db)
    if newest < checked.newest:
        raise Rewritten
    for topic in store.topics_after(db, checked.newest):
        if topic not in EVENT_TOPICS:
            raise UnusableFile(unknown_topic(str(topic), where("", 0)))
    now = store.streams_by_seek(db)
    if not set(checked.streams) <= set(now):
        raise Rewritten
    heads = {stream: store.head_version(db, stream) for stream in now}
    numbered = _numbered(db, heads)
    after: dict[str, int] = {}
    fresh: list[str] = []
    places = dict(checked.streams)
    for stream in now:
        if stream not in checked.streams:
            fresh.append(stream)
            continue
        version, hashed = checked.streams[stream][:2]
        if not numbered and store.count_upto(db, stream, version) != version:
            raise Rewritten
        if place(db, stream, version) != checked.streams[stream]:
            raise Rewritten  # its link's hash, or the snapshot a load there starts from
        if _shape_after(db, stream, version, hashed, heads[stream], numbered):
            after[stream] = version
            if placing:
                places[stream] = place(db, stream, heads[stream])
    return newest, after, fresh, Position(newest, places)


def _numbered(db: store.Rows, heads: dict[str, int]) -> bool:
    """Every campaign's events are numbered 1 to its head, none missing: as many events
    as the heads add up to (SQLite counts a whole table's index a page at a time, not a
    row at a time: ~4 x faster than counting each campaign's range), none below 1 (a
    campaign's numbers are unique). False: each campaign counted on its own says which."""
    if store.event_count(db) != sum(heads.values()):
        return False
    return all(store.first_version(db, stream) >= 1 for stream in heads)


def _shape_after(
    db: store.Rows, stream: str, version: int, hashed: str, head: int, numbered: bool
) -> bool:
    """The events of one campaign after its checked ``version`` (up to ``head``; all
    numbered in order: ``numbered``): numbers, chain, links; whether there are any."""
    if head == version:
        return False
    if not numbered and store.count_upto(db, stream, head, version) != head - version:
        gap(db, stream)  # (1 to version were counted first)
    if hashed:
        _chain_after(db, stream, version, hashed)
    _links_after(db, stream, version)
    return True


def _chain_after(db: store.Rows, stream: str, version: int, hashed: str) -> None:
    """Each new event's link is the hash of the one before, its number and its content."""
    from domain.packing import unpack_plain
    from tracker.chainhash import hashes

    after = version
    while True:
        rows = store.linked_page(db, stream, after, 500, chain=True)
        if not rows:
            return
        made = hashes(((v, t, s) for v, t, s, _ in rows), hashed, unpack_plain)
        for (number, _, _, kept), (_, _, hashed) in zip(rows, made, strict=True):
            if kept is None or hex_of(kept) != hashed:
                raise UnusableFile(
                    N_(
                        "the campaign file is damaged: event #{number}'s link in the chain "
                        "does not follow from the events before it (grizzled verify says "
                        "more)"
                    ),
                    number=number,
                )
        after = rows[-1][0]


ACTIONS = (LOGGED_TOPIC, REVERTED_TOPIC)


def _links_after(db: store.Rows, stream: str, version: int) -> None:
    """Every new action's parent, undo's and redo's head: the creation or an action of
    the campaign before it (``tracker.checks``'s rule, read from ``version`` on)."""
    rows = store.pointers_after(db, stream, version, ACTIONS, (UNDONE_TOPIC, REDONE_TOPIC))
    named = {link for _, _, link in rows if type(link) is int and link <= version}
    follow_links(rows, {1, *store.actions_among(db, stream, tuple(sorted(named)), ACTIONS)})


def shapeable(path: str) -> bool:
    """Whether what another device appended to the file at ``path`` can be checked on a
    read's own connection (``shaped``): a grizzled file read through SQLite itself. Looked
    at in Python before any connection to it opens (issue 39)."""
    from tracker import dbfile

    return dbfile.inspect(path) == "ours" and dbfile.looks_through_sqlite(path)


def shaped(path: str, conn: sqlite3.Connection, kept: Any) -> bool:
    """What another device appended to the file at ``path`` since this machine checked
    it as far as ``kept`` checked as ``since`` checks it, but for the replay through the
    rules (``check_shape``: no event store, no rules imported), on a read's own
    connection ``conn`` in one read transaction; nothing remembered. True when that is
    all a read needs (the replay is left to the next command that opens the event store:
    the checked position stays where it was); False when ``since`` must run (no
    position, a campaign new since, what was checked no longer as it was)."""
    from tracker import dbfile

    checked = from_json(kept)
    if checked is None:
        return False
    began = not conn.in_transaction
    if began:
        conn.execute("BEGIN")
    try:
        reader = dbfile.Held(conn)
        dbfile.check_schema(path, reader)
        return not check_shape(reader, checked, placing=False)[2]
    except Rewritten:
        return False
    finally:
        if began:
            conn.execute("COMMIT")


def since(path: str, kept: Any, opener: Callable[[], Tracker] | None = None) -> Any:
    """What another device appended to the file at ``path`` since this machine checked
    it as far as ``kept`` (``tracker.appended``), checked; how far it is checked now (as
    JSON), or None when the file must be checked whole again (what was checked is no
    longer there as it was). Its schema and mark are read again (a table or trigger
    added since is refused); SQLite's check of every page is not run again. ``opener``:
    the event store the command opens anyway, opened once the shape passed, which then
    replays what was appended (and keeps the campaign replayed for the write that
    follows); else a tracker that only looks, closed at the end."""
    from tracker import dbfile

    checked = from_json(kept)
    if checked is None or not shapeable(path):
        return None
    try:  # its mark, schema and shape on one connection, before the event store opens it
        with dbfile.held(path) as reader:
            dbfile.check_schema(path, reader)
            shape = check_shape(reader, checked)
    except Rewritten:
        return None
    if opener is not None:
        return as_json(check_since(opener(), checked, shape))
    from tracker.checks import look

    tracker = look(path)
    try:
        return as_json(check_since(tracker, checked, shape))
    finally:
        tracker.close()


def advanced(path: str, kept: Any, stream: str | None, saves: list[int]) -> tuple[Any, bool]:
    """How far the file at ``path`` is checked once a command that began at ``kept``
    (None: a file this command made) saved ``saves`` (event numbers, in order) in the
    campaign ``stream``: its own saves count as checked when they follow that campaign's
    checked event directly; whether nothing else lies beyond (as JSON, and that)."""
    from tracker import dbfile

    with dbfile.held(path) as reader:
        return _advanced(reader, kept, stream, saves)


def _advanced(
    reader: store.Rows, kept: Any, stream: str | None, saves: list[int]
) -> tuple[Any, bool]:
    checked = from_json(kept)
    if checked is None:
        return as_json(position(reader)), kept is None
    streams = dict(checked.streams)
    if stream in streams and saves:
        first = streams[stream][0] + 1
        if saves == list(range(first, first + len(saves))):
            streams[stream] = place(reader, stream, saves[-1])
    now = store.streams_by_seek(reader)
    whole = set(now) == set(streams) and all(
        store.head_version(reader, each) == streams[each][0] for each in now
    )
    newest = store.newest_position(reader) if whole else checked.newest
    return as_json(Position(newest, streams)), whole
