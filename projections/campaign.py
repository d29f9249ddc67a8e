"""Read models of the whole campaign: ``campaigns``, ``helping_hands``, ``campaign_score``
and ``bans``, built from ``domain.campaign.flow.CampaignState`` (the score by the domain's own
``domain.campaign.rewards.score``). They are small (a few rows per chapter), so a campaign's rows
are rewritten together whenever a batch changes them.
"""

from __future__ import annotations

from typing import Any

from domain.campaign.flow import CampaignState
from domain.campaign.known import reward_readings
from domain.campaign.rewards import score
from domain.cards.catalogue import HelpingHandCard
from domain.cards.effects import rule_words
from domain.modules.effects import MOMENT_WORDS
from domain.names import chapter_name
from projections.chapter import dumps

Rows = list[dict[str, Any]]


def reward_facts(state: CampaignState) -> tuple[Any, ...]:
    """What the campaign-wide tables are made of: unchanged facts, unchanged rows."""
    return (
        state.name,
        state.holdings,
        state.unclaimed,
        state.bans,
        state.results,
        state.catalogue.helping_hands,
        state.conclusions,
    )


def briefings(state: CampaignState) -> dict[str, dict[str, str]]:
    """Each Briefing's title and notes as the group typed them, by chapter number."""
    return {
        str(n): {"title": b.title, "notes": b.notes} for n, b in sorted(state.briefings.items())
    }


def campaign_row(campaign_id: str, state: CampaignState, stream: dict[str, Any]) -> dict[str, Any]:
    """The ``campaigns`` row: the campaign, where its line of play stands, when it began
    (``stream``: head, version, created_at, created_by, updated_at)."""
    return {
        "campaign_id": campaign_id,
        "campaign": state.name,
        "ruleset": state.ruleset,
        "seats": dumps([seat.name for seat in state.seats]),
        "charms": dumps([seat.charm for seat in state.seats]),
        "briefings": dumps(briefings(state)),
        "chapter": state.chapter_number if state.chapter is not None else None,
        "chapter_running": int(state.chapter_running),
        "next_chapter": state.next_chapter,
        "language": state.language,
        "head": stream["head"],
        "version": stream["version"],
        "created_at": stream["created_at"],
        "created_by": stream["created_by"],
        "updated_at": stream["updated_at"],
    }


def rules_said(card: HelpingHandCard | None) -> str | None:
    """What the tool applies of a Helping Hand, in words (None: never described)."""
    if card is None:
        return None
    said = "; ".join(rule_words(r) for r in card.rules)
    if card.moment:
        said = f"played {MOMENT_WORDS[card.moment]}" + (f": {said}" if said else "")
    return said


def helping_hand_rows(campaign_id: str, state: CampaignState) -> Rows:
    """Every Helping Hand acquired (in order), then every one offered and not taken."""
    cards = state.catalogue.helping_hands
    base = {"campaign_id": campaign_id, "campaign": state.name}
    rows: Rows = []
    for holding in state.holdings:
        card = cards.get(holding.number)
        if holding.used_in is not None:
            status = "used"
        else:
            status = "in play" if holding.category == "friendship" else "held"
        rows.append(
            {
                **base,
                "seq": len(rows) + 1,
                "number": holding.number,
                "name": card.name if card else None,
                "category": holding.category,
                "text": card.effect if card else None,
                "rules": rules_said(card),
                "player": holding.player,
                "chapter": holding.chapter,
                "status": status,
                "used": int(holding.used_in is not None),
                "used_in": holding.used_in,
            }
        )
    for unclaimed in state.unclaimed:
        card = cards.get(unclaimed.number)
        rows.append(
            {
                **base,
                "seq": len(rows) + 1,
                "number": unclaimed.number,
                "name": card.name if card else None,
                "category": card.category if card else None,
                "text": card.effect if card else None,
                "rules": rules_said(card),
                "player": None,
                "chapter": unclaimed.chapter,
                "status": "not taken",
                "used": None,
                "used_in": None,
            }
        )
    return rows


def score_rows(campaign_id: str, state: CampaignState) -> Rows:
    """One row per chapter played: its result and points, and the totals so far."""
    rows: Rows = []
    victory = negative = 0
    for line in score(state).lines:
        victory += line.victory_points
        negative += line.negative_points
        rows.append(
            {
                "campaign_id": campaign_id,
                "campaign": state.name,
                "chapter": line.chapter,
                "chapter_name": chapter_name(line.chapter),
                "result": line.result,
                "won": int(line.result == "won"),
                "morale_left": line.morale_left,
                "victory_points": line.victory_points,
                "not_taken": len(line.unclaimed),
                "banned": len(line.banned),
                "negative_points": line.negative_points,
                "difference": line.victory_points - line.negative_points,
                "total_victory": victory,
                "total_negative": negative,
                "total_difference": victory - negative,
            }
        )
    return rows


def ban_rows(campaign_id: str, state: CampaignState) -> Rows:
    """Every card banned, in the order it happened."""
    return [
        {
            "campaign_id": campaign_id,
            "campaign": state.name,
            "seq": i,
            "chapter": ban.chapter,
            "chapter_name": chapter_name(ban.chapter),
            "card": ban.card,
            "player": ban.player,
            "source": ban.source,
            "reason": ban.reason,
            "event": None,  # the action that banned it: filled from event_log when written
        }
        for i, ban in enumerate(state.bans, start=1)
    ]


def reading_rows(campaign_id: str, state: CampaignState) -> Rows:
    """How each ended chapter's Helping Hands were decided, in words, in the order played
    (Armistice only: ``score --explain``)."""
    return [
        {
            "campaign_id": campaign_id,
            "campaign": state.name,
            "seq": i,
            "chapter": reading.chapter,
            "said": reading.said(),
        }
        for i, reading in enumerate(reward_readings(state), start=1)
    ]


def reward_rows(campaign_id: str, state: CampaignState) -> tuple[Rows, Rows, Rows, Rows]:
    """The rows of ``helping_hands``, ``campaign_score``, ``bans`` and ``reward_readings``
    for one campaign."""
    return (
        helping_hand_rows(campaign_id, state),
        score_rows(campaign_id, state),
        ban_rows(campaign_id, state),
        reading_rows(campaign_id, state),
    )
