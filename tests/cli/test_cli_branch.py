"""What-if branches (issue 32): ``grizzled branch NAME --at N`` forks the current campaign
at a log entry into a new campaign of the same file, whose first event names the original
and the entry; the original's events never change and both records verify."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.cli.conftest import Grizzled
from tracker.app import campaign_id


def stream(db: Path, name: str) -> list[tuple[int, str, bytes]]:
    """A campaign's stored events, as stored: version, topic and bytes."""
    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "SELECT originator_version, topic, state FROM stored_events "
            "WHERE originator_id = ? ORDER BY originator_version",
            (campaign_id(name).hex,),
        ).fetchall()
    return [(int(v), str(t), bytes(s)) for v, t, s in rows]


def played_undone_played(table: Grizzled) -> None:
    """#4 Ann plays night+shell, #5 Ben plays snow+rain, #6 its undo, #7 Ben plays
    snow+whistle: Cy's turn."""
    table.ok("play night+shell")
    table.ok("play snow+rain")
    table.ok("undo")
    table.ok("play snow+whistle")


@pytest.mark.backends
def test_a_branch_starts_from_the_board_as_it_stood_after_the_entry(table: Grizzled):
    played_undone_played(table)

    out = table.ok('branch "What if" --at 5')

    assert out.splitlines()[0] == (
        "Campaign 'What if' branched from 'Friday' at #5 (4 actions): 'Friday' is unchanged."
    )
    assert table.json("status")["no_mans_land"] == ["night+shell", "snow+rain"]
    assert table.json("status", "--campaign", "Friday")["no_mans_land"] == [
        "night+shell",
        "snow+whistle",
    ]
    assert [e["summary"] for e in table.json("log")] == [
        "campaign 'What if' branched from 'Friday' at #5",
        "chapter start (leader Ann)",
        "mission start 3",
        "Ann plays night+shell",
        "Ben plays snow+rain",
    ]


@pytest.mark.backends
def test_a_branch_at_an_undo_leaves_out_what_the_undo_took_back(table: Grizzled):
    played_undone_played(table)

    table.ok('branch "Undone" --at 6')

    assert table.json("status")["no_mans_land"] == ["night+shell"]
    assert table.json("status")["turn"] == "Ben"
    assert len(table.json("log")) == 4  # the creation and the three actions standing


@pytest.mark.backends
def test_a_branch_after_a_revert_holds_the_actions_it_decided_again(table: Grizzled):
    table.ok("correct morale 15 -r 'we thought five had fallen'")
    table.ok("play night+shell")
    table.ok("revert 4")

    table.ok("branch Reverted --at 6")

    board = table.json("status")
    assert (board["morale"], board["no_mans_land"], board["turn"]) == (20, ["night+shell"], "Ben")
    original = table.json("replay", "--at", "6", "--campaign", "Friday")
    assert original["no_mans_land"] == board["no_mans_land"]


def test_the_branch_names_its_original_and_the_entry_in_its_first_event(table: Grizzled):
    played_undone_played(table)

    table.ok('branch "What if" --at 5')

    version, topic, state = stream(table.db, "What if")[0]
    record = json.loads(state)["record"]
    assert (version, topic) == (1, "grizzled:Campaign.Created")
    assert (record["data"]["name"], record["data"]["branched_from"]) == ("What if", "Friday")
    assert record["data"]["branched_at"] == 5


def test_the_original_never_changes_and_both_records_verify(table: Grizzled):
    played_undone_played(table)
    before = stream(table.db, "Friday")

    table.ok('branch "What if" --at 5')
    table.ok("play rain+gas")  # Cy plays on in the branch
    table.ok("undo")

    assert stream(table.db, "Friday") == before
    verified = table.ok("verify")
    assert "Campaign 'Friday': 7 events, chained from the first" in verified
    assert "Campaign 'What if': 7 events, chained from the first" in verified


@pytest.mark.backends
def test_a_branch_plays_on_by_the_rules(table: Grizzled):
    played_undone_played(table)
    table.ok('branch "What if" --at 4')

    refused = table.refused("play rain+gas -p cy")  # Ben's turn in the branch

    assert "it is Ben's turn" in refused
    assert table.ok("play snow+rain").startswith("Ben plays snow+rain")


@pytest.mark.backends
def test_what_cannot_be_branched_says_why_in_one_line(table: Grizzled):
    played_undone_played(table)

    assert table.refused("branch Friday --at 3") == (
        "Error: a campaign called 'Friday' already exists"
    )
    assert table.refused("branch FRIDAY --at 3") == (
        "Error: a campaign called 'FRIDAY' already exists"
    )
    assert "reads the same" in table.refused("branch", "Frid\u0430y", "--at", "3")  # Cyrillic a
    assert table.refused("branch Later --at 99") == (
        "Error: there is no log entry #99: the log ends at #7"
    )
    assert "no campaign called 'Nope'" in table.refused("--campaign Nope branch Later --at 2")
    assert "'--at'" in table.refused("branch Later", code=2)
    assert "0" in table.refused("branch Later --at 0", code=2)
    assert table.json("campaign", "list") == ["Friday"]


def test_the_branch_story_fork_play_on_compare_and_the_original_verifies_unchanged(
    table: Grizzled, monkeypatch
):
    played_undone_played(table)
    before = stream(table.db, "Friday")
    checkpoint = table.ok("checkpoint")

    table.ok('branch "What if" --at 5')  # Ben's snow+rain stands in the branch
    table.ok("play rain+gas")  # Cy: a second rain, in the branch only
    compared = table.json("compare Friday 'What if'")

    rows = {row["what"]: row for row in compared["rows"]}
    assert compared["campaigns"] == ["Friday", "What if"]
    assert (rows["No Man's Land"]["a"], rows["No Man's Land"]["b"]) == (
        "night+shell, snow+whistle",
        "night+shell, snow+rain, rain+gas",
    )
    assert rows["threats"]["b"] == "night x1  snow x1  rain x2 !  shell x1  gas x1"
    assert (rows["turn"]["a"], rows["turn"]["b"], rows["turn"]["differs"]) == ("Cy", "Ann", True)
    assert not rows["Morale Reserve"]["differs"]
    assert rows["score"] == {"what": "score", "a": "0", "b": "0", "differs": False}
    assert (rows["branched from"]["a"], rows["branched from"]["b"]) == ("-", "'Friday' at #5")
    assert compared["rows"][0]["what"] == "branched from"
    assert [board["no_mans_land"] for board in compared["boards"]] == [
        ["night+shell", "snow+whistle"],
        ["night+shell", "snow+rain", "rain+gas"],
    ]
    for columns in ("60", "100"):
        monkeypatch.setenv("COLUMNS", columns)
        drawn = table.ok("compare Friday 'What if'")
        assert drawn.splitlines()[0] == "'Friday' and 'What if': 5 rows differ (marked *)."
        assert max(len(line.rstrip()) for line in drawn.splitlines()) <= int(columns)
        assert "* No Man's Land" in drawn and "  Morale Reserve" in drawn
        assert "rain+gas" in drawn.replace("\n", " ")
    assert stream(table.db, "Friday") == before
    assert table.ok("checkpoint", "--campaign", "Friday") == checkpoint
    assert "Verified" in table.ok("verify")


@pytest.mark.backends
def test_comparing_a_campaign_that_is_not_there_says_so_in_one_line(table: Grizzled):
    assert "no campaign called 'Nope'" in table.refused("compare Friday Nope")
    assert table.refused("compare Friday", code=2).startswith("Error: Missing argument")


@pytest.mark.backends
def test_compare_sets_any_entry_of_one_line_beside_any_entry_of_another(
    table: Grizzled, monkeypatch
):
    played_undone_played(table)
    table.ok('branch "What if" --at 5')
    table.ok("play rain+gas")  # #6 in the branch (its #1 names the fork): Cy's second rain

    compared = table.json("compare Friday@4 'What if@6'")
    assert compared["campaigns"] == ["Friday", "What if"] and compared["entries"] == [4, 6]
    rows = {row["what"]: row for row in compared["rows"]}
    assert (rows["No Man's Land"]["a"], rows["No Man's Land"]["b"]) == (
        "night+shell",
        "night+shell, snow+rain, rain+gas",
    )
    assert rows["branched from"]["b"] == "'Friday' at #5"
    replayed = table.json("replay --at 4 --json --campaign Friday")
    assert compared["boards"][0] == {k: v for k, v in replayed.items() if k != "undone_by"}
    same = table.json("compare Friday@5 'What if@5'")  # the fork: the same board
    assert [r["what"] for r in same["rows"] if r["differs"]] == ["branched from"]
    now = table.json("compare Friday 'What if@6'")
    assert now["entries"] == [None, 6]
    assert now["rows"] == table.json("compare Friday 'What if'")["rows"]
    for columns in ("60", "100"):
        monkeypatch.setenv("COLUMNS", columns)
        drawn = table.ok("compare Friday@4 'What if@6'")
        assert drawn.splitlines()[0] == "'Friday@4' and 'What if@6': 6 rows differ (marked *)."
        assert max(len(line.rstrip()) for line in drawn.splitlines()) <= int(columns)
    for bad in ("Friday@0", "@4", "Friday@99999999999"):
        said = table.refused(f"compare {bad} Friday", code=2)
        assert said.startswith("Error: Invalid value for 'A'") and len(said.splitlines()) == 1
    assert "no log entry #99" in table.refused("compare Friday@99 Friday")


@pytest.mark.backends
def test_a_branch_at_any_entry_has_the_board_replay_shows_at_it(table: Grizzled):
    table.ok("correct morale 15 -r 'we thought five had fallen'")  # 4
    table.ok("play night+shell")  # 5
    table.ok("play snow+gas")  # 6
    table.ok("undo")  # 7
    table.ok("redo")  # 8
    table.ok("revert 4")  # 9
    table.ok("play rain+gas")  # 10

    for entry in range(1, 11):
        said = table.ok("branch", f"At {entry}", "--at", str(entry), "--campaign", "Friday")
        copied = int(said.split(" (")[1].split(" action")[0])
        branch = table.json("replay", "--at", str(copied + 1), "--campaign", f"At {entry}")
        original = table.json("replay", "--at", str(entry), "--campaign", "Friday")
        for board in (branch, original):
            board.pop("campaign"), board.pop("undone_by")
        assert branch == original, f"entry #{entry}"
    assert "Campaign 'At 10': 6 events, chained from the first" in table.ok("verify")


def test_a_long_branch_keeps_the_snapshots_the_tracker_would_keep(table: Grizzled):
    for _ in range(30):  # 60 corrections: a line of 63 actions, snapshots at 25 and 50
        table.ok("correct morale 15 -r slip")
        table.ok("correct morale 20 -r back")
    table.ok("branch Long --at 63")

    with closing(sqlite3.connect(table.db)) as conn:
        versions = [
            v
            for (v,) in conn.execute(
                "SELECT originator_version FROM stored_snapshots WHERE originator_id = ? "
                "ORDER BY originator_version",
                (campaign_id("Long").hex,),
            )
        ]
    assert versions == [25, 50]
    assert "Campaign 'Long': 63 events, chained from the first; 2 snapshots equal" in table.ok(
        "verify"
    )
