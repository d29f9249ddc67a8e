"""Issue 41: a chapter in a few taps. The demo chapter, tapped on the keeper's phone through
the card composer (``tests.browser.taps``): every action logged, the same Missions' outcome
as the command line's demo, and the median taps per action at most 2.5."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from tests.browser.server import serve
from tests.browser.taps import ACTIONS, tapped
from tests.cli.conftest import SEATS, Grizzled

MEDIAN_TAPS = 2.5


def test_the_demo_chapter_tapped_through_the_composer_takes_at_most_2_5_taps_an_action(
    grizzled: Grizzled, phone: Any
) -> None:
    grizzled.ok("campaign", "new", "Demo evening", "--rules", "classic", *SEATS)
    grizzled.ok("chapter", "start", "--leader", "ann", "--tiles", "left,right,left")
    with serve(Path(grizzled.db)) as served:
        phone.goto(served.keeper)
        taps, _, buttons = tapped(phone)
    log = grizzled.json("log", "--all")
    assert [entry["logged_by"] for entry in log[-len(ACTIONS) :]] == ["keeper 1"] * len(ACTIONS)
    said = [(entry["summary"], entry["undone"]) for entry in log]
    assert ("Ben plays snow+rain", True) in said  # the slip, taken back
    assert ("Ann plays rain+shell: Mission failed, 3 shell", False) in said  # as the CLI's
    assert said[-1] == ("Cy withdraws: Mission succeeded", False)
    status = grizzled.json("status")
    assert (status["phase"], status["mission"]) == ("preparation", 2)  # both Missions over
    assert len(taps) == len(ACTIONS)
    assert statistics.median(taps) <= MEDIAN_TAPS, taps
    assert max(taps) <= 4, taps  # a Trap and the card it drew: two taps each
    assert max(buttons) <= 20, buttons  # not a button per unseen card (56 at Mission 1)
