"""A campaign's stream as the tests look at it: every stored event with who logged it,
in which session, what it carried and whether an action stands. Read through the
library's public ``events.get`` (the tracker keeps no read side: the log the players see
is the ``event_log`` read model, ``projections.queries.history``)."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from domain.packing import inflate, is_deflated, is_packed, unpack
from tracker.aggregate import Campaign
from tracker.app import Tracker


class Entry(NamedTuple):
    """One stored event of a campaign."""

    version: int
    kind: str
    summary: str
    logged_by: str
    session: str
    undone: bool
    events: tuple[dict[str, Any], ...] = ()
    actions: tuple[int, ...] = ()
    reason: str = ""


def stored_history(tracker: Tracker, name: str) -> list[Entry]:
    """Every stored event of the campaign, oldest first; undone actions marked."""
    campaign = tracker.campaign(name)
    standing = set(tracker.line_of_play(name))
    entries = []
    for event in tracker.events.get(campaign.id):
        version, kind = event.originator_version, type(event).__name__
        who = (version, kind)
        if isinstance(event, Campaign.ActionLogged):
            entry = Entry(
                *who,
                event.summary,
                event.logged_by,
                event.session,
                version not in standing,
                tuple(event.events),
            )
        elif isinstance(event, Campaign.ActionsUndone | Campaign.ActionsRedone):
            entry = Entry(
                *who,
                "",
                event.logged_by,
                event.session,
                False,
                (),
                tuple(event.actions),
                getattr(event, "reason", ""),
            )
        elif isinstance(event, Campaign.ActionReverted):
            entry = Entry(
                *who,
                f"revert of #{event.reverted}",
                event.logged_by,
                event.session,
                version not in standing,
                tuple(event.events),
                tuple(event.actions),
                event.reason,
            )
        else:
            assert isinstance(event, Campaign.Created)
            entry = Entry(*who, "", event.logged_by, event.session, False, (event.record,))
        entries.append(entry)
    return entries


def stored_json(state: bytes | str) -> dict[str, Any]:
    """A stored row as JSON, a packed logged action's unpacked and a deflated snapshot's
    inflated (``domain.packing``)."""
    raw = state.encode() if isinstance(state, str) else bytes(state)
    if is_packed(raw):
        raw, _ = unpack(raw, 1 << 24)
    elif is_deflated(raw):
        raw = inflate(raw, 1 << 24)
    found: dict[str, Any] = json.loads(raw)
    return found
