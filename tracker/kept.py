"""The campaigns a tracker has loaded, kept in memory for its next loads.

Without it, every load of a campaign starts again from its latest snapshot: an undo asks
for the campaign several times (what it takes back, the preview, the undo itself), and a
table session (``grizzled table``) for every action. The tracker keeps what it loaded and,
on each load, reads only the events stored after it (the library's cache with
"fast-forward": what another process logged meanwhile is read like one's own). The
library copies a cached aggregate with ``deepcopy``, which for a campaign's whole frozen
state costs more than the rest of an action; the state and its parts are never changed in
place (frozen structs, tuples), so a shallow copy with lists of its own is as safe.
"""

from __future__ import annotations

import copy
from typing import Any
from uuid import UUID

from tracker.library import Repository

KEPT = 4  # campaigns kept (a command or a session works on one)


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
