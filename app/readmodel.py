"""The board read from the read models: stdlib sqlite3 and the projections' queries only
(each function takes the unit of work's session, ``app.session``).

``grizzled status`` and the companion's readings use this path, so showing the board loads
neither the rules engine nor eventsourcing. When the read models lag behind the events
(another program logged) they are caught up first; the rare moments whose next step needs
the whole campaign (a chapter just ended, a first Mission) ask the domain.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from app.errors import NoCampaign, Refused
from app.session import no_campaign, refusals
from voice import lang
from voice.facts import briefing, hands_held, kept, piles, result, shows
from voice.shown import quoted

if TYPE_CHECKING:
    from app.session import Session as Context
    from domain.campaign.flow import CampaignState
    from domain.chapter.state import ChapterState

Saved = TypeVar("Saved")


def _campaign_row(ctx: Context, conn: sqlite3.Connection) -> dict[str, Any]:
    from projections import queries

    name = ctx.campaign_name(lambda: [row["campaign"] for row in queries.campaigns(conn)])
    row = queries.find_campaign(conn, name)
    if row is None:
        raise Refused(
            lang._("there is no campaign called {name} in {where}").format(
                name=quoted(name), where=ctx.where
            )
        )
    lang.follow(row.get("language"))  # the campaign's language (issue 45)
    return row


def follow_for_help(ctx: Context) -> None:
    """A command's help in its campaign's own language (issue 45), when ``--lang`` chose
    none: read from the read models of a file this device has checked as it is now.
    Help checks, catches up and writes nothing: a file changed since, a server's, one
    without read models or without the campaign leaves the locale's language."""
    from projections import queries
    from tracker import dbfile, trust

    if lang.CHOSEN.get() or ctx.url is not None:
        return
    try:
        if not trust.is_checked(ctx.db):
            return
        uri, kind = dbfile.prepare(ctx.db, "read")
        if not dbfile.keeps_read_models(ctx.db, kind):
            return
        with closing(queries.connect(ctx.db, uri)) as conn:
            if queries.campaigns_table(conn):
                _campaign_row(ctx, conn)
    except Exception:  # help is shown whatever the file holds, in the locale's language
        return


def _players(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "name": p["player"],
            "charm": p["charm"],
            "charm_up": p["charm_up"],
            "hand": p["hand_size"],
            "known_cards": p["hand_known"],
            "hard_knocks": p["hard_knocks"],
            "hard_knock_weight": p["hard_knock_weight"],
            "speech_tokens": p["speech_tokens"],
            "support_tiles": p["tiles"],
            "tile_played": p["tile_played"],
            "withdrawn": p["withdrawn"],
            "chaplain": p["chaplain"],
        }
        for p in rows
    ]


def document(
    campaign: dict[str, Any],
    board: dict[str, Any] | None,
    hands: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The ``status --json`` document (docs/cli.md) from read-model rows, ``next`` aside
    (``hands``: the campaign's ``helping_hands`` rows)."""
    base = {"campaign": campaign["campaign"], "ruleset": campaign["ruleset"]}
    if board is None:
        return {**base, "chapter": campaign["chapter"] or 0, "phase": None}
    return {
        **base,
        "chapter": board["chapter"],
        "phase": board["phase"],
        "mission": board["mission"],
        "leader": board["leader"],
        "turn": None if board["recruit_turn"] else board["turn"],
        "trials": board["trials"],
        "discard": board["discard"],
        "morale": board["morale"],
        "speech_stock": board["speech_stock"],
        "traps": bool(board["traps"]),
        "no_mans_land": board["nml"],
        **kept(board.get("modules")),
        "threats": {t: board["threats"][t] for t in sorted(board["threats"])},
        "support_pending": board["support_beneficiary"],
        "outcome": board["outcome"],
        "result": result(board["outcome"]),
        "outcome_detail": board["outcome_detail"],
        "players": _players(board["players"]),
        "legal": board.get("legal") or {},
        **piles(board.get("modules"), board["mission"]),
        "helping_hands": hands_held(hands or []),
        "briefing": briefing(campaign.get("briefings"), board["chapter"]),
        **piles(board.get("modules"), board["mission"], "briefing"),
        "recruit_turn": board["recruit_turn"],
        **shows(board.get("modules")),
    }


def status_document(ctx: Context) -> dict[str, Any]:
    """The board of the current campaign, with what comes next."""
    from domain.public import house_rules
    from projections import queries
    from voice.next_step import next_from_board

    uri, kept = opened_models(ctx)
    if not kept:
        return from_events(ctx)
    with reading(ctx, uri, kept) as (conn, campaign):
        board = queries.status(conn, campaign["campaign_id"])
        hands = queries.helping_hands(conn, campaign["campaign_id"])
    if board is not None and board["house_rules"] != "; ".join(house_rules()):
        ctx.campaign_option = campaign["campaign"]  # its legal actions are other rules'
        return from_events(ctx)
    doc = document(campaign, board, hands)
    step = next_from_board(doc, campaign["ruleset"], board)
    if step is None:
        from voice.next_step import next_step as from_state

        ctx.campaign_option = campaign["campaign"]
        step = from_state(ctx.state())
    doc.pop("recruit_turn", None)
    return {**doc, "next": step}


@contextmanager
def read_models(ctx: Context) -> Iterator[tuple[sqlite3.Connection, dict[str, Any]]]:
    """The read models and the current campaign's row in them: the file's own, caught up,
    where a command that only reads may keep them; else projected in memory from the
    file's events (a read-only file, or one not marked yet), the file only read."""
    uri, kept = opened_models(ctx)
    with reading(ctx, uri, kept) as opened:
        yield opened


@contextmanager
def file_read_models(ctx: Context) -> Iterator[sqlite3.Connection]:
    """The read models of the whole file, no campaign chosen (as ``read_models``)."""
    uri, kept = opened_models(ctx)
    with reading(ctx, uri, kept, whole=True) as (conn, _):
        yield conn


def opened_models(ctx: Context) -> tuple[str, bool]:
    """How to open the campaign file to read it, and whether its read models may be kept
    in it; a file this machine has not seen is checked whole first (``tracker.trust``),
    one another device appended to since only as far as it appended (no event store
    opened: ``Context.check_first``), unless its read models are to be caught up from
    what was appended: then replayed first (``reading``, its connection closed first)."""
    if ctx.models is not None:  # found by this work's first reading (work that only reads)
        return ctx.models
    from tracker import dbfile, trust

    ctx.follow_club()  # a club's server: the cache given what it lacks, made if missing
    with refusals():
        uri, kind = dbfile.prepare(ctx.db, "read")  # a file that is there, and a grizzled one
        if not trust.is_checked(ctx.db) and ctx.check_first(light=True):
            ctx.tracker()  # checked whole: its read models rebuilt (if writable)
        kept = dbfile.keeps_read_models(ctx.db, kind)
    if ctx.access == "read":  # a page's board, log and score: the file found and checked once
        ctx.models = (uri, kept)
    return uri, kept


def written_models(ctx: Context) -> None:
    """How work that has just written reads the read models, its event store still open:
    the file it opened to write, ours, opened by SQLite alone (``dbfile.reader_uri``: no
    header read in Python, whose closing would drop the store's locks: issue 39)."""
    from tracker import dbfile

    assert ctx.url is None, "a club's server: its cache is read as any other reading"
    kept = dbfile.keeps_read_models(ctx.db, ctx.tracker().file_kind)
    ctx.models = (dbfile.reader_uri(ctx.db), kept)


def _replayed_first(ctx: Context, conn: sqlite3.Connection, uri: str) -> sqlite3.Connection:
    """The read models' connection, once what another device appended was replayed
    through the rules where a catch-up would project it (``Context.unreplayed``): closed
    for the replay (no connection of ours open while the event store opens the file),
    then opened again. Asked on the reading's own connection, as is the check of what
    another device appended but for its replay (``Context.shaped_on``): one connection
    to the file for a read right after another device's write."""
    from projections import queries

    try:
        behind = not ctx.shaped_on(conn) or (ctx.unreplayed and queries.behind(conn))
    except BaseException:
        conn.close()
        raise
    if not behind:
        return conn
    conn.close()
    with refusals():
        if ctx.check_first():
            ctx.tracker()  # checked whole after all: its read models rebuilt
    return queries.connect(ctx.db, uri)


@contextmanager
def one_connection(ctx: Context) -> Iterator[None]:
    """Every reading of the read models in this block (work that only reads: a page's
    board, log and score) on one connection, opened, caught up and checked once: each
    connection's first query reads the file's schema again (~0.5 ms). The event store is
    never opened beside it (``Session.tracker`` closes it first: closing a descriptor of
    the file would drop its locks, issue 39); the readings after that open their own."""
    from projections import queries

    uri, kept = opened_models(ctx)
    if not kept or ctx.models is None or ctx.unreplayed or ctx.held is not None:
        yield  # (models found once: work that only reads, or ``written_models``)
        return
    try:
        conn = queries.connect(ctx.db, uri)
        try:
            if queries.behind(conn):
                ctx.catch_up()
        except BaseException:
            conn.close()
            raise
    except sqlite3.DatabaseError as error:
        from tracker.dbfile import failure

        raise Refused(str(failure(ctx.db, error))) from None
    ctx.held = conn
    try:
        yield
    finally:
        ctx.let_go()


@contextmanager
def reading(
    ctx: Context, uri: str, kept: bool, whole: bool = False
) -> Iterator[tuple[sqlite3.Connection, dict[str, Any]]]:
    from projections import queries

    if kept and ctx.held is not None:  # this work's one connection (``one_connection``)
        held = ctx.held
        try:
            if not queries.campaigns_table(held):
                raise NoCampaign(no_campaign().format(where=ctx.where))
            yield held, {} if whole else _campaign_row(ctx, held)
        except sqlite3.DatabaseError as error:
            from tracker.dbfile import failure

            raise Refused(str(failure(ctx.db, error))) from None
        return
    try:
        if kept:
            conn = _replayed_first(ctx, queries.connect(ctx.db, uri), uri)
        else:
            from projections.runner import in_memory

            with refusals():
                if ctx.unreplayed:  # what another device appended: checked before it is read
                    ctx.check_first()
                conn = in_memory(uri)
        with closing(conn):
            if kept and queries.behind(conn):
                ctx.catch_up()
            if not queries.campaigns_table(conn):
                raise NoCampaign(no_campaign().format(where=ctx.where))
            yield conn, {} if whole else _campaign_row(ctx, conn)
    except sqlite3.DatabaseError as error:
        from tracker.dbfile import failure

        raise Refused(str(failure(ctx.db, error))) from None


def projected_state(ctx: Context) -> CampaignState | None:
    """The current campaign's state as the read models keep it (caught up first), the
    state the events lead to; None where the file keeps no read models (the tracker
    then loads it from the events). Neither eventsourcing nor the tracker is loaded."""
    from projections.batch import state_saved

    return _saved(ctx, state_saved)


def projected_board(ctx: Context) -> ChapterState | None:
    """The current campaign's chapter as ``projected_state`` would hold it, decoded alone:
    neither the campaign's own records nor the commands are imported; None between
    chapters and where ``projected_state`` would be None (``ctx.state()`` then says why)."""
    from projections.saved import board_saved

    return _saved(ctx, board_saved)


def _saved(ctx: Context, decode: Callable[[bytes | str], Saved | None]) -> Saved | None:
    """What ``decode`` reads of the current campaign's saved state in the read models."""
    from projections.errors import DamagedReadModel

    uri, kept = opened_models(ctx)
    if not kept:
        return None
    with reading(ctx, uri, kept) as (conn, campaign):
        row = conn.execute(
            "SELECT state FROM projection_campaigns WHERE campaign_id = ?",
            (campaign["campaign_id"],),
        ).fetchone()
    if row is None or row[0] is None:
        return None
    try:
        return decode(row[0])
    except DamagedReadModel:  # a cache that cannot be read: made again from the events
        from projections.runner import rebuild

        with refusals():
            rebuild(ctx.db)
        ctx.changed = True
        return None  # the tracker loads the state from the events


def learnt(ctx: Context) -> dict[str, Any] | None:
    """What the current campaign has learnt from the box, from the read models (caught up
    first: ``campaign_box``, as ``projections.box.box_view`` makes it): no rules loaded;
    None where the file keeps no read models."""
    from projections import queries

    uri, kept = opened_models(ctx)
    if not kept:
        return None
    with reading(ctx, uri, kept) as (conn, campaign):
        return queries.box(conn, campaign["campaign_id"])


def state_at(ctx: Context, version: int) -> CampaignState | None:
    """The current campaign's state right after its event ``version``, rebuilt as the
    tracker rebuilds it (its newest snapshot at or before, then the events after it:
    ``projections.recall``) without loading eventsourcing; None where the file keeps no
    read models (the tracker then rebuilds it)."""
    from projections.errors import ProjectionError
    from projections.recall import Recall

    uri, kept = opened_models(ctx)
    if not kept:
        return None
    with reading(ctx, uri, kept) as (conn, campaign):
        if version > campaign["version"]:
            raise Refused(
                lang._("there is no log entry #{entry}: the log ends at #{last}").format(
                    entry=version, last=campaign["version"]
                )
            )
        try:
            return Recall(conn).state_at(campaign["campaign_id"], version)
        except ProjectionError as error:
            raise Refused(str(error)) from None


def from_events(ctx: Context) -> dict[str, Any]:
    """The board from the events themselves, for a file whose read models a command that
    only reads may not rebuild or bring up to date (read-only, or not marked yet)."""
    from msgspec.structs import replace

    from voice.facts import chapter_json

    state = ctx.state()
    return chapter_json(replace(state, chapter=state.board))  # as the read models show it
