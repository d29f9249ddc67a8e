"""Taking back one past action and keeping the rest (issue 15): ``grizzled revert N``
decides every later action again with its own cards and tiles, refuses (recording
nothing) when the rules would now refuse one of them, and is undone and redone like any
action."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled


def corrected_then_played(table: Grizzled) -> None:
    """Entry #4 is a wrong correction (Morale 15); Ann and Ben play after it (#5, #6)."""
    table.ok("correct morale 15 -r 'we thought five had fallen'")
    table.ok("play night+shell")
    table.ok("play snow+gas")


@pytest.mark.backends
def test_a_past_correction_is_taken_out_and_the_later_plays_kept(table: Grizzled):
    corrected_then_played(table)

    out = table.ok("revert 4 -r 'none had fallen'")

    said, _next = out.split("\nNext: ")  # wrapped at the terminal's width (COLUMNS=100)
    assert " ".join(said.splitlines()) == (
        "Reverted #4 correction: morale 15 (none had fallen); decided again: #5 Ann plays "
        "night+shell, #6 Ben plays snow+gas. Undo with: grizzled undo"
    )
    assert max(len(line) for line in out.splitlines()) <= 100
    board = table.json("status")
    assert (board["morale"], board["no_mans_land"], board["turn"]) == (
        20,
        ["night+shell", "snow+gas"],
        "Cy",
    )
    log = " ".join(table.ok("log").split())
    assert "correction: morale 15 (why: we thought five had fallen) (reverted by #7)" in log
    assert "Ann plays night+shell (decided again in #7)" in log
    assert "revert of #4; decided again: #5, #6 (why: none had fallen)" in log
    assert table.json("log --kind revert")[0]["reason"] == "none had fallen"


@pytest.mark.backends
def test_a_revert_is_undone_and_redone_like_any_action(table: Grizzled):
    corrected_then_played(table)
    table.ok("revert 4")

    assert table.ok("undo").startswith("Undone: #7 revert of #4.")
    assert table.json("status")["morale"] == 15  # the correction stands again
    assert [e["undone"] for e in table.json("log")[3:6]] == [False, False, False]
    assert table.ok("redo").startswith("Redone: #7 revert of #4.")
    assert table.json("status")["morale"] == 20
    assert [e["undone"] for e in table.json("log")[3:6]] == [True, True, True]


@pytest.mark.backends
def test_a_revert_the_rules_would_refuse_later_names_what_and_records_nothing(table: Grizzled):
    corrected_then_played(table)

    line = table.refused("revert 5")  # without Ann's card, Ben's is played out of turn

    assert line.startswith(
        "Error: without #5 (Ann plays night+shell) the rules would refuse 1 later action: "
        "#6 Ben plays snow+gas (it is Ann's turn, not Ben's"
    )
    assert line.endswith("Nothing was recorded")


@pytest.mark.backends
def test_what_cannot_be_reverted_says_why(table: Grizzled):
    corrected_then_played(table)
    table.ok("undo")

    assert "not an action of the current line of play" in table.refused("revert 6")
    assert "the campaign's creation cannot be reverted" in table.refused("revert 1")
    assert "there is no log entry #99" in table.refused("revert 99")
    table.ok("revert 4")
    assert "is a revert: take it back with grizzled undo" in table.refused("revert 8")


def test_a_ban_is_reverted_and_the_next_chapter_kept(armistice: Grizzled):
    """The issue's case: taking back Chapter 1's ban must not take back Chapter 2."""
    armistice.chapter_one(won=False)
    armistice.ok("conclusion 1")
    armistice.ok("ban cy snow+gas")
    ban = armistice.events()
    armistice.ok("briefing 2 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ben --tiles left,left,right")
    before = armistice.json("score")

    out = armistice.ok(f"revert {ban}")

    assert out.startswith(f"Reverted #{ban} snow+gas banned from Cy")
    after = armistice.json("score")
    assert after["negative_points"] == before["negative_points"] - 1
    assert armistice.json("status")["chapter"] == 2
    assert armistice.json("campaign show")["bans"] == []
