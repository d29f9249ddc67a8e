"""The companion on a network it does not control (issue 42): floods of event streams and
of half-sent requests against ``grizzled serve`` run as a subprocess on 127.0.0.1 under
the usual 1,024 open-files limit. While a flood is held or right after it ends, a viewer's
page loads and a keeper's tap is logged within a second; the log stays small."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser.server import serve
from tests.cli.conftest import Grizzled, stored_events
from tests.web import flood
from web.limits import BUSY, Limits, StreamCap

FILES = 1024  # the server's open-files limit: the usual soft limit
FLOOD = 2000  # connections in each flood
SETTLE = 2.0  # seconds the server is given to take a flood in
SOON = 1.0  # seconds within which it answers after (or during) a flood
READ = 5.0  # web.limits.READ_SECONDS: a head not sent by then is dropped


@pytest.fixture
def room() -> None:
    reason = flood.own_files(FLOOD + 256)
    if reason:
        pytest.skip(f"flood tests skipped: {reason}")


def test_two_thousand_streams_opened_then_closed_leave_the_viewer_and_a_tap_answering(
    table: Grizzled, room: None
) -> None:
    db = Path(table.db)
    before = stored_events(db)
    with serve(db, None, files=FILES) as served:
        port = flood.port_of(served.viewer)
        fields = flood.keeper_fields(served.keeper)  # the page as the keeper holds it
        with flood.connections(port, FLOOD, flood.stream_head(port)) as held:
            time.sleep(SETTLE)
            said = flood.answers(held)
        ended = time.monotonic()
        viewer, tap = flood.at_once(
            (flood.get, served.viewer),
            (flood.post, served.keeper + "/act", {**fields, "move": "undo", "reason": "x"}),
        )
        log = served.output.size
    assert said["503"] > 0, said  # the streams past the cap were refused in one line
    assert said["200"] < FILES, said  # never more streams than the files allow
    assert (viewer.status, tap.status) == (200, 303), (viewer, tap)
    assert viewer.ended - ended <= SOON and tap.ended - ended <= SOON
    assert stored_events(db) == before + 1  # the undo was logged, once
    assert log < 1_000_000


def test_two_thousand_half_sent_heads_and_bodies_held_leave_a_page_answering_and_are_dropped(
    table: Grizzled, room: None
) -> None:
    with serve(Path(table.db), None, files=FILES) as served:
        port = flood.port_of(served.viewer)
        act = urlsplit(served.keeper).path + "/act"
        slow = flood.slow_head(port), flood.slow_body(port, act)  # half a head, half a body
        with flood.connections(port, FLOOD, slow[0], other=slow[1]) as held:
            opened = time.monotonic()
            time.sleep(SETTLE)  # held, as in the other flood: the server has taken them in
            started = time.monotonic()
            (page,) = flood.at_once((flood.get, served.viewer))
            took = page.ended - started
            waiting = flood.answers(held)["nothing"]  # still held while the page answered
            while flood.answers(held)["nothing"] and time.monotonic() < opened + READ + 2.5:
                time.sleep(0.25)
            said = flood.answers(held)
        log = served.output.size
    assert page.status == 200 and took <= SOON, (page, took)
    assert waiting > 0, waiting
    assert said["nothing"] == 0, said  # every one dropped after its few seconds
    assert log < 1_000_000, log


def test_streams_past_the_cap_in_total_or_from_one_address_get_503_and_one_line() -> None:
    async def forever(scope: object, receive: object, send: object) -> None:
        await asyncio.sleep(60)  # a stream, held open

    async def main() -> list[int | None]:
        cap = StreamCap(forever, Limits(connections=100, streams=3, per_address=2))
        said: list[int | None] = []
        held = []
        for client in ("10.0.0.1", "10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.3"):
            sent: list[dict[str, object]] = []

            async def send(message: dict[str, object], sent: list[dict[str, object]] = sent):
                sent.append(message)

            scope = {"type": "http", "path": "/events", "client": (client, 1)}
            held.append(asyncio.create_task(cap(scope, None, send)))  # type: ignore[arg-type]
            await asyncio.sleep(0.01)
            said.append(int(sent[0]["status"]) if sent else None)  # type: ignore[call-overload]
            if sent:
                assert sent[1]["body"] == (BUSY + "\n").encode()
        for task in held:
            task.cancel()
        await asyncio.gather(*held, return_exceptions=True)
        assert cap.open == 0 and not cap.by_address  # every stream's count given back
        return said

    # two from 10.0.0.1, the third refused; one from 10.0.0.2; the fourth in all refused
    assert asyncio.run(main()) == [None, None, 503, None, 503]
