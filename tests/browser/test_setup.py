"""The whole evening from the keeper's phone (issue 41): an Armistice campaign from an empty
file (Boot Camp skipped, chapter 1 won, chapter 2 lost with its ban) and a classic chapter
from another, every step on the keeper's pages in Debian's Chromium at a phone's size on
``grizzled serve`` (no command-line call plays them); then ``verify``, ``score --explain``
and the log of each file read by the command line equal those of the same games logged by
the command."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.browser import campaign_flow as flow
from tests.browser.conftest import unfit
from tests.browser.server import serve
from tests.cli.conftest import Grizzled

# What differs between two files holding the same game: when and by whom each entry was
# logged, and the chain's checkpoints (made of those).
KEPT = ("version", "kind", "summary", "chapter", "undone", "events", "actions", "reason")
CHECKPOINT = re.compile(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){3}-[A-Z0-9] @ \d+")


def _log(g: Grizzled) -> list[dict[str, Any]]:
    return [{k: entry[k] for k in KEPT} for entry in g.json("log", "--all")]


def _said(g: Grizzled, *words: str) -> str:
    """What a command prints, its checkpoints, who logged and the columns' widths aside."""
    said = CHECKPOINT.sub("CHECKPOINT", g.ok(*words)).replace("keeper 1", "tester")
    return re.sub(r"[ \t]+", " ", said)


def _score(g: Grizzled) -> dict[str, Any]:
    """``score --explain --json``, who logged each point and when aside."""
    score = g.json("score", "--explain")
    for point in score["explanation"]:
        for key in ("who", "logged_by", "time"):
            point.pop(key, None)
    return dict(score)


def _same_game(phone_db: Path, command: Grizzled) -> None:
    by_phone = Grizzled(phone_db, explicit=True)
    assert _log(by_phone) == _log(command)
    assert _said(by_phone, "verify") == _said(command, "verify")
    assert _said(by_phone, "score", "--explain") == _said(command, "score", "--explain")
    assert _score(by_phone) == _score(command)
    logged_by = {entry["logged_by"] for entry in by_phone.json("log", "--all")}
    assert logged_by == {"keeper 1"}  # every entry tapped, none typed


def test_an_armistice_campaign_and_a_classic_chapter_from_empty_files_by_phone(
    phone: Any, grizzled: Grizzled, tmp_path: Path
) -> None:
    autumn = tmp_path / "autumn-by-phone.sqlite"
    with serve(autumn) as served:
        phone.goto(served.keeper)
        assert phone.get_by_test_id("setup-link").count() == 1  # no campaign: offered
        flow.to_setup(phone)
        assert unfit(phone) == []  # the creation form fits a phone
        flow.armistice_by_phone(phone, served.keeper)
        next_line = phone.get_by_test_id("setup-next").inner_text()
        assert next_line.startswith("Next: enter the Briefing of chapter 3")
        for folded in phone.locator("details summary").all():
            folded.click()  # every form of the page open: each fits a phone
        assert unfit(phone) == []
    flow.armistice_by_command(grizzled)
    _same_game(autumn, grizzled)

    friday = tmp_path / "friday-by-phone.sqlite"
    by_command = Grizzled(tmp_path / "friday.sqlite", explicit=True)
    with serve(friday) as served:
        flow.classic_by_phone(phone, served.keeper)
    flow.classic_by_command(by_command)
    _same_game(friday, by_command)


def test_a_refused_step_is_one_line_and_what_was_typed_is_shown_back_escaped(
    phone: Any, tmp_path: Path
) -> None:
    typed = "<b>Zoé & co</b>"
    with serve(tmp_path / "empty.sqlite") as served:
        phone.goto(served.keeper)
        flow.to_setup(phone)
        form = phone.get_by_test_id("step-new")
        form.locator("[name=name]").fill(typed)
        form.locator("[name=player1]").fill("ann")
        form.locator("[name=player2]").fill("ann")  # the same name twice: refused
        form.get_by_test_id("create").click()
        phone.wait_for_load_state()
        error = phone.get_by_test_id("write-error").inner_text()
        assert "\n" not in error.strip() and error
        assert phone.locator("[name=name]").input_value() == typed
        assert "<b>" not in phone.inner_html("h1") and phone.locator("b").count() == 0
