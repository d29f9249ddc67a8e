"""A module is one room for every face (issue 40): the house rule's row on the board, its
keeper button and its command come from its folder alone (``rule.py``: what it shows, as
data; ``face.py``: its words and its move; ``cli.py``: ``grizzled rally``), through
``grizzled status``, ``status --json``, ``--help`` and its command (in a subprocess playing
it, ``played.py``), the companion's viewer page and the keeper's page (in this process,
installed for one test), and its button logs through the rules."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from domain.chapter.moments import INSTALLED, install
from tests.cli.conftest import Grizzled, db, grizzled, stored_events  # noqa: F401 (fixtures)
from tests.house_rule.face import HOUSE_FACE
from tests.house_rule.rule import HOUSE_RULE, SpeechHeldBack
from tests.house_rule.test_house_rule import STEPS, _grizzled
from tests.web.conftest import TOKEN, client  # noqa: F401 (a fixture)
from voice import rooms
from voice.narrate import narration

WAITING = "House rule: no Speech before a threat (a Speech waits for a card in No Man's Land)"
OPEN = "House rule: no Speech before a threat (open: No Man's Land holds a card)"
RALLY = "Rally against snow (house rule)"
WAITS = "   house rule: a Speech waits for a card in No Man's Land"
NO_RALLY = "no rally now: No Man's Land shows no threat, or the rules allow no Speech"


def test_status_says_the_house_rules_row_and_its_json_carries_it(tmp_path: Path) -> None:
    for step in (*STEPS, "withdraw left"):  # Ann's turn, No Man's Land empty
        done = _grizzled(tmp_path, step)
        assert done.returncode == 0, f"{step}: {done.stderr}"

    waiting = _grizzled(tmp_path, "status").stdout.splitlines()
    shown = _grizzled(tmp_path, "status --json")
    assert _grizzled(tmp_path, "play snow+gas").returncode == 0
    opened = _grizzled(tmp_path, "status").stdout.splitlines()
    plain = _grizzled(tmp_path, "status", house_rule=False)

    assert waiting[3:5] == ["Threats: none", WAITING]  # after the game's own rows
    assert WAITS in waiting[waiting.index(WAITING) :]  # its line after the players' grid
    assert WAITS not in opened and WAITS not in plain.stdout.splitlines()
    assert '"modules": {\n    "house-rule": {\n      "open": false\n    }\n  }' in shown.stdout
    assert OPEN in opened
    assert "House rule" not in plain.stdout  # a program that does not play it says nothing
    assert "modules" not in _grizzled(tmp_path, "status --json", house_rule=False).stdout


def test_the_house_rules_command_comes_from_its_folder_and_logs_through_the_rules(
    tmp_path: Path,
) -> None:
    for step in (*STEPS, "withdraw left"):  # Ann's turn, No Man's Land empty
        done = _grizzled(tmp_path, step)
        assert done.returncode == 0, f"{step}: {done.stderr}"
    early = _grizzled(tmp_path, "rally")
    assert _grizzled(tmp_path, "play snow+gas").returncode == 0

    listed = _grizzled(tmp_path, "--help").stdout
    rallied = _grizzled(tmp_path, "rally")
    plain = _grizzled(tmp_path, "rally", house_rule=False)

    assert (early.returncode, early.stderr) == (1, f"Error: {NO_RALLY}\n")
    assert "  rally           House rule: a Speech against the threat" in listed
    assert rallied.returncode == 0
    assert rallied.stdout.splitlines()[0] == "Ann makes a Speech on snow."
    log = _grizzled(tmp_path, "log --all --json").stdout
    assert '"summary": "Ann\'s Speech on snow"' in log
    assert (plain.returncode, plain.stderr) == (2, "Error: No such command 'rally'.\n")
    assert "rally" not in _grizzled(tmp_path, "--help", house_rule=False).stdout


@pytest.fixture
def house_rule(grizzled: Grizzled) -> Iterator[Grizzled]:  # noqa: F811 (the fixture above)
    """The house rule played and its face shown in this process, for one test: Autumn
    played to Ann's turn in Mission 2, who played snow+gas and may make a Speech."""
    before = install((*INSTALLED.modules, HOUSE_RULE))
    faces = rooms.install((*rooms.installed(), HOUSE_FACE))
    try:
        for step in (*STEPS, "withdraw left", "play snow+gas"):
            grizzled.ok(step)
        yield grizzled
    finally:
        install(before)
        rooms.install(faces)


def _buttons(text: str) -> dict[str, str]:
    """The keeper page's buttons: label -> the move the tap posts."""
    found = re.findall(
        r'name="move" value="(\d+)">(?:(?!</form>).)*?<button data-testid="move" '
        r'data-words="[^"]*">([^<]*)</button>',
        text,
        re.DOTALL,
    )
    return {html.unescape(label): move for move, label in found}


def test_the_viewer_page_shows_the_house_rules_row(
    house_rule: Grizzled,
    client: TestClient,  # noqa: F811 (the fixture imported above)
) -> None:
    page = client.get("/")

    assert page.status_code == 200
    board = page.text.split('data-testid="board"')[1].split("</section>")[0]
    assert f"<pre>{OPEN}</pre>" in html.unescape(board)


def test_the_keeper_taps_the_house_rules_button_and_the_rules_log_it(
    house_rule: Grizzled,
    client: TestClient,  # noqa: F811 (the fixture imported above)
) -> None:
    text = client.get(f"/k/{TOKEN}").text
    buttons = _buttons(text)
    assert RALLY in buttons
    before = stored_events(house_rule.db)
    fields = {
        "csrf": re.search(r'name="csrf" value="([^"]+)"', text).group(1),  # type: ignore[union-attr]
        "event": re.search(r'name="event" value="(\d+)"', text).group(1),  # type: ignore[union-attr]
        "move": buttons[RALLY],
    }

    answer = client.post(f"/k/{TOKEN}/act", data=fields, follow_redirects=False)

    assert answer.status_code == 303
    assert stored_events(house_rule.db) == before + 1
    last = house_rule.json("log", "--all")[-1]
    assert (last["summary"], last["logged_by"]) == ("Ann's Speech on snow", "keeper 1")
    assert RALLY not in _buttons(client.get(f"/k/{TOKEN}").text)  # her token spent


def test_the_voice_narrates_the_house_rules_event_in_its_rooms_words() -> None:
    from domain.cards.catalogue import base_catalogue

    event = SpeechHeldBack("Ann")
    faces = rooms.install((*rooms.installed(), HOUSE_FACE))
    try:
        told = narration([event], base_catalogue())
    finally:
        rooms.install(faces)

    assert [(s.kind, s.text) for s in told] == [
        ("SpeechHeldBack", "Ann's Speech waits: No Man's Land is empty (house rule).")
    ]
    assert narration([event], base_catalogue())[0].text == "SpeechHeldBack"  # not installed
