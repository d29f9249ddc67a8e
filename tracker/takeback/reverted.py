"""A revert's event: one past action taken out, every later one decided again.

Defined here, not in the aggregate's class: see ``tracker.takeback``.
"""

from __future__ import annotations

from typing import Any

from domain.campaign.flow import evolve_campaign
from domain.records import from_record
from tracker.library import register_topic
from tracker.stream import (
    REVERTED_TOPIC,
    CampaignEvent,
    Line,
    SessionV2,
    replaying,
)


class ActionReverted(SessionV2, CampaignEvent):
    """One past action taken out of the line of play, every later one decided again on
    top (``reapplied``: each with its command and its new events, from ``base``, the
    state after ``parent``). On the line it stands in their place: its ``parent`` is
    the reverted action's; an undo of it goes back to ``replaced``, the head before."""

    TOPIC = REVERTED_TOPIC
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

    def apply(self, campaign: Line) -> None:
        campaign.restore(self.originator_version, self.base, self.originator_version)
        state = campaign.state
        with replaying(self.originator_version):
            for record in self.events:
                state = evolve_campaign(state, from_record(record))
        campaign.state = state
        campaign.redo = []


register_topic(ActionReverted.TOPIC, ActionReverted)
