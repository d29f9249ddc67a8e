"""docs/projections.md documents every read-model table and every column."""

from __future__ import annotations

from pathlib import Path

from projections.schema import BOOKKEEPING, READ_MODELS

DOCS = Path(__file__).resolve().parents[2] / "docs" / "projections.md"


def section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n### ", start + 1)
    return text[start : end if end != -1 else len(text)]


def documented(part: str) -> set[str]:
    rows = [line for line in part.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in row.split("`")[1::2]}


def test_every_read_model_table_and_column_is_documented() -> None:
    text = DOCS.read_text()
    for table in READ_MODELS:
        assert f"### `{table.name}`" in text, f"{table.name} has no section"
        missing = set(table.columns) - documented(section(text, f"### `{table.name}`"))
        assert not missing, f"{table.name}: undocumented columns {sorted(missing)}"


def test_the_bookkeeping_tables_are_documented_too() -> None:
    part = section(DOCS.read_text(), "### Bookkeeping")
    for table in BOOKKEEPING:
        assert f"`{table.name}`" in part
        missing = {c for c in table.columns if f"`{c}`" not in part}
        assert not missing, f"{table.name}: undocumented columns {sorted(missing)}"


def test_the_docs_name_no_column_that_does_not_exist() -> None:
    text = DOCS.read_text()
    for table in READ_MODELS:
        rows = [
            line
            for line in section(text, f"### `{table.name}`").splitlines()
            if line.startswith("| `")
        ]
        named = {row.split("`")[1] for row in rows} | {
            n for row in rows for n in row.split("|")[1].split("`")[1::2]
        }
        assert named <= set(table.columns), f"{table.name}: {sorted(named - set(table.columns))}"
