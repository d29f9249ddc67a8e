"""The odds on the companion (issue 32): shown only when the group turns them on (a keeper's
switch, or ``serve --odds``), in ``grizzled odds``' own words, to every phone."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

from tests.cli.conftest import Grizzled, stored_events
from tests.web.conftest import TOKEN
from web.app import create_app

SWITCH = f"/k/{TOKEN}/odds"


def _csrf(client: TestClient) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(f"/k/{TOKEN}").text)
    assert found is not None
    return found.group(1)


def test_the_odds_are_off_until_a_keeper_turns_them_on_for_every_phone(
    table: Grizzled, client: TestClient
) -> None:
    said = table.ok("odds").strip().splitlines()
    assert 'data-testid="odds"' not in client.get("/").text
    before = stored_events(table.db)

    answer = client.post(SWITCH, data={"csrf": _csrf(client), "odds": "on"}, follow_redirects=False)

    assert answer.status_code == 303
    viewer = client.get("/").text
    assert 'data-testid="odds"' in viewer
    assert all(line.strip() in viewer for line in said[:3])  # the command's own words
    assert stored_events(table.db) == before  # a setting, not an event
    client.post(SWITCH, data={"csrf": _csrf(client), "odds": "off"}, follow_redirects=False)
    assert 'data-testid="odds"' not in client.get("/").text


def test_only_a_keeper_with_this_pages_token_turns_the_odds_on(
    table: Grizzled, client: TestClient
) -> None:
    viewer = client.post("/k/not-a-keeper/odds", data={"odds": "on"}, follow_redirects=False)
    forged = client.post(SWITCH, data={"csrf": "forged", "odds": "on"}, follow_redirects=False)
    neither = client.post(SWITCH, data={"csrf": _csrf(client), "odds": "yes"})
    assert (viewer.status_code, forged.status_code, neither.status_code) == (404, 403, 400)
    assert 'data-testid="odds"' not in client.get("/").text


def test_serve_odds_shows_them_from_the_start(table: Grizzled, db: Path) -> None:
    client = TestClient(create_app(db, [TOKEN], odds=True), raise_server_exceptions=False)
    with client:
        page = client.get("/").text
    assert 'data-testid="odds"' in page and "unseen cards" in page
