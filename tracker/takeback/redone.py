"""A redo's event: the undo it takes back.

Defined here, not in the aggregate's class: see ``tracker.takeback``.
"""

from __future__ import annotations

from typing import Any

from tracker.library import register_topic
from tracker.stream import (
    REDONE_TOPIC,
    CampaignEvent,
    Line,
    SessionV2,
)


class ActionsRedone(SessionV2, CampaignEvent):
    TOPIC = REDONE_TOPIC
    actions: list[int]
    head: int
    logged_by: str
    session: str
    restored: dict[str, Any] | None = None  # files written before: the state itself
    reason: str = ""  # why, as the group said (files written before kept none)

    def apply(self, campaign: Line) -> None:
        campaign.restore(self.originator_version, self.restored, self.head)
        campaign.redo = campaign.redo[:-1]


register_topic(ActionsRedone.TOPIC, ActionsRedone)
