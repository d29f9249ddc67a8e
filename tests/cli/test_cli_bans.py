"""A card banned after a lost chapter, through the CLI: the ban names the right source,
and the card, gone from the campaign's decks, is named as banned, not as unknown."""

from __future__ import annotations

from tests.cli.conftest import Grizzled


def first_mission(armistice: Grizzled, chapter: int, morale: int = 20) -> None:
    """A tiny chapter's Briefing entered, the chapter started and its first Mission dealt."""
    armistice.ok(f"briefing {chapter} --trials 3 --morale {morale} --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")


def tyrannical_in_front_of_ann(armistice: Grizzled) -> None:
    """Chapter 1 lost (Boot Camp skipped), Ann having played Tyrannical (its only copy) in
    front of herself."""
    armistice.ok("skip-boot-camp")
    first_mission(armistice, 1, morale=1)
    armistice.ok("play tyrannical")
    for _ in range(3):
        armistice.ok("withdraw left")
    assert armistice.json("status")["players"][0]["hard_knocks"] == ["tyrannical"]


def test_a_hard_knock_banned_without_from_knock_is_refused_naming_it(armistice):
    """arm: "Choose a Trial card from among those you still have in hand or from the Hard
    Knock cards assigned to players" """
    tyrannical_in_front_of_ann(armistice)

    line = armistice.refused("ban ann tyrannical")

    assert line.endswith(
        "tyrannical is a Hard Knock in front of Ann, not a card in their hand: ban it with "
        "--from knock"
    )
    armistice.ok("ban ann tyrannical --from knock")
    assert armistice.json("campaign show")["bans"][0]["source"] == "knock"


def test_a_banned_hard_knock_leaves_the_board_of_its_chapter(armistice):
    """arm: "put that card behind the Negative Points tab": it is no longer in front of
    its player on the ended chapter's board."""
    tyrannical_in_front_of_ann(armistice)

    armistice.ok("ban ann tyrannical --from knock")

    ann = armistice.json("status")["players"][0]
    assert (ann["hard_knocks"], ann["hard_knock_weight"]) == ([], 0)
    assert "Tyrannical" not in armistice.ok("status")


def test_a_card_banned_after_a_chapter_is_named_as_banned_later(armistice):
    """arm: "put that card behind the Negative Points tab. You will no longer have to face
    that Trial card in upcoming Chapters." """
    tyrannical_in_front_of_ann(armistice)
    armistice.ok("ban ann tyrannical --from knock")
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 100:ben")
    first_mission(armistice, 2)

    line = armistice.refused("play tyrannical", code=2)

    assert "'tyrannical' was banned after chapter 1" in line
    assert "not a Hard Knock or card name" not in line


def test_a_card_number_not_yet_described_points_to_describe_card(armistice):
    armistice.ok("skip-boot-camp")
    first_mission(armistice, 1)

    line = armistice.refused("play 61", code=2)

    assert "card number 61 has not been described" in line
    assert "grizzled describe card 61 FACE" in line
    armistice.ok("describe card 61 night+snow")
    armistice.ok("play 61")
