"""Writing one batch's rows with ``sqlite3``, in the caller's transaction.

Every row a batch touched is written once: the boards of its chapters, each changed
campaign's Helping Hands, score and bans, the campaigns and the runner's saved states,
each touched campaign's box (where its text changed), the new event-log rows and the
undone flags, and the new position. Rows are bound with plain ``executemany``
(sqlite-utils creates the tables in a rebuild, ``create_tables``, and is imported only
there).
"""

from __future__ import annotations

import sqlite3
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from projections import schema
from projections.box import box_row
from projections.campaign import campaign_row, reward_facts, reward_rows
from projections.chapter import chapter_row, player_rows

if TYPE_CHECKING:
    from sqlite_utils import Database

    from projections.batch import Batch


def create_tables(db: Database) -> None:
    """Create every read-model table that is missing, and the position row."""
    for table in schema.ALL_TABLES:
        if not db[table.name].exists():
            db[table.name].create(  # type: ignore[union-attr]
                table.columns, pk=table.pk, not_null=set(table.pk)
            )
            for columns in table.indexes:
                db[table.name].create_index(columns)  # type: ignore[union-attr]
    db["projection_position"].insert(  # type: ignore[union-attr]
        {"name": schema.POSITION_NAME, "position": 0, "schema": schema.SCHEMA},
        ignore=True,
    )


LOG_COLUMNS = list(schema.EVENT_LOG.columns)  # log_row's order
INSERT_LOG = (
    f"INSERT INTO event_log ({', '.join(f'[{c}]' for c in LOG_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in LOG_COLUMNS)})"
)


def drop_tables(conn: sqlite3.Connection) -> None:
    """Drop every read-model table (the events are not touched)."""
    for table in schema.ALL_TABLES:
        conn.execute(f"DROP TABLE IF EXISTS [{table.name}]")


def _write_rows(
    conn: sqlite3.Connection,
    table: str,
    rows: list[dict[str, Any]],
    verb: str = "INSERT",
    upsert: tuple[str, ...] = (),
) -> None:
    """Write ``rows`` (dicts with the same keys, JSON columns already text) into ``table``:
    ``INSERT`` (an existing key is an error), ``INSERT OR REPLACE``, or, with ``upsert``
    (the primary key), an insert that updates the given columns of an existing row (as
    sqlite-utils' ``upsert_all``)."""
    if not rows:
        return
    columns = list(rows[0])
    sql = (
        f"{verb} INTO [{table}] ({', '.join(f'[{c}]' for c in columns)}) "
        f"VALUES ({', '.join('?' for _ in columns)})"
    )
    if upsert:
        updates = ", ".join(f"[{c}] = excluded.[{c}]" for c in columns if c not in upsert)
        keys = ", ".join(f"[{c}]" for c in upsert)
        sql += f" ON CONFLICT({keys}) " + (f"DO UPDATE SET {updates}" if updates else "DO NOTHING")
    values = itemgetter(*columns)
    conn.executemany(sql, [values(row) for row in rows])


def _write_chapters(conn: sqlite3.Connection, batch: Batch) -> None:
    for cid, keep in batch.cuts.items():
        for table in ("chapter_state", "chapter_players"):
            conn.execute(f"DELETE FROM {table} WHERE campaign_id = ? AND chapter > ?", (cid, keep))
    conn.executemany(
        "DELETE FROM chapter_players WHERE campaign_id = ? AND chapter = ?", list(batch.chapters)
    )
    boards = [
        chapter_row(c, name, n, st, title) for (c, n), (name, st, title) in batch.chapters.items()
    ]
    players = [
        row
        for (c, n), (name, st, _) in batch.chapters.items()
        for row in player_rows(c, name, n, st)
    ]
    _write_rows(conn, "chapter_state", boards, "INSERT OR REPLACE")
    _write_rows(conn, "chapter_players", players)


def _write_campaigns(conn: sqlite3.Connection, batch: Batch) -> set[str]:
    """Each touched campaign's row; its Helping Hands, score and bans when its rewards
    changed (the ids of those campaigns)."""
    changed = [
        s
        for cid, s in batch.streams.items()
        if batch.facts_before[cid] is None or batch.facts_before[cid] != reward_facts(s.state)
    ]
    for stream in changed:
        hands, score, bans, readings = reward_rows(stream.campaign_id, stream.state)
        for name, rows in (
            ("helping_hands", hands),
            ("campaign_score", score),
            ("bans", bans),
            ("reward_readings", readings),
        ):
            conn.execute(f"DELETE FROM {name} WHERE campaign_id = ?", (stream.campaign_id,))
            _write_rows(conn, name, rows)
    streams = list(batch.streams.values())
    _write_rows(
        conn,
        "campaigns",
        [campaign_row(s.campaign_id, s.state, s.info()) for s in streams],
        upsert=("campaign_id",),
    )
    _write_rows(
        conn, "projection_campaigns", [s.stored() for s in streams], upsert=("campaign_id",)
    )
    return {s.campaign_id for s in changed}


BOX_COLUMNS = list(schema.CAMPAIGN_BOX.columns)
WRITE_BOX = (
    f"INSERT INTO campaign_box ({', '.join(f'[{c}]' for c in BOX_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in BOX_COLUMNS)}) ON CONFLICT(campaign_id) DO UPDATE SET "
    + ", ".join(f"[{c}] = excluded.[{c}]" for c in BOX_COLUMNS[1:])
    + " WHERE "
    + " OR ".join(f"campaign_box.[{c}] IS NOT excluded.[{c}]" for c in BOX_COLUMNS[1:])
)


def _write_boxes(conn: sqlite3.Connection, batch: Batch) -> None:
    """Each touched campaign's ``campaign_box`` row, from its state at the end of the
    batch (where a card is changes with almost any action: computed every batch), written
    only where its text changed."""
    rows = [box_row(s.campaign_id, s.state) for s in batch.streams.values()]
    conn.executemany(WRITE_BOX, [[row[c] for c in BOX_COLUMNS] for row in rows])


def _ban_events(conn: sqlite3.Connection, campaign_id: str) -> None:
    """Each ban's action: the standing action (logged, or a revert that decided it again)
    whose events hold that chapter's ban (one ban a chapter), the latest if several."""
    if conn.execute("SELECT 1 FROM bans WHERE campaign_id = ?", (campaign_id,)).fetchone() is None:
        return
    latest = conn.execute(
        "SELECT f.chapter, max(f.version) FROM score_facts AS f JOIN event_log AS e "
        "ON e.campaign_id = f.campaign_id AND e.version = f.version "
        "WHERE f.campaign_id = ? AND f.type = 'CardBanned' AND e.undone = 0 GROUP BY f.chapter",
        (campaign_id,),
    ).fetchall()
    conn.execute("UPDATE bans SET event = NULL WHERE campaign_id = ?", (campaign_id,))
    conn.executemany(
        "UPDATE bans SET event = ? WHERE campaign_id = ? AND chapter = ?",
        [(version, campaign_id, chapter) for chapter, version in latest],
    )


def write_batch(conn: sqlite3.Connection, batch: Batch, position: int) -> None:
    """Write everything a batch touched, and the new position, in the open transaction."""
    _write_chapters(conn, batch)
    rewritten = _write_campaigns(conn, batch)
    _write_boxes(conn, batch)
    conn.executemany(INSERT_LOG, batch.log.values())
    conn.executemany(
        f"INSERT INTO score_facts ({', '.join(schema.SCORE_FACTS.columns)}) "
        f"VALUES ({', '.join('?' for _ in schema.SCORE_FACTS.columns)})",
        batch.facts,
    )
    conn.executemany(
        "UPDATE event_log SET undone = ? WHERE campaign_id = ? AND version = ?",
        [(flag, cid, version) for (cid, version), flag in batch.flags.items()],
    )
    # a ban's action changes only with its rows or with what stands on the line
    moved = rewritten | {cid for cid, _ in batch.flags}
    for cid in moved:
        _ban_events(conn, cid)
    conn.execute(
        "UPDATE projection_position SET position = ? WHERE name = ?",
        (position, schema.POSITION_NAME),
    )
