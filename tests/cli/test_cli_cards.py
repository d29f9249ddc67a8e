"""``grizzled card N`` and ``grizzled box`` (issue 14): what the group typed about its own
box is shown back, with where each card is now.

The cards are test cards; their texts are not public and never invented."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled
from tests.cli.tables import win_the_tiny_mission

ORDER_TEXT = "Test text: no Speech this Mission."


@pytest.fixture
def described(armistice: Grizzled) -> Grizzled:
    """Autumn, Boot Camp skipped, with an Order, a Recruit, two Helping Hands and a new Hard
    Knock described, and chapter 1's Briefing and Conclusion entered."""
    armistice.ok("skip-boot-camp")
    armistice.ok(
        'describe order 12 "Test order" --minimum 3:2 --lasting "test condition" '
        f'--effect "{ORDER_TEXT}"'
    )
    armistice.ok('describe recruit 5 "Test recruit" --hand 2 --advantage "Test advantage."')
    armistice.ok('describe hand 31 "Test hand A" event --effect "Test event text."')
    armistice.ok('describe hand 32 "Test hand B" action')
    armistice.ok('describe card 147 none --knock aggressive --value 2 --effect "Test knock."')
    armistice.ok(
        "briefing 1 --trials 12 --morale 20 --first 2 --orders 12 --recruits 5 "
        '--title "Test title" --notes "Test notes."'
    )
    armistice.ok("conclusion 1 --reward won:0:1 --offer 31,32 --notes 'Test conclusion.'")
    return armistice


def test_a_card_shows_what_the_group_typed_and_where_it_is(described):
    out = described.ok("card 12")

    assert "#12 Order of the Day: Test order" in out
    for said in (ORDER_TEXT, "test condition", "3 players: 2", "the Briefing of chapter 1"):
        assert said in " ".join(out.split())
    described.ok("chapter start --leader ann --tiles left,left,right")
    described.ok("mission start 2 --order 12 --recruit 5 --recruit-hand night+snow,shell+gas")

    (order,) = described.json("card 12")
    (recruit,) = described.json("card 5")
    assert order["where"][-1] == "in play in chapter 1"
    assert order["facts"]["text"] == ORDER_TEXT
    assert recruit["where"][-1] == "in play in chapter 1 (2 cards)"
    assert recruit["facts"]["departure advantage"] == "Test advantage."


def test_a_helping_hand_is_followed_from_its_offer_to_its_player(described):
    described.ok("briefing 1 --trials 3 --morale 20 --first 1 --reason 'test: a short chapter'")
    described.ok("chapter start --leader ann --tiles left,left,right")
    win_the_tiny_mission(described)

    assert described.json("card 31")[0]["where"] == ["offered by the Conclusion of chapter 1"]
    described.ok("award 32:ben")

    assert described.json("card 32")[0]["where"] == [
        "offered by the Conclusion of chapter 1",
        "earned by Ben after chapter 1, held",
    ]
    assert described.json("card 31")[0]["where"][-1] == (
        "not taken after chapter 1 (a Negative Point)"
    )


def test_a_new_hard_knock_shows_its_kind_and_weight(described):
    (knock,) = described.json("card 147")

    assert (knock["kind"], knock["name"]) == ("Trial card", "Aggressive")
    assert knock["facts"] == {
        "Hard Knock": "aggressive",
        "counts as": "2 Hard Knocks",
        "text": "Test knock.",
    }
    assert knock["where"] == []
    assert "in the box (not in play)" in described.ok("card 147")


def test_an_undescribed_number_points_to_describe(described):
    line = described.refused("card 99")

    assert "card #99 is not described yet: grizzled describe" in line


def test_the_box_lists_every_card_briefing_and_conclusion(described):
    box = described.json("box")

    assert [c["number"] for c in box["cards"]] == [5, 12, 31, 32, 147]
    assert box["briefings"][0]["title"] == "Test title"
    assert box["conclusions"][0]["offered"] == [31, 32]
    text = " ".join(described.ok("box").split())
    for said in ("Test title", "Test notes.", "Test conclusion.", ORDER_TEXT, "Test event text."):
        assert said in text


def test_the_box_reads_whole_at_60_columns(described, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    out = described.ok("box")

    assert max(len(line.rstrip()) for line in out.splitlines()) <= 60
    assert "..." not in out
    assert "Test event text." in " ".join(out.split())


def test_a_new_campaign_has_learnt_nothing(armistice):
    assert "Nothing learnt yet" in armistice.ok("box")
    assert armistice.json("box") == {"cards": [], "briefings": [], "conclusions": []}


def test_a_numbered_trial_card_is_found_by_its_face_on_the_table(armistice):
    armistice.ok("describe card 101 night+snow")
    armistice.ok("briefing 0 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")
    armistice.ok("play night+snow")

    (card,) = armistice.json("card 101")

    assert card["facts"] == {"face": "night+snow"}
    assert card["where"] == ["1 card in No Man's Land"]
