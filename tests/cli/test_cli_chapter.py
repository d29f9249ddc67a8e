"""A person logs a whole chapter of the base game through the CLI, at a real table: the
walkthrough's session (tests/cli/walkthrough.py), checked step by step and at the end."""

from __future__ import annotations

from tests.cli.conftest import Grizzled
from tests.cli.walkthrough import CHAPTER, commands

MILESTONES = (
    "Chapter set up for Ann, Ben, Cy: Trials 10, Morale 20",
    "The Trap draws snow+whistle for Ann, played at once.",
    "Mission failed: 3 shell.",
    "Morale drops: 4 cards move to the Trials deck.",
    "Ann makes a Speech on gas. Ben discards snow+gas; Cy discards Phobia (gas).",
    "Undone: #13 Ben plays snow+shell (Cy thought it was snow+whistle).",
    "Redone: #13 Ben plays snow+shell.",
    "Cy's Good Luck Charm discards rain+whistle.",
    "Ben withdraws, a Support tile face down.",
    "Cy benefits.",
    "Next: Cy chooses the Support benefit",
    "Cy discards Mute.",
    "Morale drops: 3 cards move to the Trials deck.",
    "Ben makes a Speech on rain. Ann discards rain+shell; Cy discards Trauma (rain).",
    "Peace! The game is won.",
)


def play_the_walkthrough(grizzled: Grizzled) -> str:
    transcript = []
    for args, must_succeed in commands(CHAPTER):
        if must_succeed:
            transcript.append(grizzled.ok(*args))
        else:
            transcript.append(grizzled.refused(*args))
    return "\n".join(transcript)


def test_a_whole_classic_chapter_is_logged_at_the_table_until_it_is_won(grizzled):
    transcript = play_the_walkthrough(grizzled)

    position = 0
    for milestone in MILESTONES:
        found = transcript.find(milestone, position)
        assert found >= 0, f"{milestone!r} missing (or out of order)"
        position = found + len(milestone)
    board = grizzled.json("status")
    assert (board["phase"], board["outcome"], board["mission"]) == ("over", "won", 3)
    assert (board["trials"], board["morale"]) == (0, 13)
    assert [p["hand"] for p in board["players"]] == [0, 0, 0]
    assert board["legal"] == {}
    score = grizzled.json("score")
    assert [(c["chapter"], c["result"], c["morale_left"]) for c in score["chapters"]] == [
        (1, "won", 13)
    ]


def test_the_chapter_log_keeps_the_refusal_out_and_the_undo_and_redo_in(grizzled):
    play_the_walkthrough(grizzled)

    log = grizzled.json("log")
    assert [e["version"] for e in log] == list(range(1, 36))
    assert not any(e["undone"] for e in log)
    undo, redo = log[13], log[14]
    assert (undo["kind"], undo["actions"], undo["reason"]) == (
        "ActionsUndone",
        [13],
        "Cy thought it was snow+whistle",
    )
    assert (redo["kind"], redo["actions"]) == ("ActionsRedone", [13])
    assert {e["logged_by"] for e in log} == {"tester"}
    assert {e["session"] for e in log} == {"test evening"}
    kinds = [t for e in log for t in e["events"]]
    for event in ("CardDrawnAndPlayed", "MissionFailed", "SpeechMade", "CharmUsed"):
        assert event in kinds
    assert kinds.count("MoraleDropped") == 2
    assert kinds[-1] == "ChapterWon"


def test_the_board_after_each_mission_is_on_record(grizzled):
    play_the_walkthrough(grizzled)

    failed = grizzled.json("replay", "--at", "8")
    assert (failed["phase"], failed["trials"], failed["morale"]) == ("preparation", 9, 16)
    assert [p["hand"] for p in failed["players"]] == [1, 1, 2]
    assert failed["leader"] == "Ben"
    support = grizzled.json("replay", "--at", "21")
    assert (support["phase"], support["support_pending"]) == ("support", "Cy")
    cy = support["players"][2]
    assert (cy["charm_up"], cy["hard_knocks"]) == (False, ["mute"])
    chosen = grizzled.json("replay", "--at", "22")
    assert chosen["players"][2]["hard_knocks"] == []
    assert (chosen["phase"], chosen["leader"], chosen["trials"]) == ("preparation", "Cy", 6)
