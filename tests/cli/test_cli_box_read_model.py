"""``grizzled card N`` and ``grizzled box`` read the ``campaign_box`` read model (issue 17):
after every step of a story the row is what the rules compute from the campaign's state,
a rebuild gives the same row, and the two commands load no rules to show it.

The cards are test cards; their texts are not public and never invented."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

from projections.box import box_row, box_view
from tests.cli.conftest import Grizzled
from tests.projections.conftest import all_rows, rebuilt_copy
from tracker.app import Tracker

NAME = "Autumn"
STORY = (
    "skip-boot-camp",
    'describe order 12 "Test order" --minimum 3:2 --lasting "test condition" --effect "Test."',
    'describe recruit 5 "Test recruit" --hand 2 --advantage "Test advantage."',
    'describe hand 31 "Test hand A" event --effect "Test event text."',
    'describe hand 32 "Test hand B" action',
    'describe card 147 none --knock aggressive --value 2 --effect "Test knock."',
    'describe card 60 rain+gas+luck --effect "Test storm."',
    "briefing 1 --trials 12 --morale 20 --first 2 --orders 12 --recruits 5 "
    '--title "Test title" --notes "Test notes."',
    "conclusion 1 --reward won:0:1 --reward lost:3:1 --offer 31,32 --notes 'Test conclusion.'",
    "chapter start --leader ann --tiles left,left,right",
    "mission start 2 --order 12 --recruit 5 --recruit-hand night+snow,shell+gas",
    "describe card 61 night+snow",
)


def stored_row(db: Path) -> dict[str, Any]:
    """The campaign's ``campaign_box`` row as the CLI's catch-ups left it."""
    with closing(sqlite3.connect(db)) as conn:
        conn.row_factory = sqlite3.Row
        (row,) = conn.execute("SELECT * FROM campaign_box WHERE campaign = ?", (NAME,))
        return dict(row)


def computed_row(db: Path, campaign_id: str) -> dict[str, Any]:
    """The row the rules give, from the campaign's state loaded from its events."""
    tracker = Tracker(str(db))
    try:
        return box_row(campaign_id, tracker.state(NAME))
    finally:
        tracker.close()


def where(db: Path, number: int) -> list[list[str]]:
    """Where each card described as ``number`` is, as the row says."""
    cards = json.loads(stored_row(db)["document"])["cards"]
    return [card["where"] for card in cards if card["number"] == number]


def test_the_box_row_is_what_the_rules_compute_after_every_step(
    armistice: Grizzled, tmp_path: Path
) -> None:
    db = armistice.db
    cid = stored_row(db)["campaign_id"]
    assert stored_row(db) == computed_row(db, cid)
    for command in STORY:
        armistice.ok(command)
        assert stored_row(db) == computed_row(db, cid), command

    assert where(db, 12) == [
        ["in the Order deck of the Briefing of chapter 1", "in play in chapter 1"]
    ]
    assert where(db, 61) == [["1 card in the Recruit's hand"]]
    assert where(db, 147) == [[]]
    armistice.ok("play 147")
    assert where(db, 147) == [["1 card in front of Ann"]]
    assert stored_row(db) == computed_row(db, cid)
    armistice.ok("undo -r 'test: take it back'")
    assert where(db, 147) == [[]]
    assert stored_row(db) == computed_row(db, cid)
    armistice.ok("redo")
    assert where(db, 147) == [["1 card in front of Ann"]]

    assert rebuilt_copy(db, tmp_path)["campaign_box"] == all_rows(db)["campaign_box"]
    document = json.loads(stored_row(db)["document"])
    assert armistice.json("box") == document
    assert armistice.json("card 147") == [c for c in document["cards"] if c["number"] == 147]
    assert "chapter 1 'Test title'" in armistice.ok("box")


LOADED = """
import sys
from cli.main import main
try:
    main(sys.argv[1:], prog_name="grizzled")
except SystemExit as end:
    assert not end.code, end.code
rules = ("msgspec", "eventsourcing", "tracker.app", "domain.campaign", "domain.codec")
rules += ("domain.chapter.moments",)  # the registry: nothing installed, nothing to ask
print(" ".join(m for m in sorted(sys.modules) if m.startswith(rules)), file=sys.stderr)
"""


def loaded_by(db: Path, *args: str) -> list[str]:
    """The rules' modules (and msgspec, eventsourcing, the tracker) a command run in a
    fresh interpreter loaded."""
    ended = subprocess.run(
        [sys.executable, "-c", LOADED, "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ended.returncode == 0, ended.stderr
    return ended.stderr.split()


def test_card_and_box_are_read_without_loading_the_rules(armistice: Grizzled) -> None:
    for command in STORY[:7]:
        armistice.ok(command)

    for args in (("card", "147"), ("card", "12", "--json"), ("box",), ("box", "--json")):
        assert loaded_by(armistice.db, *args) == [], args


def test_status_log_and_score_in_a_mission_are_read_without_loading_the_rules(
    table: Grizzled,
) -> None:
    """Asking which house rules the board was decided under (``domain.public``) installs
    no module while none was consulted and the domain's own loader is the one given."""
    for args in (("status",), ("status", "--json"), ("log",), ("score",)):
        assert loaded_by(table.db, *args) == [], args


FIXTURE = Path(__file__).resolve().parents[1] / "tracker" / "fixtures" / "campaign-v1.sqlite"


def test_a_file_that_keeps_no_read_models_shows_its_box_from_the_campaigns_state(
    db: Path, tmp_path: Path
) -> None:
    shutil.copyfile(FIXTURE, db)  # from before the mark: read as it is, nothing written
    with closing(sqlite3.connect(db)) as conn:  # as the tracker leaves its files: WAL
        conn.execute("PRAGMA journal_mode = WAL")
    before = db.read_bytes()
    grizzled = Grizzled(db)

    shown = grizzled.json("box")
    refused = grizzled.refused("card 1")
    drawn = grizzled.ok("box")

    assert db.read_bytes() == before
    tracker = Tracker(str(shutil.copyfile(FIXTURE, tmp_path / "copy.sqlite")))
    try:
        assert shown == box_view(tracker.state("Old Friday"))["document"]
    finally:
        tracker.close()
    assert "card #1 is not described yet" in refused
    assert "Nothing learnt yet" in drawn
