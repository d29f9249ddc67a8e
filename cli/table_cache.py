"""The table session's campaign kept in memory between actions (``grizzled table``).

The one-shot CLI loads the campaign from its latest snapshot on every command. A session
runs many commands on one open file, so its tracker keeps the campaign it last loaded and,
on each load, reads only the events stored after it (the library's cache with
"fast-forward": what another process logged meanwhile is read like one's own). The
library copies a cached aggregate with ``deepcopy``, which for a campaign's whole frozen
state costs more than the rest of an action; the state and its parts are never changed in
place (frozen structs, tuples), so a shallow copy with lists of its own is as safe.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.application import Repository

if TYPE_CHECKING:
    from tracker.app import Tracker

KEPT = 4  # campaigns kept (a session works on one)


class KeptCampaigns(Repository[UUID]):
    """The library's repository with a cache, handing out shallow copies of what it keeps."""

    def get(self, aggregate_id: UUID, *args: Any, **kwargs: Any) -> Any:
        kwargs["deepcopy_from_cache"] = False
        found = super().get(aggregate_id, *args, **kwargs)
        if kwargs.get("version") is not None:
            return found  # rebuilt from the store, never kept
        copied = copy.copy(found)
        copied._pending_events = []  # the events a command triggers are its own
        if isinstance(getattr(copied, "redo", None), list):
            copied.redo = list(copied.redo)
        return copied


def keep_campaigns(tracker: Tracker) -> None:
    """Give the session's tracker a repository that keeps the campaigns it loads."""
    tracker._repository = KeptCampaigns(
        event_store=tracker.events,
        snapshot_store=tracker.snapshots,
        cache_maxsize=KEPT,
        fastforward=True,
    )
