"""A safer undo (issue 15): it names what it takes back, asks before crossing a Mission or a
chapter whether it is ``undo N`` or ``undo --to``, and does not let a refused command make
it take back the action before it unawares."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.cli.conftest import Grizzled
from tests.cli.tables import win_the_tiny_mission
from tests.projections.conftest import all_rows, rebuilt_copy


@pytest.mark.backends
def test_undo_n_across_missions_asks_like_undo_to(table: Grizzled):
    for card in ("night+shell", "snow+shell", "rain+shell"):  # the Mission fails
        table.ok("play", card)
    table.ok("mission start 1")

    line = table.refused("undo 2")

    assert line == (
        "Error: this undo takes back 2 actions across 2 Missions (#6 Cy plays rain+shell; "
        "#7 mission start 1); add --yes to confirm"
    )
    assert table.ok("undo 2 --yes").startswith(
        "Undone: #6 Cy plays rain+shell; #7 mission start 1. Redo with"
    )


def test_undo_across_a_chapters_end_asks_first(armistice: Grizzled):
    armistice.ok("skip-boot-camp")
    armistice.ok("briefing 1 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    win_the_tiny_mission(armistice)
    # as typed: the log adds how the Mission and the chapter ended ("...: chapter won")
    last_two = [e["summary"].partition(": ")[0] for e in armistice.json("log --last 2")]
    last = armistice.events()

    line = armistice.refused("undo 2")

    assert "across a chapter's start or end" in line
    assert all(summary in line for summary in last_two)
    assert armistice.ok("undo").startswith(f"Undone: #{last} {last_two[-1]}.")


@pytest.mark.backends
def test_an_undo_right_after_a_refused_command_says_it_recorded_nothing(table: Grizzled):
    table.ok("play night+shell")
    table.refused("play mute+mute", code=2)  # a usage error never reached the file
    assert table.ok("undo --yes").startswith("Undone: #4 Ann plays night+shell.")
    table.ok("redo")
    table.refused("mission start 2")  # a Mission is being played: refused by the rules

    line = table.refused("undo")

    assert line == (
        "Error: your last command ('mission start 2') was refused and recorded nothing: "
        "this undo would take back #4 Ann plays night+shell instead; add --yes to confirm"
    )
    assert table.ok("undo --yes").startswith("Undone: #4 Ann plays night+shell.")


@pytest.mark.backends
def test_once_something_is_recorded_the_refusal_no_longer_counts(table: Grizzled):
    table.refused("mission start 2")
    table.ok("play night+shell")

    assert table.ok("undo").startswith("Undone: #4 Ann plays night+shell.")


@pytest.mark.backends
def test_a_refused_undo_is_not_a_refusal_an_undo_warns_about(table: Grizzled):
    table.ok("play night+shell")
    table.refused("undo --to 99")

    assert table.ok("undo").startswith("Undone: #4 Ann plays night+shell.")


def test_the_read_models_an_undo_catches_up_from_the_trackers_state_equal_a_rebuild(
    table: Grizzled, tmp_path: Path
):
    """An undo hands the read models the state it returned to (cli.context.saved: they
    would rebuild it from a snapshot): what they hold is what a rebuild holds, for an
    undo, an undo back to an entry across a Mission, and a redo."""
    for card in ("night+shell", "snow+shell", "rain+shell"):  # the Mission fails
        table.ok("play", card)
    table.ok("mission start 1")
    table.ok("play", "night+shell")
    for undo in ("undo", "undo --to 4 --yes", "redo", "undo --yes"):
        table.ok(*undo.split())
        assert all_rows(table.db) == rebuilt_copy(table.db, tmp_path), undo


def test_a_logged_action_catches_the_read_models_up_from_the_state_it_was_decided_on(
    table: Grizzled, tmp_path: Path
):
    """A logged action hands the read models the state the tracker decided it on (they
    would decode their own saved copy of it): they never read that copy, and what they
    hold is what a rebuild holds, through a failed Mission, a Mission's start, and an
    action right after an undo."""
    import projections.project

    def decoded(state: object) -> None:
        raise AssertionError("the read models decoded their saved campaign state")

    table.ok("play", "night+shell")  # the read models as the table left them
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(projections.project, "state_saved", decoded)
        for command in (
            "play snow+shell",
            "play rain+shell",
            "mission start 1",
            "play night+shell",
        ):
            table.ok(*command.split())
            assert all_rows(table.db) == rebuilt_copy(table.db, tmp_path), command
    table.ok("undo")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(projections.project, "state_saved", decoded)
        table.ok("play", "night+shell")  # decided on the state the undo's event left
    assert all_rows(table.db) == rebuilt_copy(table.db, tmp_path)


def test_an_undo_catches_the_read_models_up_from_the_state_it_was_decided_on(
    table: Grizzled, tmp_path: Path
):
    """An undo and an undo back to an entry hand the read models the state they were
    decided on (the campaign as it stood at the head they saw): the read models never
    decode their own saved copy of it, and hold what a rebuild holds, through a redo and a
    revert between them (which decode it)."""
    import projections.project

    def decoded(state: object) -> None:
        raise AssertionError("the read models decoded their saved campaign state")

    for card in ("night+shell", "snow+shell", "rain+shell"):  # the Mission fails
        table.ok("play", card)
    table.ok("mission start 1")
    table.ok("play", "night+shell")
    table.ok("play", "snow+shell")
    last = "revert LAST -r again"  # the last action on the line of play then
    for take_back in ("undo", "undo --to 4 --yes", "redo", last):
        if take_back == last:
            with closing(sqlite3.connect(table.db)) as conn:
                (number,) = conn.execute(
                    "SELECT max(version) FROM event_log WHERE kind = 'ActionLogged' AND undone = 0"
                ).fetchone()
            take_back = last.replace("LAST", str(number))
        with pytest.MonkeyPatch.context() as patch:
            if take_back.startswith("undo"):
                patch.setattr(projections.project, "state_saved", decoded)
            table.ok(*take_back.split())
        assert all_rows(table.db) == rebuilt_copy(table.db, tmp_path), take_back


def test_a_refusal_on_another_campaign_of_the_file_does_not_hold_back_this_ones_undo(
    table: Grizzled,
):
    table.ok("campaign new Sunday --rules classic -p dee:night -p eve:snow -p fay:rain")
    table.ok("chapter start --leader dee --tiles left,right,left --trials 10")
    table.ok("mission start 3")
    table.ok("play night+shell")  # Dee, on Sunday
    table.ok("campaign use Friday")
    table.refused("mission start 2")  # Friday's Mission is being played: refused there
    table.ok("campaign use Sunday")

    assert table.ok("undo").startswith("Undone: #4 Dee plays night+shell.")
