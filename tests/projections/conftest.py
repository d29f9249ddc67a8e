"""Shared helpers of the projection tests: copies of a database, every read-model row."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from projections.schema import ALL_TABLES

Tables = dict[str, list[tuple[Any, ...]]]


def all_rows(db: Path) -> Tables:
    """Every row of every read-model table (bookkeeping included), in key order."""
    with closing(sqlite3.connect(db)) as conn:
        return {
            table.name: [
                tuple(row)
                for row in conn.execute(
                    f"SELECT * FROM {table.name} ORDER BY {', '.join(table.pk)}"
                )
            ]
            for table in ALL_TABLES
        }


def copy_db(source: Path, target: Path) -> Path:
    """A consistent copy of a database (WAL included), through SQLite's backup API."""
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
    return target


def rebuilt_copy(db: Path, folder: Path) -> Tables:
    """The read models a full rebuild gives, computed on a copy of ``db``."""
    from projections.runner import rebuild

    copy = copy_db(db, folder / f"rebuilt-{db.stem}.sqlite")
    rebuild(copy)
    rows = all_rows(copy)
    copy.unlink()
    return rows
