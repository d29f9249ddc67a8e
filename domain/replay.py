"""A campaign's recorded events applied again, in order: what a replay of the log, a
revert's re-applied actions and an undo's recalled state are made of."""

from __future__ import annotations

from collections.abc import Iterable

from domain.campaign.flow import CampaignState, evolve_campaign
from domain.events import Event


def evolved(state: CampaignState, events: Iterable[Event]) -> CampaignState:
    """The campaign after these events, applied in order."""
    for event in events:
        state = evolve_campaign(state, event)
    return state
