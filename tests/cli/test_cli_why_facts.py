"""Issue 32, ``why`` of a refusal: the facts it rests on, each with the log entry that last
set it (the chapter's start when none did since), in the text and in ``why --json``."""

from __future__ import annotations

from typing import Any

from tests.cli.test_cli_box import _mission_one_of_chapter_two_ann_holding_102
from tests.cli.test_cli_why import newest, why
from tests.cli.test_cli_why_stories import recruits


def facts(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {fact["fact"]: fact for fact in doc["facts"]}


def says(doc: dict[str, Any], key: str, said: str, entry: int, start: bool = False) -> None:
    """``why --json`` gives fact ``key`` in these words from this entry, and its text says
    the same line (``start``: unchanged since the chapter's start, that entry)."""
    fact = facts(doc)[key]
    assert fact == {"fact": key, "said": said, "entry": entry, "since_start": start}
    where = f"since #{entry}, the chapter's start" if start else f"from #{entry}"
    assert f"{said[:1].upper()}{said[1:]} ({where})." in " ".join(doc["text"].split())


def test_a_speech_refused_names_the_chapter_start_as_the_source_of_no_speech_token(table):
    started = newest(table) - 1  # chapter start, then the deal
    table.refused("speech gas")

    doc = why(table)

    says(doc, "speech_tokens", "Ann has no Speech tokens", started, start=True)
    assert facts(doc)["phase"]["entry"] == started + 1  # the deal began the Mission


def test_a_hardheaded_withdrawal_refused_points_to_the_entry_that_gave_the_hard_knock(table):
    table.ok("play hardheaded")
    knocked = newest(table)
    table.ok("withdraw left")
    table.ok("withdraw right")
    turned = newest(table)
    table.refused("withdraw left")

    doc = why(table)

    says(doc, "hard_knocks", "Ann's Hard Knocks: Hardheaded", knocked)
    says(doc, "turn", "it is Ann's turn", turned)


def test_a_charm_refused_face_down_points_to_the_entry_that_turned_it_down(table):
    for card in ("night+shell", "snow+gas", "rain+whistle"):
        table.ok("play", card)
    table.ok("charm night+shell")
    turned = newest(table)
    for card in ("night+snow", "shell+gas"):  # Ben, Cy: Ann's turn again
        table.ok("play", card)
    table.refused("charm snow+gas")

    doc = why(table)

    says(doc, "charm", "Ann's Good Luck Charm is night, face down", turned)


def test_a_play_out_of_turn_names_the_deal_for_whose_turn_it_is_and_the_named_player(table):
    dealt = newest(table)
    table.refused("play night+snow -p ben")

    doc = why(table)

    says(doc, "turn", "it is Ann's turn", dealt)
    says(doc, "withdrawn", "Ben has not withdrawn", dealt - 1, start=True)


def test_a_mission_start_refused_names_the_chapter_start_for_leader_and_trials(campaign):
    campaign.ok("chapter start --leader ann --tiles left,right,left --trials 10 --morale 20")
    started = newest(campaign)
    campaign.refused("mission start 2")

    found = facts(why(campaign))

    assert [found[k]["said"] for k in ("phase", "leader", "trials")] == [
        "the chapter is in its preparation phase",
        "Ann is the Mission Leader",
        "the Trials deck holds 10 cards",
    ]
    assert {found[k]["entry"] for k in ("chapter", "phase", "leader", "trials")} == {started}


def test_a_recruit_refused_its_turn_points_to_the_entry_it_entered_at(armistice):
    g = recruits(armistice)
    g.ok("mission start 2 --order 12 --back 13 --recruit 5 --recruit-hand mute,shell+whistle")
    entered = newest(g)
    g.refused("recruit withdraw")

    says(why(g), "recruit", "Recruit in play: #5", entered)
    g.refused("order cancel 13")
    says(why(g), "orders", "Orders of the Day in play: #12", entered)


def test_a_helping_hand_refused_names_who_holds_which_since_the_chapter_start(armistice):
    _mission_one_of_chapter_two_ann_holding_102(armistice)
    dealt = newest(armistice)
    armistice.refused("helping play 102 -p ben")

    doc = why(armistice)

    held = "Helping Hands held: Ann #102, Ben #101"
    says(doc, "helping_hands", held, dealt - 1, start=True)  # awarded before chapter 2
    says(doc, "chapter", "chapter 2 is running", dealt - 1, start=True)
