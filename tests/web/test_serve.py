"""``grizzled serve`` as a real process on a free loopback port: its pages, and its stream
of the board catching up from ``Last-Event-ID`` and following what the command line logs."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import SEATS, TABLE_CHAPTER, Grizzled
from tests.conftest import BIN_DIR, MISSING

RUN = "from cli.script import run; run()"  # the grizzled command, as its script runs it


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serving(*where: str, options: tuple[str, ...] = ()) -> Iterator[tuple[str, list[str]]]:
    """``grizzled [where] serve`` on a free loopback port: its viewer's address, and the
    lines it printed (read after the server stops)."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", RUN, *where, "serve", "--port", str(port), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=os.environ.copy(),
    )
    assert process.stdout is not None
    named = process.stdout.readline()  # the campaign it serves, on its first line
    first = process.stdout.readline()
    assert named.startswith("Campaign: ") and first.startswith("Viewer: http://127.0.0.1:"), (
        named + first
    )
    base = first.split(" ", 1)[1].strip()
    printed = [named, first]
    while not printed[-1].startswith("Stop with") and printed[-1]:  # the keepers' lines
        printed.append(process.stdout.readline())
    try:
        for _ in range(200):  # the server's socket, open once uvicorn has started
            try:
                urllib.request.urlopen(base, timeout=30).close()
                break
            except OSError:
                time.sleep(0.1)
        yield base, printed
    finally:
        process.terminate()
        process.wait(timeout=30)
        printed += process.stdout.readlines()
        process.stdout.close()


@pytest.fixture
def served(table: Grizzled, db: Path) -> Iterator[str]:
    with serving("--db", str(db)) as (base, _):
        yield base


def _events(base: str, last: str | None) -> Iterator[tuple[int, str]]:
    """The stream's updates: (id, data), read as they come."""
    request = urllib.request.Request(base + "events")
    if last is not None:
        request.add_header("Last-Event-ID", last)
    with urllib.request.urlopen(request, timeout=60) as stream:
        event, data = None, []
        for raw in stream:
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("id: "):
                event = int(line[4:])
            elif line.startswith("data: "):
                data.append(line[6:])
            elif not line:  # the end of a message: an update (with its id) or a heartbeat
                if event is not None:
                    yield event, "\n".join(data)
                event, data = None, []


def test_the_served_stream_catches_up_and_follows_the_command_line(
    served: str, table: Grizzled
) -> None:
    page = urllib.request.urlopen(served, timeout=60).read().decode("utf-8")
    assert 'data-testid="board"' in page
    stream = _events(served, "0")
    first, regions = next(stream)
    assert first > 0
    assert 'data-testid="next"' in regions
    table.ok("withdraw", "left")
    second, after = next(stream)
    assert second > first
    assert after.count('data-testid="log-entry"') == regions.count('data-testid="log-entry"') + 1
    behind = _events(served, str(first))  # a phone that missed an update gets it once
    assert next(behind) == (second, after)
    stream.close()
    behind.close()


def test_serve_without_its_extra_says_in_one_line_how_to_install_it(table: Grizzled) -> None:
    hidden = "import sys; sys.modules['starlette'] = None; " + RUN
    done = subprocess.run(
        [sys.executable, "-c", hidden, "serve"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "Error: the companion needs its extra: pip install -e '.[web]' (in grizzled's folder)"
    ]
    assert done.stdout == ""


@pytest.mark.skipif(BIN_DIR is None, reason=MISSING)
def test_a_club_serves_its_server_s_campaign_and_follows_what_any_device_logs_there(
    db: Path, postgres_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = "club-s3cret"
    monkeypatch.setenv("GRIZZLED_DB", postgres_db.replace("postgres@", f"postgres:{secret}@", 1))
    club = Grizzled(db)
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    club.ok("chapter", "start", *TABLE_CHAPTER)
    club.ok("mission", "start", "3")
    with serving() as (base, printed):
        page = urllib.request.urlopen(base, timeout=60).read().decode("utf-8")
        stream = _events(base, "0")
        first, regions = next(stream)
        club.ok("withdraw", "left")  # another device logs on the server meanwhile
        second, after = next(stream)
        stream.close()

    assert 'data-testid="board"' in page and "Ann" in page
    assert second > first > 0
    assert after.count('data-testid="log-entry"') == regions.count('data-testid="log-entry"') + 1
    assert not db.exists()  # the server holds the campaign: no file where one would be
    assert all(secret not in text for text in [page, regions, after, *printed])


def test_serve_refuses_more_names_than_keepers_in_one_line(table: Grizzled) -> None:
    assert table.refused("serve --keepers 1 --name ann --name ben", code=2) == (
        "Error: --name: at most 1 names (--keepers), 1 to 40 characters (grizzled serve --help)"
    )


def test_a_keeper_given_a_name_is_logged_under_it(table: Grizzled) -> None:
    from tests.browser.server import serve

    with serve(Path(table.db), None, "--name", "Dee at the laptop") as served:
        page = urllib.request.urlopen(served.keeper, timeout=60).read().decode("utf-8")
        fields = dict(re.findall(r'name="(csrf|event)" value="([^"]+)"', page))
        fields["move"] = re.findall(r'name="move" value="(\d+)"', page)[0]
        request = urllib.request.Request(
            served.keeper + "/act", data=urllib.parse.urlencode(fields).encode(), method="POST"
        )
        urllib.request.urlopen(request, timeout=60).close()  # the 303 followed: the new page
    assert table.json("log", "--all")[-1]["logged_by"] == "Dee at the laptop"
