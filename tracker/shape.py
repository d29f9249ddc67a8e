"""The shape of a campaign file's stored rows, checked without the event store or the
rules: the topics grizzled writes, each campaign's numbers, and where each action, undo
and redo points back to. Standard library and ``tracker.store`` only: a read that finds
what another device appended checks it with these (``tracker.appended``) in a process
that never imports the event store.
"""

from __future__ import annotations

from typing import Any, NoReturn

from domain.errors import N_, Formed
from tracker import store
from tracker.errors import UnusableFile

CREATED_TOPIC = "grizzled:Campaign.Created"
LOGGED_TOPIC = "grizzled:Campaign.ActionLogged"  # written packed (domain.packing)
# The topics of the events that take actions back (tracker.takeback), named without them.
UNDONE_TOPIC = "grizzled:Campaign.ActionsUndone"
REDONE_TOPIC = "grizzled:Campaign.ActionsRedone"
REVERTED_TOPIC = "grizzled:Campaign.ActionReverted"
SNAPSHOT_TOPIC = "eventsourcing.domain:Snapshot"
# The only event topics grizzled writes (tracker.mapper holds the schema of each).
EVENT_TOPICS = frozenset({CREATED_TOPIC, LOGGED_TOPIC, UNDONE_TOPIC, REDONE_TOPIC, REVERTED_TOPIC})
# An undo of an older file holds a whole campaign state (tens of KB); no stored row of
# ours comes near this.
MAX_STORED_BYTES = 16 * 1024 * 1024


def where(topic: str, version: int) -> Formed:
    """How a stored row is named in a message: the log's numbers are its versions."""
    if topic == SNAPSHOT_TOPIC:
        return Formed(N_("the snapshot at #{version}"), version=version)
    return Formed(N_("event #{version}"), version=version)


def unknown_topic(topic: str, place: str) -> Formed:
    """The line for a topic grizzled never writes (never resolved, never imported)."""
    shown = topic[:80] + ("..." if len(topic) > 80 else "")
    return Formed(
        N_("not a grizzled campaign file: unknown topic {topic} in {place}"),
        topic=repr(shown),
        place=place,
    )


def damaged_row(topic: str, version: int, what: str) -> Formed:
    """The line for a stored row that cannot be read or replayed."""
    return Formed(
        N_("the campaign file is damaged: {row} cannot be read ({what})"),
        row=where(topic, version),
        what=what,
    )


def broken_link(version: int, link: object, returns: bool = False) -> Formed:
    """The line for an event whose parent (``returns``: the action an undo or a redo
    returns to) comes after it or is no action."""
    what = Formed(N_("the action it returns to") if returns else N_("its parent"))
    later = type(link) is int and link >= version
    why = Formed(N_("which comes after it") if later else N_("which is not an action before it"))
    return Formed(
        N_(
            "the campaign file is damaged: event #{version} names #{link} as {what}, {why}: "
            "the line of play cannot be followed"
        ),
        version=version,
        link=str(link)[:20],
        what=what,
        why=why,
    )


def gap(db: store.Rows, originator: str) -> NoReturn:
    """A campaign's events are not numbered 1, 2, 3...: which is missing."""
    versions = store.versions(db, originator)
    expected = next((n for n, v in enumerate(versions, start=1) if v != n), len(versions) + 1)
    raise UnusableFile(
        N_(
            "the campaign file is damaged: event #{expected} is missing (the "
            "events of one campaign run {versions} to {versions2})"
        ),
        expected=expected,
        versions=versions[0],
        versions2=versions[-1],
    )


def follow_links(rows: list[Any], actions: set[int]) -> None:
    """Each of ``rows`` (``store.pointers``: version, topic, link) points to one of the
    ``actions`` before it (the creation, 1, counts as one); the actions among the rows
    join them as they are read."""
    for version, topic, link in rows:
        if link is None:  # a row that is not JSON: the replay names it
            actions.add(version)
            continue
        if type(link) is not int or link not in actions or link >= version:
            raise UnusableFile(broken_link(version, link, topic in (UNDONE_TOPIC, REDONE_TOPIC)))
        if topic in (LOGGED_TOPIC, REVERTED_TOPIC):
            actions.add(version)
