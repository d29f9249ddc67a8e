"""Issue 13: ``status --json`` says the discard pile and whether the chapter is won or lost,
the same from the read models as from the events (``replay --at N --json``)."""

from __future__ import annotations


def the_events_board(grizzled):
    """The board at the last event, computed from the events (voice/facts.py), without
    what only a replay says (``undone_by``: the last event stands)."""
    board = grizzled.json(f"replay --at {grizzled.events()}")
    assert board.pop("undone_by") is None
    return board


def lose_to_hard_knocks(table):
    """Ann takes Mute, Wounded (2) and Demoralized: 4 Hard Knocks when the Mission ends."""
    table.ok("play mute")
    table.ok("withdraw left -p ben")
    table.ok("withdraw left -p cy")
    table.ok("play wounded")
    table.ok("play demoralized")
    return table.ok("withdraw right")


def test_the_board_counts_the_discard_pile_and_has_no_result_while_played(table):
    table.ok("play night+shell")
    for who in ("ben", "cy", "ann"):
        table.ok(f"withdraw left -p {who}")  # the Mission succeeds: No Man's Land is discarded

    board = table.json("status")

    assert (board["discard"], board["result"], board["outcome"]) == (1, None, None)


def test_a_classic_hard_knock_defeat_says_the_game_is_lost(table):
    told = lose_to_hard_knocks(table)

    assert "The game is lost: Ann has 4 Hard Knocks (4 or more)." in told
    assert "chapter is lost" not in told
    board = table.json("status")
    assert (board["result"], board["outcome"]) == ("lost", "hard-knocks")
    assert "The game is lost: Ann has 4 Hard Knocks (4 or more)." in table.ok("status")


def test_the_read_models_and_the_events_give_the_same_board(table):
    assert table.json("status") == the_events_board(table)
    lose_to_hard_knocks(table)
    assert table.json("status") == the_events_board(table)


def test_an_armistice_chapter_is_won_or_lost_as_a_chapter(armistice):
    armistice.boot_camp(won=True)

    board = armistice.json("status")

    assert (board["result"], board["outcome"]) == ("won", "won")
    assert "The chapter is won." in armistice.ok("status")
    assert board == the_events_board(armistice)
