"""``replay`` as an audit (issue 15): every Mission's and chapter's end named under the action
that brought it, a board shown at an entry that was later taken back says so, and No Man's
Land is never cut."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled
from tests.cli.tables import win_the_tiny_mission


@pytest.mark.backends
def test_a_replay_names_every_missions_end_under_the_action_that_brought_it(table: Grizzled):
    for card in ("night+shell", "snow+shell", "rain+shell"):
        table.ok("play", card)

    steps = table.json("replay")
    out = " ".join(table.ok("replay").split())

    assert [s["outcomes"] for s in steps[:-1]] == [[]] * (len(steps) - 1)
    assert steps[-1]["outcomes"] == [
        "Mission failed: 3 shell. No Man's Land is shuffled into the Trials deck."
    ]
    assert "#6 Cy plays rain+shell preparation; Trials 10, Morale 14 -> Mission failed" in out


@pytest.mark.backends
def test_a_replay_names_the_chapters_end(armistice: Grizzled):
    armistice.ok("skip-boot-camp")
    armistice.ok("briefing 1 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    win_the_tiny_mission(armistice)

    last = armistice.json("replay")[-1]["outcomes"]

    assert last[0].startswith("Mission succeeded")
    assert last[-1] == "Peace! The chapter is won."


@pytest.mark.backends
def test_the_board_at_an_entry_later_undone_says_which_undo_took_it_back(table: Grizzled):
    table.ok("play night+shell")
    table.ok('undo -r "it was night+rain"')

    out = " ".join(table.ok("replay --at 4").split())

    assert out.startswith(
        "Entry #4 was taken back later by the undo #5: it was night+rain. The board as it "
        "stood right after it:"
    )
    assert table.json("replay --at 4")["undone_by"] == 5
    assert table.json("replay --at 3")["undone_by"] is None
    table.ok("redo")
    assert table.json("replay --at 4")["undone_by"] is None


@pytest.mark.backends
def test_no_mans_land_is_never_cut_in_a_replay(table: Grizzled, monkeypatch):
    cards = ["night+rain", "snow+gas", "night+whistle", "rain+gas", "snow+whistle"]
    for card in cards:  # Ann, Ben, Cy, Ann, Ben: no three alike
        table.ok("play", card)
    for columns in ("60", "100"):
        monkeypatch.setenv("COLUMNS", columns)
        out = table.ok("replay")

        assert f"No Man's Land: {', '.join(cards)}" in " ".join(out.split())
        assert "..." not in out
        assert max(len(line.rstrip()) for line in out.splitlines()) <= int(columns)


@pytest.mark.backends
def test_a_chapters_replay_marks_what_was_undone_or_reverted_in_its_place(table: Grizzled):
    table.ok("play night+shell")
    table.ok('undo -r "it was night+rain"')  # #5 takes back #4
    table.ok("correct morale 15 -r 'miscounted'")  # #6
    table.ok("play night+rain")  # #7
    table.ok("revert 6 -r 'it was right'")  # #8

    out = [" ".join(line.split()) for line in table.ok("replay").splitlines()]

    assert out.index("#4 Ann plays night+shell (taken back by the undo #5: it was night+rain)") < (
        out.index("#6 correction: morale 15 (reverted by #8: it was right)")
    )
    assert "#7 Ann plays night+rain (decided again in #8)" in out
    assert "#8 Ann plays night+rain (decided again)" in out
    assert [s["event"] for s in table.json("replay")] == [2, 3, 8, 8]  # the line as it stands
