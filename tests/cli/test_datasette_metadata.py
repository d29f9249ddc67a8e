"""The Datasette metadata shipped for a campaign file (issue 32): every table, column,
label column and sort it names is in a real campaign file, every read model is described
whole, and each canned query runs with sqlite3 and answers what its title says."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from projections import schema
from projections.datasette import SHIPPED, metadata
from tests.cli.conftest import Grizzled

PARAMETERS = {"campaign": "Autumn", "chapter": 1}


@pytest.fixture
def scored(armistice: Grizzled) -> Grizzled:
    """Autumn: chapter 1 lost, one Helping Hand taken of three, Ben's rain+gas banned with
    the group's reason, an action undone."""
    armistice.chapter_one(won=False)
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 102:ann")
    armistice.ok("ban ben rain+gas -r 'it cost us the chapter'")
    armistice.ok("describe hand 103 'Test hand 103' action")
    armistice.ok("undo")
    return armistice


def database(meta: dict[str, Any]) -> dict[str, Any]:
    (described,) = meta["databases"].values()
    return described  # type: ignore[no-any-return]


def columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


def test_every_table_and_column_the_metadata_names_is_in_a_real_campaign_file(scored: Grizzled):
    tables = database(metadata())["tables"]

    with closing(sqlite3.connect(scored.db)) as conn:
        present = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        for name, table in tables.items():
            assert name in present, f"{name} is not a table of a campaign file"
            found = columns(conn, name) | {"rowid"}
            assert set(table.get("columns", {})) <= found, name
            for key in ("label_column", "sort"):
                assert table.get(key, "rowid") in found, f"{name}.{key}"


def test_every_read_model_is_described_with_every_column_and_a_label(scored: Grizzled):
    tables = database(metadata())["tables"]

    for table in schema.READ_MODELS:
        described = tables[table.name]
        assert described["title"] and described["description"]
        assert list(described["columns"]) == list(table.columns)
        assert described["label_column"] in table.columns
    for table in schema.BOOKKEEPING:
        assert tables[table.name]["hidden"] is True


def test_each_canned_query_runs_with_sqlite3(scored: Grizzled):
    queries = database(metadata())["queries"]

    with closing(sqlite3.connect(scored.db)) as conn:
        answers = {
            name: conn.execute(query["sql"], PARAMETERS).fetchall()
            for name, query in queries.items()
        }

    assert answers["every_ban"] == [
        ("Autumn", "chapter 1", "rain+gas", "Ben", "hand", "it cost us the chapter", 14)
    ]
    assert answers["chapters_won_and_lost"] == [("Autumn", "chapter 1", "monument", 0, 1, 3, -2)]
    assert answers["score_of_each_campaign"] == [("Autumn", 1, 0, 1, 3, -2)]
    assert [row[:5] for row in answers["helping_hands_held"]] == [
        ("Autumn", 102, "Test hand 102", "action", "Ann")
    ]
    assert [row[2] for row in answers["taken_back"]] == ["Helping Hand #103 described"]
    assert answers["undos_per_evening"][0][2:] == (14, 1)  # actions #2-#15, the undo #16
    assert [row[3] for row in answers["a_chapters_log"]][:2] == [
        "chapter start (leader Ann)",
        "mission start 1",
    ]
    assert all(query["title"] and query["description"] for query in queries.values())


def test_the_metadata_command_names_the_database_as_datasette_does(
    grizzled: Grizzled, tmp_path: Path
):
    printed = json.loads(
        grizzled.ok("--db", str(tmp_path / "campaign.sqlite"), "projections", "metadata")
    )

    with open(SHIPPED, encoding="utf-8") as f:
        shipped = json.load(f)
    assert list(printed["databases"]) == ["campaign"]
    assert printed["databases"]["campaign"] == shipped["databases"]["grizzled"]
