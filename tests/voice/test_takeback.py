"""What an undo and a redo say they take back or bring back is the voice's (issue 29, one
voice): the tracker's preview holds the actions as facts, and the voice words them."""

from __future__ import annotations

from tracker.app import UndoPreview
from voice.takeback import actions, undo_asks


def test_a_few_actions_are_each_named_and_many_by_the_first_and_last() -> None:
    few = actions([(4, "Ann plays mute"), (5, "Ben withdraws")])
    many = actions([(v, f"action {v}") for v in range(10, 15)])

    assert few.text == "#4 Ann plays mute; #5 Ben withdraws"
    assert few.facts["actions"] == [
        {"version": 4, "summary": "Ann plays mute"},
        {"version": 5, "summary": "Ben withdraws"},
    ]
    assert many.text == "#10 action 10 ... #14 action 14"
    assert len(many.facts["actions"]) == 5


def test_the_trackers_preview_holds_facts_and_the_voice_asks_with_its_words() -> None:
    preview = UndoPreview(((7, "mission start 2"), (8, "Ann plays mute")), missions=1, chapters=0)

    asked = undo_asks(preview, None)

    assert not hasattr(preview, "said")
    assert asked is not None
    assert asked[0] == (
        "this undo takes back 2 actions across 2 Missions (#7 mission start 2; #8 Ann plays mute)"
    )
