"""Shell completion: commands from click, and from the campaign player names, cards in
notation, threats and Support tiles (``_GRIZZLED_COMPLETE=bash_complete``)."""

from __future__ import annotations

import pytest

from cli.main import main
from domain.chapter.commands import Seat
from tests.cli.conftest import runner
from tracker.app import Tracker


def complete(line: str) -> list[str]:
    """What bash completion offers for the last word of ``line``."""
    words = line.split(" ")
    result = runner().invoke(
        main,
        [],
        prog_name="grizzled",
        env={
            "_GRIZZLED_COMPLETE": "bash_complete",
            "COMP_WORDS": line,
            "COMP_CWORD": str(len(words) - 1),
        },
    )
    assert result.exit_code == 0, result.output
    return [item.partition(",")[2] for item in result.stdout.splitlines() if item]


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("grizzled sp", ["speech"]),
        ("grizzled campaign s", ["show"]),
        ("grizzled play -p ", ["Ann", "Ben", "Cy"]),
        ("grizzled play -p b", ["Ben"]),
        ("grizzled speech g", ["gas"]),
        ("grizzled withdraw l", ["left", "left2"]),
        (
            "grizzled play night+sn",
            ["night+snow", "night+snow+rain", "night+snow+rain+shell+gas+whistle"],
        ),
    ],
)
def test_completion_offers_commands_players_cards_threats_and_tiles(campaign, line, offered):
    assert complete(line) == offered


def test_completion_offers_nothing_rather_than_an_error_without_a_campaign(grizzled):
    assert complete("grizzled play -p ") == []


def test_completion_never_offers_a_stored_name_holding_a_control_sequence(db, grizzled):
    seats = (Seat("Ann", "night"), Seat("\x1b]0;pwned\x07Zed", "snow"), Seat("Ben", "rain"))
    Tracker(str(db)).create_campaign("Handed over", "classic", seats)

    assert complete("grizzled play -p ") == ["Ann", "Ben"]
