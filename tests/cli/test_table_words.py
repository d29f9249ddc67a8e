"""Issue 18: what a table session reads a typed line as, the prompt it shows, and what Tab
offers (``cli.table_words``), on campaigns the CLI set up."""

from __future__ import annotations

from pathlib import Path

from cli.main import LAZY
from cli.table_complete import candidates
from cli.table_words import OUTSIDE, read_line
from tests.cli.conftest import Grizzled
from tracker.app import Tracker
from voice.table import legal_lines, prompt, toolbar

COMMANDS = frozenset(LAZY) | OUTSIDE


def state_of(db: Path, name: str = "Friday"):  # type: ignore[no-untyped-def]
    tracker = Tracker(str(db))
    try:
        return tracker.state(name)
    finally:
        tracker.close()


def read(text: str, db: Path) -> list[str]:
    return read_line(text.split(), state_of(db), COMMANDS).args


def offered(text: str, db: Path, name: str = "Friday") -> list[str]:
    words = text.split() + ([""] if not text or text.endswith(" ") else [])
    return [found for found, _ in candidates(words, state_of(db, name), COMMANDS)]


def test_the_short_forms_are_the_cli_commands_for_whoever_s_turn_it_is(table: Grizzled):
    said = {
        "n+sh": ["play", "n+sh", "-p", "Ann"],
        "n+sh+t r+w": ["play", "n+sh+t", "--drawn", "r+w", "-p", "Ann"],
        "c night+shell": ["charm", "night+shell", "-p", "Ann"],
        "s g b:sn+g c:r+g": ["speech", "g", "-d", "b:sn+g", "-d", "c:r+g", "-p", "Ann"],
        "w l": ["withdraw", "l", "-p", "Ann"],
        "w l --remove r": ["withdraw", "l", "--remove", "r", "-p", "Ann"],
        "m 3": ["mission", "start", "3"],
        "u 2 -y": ["undo", "2", "-y"],
        "r": ["redo"],
        "grizzled play snow+gas": ["play", "snow+gas", "-p", "Ann"],
        "play snow+gas -p ben": ["play", "snow+gas", "-p", "ben"],
        "status --json": ["status", "--json"],
        "frobnicate": ["frobnicate"],  # the CLI says it is no command
    }
    for typed, args in said.items():
        assert read(typed, table.db) == args, typed


def test_the_session_s_own_words(table: Grizzled):
    state = state_of(table.db)
    said = {"q": "quit", "exit": "quit", "?": "legal", "b": "board", "h": "help"}
    for typed, own in said.items():
        assert read_line([typed], state, COMMANDS).own == own


def test_outside_a_mission_a_card_is_played_for_nobody(campaign: Grizzled):
    campaign.ok("chapter start --leader ann --tiles left,right,left")

    assert read("n+sh", campaign.db) == ["play", "n+sh"]  # the rules then say nobody's turn
    assert prompt(state_of(campaign.db)) == "Ann leads Mission 1 > "


def test_the_prompt_says_whose_turn_it_is_and_what_they_may_do(table: Grizzled):
    assert prompt(state_of(table.db)) == "Ann: play or withdraw > "
    for card in ("night+shell", "snow+gas", "rain+whistle"):
        table.ok("play", card)

    assert prompt(state_of(table.db)) == "Ann: play, charm or withdraw > "
    assert "  c (charm): night+shell" in legal_lines(state_of(table.db))
    assert "  w (withdraw): left | right" in legal_lines(state_of(table.db))


def test_tab_offers_what_can_be_typed_now(table: Grizzled):
    assert {"w", "s", "m", "u", "play", "status", "night+shell"} <= set(offered("", table.db))
    assert not {"table", "demo"} & set(offered("", table.db))
    assert offered("w ", table.db) == ["left", "right", "l", "r"]
    assert offered("s ", table.db) == ["night", "snow", "rain", "shell", "gas", "whistle"]
    assert offered("play -p ", table.db) == ["Ann", "Ben", "Cy"]
    assert offered("night+sh", table.db) == ["night+shell", "night+shell+trap"]
    assert offered("n+sh", table.db) == ["night+shell"]  # the short notation, written out


def test_tab_offers_a_speech_s_discards_for_the_other_players(table: Grizzled):
    found = offered("s gas ", table.db)

    assert "ben:snow+gas" in found and "cy:rain+gas" in found
    assert not any(f.startswith("ann:") for f in found)  # Ann makes the Speech
    assert all("gas" in f.partition(":")[2] or "phobia" in f for f in found)


def test_a_trap_s_draw_is_offered_among_the_cards_still_unseen(table: Grizzled):
    found = offered("n+sh+t ", table.db)

    assert "rain+whistle" in found and "mute" in found


def test_tab_offers_the_orders_of_the_day_with_their_text_as_the_board_shows_it(
    armistice: Grizzled,
):
    armistice.ok("skip-boot-camp")
    armistice.ok('describe order 14 "Test order C" --effect "Test text: the rest of the card"')
    armistice.ok("briefing 1 --trials 12 --morale 20 --first 2 --orders 14,15")
    armistice.ok("chapter start --leader ann --tiles left,left,right")

    words = ["m", "2", "--order", ""]
    found = candidates(words, state_of(armistice.db, "Autumn"), COMMANDS)

    assert found == [
        ("14", "Test order C: Test text: the rest of the card"),
        ("15", "order not described"),
    ]


def test_the_board_in_one_line_under_the_prompt(table: Grizzled):
    for card in ("night+shell+trap --drawn snow+whistle", "snow+shell"):
        table.ok("play", *card.split())

    line = toolbar(state_of(table.db), 120)

    assert line == (
        "Trials 0  Morale 20  No Man's Land: night+shell+trap, snow+whistle, snow+shell  "
        "(night x1 snow x2 shell x2 whistle x1)"
    )
    assert len(toolbar(state_of(table.db), 60)) <= 60
