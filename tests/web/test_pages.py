"""The companion's pages, on a real campaign file through Starlette's test client."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Grizzled
from tests.web.conftest import TOKEN
from web.app import MAX_BODY


def test_the_viewer_page_shows_the_board_the_next_line_the_log_and_the_score(
    table: Grizzled, client: TestClient
) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for region in ("board", "next", "log", "score"):
        assert f'data-testid="{region}"' in page.text
    said = html.unescape(page.text)
    next_line = table.ok("status").strip().splitlines()[-1]
    assert next_line.startswith("Next: ")
    assert f"<small>The command: {next_line}</small>" in said  # the keeper's small type
    assert "<p>Ann: play a card or withdraw</p>" in said  # the table's words
    assert '<strong class="banner" data-testid="banner">Ann\'s turn</strong>' in said
    entries = re.findall(r'data-testid="log-entry"[^>]*>([^<]*)', said)
    log = table.json("log", "--all")
    newest_first = [entry["summary"] for entry in reversed(log)]
    assert [e.strip() for e in entries] == newest_first  # the log newest first
    assert "No points scored yet" in said  # not three lines of zeros
    assert "Mission Leader" in said and "plays now" in said  # what the grid marks L and *
    for player in table.json("status")["players"]:  # a row each
        assert f"<strong>{player['name']}</strong>" in said


def test_a_keeper_page_needs_the_token_of_this_serve(table: Grizzled, client: TestClient) -> None:
    assert client.get(f"/k/{TOKEN}").status_code == 200
    refused = client.get("/k/guessed")
    assert refused.status_code == 404
    assert 'data-testid="board"' not in refused.text


def test_a_file_without_a_campaign_is_one_line_on_the_page(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert 'data-testid="error"' in page.text
    assert "Traceback" not in page.text


def test_a_body_over_the_bound_is_refused_and_the_server_answers_after_it(
    table: Grizzled, client: TestClient
) -> None:
    assert client.post("/", content=b"x" * (MAX_BODY + 1)).status_code == 413
    assert client.get("/").status_code == 200


def test_a_body_over_the_bound_is_refused_in_the_phone_s_language(
    table: Grizzled, client: TestClient
) -> None:
    french = {"accept-language": "fr-FR,fr;q=0.9"}
    declared = client.post("/", content=b"x" * (MAX_BODY + 1), headers=french)
    assert declared.status_code == 413
    assert declared.text == "Corps de la requête trop grand."
    chosen = client.post("/", content=b"x" * (MAX_BODY + 1), headers={"cookie": "lang=fr"})
    assert chosen.text == "Corps de la requête trop grand."
    english = client.post("/", content=b"x" * (MAX_BODY + 1), headers={"accept-language": "en"})
    assert english.text == "Request body too large."


def test_only_its_own_assets_are_served(client: TestClient) -> None:
    assert client.get("/static/companion.css").status_code == 200
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/%2e%2e/app.py").status_code == 404


def test_a_withdrawn_players_support_tile_reaches_a_viewer_only_when_the_rules_reveal_it(
    campaign: Grizzled, client: TestClient
) -> None:
    campaign.ok("chapter", "start", "--leader", "ann", "--tiles", "right,left,left")
    campaign.ok("mission", "start", "3")
    before = client.get("/").text
    assert not re.search(r"\bright\b", before, re.IGNORECASE)
    campaign.ok("withdraw", "right")  # Ann's tile, face down until the Support reveal
    after = client.get("/").text
    assert after != before
    assert not re.search(r"\bright\b", after, re.IGNORECASE)
    campaign.ok("withdraw", "left")  # Ben
    assert not re.search(r"\b(right|left)\b", client.get("/").text, re.IGNORECASE)
    campaign.ok("withdraw", "left")  # Cy, the last: the rules reveal the tiles now
    shown = html.unescape(client.get("/").text)
    revealed = re.findall(r'data-testid="revealed"><li>([^<]*)</li><li>([^<]*)', shown)
    assert revealed == [
        (
            "Support: Ann to the right -> Cy, Ben to the left -> Cy, Cy to the left -> Ann; "
            "Cy benefits.",
            "Cy has nothing to discard.",
        )
    ]  # each tile, who gets it, the benefit chosen: on every phone, from this entry on


def test_a_body_sent_in_chunks_past_the_bound_is_refused_with_413_and_logs_nothing(
    table: Grizzled, client: TestClient
) -> None:
    from tests.cli.conftest import stored_events
    from tests.web.conftest import TOKEN

    def chunks() -> Iterator[bytes]:  # no Content-Length: the size is known only as it comes
        for _ in range(MAX_BODY // 1024 + 2):
            yield b"x" * 1024

    before = stored_events(table.db)
    answer = client.post(f"/k/{TOKEN}/act", content=chunks())
    assert answer.status_code == 413 and answer.text == "Request body too large."
    assert stored_events(table.db) == before
    assert client.get("/").status_code == 200


def test_the_board_is_rendered_in_the_languages_phones_asked_for_only(
    table: Grizzled, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import web.app
    from voice import lang

    rendered: list[str] = []
    real = web.app.viewer_page

    def counted(*args: Any, **kwargs: Any) -> Any:
        rendered.append(lang.current())
        return real(*args, **kwargs)

    monkeypatch.setattr(web.app, "viewer_page", counted)
    assert client.get("/?lang=en").status_code == 200
    table.ok("play", "night+snow")  # an update, while only English was asked for
    assert "Ann plays night+snow" in client.get("/?lang=en").text
    assert rendered and set(rendered) == {"en"}  # one rendering a look, not one a language
    french = client.get("/?lang=fr").text  # a French phone: French rendered from now on
    assert "au tour de ben" in french.lower() and "fr" in rendered
    rendered.clear()
    table.ok("undo", "-y", "-r", "a slip")
    client.get("/?lang=en")
    assert sorted(set(rendered)) == ["en", "fr"]


def test_a_viewers_page_reads_the_board_the_log_and_the_score_on_one_connection(
    table: Grizzled, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    from web.reading import viewer_page

    viewer_page(table.db)  # the file's first sight, remembered
    table.ok("play", "night+snow")  # the read models behind: caught up by the reading
    opened: list[str] = []
    real = sqlite3.connect

    def counted(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        opened.append(str(args[0]))
        return real(*args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", counted)
    page = viewer_page(table.db)
    assert page.log[0]["summary"] == "Ann plays night+snow"
    assert len([where for where in opened if "mode=rw" in where]) == 1, opened


def test_the_event_store_never_opens_beside_the_readings_shared_connection(
    table: Grizzled,
) -> None:
    import sqlite3

    from app.readmodel import one_connection, status_document
    from app.unit import opened

    with opened(str(table.db), None, "read") as work, one_connection(work):
        held = work.held
        assert held is not None and status_document(work)["campaign"] == "Friday"
        work.tracker()  # (a reading that needs the events: the rare fallback)
        assert work.held is None
        with pytest.raises(sqlite3.ProgrammingError):  # closed before the store opened
            held.execute("SELECT 1")
        assert status_document(work)["campaign"] == "Friday"  # on a connection of its own


def test_a_board_read_by_a_write_is_not_shown_if_a_phone_asked_another_language_meanwhile() -> None:
    from web.app import _Shown

    shown = _Shown(languages={"en", "fr"})  # a French phone joined while the write ran
    shown.written(7, {"en": "<p>board</p>"}, "Friday", {})
    assert shown.event == -2 and shown.regions == {}  # the tap's own look renders both
    shown.written(7, {"en": "<p>board</p>", "fr": "<p>plateau</p>"}, "Friday", {})
    assert shown.event == 7 and shown.regions["fr"] == "<p>plateau</p>"
    shown.odds = True  # turned on meanwhile: the write read the board without them
    shown.written(8, {"en": "<p>later</p>", "fr": "<p>plus tard</p>"}, "Friday", {})
    assert shown.event == 7
