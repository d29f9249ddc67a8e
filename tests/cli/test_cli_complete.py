"""Shell completion: commands from click, and from the campaign player names, cards in
notation, threats and Support tiles (``_GRIZZLED_COMPLETE=bash_complete``)."""

from __future__ import annotations

import pytest

from cli.main import main
from domain.chapter.commands import Seat
from tests.cli.conftest import TABLE_CHAPTER, Grizzled, runner
from tests.cli.test_cli_play import mission_where_ann_may_choose_her_support
from tracker.app import Tracker


def complete(line: str) -> list[str]:
    """What bash completion offers for the last word of ``line``."""
    words = line.split(" ")
    result = runner().invoke(
        main,
        [],
        prog_name="grizzled",
        env={
            "_GRIZZLED_COMPLETE": "bash_complete",
            "COMP_WORDS": line,
            "COMP_CWORD": str(len(words) - 1),
        },
    )
    assert result.exit_code == 0, result.output
    return [item.partition(",")[2] for item in result.stdout.splitlines() if item]


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("grizzled sp", ["speech"]),
        ("grizzled campaign s", ["show"]),
        ("grizzled chapter start --leader ", ["Ann", "Ben", "Cy"]),
        ("grizzled chapter start --leader b", ["Ben"]),
        ("grizzled speech g", ["gas"]),
    ],
)
def test_completion_offers_commands_players_cards_threats_and_tiles(campaign, line, offered):
    assert complete(line) == offered


def test_completion_offers_nothing_rather_than_an_error_without_a_campaign(grizzled):
    assert complete("grizzled chapter start --leader ") == []


def test_completion_never_offers_a_stored_name_holding_a_control_sequence(db, grizzled):
    seats = (Seat("Ann", "night"), Seat("\x1b]0;pwned\x07Zed", "snow"), Seat("Ben", "rain"))
    Tracker(str(db)).create_campaign("Handed over", "classic", seats)

    assert complete("grizzled chapter start --leader ") == ["Ann", "Ben"]


def offered_and_accepted(grizzled, line: str) -> list[str]:
    """What completion offers for the last word of a ``withdraw`` line, each checked to be
    accepted by the command on a copy of the campaign file (the line run with it)."""
    import shutil

    offered = complete(line)
    for tile in offered:
        copy = grizzled.db.with_name(f"copy-{tile}.sqlite")
        shutil.copy(grizzled.db, copy)
        args = [*line.split(" ")[1:-1], tile]
        assert Grizzled(copy, explicit=True).ok(*args)
    return offered


def test_a_three_player_withdrawal_completes_only_the_tiles_the_player_holds(table):
    # Ann holds left, right and her third tile left: no double tile exists with 3 players
    assert offered_and_accepted(table, "grizzled withdraw ") == ["left", "right"]
    assert complete("grizzled withdraw l") == ["left"]
    assert complete("grizzled withdraw --remove ") == []  # nobody is Absent-minded


def test_a_four_player_withdrawal_completes_the_double_tile_drawn(grizzled):
    grizzled.ok("campaign new Big --rules classic -p ann:night -p ben:snow -p cy:rain -p di:gas")
    grizzled.ok("chapter start --leader ann --tiles left2,right2,left,right")
    grizzled.ok("mission start 3")
    assert offered_and_accepted(grizzled, "grizzled withdraw l") == ["left", "left2"]
    grizzled.ok("withdraw left2")
    assert offered_and_accepted(grizzled, "grizzled withdraw ") == ["left", "right", "right2"]


def test_no_tile_is_completed_before_a_mission_is_played(campaign):
    assert complete("grizzled withdraw ") == []
    campaign.ok("chapter", "start", *TABLE_CHAPTER)
    assert complete("grizzled withdraw ") == []  # the Mission Leader sets the intensity first


def test_an_absent_minded_players_removal_completes_their_tiles(table):
    table.ok("play absent-minded")
    table.ok("withdraw left -p ben")
    table.ok("withdraw left -p cy")
    assert offered_and_accepted(table, "grizzled withdraw left --remove ") == ["left", "right"]


def test_a_panicked_player_completes_the_tiles_that_may_be_drawn(table):
    table.ok("play panicked")
    table.ok("withdraw left -p ben")
    table.ok("withdraw left -p cy")
    offered = offered_and_accepted(table, "grizzled withdraw ")
    assert offered == table.json("status")["legal"]["withdraw"] == ["left", "right"]


def test_the_chaplains_tile_completes_from_the_chaplains_own_tiles(grizzled):
    grizzled.ok("campaign new Duo --rules classic -p ann:night -p ben:snow")
    grizzled.ok("chapter start --leader ann --tiles left,right,right")
    offered = offered_and_accepted(grizzled, "grizzled mission start 3 --chaplain-tile ")
    assert offered == ["left", "right"]


def test_a_card_to_play_or_charm_completes_from_what_the_player_may_do_now(table):
    assert complete("grizzled play night+sn") == [
        "night+snow",
        "night+snow+rain",
        "night+snow+rain+shell+gas+whistle",
    ]  # Ann's hand is unseen: any card still unseen
    assert complete("grizzled charm ") == []  # No Man's Land is empty
    table.ok("play night+snow")  # its only copy: Ben (snow) may charm it

    assert "night+snow" not in complete("grizzled play night+sn")
    assert complete("grizzled charm ") == table.json("status")["legal"]["charm"] == ["night+snow"]
    assert table.ok("charm night+snow")


def test_no_card_to_play_is_completed_outside_a_mission(campaign):
    assert complete("grizzled play night+sn") == []
    assert "night+snow" in complete("grizzled play x --drawn night+sn")  # the catalogue


def test_who_acts_completes_only_the_player_whose_turn_it_is(table):
    assert complete("grizzled play -p ") == ["Ann"]
    assert complete("grizzled withdraw -p b") == []
    for who in ("ann", "ben", "cy"):
        assert complete("grizzled speech -p ") == [who.title()]
        table.ok(f"withdraw left -p {who}")

    assert complete("grizzled play -p ") == []  # the Mission is over: Ben leads the next
    assert complete("grizzled correct hand 3 -r x -p ") == ["Ann", "Ben", "Cy"]


def test_a_support_discard_completes_the_beneficiarys_hard_knocks(table):
    assert complete("grizzled support --discard ") == []  # nobody chooses yet
    mission_where_ann_may_choose_her_support(table)

    assert complete("grizzled support --discard ") == ["mute"]
    assert complete("grizzled support -p ") == ["Ann"]
    assert table.ok("support --discard mute")


def test_a_recruit_card_completes_from_the_recruits_face_up_hand(armistice):
    armistice.ok("skip-boot-camp")
    armistice.ok('describe recruit 5 "Test recruit" --hand 2 --tokens 1')
    armistice.ok("briefing 1 --trials 12 --morale 20 --first 2 --recruits 5")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 2 --recruit 5 --recruit-hand night+snow,shell+whistle")
    assert complete("grizzled recruit play ") == []  # Ann's turn, not the Recruit's
    for card in ("rain+gas", "snow+shell", "night+rain"):
        armistice.ok("play", card)

    assert complete("grizzled recruit play ") == ["night+snow", "shell+whistle"]
    assert armistice.ok("recruit play shell+whistle")
