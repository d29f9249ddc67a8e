"""The whole-file check of a campaign file this machine has not seen (``tracker.trust``).

Everything is read through the checked mapper (``tracker.mapper``): no topic outside the
allow-list is ever resolved, no row outside its schema is ever decoded further. Any
finding ends in one UnusableFile line naming the event; nothing is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from domain.errors import N_, NotPlayed
from tracker import store
from tracker.errors import UnusableFile
from tracker.position import Position, position
from tracker.shape import (
    EVENT_TOPICS,
    LOGGED_TOPIC,
    REDONE_TOPIC,
    REVERTED_TOPIC,
    SNAPSHOT_TOPIC,
    UNDONE_TOPIC,
    damaged_row,
    follow_links,
    gap,
    unknown_topic,
    where,
)

PAGE = 500  # events replayed per read
RECENT = 64  # states kept for the undos, redos and reverts that follow them

if TYPE_CHECKING:
    from uuid import UUID

    from domain.campaign.flow import CampaignState
    from tracker.aggregate import Campaign
    from tracker.app import Tracker


class Checked(msgspec.Struct, frozen=True):
    """What a whole-file check read, and how far (``tracker.appended``: what another
    device appends after it is checked from there)."""

    campaigns: int
    events: int
    snapshots: int
    position: Position | None = None

    def position_json(self) -> Any:
        """How far it was checked, as ``tracker.trust`` keeps it (None: not known)."""
        from tracker.position import as_json

        return as_json(self.position) if self.position is not None else None


def first_sight(path: str) -> Checked | None:
    """Check the campaign file at ``path`` whole (``dbfile.check_integrity``, then
    ``check_file``) as SQLite would read it, before anything opens it to write, a WAL or
    journal beside it never merged into it: a file others may be writing is read through
    SQLite, read-only (``dbfile.looks_through_sqlite``); a WAL or journal that nobody
    is writing is read in a private copy (``dbfile.as_seen``). What it read; None when
    there is nothing to check (no file, or a blank one)."""
    from tracker import dbfile

    if dbfile.inspect(path) not in ("ours", "legacy"):
        return None
    if dbfile.looks_through_sqlite(path):
        dbfile.check_integrity(path)
        return _checked(path, read_only=True)
    with dbfile.as_seen(path) as seen:
        dbfile.check_integrity(seen)
        return _checked(seen, read_only=False)


def look(path: str, *, read_only: bool = True) -> Tracker:
    """The file opened only to read it, to check it (``look``: read-only)."""
    from tracker import dbfile
    from tracker.app import Tracker

    return Tracker(path, access=dbfile.READ, look=read_only)


def _checked(path: str, *, read_only: bool) -> Checked:
    tracker = look(path, read_only=read_only)
    try:
        return check_file(tracker)
    finally:
        tracker.close()


def check_file(tracker: Tracker) -> Checked:
    """Check the tracker's whole file (see the module docstring; ``dbfile.check_integrity``
    comes first, before the event store opens it); what it read, and how far."""
    newest = store.newest_position(tracker)  # events stored later are checked next time
    _topics(tracker, store.EVENTS, EVENT_TOPICS)
    _topics(tracker, store.SNAPSHOTS, frozenset({SNAPSHOT_TOPIC}))
    streams = store.stream_summaries(tracker)
    events = snapshots = 0
    reached = {}
    for originator, count, first, last in streams:
        if first != 1 or last != count:
            gap(tracker, originator)
        _links(tracker, originator)
        snapshots_here, reached[originator] = _replay(tracker, originator)
        snapshots += snapshots_here
        events += count
    return Checked(len(streams), events, snapshots, position(tracker, reached, newest))


def check_stream(tracker: Tracker, originator: str) -> int:
    """One campaign checked whole (numbers, links, replay); the number reached."""
    versions = store.versions(tracker, originator)
    if versions and (versions[0] != 1 or versions[-1] != len(versions)):
        gap(tracker, originator)
    _links(tracker, originator)
    return _replay(tracker, originator)[1]


def replay_from(tracker: Tracker, originator: str, version: int, head: int | None = None) -> int:
    """One campaign's events after ``version`` (checked before) replayed from the state
    there, up to ``head`` (None: its last); the number reached. The campaign replayed is
    kept by the tracker (``Tracker.keep_replayed``): a write that follows decides on it
    without loading it again."""
    from uuid import UUID

    start = tracker._get(UUID(originator), version)
    campaign = _replayed(tracker, originator, start, head)[1]
    if campaign is not None:
        tracker.keep_replayed(campaign)
    return campaign.version if campaign is not None else version


def _topics(tracker: Tracker, table: str, allowed: frozenset[str]) -> None:
    for topic in store.topics(tracker, table):
        if topic in allowed:
            continue
        version = store.first_of_topic(tracker, table, topic)
        named = where(SNAPSHOT_TOPIC if table == store.SNAPSHOTS else "", version)
        raise UnusableFile(unknown_topic(str(topic), named))


# Where each kind of event points back to: an action (or a revert) to its parent, an undo
# or a redo to the head it leaves (store.pointers).
LINKED = (LOGGED_TOPIC, REVERTED_TOPIC, UNDONE_TOPIC, REDONE_TOPIC)


def _links(tracker: Tracker, originator: str) -> None:
    """Every action's parent, and every undo's and redo's head, is the creation (1) or an
    action before it: the undo graph has no cycle and no dangling parent, so every walk
    back along it ends (tracker.app's, projections.recall's)."""
    rows = store.pointers(
        tracker, originator, (LOGGED_TOPIC, REVERTED_TOPIC), (UNDONE_TOPIC, REDONE_TOPIC)
    )
    follow_links(rows, {1})


def _replay(
    tracker: Tracker, originator: str, start: Campaign | None = None, head: int | None = None
) -> tuple[int, int]:
    """``_replayed``: how many snapshots were compared, and the number reached."""
    snapshots, campaign = _replayed(tracker, originator, start, head)
    return snapshots, campaign.version if campaign is not None else 0


def _replayed(
    tracker: Tracker, originator: str, start: Campaign | None = None, head: int | None = None
) -> tuple[int, Campaign | None]:
    """Replay one campaign from its first event (or from ``start``, checked before) up to
    ``head`` (None: its last), a page at a time (memory stays flat); compare each snapshot
    with the replay at its version and the campaign's id with its name's. How many
    snapshots, and the campaign reached."""
    from uuid import UUID

    from tracker.app import campaign_id

    stream = UUID(originator)
    campaign: Campaign | None = start
    recent: dict[int, CampaignState] = {}  # the states after the last RECENT events
    snapshots = 0
    while True:
        version = campaign.version if campaign is not None else 0
        events = list(tracker.events.get(stream, gt=version, lte=head, limit=PAGE))
        if not events:
            break
        wanted = _snapshots(tracker, stream, version, events[-1].originator_version)
        snapshots += len(wanted)
        for event in events:
            campaign = _apply(event, _returned(tracker, event, campaign, recent))
            recent[campaign.version] = campaign.state
            if len(recent) > RECENT:
                del recent[next(iter(recent))]
            expected = wanted.get(campaign.version)
            if expected is not None and not snapshot_holds(expected, campaign):
                raise UnusableFile(
                    N_(
                        "the campaign file is damaged: the snapshot at #{version} does not "
                        "match the events before it"
                    ),
                    version=campaign.version,
                )
    if campaign is not None and campaign_id(campaign.name) != stream:
        raise UnusableFile(
            N_(
                "the campaign file is damaged: campaign {campaign!r} is stored under "
                "another campaign's id"
            ),
            campaign=campaign.name,
        )
    return snapshots, campaign


def snapshot_holds(expected: Any, campaign: Campaign) -> bool:
    """Whether a stored snapshot (state, head, redo) is what the replay reached: its state
    as ``domain.codec.stored_as_replayed`` compares them (an older record's trail)."""
    from domain.codec import stored_as_replayed

    state, head, redo = expected
    return (head, redo) == (campaign.head, campaign.redo) and stored_as_replayed(
        state, campaign.state
    )


def _returned(
    tracker: Tracker, event: Any, campaign: Campaign | None, recent: dict[int, CampaignState]
) -> Campaign | None:
    """The campaign given the state an undo, a redo or a revert that recorded none returns
    to: one just replayed, else recalled from the store (the snapshots before it were
    checked against this replay already)."""
    from tracker.aggregate import Campaign

    target = Campaign.returns_to(event)
    if target is None or campaign is None:
        return campaign
    known = recent.get(target)
    try:
        campaign.state = known if known is not None else tracker.recall(campaign.id, target)
    except (UnusableFile, NotPlayed):  # NotPlayed: a module's event, not damage
        raise
    except Exception as error:  # an undo naming an action the stream does not hold
        raise UnusableFile(damaged_row("", event.originator_version, str(error))) from None
    return campaign


def _apply(event: Any, campaign: Campaign | None) -> Campaign:
    try:
        applied: Campaign = event.mutate(campaign)
    except (UnusableFile, NotPlayed):  # NotPlayed: a module's event, not damage
        raise
    except Exception as error:  # the library's own checks (versions, ids)
        raise UnusableFile(damaged_row("", event.originator_version, str(error))) from None
    return applied


def _snapshots(
    tracker: Tracker, stream: UUID, after: int, upto: int
) -> dict[int, tuple[Any, int, list[list[int]]]]:
    """The snapshots taken between two versions: state, head and redo by version."""
    if tracker.snapshots is None:
        return {}
    found = {}
    for snapshot in tracker.snapshots.get(stream, gt=after, lte=upto):
        state: dict[str, Any] = snapshot.state  # type: ignore[attr-defined]
        found[snapshot.originator_version] = (state["state"], state["head"], state["redo"])
    return found
