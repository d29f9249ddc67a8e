"""Issue 13: the board, the log and the replay read whole on a 60-column terminal: every
name, Hard Knock, Order and Recruit card appears uncut (no ellipsis, no word split across
lines), and at 100 columns the players are still one grid."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled

SEATS = "-p annabelle:night -p benedict:snow -p cyprian:rain -p dorothea:gas"
NAMES = ("Annabelle", "Benedict", "Cyprian", "Dorothea")
KNOCKS = ("Phobia (whistle)", "Trauma (night)", "Absent-Minded", "Fragile")
TEXTS = (  # the group's own texts, shown whole where they apply
    "Briefing: Test briefing",
    "Test notes: a long made-up line about the weather.",
    "Order of the Day #13 Test order B: Test text: no Speech while this Order stands, "
    "whatever the Mission Leader says. lasts until: test condition",
    "Recruit #5 Test recruit (acts after Dorothea)",
    "text: Test text: shy. on departure: Test text: every Grizzled draws one card from the "
    "Trials deck.",
    "(Order #13 Test order B in play)",  # its text: on the board, when it entered play
)


@pytest.fixture
def crowded(grizzled: Grizzled) -> Grizzled:
    """An Armistice chapter for four with an Order of the Day in play, a Recruit, a
    Phobia, a Trauma and two other Hard Knocks in front of the players."""
    grizzled.ok(f'campaign new "Autumn Offensive" --rules armistice {SEATS}')
    grizzled.ok("skip-boot-camp")
    grizzled.ok('describe order 12 "Test order A" --threat gas')
    grizzled.ok(
        'describe order 13 "Test order B" --lasting "test condition" --effect "Test text: '
        'no Speech while this Order stands, whatever the Mission Leader says."'
    )
    grizzled.ok(
        'describe recruit 5 "Test recruit" --hand 2 --tokens 1 --effect "Test text: shy." '
        '--advantage "Test text: every Grizzled draws one card from the Trials deck."'
    )
    grizzled.ok(
        "briefing 1 --trials 30 --morale 20 --first 3 --orders 12,13 --recruits 5 "
        '--title "Test briefing" --notes "Test notes: a long made-up line about the weather."'
    )
    grizzled.ok("chapter start --leader annabelle --tiles left2,right2,left,right")
    grizzled.ok(
        "mission start 3 --order 13 --back 12 --recruit 5 "
        "--recruit-hand night+snow+rain+shell+gas+whistle,shell+whistle"
    )
    for card in ("phobia-whistle", "trauma-night", "absent-minded", "rain+gas"):
        grizzled.ok("play", card)
    grizzled.ok("recruit play shell+whistle")
    grizzled.ok("play fragile")
    return grizzled


def at(grizzled: Grizzled, columns: int, command: str) -> list[str]:
    """What a command prints on a terminal this wide, line by line."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", str(columns))
        return grizzled.ok(command).splitlines()


def whole(lines: list[str], columns: int) -> str:
    """The lines, checked to fit and to cut nothing, joined by spaces."""
    assert all(len(line) <= columns for line in lines), lines
    assert not any("…" in line for line in lines), lines
    return " ".join(" ".join(lines).split())


def test_the_board_at_60_columns_names_every_player_and_hard_knock_whole(crowded):
    said = whole(at(crowded, 60, "status"), 60)

    for piece in (*NAMES, *KNOCKS, *TEXTS):
        assert piece in said, piece
    assert "night+snow+rain+shell+gas+whistle" in said  # the Recruit's card, uncut
    assert "L Annabelle: charm night up, hand 1, Speech 0, tiles 3" in said
    assert "Benedict may: play a card from hand." in said


def test_the_board_at_100_columns_is_one_grid_of_players(crowded):
    lines = at(crowded, 100, "status")
    said = whole(lines, 100)

    header = next(line for line in lines if "Grizzled" in line)
    assert header.split() == [
        "Grizzled",
        "charm",
        "hand",
        "Hard",
        "Knocks",
        "Speech",
        "tiles",
        "status",
    ]
    assert "Phobia (whistle), Fragile" in said
    assert sum(name in line for line in lines for name in NAMES) >= len(NAMES)


@pytest.mark.parametrize("command", ["log", "replay"])
def test_the_log_and_the_replay_at_60_columns_split_no_word(crowded, command):
    narrow = whole(at(crowded, 60, command), 60)

    for word in ("phobia-whistle", "absent-minded", "shell+whistle", "Annabelle", "fragile"):
        assert word in narrow, word
    assert "mission start 3, Order #13" in narrow


def test_a_chapter_won_at_60_columns_says_when_its_checkpoint_comes_within_the_width(grizzled):
    g = grizzled
    g.ok("campaign new Autumn --rules armistice -p ann:night -p ben:snow -p cy:rain")
    g.ok("skip-boot-camp")
    g.ok("briefing 1 --trials 3 --morale 20 --first 1")
    g.ok("chapter start --leader ben --tiles left,left,right")
    g.ok("mission start 1")
    for card in ("night+snow", "shell+whistle", "snow+rain"):
        g.ok("play", card)
    g.ok("withdraw left")
    g.ok("withdraw left")
    said = whole(at(g, 60, "withdraw left"), 60)
    assert "Peace! The chapter is won." in said
    assert (
        "The checkpoint for the chapter sheet of chapter 1 comes once its ending is entered "
        "(see Next)." in said
    )
