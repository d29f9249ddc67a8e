"""``campaign_box`` is written only where its text changed: a batch that leaves what the
campaign has learnt as it was (its cards where they were) writes nothing to it."""

from __future__ import annotations

import sqlite3
from contextlib import closing

from sqlite_utils import Database

from projections.write import BOX_COLUMNS, WRITE_BOX, create_tables


def row(document: str) -> list[str]:
    values = {"campaign_id": "c1", "campaign": "Autumn", "document": document}
    return [values.get(column, "[]") for column in BOX_COLUMNS]


def test_a_box_row_is_written_only_when_its_text_changed() -> None:
    with closing(sqlite3.connect(":memory:")) as conn:
        create_tables(Database(conn))
        written = []
        for document in ('{"cards":[]}', '{"cards":[]}', '{"cards":[1]}', '{"cards":[1]}'):
            before = conn.total_changes
            conn.execute(WRITE_BOX, row(document))
            written.append(conn.total_changes - before)

        assert written == [1, 0, 1, 0]
        assert conn.execute("SELECT document FROM campaign_box").fetchall() == [('{"cards":[1]}',)]
