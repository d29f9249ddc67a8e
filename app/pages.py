"""The pages read from the read models (no rules loaded): the log, a page of the score,
a campaign's page, each chapter's Grizzled, what the campaign learnt from the box. Each
handler takes the unit of work's session (``app.session``) and returns rows and the
voice's records; a face draws them (``cli/render.py`` on a terminal)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from app.readmodel import learnt as kept_learnt
from app.readmodel import opened_models, read_models, reading

Row = dict[str, Any]

if TYPE_CHECKING:  # the results' types, for the type checker only: a class made at run
    # time (a NamedTuple, a Record) costs every page ~0.2-1 M instructions to define
    import sqlite3
    from collections.abc import Callable
    from typing import TypedDict

    from app.session import Session
    from domain.campaign.flow import CampaignState
    from projections.queries import LogFilter as LogFilter  # re-exported: the faces' type
    from voice.score import BanLine, HandLine, ScoreLine

    class Streamed(TypedDict):
        """A whole log read an entry at a time: its newest version, every name that
        logged, the reverts (read first: an entry shows what reverted it), every entry."""

        newest: int
        names: list[str]
        reverts: Iterator[Row]
        entries: Iterator[Row]

    class ScorePage(TypedDict):
        """A page of the score: each chapter's line (the latest ``last``; None: all), the
        chapter running and its Morale, the totals (difference, Victory and Negative
        Points), how many chapters came earlier; with ``--explain``, how each chapter's
        Helping Hands were decided and every fact behind the score (else None)."""

        lines: list[ScoreLine]
        running: tuple[int, int] | None
        totals: tuple[int, int, int]
        last: int | None
        earlier: int
        readings: list[str] | None
        facts: list[Row] | None

    class CampaignPage(TypedDict):
        """``campaign show``'s page: the campaign's name and rules, its Grizzled (name,
        charm), a page of its score, the Helping Hands held and the bans."""

        name: str
        ruleset: str
        seats: list[tuple[str, str]]
        score: ScorePage
        hands: list[HandLine]
        bans: list[BanLine]
        chapters: list[Row]  # each chapter's Grizzled as chosen at its start
        checkpoints: tuple[list[dict[str, Any]], bool]  # the newest chapters', and earlier?


def log_filter(
    chapter: int | None, session: str | None, since: str | None, kinds: Any
) -> LogFilter:
    """Which entries of the log to read (``projections.queries.LogFilter``)."""
    from projections.queries import LogFilter

    return LogFilter(chapter=chapter, session=session, since=since, kinds=kinds)


def log_entries(work: Session, last: int | None, only: LogFilter | None = None) -> list[Row]:
    """The entries of the campaign's log ``only`` lets through (None: every one; the
    latest ``last``)."""
    from projections.queries import history

    with read_models(work) as (conn, campaign):
        return history(conn, campaign, last=last, only=only)


def log_screen(work: Session, last: int, only: LogFilter) -> tuple[list[Row], int]:
    """The latest ``last`` entries ``only`` lets through, and how many came before them."""
    from projections.queries import history, log_count

    with read_models(work) as (conn, campaign):
        entries = history(conn, campaign, last=last, only=only)
        return entries, log_count(conn, campaign["campaign_id"], only) - len(entries)


@contextmanager
def log_stream(work: Session, only: LogFilter) -> Iterator[Streamed | None]:
    """Every entry ``only`` lets through, read while the face prints (a whole log is
    never held in memory); None when there is none."""
    from projections.queries import history_extent, history_rows

    with read_models(work) as (conn, campaign):
        newest, names = history_extent(conn, campaign["campaign_id"], only)
        if not newest:
            yield None
            return
        reverts = history_rows(conn, campaign, only, reverts=True)
        entries = history_rows(conn, campaign, only)
        yield {"newest": newest, "names": names, "reverts": reverts, "entries": entries}


def _score(conn: sqlite3.Connection, campaign: Row, last: int | None) -> ScorePage:
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
    return {
        "lines": lines,
        "running": running,
        "totals": totals,
        "last": last,
        "earlier": page["earlier"],
        "readings": None,
        "facts": None,
    }


def score_page(work: Session, last: int | None, explain: bool) -> ScorePage | None:
    """``score`` (with ``explain``: ``score --explain``) from the read models; None where
    the file keeps no read models and only the score is asked (the tracker's state is
    cheaper there than projecting the whole file in memory)."""
    from projections import queries

    uri, kept = opened_models(work)
    if not kept and not explain:
        return None
    with reading(work, uri, kept) as (conn, campaign):
        page = _score(conn, campaign, last)
        if explain:
            cid = campaign["campaign_id"]
            page["readings"] = queries.reward_readings(conn, cid)
            page["facts"] = queries.score_facts(conn, cid)
    return page


def score_facts(work: Session) -> list[Row]:
    """Every point of the score and the action that recorded it (``score --explain``)."""
    from projections.queries import score_facts as facts

    with read_models(work) as (conn, campaign):
        return facts(conn, campaign["campaign_id"])


def campaign_page(
    work: Session, last: int | None, state: Callable[[], CampaignState], recent: int
) -> CampaignPage | None:
    """``campaign show``'s page from the read models, read on one connection (a score
    page, the chapters' Grizzled of the ``last`` chapters, the ``recent`` chapters'
    checkpoints: ``chapter_end.checkpoints_on``); None where the file keeps none."""
    from app.chapter_end import checkpoints_on
    from projections import queries
    from voice.score import BanLine, HandLine

    uri, kept = opened_models(work)
    if not kept:
        return None
    with reading(work, uri, kept) as (conn, campaign):
        cid = campaign["campaign_id"]
        score = _score(conn, campaign, last)
        hands = [h for h in queries.helping_hands(conn, cid) if h["status"] != "not taken"]
        bans = queries.bans(conn, cid)
        chapters = queries.chapter_grizzled(conn, cid, last)
        checkpoints = checkpoints_on(conn, work, campaign, state, recent)
    return {
        "name": campaign["campaign"],
        "ruleset": campaign["ruleset"],
        "seats": list(zip(campaign["seats"], campaign["charms"], strict=True)),
        "score": score,
        "hands": [
            HandLine(h["number"], h["name"], h["player"], h["category"], h["chapter"], h["used_in"])
            for h in hands
        ],
        "bans": [BanLine(b["card"], b["player"], b["chapter"], b["reason"]) for b in bans],
        "chapters": chapters,
        "checkpoints": checkpoints,
    }


def chapter_grizzled(work: Session, last: int | None) -> tuple[list[tuple[str, str]], list[Row]]:
    """The campaign's Grizzled (name, charm), and each chapter's as chosen at its start
    (the latest ``last`` chapters; None: every one)."""
    from projections.queries import chapter_grizzled as chosen

    with read_models(work) as (conn, row):
        seats = list(zip(row["seats"], row["charms"], strict=True))
        return seats, chosen(conn, row["campaign_id"], last)


def learnt(work: Session) -> Row:
    """What the campaign has learnt from the box (``projections.box.box_view``): from the
    read models where the file keeps them (no rules loaded), else from its state."""
    found = kept_learnt(work)
    if found is None:
        from projections.box import box_view

        found = box_view(work.state())
    return found
