"""An Armistice chapter's setup from the command line: another Grizzled per chapter, what a
Briefing says of Traps, and numbers given at the start beside the Briefing's (issue 13)."""

from __future__ import annotations


def test_a_chapter_start_gives_a_player_another_grizzled_and_the_next_chapter_keeps_it(
    armistice,
):
    """Armistice rulebook: "At the beginning of each Chapter, each player chooses a Grizzled
    card" (notes, decision 4)."""
    armistice.ok("skip-boot-camp")
    armistice.ok("briefing", "1", "--trials", "3", "--morale", "20", "--first", "1")

    out = armistice.ok(
        "chapter", "start", "--leader", "ann", "--tiles", "left,left,right",
        "--grizzled", "ann:gas", "--grizzled", "cy:whis",
    )  # fmt: skip

    assert "Grizzled (Good Luck Charm): Ann gas, Ben snow, Cy whistle." in out
    players = {p["name"]: p["charm"] for p in armistice.json("status")["players"]}
    assert players == {"Ann": "gas", "Ben": "snow", "Cy": "whistle"}
    armistice.ok("mission", "start", "1")
    for card in ("night+snow", "shell+whistle", "snow+rain"):
        armistice.ok("play", card)
    for _ in range(3):
        armistice.ok("withdraw", "left")
    armistice.ok("conclusion", "1")  # no Helping Hand to earn
    armistice.ok("briefing", "2", "--trials", "3", "--morale", "20", "--first", "1")
    out = armistice.ok("chapter", "start", "--leader", "ben", "--tiles", "left,left,right")
    assert "Ann gas, Ben snow, Cy whistle" in out
    seats = armistice.json("campaign", "show")["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Ben", "Cy"]


def test_a_grizzled_change_names_a_player_and_a_charm(armistice):
    armistice.ok("briefing", "0", "--trials", "3", "--morale", "20", "--first", "1")
    start = "chapter start --leader ann --tiles left,left,right --grizzled"

    assert "PLAYER:CHARM" in armistice.refused(f"{start} ann", code=2)
    assert "no player 'zed'" in armistice.refused(f"{start} zed:gas", code=2)
    assert "'fog' is not a threat" in armistice.refused(f"{start} ann:fog", code=2)


def test_a_briefing_says_traps_on_off_or_nothing_and_the_tool_says_which_rule_applies(armistice):
    """Armistice rulebook, The Traps: "Read only before playing Chapter 4" (notes, decision
    5): unsaid, Traps are off before Chapter 4 and on from it."""
    numbers = "--trials 3 --morale 20 --first 1"

    assert "Traps off." in armistice.ok(f"briefing 1 {numbers}")
    assert "Traps on." in armistice.ok(f"briefing 2 {numbers} --traps")
    said = " ".join(armistice.ok(f"briefing 4 {numbers} --title 'The Long Night'").split())
    assert "Briefing of chapter 4 'The Long Night'" in said
    assert "Traps on (the campaign's rule from Chapter 4)" in said
    assert "Traps off (the Briefing says so)" in armistice.ok(f"briefing 5 {numbers} --no-traps")


def test_numbers_given_at_the_chapter_start_replace_the_briefings_and_no_other(armistice):
    armistice.ok("briefing", "0", "--trials", "3", "--morale", "20", "--first", "1")

    out = armistice.ok("chapter", "start", "--leader", "ann", "--tiles", "left,left,right",
                       "--morale", "12")  # fmt: skip

    assert "Trials 3, Morale 12" in out


def test_a_classic_morale_reserve_given_alone_leaves_the_rest_to_the_trials(campaign):
    out = campaign.ok("chapter", "start", "--leader", "ann", "--tiles", "left,right,left",
                      "--morale", "20")  # fmt: skip

    assert "Trials 39, Morale 20" in out


def test_the_board_names_boot_camp(armistice):
    armistice.ok("briefing 0 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")

    assert armistice.ok("status").startswith("Autumn - Boot Camp, mission 1 - ")
