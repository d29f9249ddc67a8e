"""What every event of a campaign's stream shares: its base class, its class version
(the table's session, added in version 2), the one line a stored event the rules cannot
replay becomes, and the topics of the events that take actions back.

Its own module so that the aggregate (``tracker.aggregate``) and the events defined apart
from it (``tracker.takeback``) both build on it without importing each other.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from domain.errors import N_, NotPlayed
from tracker.errors import UnusableFile
from tracker.library import Aggregate
from tracker.shape import REDONE_TOPIC as REDONE_TOPIC
from tracker.shape import REVERTED_TOPIC as REVERTED_TOPIC
from tracker.shape import UNDONE_TOPIC as UNDONE_TOPIC

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState

UNKNOWN_SESSION = "before sessions were recorded"


# The base of a campaign's events (``Campaign.Event``) is the library's own: given to the
# aggregate as its ``Event``, the library defines no base of its own for it, nor any event
# class a second time, and a class of ours here would be one more dataclass the library
# compiles at every start (~3 M instructions) for nothing it holds.
CampaignEvent = Aggregate.Event


class Line(Protocol):
    """What an event changes of the campaign it is applied to (``tracker.aggregate``)."""

    state: CampaignState
    head: int
    redo: list[list[int]]

    def restore(self, version: int, restored: dict[str, Any] | None, head: int) -> None:
        """Return to a recorded state (``Campaign.restore``)."""


@contextmanager
def replaying(version: int) -> Iterator[None]:
    """Stored data that the rules cannot replay (an unknown event type or player, a state
    that does not fit its schema) ends as one UnusableFile line naming the event; an event
    of a module this program does not play is not damage: its own refusal says so."""
    try:
        yield
    except (UnusableFile, NotPlayed):
        raise
    except Exception as error:
        raise UnusableFile(
            N_(
                "the campaign file is damaged: event #{version} cannot be replayed "
                "({name}: {error})"
            ),
            version=version,
            name=type(error).__name__,
            error=error,
        ) from None


class SessionV2:
    """Version 2 of every stored event added the table's session; version 1 had none."""

    class_version = 2

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        state["session"] = UNKNOWN_SESSION
