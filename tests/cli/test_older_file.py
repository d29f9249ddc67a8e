"""A file an earlier grizzled wrote opens, checks and verifies with this one (issue 43's
state format 5 follows a failed Mission's cards, the trail, where the states stored
before it hold none: the first-sight check and ``verify`` compare those snapshots without
it; ``verify`` leaves read models of an earlier layout to the next command to make again).

``tests/tracker/fixtures/campaign-v2-states.sqlite`` ("Long Tuesday": 301 events played at
random, 12 snapshots, failed Missions among them) stands for a file logged before.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import Grizzled, flat

FIXTURE = Path(__file__).parents[1] / "tracker" / "fixtures" / "campaign-v2-states.sqlite"


@pytest.fixture
def older(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Grizzled:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    db = tmp_path / "grizzled.sqlite"
    shutil.copyfile(FIXTURE, db)
    return Grizzled(db, explicit=True)


def test_a_file_an_earlier_grizzled_wrote_is_verified_with_every_snapshot(
    older: Grizzled,
) -> None:
    said = flat(older.ok("verify"))

    assert "Campaign 'Long Tuesday': 301 events" in said
    assert "12 snapshots equal to the replay" in said


def test_a_file_an_earlier_grizzled_wrote_opens_and_logs_a_correction(older: Grizzled) -> None:
    assert "Long Tuesday" in older.ok("status")
    assert "Correction" in older.ok("correct morale 3 -r recounted")
    assert "Morale Reserve 3" in older.ok("status")
    assert "read models equal a rebuild" in flat(older.ok("verify"))
