"""A campaign file handed over by someone else is untrusted: the names, summaries, reasons
and the logger stored in it may hold terminal control sequences (a title change, a screen
clear, a C1 CSI) and rich markup (``[bold]``, ``[link=...]``, an unbalanced ``[/blink]``).
Whatever a command prints from it shows them as visible escapes and literal brackets:
no control character reaches the terminal and no stored text is read as markup.

The file is written through the tracker, which (unlike the command line) takes any text.

Pending in cli/context.py (being rewritten, issue 11), so not played here: a logged
action prints ``Next: <player>`` through rich markup (a next player named ``[/blink]Zed``
ends the saved action in a MarkupError), and a rule's refusal naming a stored player goes
to stderr unescaped.
"""

from __future__ import annotations

import json

from domain.chapter.commands import PlayCard, Seat, StartChapter, StartMission
from domain.chapter.corrections import CorrectFact
from tracker.app import Tracker

ZED = "\x1b]0;pwned\x07\x1b[2J[bold]Zed[/bold]"  # retitles the window, clears the screen
REASON = "\x9b31m[link=https://evil.example]click[/link][/blink]\x1b[0m"
CAMPAIGN = "Handed\x1b[5m over"
WHO = "\x1b[8mhidden"
SEATS = (Seat(ZED, "night"), Seat("Ann", "snow"), Seat("Ben", "rain"))
CONTROLS = ("\x1b", "\x07", "\x9b")


def hand_over(db: str) -> None:
    """A classic campaign, its first Mission dealt, a correction undone, Zed's first card
    played: every text the log keeps is hostile."""
    tracker = Tracker(db, by=WHO, session=REASON)
    tracker.create_campaign(CAMPAIGN, "classic", SEATS)
    setup = StartChapter("classic", SEATS, leader=ZED, third_tiles=("left", "right", "left"))
    tracker.log_action(CAMPAIGN, setup, summary=f"chapter start by {ZED}")
    tracker.log_action(CAMPAIGN, StartMission(3), summary=REASON)
    tracker.log_action(CAMPAIGN, CorrectFact("trials", 12, REASON), summary=REASON)
    tracker.undo(CAMPAIGN, 1, reason=REASON)
    tracker.log_action(CAMPAIGN, PlayCard(ZED, "night+snow"), summary=f"{ZED} plays")


def test_nothing_stored_reaches_the_terminal_as_a_control_sequence_or_as_markup(db, grizzled):
    hand_over(str(db))

    outputs = {
        command: grizzled.ok(command)
        for command in (
            "status",
            "log",
            "score --explain",
            "campaign show",
            "campaign list",
            "replay",
            "replay --at 4",  # taken back later: the note quotes the undo's reason
            "log --kind correction",  # the reason of a correction, shown
            "box",
            "undo -r again",  # Zed's card goes back: the next step names Zed
            "redo",
            "play snow+rain",  # Ann's card: narrated, and Ben's turn is next
        )
    }

    for command, out in outputs.items():
        assert not [c for c in CONTROLS if c in out], f"{command}: {out!r}"
        outputs[command] = " ".join(out.split())  # table cells wrap
    assert "\\x1b]0;pwned\\x07\\x1b[2J[bold]Zed[/bold]" in outputs["status"]
    assert "Handed\\x1b[5m over" in outputs["status"]
    assert "\\x9b31m[link=https://evil.example]click[/link][/blink]\\x1b[0m" in outputs["log"]
    assert "\\x1b[8mhidden" in outputs["log"]
    assert "Next: \\x1b]0;pwned\\x07\\x1b[2J[bold]Zed[/bold]'s turn" in outputs["undo -r again"]
    assert outputs["campaign list"] == "Handed\\x1b[5m over"
    escaped = REASON.encode("unicode_escape").decode()
    assert f"taken back later by the undo #5: {escaped}" in outputs["replay --at 4"]
    assert f"(why: {escaped})" in outputs["log --kind correction"]


def test_the_json_of_a_hostile_file_is_json_with_its_texts_whole(db, grizzled):
    hand_over(str(db))

    out = grizzled.ok("status --json")

    assert "\x1b" not in out and "\x07" not in out  # json.dumps escapes C0 controls
    board = json.loads(out)
    assert board["campaign"] == CAMPAIGN
    assert [p["name"] for p in board["players"]] == [ZED, "Ann", "Ben"]
    assert json.loads(grizzled.ok("log --json"))[-1]["logged_by"] == WHO
