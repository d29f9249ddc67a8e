"""The keeper's writes (issue 30), on a real campaign file through Starlette's test client:
the moves the engine allows, each logged by the ``grizzled`` command itself under the
keeper's name; a stale page, a foreign page and a viewer refused, logging nothing."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import SEATS, TABLE_CHAPTER, Grizzled, stored_events
from tests.cli.test_table_reads import briefed_with_two_orders, four  # noqa: F401 (a fixture)
from tests.conftest import BIN_DIR, MISSING
from tests.web.conftest import RECRUIT_HAND, TOKEN, armistice_chapter_two
from web.app import create_app

ACT = f"/k/{TOKEN}/act"


def _page(client: TestClient, path: str = f"/k/{TOKEN}") -> dict[str, Any]:
    """A keeper page's page token, event, and its moves by their command's words, each the
    fields its tap posts: a button's move, or a card of the composer picked whole."""
    text = client.get(path).text
    moves = re.findall(
        r'name="move" value="(\d+)">(?:(?!</form>).)*?'
        r'<button data-testid="move" data-words="([^"]*)"',
        text,
        re.DOTALL,
    )
    composer = text.split('data-testid="drawn"')[0]  # the card played, not the card drawn
    cards = re.findall(r'<button name="pick" value="([^"]+)"', composer)
    found = {html.unescape(words): {"move": index} for index, words in moves}
    found.update({f"play {html.unescape(key)}": {"move": "card", "pick": key} for key in cards})
    return {
        "csrf": re.search(r'name="csrf" value="([^"]+)"', text).group(1),  # type: ignore[union-attr]
        "event": re.search(r'name="event" value="(\d+)"', text).group(1),  # type: ignore[union-attr]
        "moves": found,
        "text": text,
    }


def _tap(client: TestClient, page: dict[str, Any], words: str, **more: str) -> Any:
    fields = {"csrf": page["csrf"], "event": page["event"], **page["moves"][words]}
    return client.post(ACT, data={**fields, **more}, follow_redirects=False)


def test_the_keeper_page_offers_exactly_the_cards_and_tiles_the_engine_allows(
    table: Grizzled, client: TestClient
) -> None:
    legal = table.json("status")["legal"]
    page = _page(client)
    moves = page["moves"]
    assert 'data-testid="keeper-turn">Ann&#39;s turn<' in page["text"]
    assert {w.split()[1] for w in moves if w.startswith("play ")} == set(legal["play"])
    assert {w.split()[1] for w in moves if w.startswith("withdraw ")} == set(legal["withdraw"])
    assert not [w for w in moves if w.startswith(("speech", "charm", "mission", "support"))]


def test_a_keepers_tap_is_logged_by_the_command_under_the_keepers_name(
    table: Grizzled, client: TestClient
) -> None:
    before = stored_events(table.db)
    answer = _tap(client, _page(client), "play night+snow")
    assert answer.status_code == 303
    assert stored_events(table.db) == before + 1
    last = table.json("log", "--all")[-1]
    assert last["summary"] == "Ann plays night+snow"
    assert last["logged_by"] == "keeper 1"
    assert table.json("status")["no_mans_land"] == ["night+snow"]


def test_a_page_built_before_someone_logged_is_refused_with_409_and_the_new_board(
    table: Grizzled, client: TestClient
) -> None:
    page = _page(client)
    table.ok("play night+snow")  # at the laptop, meanwhile
    before = stored_events(table.db)
    answer = _tap(client, page, "withdraw left")
    assert answer.status_code == 409
    assert stored_events(table.db) == before
    assert 'data-testid="write-error"' in answer.text
    assert "Someone logged meanwhile" in answer.text
    assert "Ann plays night+snow" in html.unescape(answer.text)  # the new board and log


def test_the_same_tap_sent_twice_is_logged_once(table: Grizzled, client: TestClient) -> None:
    page = _page(client)
    before = stored_events(table.db)
    assert _tap(client, page, "play night+snow").status_code == 303
    again = _tap(client, page, "play night+snow")  # the page says it counted, once
    assert again.status_code == 200 and "Your tap counted: it is logged as #" in again.text
    assert stored_events(table.db) == before + 1


def test_a_tap_sent_again_after_its_write_failed_says_it_did_not_count(
    table: Grizzled, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.errors import Refused

    def broken(*args: Any) -> None:
        raise Refused("the disk went away")

    page = _page(client)
    before = stored_events(table.db)
    with monkeypatch.context() as patched:
        patched.setattr("web.app.write", broken)
        assert _tap(client, page, "play night+snow").status_code == 422
    again = _tap(client, page, "play night+snow")  # answered from the log, not tried again
    assert again.status_code == 409 and "Your tap did not count: nothing was logged" in again.text
    assert stored_events(table.db) == before


def test_a_write_without_this_pages_token_is_refused_and_logs_nothing(
    table: Grizzled, client: TestClient
) -> None:
    page = _page(client)
    before = stored_events(table.db)
    for csrf in ("", "guessed", page["csrf"][:-1]):
        fields = {"csrf": csrf, "event": page["event"], **page["moves"]["play night+snow"]}
        assert client.post(ACT, data=fields).status_code == 403
    other = TestClient(create_app(Path(table.db), [TOKEN]))  # another serve's page token
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "0"}
    answer = other.post(ACT, data=fields)  # (a restart's): the keeper's page says so
    assert answer.status_code == 403 and "Your tap did not count" in answer.text
    assert stored_events(table.db) == before


def test_a_viewer_cannot_write(table: Grizzled, client: TestClient) -> None:
    viewer = client.get("/").text
    assert "csrf" not in viewer and "<form" not in viewer
    page = _page(client)
    before = stored_events(table.db)
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "0"}
    assert client.post("/", data=fields).status_code == 405
    assert client.post("/k/guessed/act", data=fields).status_code == 404
    assert client.post(f"/k/{TOKEN}", data=fields).status_code == 405
    assert stored_events(table.db) == before


def test_a_move_not_on_the_page_is_one_line_and_logs_nothing(
    table: Grizzled, client: TestClient
) -> None:
    before = stored_events(table.db)
    for move in ("999", "-1", "play", ""):
        page = _page(client)  # a page token is good for one write
        fields = {"csrf": page["csrf"], "event": page["event"], "move": move}
        answer = client.post(ACT, data=fields)
        assert answer.status_code == 422
        assert "that move is not one the rules allow now" in answer.text
        assert "Traceback" not in answer.text
    assert stored_events(table.db) == before


def test_a_trap_asks_for_the_card_it_drew_from_the_cards_still_unseen(
    table: Grizzled, client: TestClient
) -> None:
    page = _page(client)
    assert 'data-testid="drawn"' in page["text"]  # the composer's second stage
    before = stored_events(table.db)
    assert _tap(client, page, "play night+shell+trap").status_code == 422  # none picked
    assert stored_events(table.db) == before
    page = _page(client)  # the refusal's page: a page token is good for one write
    assert _tap(client, page, "play night+shell+trap", drawn="rain+gas").status_code == 303
    assert table.json("log", "--all")[-1]["summary"].startswith("Ann plays night+shell+trap")
    assert "rain+gas" in table.json("status")["no_mans_land"]


def test_undo_and_redo_from_the_phone_carry_the_keepers_reason(
    table: Grizzled, client: TestClient
) -> None:
    _tap(client, _page(client), "play night+snow")
    page = _page(client)
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "undo", "reason": "misread"}
    assert client.post(ACT, data=fields, follow_redirects=False).status_code == 303
    assert table.json("status")["no_mans_land"] == []
    undone = [e for e in table.json("log", "--all") if e.get("undone")]
    assert undone and undone[-1]["summary"] == "Ann plays night+snow"
    assert "misread" in html.unescape(client.get("/").text)
    page = _page(client)
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "redo", "reason": "it was"}
    assert client.post(ACT, data=fields, follow_redirects=False).status_code == 303
    assert table.json("status")["no_mans_land"] == ["night+snow"]


def test_an_undo_tapped_is_refused_if_another_device_logs_after_the_page_was_checked(
    table: Grizzled, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import web.app
    from domain.chapter.commands import PlayCard
    from tracker.app import Tracker

    _tap(client, _page(client), "play night+snow")
    page = _page(client)
    command = web.app.write

    def write_after_the_laptop(*args: Any) -> str:
        laptop = Tracker(table.db, by="laptop")  # logs once the page's event was checked
        laptop.log_action("Friday", PlayCard("Ben", "snow+gas"), summary="Ben plays snow+gas")
        laptop.close()
        return command(*args)

    monkeypatch.setattr(web.app, "write", write_after_the_laptop)
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "undo", "reason": "misread"}
    answer = client.post(ACT, data=fields)

    assert answer.status_code == 422
    error = re.search(r'data-testid="write-error">([^<]*)<', answer.text)
    assert error is not None
    assert html.unescape(error.group(1)) == (
        "the campaign moved meanwhile (#5 Ben plays snow+gas, logged by laptop): nothing was "
        "taken back; look at the log, then undo again if it is still meant"
    )
    assert table.json("status")["no_mans_land"] == ["night+snow", "snow+gas"]


def test_a_refusal_of_the_command_is_its_one_line_on_the_page(
    table: Grizzled, client: TestClient
) -> None:
    page = _page(client)
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "redo"}
    answer = client.post(ACT, data=fields)
    assert answer.status_code == 422
    error = re.search(r'data-testid="write-error">([^<]*)<', answer.text)
    assert error is not None
    assert table.refused("redo") == f"Error: {html.unescape(error.group(1))}"


def test_each_keeper_of_a_serve_is_named_in_the_log(table: Grizzled) -> None:
    client = TestClient(create_app(Path(table.db), ["first", "second"]))
    page = _page(client, "/k/second")
    fields = {"csrf": page["csrf"], "event": page["event"]}
    fields.update(page["moves"]["play night+snow"])
    assert client.post("/k/second/act", data=fields, follow_redirects=False).status_code == 303
    assert table.json("log", "--all")[-1]["logged_by"] == "keeper 2"
    page = _page(client, "/k/first")  # a page token is its keeper's only
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "0"}
    assert client.post("/k/second/act", data=fields).status_code == 403


@pytest.mark.skipif(BIN_DIR is None, reason=MISSING)
def test_a_keeper_taps_on_a_club_server_and_the_tap_is_logged_there_under_the_keepers_name(
    db: Path, postgres_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRIZZLED_DB", postgres_db)
    club = Grizzled(db)
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    club.ok("chapter", "start", *TABLE_CHAPTER)
    club.ok("mission", "start", "3")
    client = TestClient(create_app(postgres_db, [TOKEN]), raise_server_exceptions=False)
    with client:
        page = _page(client)
        answer = _tap(client, page, "play night+snow")
        stale = _tap(client, page, "withdraw left")  # the page before that tap

    assert answer.status_code == 303 and stale.status_code == 409
    last = club.json("log", "--all")[-1]
    assert (last["summary"], last["logged_by"]) == ("Ann plays night+snow", "keeper 1")
    assert club.json("status")["no_mans_land"] == ["night+snow"]
    assert not db.exists()  # logged on the server, not into a file


def _send(client: TestClient, **fields: str) -> Any:
    page = _page(client)
    data = {"csrf": page["csrf"], "event": page["event"], **fields}
    return client.post(ACT, data=data, follow_redirects=False)


def test_a_keeper_reverts_a_log_entry_and_the_rules_decide_the_later_ones_again(
    table: Grizzled, client: TestClient
) -> None:
    _tap(client, _page(client), "play night+snow")  # Ann
    _tap(client, _page(client), "play snow+gas")  # Ben
    ann, ben = table.json("log", "--all")[-2:]
    before = stored_events(table.db)

    refused = _send(client, move="revert", entry=f"#{ann['version']}", reason="never played")
    assert refused.status_code == 422  # without it Ben would have played out of turn
    assert "the rules would refuse 1 later action" in html.unescape(refused.text)
    assert stored_events(table.db) == before

    answer = _send(client, move="revert", entry=str(ben["version"]), reason="not his card")
    assert answer.status_code == 303
    assert table.json("status")["no_mans_land"] == ["night+snow"]
    last = table.json("log", "--all")[-1]
    assert last["logged_by"] == "keeper 1" and "not his card" in json.dumps(last)


def test_a_keeper_corrects_a_fact_with_its_player_and_reason(
    table: Grizzled, client: TestClient
) -> None:
    page = _page(client)
    assert 'data-testid="correct-fact"' in page["text"] and ">trials: cards in the" in page["text"]

    answer = _send(client, move="correct", fact="hand", value="2", player="Ben", reason="miscount")

    assert answer.status_code == 303
    ben = next(p for p in table.json("status")["players"] if p["name"] == "Ben")
    assert ben["hand"] == 2
    assert table.json("log", "--all")[-1]["logged_by"] == "keeper 1"


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"move": "revert", "entry": "the last one"}, "say which log entry to revert"),
        ({"move": "correct", "fact": "luck", "value": "1", "reason": "x"}, "pick the fact"),
        ({"move": "correct", "fact": "trials", "value": "9"}, "say why the table"),
        ({"move": "correct", "fact": "hand", "value": "2", "reason": "x"}, "pick the player"),
        ({"move": "correct", "fact": "trials", "value": "many", "reason": "x"}, "trials"),
    ],
)
def test_a_revert_or_correction_the_command_would_refuse_is_one_line_and_logs_nothing(
    table: Grizzled, client: TestClient, fields: dict[str, str], said: str
) -> None:
    before = stored_events(table.db)
    answer = _send(client, **fields)
    assert answer.status_code == 422
    error = re.search(r'data-testid="write-error">([^<]*)<', answer.text)
    assert error is not None and said in html.unescape(error.group(1))
    assert stored_events(table.db) == before


def test_a_deal_that_loses_the_chapter_shows_the_commands_warning_and_needs_the_box(
    four: Grizzled,  # noqa: F811 (the fixture imported above)
    client: TestClient,
) -> None:
    briefed_with_two_orders(four)
    page = _page(client)
    losing = "mission start 2 --order 78 --yes"
    assert set(page["moves"]) >= {"mission start 1 --order 78", losing}
    warning = "intensity 2 loses the chapter at once: 16 cards in hands (13 or more)"
    assert warning in html.unescape(page["text"])
    before = stored_events(four.db)
    refused = _tap(client, page, losing)
    assert refused.status_code == 422
    assert f"{warning}: tick the box to deal anyway" in html.unescape(refused.text)
    assert stored_events(four.db) == before
    assert _tap(client, _page(client), losing, yes="1").status_code == 303
    assert four.json("status")["result"] == "lost"


def test_a_recruit_entering_with_the_mission_is_asked_of_the_keeper(
    grizzled: Grizzled, client: TestClient
) -> None:
    g = grizzled
    g.ok("campaign", "new", "Autumn", "--rules", "armistice", *SEATS)
    g.ok("skip-boot-camp")
    g.ok("describe", "recruit", "5", "Test recruit", "--hand", "2", "--tokens", "1")
    g.ok("briefing", "1", "--trials", "9", "--morale", "6", "--first", "1", "--recruits", "5")
    g.ok("chapter", "start", "--leader", "ann", "--tiles", "left,left,right")
    page = _page(client)
    assert '<option value="5">Recruit #5 (Test recruit)</option>' in page["text"]
    before = stored_events(g.db)
    unnamed = _tap(client, page, "mission start 1")
    assert unnamed.status_code == 422
    said = "say which Recruit enters and the cards of its starting hand"
    assert said in html.unescape(unnamed.text)
    unread = _tap(client, _page(client), "mission start 1", recruit="5", hand="night+fog")
    assert unread.status_code == 422
    assert "'fog' is not a threat" in html.unescape(unread.text)  # read by the Recruit's room
    assert stored_events(g.db) == before
    hand = "night+rain,shell+gas"
    page = _page(client)  # the refusal's page: a page token is good for one write
    assert _tap(client, page, "mission start 1", recruit="5", hand=hand).status_code == 303
    assert g.json("status")["recruit"]["hand"] == hand.split(",")


def test_a_charm_and_a_speech_are_tapped_as_the_rules_open_them(
    table: Grizzled, client: TestClient
) -> None:
    _tap(client, _page(client), "play night+snow")  # Ann
    _tap(client, _page(client), "withdraw right")  # Ben
    _tap(client, _page(client), "withdraw left")  # Cy
    page = _page(client)
    assert "charm night+snow" in page["moves"]  # Ann's charm, on the night in No Man's Land
    assert _tap(client, page, "charm night+snow").status_code == 303
    assert "charm night+snow" not in _page(client)["moves"]  # once used, gone
    _tap(client, _page(client), "withdraw left")  # Ann: the Mission succeeds, Ann gets a token
    _tap(client, _page(client), "mission start 1")  # Ben leads Mission 2
    _tap(client, _page(client), "withdraw left")  # Ben
    _tap(client, _page(client), "withdraw left")  # Cy
    page = _page(client)
    assert {w for w in page["moves"] if w.startswith("speech ")} == {
        f"speech {threat}" for threat in ("night", "rain", "snow", "shell", "gas", "whistle")
    }
    assert _tap(client, page, "speech gas").status_code == 303
    said = [e["summary"] for e in table.json("log", "--all")]
    assert any("charm" in s.lower() and "night+snow" in s for s in said), said
    assert any("speech" in s.lower() and "gas" in s for s in said), said


def test_the_support_beneficiary_chooses_what_to_discard_on_the_keepers_page(
    grizzled: Grizzled, client: TestClient
) -> None:
    g = grizzled
    armistice_chapter_two(g)
    g.ok(f"mission start 3 --order 13 --back 12 --recruit 5 --recruit-hand {RECRUIT_HAND}")
    for action in ("play rain+gas", "play mute", "withdraw right", "recruit play shell+gas"):
        g.ok(action)  # Ann, Ben, Cy, the Recruit
    for action in ("withdraw left", "play demoralized", "recruit withdraw", "play snow+gas"):
        g.ok(action)  # ... and Ben's third gas fails the Mission: Ben is supported twice
    assert g.json("status")["support_pending"] == "Ben"
    page = _page(client)
    assert 'data-testid="keeper-turn">Ben chooses the Support benefit<' in page["text"]
    assert 'data-testid="write-error"' not in page["text"]  # the menu was read
    choices = {w for w in page["moves"] if w.startswith("support")}
    assert choices == {"support", "support --discard mute", "support --discard demoralized"}
    assert _tap(client, page, "support --discard mute").status_code == 303
    ben = g.json("status")["players"][1]
    assert ben["hard_knocks"] == ["demoralized"]
    assert g.json("log", "--all")[-1]["logged_by"] == "keeper 1"


def _chapter_two_holding(g: Grizzled, hands: dict[int, str], awards: str) -> None:
    """Autumn's chapter 2, Mission 1 dealt at intensity 3 (Ann leads), after chapter 1
    won and its Conclusion's test Helping Hands (``hands``: number to its description's
    words) awarded as ``awards`` says."""
    g.ok("campaign", "new", "Autumn", "--rules", "armistice", *SEATS)
    g.chapter_one(won=True)
    for number, described in hands.items():
        g.ok(f'describe hand {number} "Test hand {number}" {described}')
    offer = ",".join(map(str, hands))
    g.ok(f"conclusion 1 --reward won:0:2 --reward lost:0:1 --offer {offer}")
    g.ok(f"award {awards}")
    g.ok("briefing 2 --trials 20 --morale 20 --first 3")
    g.ok("chapter start --leader ann --tiles left,left,right")
    g.ok("mission start 3")


def test_a_friendship_helping_hand_is_never_offered_to_play(
    grizzled: Grizzled, client: TestClient
) -> None:
    _chapter_two_holding(grizzled, {31: "friendship", 32: "action"}, "31:ann 32:ann")
    moves = _page(client)["moves"]
    assert "helping play 32 --player Ann" in moves  # her Action card, on her turn
    assert not [w for w in moves if w.startswith("helping play 31")]  # in play since awarded
    assert "Friendship card" in grizzled.refused("helping play 31 -p ann")


def test_an_event_helping_hand_is_offered_to_its_player_at_its_moment_whoever_acts(
    grizzled: Grizzled, client: TestClient
) -> None:
    g = grizzled
    _chapter_two_holding(g, {34: "event --when withdraw", 35: "action"}, "34:cy 35:ann")
    g.ok("play rain+gas")  # Ann
    g.ok("play mute")  # Ben
    assert not [w for w in _page(client)["moves"] if w.startswith("helping play 34")]
    g.ok("withdraw left")  # Cy: his Event card's moment has come
    page = _page(client)
    assert "Cy plays Helping Hand #34 (Test hand 34)" in html.unescape(page["text"])
    answer = _tap(client, page, "helping play 34 --player Cy", reason="test note")
    assert answer.status_code == 303
    last = g.json("log", "--all")[-1]
    assert last["summary"].startswith("Cy plays Helping Hand #34")
    assert last["logged_by"] == "keeper 1"


def test_a_helping_hand_that_discards_a_hard_knock_asks_which_when_there_is_a_choice(
    grizzled: Grizzled, client: TestClient
) -> None:
    g = grizzled
    _chapter_two_holding(g, {35: "action --rule knock-discard", 32: "action"}, "35:ben 32:ann")
    for action in ("play rain+gas", "play mute", "withdraw left", "withdraw right"):
        g.ok(action)  # Ann, Ben, Cy, Ann
    g.ok("play demoralized")  # Ben, the last one in
    page = _page(client)
    assert '<option value="">Hard Knock it discards</option>' in page["text"]
    before = stored_events(g.db)
    refused = _tap(client, page, "helping play 35 --player Ben")
    assert refused.status_code == 422
    assert "pick the Hard Knock its player discards" in html.unescape(refused.text)
    assert stored_events(g.db) == before
    page = _page(client)  # the refusal's page: a page token is good for one write
    assert _tap(client, page, "helping play 35 --player Ben", knock="mute").status_code == 303
    assert g.json("status")["players"][1]["hard_knocks"] == ["demoralized"]


def test_a_helping_hand_that_discards_cards_from_hand_takes_the_cards_typed(
    grizzled: Grizzled, client: TestClient
) -> None:
    g = grizzled
    _chapter_two_holding(g, {32: "action --rule discard:2", 33: "action"}, "32:ann 33:ben")
    page = _page(client)
    assert 'placeholder="cards it discards (up to 2): CARD,CARD"' in page["text"]
    cards = "rain+gas, snow+shell"
    assert _tap(client, page, "helping play 32 --player Ann", cards=cards).status_code == 303
    board = g.json("status")
    assert board["players"][0]["hand"] == 3 - 2
    assert g.json("log", "--all")[-1]["summary"].startswith("Ann plays Helping Hand #32")


def test_an_orders_cancellation_takes_who_draws_and_how_many_as_the_keeper_says(
    grizzled: Grizzled, client: TestClient
) -> None:
    g = grizzled
    armistice_chapter_two(g)
    g.ok(f"mission start 3 --order 13 --back 12 --recruit 5 --recruit-hand {RECRUIT_HAND}")
    page = _page(client)
    assert "Cancel Order #13 (Test order B)" in page["text"]
    assert "Mission at intensity" not in page["text"]  # dealt: the Mission is on
    fields = {"reason": "test condition met", "player": "Ben", "draws": "1"}
    assert _tap(client, page, "order cancel 13", **fields).status_code == 303
    board = g.json("status")
    assert board["players"][1]["hand"] == 3 + 1
    last = g.json("log", "--all")[-1]
    assert last["summary"] == "Order #13 cancelled" and "test condition met" in json.dumps(last)


def test_an_order_the_tool_cancels_on_a_withdrawal_is_offered_to_the_withdrawn_player(
    grizzled: Grizzled, client: TestClient
) -> None:
    g = grizzled
    g.ok("campaign", "new", "Autumn", "--rules", "armistice", *SEATS)
    g.ok("skip-boot-camp")
    g.ok('describe order 14 "Test order C" --lasting "test draw" --rule cancel:withdraw-draw:1')
    g.ok("briefing 1 --trials 20 --morale 20 --first 2 --orders 14")
    g.ok("chapter start --leader ann --tiles left,left,right")
    g.ok("mission start 2 --order 14")
    assert not [w for w in _page(client)["moves"] if w.startswith("order cancel")]
    g.ok("withdraw left")  # Ann
    page = _page(client)
    cancel = "order cancel 14 --player Ann --draws 1"
    assert "Cancel Order #14 (Test order C): Ann draws 1" in page["text"]
    assert _tap(client, page, cancel).status_code == 303  # no reason asked: the tool checks
    assert g.json("status")["players"][0]["hand"] == 2 + 1
    assert g.json("log", "--all")[-1]["logged_by"] == "keeper 1"


def test_a_mission_start_names_the_order_kept_and_the_recruit_as_the_command_does(
    grizzled: Grizzled, client: TestClient
) -> None:
    armistice_chapter_two(grizzled)
    text = html.unescape(_page(client)["text"])
    assert "Mission at intensity 3, keep Order #13 (Test order B), #12 back" in text
    assert "Mission at intensity 3, keep Order #12 (Test order A), #13 back" in text
    assert '<option value="5">Recruit #5 (Test recruit)</option>' in text
    said = grizzled.ok(
        f"mission start 3 --order 13 --back 12 --recruit 5 --recruit-hand {RECRUIT_HAND}"
    )
    assert "Ann keeps Order of the Day #13 (Test order B), #12 goes back on top." in said
    assert "Recruit #5 (Test recruit) arrives" in said


def test_on_the_recruits_turn_the_page_says_the_leader_chooses_as_the_next_line_does(
    grizzled: Grizzled, client: TestClient
) -> None:
    g = grizzled
    armistice_chapter_two(g)
    g.ok(f"mission start 3 --order 13 --back 12 --recruit 5 --recruit-hand {RECRUIT_HAND}")
    for action in ("helping play 32 -p ann", "play mute", "play rain+gas"):
        g.ok(action)  # Ann, Ben, Cy
    page = _page(client)
    assert 'data-testid="keeper-turn">The Recruit&#39;s turn, Ann chooses<' in page["text"]
    assert g.json("status")["next"].startswith("the Recruit's turn, Ann chooses")
    assert {w for w in page["moves"] if w.startswith("recruit")} == {
        "recruit play night+snow",
        "recruit play shell+gas",
        "recruit withdraw",
    }
    assert _tap(client, page, "recruit withdraw").status_code == 303
    assert g.json("log", "--all")[-1]["summary"] == "the Recruit withdraws"


def test_an_event_helping_hand_played_at_support_is_offered_while_the_beneficiary_chooses(
    grizzled: Grizzled, client: TestClient
) -> None:
    g = grizzled
    _chapter_two_holding(g, {34: "event --when support", 35: "action"}, "34:ann 35:ben")
    for action in ("play rain+gas", "play mute", "play night+gas", "withdraw left"):
        g.ok(action)  # Ann, Ben, Cy, Ann
    for action in ("play demoralized", "withdraw right", "play snow+gas"):
        g.ok(action)  # Ben, Cy, Ben: a third gas fails the Mission, Ben is supported twice
    assert g.json("status")["support_pending"] == "Ben"
    page = _page(client)
    assert "support --discard mute" in page["moves"]
    assert _tap(client, page, "helping play 34 --player Ann").status_code == 303
    assert g.json("log", "--all")[-1]["summary"].startswith("Ann plays Helping Hand #34")
    assert g.json("status")["support_pending"] == "Ben"  # still Ben's to choose


def test_the_composer_logs_the_card_its_symbols_name_and_the_card_a_trap_drew(
    table: Grizzled, client: TestClient
) -> None:
    page = _page(client)
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "card"}
    body = {**fields, "sym": ["snow", "night"]}  # ticked in any order: one card
    assert client.post(ACT, data=body, follow_redirects=False).status_code == 303
    assert table.json("log", "--all")[-1]["summary"] == "Ann plays night+snow"
    page = _page(client)  # Ben: a Trap, and the card it drew by its symbols too
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "card"}
    body = {**fields, "sym": ["trap", "shell", "snow"], "dsym": ["gas", "rain"]}
    assert client.post(ACT, data=body, follow_redirects=False).status_code == 303
    said = table.json("log", "--all")[-1]["summary"]
    assert said == "Ben plays snow+shell+trap (Trap draws rain+gas)"


def test_the_composer_refuses_a_card_that_cannot_be_unseen_and_logs_nothing(
    table: Grizzled, client: TestClient
) -> None:
    before = stored_events(table.db)
    refusals = (  # no night card alone in this box, nor one of three threats; no numbers
        ({"sym": "night"}, "night cannot be among the unseen cards now"),
        ({"sym": ["snow", "whistle", "rain"]}, "snow+rain+whistle cannot be among"),
        ({"number": "60"}, "no card that can be played now is numbered 60"),
        ({}, "tap the card&#39;s symbols, its name or its number"),
    )
    for more, said in refusals:
        page = _page(client)
        body = {"csrf": page["csrf"], "event": page["event"], "move": "card", **more}
        answer = client.post(ACT, data=body)
        assert answer.status_code == 422
        assert said in answer.text
    assert stored_events(table.db) == before


def test_a_tap_from_the_pages_script_answers_the_moves_and_the_board_in_place(
    table: Grizzled, client: TestClient
) -> None:
    page = _page(client)
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "card", "pick": "night+snow"}
    answer = client.post(ACT, data=fields, headers={"HX-Request": "true"})
    assert answer.status_code == 200 and answer.headers["X-Grizzled-Status"] == "200"
    assert answer.text.startswith('<section id="moves"')  # the moves, swapped in place
    assert 'id="live" hx-swap-oob="innerHTML"' in answer.text  # and the board beside them
    assert "Ann plays night+snow" in html.unescape(answer.text)
    assert "Ben&#39;s turn" in answer.text
    stale = client.post(
        ACT, data={**fields, "csrf": _page(client)["csrf"]}, headers={"HX-Request": "1"}
    )
    assert stale.headers["X-Grizzled-Status"] == "409" and "Someone logged meanwhile" in stale.text


def test_a_french_keeper_page_does_not_leave_its_words_on_an_english_one(
    table: Grizzled, client: TestClient
) -> None:
    french = client.get(f"/k/{TOKEN}?lang=fr").text
    assert "Au tour de Ann" in french  # a line's start, capitalised (the banner's words)
    english = client.get(f"/k/{TOKEN}?lang=en").text  # the same event: the menu read once
    assert 'data-testid="keeper-turn">Ann&#39;s turn<' in english
    assert "Withdraw: left" in english and "Se replier" not in english


def test_an_armistice_card_is_played_by_the_number_printed_on_it(
    grizzled: Grizzled, client: TestClient
) -> None:
    g = grizzled
    armistice_chapter_two(g)
    g.ok("describe card 61 snow+gas")  # card 61's face, learnt
    g.ok(f"mission start 3 --order 13 --back 12 --recruit 5 --recruit-hand {RECRUIT_HAND}")
    g.ok("helping play 32 -p ann")  # Ann's Action card: Ben's turn
    page = _page(client)
    assert 'name="number" inputmode="numeric"' in page["text"]  # numbers are described
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "card", "number": "61"}
    assert client.post(ACT, data=fields, follow_redirects=False).status_code == 303
    assert g.json("log", "--all")[-1]["summary"] == "Ben plays snow+gas"
    page = _page(client)
    fields = {"csrf": page["csrf"], "event": page["event"], "move": "card", "number": "62"}
    assert "no card that can be played now is numbered 62" in client.post(ACT, data=fields).text
