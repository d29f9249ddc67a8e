"""Playing a chapter through the CLI: setting it up, Missions, the four actions, Support,
Merry Christmas, corrections. Each command prints what happened and what comes next."""

from __future__ import annotations

import pytest

from tests.cli.conftest import TABLE_CHAPTER

NEXT_ANN = "Next: Ann's turn: play CARD or withdraw TILE"
NEXT_BEN = "Next: Ben's turn: play CARD or withdraw TILE"
NEXT_CY = "Next: Cy's turn: play CARD or withdraw TILE"


@pytest.mark.backends
def test_chapter_start_sets_up_the_chapter_and_says_who_leads(campaign):
    out = campaign.ok("chapter", "start", *TABLE_CHAPTER)

    assert out.splitlines() == [
        "Chapter set up for Ann, Ben, Cy: Trials 10, Morale 20, 5 Speech tokens, Traps on. "
        "Ann leads.",
        "Next: Ann leads Mission 1: grizzled mission start INTENSITY (at least 3)",
    ]
    board = campaign.json("status")
    assert (board["phase"], board["leader"], board["trials"], board["morale"]) == (
        "preparation",
        "Ann",
        10,
        20,
    )
    assert [p["support_tiles"] for p in board["players"]] == [3, 3, 3]


@pytest.mark.backends
def test_a_chapter_uses_the_rulebooks_decks_unless_told_otherwise(campaign):
    campaign.ok("chapter", "start", "--leader", "b", "--tiles", "l,r,l", "--variant", "veteran")

    board = campaign.json("status")
    assert (board["leader"], board["trials"], board["morale"], board["speech_stock"]) == (
        "Ben",
        30,
        29,
        5,
    )


@pytest.mark.backends
def test_chapter_start_switches_traps_and_speech_tokens(campaign):
    out = campaign.ok("chapter start --leader cy --tiles left,right,left --no-traps --tokens 2")

    assert "Trials 25, Morale 34, 2 Speech tokens, Traps off. Cy leads." in out


@pytest.mark.backends
def test_the_rookie_variant_plays_without_traps(campaign):
    out = campaign.ok(
        "chapter", "start", "--leader", "ann", "--tiles", "left,right,left", "--variant", "rookie"
    )

    assert "Traps off. Ann leads." in out


@pytest.mark.backends
def test_mission_start_deals_by_count_and_gives_the_turn_to_the_leader(campaign):
    campaign.ok("chapter", "start", *TABLE_CHAPTER)

    out = campaign.ok("mission", "start", "3")

    assert out.splitlines() == [
        "Mission 1: Ann sets intensity 3.",
        "Dealt: Ann 3, Ben 3, Cy 3.",
        NEXT_ANN,
    ]
    board = campaign.json("status")
    assert [p["hand"] for p in board["players"]] == [3, 3, 3]
    assert [p["known_cards"] for p in board["players"]] == [[], [], []]
    assert (board["trials"], board["turn"], board["phase"]) == (1, "Ann", "mission")


@pytest.mark.backends
def test_a_two_player_mission_is_told_the_chaplains_tile(grizzled):
    grizzled.ok("campaign", "new", "Pair", "-p", "ann:night", "-p", "ben:snow")
    out = grizzled.ok("chapter", "start", "--leader", "ann", "--tiles", "left,right,left")
    assert "(with the Chaplain): Trials 20, Morale 39" in out

    out = grizzled.ok("mission", "start", "3", "--chaplain-tile", "left")

    assert out.splitlines()[1:] == [
        "Dealt: Ann 3, Ben 3.",
        "The Chaplain withdraws, his Support tile face down.",
        NEXT_ANN,
    ]
    chaplain = grizzled.json("status")["players"][2]
    assert (chaplain["name"], chaplain["chaplain"], chaplain["withdrawn"]) == (
        "Chaplain",
        True,
        True,
    )


@pytest.mark.backends
def test_playing_a_card_reveals_it_into_no_mans_land_and_passes_the_turn(table):
    out = table.ok("play", "n+sh")

    assert out.splitlines() == ["Ann plays night+shell in No Man's Land.", NEXT_BEN]
    board = table.json("status")
    assert board["no_mans_land"] == ["night+shell"]
    assert board["threats"] == {"night": 1, "shell": 1}
    assert [p["hand"] for p in board["players"]] == [2, 3, 3]


@pytest.mark.backends
def test_a_trap_plays_the_card_it_draws(table):
    out = table.ok("play", "night+shell+trap", "--drawn", "rain+whistle")

    assert out.splitlines() == [
        "Ann plays night+shell (trap) in No Man's Land.",
        "The Trap draws rain+whistle for Ann, played at once.",
        NEXT_BEN,
    ]
    board = table.json("status")
    assert board["no_mans_land"] == ["night+shell+trap", "rain+whistle"]
    assert board["trials"] == 0


@pytest.mark.backends
def test_a_hard_knock_goes_in_front_of_its_player(table):
    out = table.ok("play", "mute")

    assert out.splitlines()[0] == "Ann plays Mute in front of Ann."
    ann = table.json("status")["players"][0]
    assert (ann["hard_knocks"], ann["hard_knock_weight"]) == (["mute"], 1)


@pytest.mark.backends
def test_another_player_is_named_with_p_and_a_prefix_of_their_name(table):
    table.ok("play", "night+gas")

    out = table.ok("play", "snow+gas", "-p", "B")

    assert out.splitlines() == ["Ben plays snow+gas in No Man's Land.", NEXT_CY]


@pytest.mark.backends
def test_merry_christmas_discards_the_hard_knock_it_targets(table):
    table.ok("play", "mute")

    out = table.ok("play", "merry-christmas", "--target", "ann:mute")

    assert "Ann's Mute is discarded." in out.splitlines()
    assert table.json("status")["players"][0]["hard_knocks"] == []


@pytest.mark.backends
def test_the_good_luck_charm_discards_a_card_of_its_threat(table):
    table.ok("play", "night+shell")
    table.ok("play", "snow+gas")
    table.ok("play", "rain+whistle")

    out = table.ok("charm", "night+shell")

    assert out.splitlines() == [
        "Ann's Good Luck Charm discards night+shell.",
        "Next: Ben's turn: play CARD, charm CARD or withdraw TILE",  # snow+gas shows snow
    ]
    board = table.json("status")
    assert board["no_mans_land"] == ["snow+gas", "rain+whistle"]
    assert board["players"][0]["charm_up"] is False


@pytest.mark.backends
def test_a_speech_lets_the_others_discard_a_card_showing_its_threat(table):
    for card in ("shell+gas", "snow+whistle", "rain+shell"):
        table.ok("play", card)
    table.ok("withdraw", "left")
    table.ok("withdraw", "right")
    table.ok("withdraw", "left")  # Mission 1 succeeds; Ann takes a Speech token
    table.ok("mission", "start", "1")  # Ben leads
    table.ok("play", "night+gas")
    table.ok("play", "rain+gas")

    out = table.ok("speech", "mask", "-d", "ben:snow+gas", "-d", "cy:phobia-gas")

    assert out.splitlines() == [
        "Ann makes a Speech on gas. Ben discards snow+gas; Cy discards Phobia (gas).",
        NEXT_BEN,
    ]
    board = table.json("status")
    assert board["players"][0]["speech_tokens"] == 0
    assert [p["hand"] for p in board["players"]] == [3, 1, 1]


@pytest.mark.backends
def test_a_withdrawal_plays_a_support_tile_face_down(table):
    out = table.ok("withdraw", "l")

    assert out.splitlines() == ["Ann withdraws, a Support tile face down.", NEXT_BEN]
    ann = table.json("status")["players"][0]
    assert (ann["withdrawn"], ann["tile_played"], ann["support_tiles"]) == (True, True, 2)


def mission_where_ann_may_choose_her_support(table):
    """Ann has Mute and has used her charm; two tiles point to her when all are out."""
    table.ok("play", "mute")
    table.ok("play", "night+shell")
    table.ok("play", "rain+gas")
    table.ok("charm", "night+shell")
    table.ok("withdraw", "right")  # Ben's right: to Ann
    table.ok("withdraw", "left")  # Cy's left: to Ann
    return table.ok("withdraw", "left")


@pytest.mark.backends
def test_the_support_beneficiary_with_a_real_choice_is_waited_for(table):
    out = mission_where_ann_may_choose_her_support(table)

    assert out.splitlines()[-2:] == [
        "Support: Ann to the left -> Ben, Ben to the right -> Ann, Cy to the left -> Ann; "
        "Ann benefits.",
        "Next: Ann chooses the Support benefit: grizzled support ...",
    ]
    board = table.json("status")
    assert (board["phase"], board["support_pending"], board["turn"]) == ("support", "Ann", None)


@pytest.mark.backends
def test_support_recovers_the_charm_when_the_beneficiary_chooses_it(table):
    mission_where_ann_may_choose_her_support(table)

    out = table.ok("support", "--charm")

    assert out.splitlines()[:3] == [
        "Ann recovers the Good Luck Charm.",
        "Morale drops: 6 cards move to the Trials deck.",
        "Ben is the Mission Leader. Ann takes a Speech token.",
    ]
    ann = table.json("status")["players"][0]
    assert (ann["charm_up"], ann["hard_knocks"]) == (True, ["mute"])


@pytest.mark.backends
def test_support_discards_the_hard_knocks_the_beneficiary_names(table):
    mission_where_ann_may_choose_her_support(table)

    out = table.ok("support", "-p", "ann", "--discard", "mute")

    assert out.splitlines()[0] == "Ann discards Mute."
    ann = table.json("status")["players"][0]
    assert (ann["charm_up"], ann["hard_knocks"]) == (False, [])


@pytest.mark.backends
def test_classic_support_is_hard_knocks_or_the_charm_not_both(table):
    mission_where_ann_may_choose_her_support(table)

    line = table.refused("support", "--discard", "mute", "--charm")

    assert line == (
        "Error: Refused (support): classic rules: Ann discards up to 2 Hard Knocks OR "
        "recovers the charm"
    )
    assert table.refused("support", "-p", "ben", "--charm") == (
        "Error: Refused (support): Ann received the Support, not Ben"
    )


@pytest.mark.backends
def test_a_correction_sets_a_fact_anew_with_its_reason(table):
    out = table.ok("correct", "trials", "5", "-r", "we miscounted the deck")

    assert out.splitlines() == [
        "Correction: the Trials deck holds 5 cards (we miscounted the deck).",
        NEXT_ANN,
    ]
    assert table.json("status")["trials"] == 5
    assert table.json("log")[-1]["summary"] == "correction: trials 5"


@pytest.mark.backends
def test_a_correction_can_name_a_player_and_a_card(table):
    table.ok("correct", "hand", "4", "-p", "cy", "-r", "dealt one too many")
    table.ok("correct", "nml-add", "rain+gas", "-r", "Ben forgot to log it")

    board = table.json("status")
    assert board["players"][2]["hand"] == 4
    assert board["no_mans_land"] == ["rain+gas"]


@pytest.mark.backends
def test_nothing_is_recorded_while_the_table_only_looks(table):
    before = table.events()

    for command in (("status",), ("log",), ("score",), ("campaign", "show"), ("replay",)):
        table.ok(*command)

    assert table.events() == before
