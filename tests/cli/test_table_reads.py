"""What the table reads (issue 27): a group's campaign, screen by screen. Each story is one
point of the issue played through the CLI or the table session, as a group would type it.

Every card is a test card with made-up names and texts: the printed texts are not public."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled

FOUR = ("-p", "ann:night", "-p", "ben:snow", "-p", "cy:rain", "-p", "dee:shell")


def flat(text: str) -> str:
    """Output as one line: narration wraps at the terminal's width."""
    return " ".join(text.split())


@pytest.fixture
def four(grizzled: Grizzled) -> Grizzled:
    """An Armistice campaign for four, Boot Camp skipped, chapter 1 briefed (Trials 20,
    Morale 20, first intensity 2) with Order #77, a night patrol that adds a night."""
    g = grizzled
    g.ok("campaign", "new", "Autumn", "--rules", "armistice", *FOUR)
    g.ok("skip-boot-camp")
    g.ok(
        'describe order 77 "Test patrol" --minimum 4:2 --threat night '
        '--effect "Test text: a night falls; pass a card left"'
    )
    return g


def test_an_order_that_adds_a_threat_says_the_tool_applies_it_and_leaves_only_the_rest(four):
    g = four
    g.ok("briefing 1 --trials 20 --morale 20 --first 2 --orders 77")
    g.ok("chapter start --leader ann --tiles left,left,right,right")
    out = flat(g.ok("mission start 2 --order 77"))
    assert "Order #77 says: Test text: a night falls; pass a card left." in out
    assert "The tool applies: adds night to No Man's Land." in out
    assert "does not apply this text" not in out
    assert (
        "Anything else its text says is done at the table, then recorded with "
        "'grizzled correct FACT VALUE -r \"Order #77\"'." in out
    )
    assert g.json("status")["threats"] == {"night": 1}


def test_an_intensity_above_the_trials_deck_deals_until_the_deck_runs_out(campaign):
    g = campaign
    g.ok("chapter start --leader ann --tiles left,right,left --trials 5 --morale 20")
    out = flat(g.ok("mission start 6"))
    assert "Mission 1: Ann sets intensity 6." in out
    assert "Dealt: Ann 2, Ben 2, Cy 1." in out
    board = g.json("status")
    assert board["trials"] == 0 and [p["hand"] for p in board["players"]] == [2, 2, 1]
