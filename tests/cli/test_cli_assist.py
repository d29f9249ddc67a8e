"""``grizzled odds`` and ``grizzled hint`` at a real table: public information only."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled


def test_odds_before_a_mission_give_the_first_deal_and_each_intensity(campaign: Grizzled) -> None:
    campaign.ok("chapter", "start", "--leader", "ann", "--tiles", "left,right,left")
    doc = campaign.json("odds", "--json", "--playouts", "50", "--seed", "3")
    assert doc["next_card"]["unseen"] == 59
    assert doc["next_card"]["hard_knock"]["fraction"] == "19/59"
    assert doc["mission"]["leader"] == "Ann"
    assert [e["intensity"] for e in doc["mission"]["intensities"]] == list(range(3, 10))
    for estimate in doc["mission"]["intensities"]:
        assert estimate["playouts"] == 50
        assert estimate["low"] <= estimate["chance"] <= estimate["high"]


def test_odds_with_one_seed_say_the_same_twice(campaign: Grizzled) -> None:
    campaign.ok("chapter", "start", "--leader", "ann", "--tiles", "left,right,left")
    first = campaign.ok("odds", "--playouts", "40", "--seed", "9")
    assert "seed 9" in first
    assert campaign.ok("odds", "--playouts", "40", "--seed", "9") == first


def test_odds_count_a_third_threat_from_what_no_mans_land_shows(table: Grizzled) -> None:
    table.ok("play", "night+shell")
    table.ok("play", "rain+gas")
    table.ok("play", "night+gas")
    doc = table.json("odds", "--json")
    # two nights and two gases show: 13 unseen cards bring a night, 13 a gas, 3 of them
    # both (night+gas, its Trap, the card of six threats): 23 fail the Mission
    assert doc["next_card"]["unseen"] == 56
    assert doc["next_card"]["fails_mission"]["fraction"] == "23/56"
    assert doc["mission"]["intensities"] is None
    assert "before it starts" in doc["mission"]["reason"]


def test_odds_without_a_chapter_are_refused_in_one_line(campaign: Grizzled) -> None:
    said = campaign.refused("odds")
    assert "no chapter is running" in said


def test_odds_refuse_a_number_of_playouts_beyond_their_bound(campaign: Grizzled) -> None:
    campaign.ok("chapter", "start", "--leader", "ann", "--tiles", "left,right,left")
    said = campaign.refused("odds", "--playouts", "100001", code=2)
    assert "--playouts" in said


def test_hint_names_the_third_threat_the_charm_and_the_warnings_of_the_table(
    table: Grizzled,
) -> None:
    table.ok("play", "night+shell")
    table.ok("play", "rain+gas")
    table.ok("play", "night+gas")
    said = table.ok("hint")
    assert "Ann's turn, what each action does now:" in said
    assert "a night card here is the third night: the Mission fails" in said
    assert "your charm can take one of the 2 nights in No Man's Land" in said
    assert "two gas show: a third fails the Mission" in said
    doc = table.json("hint", "--json")
    assert doc["player"] == "Ann"
    assert {"kind": "two-alike", "threat": "night"}.items() <= doc["warnings"][1].items()
    trap = next(a for a in doc["actions"] if a["kind"] == "play-trap")
    assert (trap["failing"], trap["unseen"]) == (23, 56)  # as grizzled odds counts them


def test_hint_before_a_mission_says_no_turn_and_no_warning(campaign: Grizzled) -> None:
    campaign.ok("chapter", "start", "--leader", "ann", "--tiles", "left,right,left")
    assert campaign.json("hint", "--json") == {"player": None, "actions": [], "warnings": []}
    assert campaign.ok("hint").strip() == "No warning."


def test_the_sessions_question_mark_adds_the_hints_to_what_is_legal(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.cli.test_table import in_session

    in_session(table.db, ["n+sh", "r+g", "n+g", "?"])
    out = capsys.readouterr().out
    assert "  c (charm): night+gas, night+shell" in out
    assert "What each action does now:" in out
    assert "  two night show: a third fails the Mission" in out


def test_odds_and_hint_before_boot_camp_name_the_briefing_that_comes_first(
    armistice: Grizzled,
) -> None:
    for command in ("odds", "hint"):
        said = armistice.refused(command)
        assert "no chapter is running" in said
        assert "grizzled briefing" in said
