"""Every take-back and correction is decided on the head it saw (issue 39). Given the
last log entry the person saw (``--seen``, as the table session and the companion pass
the board's), an undo, a redo, a revert or a correction is refused in one line, recording
nothing, once another device has logged after it; at the entry still last, it is recorded
as ever. Without ``--seen`` the command decides on the head it reads, and its save is
refused the same way if another device's lands first (tests/cli/test_takeback_races.py).
"""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled

MOVED = (
    "Error: the campaign moved meanwhile (#5 Ben plays snow+gas, logged by ben): nothing "
    "was {done}; look at the log, then {word} again if it is still meant"
)


@pytest.fixture
def moved_on(table: Grizzled, monkeypatch: pytest.MonkeyPatch) -> Grizzled:
    """Ann's play is #4, the last entry the person saw; then Ben's device logs #5."""
    table.ok("play night+snow")
    monkeypatch.setenv("GRIZZLED_USER", "ben")
    table.ok("play snow+gas")
    monkeypatch.setenv("GRIZZLED_USER", "tester")
    return table


@pytest.mark.backends
def test_an_undo_decided_on_an_entry_no_longer_last_is_refused_and_takes_back_nothing(
    moved_on: Grizzled,
) -> None:
    said = moved_on.refused("undo --seen 4 -r 'Ann misread'")

    assert said == MOVED.format(done="taken back", word="undo")
    assert moved_on.json("status")["no_mans_land"] == ["night+snow", "snow+gas"]
    assert moved_on.refused("undo --to 3 --yes --seen 4") == said
    assert moved_on.ok("undo --seen 5").startswith("Undone: #5 Ben plays snow+gas.")


@pytest.mark.backends
def test_a_revert_or_a_correction_decided_before_another_device_logged_is_refused(
    moved_on: Grizzled,
) -> None:
    assert moved_on.refused("revert 4 -r 'not her card' --seen 4") == MOVED.format(
        done="reverted", word="revert"
    )
    assert moved_on.refused("correct stock 2 -r 'we count 2' --seen 4") == MOVED.format(
        done="corrected", word="correct"
    )
    assert moved_on.ok("correct stock 2 -r 'we count 2' --seen 5").startswith("Correction")


def test_a_redo_decided_before_another_device_logged_is_refused(
    table: Grizzled, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.ok("play night+snow")
    table.ok("undo")  # #5: the board the person looks at, Ann's play undone
    monkeypatch.setenv("GRIZZLED_USER", "ben")
    table.ok("correct stock 2 -r 'we count 2'")  # #6, on another device

    said = table.refused("redo --seen 5")

    assert said == (
        "Error: the campaign moved meanwhile (#6 correction: stock 2, logged by ben): nothing "
        "was brought back; look at the log, then redo again if it is still meant"
    )
    assert table.json("status")["no_mans_land"] == []


def test_an_entry_the_log_does_not_hold_yet_is_refused_as_such(table: Grizzled) -> None:
    assert table.refused("undo --seen 9") == "Error: there is no log entry #9: the log ends at #3"
    assert table.refused("redo --seen 0", code=2).startswith("Error: Invalid value for '--seen'")
