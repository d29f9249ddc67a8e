"""The events that take actions back are defined when a command first meets one
(tracker.aggregate.Later, tracker/takeback/): a logged action defines none, an undo its
own, and a fresh process loading a stream that holds them resolves their topics."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tracker.aggregate import Campaign, is_revert
from tracker.takeback.reverted import ActionReverted
from tracker.takeback.undone import ActionsUndone

REPO = Path(__file__).resolve().parents[2]
SETUP = """
from domain.chapter.commands import Seat, StartChapter
from tracker.app import Tracker
seats = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
tracker = Tracker(DB)
tracker.create_campaign("Friday", "classic", seats)
tracker.log_action("Friday", StartChapter("classic", seats, leader="Ann",
                                          third_tiles=("left", "right", "left")))
"""


def fresh(db: Path, code: str) -> dict[str, object]:
    """Run ``code`` (with ``tracker`` opened on ``db``) in a new interpreter; what it
    leaves in ``out``, and which take-back modules it imported."""
    script = (
        f"import json, sys\nDB = {str(db)!r}\nout = {{}}\n"
        "from tracker.app import Tracker\ntracker = Tracker(DB)\n"
        f"{code}\n"
        "out['defined'] = sorted(m.rsplit('.', 1)[1] for m in sys.modules "
        "if m.startswith('tracker.takeback.'))\n"
        "print(json.dumps(out))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, check=True
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_logged_action_defines_none_an_undo_its_own_and_loading_resolves_them(
    tmp_path: Path,
) -> None:
    db = tmp_path / "grizzled.sqlite"
    subprocess.run([sys.executable, "-c", f"DB = {str(db)!r}\n{SETUP}"], cwd=REPO, check=True)
    assert fresh(db, "out['head'] = tracker.campaign('Friday').head")["defined"] == []

    undone = fresh(db, "out['version'] = tracker.undo('Friday', 1).version")
    assert undone["defined"] == ["undone"]

    loaded = fresh(db, "c = tracker.campaign('Friday'); out['head'] = c.head")
    assert loaded == {"head": 1, "defined": ["undone"]}  # back to the creation

    redone = fresh(db, "tracker.redo('Friday'); out['head'] = tracker.campaign('Friday').head")
    assert redone == {"head": 2, "defined": ["redone", "undone"]}


def test_the_aggregates_names_are_the_classes_and_a_revert_is_told_by_its_topic() -> None:
    assert Campaign.ActionsUndone is ActionsUndone
    assert Campaign.ActionReverted is ActionReverted
    assert ActionsUndone.TOPIC == "grizzled:Campaign.ActionsUndone"
    assert ActionReverted.TOPIC == "grizzled:Campaign.ActionReverted"
    assert is_revert(object()) is False
    assert all(not is_revert(cls) for cls in (Campaign.ActionLogged, Campaign.Created))
