"""The campaign state right after one of its events, rebuilt from the campaign file.

An undo, a redo or a revert names the action whose state it returns to; only files
written before recorded that state in the event itself. The runner keeps the states of
the last actions it projected (``Stream.recent``); an older one is rebuilt here as the
tracker rebuilds it: from the tracker's newest snapshot at or before that event (or the
campaign's creation), then the events after it, each undo, redo or revert given the state
it returns to in turn.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from functools import cache
from typing import Any

import msgspec

from domain.campaign.flow import CampaignState, evolve_campaign, start_campaign
from domain.codec import decode_campaign
from domain.events import CampaignCreated
from domain.packing import DEFLATED_MOST, inflate, is_deflated
from domain.records import from_record
from projections.errors import ProjectionError
from projections.stored import Stored, decode_row

SNAPSHOT = (
    "SELECT originator_version, state FROM stored_snapshots WHERE originator_id = ? "
    "AND originator_version <= ? ORDER BY originator_version DESC LIMIT 1"
)
EVENTS = (
    "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events "
    "WHERE originator_id = ? AND originator_version > ? AND originator_version <= ? "
    "ORDER BY originator_version"
)


class _Tagged(msgspec.Struct, frozen=True):
    data: dict[str, Any] = msgspec.field(name="_data_")


class _Aggregate(msgspec.Struct, frozen=True):
    state: _Tagged


class _Snapshot(msgspec.Struct, frozen=True):
    state: _Aggregate


# States a caller holds, by campaign id and the version of the action they follow.
Known = Mapping[tuple[str, int], CampaignState]


@cache
def snapshot_row() -> msgspec.json.Decoder[_Snapshot]:
    """The decoder of a snapshot's row, made when an undo first needs one (msgspec reads
    the three schemas' annotations as it makes it: a logged action never needs it)."""
    return msgspec.json.Decoder(_Snapshot)


class Recall:
    """States of one campaign file's campaigns, rebuilt on demand and kept (immutable)."""

    def __init__(self, conn: sqlite3.Connection, given: Known | None = None) -> None:
        self.conn = conn
        # by campaign id and version; ``given``: those the caller holds (runner.catch_up)
        self.known: dict[tuple[str, int], CampaignState] = dict(given or {})

    def state_at(self, campaign_id: str, version: int) -> CampaignState:
        """The state right after event ``version`` of the campaign."""
        key = (campaign_id, version)
        if key not in self.known:
            self.known[key] = self._rebuild(campaign_id, version)
        return self.known[key]

    def returned_to(self, event: Stored) -> CampaignState:
        """The state an undo, a redo or a revert returns to: the one it recorded (files
        written before), else the state right after the action it names."""
        recorded = event.recorded()
        if recorded is not None:
            return decode_campaign(recorded)
        target = event.returns_to()
        if target >= event.version:  # a file whose undos loop: never followed
            raise ProjectionError(
                f"the campaign file is damaged: event #{event.version} returns to #{target}, "
                "which comes after it"
            )
        return self.state_at(event.campaign_id, target)

    def _rebuild(self, campaign_id: str, version: int) -> CampaignState:
        state, since = self._snapshot(campaign_id, version)
        for row in self.conn.execute(EVENTS, (campaign_id, since, version)):
            state = self._next(state, decode_row(row))
        if state is None:
            raise ProjectionError(f"campaign {campaign_id} has no event #{version}")
        return state

    def _snapshot(self, campaign_id: str, version: int) -> tuple[CampaignState | None, int]:
        try:
            row = self.conn.execute(SNAPSHOT, (campaign_id, version)).fetchone()
        except sqlite3.OperationalError:  # a file with no snapshot table
            row = None
        if row is None:
            return None, 0
        try:
            raw = bytes(row[1])
            raw = inflate(raw, DEFLATED_MOST) if is_deflated(raw) else raw  # domain.packing
            return decode_campaign(snapshot_row().decode(raw).state.state.data), int(row[0])
        except (msgspec.DecodeError, KeyError, TypeError, ValueError, RecursionError) as error:
            raise ProjectionError(
                f"the campaign file is damaged: the snapshot at #{row[0]} cannot be read ({error})"
            ) from None

    def _next(self, state: CampaignState | None, event: Stored) -> CampaignState:
        if event.kind == "Created":
            created = from_record(event.data.record or {})
            assert isinstance(created, CampaignCreated)
            return start_campaign(created)
        if state is None:
            raise ProjectionError(f"campaign {event.campaign_id} was never created")
        if event.kind in ("ActionsUndone", "ActionsRedone", "ActionReverted"):
            state = self.returned_to(event)
        for record in event.records():
            state = evolve_campaign(state, from_record(record))
        return state
