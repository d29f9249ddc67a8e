"""The companion calls the application in-process (issue 40): a keeper's tap is a typed
request answered by ``app.actions`` in a thread of its own. A write that waits behind
another process's write lock is refused in one line after the store's busy timeout, and
the server answers other phones meanwhile."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Grizzled, stored_events
from tests.web.conftest import TOKEN
from tests.web.test_keeper import _page, _tap
from web.app import create_app

HOLD = r"""
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")  # the write lock, held: readers still read (WAL)
print("held", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
"""


def test_a_tap_behind_another_writers_lock_is_refused_in_one_line_while_the_server_answers(
    table: Grizzled, db: Path
) -> None:
    before = stored_events(db)
    with TestClient(create_app(db, [TOKEN]), raise_server_exceptions=False) as client:
        page = _page(client)
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLD, str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
            tapped: dict[str, Any] = {}

            def tap() -> None:
                started = time.monotonic()
                tapped["response"] = _tap(client, page, "withdraw left")
                tapped["took"] = time.monotonic() - started

            tapping = threading.Thread(target=tap)
            tapping.start()
            time.sleep(0.5)  # the tap is waiting for the lock now
            answered = time.monotonic()
            viewer = client.get("/")  # another phone, meanwhile
            waited = time.monotonic() - answered
            assert viewer.status_code == 200 and tapping.is_alive(), waited
            tapping.join(timeout=60)
            assert not tapping.is_alive()
        finally:
            assert holder.stdin is not None
            holder.stdin.close()
            holder.wait(timeout=10)
            assert holder.stdout is not None
            holder.stdout.close()
    refused = tapped["response"]
    assert refused.status_code == 422
    said = refused.text.split('data-testid="write-error">')[1].split("<")[0]
    assert "busy" in said or "locked" in said, said
    assert "\n" not in said
    assert 4 < tapped["took"] < 30  # the store's busy timeout (5 s), not the server's end
    assert stored_events(db) == before  # nothing logged


def _undo_request(db: Path) -> Any:
    from web.keeper import read_menu, request_of

    menu = read_menu(db, "Friday")
    return request_of(menu, {"move": "undo", "reason": "a slip"}, db, "Friday", "keeper 1")


def test_a_keepers_write_reads_the_phones_board_before_its_file_closes_as_a_later_look_would(
    table: Grizzled, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tracker.dbfile
    from app.readings import written
    from app.watch import last_event
    from web.keeper import write
    from web.reading import viewer_page

    table.ok("play", "night+snow")
    headers: list[str] = []
    real = tracker.dbfile._header
    seen: dict[str, Any] = {}

    def then(work: Any) -> None:
        monkeypatch.setattr(tracker.dbfile, "_header", lambda path: headers.append(path) or "")
        try:
            with written(work, None) as event:
                seen["open"] = work._tracker is not None  # the event store holds the file
                seen["event"], seen["page"] = event, viewer_page(db, None, work)
        finally:
            monkeypatch.setattr(tracker.dbfile, "_header", real)

    recorded = write(_undo_request(db), then=then)
    assert seen["open"] and headers == []  # never opened in Python beside the store's locks
    assert seen["event"] == last_event(db)
    assert seen["page"] == viewer_page(db)  # what the watcher's next look reads
    assert seen["page"].log[0]["version"] == recorded.number


def test_a_failure_of_what_follows_a_saved_tap_never_refuses_it(table: Grizzled, db: Path) -> None:
    from web.keeper import write

    table.ok("play", "night+snow")
    before = stored_events(db)

    def then(work: Any) -> None:
        raise RuntimeError("the page could not be read")

    recorded = write(_undo_request(db), then=then)  # no exception: recorded, and said so
    assert stored_events(db) == before + 1
    assert table.json("log", "--all")[-1]["version"] == recorded.number


def test_a_write_in_one_of_several_campaigns_is_read_after_the_close_unless_the_serve_names_it(
    table: Grizzled, db: Path
) -> None:
    from app.readings import written
    from app.watch import last_event
    from tests.cli.conftest import SEATS
    from web.keeper import write

    table.ok("campaign", "new", "Autumn", "--rules", "classic", *SEATS)
    table.ok("campaign", "use", "Friday")
    table.ok("play", "night+snow")
    found: dict[str, Any] = {}

    def then(work: Any) -> None:
        for named in (None, "Autumn", "Friday"):  # a serve of the file, of another, of it
            with written(work, named) as event:
                found[str(named)] = event

    write(_undo_request(db), then=then)
    assert found == {"None": None, "Autumn": None, "Friday": last_event(db)}
