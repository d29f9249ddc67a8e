"""A viewer's board carries the log's newest entries only, numbered as in the whole log;
the whole log is a page of its own (``/log``), read a page at a time when asked: what is
pushed to every phone at every tap no longer grows with the campaign."""

from __future__ import annotations

import html
import re

import pytest
from starlette.testclient import TestClient

from app import readings
from tests.cli.conftest import Grizzled
from tests.web.conftest import TOKEN

SHOWN, PAGE = 3, 4  # small, for a campaign of a few entries


def _entries(text: str) -> list[str]:
    said = html.unescape(text)
    return [e.strip() for e in re.findall(r'data-testid="log-entry"[^>]*>([^<]*)', said)]


def _start(text: str) -> int:
    found = re.search(r'<ol reversed start="(\d+)" class="n(\d)">', text)
    assert found is not None and len(found.group(1)) == int(found.group(2))  # room for it
    return int(found.group(1))


@pytest.fixture
def few(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(readings, "LOG_SHOWN", SHOWN)
    monkeypatch.setattr(readings, "LOG_PAGE", PAGE)


def _grown(table: Grizzled) -> list[str]:
    """The table's campaign with a few corrections more; its log's summaries, newest first."""
    for count in (11, 12, 13, 14):
        table.ok(f"correct morale {count} -r recount")
    return [_said(entry) for entry in reversed(table.json("log", "--all"))]


def _said(entry: dict[str, str]) -> str:
    """An entry as a page says it, up to who logged it."""
    return entry["summary"] + (f" ({entry['reason']})" if entry.get("reason") else "")


def test_the_board_carries_the_newest_entries_numbered_as_in_the_whole_log(
    table: Grizzled, client: TestClient, few: None
) -> None:
    newest_first = _grown(table)
    assert len(newest_first) > SHOWN
    page = client.get("/").text
    assert _entries(page) == newest_first[:SHOWN]
    assert _start(page) == len(newest_first)  # the newest keeps its number in the log
    said = html.unescape(page)
    assert f"The newest {SHOWN} of {len(newest_first)} entries" in said
    assert 'href="/log"' in page and 'data-testid="log-link"' in page
    assert 'href="/log?from=keeper"' in client.get(f"/k/{TOKEN}").text  # back to the keeper


def test_the_whole_log_is_read_a_page_at_a_time_newest_first(
    table: Grizzled, client: TestClient, few: None
) -> None:
    newest_first = _grown(table)
    seen, skip, starts = [], 0, []
    while True:
        page = client.get(f"/log?skip={skip}")
        assert page.status_code == 200
        starts.append(_start(page.text))
        seen += _entries(page.text)
        older = re.search(r'href="/log\?skip=(\d+)" data-testid="older"', page.text)
        if older is None:
            break
        assert f'href="/log?skip={max(skip - PAGE, 0)}"' in page.text or skip == 0
        skip = int(older.group(1))
    assert seen == newest_first  # every entry once, in order
    assert starts == [len(newest_first) - n for n in range(0, len(newest_first), PAGE)]
    assert 'data-testid="newer"' not in client.get("/log").text


def test_the_whole_log_takes_a_bad_skip_as_none(
    table: Grizzled, client: TestClient, few: None
) -> None:
    newest_first = _grown(table)
    for asked in ("-3", "x", "9" * 40):
        assert _entries(client.get(f"/log?skip={asked}").text) == newest_first[:PAGE]
    assert _entries(client.get("/log?skip=99999").text) == []  # past the oldest: none


def test_a_board_holds_the_whole_log_while_it_is_short(table: Grizzled, client: TestClient) -> None:
    page = client.get("/").text
    log = table.json("log", "--all")
    assert len(log) <= readings.LOG_SHOWN
    assert _entries(page) == [_said(e) for e in reversed(log)]
    assert 'data-testid="earlier"' not in page
