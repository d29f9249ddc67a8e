"""The command line's views drawn from the read models (rich renderables: the score's
page, ``campaign show``); the documents and states themselves are the application's
(``app.readmodel``, re-exported here for the commands)."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any

from app.readmodel import (
    document,
    file_read_models,
    from_events,
    learnt,
    opened_models,
    projected_board,
    projected_state,
    read_models,
    reading,
    state_at,
    status_document,
)

if TYPE_CHECKING:
    from rich.console import RenderableType

    from cli.context import Context

__all__ = [
    "campaign_view",
    "document",
    "file_read_models",
    "from_events",
    "learnt",
    "projected_board",
    "projected_state",
    "read_models",
    "score_view",
    "state_at",
    "status_document",
]


def _score_table(
    conn: sqlite3.Connection, campaign: dict[str, Any], last: int | None
) -> RenderableType:
    """``render.score_lines_table`` of the campaign's score rows (the latest ``last``
    chapters; None: all) and of its chapter running, from its board."""
    from cli.render import score_lines_table
    from projections import queries
    from voice.score import ScoreLine

    page = queries.score(conn, campaign["campaign_id"], last)
    running = None
    if campaign["chapter_running"]:
        board = queries.status(conn, campaign["campaign_id"], campaign["chapter"])
        if board is not None:
            running = (campaign["chapter"], board["morale"])
    lines = [
        ScoreLine(
            c["chapter"], c["result"], c["morale_left"], c["victory_points"], c["negative_points"]
        )
        for c in page["chapters"]
    ]
    totals = (page["difference"], page["victory_points"], page["negative_points"])
    return score_lines_table(lines, running, totals, last, page["earlier"])


def score_view(ctx: Context, last: int | None, explain: bool) -> list[RenderableType] | None:
    """``score`` (with ``explain``: ``score --explain``) drawn from the read models: the
    score's page, and how each chapter's Helping Hands were decided and every fact behind
    the score (``reward_readings``, ``score_facts``); no rules loaded. None where the
    file keeps no read models and only the score is asked (the tracker's state is
    cheaper there than projecting the whole file in memory)."""
    from cli.render import explained
    from projections import queries

    uri, kept = opened_models(ctx)
    if not kept and not explain:
        return None
    with reading(ctx, uri, kept) as (conn, campaign):
        drawn = [_score_table(conn, campaign, last)]
        if explain:
            readings = queries.reward_readings(conn, campaign["campaign_id"])
            facts = queries.score_facts(conn, campaign["campaign_id"])
            drawn += explained(readings, facts)
    return drawn


def campaign_view(ctx: Context, last: int | None) -> RenderableType | None:
    """``campaign show`` drawn from the read models (the campaign's row, its score page,
    Helping Hands held and bans): no rules loaded; None where the file keeps no read
    models."""
    from cli.render import campaign_lines_panel
    from projections import queries
    from voice.score import BanLine, HandLine

    uri, kept = opened_models(ctx)
    if not kept:
        return None
    with reading(ctx, uri, kept) as (conn, campaign):
        cid = campaign["campaign_id"]
        score = _score_table(conn, campaign, last)
        hands = [h for h in queries.helping_hands(conn, cid) if h["status"] != "not taken"]
        bans = queries.bans(conn, cid)
    return campaign_lines_panel(
        campaign["campaign"],
        campaign["ruleset"],
        list(zip(campaign["seats"], campaign["charms"], strict=True)),
        score,
        [
            HandLine(h["number"], h["name"], h["player"], h["category"], h["chapter"], h["used_in"])
            for h in hands
        ],
        [BanLine(b["card"], b["player"], b["chapter"], b["reason"]) for b in bans],
    )
