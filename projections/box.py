"""Read model of what a campaign has learnt from the group's box: ``campaign_box``, one row
per campaign holding the ``grizzled box --json`` document (``domain.campaign.known.box``:
each described card with where it is now, the Briefings, the Conclusions), so that
``card N`` and ``box`` read one row instead of loading the rules; the voice words the
Briefings and Conclusions from it (``voice.cards``).
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign.flow import CampaignState
from domain.campaign.known import Box, Entry, box
from domain.codec import json_text


def entry_json(entry: Entry) -> dict[str, Any]:
    """A card as ``card --json`` and ``box --json`` give it (docs/cli.md)."""
    return {
        "number": entry.number,
        "kind": entry.kind,
        "name": entry.name,
        "facts": dict(entry.facts),
        "where": list(entry.where),
    }


def box_document(found: Box) -> dict[str, Any]:
    """``box --json`` (docs/cli.md)."""
    return {
        "cards": [entry_json(e) for e in found.cards],
        "briefings": [msgspec.to_builtins(b) for b in found.briefings],
        "conclusions": [msgspec.to_builtins(c) for c in found.conclusions],
    }


def box_view(state: CampaignState) -> dict[str, Any]:
    """What the campaign has learnt, as ``box`` and ``card N`` show it: ``document`` (the
    ``box --json`` document), as ``projections.queries.box`` reads it back."""
    return {"document": box_document(box(state))}


def box_row(campaign_id: str, state: CampaignState) -> dict[str, Any]:
    """The ``campaign_box`` row (JSON columns as text, keys in the document's order)."""
    view = box_view(state)
    return {"campaign_id": campaign_id, "campaign": state.name} | {
        name: json_text(value) for name, value in view.items()
    }
