"""An undo's event: the actions it takes back, the action the line returns to.

Defined here, not in the aggregate's class: see ``tracker.takeback``.
"""

from __future__ import annotations

from typing import Any

from tracker.library import register_topic
from tracker.stream import (
    UNDONE_TOPIC,
    CampaignEvent,
    Line,
    SessionV2,
)


class ActionsUndone(SessionV2, CampaignEvent):
    TOPIC = UNDONE_TOPIC
    actions: list[int]
    reason: str
    head: int
    logged_by: str
    session: str
    restored: dict[str, Any] | None = None  # files written before: the state itself

    def apply(self, campaign: Line) -> None:
        campaign.restore(self.originator_version, self.restored, self.head)
        campaign.redo = [*campaign.redo, list(self.actions)]


register_topic(ActionsUndone.TOPIC, ActionsUndone)
