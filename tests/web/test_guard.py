"""The browser's defences (issue 42, web/guard.py): only the companion's own host names
are answered, a write must come from its own pages, and every answer carries the
Content-Security-Policy, framing, referrer and caching headers."""

from __future__ import annotations

import http.client
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.browser.server import serve
from tests.cli.conftest import Grizzled, stored_events
from web.app import create_app
from web.guard import CSP, FOREIGN, UNKNOWN_HOST, Guard, host_names

TOKEN = "keeper-token-for-tests"
PATHS = (
    "/",
    f"/k/{TOKEN}",
    f"/k/{TOKEN}/moves",
    "/stats",
    "/log",
    "/static/companion.css",
    "/nope",
)


@pytest.fixture
def guarded(table: Grizzled) -> TestClient:
    app = Guard(create_app(table.db, [TOKEN], campaign="Friday"), host_names("192.0.2.7"))
    return TestClient(app, base_url="http://127.0.0.1:8765", raise_server_exceptions=False)


def _fields(client: TestClient) -> dict[str, str]:
    page = client.get(f"/k/{TOKEN}").text
    fields = dict(re.findall(r'name="(csrf|event|campaign)" value="([^"]*)"', page))
    return {**fields, "move": re.findall(r'name="move" value="(\d+)"', page)[0]}


def test_every_answer_carries_the_defences_headers(guarded: TestClient) -> None:
    for path in PATHS:
        answer = guarded.get(path)
        assert answer.headers["content-security-policy"] == CSP, path
        assert "frame-ancestors 'none'" in CSP and "'unsafe-inline'" not in CSP
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["referrer-policy"] == "no-referrer"
    assert guarded.get(f"/k/{TOKEN}").headers["cache-control"] == "no-store"
    assert guarded.get(f"/k/{TOKEN}/moves").headers["cache-control"] == "no-store"


def test_a_foreign_host_name_is_refused_in_one_line(guarded: TestClient) -> None:
    for host in ("evil.example", "evil.example:8765", "127.0.0.1.evil.example"):
        answer = guarded.get("/", headers={"Host": host})
        assert (answer.status_code, answer.text) == (400, UNKNOWN_HOST + "\n")
        assert "content-security-policy" in answer.headers
    for host in ("127.0.0.1:8765", "localhost:8765", "192.0.2.7:8765", "LOCALHOST"):
        assert guarded.get("/", headers={"Host": host}).status_code == 200, host


def test_a_write_from_another_origin_is_refused_and_logs_nothing(
    guarded: TestClient, table: Grizzled
) -> None:
    before = stored_events(table.db)
    for foreign in (
        {"Origin": "http://evil.example"},
        {"Origin": "http://127.0.0.1:9999"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Origin": "null", "Sec-Fetch-Site": "cross-site"},
    ):
        answer = guarded.post(f"/k/{TOKEN}/act", data=_fields(guarded), headers=foreign)
        assert (answer.status_code, answer.text) == (403, FOREIGN + "\n"), foreign
    assert stored_events(table.db) == before
    own = {"Origin": "http://127.0.0.1:8765", "Sec-Fetch-Site": "same-origin"}
    answer = guarded.post(
        f"/k/{TOKEN}/act", data=_fields(guarded), headers=own, follow_redirects=False
    )
    assert answer.status_code == 303
    assert stored_events(table.db) == before + 1


def test_the_served_stream_carries_the_headers_and_a_foreign_host_gets_nothing(
    table: Grizzled,
) -> None:
    with serve(Path(table.db)) as served:
        port = int(served.viewer.rsplit(":", 1)[1].strip("/"))
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/events")
        stream = connection.getresponse()
        assert stream.getheader("content-security-policy") == CSP
        connection.close()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/", headers={"Host": "rebound.example"})
        answer = connection.getresponse()
        assert (answer.status, answer.read()) == (400, (UNKNOWN_HOST + "\n").encode())
        connection.close()
