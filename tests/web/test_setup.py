"""The keeper's set-up page (issue 41) through Starlette's test client, on real campaign files:
a campaign created on a file with none, the tiles and leader drawn by the tool when the
group lets it, the command's question before an award of fewer Helping Hands than earned,
and a form from another page, a stale page or another keeper refused with nothing logged."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from tests.cli.conftest import SEATS as COMMAND_SEATS
from tests.cli.conftest import Grizzled, stored_events
from tests.web.conftest import RECRUIT_HAND, TOKEN

SETUP = f"/k/{TOKEN}/setup"


def _hidden(client: TestClient) -> dict[str, str]:
    """The hidden fields of the set-up page as served now (its page token, its event)."""
    text = client.get(SETUP).text
    found = dict(re.findall(r'name="(csrf|campaign|event)" value="([^"]*)"', text))
    assert set(found) == {"csrf", "campaign", "event"}, text[:400]
    return found


def _send(client: TestClient, step: str, **fields: str) -> Any:
    data = {**_hidden(client), "step": step, **fields}
    return client.post(SETUP, data=data, follow_redirects=False)


def _error(answer: Any) -> str:
    found = re.search(r'data-testid="write-error">([^<]*)<', answer.text)
    return html.unescape(found.group(1)) if found else ""


def _new(client: TestClient, rules: str) -> Any:
    return _send(
        client,
        "new",
        name="Friday",
        rules=rules,
        player1="ann",
        charm1="night",
        player2="ben",
        charm2="snow",
        player3="cy",
        charm3="rain",
    )


def test_a_campaign_is_created_on_a_file_with_none_as_the_command_creates_it(
    client: TestClient, grizzled: Grizzled, db: Path
) -> None:
    assert 'data-testid="step-new"' in client.get(SETUP).text  # no campaign: the form
    answer = _new(client, "classic")
    assert answer.status_code == 303, _error(answer)
    shown = grizzled.json("campaign", "show")
    assert (shown["name"], shown["ruleset"]) == ("Friday", "classic")
    assert [s["name"] for s in shown["seats"]] == ["Ann", "Ben", "Cy"]
    assert grizzled.json("log", "--all")[0]["logged_by"] == "keeper 1"
    assert 'data-testid="step-new"' not in client.get(SETUP).text  # created: the next steps


def test_the_tool_draws_the_tiles_and_the_leader_when_the_group_lets_it(
    client: TestClient, grizzled: Grizzled
) -> None:
    _new(client, "armistice")
    assert _send(client, "skip").status_code == 303
    assert _send(client, "briefing", chapter="1", trials="3", morale="20", first="1").is_redirect
    refused = _send(client, "start")  # neither picked nor drawn: the rules' one line
    assert refused.status_code == 422 and _error(refused)
    answer = _send(client, "start", draw="1")
    assert answer.status_code == 303, _error(answer)
    status = grizzled.json("status")
    assert status["leader"] in ("Ann", "Ben", "Cy")
    assert all(p["support_tiles"] == 3 for p in status["players"]), status["players"]


def test_an_award_of_fewer_than_earned_asks_the_commands_question_first(
    client: TestClient, grizzled: Grizzled, db: Path
) -> None:
    grizzled.ok("campaign", "new", "Autumn", "--rules", "armistice", *COMMAND_SEATS)
    grizzled.chapter_one(won=True)
    grizzled.conclude(1, (32, 33))
    before = stored_events(db)
    asked = _send(client, "award", **{"hand-32": "Ann"})
    assert asked.status_code == 422
    assert "Take 1?" in html.unescape(asked.text) and stored_events(db) == before
    assert _send(client, "award", yes="1", **{"hand-32": "Ann"}).status_code == 303
    assert grizzled.json("score")["chapters"][0]["unclaimed"] == [33]


def test_a_stale_page_another_keepers_token_or_a_spent_form_logs_nothing(
    client: TestClient, grizzled: Grizzled, db: Path
) -> None:
    _new(client, "classic")
    page = _hidden(client)
    grizzled.ok("campaign", "lang", "en")  # someone logs meanwhile
    before = stored_events(db)
    stale = client.post(SETUP, data={**page, "step": "start", "draw": "1"})
    assert stale.status_code == 409 and stored_events(db) == before
    again = client.post(SETUP, data={**page, "step": "start", "draw": "1"})
    assert again.status_code == 409 and stored_events(db) == before  # spent
    forged = {**_hidden(client), "csrf": "not-this-page", "step": "start", "draw": "1"}
    assert client.post(SETUP, data=forged).status_code == 403
    assert client.post("/k/another-token/setup", data=forged).status_code == 404
    assert stored_events(db) == before


def test_a_number_that_is_not_one_is_one_line_and_the_form_comes_back_as_typed(
    client: TestClient, db: Path
) -> None:
    _new(client, "armistice")
    _send(client, "skip")
    before = stored_events(db)
    typed = {"chapter": "1", "trials": "3", "morale": "20", "first": "1", "orders": "12,<x>"}
    answer = _send(client, "briefing", **typed)
    assert answer.status_code == 422 and stored_events(db) == before
    assert _error(answer) == (
        "Orders of the Day: card numbers separated by commas, each from 1 to 200"
    )
    assert 'value="12,&lt;x&gt;"' in answer.text  # shown back, escaped


def test_an_order_and_a_recruit_described_on_the_page_are_the_commands(
    client: TestClient, db: Path, tmp_path: Path
) -> None:
    _new(client, "armistice")
    order = {"number": "13", "name": "Test order B", "lasting": "test condition"}
    answer = _send(client, "order", **order, **{"threat-gas": "1", "forbids": "speech\ncharm"})
    assert answer.status_code == 303, _error(answer)
    recruit = {"number": "5", "name": "Test recruit", "hand": "2", "tokens": "1"}
    answer = _send(client, "recruit", **recruit, advantage_rules="tokens:1")
    assert answer.status_code == 303, _error(answer)
    refused = _send(client, "recruit", **{**recruit, "number": "6", "rules": "fly:away"})
    assert refused.status_code == 422 and "fly:away" in _error(refused)
    by_command = Grizzled(tmp_path / "by-command.sqlite", explicit=True)
    by_command.ok("campaign", "new", "Friday", "--rules", "armistice", *COMMAND_SEATS)
    by_command.ok(
        'describe order 13 "Test order B" --threat gas --lasting "test condition" '
        "--forbid speech --forbid charm"
    )
    by_command.ok('describe recruit 5 "Test recruit" --hand 2 --tokens 1 --advantage-rule tokens:1')
    assert Grizzled(db, explicit=True).json("box") == by_command.json("box")


def test_a_viewer_on_a_file_with_no_campaign_is_told_the_keeper_creates_it(
    client: TestClient, db: Path
) -> None:
    english = client.get("/?lang=en").text
    french = client.get("/?lang=fr").text
    assert "No campaign yet: the keeper creates it on their phone." in english
    assert "Pas encore de campagne" in french
    assert "grizzled campaign new" not in english + french  # no command for a phone to type


def test_a_one_line_answer_is_in_the_phone_s_language(client: TestClient) -> None:
    wrong = "/k/" + "x" * len(TOKEN)
    english = client.get(wrong, headers={"Accept-Language": "en"})
    french = client.get(wrong, headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert (english.status_code, english.text) == (404, "Not a keeper's address.")
    assert (french.status_code, french.text) == (404, "Ce n'est pas l'adresse d'un scribe.")
    assert client.get(wrong + "/setup", headers={"Accept-Language": "fr"}).text == french.text


def test_a_solo_chapter_drawn_by_the_tool_takes_no_third_tile(
    client: TestClient, grizzled: Grizzled
) -> None:
    seats = {
        f"{k}{n}": v
        for n, p in enumerate(("ann", "ben", "cy"), 1)
        for k, v in (("player", p), ("charm", ("night", "snow", "rain")[n - 1]), ("owner", "me"))
    }
    assert _send(client, "new", name="Alone", rules="armistice", **seats).status_code == 303
    assert _send(client, "skip").status_code == 303
    briefed = _send(
        client, "briefing", chapter="1", trials="30", morale="20", first="3", traps="on"
    )
    assert briefed.is_redirect
    answer = _send(client, "start", draw="1", variant="solo")  # Solo's variant: its solo tiles
    assert answer.status_code == 303, _error(answer)
    status = grizzled.json("status")
    assert status["solo_hand"] is not None
    assert status["leader"] in ("Ann", "Ben", "Cy")


def test_a_one_shot_on_the_page_is_the_commands_with_the_modules_decks_as_typed(
    client: TestClient, grizzled: Grizzled, tmp_path: Path
) -> None:
    def described(g: Grizzled) -> None:
        g.ok("campaign", "new", "Autumn", "--rules", "armistice", *COMMAND_SEATS)
        g.ok('describe order 12 "Test order A" --threat gas')
        g.ok('describe order 13 "Test order B" --lasting "test condition"')
        g.ok('describe recruit 5 "Test recruit" --hand 2 --tokens 1')

    described(grizzled)
    page = client.get(SETUP).text
    form = page[page.index('data-testid="step-oneshot"') :]
    names = re.findall(r'name="([^"]+)"', form[: form.index("</form>")])
    assert names[4:10] == ["difficulty", "traps", "recruits", "orders", "recruit_deck", "leader"]
    typed = {"difficulty": "scenario", "traps": "1", "recruits": "1", "orders": "12,13"}
    tiles = {"tile1": "left", "tile2": "right", "tile3": "left"}
    answer = _send(client, "oneshot", **typed, recruit_deck="5", leader="Ann", **tiles)
    assert answer.status_code == 303, _error(answer)
    by_command = Grizzled(tmp_path / "by-command.sqlite", explicit=True)
    described(by_command)
    by_command.ok(
        "oneshot start --difficulty scenario --recruits --orders 12,13 --recruit-deck 5 "
        "--leader ann --tiles left,right,left"
    )
    for g in (grizzled, by_command):  # the decks as typed: Order #12 kept, Recruit #5 enters
        g.ok(f"mission start 1 --order 12 --back 13 --recruit 5 --recruit-hand {RECRUIT_HAND}")
    status = grizzled.json("status")
    assert status == by_command.json("status")
    assert (status["orders"], status["recruit"]["number"]) == ([12], 5)
