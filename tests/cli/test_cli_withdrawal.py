"""Issue 13: what the table is told about a withdrawal (``status --json``'s ``legal``, the
board's "may:" line, the Next line, ``withdraw --help``) is what ``withdraw`` accepts, for
the Hard Knocks that change it: Panicked (a tile drawn at random), Absent-minded (a tile
removed first), Clumsy (a Trials card drawn) and a player with no tile left."""

from __future__ import annotations

import shlex
import shutil

import pytest

from tests.cli.conftest import Grizzled


def her_turn_with(table: Grizzled, knock: str) -> dict:
    """Ann takes the Hard Knock; Ben and Cy withdraw, and it is her turn: the board."""
    table.ok("play", knock)
    table.ok("withdraw left -p ben")
    table.ok("withdraw left -p cy")
    return table.json("status")


def accepted(grizzled: Grizzled, line: str) -> bool:
    """Whether the command is accepted, run on a copy of the campaign file."""
    copy = grizzled.db.with_name(f"copy-{abs(hash(line))}.sqlite")
    shutil.copy(grizzled.db, copy)
    return Grizzled(copy, explicit=True)(*shlex.split(line)).exit_code == 0


def next_withdrawal(board: dict) -> str:
    """The withdrawal the Next line offers, as typed."""
    return board["next"].split(" or ")[-1]


def test_a_panicked_player_names_the_tile_drawn_at_random_everywhere(table):
    board = her_turn_with(table, "panicked")  # Ann holds left, right, left

    assert board["legal"]["withdraw"] == ["left", "right"]
    assert next_withdrawal(board) == "withdraw RANDOM-TILE"
    assert "withdraw, playing a tile drawn at random (left or right)." in table.ok("status")
    assert all(accepted(table, f"withdraw {tile}") for tile in board["legal"]["withdraw"])
    assert "say which tile was drawn at random" in table.refused("withdraw")
    assert "Panicked: TILE is the one drawn at random" in " ".join(
        table.ok("withdraw --help").split()
    )


def test_a_panicked_player_with_one_kind_of_tile_left_may_leave_it_unsaid(table):
    table.ok("withdraw right -p ann")  # to Cy: Ann keeps left, left
    table.ok("withdraw left -p ben")  # to Cy
    table.ok("withdraw left -p cy")  # to Ann, who holds left, left, left; Ben leads next
    table.ok("mission start 1")
    table.ok("play night+snow -p ben")
    table.ok("withdraw right -p cy")  # to Ben
    table.ok("play panicked -p ann")
    table.ok("withdraw right -p ben")  # Ann's at the reveal, after her withdrawal
    board = table.json("status")

    assert board["legal"]["withdraw"] == ["left"]
    assert next_withdrawal(board) == "withdraw RANDOM-TILE"
    assert accepted(table, "withdraw") and accepted(table, "withdraw left")
    assert not accepted(table, "withdraw right")


@pytest.mark.parametrize(
    ("knock", "said", "typed"),
    [
        ("absent-minded", "withdraw, removing left or right first", "withdraw TILE --remove TILE"),
        ("clumsy", "withdraw, drawing a Trials card", "withdraw TILE --drawn CARD"),
    ],
)
def test_the_hard_knocks_that_add_to_a_withdrawal_are_said_alike(table, knock, said, typed):
    board = her_turn_with(table, knock)

    assert next_withdrawal(board) == typed
    assert f"Ann may: play a card from hand; {said}." in table.ok("status")
    line = typed.replace("TILE", "left").replace("CARD", "night+snow")
    assert accepted(table, line)
    assert not accepted(table, "withdraw left")


def test_a_clumsy_player_draws_nothing_from_an_empty_trials_deck(campaign):
    campaign.ok("chapter start --leader ann --tiles left,right,left --trials 9 --morale 20")
    campaign.ok("mission start 3")  # the whole Trials deck is dealt
    board = her_turn_with(campaign, "clumsy")

    assert (board["trials"], board["legal"]["draws"]) == (0, False)
    assert next_withdrawal(board) == "withdraw TILE"
    assert accepted(campaign, "withdraw left")
    assert not accepted(campaign, "withdraw left --drawn night+snow")


def test_an_absent_minded_player_with_one_tile_withdraws_naming_only_the_removal(table):
    table.ok("play absent-minded")  # Ann holds left, right, left
    table.ok("withdraw left -p ben")  # to Cy
    table.ok("withdraw right -p cy")  # to Ben
    table.ok("withdraw right --remove left")  # to Cy: Ann keeps one tile, left
    table.ok("mission start 1")  # Ben leads Mission 2
    table.ok("withdraw right -p ben")
    table.ok("withdraw left -p cy")
    board = table.json("status")

    assert (board["legal"]["withdraw"], board["legal"]["remove"]) == (["none"], ["left"])
    assert next_withdrawal(board) == "withdraw --remove TILE"
    assert "withdraw, removing left first, playing no tile." in table.ok("status")
    assert accepted(table, "withdraw --remove left")
    assert not accepted(table, "withdraw left --remove left")
    assert not accepted(table, "withdraw")
