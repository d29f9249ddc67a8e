"""Every take-back and correction is decided on the head it saw (issue 39): two devices
undoing, redoing, reverting or correcting at once, or one undoing while the other plays,
each a process of its own with its own connection (``tests/cli/racing.py``), both holding
the same head before either saves (each round asserts it: a real overlap). Each round
exactly one write stands, the one its device decided and printed; the other device is
refused in one line and records nothing, or (a play) is decided again on the new head as
ever; the stored events prove it. On a SQLite file and on a club's PostgreSQL server.

The commands run as a table session runs them (the file kept open: ``run_kept``), and
every twentieth round as one-shot commands, each opening and closing the file. The rounds
are let go together (a real race for the store) or one device after the other (the
interleaving where a command that read the campaign again took back what it never saw:
two devices each printed "Undone: #5", and the log showed #5 and #4 undone).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Grizzled
from tests.cli.racing import Device, device_env, race
from tracker.app import Tracker, campaign_id
from tracker.dbfile import READ

ROUNDS = 200  # races of each kind, per backend
ORDERS = ("together", "one", "two")
ONE_SHOT = 20  # every so many rounds, each device runs its command as a process of its own


def kept(k: int) -> bool:
    """Whether round ``k`` runs in the devices' sessions (else as one-shot commands)."""
    return k % ONE_SHOT != ONE_SHOT - 1


@pytest.fixture
def devices(db: Path, tmp_path: Path) -> Iterator[tuple[Device, Device]]:
    """Ann's and Ben's devices on the test's database (a file, or a club's server)."""
    where = os.environ["GRIZZLED_DB"]
    pair = (
        Device(device_env(where, tmp_path / "ann-device", "ann", "Friday")),
        Device(device_env(where, tmp_path / "ben-device", "ben", "Friday")),
    )
    yield pair
    for device in pair:
        device.close()


class Stored:
    """The campaign's stored events, read on a connection of the test's own, opened at
    the first read (after the test's own commands: no command of this process opens the
    file beside it) and closed at the end."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.tracker: Tracker | None = None

    def since(self, version: int) -> list[dict[str, Any]]:
        """The events stored after ``version``: their kind, who logged them, what they
        took back or named."""
        if self.tracker is None:
            self.tracker = Tracker(self.where, access=READ)
        events: list[Any] = list(self.tracker.events.get(campaign_id("Friday"), gt=version))
        return [
            {
                "version": e.originator_version,
                "kind": type(e).__name__,
                "by": e.logged_by,
                "actions": list(getattr(e, "actions", None) or []),
                "reverted": getattr(e, "reverted", None),
            }
            for e in events
        ]

    def version(self) -> int:
        return int(self.since(0)[-1]["version"])


@pytest.fixture
def stored(table: Grizzled) -> Iterator[Stored]:
    reader = Stored(os.environ["GRIZZLED_DB"])
    yield reader
    if reader.tracker is not None:
        reader.tracker.close()


def one_refusal(ended: dict[str, Any]) -> str:
    """The refused command's one line (exit 1, nothing on stdout)."""
    lines = ended["err"].splitlines()
    assert ended["code"] == 1 and len(lines) == 1 and lines[0].startswith("Error: "), ended
    assert ended["out"] == "", ended
    return str(lines[0])


def winner(ends: list[dict[str, Any]]) -> int:
    """Which device's command stood (0 or 1): exactly one ended well."""
    codes = [ended["code"] for ended in ends]
    assert sorted(codes) == [0, 1], ends
    return codes.index(0)


WHO = ("ann", "ben")


UNDONE = {"kind": "ActionsUndone", "reverted": None}
REDONE = {"kind": "ActionsRedone", "reverted": None}


@pytest.mark.backends
def test_two_devices_undoing_or_redoing_at_once_take_back_one_action_and_refuse_the_other(
    table: Grizzled, devices: tuple[Device, Device], stored: Stored
) -> None:
    table.ok("play", "night+snow")
    head = before = stored.version()  # Ann's play: the last action both devices see
    for k in range(2 * ROUNDS):
        undoing = k % 2 == 0  # an undo race, then a redo race that brings it back
        words = [*(["undo", "--yes"] if undoing else ["redo"])]

        saw, ends = race(devices, (words, words), ORDERS[k // 2 % 3], kept(k))

        assert saw == [before, before]  # both decided on the same head: a real overlap
        won = winner(ends)
        said = ends[won]["out"]
        assert said.startswith(f"Undone: #{head} " if undoing else f"Redone: #{head} "), said
        assert "moved meanwhile" in one_refusal(ends[1 - won])
        stood = {**(UNDONE if undoing else REDONE), "by": WHO[won], "actions": [head]}
        assert stored.since(before) == [{"version": before + 1, **stood}]
        before += 1


@pytest.mark.backends
def test_two_devices_reverting_at_once_revert_one_action_and_refuse_the_other(
    table: Grizzled, devices: tuple[Device, Device], stored: Stored
) -> None:
    for count in (1, 2, 4):  # three corrections, each revertible, each decided again
        table.ok("correct", "stock", str(count), "-r", f"counted {count}")
    last = before = stored.version()
    targets = (last - 2, last - 1, last)
    for k in range(ROUNDS):
        mine = targets[k % 3]
        theirs = targets[(k + k // 3) % 3]  # the same entry, or another one
        words = [["revert", str(n), "-r", f"round {k}"] for n in (mine, theirs)]

        saw, ends = race(devices, (words[0], words[1]), ORDERS[k // 3 % 3], kept(k))

        assert saw == [before, before]
        won = winner(ends)
        assert ends[won]["out"].startswith(f"Reverted #{(mine, theirs)[won]} ")
        assert "moved meanwhile" in one_refusal(ends[1 - won])
        devices[0].run("undo", "--yes")  # the line as it was, next round
        revert, undo = stored.since(before)
        assert revert["kind"] == "ActionReverted" and revert["by"] == WHO[won]
        assert revert["reverted"] == (mine, theirs)[won]
        assert undo["kind"] == "ActionsUndone" and undo["actions"] == [before + 1]
        before += 2


@pytest.mark.backends
def test_an_undo_racing_a_play_from_another_device_takes_back_only_what_it_saw(
    table: Grizzled, devices: tuple[Device, Device], stored: Stored
) -> None:
    table.ok("play", "night+snow")  # Ann's: the last action both devices see
    head = before = stored.version()
    undo = ["undo", "--yes"]
    play = ["play", "shell+whistle"]  # Ben's turn
    outcomes = {"undone": 0, "played": 0}
    for k in range(ROUNDS):
        saw, (undid, played) = race(devices, (undo, play), ORDERS[k % 3], kept(k))

        assert saw == [before, before]
        if undid["code"] == 0:  # the undo stood: it took back Ann's play, as it said
            assert undid["out"].startswith(f"Undone: #{head} ")
            # the play was checked again on the new head: Ann's turn again, refused
            assert "changed while this was being logged" in one_refusal(played)
            outcomes["undone"] += 1
            devices[0].run("redo")
            assert stored.since(before) == [
                {"version": before + 1, **UNDONE, "by": "ann", "actions": [head]},
                {"version": before + 2, **REDONE, "by": "ann", "actions": [head]},
            ]
        else:  # the play stood: the undo, decided before it, took back nothing
            assert "moved meanwhile" in one_refusal(undid)
            assert played["code"] == 0, played
            outcomes["played"] += 1
            devices[0].run(*undo)
            played_event, undo_event = stored.since(before)
            assert (played_event["kind"], played_event["by"]) == ("ActionLogged", "ben")
            assert undo_event["actions"] == [before + 1]
        before += 2
    assert outcomes["undone"] and outcomes["played"], outcomes


@pytest.mark.backends
def test_two_devices_correcting_at_once_set_one_count_and_refuse_the_other(
    table: Grizzled, devices: tuple[Device, Device], stored: Stored
) -> None:
    table.ok("correct", "stock", "1", "-r", "counted")
    before, stock = stored.version(), 1
    for k in range(ROUNDS // 2):
        counts = (stock % 3 + 1, (stock + 1) % 3 + 1)  # each differs from the stock now
        words = [["correct", "stock", str(n), "-r", f"round {k}"] for n in counts]

        saw, ends = race(devices, (words[0], words[1]), ORDERS[k % 3], kept(k))

        assert saw == [before, before]
        won = winner(ends)
        assert ends[won]["out"].startswith(f"Correction: the stock holds {counts[won]} ")
        assert "nothing was corrected" in one_refusal(ends[1 - won])
        [correction] = stored.since(before)
        assert (correction["kind"], correction["by"]) == ("ActionLogged", WHO[won])
        before, stock = before + 1, counts[won]
