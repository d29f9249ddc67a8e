"""Queries the CLI asks of the read models: the board, the log, the score, the rewards.

Standard library only (sqlite3, json): importing this module loads no sqlite-utils,
eventsourcing, rich or rules engine, so ``grizzled status --json`` starts fast. Every
function takes an open connection (``connect``) and returns plain data ready for JSON:
JSON columns decoded, 0/1 flags as booleans. Campaigns are named by ``campaign_id`` (the
stream's uuid hex); ``find_campaign`` turns a name into its row.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from typing import Any, NamedTuple

from projections.schema import POSITION_NAME, SCHEMA

Row = dict[str, Any]

JSON_COLUMNS = frozenset(
    {
        "seats",
        "charms",
        "briefings",
        "nml",
        "set_aside",
        "nml_threats",
        "threats",
        "legal",
        "modules",
        "hand_known",
        "hard_knocks",
        "event_types",
        "actions",
    }
)
FLAG_COLUMNS = frozenset(
    {
        "chapter_running",
        "traps",
        "mission_failed",
        "chaplain",
        "charm_up",
        "tile_played",
        "withdrawn",
        "is_leader",
        "is_turn",
        "recruit_turn",
        "used",
        "won",
        "undone",
    }
)
HIDDEN = frozenset({"campaign_id", "campaign"})  # said once, by the caller's campaign


def connect(db_path: str | os.PathLike[str], uri: str | None = None) -> sqlite3.Connection:
    """A connection to the campaign database that only reads (``uri``: how to open it,
    as the caller chose; by default read-only)."""
    if uri is None:
        path = os.path.realpath(os.path.expanduser(db_path))
        # An SQLite URI: '%', '?' and '#' in the path are escaped (os.path, not pathlib's
        # as_uri: pathlib and urllib cost ~3 ms of every status).
        quoted = path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
        uri = f"file:{quoted}?mode=ro"
    conn = sqlite3.connect(uri, uri=True)
    try:
        conn.execute("PRAGMA query_only = ON")
    except BaseException:  # (closed on every path: the caller gets no connection)
        conn.close()
        raise
    return conn


def _plain(cursor: sqlite3.Cursor, keep_campaign: bool = False) -> list[Row]:
    return list(_rows(cursor, keep_campaign))


def _rows(cursor: sqlite3.Cursor, keep_campaign: bool = False) -> Iterator[Row]:
    """The cursor's rows as dicts, one at a time (JSON and flag columns decoded)."""
    names = [d[0] for d in cursor.description]
    for values in cursor:
        row: Row = {}
        for name, value in zip(names, values, strict=True):
            if name in HIDDEN and not keep_campaign:
                continue
            if value is not None and name in JSON_COLUMNS:
                value = json.loads(value)
            elif value is not None and name in FLAG_COLUMNS:
                value = bool(value)
            row[name] = value
        yield row


def behind(conn: sqlite3.Connection) -> int:
    """How many stored events the read models have not projected yet (all of them when
    there are no read models; 0 when there are no events)."""
    try:
        (newest,) = conn.execute("SELECT max(rowid) FROM stored_events").fetchone()
    except sqlite3.OperationalError:
        return 0
    try:
        row = conn.execute(
            "SELECT position, schema FROM projection_position WHERE name = ?", (POSITION_NAME,)
        ).fetchone()
    except sqlite3.OperationalError:
        row = None
    if row is None or row[1] != SCHEMA:  # none yet, or another program's layout: all of them
        return int(newest or 0)
    return max(0, int(newest or 0) - int(row[0]))


def campaigns_table(conn: sqlite3.Connection) -> bool:
    """Whether the read models exist at all (a file with no campaign yet has none)."""
    row = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'campaigns'"
    ).fetchone()
    return row is not None


def campaigns(conn: sqlite3.Connection) -> list[Row]:
    """Every campaign, oldest first: where its line of play stands."""
    cursor = conn.execute("SELECT * FROM campaigns ORDER BY created_at, campaign")
    return _plain(cursor, keep_campaign=True)


def find_campaign(conn: sqlite3.Connection, name: str) -> Row | None:
    """The campaign called ``name`` (case and outer spaces ignored), or None."""
    wanted = name.strip().casefold()
    return next((c for c in campaigns(conn) if c["campaign"].casefold() == wanted), None)


def status(conn: sqlite3.Connection, campaign_id: str, chapter: int | None = None) -> Row | None:
    """The board of a chapter (default: the latest) with its players in seat order, or
    None when no chapter was started."""
    if chapter is None:
        cursor = conn.execute(
            "SELECT * FROM chapter_state WHERE campaign_id = ? ORDER BY chapter DESC LIMIT 1",
            (campaign_id,),
        )
    else:
        cursor = conn.execute(
            "SELECT * FROM chapter_state WHERE campaign_id = ? AND chapter = ?",
            (campaign_id, chapter),
        )
    boards = _plain(cursor)
    if not boards:
        return None
    board = boards[0]
    board["players"] = _plain(
        conn.execute(
            "SELECT * FROM chapter_players WHERE campaign_id = ? AND chapter = ? ORDER BY seat",
            (campaign_id, board["chapter"]),
        )
    )
    for player in board["players"]:
        del player["chapter"]
    return board


class LogFilter(NamedTuple):
    """Which entries of a campaign's log to read (``grizzled log``'s options): a chapter,
    a session, from a moment on (ISO 8601 UTC, as stored), or carrying one of these kinds
    (domain event types, or Created / ActionsUndone / ActionsRedone)."""

    chapter: int | None = None
    session: str | None = None
    since: str | None = None
    kinds: tuple[str, ...] = ()
    undone: bool = True


def _where(campaign_id: str, only: LogFilter) -> tuple[str, list[Any]]:
    where = ["campaign_id = ?"]
    params: list[Any] = [campaign_id]
    if only.chapter is not None:
        where.append("chapter = ?")
        params.append(only.chapter)
    if only.session is not None:
        where.append("session = ?")
        params.append(only.session)
    if only.since is not None:
        where.append("time >= ?")
        params.append(only.since)
    if only.kinds:
        marks = ", ".join("?" * len(only.kinds))
        where.append(
            f"(kind IN ({marks}) OR EXISTS "
            f"(SELECT 1 FROM json_each(event_types) WHERE value IN ({marks})))"
        )
        params += [*only.kinds, *only.kinds]
    if not only.undone:
        where.append("undone = 0")
    return " AND ".join(where), params


def log(
    conn: sqlite3.Connection,
    campaign_id: str,
    *,
    chapter: int | None = None,
    last: int | None = None,
    undone: bool = True,
    only: LogFilter | None = None,
    skip: int = 0,
) -> list[Row]:
    """The stored events of a campaign, oldest first: all, one chapter's, the ``last``
    few (the ``skip`` newest left out), with or without the undone actions, or those
    ``only`` lets through."""
    only = only or LogFilter(chapter=chapter, undone=undone)
    where, params = _where(campaign_id, only)
    sql = f"SELECT * FROM event_log WHERE {where} ORDER BY version"
    if last is not None:
        sql = f"SELECT * FROM ({sql} DESC LIMIT ? OFFSET ?) ORDER BY version"
        params += [last, skip]
    return _plain(conn.execute(sql, params))


def undone_by(conn: sqlite3.Connection, campaign_id: str, version: int) -> Row | None:
    """The undo or revert (its ``event_log`` row) that took action ``version`` off the
    line, while it stays off; None when it stands (or is not an action)."""
    row = conn.execute(
        "SELECT undone FROM event_log WHERE campaign_id = ? AND version = ?",
        (campaign_id, version),
    ).fetchone()
    if row is None or not row[0]:
        return None
    rows = _plain(
        conn.execute(
            "SELECT log.* FROM event_log AS log, json_each(log.actions) AS taken "
            "WHERE log.campaign_id = ? AND log.kind IN ('ActionsUndone', 'ActionReverted') "
            "AND taken.value = ? "
            "ORDER BY log.version DESC LIMIT 1",
            (campaign_id, version),
        )
    )
    return rows[0] if rows else None


def chapter_taken_back(conn: sqlite3.Connection, campaign_id: str, chapter: int) -> list[Row]:
    """The actions of a chapter that were taken off the line (undone, or reverted and
    decided again), oldest first, each with the undo or revert that took it (``by``)."""
    rows = conn.execute(
        "SELECT version, summary FROM event_log WHERE campaign_id = ? AND chapter = ? "
        "AND undone = 1 AND kind IN ('ActionLogged', 'ActionReverted') ORDER BY version",
        (campaign_id, chapter),
    )
    return [
        {"version": version, "summary": summary, "by": undone_by(conn, campaign_id, version)}
        for version, summary in rows.fetchall()
    ]


def log_count(conn: sqlite3.Connection, campaign_id: str, only: LogFilter) -> int:
    """How many entries of the log ``only`` lets through."""
    where, params = _where(campaign_id, only)
    return int(conn.execute(f"SELECT count(*) FROM event_log WHERE {where}", params).fetchone()[0])


def log_sessions(conn: sqlite3.Connection, campaign_id: str) -> list[str]:
    """The sessions of a campaign's log, in the order they began."""
    rows = conn.execute(
        "SELECT session FROM event_log WHERE campaign_id = ? GROUP BY session "
        "ORDER BY min(version)",
        (campaign_id,),
    )
    return [str(session) for (session,) in rows]


def reward_readings(conn: sqlite3.Connection, campaign_id: str) -> list[str]:
    """How each ended chapter's Helping Hands were decided, in words, in the order played."""
    rows = conn.execute(
        "SELECT said FROM reward_readings WHERE campaign_id = ? ORDER BY seq", (campaign_id,)
    )
    return [said for (said,) in rows]


def chapter_grizzled(
    conn: sqlite3.Connection, campaign_id: str, last: int | None = None
) -> list[Row]:
    """Each chapter's Grizzled and Good Luck Charms as chosen at its start (a chapter may
    change them: notes, decision 4), oldest first: ``{"chapter", "grizzled": [{"name",
    "charm"}]}`` (the latest ``last`` chapters; None: every one; the Chaplain left out)."""
    rows = conn.execute(
        "SELECT chapter, player, charm FROM chapter_players WHERE campaign_id = ? "
        "AND chaplain = 0 AND chapter IN (SELECT chapter FROM chapter_state "
        "WHERE campaign_id = ? ORDER BY chapter DESC LIMIT ?) ORDER BY chapter, seat",
        (campaign_id, campaign_id, -1 if last is None else last),
    ).fetchall()
    found: dict[int, list[Row]] = {}
    for chapter, player, charm in rows:
        found.setdefault(chapter, []).append({"name": player, "charm": charm})
    return [{"chapter": chapter, "grizzled": seats} for chapter, seats in found.items()]


def score(conn: sqlite3.Connection, campaign_id: str, last: int | None = None) -> Row:
    """The score: Victory Points, Negative Points and the difference over every chapter,
    each chapter's part (the latest ``last`` chapters; None: every one), oldest first, and
    how many chapters came before those (``earlier``). ``score`` and ``campaign show`` read
    a page at the same cost after a thousand chapters as after ten."""
    count, victory, negative = conn.execute(
        "SELECT count(*), coalesce(sum(victory_points), 0), coalesce(sum(negative_points), 0) "
        "FROM campaign_score WHERE campaign_id = ?",
        (campaign_id,),
    ).fetchone()
    chapters = _plain(
        conn.execute(
            "SELECT * FROM (SELECT * FROM campaign_score WHERE campaign_id = ? "
            "ORDER BY chapter DESC LIMIT ?) ORDER BY chapter",
            (campaign_id, -1 if last is None else last),
        )
    )
    return {
        "victory_points": victory,
        "negative_points": negative,
        "difference": victory - negative,
        "chapters": chapters,
        "earlier": count - len(chapters),
    }


def helping_hands(conn: sqlite3.Connection, campaign_id: str) -> list[Row]:
    """Every Helping Hand acquired, then those offered and not taken (player None)."""
    return _plain(
        conn.execute(
            "SELECT * FROM helping_hands WHERE campaign_id = ? ORDER BY seq", (campaign_id,)
        )
    )


def bans(conn: sqlite3.Connection, campaign_id: str) -> list[Row]:
    """Every card banned from the campaign: in which chapter, from whom, from where."""
    return _plain(
        conn.execute("SELECT * FROM bans WHERE campaign_id = ? ORDER BY seq", (campaign_id,))
    )


def history(
    conn: sqlite3.Connection,
    campaign: Row,
    *,
    last: int | None = None,
    only: LogFilter | None = None,
    skip: int = 0,
) -> list[Row]:
    """The log of ``campaign`` (its ``campaigns`` row) as ``grizzled log --json`` shows it
    (docs/cli.md): every stored event, oldest first (or the ``last`` few, the ``skip``
    newest left out), who logged it
    when, the domain event types it carried, what an undo or a redo named, and whether an
    action was undone. The creation is said by the campaign's name; an undo or a redo by
    the versions it names (``actions``)."""
    origin = branched_from(conn, campaign["campaign_id"])
    rows = log(conn, campaign["campaign_id"], last=last, only=only, skip=skip)
    return [_entry(campaign, row, origin) for row in rows]


def history_rows(
    conn: sqlite3.Connection, campaign: Row, only: LogFilter, *, reverts: bool = False
) -> Iterator[Row]:
    """``history`` without ``last``, one entry at a time (a whole log is never held in
    memory); only its reverts that stand, with ``reverts``."""
    where, params = _where(campaign["campaign_id"], only)
    if reverts:
        where += " AND kind = 'ActionReverted' AND undone = 0"
    cursor = conn.execute(f"SELECT * FROM event_log WHERE {where} ORDER BY version", params)
    origin = branched_from(conn, campaign["campaign_id"])
    return (_entry(campaign, row, origin) for row in _rows(cursor))


def history_extent(
    conn: sqlite3.Connection, campaign_id: str, only: LogFilter
) -> tuple[int, list[str]]:
    """The newest version ``history_rows`` gives and every name it says logged an entry."""
    where, params = _where(campaign_id, only)
    (newest,) = conn.execute(f"SELECT max(version) FROM event_log WHERE {where}", params).fetchone()
    who = conn.execute(f"SELECT DISTINCT who FROM event_log WHERE {where}", params).fetchall()
    return int(newest or 0), [str(name) for (name,) in who]


# A branch's first event names the original and the entry (CampaignCreated.branched_from,
# branched_at); a creation is stored as plain JSON (only logged actions are packed).
BRANCHED_FROM = (
    "SELECT json_extract(CAST(state AS TEXT), '$.record.data.branched_from'), "
    "json_extract(CAST(state AS TEXT), '$.record.data.branched_at') FROM stored_events "
    "WHERE originator_id = ? AND originator_version = 1 AND topic = 'grizzled:Campaign.Created'"
)


def branched_from(conn: sqlite3.Connection, campaign_id: str) -> tuple[str, int] | None:
    """The campaign a what-if branch was forked from and the log entry it was forked at,
    as its first event names them; None for a campaign that is no branch."""
    try:
        row = conn.execute(BRANCHED_FROM, (campaign_id,)).fetchone()
    except sqlite3.DatabaseError:  # not JSON: the log says the creation without it
        return None
    if row is None or not isinstance(row[0], str) or type(row[1]) is not int:
        return None
    return str(row[0]), int(row[1])


def _entry(campaign: Row, row: Row, origin: tuple[str, int] | None = None) -> Row:
    created = f"campaign {campaign['campaign']!r} created"
    if origin is not None:
        created = f"campaign {campaign['campaign']!r} branched from {origin[0]!r} at #{origin[1]}"
    return {
        "version": row["version"],
        "kind": row["kind"],
        "summary": created if row["kind"] == "Created" else row["summary"] or "",
        "time": row["time"],
        "logged_by": row["who"],
        "session": row["session"],
        "chapter": row["chapter"],
        "undone": row["undone"],
        "events": row["event_types"],
        "actions": row["actions"] or [],
        "reason": row["reason"] or "",
    }


def played_chapters(conn: sqlite3.Connection, campaign_id: str) -> list[int]:
    """The numbers of the chapters on the line of play, in the order played."""
    rows = conn.execute(
        "SELECT DISTINCT chapter FROM event_log WHERE campaign_id = ? "
        "AND kind IN ('ActionLogged', 'ActionReverted') "
        "AND undone = 0 AND chapter IS NOT NULL ORDER BY chapter",
        (campaign_id,),
    )
    return [int(chapter) for (chapter,) in rows]


def chapter_actions(conn: sqlite3.Connection, campaign_id: str, chapter: int) -> list[int]:
    """The versions of a chapter's actions that stand, oldest first: from its start up to
    the next chapter's (its Conclusion and the Briefing after it included)."""
    rows = conn.execute(
        "SELECT version FROM event_log WHERE campaign_id = ? "
        "AND kind IN ('ActionLogged', 'ActionReverted') "
        "AND undone = 0 AND chapter = ? ORDER BY version",
        (campaign_id, chapter),
    )
    return [int(version) for (version,) in rows]


def score_facts(conn: sqlite3.Connection, campaign_id: str) -> list[Row]:
    """Every point of the score and the action that recorded it, in the order recorded
    (``score --json --explain``'s ``explanation``): a Helping Hand acquired is a Victory
    Point; one not taken and a card banned are Negative Points. Only the actions that
    stand (logged, or a revert's decided again) count."""
    rows = conn.execute(
        "SELECT f.kind, f.chapter, f.what, f.version, e.who, e.time "
        "FROM score_facts AS f JOIN event_log AS e "
        "ON e.campaign_id = f.campaign_id AND e.version = f.version "
        "WHERE f.campaign_id = ? AND e.undone = 0 ORDER BY f.version, f.seq",
        (campaign_id,),
    )
    names = ("kind", "chapter", "what", "event", "logged_by", "time")
    return [dict(zip(names, row, strict=True)) for row in rows]


def box(conn: sqlite3.Connection, campaign_id: str) -> Row | None:
    """What the campaign has learnt (``campaign_box``): ``document`` (the ``box --json``
    document); None when the row is missing."""
    row = conn.execute(
        "SELECT document FROM campaign_box WHERE campaign_id = ?", (campaign_id,)
    ).fetchone()
    if row is None:
        return None
    return {"document": json.loads(row[0])}
