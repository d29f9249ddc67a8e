"""Issue 13: ``--db`` and ``-c`` work before the command and after it alike."""

from __future__ import annotations

import pytest

from tests.cli.conftest import SEATS, Grizzled


@pytest.fixture
def two_files(tmp_path, db):
    """Friday in one file, Autumn and Winter in another; GRIZZLED_DB names neither."""
    friday, autumn = tmp_path / "friday.sqlite", tmp_path / "autumn.sqlite"
    Grizzled(friday, explicit=True).ok("campaign", "new", "Friday", *SEATS)
    other = Grizzled(autumn, explicit=True)
    other.ok("campaign", "new", "Autumn", *SEATS)
    other.ok("campaign", "new", "Winter", *SEATS)
    return friday, autumn


@pytest.mark.parametrize("before", [True, False], ids=["before", "after"])
def test_db_and_campaign_are_accepted_before_and_after_the_command(grizzled, two_files, before):
    friday, autumn = two_files
    for path, name in ((friday, "Friday"), (autumn, "Autumn")):
        where = ("--db", str(path), "-c", name)
        args = (*where, "status") if before else ("status", *where)
        assert grizzled.json(*args)["campaign"] == name  # --json comes last


def test_a_command_after_db_writes_to_that_file(grizzled, two_files):
    friday, _ = two_files
    grizzled.ok(
        "chapter", "start", "--leader", "ann", "--tiles", "left,right,left", "--db", str(friday)
    )

    assert Grizzled(friday, explicit=True).json("status")["phase"] == "preparation"
    assert not grizzled.db.exists()


def test_a_campaign_after_the_command_that_is_not_there_is_refused(grizzled, two_files):
    _, autumn = two_files
    line = grizzled.refused("status", "--db", str(autumn), "-c", "Spring")

    assert "no campaign called 'Spring'" in line
