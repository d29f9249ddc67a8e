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

from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, TypeGuard, TypeVar, cast

from domain.campaign.flow import CampaignState, evolve_campaign, start_campaign
from domain.codec import decode_campaign, encode_campaign
from domain.events import CampaignCreated
from domain.records import from_record
from tracker.library import Aggregate, Transcoding
from tracker.stream import (
    REDONE_TOPIC,
    REVERTED_TOPIC,
    UNDONE_TOPIC,
    CampaignEvent,
    SessionV2,
    replaying,
)

if TYPE_CHECKING:
    from tracker.takeback import redone, reverted, undone


class CampaignStateAsDict(Transcoding):
    """Snapshots store the campaign state in the domain's own versioned plain form."""

    type = CampaignState
    name = "grizzled_campaign_state"

    def encode(self, obj: CampaignState) -> dict[str, Any]:
        return encode_campaign(obj)

    def decode(self, data: dict[str, Any]) -> CampaignState:
        return decode_campaign(data)


T = TypeVar("T")


class Later(Generic[T]):
    """An event class of the campaign's that a logged action never meets (an undo's, a
    redo's, a revert's), defined in a module of its own under ``tracker.takeback`` and
    imported the first time it is asked for (``Campaign.ActionsUndone``, or the library
    resolving its topic through the aggregate's). The library makes every event class a
    dataclass, compiling its methods: ~5 M instructions each, 4% of a logged action."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def __get__(self, obj: object, owner: type) -> type[T]:
        found: type[T] = getattr(import_module(f"tracker.takeback.{self.module}"), self.name)
        setattr(owner, self.name, found)  # from now on the class itself
        return found


def is_revert(event: object) -> TypeGuard[reverted.ActionReverted]:
    """Whether ``event`` is a revert's (asked by its topic: a command that met none does
    not define the class)."""
    return getattr(event, "TOPIC", None) == REVERTED_TOPIC


class Campaign(Aggregate):
    """A campaign's stream: its creation, logged actions, undos and redos."""

    TOPIC = "grizzled:Campaign"

    Event = CampaignEvent  # the base of its events (tracker.stream)

    class Created(SessionV2, Aggregate.Created):
        TOPIC = "grizzled:Campaign.Created"
        record: dict[str, Any]
        logged_by: str
        session: str

    class ActionLogged(SessionV2, CampaignEvent):
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

    # Taking back: defined in tracker.takeback, imported the first time one is asked for.
    ActionsUndone = cast("Later[undone.ActionsUndone]", Later("undone", "ActionsUndone"))
    ActionsRedone = cast("Later[redone.ActionsRedone]", Later("redone", "ActionsRedone"))
    ActionReverted = cast("Later[reverted.ActionReverted]", Later("reverted", "ActionReverted"))

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
        (files written before), else the one it was applied with (``returned``,
        ``take_back``: the state recalled from the store)."""
        if restored is not None:
            with replaying(version):
                self.state = decode_campaign(restored)
        self.head = head

    def returned(self, event: Any, recalled: CampaignState | None) -> Campaign:
        """The campaign after a stored undo, redo or revert (``event``), given the state it
        returns to: ``recalled`` from the store (the state right after the action
        ``returns_to`` names), or None when the event recorded that state itself."""
        if recalled is not None:
            self.state = recalled
        applied: Campaign = event.mutate(self)
        return applied

    def take_back(self, kind: type[Any], recalled: CampaignState, **fields: Any) -> None:
        """A new undo, redo or revert (of class ``kind``, with its ``fields``), returning to
        ``recalled``: the state right after the action it names, recalled from the store."""
        self.state = recalled
        self.trigger_event(kind, **fields)

    @staticmethod
    def returns_to(event: Any) -> int | None:
        """The action whose state an undo, a redo or a revert that recorded no state
        returns to (to be recalled from the store before it is applied); None for others."""
        if is_revert(event):
            return event.parent if event.base is None else None
        if getattr(event, "TOPIC", None) in (UNDONE_TOPIC, REDONE_TOPIC):
            return int(event.head) if event.restored is None else None
        return None
