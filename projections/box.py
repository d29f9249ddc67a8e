"""Read model of what a campaign has learnt from the group's box: ``campaign_box``, one row
per campaign holding the ``grizzled box --json`` document (``domain.campaign.known.box``:
each described card with where it is now, the Briefings, the Conclusions) and the
Briefing and Conclusion lines ``grizzled box`` shows, so that ``card N`` and ``box`` read
one row instead of loading the rules.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign.briefing import Briefing, Conclusion, chapter_name
from domain.campaign.flow import CampaignState
from domain.campaign.known import Box, Entry, box
from domain.codec import json_text

Line = tuple[str, str]  # (what, text): one line of the Briefings or Conclusions table


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


def briefing_line(b: Briefing) -> Line:
    """A Briefing in one line of ``box``: the chapter (and title), then its setup."""
    title = f" '{b.title}'" if b.title else ""
    modules = (f", Orders {_numbers(b.orders)}" if b.orders else "") + (
        f", Recruits {_numbers(b.recruits)}" if b.recruits else ""
    )
    tokens = f", {b.speech_tokens} Speech tokens" if b.speech_tokens is not None else ""
    notes = f". {b.notes}" if b.notes else ""
    return (
        f"{chapter_name(b.chapter)}{title}",
        f"Trials {b.trials}, Morale {b.morale}, first intensity {b.first_intensity}, "
        f"{b.traps_said}{tokens}{modules}{notes}",
    )


def conclusion_line(c: Conclusion) -> Line:
    """A Conclusion in one line of ``box``: the chapter, then its rewards and offer."""
    rules = "; ".join(
        f"{r.result}, at least {r.morale_left} Morale left: {r.helping_hands} Helping Hand(s)"
        for r in c.rewards
    )
    offer = _numbers(c.offered) if c.offered else "none"
    notes = f". {c.notes}" if c.notes else ""
    return chapter_name(c.chapter), f"{rules or 'no reward'}; offers {offer}{notes}"


def _numbers(numbers: tuple[int, ...]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def box_view(state: CampaignState) -> dict[str, Any]:
    """What the campaign has learnt, as ``box`` and ``card N`` show it: ``document`` (the
    ``box --json`` document), ``briefing_lines`` and ``conclusion_lines`` (the text view's
    (what, text) lines), as ``projections.queries.box`` reads them back."""
    found = box(state)
    return {
        "document": box_document(found),
        "briefing_lines": [briefing_line(b) for b in found.briefings],
        "conclusion_lines": [conclusion_line(c) for c in found.conclusions],
    }


def box_row(campaign_id: str, state: CampaignState) -> dict[str, Any]:
    """The ``campaign_box`` row (JSON columns as text, keys in the document's order)."""
    view = box_view(state)
    return {"campaign_id": campaign_id, "campaign": state.name} | {
        name: json_text(value) for name, value in view.items()
    }
