"""Random campaigns moved: every campaign the projections' random machine plays (both
rulesets, Boot Camp and several chapters, undos, ``undo --to``, redos, reverts, Helping
Hands described, awarded and played, bans) plus corrections, goes export -> import ->
verify and backup -> restore -> verify, and reads the same in every file.

Each example plays two campaigns into one real file, then exports both and imports them
into a new file, backs the file up and restores the backup over another; both files
verify whole, a plain copy of each passes the first-sight check that any unseen file
gets, and each campaign's state and read models (its board, log, score, Helping Hands,
bans) are the same in all three. Every tenth example also runs the real command line:
``verify`` (read models included) on both files, and ``status --json``, ``score --json``,
``campaign show --json`` and ``log --all --json`` the same in all three. 100 examples of
two campaigns: 200 campaigns (``TRANSFER_EXAMPLES`` for more).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import rule, run_state_machine_as_test

from domain.chapter.corrections import CorrectFact
from domain.errors import RuleViolation
from projections import queries
from projections.runner import catch_up
from tests.cli.conftest import Grizzled
from tests.projections.test_random_campaigns import NAMES, ProjectionMachine
from tracker.app import Tracker, campaign_id
from tracker.backup import copy, replace
from tracker.checks import check_file
from tracker.transfer import export_lines, import_campaign, read_export
from tracker.verify import verify_campaigns

EXAMPLES = int(os.environ.get("TRANSFER_EXAMPLES", "100"))
SHM = "/dev/shm"
CLI_EVERY = 10  # every tenth example is compared through the command line too


class TransferMachine(ProjectionMachine):
    """The projections' random machine, with corrections; at its end its file moved."""

    examples = 0

    def check(self) -> None:
        """Nothing while playing (the projections' own test checks the read models)."""

    @rule(which=st.sampled_from(NAMES), recount=st.integers(0, 4))
    def correct(self, which: str, recount: int) -> None:
        """The Speech tokens left in the stock recounted (a count of cards corrected would
        leave cards the random play cannot name)."""
        table = self.tables[which]
        if not table.now.chapter_running:
            return
        try:
            logged = self.opened.log_action(which, CorrectFact("stock", recount, "recounted"))
        except RuleViolation:
            return
        event("a correction")
        table.line.append(logged.version)
        table.redos = []
        table.states[logged.version] = logged.state
        table.now = logged.state

    def teardown(self) -> None:
        if self.tracker is None:
            return
        for _ in range(2):  # the first campaign on through its chapters and their rewards
            self.finish_chapter(NAMES[0])
        for table in self.tables.values():  # what the examples reached
            now = table.now
            event(f"{now.ruleset}: {min(len(now.results), 3)}+ chapters ended")
            event(f"Boot Camp played: {any(r.number == 0 for r in now.results)}")
            event(f"helping hands: {'some' if now.holdings else 'none'}, bans: {len(now.bans)}")
            event(f"reverts: {min(len(table.replaced), 2)}+, redos left: {bool(table.redos)}")
        self.tracker.close()
        TransferMachine.examples += 1
        source = self.path
        catch_up(source)
        imported = self.folder / "imported.sqlite"
        for name in NAMES:
            export = self.folder / f"{name}.jsonl"
            with Tracker(source, access="read") as tracker:
                export.write_bytes(b"".join(export_lines(tracker, name)))
            import_campaign(str(imported), read_export(str(export)))
        catch_up(imported)
        backup = self.folder / "backup.sqlite"
        copy(str(source), str(backup))
        restored = self.folder / "restored.sqlite"
        Tracker(restored).close()
        replace(str(restored), str(backup))
        for moved in (imported, restored):
            verified(moved)
            opens(moved, self.folder / f"copy-of-{moved.name}")
            for name in NAMES:
                assert reads(moved, name) == reads(source, name)
        if TransferMachine.examples % CLI_EVERY == 1:  # the command line says the same
            for moved in (imported, restored):
                assert "Verified" in Grizzled(moved, explicit=True).ok("verify")
            for name in NAMES:
                shown = [said(file, name) for file in (source, imported, restored)]
                assert shown[0] == shown[1] == shown[2]


def verified(db: Path) -> None:
    """Every campaign of the file verifies whole (chain, replay, rules, snapshots)."""
    with Tracker(db, access="read") as tracker:
        found = verify_campaigns(tracker)
    assert [c.findings for c in found] == [(), ()]


def opens(db: Path, copied: Path) -> None:
    """A plain copy of the file passes the first-sight check of an unseen file."""
    shutil.copyfile(db, copied)
    with Tracker(copied, access="read") as tracker:
        check_file(tracker)
    copied.unlink()


def reads(db: Path, name: str) -> dict[str, Any]:
    """What a campaign reads as in a file: its state and every read model of it."""
    cid = campaign_id(name).hex
    with Tracker(db, access="read") as tracker:
        state = tracker.state(name)
    with closing(sqlite3.connect(db)) as conn:
        conn.row_factory = sqlite3.Row
        return {
            "state": state,
            "boards": [queries.status(conn, cid, n) for n in queries.played_chapters(conn, cid)],
            # the position in the file's log differs: the imported events come in a block
            "log": [
                {k: v for k, v in row.items() if k != "notification_id"}
                for row in queries.log(conn, cid)
            ],
            "score": queries.score(conn, cid),
            "hands": queries.helping_hands(conn, cid),
            "bans": queries.bans(conn, cid),
            "readings": queries.reward_readings(conn, cid),
        }


def said(db: Path, name: str) -> list[Any]:
    """What the command line shows of the campaign, as JSON."""
    grizzled = Grizzled(db, explicit=True)
    return [
        grizzled.json(*command, "-c", name)
        for command in (("status",), ("score",), ("campaign", "show", name), ("log", "--all"))
    ]


def test_random_campaigns_moved_by_export_import_and_backup_restore_verify_and_read_the_same(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("GRIZZLED_CAMPAIGN", raising=False)
    # real files, in memory where the machine has a tmpfs: a commit's fsync then costs
    # nothing, and the run fits the suite's time
    folder = tempfile.mkdtemp(
        dir=SHM if os.access(SHM, os.W_OK) else tmp_path_factory.getbasetemp()
    )
    request.addfinalizer(lambda: shutil.rmtree(folder, ignore_errors=True))
    # the data directory on the same file system: restore moves the file it replaces there
    monkeypatch.setenv("XDG_DATA_HOME", os.path.join(folder, "data"))

    run_state_machine_as_test(
        lambda: TransferMachine(Path(tempfile.mkdtemp(dir=folder))),
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=10,
            deadline=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        ),
    )
    assert TransferMachine.examples >= EXAMPLES
