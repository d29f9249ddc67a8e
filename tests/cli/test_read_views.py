"""`score`, `score --explain` and `campaign show` are drawn from the read models' rows
without the rules; what they print is what the rules' own state draws (cli/render.py), at
a wide and a narrow console, through a campaign with Helping Hands held, used and in
play, one not taken, a ban, a chapter running, and an undo."""

from __future__ import annotations

import io
import os
from unittest import mock

import pytest
from rich.console import Console, RenderableType

from cli import render
from domain.campaign.flow import CampaignState
from tests.cli.conftest import Grizzled
from tests.cli.test_script import loaded_by
from tracker.app import Tracker


def drawn(renderable: RenderableType, width: int) -> str:
    console = Console(width=width, highlight=False, emoji=False, file=io.StringIO())
    console.print(renderable)
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


def state_of(grizzled: Grizzled) -> CampaignState:
    """The campaign's state as the events lead to it (the tracker's, not the read models')."""
    tracker = Tracker(str(grizzled.db))
    try:
        return tracker.campaign("Autumn").state
    finally:
        tracker.close()


def as_the_rules_draw(grizzled: Grizzled, width: int) -> tuple[str, str]:
    """``campaign show`` and ``score`` drawn from the state the events lead to (a page of
    ``render.SCORE_PAGE`` chapters)."""
    state, last = state_of(grizzled), render.SCORE_PAGE
    return (
        drawn(render.campaign_panel(state, last), width),
        drawn(render.score_table(state, last), width),
    )


def as_printed(grizzled: Grizzled, width: int) -> tuple[str, str]:
    """``campaign show`` (its panel: the chapters' checkpoints after it are the chain's,
    tests/cli/test_chapter_checkpoints.py) and ``score`` as printed."""
    with mock.patch.dict(os.environ, {"COLUMNS": str(width)}):
        shown = grizzled.ok("campaign show").split("Checkpoints for the chapter sheets")[0]
        return shown, grizzled.ok("score")


def explained_by_the_rules(grizzled: Grizzled, width: int) -> str:
    """``score --explain`` drawn from the state the events lead to, its facts from the
    events of the actions that stand (the JSON document's, read from the tracker's side)."""
    from domain.campaign.known import reward_readings

    state = state_of(grizzled)
    facts = grizzled.json("score --explain")["explanation"]
    readings = [r.said() for r in reward_readings(state)]
    parts = [render.score_table(state), *render.explained(readings, facts)]
    return "".join(drawn(part, width) for part in parts)


def a_campaign_with_everything(armistice: Grizzled) -> None:
    """Chapter 1 lost: #100 (a Friendship) to Ben, #101 to Ann, #102 not taken, a ban;
    chapter 2 running, where Ann plays #101; then an undo and a redo."""
    armistice.chapter_one(won=False)
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 100:ben --yes")
    armistice.ok("ban ben rain+gas -r 'it cost us the chapter'")
    armistice.ok("briefing 2 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")
    armistice.ok("undo --yes")
    armistice.ok("redo")


@pytest.mark.parametrize("width", [100, 60])
def test_the_read_models_draw_the_campaign_and_the_score_as_the_rules_do(
    armistice: Grizzled, width: int
) -> None:
    assert as_printed(armistice, width) == as_the_rules_draw(armistice, width)
    a_campaign_with_everything(armistice)

    shown, score = as_printed(armistice, width)

    assert (shown, score) == as_the_rules_draw(armistice, width)
    assert "100" in shown and "in play" in shown and "it cost us the chapter" in shown
    assert "in progress" in score
    with mock.patch.dict(os.environ, {"COLUMNS": str(width)}):
        explanation = armistice.ok("score --explain")
    assert explanation == explained_by_the_rules(armistice, width)
    assert "How the Helping Hands were decided" in explanation
    if width == 100:  # narrower, the table folds the fact onto two lines
        assert "rain+gas banned from Ben's hand (it cost us the chapter)" in explanation


def test_a_long_campaign_draws_the_latest_chapters_and_the_totals_of_all(
    armistice: Grizzled, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(render, "SCORE_PAGE", 1)  # a page of one chapter: two make it long
    armistice.chapter_one(won=False)
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 100:ben --yes")
    armistice.chapter(2, won=True)

    shown, score = as_printed(armistice, 100)

    assert (shown, score) == as_the_rules_draw(armistice, 100)
    assert "1 earlier chapter (score --all)" in score
    assert armistice.ok("score --all") == drawn(render.score_table(state_of(armistice), None), 100)


def test_score_and_campaign_show_load_neither_the_rules_nor_the_event_store(tmp_path):
    from tests.cli.test_script import grizzled

    grizzled(tmp_path, "campaign", "new", "Friday", "-p", "ann:night", "-p", "ben:snow")
    grizzled(tmp_path, "chapter", "start", "--leader", "ann", "--trials", "10", "--morale", "20")
    grizzled(tmp_path, "status")  # the file is checked whole once

    assert loaded_by(tmp_path, "score") == set()
    assert loaded_by(tmp_path, "score", "--explain") == set()
    assert loaded_by(tmp_path, "campaign", "show") == set()
