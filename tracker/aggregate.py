"""The Campaign aggregate: one event stream per campaign, never edited, never deleted.

Every logged action is one ``ActionLogged`` event holding the domain events it led to
and its parent (the version of the action it follows). An undo appends
``ActionsUndone`` naming the action it returns to (``head``), a redo appends
``ActionsRedone``; a revert's ``ActionReverted`` starts from its ``parent``. The state
they return to is the one recorded right after that action, rebuilt from the store
(``Tracker.recall``: the newest snapshot at or before it, then the events up to it), so
a shuffle is never re-rolled and an old undo restores exactly even after snapshots.
Files written before that recorded the whole state in each of these events
(``restored``, ``base``): such events still restore it from there. Topics are explicit
and stable; every event says who logged it and in which session of play (class version
2; version 1 had no session and is upcast).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from domain.campaign.flow import CampaignState, evolve_campaign, start_campaign
from domain.codec import decode_campaign, encode_campaign
from domain.events import CampaignCreated
from domain.records import from_record
from tracker.errors import UnusableFile
from tracker.library import Aggregate, Transcoding

UNKNOWN_SESSION = "before sessions were recorded"


class CampaignStateAsDict(Transcoding):
    """Snapshots store the campaign state in the domain's own versioned plain form."""

    type = CampaignState
    name = "grizzled_campaign_state"

    def encode(self, obj: CampaignState) -> dict[str, Any]:
        return encode_campaign(obj)

    def decode(self, data: dict[str, Any]) -> CampaignState:
        return decode_campaign(data)


@contextmanager
def replaying(version: int) -> Iterator[None]:
    """Stored data that the rules cannot replay (an unknown event type or player, a state
    that does not fit its schema) ends as one UnusableFile line naming the event."""
    try:
        yield
    except UnusableFile:
        raise
    except Exception as error:
        raise UnusableFile(
            f"the campaign file is damaged: event #{version} cannot be replayed "
            f"({type(error).__name__}: {error})"
        ) from None


class SessionV2:
    """Version 2 of every stored event added the table's session; version 1 had none."""

    class_version = 2

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        state["session"] = UNKNOWN_SESSION


class Campaign(Aggregate):
    """A campaign's stream: its creation, logged actions, undos and redos."""

    TOPIC = "grizzled:Campaign"

    class Event(Aggregate.Event):
        """The base of a campaign's events. Declared here, and the events below derive
        from it, so the library does not define every event class a second time."""

    class Created(SessionV2, Event, Aggregate.Created):
        TOPIC = "grizzled:Campaign.Created"
        record: dict[str, Any]
        logged_by: str
        session: str

    class ActionLogged(SessionV2, Event):
        TOPIC = "grizzled:Campaign.ActionLogged"
        summary: str
        command: dict[str, Any] | None
        events: list[dict[str, Any]]
        parent: int
        logged_by: str
        session: str
        draws: list[list[Any]] | None = None  # what the tool drew at random (tracker.chance)

        def apply(self, campaign: Campaign) -> None:
            state = campaign.state
            with replaying(self.originator_version):
                for record in self.events:
                    state = evolve_campaign(state, from_record(record))
            campaign.state = state
            campaign.head = self.originator_version
            campaign.redo = []

    class ActionsUndone(SessionV2, Event):
        TOPIC = "grizzled:Campaign.ActionsUndone"
        actions: list[int]
        reason: str
        head: int
        logged_by: str
        session: str
        restored: dict[str, Any] | None = None  # files written before: the state itself

        def apply(self, campaign: Campaign) -> None:
            campaign.restore(self.originator_version, self.restored, self.head)
            campaign.redo = [*campaign.redo, list(self.actions)]

    class ActionsRedone(SessionV2, Event):
        TOPIC = "grizzled:Campaign.ActionsRedone"
        actions: list[int]
        head: int
        logged_by: str
        session: str
        restored: dict[str, Any] | None = None  # files written before: the state itself

        def apply(self, campaign: Campaign) -> None:
            campaign.restore(self.originator_version, self.restored, self.head)
            campaign.redo = campaign.redo[:-1]

    class ActionReverted(SessionV2, Event):
        """One past action taken out of the line of play, every later one decided again on
        top (``reapplied``: each with its command and its new events, from ``base``, the
        state after ``parent``). On the line it stands in their place: its ``parent`` is
        the reverted action's; an undo of it goes back to ``replaced``, the head before."""

        TOPIC = "grizzled:Campaign.ActionReverted"
        reverted: int
        actions: list[int]  # what leaves the line: the reverted action and every later one
        reason: str
        parent: int
        replaced: int
        reapplied: list[dict[str, Any]]
        logged_by: str
        session: str
        # files written before: the state right after ``parent``, the re-applied actions' start
        base: dict[str, Any] | None = None

        @property
        def events(self) -> list[dict[str, Any]]:
            """The domain event records of the actions it decided again, in order."""
            return [record for again in self.reapplied for record in again["events"]]

        def apply(self, campaign: Campaign) -> None:
            campaign.restore(self.originator_version, self.base, self.originator_version)
            state = campaign.state
            with replaying(self.originator_version):
                for record in self.events:
                    state = evolve_campaign(state, from_record(record))
            campaign.state = state
            campaign.redo = []

    def __init__(self, record: dict[str, Any], logged_by: str, session: str) -> None:
        with replaying(1):
            created = from_record(record)
            if not isinstance(created, CampaignCreated):
                raise TypeError(f"a campaign starts with CampaignCreated, not {record['type']}")
            self.state: CampaignState = start_campaign(created)
        self.head: int = 1
        self.redo: list[list[int]] = []

    @property
    def name(self) -> str:
        """The campaign's name."""
        return self.state.name

    def restore(self, version: int, restored: dict[str, Any] | None, head: int) -> None:
        """An undo, a redo or a revert (event ``version``) returns to a recorded state and
        ``head`` is the last action that stands. The state is the one the event recorded
        (files written before), else the campaign's as the event finds it: whoever applies
        the event has put the state it returns to there (``Tracker.recall``)."""
        if restored is not None:
            with replaying(version):
                self.state = decode_campaign(restored)
        self.head = head

    @staticmethod
    def returns_to(event: Any) -> int | None:
        """The action whose state an undo, a redo or a revert that recorded no state
        returns to (to be recalled from the store before it is applied); None for others."""
        if isinstance(event, Campaign.ActionsUndone | Campaign.ActionsRedone):
            return event.head if event.restored is None else None
        if isinstance(event, Campaign.ActionReverted):
            return event.parent if event.base is None else None
        return None
