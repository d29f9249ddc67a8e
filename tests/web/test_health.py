"""Whether the companion is up (issue 42, web/health.py): ``/healthz`` for anyone on the
machine's names, ``/metrics`` in the Prometheus text format for a keeper or the admin only,
on ``grizzled serve`` run as a subprocess."""

from __future__ import annotations

import http.client
import json
from pathlib import Path

from tests.browser.server import serve
from tests.cli.conftest import Grizzled
from tests.web import flood

TOKEN_ENV = {"GRIZZLED_METRICS_TOKEN": "admin-token-for-tests"}


def _get(port: int, path: str, token: str | None = None) -> tuple[int, str, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        connection.request("GET", path, headers=headers)
        answer = connection.getresponse()
        body = answer.read().decode()
        return answer.status, answer.getheader("content-type") or "", body
    finally:
        connection.close()


def test_healthz_says_up_reachable_and_the_last_event(table: Grizzled) -> None:
    last = len(table.json("log", "--all"))
    with serve(Path(table.db)) as served:
        status, _, body = _get(flood.port_of(served.viewer), "/healthz")
    said = json.loads(body)
    assert status == 200 and said["up"] is True and said["store"] == "reachable"
    assert said["last_event"] >= last > 0


def test_metrics_count_requests_taps_and_refusals_for_the_keeper_or_admin_only(
    table: Grizzled,
) -> None:
    with serve(Path(table.db), TOKEN_ENV) as served:
        port = flood.port_of(served.viewer)
        token = served.keeper.rsplit("/", 1)[1]
        fields = flood.keeper_fields(served.keeper)
        assert flood.post(served.keeper + "/act", {**fields, "move": "undo"}) == 303
        again = {**fields, "move": "undo"}  # sent again: it counted, and is not tried twice
        assert flood.post(served.keeper + "/act", again) == 200
        assert flood.post(served.keeper + "/act", {**again, "csrf": "forged"}) == 403
        nobody = _get(port, "/metrics")
        wrong = _get(port, "/metrics", "guessed")
        keeper = _get(port, "/metrics", token)
        admin = _get(port, "/metrics", TOKEN_ENV["GRIZZLED_METRICS_TOKEN"])
    assert nobody[0] == wrong[0] == 404 and "grizzled_" not in nobody[2] + wrong[2]
    assert keeper[0] == admin[0] == 200
    assert keeper[1].startswith("text/plain; version=0.0.4")
    lines = dict(line.rsplit(" ", 1) for line in keeper[2].splitlines() if not line.startswith("#"))
    assert lines["grizzled_taps_total"] == "1"
    assert int(lines["grizzled_refusals_total"]) >= 3  # the forged tap, the two /metrics
    assert lines["grizzled_errors_total"] == "0"
    assert int(lines['grizzled_requests_total{status="2xx"}']) >= 2
    assert lines["grizzled_streams_open"] == "0"
    assert "# TYPE grizzled_taps_total counter" in keeper[2]
