"""``grizzled odds`` and ``grizzled hint`` at a real table: public information only."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.cli.conftest import TABLE_CHAPTER, Grizzled


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
        assert estimate["morale_drop"] == estimate["dropped"] / 50 >= 0
        assert estimate["chapter_lost"] == estimate["lost"] / 50
    assert doc["mission"]["deck_empties_at"] == 9  # 3 players, 25 Trials: 9 each take 27


def test_the_intensity_advice_gives_what_each_costs_and_why_the_curve_turns_up(
    campaign: Grizzled,
) -> None:
    campaign.ok("chapter", "start", "--leader", "ann", "--tiles", "left,right,left")
    said = campaign.ok("odds", "--playouts", "30", "--seed", "3").splitlines()
    rows = [line for line in said if line.startswith("  ") and " each: " in line]
    assert [row.split(" each:")[0].strip() for row in rows] == [f"{i} cards" for i in range(3, 10)]
    assert all(", Drop " in row and ", lost " in row for row in rows)
    assert " ".join(said[-2:]) == (
        "From 9 cards each the deal takes the whole Trials deck (25 cards): a Trap then draws "
        "nothing and a higher intensity deals no more, so the chance can rise there."
    )


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
    trap_hint = next(a for a in doc["actions"] if a["kind"] == "play-trap")
    trap = trap_hint["risks"][0]
    # rain+shell (trap) shows a second rain: with two nights and two gases, any of the 55
    # other unseen cards with a night, a gas or a rain fails the Mission (35 of them), not
    # the 23 the nights and gases alone would fail
    assert (trap["cards"], trap["failing"], trap["unseen"]) == (["rain+shell (trap)"], 35, 55)
    assert "with rain+shell (trap), 35 of the 55 unseen cards fail" in trap_hint["text"]


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


def test_after_a_failed_mission_the_returned_cards_are_counted_in_the_trials(
    table: Grizzled,
) -> None:
    """Three shells fail Mission 1: they go back into the Trials deck (1 card left there),
    and the Morale Drop lays 6 of the Morale Reserve on top. The next card is one of those
    6, none of the returned three: 19 Hard Knocks among the 56 other unseen cards. Dealt 6,
    the next lies among the 4 shuffled: 1 in 4 is the anonymous one, 19/56 of the time a
    Hard Knock."""
    for card in ("night+shell", "snow+shell", "rain+shell"):
        table.ok("play", card)
    doc = table.json("odds", "--json", "--playouts", "20", "--seed", "1")
    assert (doc["next_card"]["unseen"], doc["next_card"]["returned"]) == (59, 3)
    assert doc["next_card"]["hard_knock"]["fraction"] == "19/56"
    assert "3 of them known to have gone back" in table.ok("odds", "--playouts", "20")
    table.ok("mission", "start", "2")
    doc = table.json("odds", "--json")
    assert doc["next_card"]["hard_knock"]["fraction"] == "19/224"
    assert doc["next_card"]["threats"]["shell"]["fraction"] == str(
        Fraction(3, 4) + Fraction(1, 4) * Fraction(12, 56)  # 15 shells, 3 returned
    )


def test_armistice_odds_say_the_chapters_cards_are_not_known_and_print_no_number(
    armistice: Grizzled,
) -> None:
    armistice.ok("skip-boot-camp")
    armistice.ok("briefing", "1", "--trials", "20", "--morale", "40", "--first", "1")
    armistice.ok("chapter", "start", "--leader", "ann", "--tiles", "left,left,right")
    doc = armistice.json("odds", "--json", "--playouts", "10", "--seed", "1")
    assert doc["next_card"]["exact"] is False
    assert doc["next_card"]["hard_knock"] is None
    assert "which cards are in it is not known" in doc["next_card"]["reason"]
    said = armistice.ok("odds", "--playouts", "10", "--seed", "1")
    assert "no exact odds" in said
    assert " of 59" not in said


def test_in_the_rookie_variant_the_odds_say_nothing_of_a_draw_failing_the_mission(
    campaign: Grizzled,
) -> None:
    campaign.ok("chapter", "start", "--variant", "rookie", *TABLE_CHAPTER)
    campaign.ok("mission", "start", "3")
    campaign.ok("play", "night+shell")
    campaign.ok("play", "night+gas")
    said = campaign.ok("odds")
    assert "fails the Mission now" not in said
    assert "any Hard Knock" in said
    assert campaign.json("odds", "--json")["next_card"]["fails_mission"] is None
    assert "Trials' top card" not in campaign.ok("hint")
