"""Orders of the Day and Recruits at the table through the CLI: mission start --order/--back
and --recruit/--recruit-hand, order cancel, recruit play and recruit withdraw.

The cards are test cards; their texts are not public and never invented."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled

NEXT_RECRUIT = (
    "Next: the Recruit's turn, Ann chooses: grizzled recruit play CARD / recruit withdraw"
)
RECRUIT_HAND = "--recruit 5 --recruit-hand night+snow,shell+whistle"


@pytest.fixture
def modules(armistice: Grizzled) -> Grizzled:
    """Chapter 1 of Autumn set up with two Orders of the Day (#12 adds gas and lasts one
    Mission, #13 lasts until its condition) and one Recruit (#5, two cards, one token)."""
    armistice.ok("skip-boot-camp")
    armistice.ok('describe order 12 "Test order A" --threat gas')
    armistice.ok('describe order 13 "Test order B" --lasting "test condition"')
    armistice.ok('describe recruit 5 "Test recruit" --hand 2 --tokens 1')
    armistice.ok("briefing 1 --trials 12 --morale 20 --first 2 --orders 12,13 --recruits 5")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    return armistice


@pytest.fixture
def recruits_turn(modules: Grizzled) -> Grizzled:
    """Mission 1 with Order #13 kept and the Recruit in; Ann, Ben and Cy have each played a
    card: it is the Recruit's turn."""
    modules.ok(f"mission start 2 --order 13 --back 12 {RECRUIT_HAND}")
    for card in ("rain+gas", "snow+shell", "night+rain"):
        modules.ok("play", card)
    return modules


def test_the_leader_says_which_order_is_kept_and_which_goes_back(modules):
    assert modules.json("status")["next"] == (
        "Ann leads Mission 1: grizzled mission start 2 --order N --back N "
        "--recruit N --recruit-hand CARD,CARD,..."
    )
    assert modules.refused("mission start 2").endswith(
        "Ann draws Orders of the Day: say which one they keep and which goes back on top"
    )
    assert modules.refused("mission start 2 --order 12").endswith(
        "say which one goes back on top of the deck"
    )

    out = modules.ok(f"mission start 2 --order 12 --back 13 {RECRUIT_HAND}")

    assert out.splitlines() == [
        "Ann keeps Order of the Day #12 (Test order A), #13 goes back on top. The tool applies: "
        "adds gas to",
        "No Man's Land.",
        "Mission 1: Ann sets intensity 2.",
        "Dealt: Ann 2, Ben 2, Cy 2.",
        "Recruit #5 (Test recruit) arrives, acting after Cy: night+snow, shell+whistle.",
        "Next: Ann's turn: play CARD or withdraw TILE (Order #12 Test order A: adds gas)",
    ]
    board = modules.json("status")
    assert board["threats"] == {"gas": 1}  # the order's threat counts in No Man's Land
    assert board["trials"] == 12 - 6 - 2
    assert modules.json("log")[-1]["summary"] == "mission start 2, Order #12"


def test_a_recruit_that_enters_is_told_with_its_face_up_hand(modules):
    line = modules.refused("mission start 2 --order 13 --back 12")

    assert "say which Recruit is on top of the Recruit deck" in line
    assert "no night+snow+trap card" in modules.refused(
        "mission start 2 --order 13 --back 12 --recruit 5 --recruit-hand night+snow+trap,mute",
        code=2,
    )
    assert "starts with 2 cards, not 1" in modules.refused(
        "mission start 2 --order 13 --back 12 --recruit 5 --recruit-hand mute"
    )


def test_a_lasting_order_is_cancelled_with_how_its_condition_was_met(recruits_turn):
    assert recruits_turn.refused("order cancel 13") == (
        "Error: Refused (orders of the day): say why Order of the Day #13 (Test order B) is "
        "cancelled (its condition: test condition)"
    )

    out = recruits_turn.ok('order cancel 13 -r "test condition met" -p ben --draws 1')

    assert out.splitlines() == [
        "Order of the Day #13 (Test order B) is cancelled (test condition met). Ben draws 1 card.",
        NEXT_RECRUIT,
    ]
    board = recruits_turn.json("status")
    assert (board["trials"], board["players"][1]["hand"]) == (3, 2)
    assert recruits_turn.refused('order cancel 13 -r "again"').endswith(
        "Order of the Day #13 (Test order B) is not in No Man's Land (orders in play: none)"
    )


def test_an_order_without_a_condition_is_not_cancelled(modules):
    modules.ok(f"mission start 2 --order 12 --back 13 {RECRUIT_HAND}")

    line = modules.refused('order cancel 12 -r "test"')

    assert line.endswith(
        "Order of the Day #12 (Test order A) has no cancellation condition: it lasts this "
        "Mission and is discarded after the Support phase"
    )


def test_on_the_recruits_turn_the_leader_plays_one_of_its_cards(recruits_turn):
    board = recruits_turn.json("status")
    assert (board["next"], board["turn"]) == (NEXT_RECRUIT[len("Next: ") :], None)
    assert recruits_turn.refused("recruit play rain+gas").endswith(
        "Recruit #5 (Test recruit) has no rain+gas (face up: night+snow, shell+whistle)"
    )

    out = recruits_turn.ok("recruit play shell+whistle")

    assert out.splitlines() == [
        "Recruit #5 (Test recruit) plays shell+whistle.",
        "Next: Ann's turn: play CARD, charm CARD or withdraw TILE (Order #13 Test order B in play)",
    ]
    assert recruits_turn.json("status")["no_mans_land"][-1] == "shell+whistle"
    assert recruits_turn.json("log")[-1]["summary"] == "the Recruit plays shell+whistle"


def test_a_recruit_withdraws_with_its_morale_tokens(recruits_turn):
    out = recruits_turn.ok("recruit withdraw")

    assert out.splitlines()[0].startswith("Recruit #5 (Test recruit) withdraws (1 Morale token")
    assert recruits_turn.json("log")[-1]["events"] == ["RecruitWithdrew"]


def test_the_recruit_acts_only_on_its_turn(recruits_turn):
    line = recruits_turn.refused("play night+snow -p ann")
    assert line.endswith("it is the Recruit's turn, not Ann's: Ann cannot play a card")
    recruits_turn.ok("recruit withdraw")

    assert recruits_turn.refused("recruit withdraw").endswith(
        "it is Ann's turn, not the Recruit's: the Recruit cannot withdraw"
    )
    assert recruits_turn.refused("recruit play night+snow").endswith(
        "it is Ann's turn, not the Recruit's: the Recruit cannot play a card"
    )


def test_the_recruit_waits_for_a_mission(modules):
    line = modules.refused("recruit withdraw")

    assert line.endswith(
        "the Recruit cannot withdraw: the chapter is waiting for the Mission Leader to start "
        "a Mission"
    )


def test_on_the_recruits_turn_a_player_typing_play_is_told_whose_turn_it_is(recruits_turn):
    line = recruits_turn.refused("play night+snow")

    assert "Recruit" in line, f"the refusal does not say it is the Recruit's turn: {line}"
    assert "no Mission is being played" not in line


def test_the_status_shows_the_orders_in_play_and_the_recruit(recruits_turn):
    text = recruits_turn.ok("status")
    board = recruits_turn.json("status")

    assert "#13" in text, f"Order #13 in play is not on the board:\n{text}"
    assert "Recruit" in text and "night+snow" in text, f"the Recruit is not on the board:\n{text}"
    assert "" not in text.splitlines(), f"a blank line where the legal actions go:\n{text}"
    assert any("order" in key for key in board), f"no Orders of the Day in {sorted(board)}"
    assert any("recruit" in key for key in board), f"no Recruit in {sorted(board)}"
