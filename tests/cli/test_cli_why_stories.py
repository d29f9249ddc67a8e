"""Issue 32, ``why``, more stories at a real table through the command line: the decisions
the rules take around the table's moves and in the modules (the Mission Leader token
passing, kept or taken by a Tyrannical player; a Luck symbol cancelling a Trap; Merry
Christmas's discard; the Chaplain's withdrawal; an Order of the Day discarded after
Support; a Recruit entering, its Hard Knock going to the Mission Leader, its Morale tokens,
its departure and its advantage applied; Solo's refills given up and its Support tile)
and the refusal families
test_cli_why.py leaves out (a withdrawal, a card's effect, Solo mode, the rules' general
refusal). Each asserts the rule's words, its place in the rulebooks, the facts and the
log entries they come from."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Grizzled
from tests.cli.test_cli_solo_oneshot import solo
from tests.cli.test_cli_why import decided, newest, why
from tests.house_rule.test_house_rule import _grizzled
from voice.board import label
from voice.rulebook import RULES


def flat(text: str) -> str:
    return " ".join(text.split())


def refusal_explained(g: Grizzled, command: str, rule: str, said: str) -> dict[str, Any]:
    """``command`` refused under ``rule``, its line saying ``said``; ``why --json`` says
    the same line, the rule's words and place, and that the log still ends where it did."""
    last = newest(g)
    line = g.refused(command)
    assert said in line

    doc = why(g)

    assert (doc["about"], doc["command"]) == ("refusal", command)
    assert f"Error: {doc['refused']}" == line
    assert doc["rule"] == RULES[rule].facts()
    assert doc["entries"] == [last]
    text = flat(doc["text"])
    assert f"Rule ({rule}): {RULES[rule].words} ({RULES[rule].place()})." in text
    assert f"Nothing was recorded: the log still ends at #{last}." in text
    return doc


# --- refusal families ------------------------------------------------------------------
def test_a_hardheaded_player_holding_two_cards_is_refused_a_withdrawal_and_why_says_so(table):
    table.ok("play hardheaded")  # Ann keeps 2 cards in hand
    table.ok("withdraw left")
    table.ok("withdraw right")

    doc = refusal_explained(
        table,
        "withdraw left",
        "withdrawal",
        "Ann is Hardheaded: no withdrawal while holding 2 cards (2 or more)",
    )

    assert doc["rule"]["section"] == "The Actions: Withdraw" and doc["rule"]["page"] == 6


def test_solo_mode_refuses_a_refill_before_a_card_is_played_and_why_names_solo_mode(grizzled):
    table = solo(grizzled)
    table.ok("mission start 3")

    doc = refusal_explained(
        table, "refill", "solo mode", "the hand is refilled right after a card is played, not now"
    )

    assert doc["rule"]["section"] == "Solo Mode"
    assert "no Speech" in doc["rule"]["words"]


def house_ruled(tmp: Path, args: str) -> subprocess.CompletedProcess[str]:
    """``grizzled ARGS`` in a subprocess on the test's file, playing the house rule of
    tests/cli/why_house_rule.py (nobody withdraws while No Man's Land is empty)."""
    return _grizzled(tmp, args, rule="tests.cli.why_house_rule")


def test_a_house_rule_refusing_with_the_rules_general_rule_is_explained_by_why(tmp_path):
    steps = (
        "campaign new Friday --rules classic -p ann:night -p ben:snow -p cy:rain",
        "chapter start --leader ann --tiles left,right,left --trials 10 --morale 20",
        "mission start 3",
    )
    for step in steps:
        done = house_ruled(tmp_path, step)
        assert done.returncode == 0, f"{step}: {done.stderr}"

    refused = house_ruled(tmp_path, "withdraw left")
    doc = json.loads(house_ruled(tmp_path, "why --json").stdout)

    line = "Error: Refused (rules): house rule: Ann cannot withdraw before a card is played"
    assert (refused.returncode, refused.stderr) == (1, line + "\n")
    assert (doc["about"], doc["command"]) == ("refusal", "withdraw left")
    assert f"Error: {doc['refused']}" == line
    assert doc["rule"] == RULES["rules"].facts()
    assert doc["rule"]["section"] == "Basic Rules" and doc["rule"]["page"] == 4
    assert doc["entries"] == [3]  # the deal: nothing was recorded after it
    assert f"({RULES['rules'].place()})" in flat(doc["text"])


# --- Orders of the Day and a Recruit -----------------------------------------------------
def recruits(armistice: Grizzled, traps: str = "") -> Grizzled:
    """Chapter 1 with Order #12 (adds gas, lasts its Mission) and #13 (lasting), and
    Recruit #5 (two cards; its advantage gives the Mission Leader a Speech token)."""
    g = armistice
    g.ok("skip-boot-camp")
    g.ok('describe order 12 "Test order A" --threat gas')
    g.ok('describe order 13 "Test order B" --lasting "test condition"')
    g.ok(
        'describe recruit 5 "Test recruit" --hand 2 --tokens 1 --advantage-rule tokens:1 '
        '--advantage "Test text: a Speech token"'
    )
    g.ok(f"briefing 1 --trials 12 --morale 20 --first 2 --orders 12,13 --recruits 5 {traps}")
    g.ok("chapter start --leader ann --tiles left,left,right")
    return g


def test_a_recruit_enters_departs_with_its_advantage_and_an_order_is_discarded(armistice):
    g = recruits(armistice)
    g.ok("mission start 2 --order 12 --back 13 --recruit 5 --recruit-hand mute,shell+whistle")
    started = newest(g)

    entered = decided(why(g, str(started)))["recruits"]

    assert entered["decision"] == "Recruit #5 (Test recruit) entered"
    assert entered["facts"] == {
        "recruit": 5,
        "hand": ["mute", "shell+whistle"],
        "after": "Cy",
        "trials": 6,  # 12 less the 6 dealt: enough for its hand of 2
    }
    assert entered["entries"] == [started]
    assert entered["rule"]["section"] == "Recruits"
    for card in ("snow+rain", "night+shell", "rain+whistle"):
        g.ok("play", card)

    # A card's effect refused: the Recruit's advantage waits for its last card.
    doc = refusal_explained(
        g,
        "recruit play mute --discard rain+gas",
        "card effects",
        "Recruit #5 (Test recruit) does not depart with this card: its advantage waits",
    )
    assert doc["rule"]["section"] == "Helping Hands" and doc["rule"]["page"] == 9

    g.ok("recruit play mute")  # a Recruit's Hard Knock goes to the Mission Leader
    knock = decided(why(g))["recruits"]
    assert knock["decision"] == "A Hard Knock to the Mission Leader"
    assert knock["facts"] == {"recruit": 5, "card": "mute", "player": "Ann"}
    for tile in ("left", "left", "right"):
        g.ok("withdraw", tile)
    g.ok("recruit play shell+whistle")  # its last card: it departs; the Mission is over
    ended = newest(g)

    doc = why(g)
    rules = decided(doc)
    departed = rules["recruits"]
    assert departed["decision"] == "Recruit #5 (Test recruit) departed"
    assert departed["facts"] == {"recruit": 5, "leader": "Ann"}
    assert departed["entries"] == [started, ended]
    effect = rules["card effects"]
    assert effect["facts"] == {
        "source": "Recruit #5 Test recruit",
        "rule": "tokens:1",
        "player": "Ann",
        "cards": [],
        "tokens": 1,
    }
    assert (
        "Recruit #5 Test recruit's effect: Ann takes 1 Speech token (its rule as the group "
        "described it: tokens:1)" in flat(doc["text"])
    )
    order = rules["orders of the day"]
    assert order["decision"] == "Order of the Day #12 (Test order A) discarded"
    assert order["entries"] == [started, ended]  # kept at the Mission's start
    assert "has no cancellation condition" in order["because"]
    assert order["rule"]["section"] == "The Orders of the Day"


# --- the Mission Leader, Tyrannical and Merry Christmas ---------------------------------
def test_tyrannical_takes_the_lead_and_keeps_it_and_merry_christmas_discards_its_target(table):
    table.ok("play mute")  # Ann's Hard Knock
    mute = newest(table)
    table.ok("play tyrannical")  # Ben's: he takes the Mission Leader token from Ann
    tyrannical = newest(table)
    table.ok("play merry-christmas --target ann:mute")  # Cy
    christmas = newest(table)

    taken = decided(why(table, str(tyrannical)))["mission leader"]
    assert taken["decision"] == "Ben takes the lead"
    assert taken["facts"] == {"player": "Ben", "former": "Ann"}
    discarded = decided(why(table, str(christmas)))["merry christmas"]
    assert discarded["facts"] == {"player": "Ann", "card": "mute", "cause": "merry-christmas"}
    assert discarded["entries"] == [mute, christmas]
    assert discarded["rule"]["section"] == "The Actions: Play a Trial card"

    for _ in range(3):
        table.ok("withdraw left")  # a tie: nobody benefits, Ben keeps his Tyrannical

    doc = why(table)
    kept = decided(doc)["mission leader"]
    assert kept["decision"] == "Ben leads the next Mission"
    assert kept["facts"] == {
        "former": "Ben",
        "leader": "Ben",
        "speech_token_to": None,
        "speech_stock": 5,
    }
    assert kept["entries"] == [tyrannical, newest(table)]
    assert "Ben is Tyrannical and keeps the Mission Leader token" in flat(doc["text"])
    assert kept["rule"]["section"] == "Mission Resolution: 6. Next Mission"
    assert kept["rule"]["page"] == 7


def test_a_selfish_players_tile_supports_themselves_and_why_names_the_selfish_card(table):
    table.ok("play selfish")  # Ann's Hard Knock
    selfish = newest(table)
    table.ok("withdraw left")  # Ben's tile to Cy
    table.ok("withdraw right")  # Cy's tile to Ben
    table.ok("withdraw right")  # Ann's tile: to Ann herself, she is Selfish

    doc = why(table)
    support = decided(doc)["support tie"]

    assert support["facts"]["received"] == {"Ann": 1, "Ben": 1, "Cy": 1}
    assert support["facts"]["selfish"] == ["Ann"]
    assert selfish in support["entries"]
    assert "Ann is Selfish: their tile supported themselves" in flat(doc["text"])


# --- Luck and the token passing --------------------------------------------------------
def test_a_luck_symbol_cancels_a_trap_and_the_token_passes_with_a_speech_token(armistice):
    g = armistice
    g.ok("skip-boot-camp")
    g.ok("describe card 60 rain+gas+luck")
    g.ok("briefing 1 --trials 20 --morale 20 --first 2 --traps")
    g.ok("chapter start --leader ann --tiles left,left,right")
    g.ok("mission start 2")
    g.ok("play 60")
    luck = newest(g)
    g.ok("play snow+shell+trap")  # Ben: the Luck cancels its Trap, nothing is drawn
    trap = newest(g)

    doc = why(g)

    assert doc["entry"] == trap  # the last decision: a Threat card played is one here
    cancelled = decided(doc)["luck"]
    assert cancelled["facts"] == {
        "card": "snow+shell+trap",
        "luck": "rain+gas+luck",
        "player": "Ben",
    }
    assert cancelled["entries"] == [luck, trap]
    assert cancelled["rule"]["section"] == "The Traps: Luck Symbol"
    assert "it cancels this one and is spent, nothing is drawn" in flat(doc["text"])
    assert why(g, str(luck))["decisions"] == []  # a Luck card played is the table's move

    for tile in ("left", "left", "right"):
        g.ok("withdraw", tile)

    passed = decided(why(g))["mission leader"]
    assert passed["facts"] == {
        "former": "Ann",
        "leader": "Ben",
        "speech_token_to": "Ann",
        "speech_stock": 5,
    }
    assert "Ann, the former leader, takes a Speech token (the stock held 5)" in passed["because"]


# --- Solo: the Support tile -------------------------------------------------------------
def test_the_solo_support_tile_names_the_grizzled_who_benefits(grizzled):
    table = solo(grizzled)
    table.ok("mission start 3")
    table.ok("play night+shell")  # Ann, no refill: the hand cannot be refilled this Mission
    ann = newest(table)
    table.ok("play snow+gas")  # Ben
    ben = newest(table)
    table.ok("withdraw")  # Cy
    table.ok("withdraw")  # Ann
    table.ok("withdraw")  # Ben
    table.ok("solo-support right")
    drawn = newest(table)

    doc = why(table)
    tile = decided(doc)["solo mode"]

    assert doc["entry"] == drawn
    assert tile["decision"] == "Support to Cy"
    assert tile["facts"] == {"tile": "right", "beneficiary": "Cy"}
    assert "in setup order: left Ann, center Ben, right Cy" in flat(doc["text"])
    benefit = next(d for d in doc["decisions"] if d["decision"] == "Support's benefit for Cy")
    assert benefit["facts"]["chosen"] is False  # nothing to choose: applied at once
    over = decided(why(table, str(ben)))["solo mode"]  # Ben played on without a refill
    assert (over["decision"], over["entries"]) == ("No more refills", [ann, ben])
    assert "cannot be refilled again in this Mission" in over["because"]


def test_the_chaplain_withdraws_at_the_preparation_with_the_tile_drawn_for_him(grizzled):
    grizzled.ok("campaign new Duo --rules classic -p ann:night -p ben:snow")
    grizzled.ok("chapter start --leader ann --tiles left,right,left --trials 20 --morale 20")
    grizzled.ok("mission start 3 --chaplain-tile right")

    doc = why(grizzled)
    chaplain = decided(doc)["chaplain"]

    assert doc["entry"] == newest(grizzled)
    assert chaplain["facts"] == {"player": "Chaplain", "tile": "right"}
    assert "he withdraws before the Mission with the right tile, drawn at random" in flat(
        doc["text"]
    )
    assert chaplain["rule"]["base_section"] == "2 Player Game"


def test_a_recruit_withdrawing_takes_its_morale_tokens_and_why_says_how_many(armistice):
    g = recruits(armistice)
    g.ok("mission start 2 --order 12 --back 13 --recruit 5 --recruit-hand mute,shell+whistle")
    for card in ("snow+rain", "night+shell", "rain+whistle"):
        g.ok("play", card)
    g.ok("recruit withdraw")

    tokens = decided(why(g))["recruits"]

    assert tokens["decision"] == "Recruit #5 (Test recruit)'s Morale tokens"
    assert tokens["facts"] == {"recruit": 5, "tokens": 1}
    assert tokens["entries"] == [newest(g)]


def test_a_trap_a_recruit_springs_draws_for_the_mission_leader(armistice):
    g = recruits(armistice, "--traps")
    g.ok("mission start 2 --order 12 --back 13 --recruit 5 --recruit-hand snow+shell+trap,mute")
    for card in ("snow+rain", "night+shell", "rain+whistle"):
        g.ok("play", card)
    g.ok("recruit play snow+shell+trap --drawn tyrannical")

    trap = decided(why(g))["trap"]

    assert trap["facts"] == {"player": "Ann", "cause": "recruit-trap", "card": "tyrannical"}
    assert "drew and played Tyrannical, for Ann, the Mission Leader" in trap["because"]


def test_a_beginner_one_shot_without_traps_sets_aggressive_aside_and_why_says_why(armistice):
    g = armistice
    g.ok('describe card 147 none --knock aggressive --effect "test effect"')
    for number in range(1, 13):  # the beginners' chart: 4 easy Orders and 8 normal ones
        level = "easy" if number <= 4 else "normal"
        g.ok(f'describe order {number} "Test order {number}" --difficulty {level}')
    g.ok(
        "oneshot start --difficulty beginners --no-traps --leader ann --tiles left,right,left "
        "--orders 1,2,3,4,5,6,7,8,9,10,11,12"
    )

    doc = why(g)
    aside = decided(doc)["one-shot game"]

    assert doc["entry"] == newest(g)
    assert aside["facts"] == {"cards": ["aggressive"], "reason": "a beginner game without Traps"}
    assert "Aggressive taken out of the Trials for this game" in flat(doc["text"])
    assert aside["rule"]["section"] == "One-shot Game"


def test_an_order_in_force_shrinks_the_support_benefit_and_why_says_so(armistice):
    g = armistice
    g.ok("skip-boot-camp")
    g.ok('describe order 12 "Test order A" --rule support-discards:1')
    g.ok('describe order 13 "Test order B" --threat gas')
    g.ok("briefing 1 --trials 12 --morale 20 --first 2 --orders 12,13")
    g.ok("chapter start --leader ann --tiles left,left,right")
    g.ok("mission start 2 --order 12 --back 13")
    for card in ("snow+rain", "night+shell", "rain+whistle"):
        g.ok("play", card)
    for tile in ("right", "left", "left"):  # two tiles to Cy, one to Ann: Cy benefits
        g.ok("withdraw", tile)

    doc = why(g)
    support = decided(doc)["support"]

    assert support["facts"]["received"] == {"Cy": 2, "Ann": 1}
    assert (support["facts"]["beneficiary"], support["facts"]["discards"]) == ("Cy", 1)
    assert "a card in force: at most 1 Hard Knock(s) discarded" in flat(doc["text"])


# --- issue 43: the fact that decided, in words that are true ----------------------------
def deciding(doc: dict[str, Any]) -> dict[str, Any]:
    (fact,) = [f for f in doc["facts"] if f["fact"] == "decided"]
    return fact


def test_a_speech_refused_to_a_mute_player_names_the_mute_card_and_its_entry(table):
    table.ok("play mute")  # Ann's Hard Knock
    mute = newest(table)
    table.ok("play night+snow")  # Ben
    table.ok("play snow+rain")  # Cy: Ann's turn again

    doc = refusal_explained(table, "speech gas", "speech", "Ann is Mute")

    fact = deciding(doc)
    assert (fact["player"], fact["card"], fact["entry"]) == ("Ann", "mute", mute)
    assert f"Ann's Hard Knock Mute decided it (from #{mute})." in flat(doc["text"])


def test_a_withdrawal_refused_by_another_players_fragile_names_that_card_and_its_entry(table):
    table.ok("play night+snow")  # Ann
    table.ok("play fragile")  # Ben's Hard Knock: nobody else withdraws while he holds cards
    fragile = newest(table)
    table.ok("play snow+rain")  # Cy

    doc = refusal_explained(
        table, "withdraw left", "withdrawal", "Ben is Fragile and still holds 2 cards"
    )

    fact = deciding(doc)
    assert (fact["player"], fact["card"], fact["entry"]) == ("Ben", "fragile", fragile)
    text = flat(doc["text"])
    assert f"Ben's Hard Knock Fragile decided it (from #{fragile})." in text
    assert f"Ben holds 2 cards (from #{fragile})." in text  # his hand, not only Ann's


def test_a_withdrawal_refused_by_the_players_own_hardheaded_names_it(table):
    table.ok("play hardheaded")  # Ann keeps 2 cards in hand
    knock = newest(table)
    table.ok("withdraw left")
    table.ok("withdraw right")

    doc = refusal_explained(table, "withdraw left", "withdrawal", "Ann is Hardheaded")

    assert (deciding(doc)["card"], deciding(doc)["entry"]) == ("hardheaded", knock)


def test_why_right_after_a_speech_explains_that_speech(table):
    for tile in ("left", "left", "right"):
        table.ok("withdraw", tile)  # Mission 1 won: Ben leads, Ann takes a Speech token
    token = newest(table)
    table.ok("mission start 2")
    table.ok("play night+snow")  # Ben
    table.ok("play rain+gas")  # Cy
    table.ok("speech snow --discard ben:snow+gas")  # Ann
    speech = newest(table)

    doc = why(table)

    assert doc["entry"] == speech
    said = decided(doc)["speech"]
    assert said["facts"] == {
        "player": "Ann",
        "threat": "snow",
        "tokens_left": 0,
        "could_discard": ["Ben", "Cy"],
        "discards": {"Ben": "snow+gas"},
    }
    assert said["entries"] == [token, speech]  # the token came with the lead passing
    assert (
        "Ann spent a Speech token (none left) on snow: each other player still in the "
        "Mission (Ben and Cy) may discard one card of it from hand: Ben discarded snow+gas; "
        "Cy discarded nothing." in flat(doc["text"])
    )


def test_a_tyrannical_mission_leader_keeps_the_token_without_it_going_to_themselves(table):
    table.ok("play tyrannical")  # Ann leads already

    doc = why(table)
    taken = decided(doc)["mission leader"]

    assert taken["facts"] == {"player": "Ann", "former": "Ann"}
    text = flat(doc["text"])
    assert "from Ann to Ann" not in text
    assert (
        "Ann played Tyrannical while already holding the Mission Leader token, and keeps it" in text
    )


def test_a_demoralized_morale_drop_that_empties_the_reserve_says_how_many_moved(campaign):
    campaign.ok("chapter start --leader ann --tiles left,right,left --trials 10 --morale 4")
    campaign.ok("mission start 3")
    campaign.ok("play demoralized")  # Ann: 2 + 3 + 3 cards in hands, +1: 9 are due
    for tile in ("left", "left", "right"):
        campaign.ok("withdraw", tile)

    doc = why(campaign)
    drop = decided(doc)["morale drop"]

    assert (drop["facts"]["count"], drop["facts"]["least"]) == (9, 4)
    assert (drop["facts"]["moved"], drop["facts"]["morale_left"]) == (4, 0)
    assert (
        "Morale Drop of 9: 8 cards left in hands (Ann 2, Ben 3, Cy 3), +1 for each "
        "Demoralized player (Ann); at least 4: 9 were due, but the Morale Reserve held only "
        "4: all 4 move to the Trials deck and the Monument shows." in flat(doc["text"])
    )


KNOCK_REFUSALS = [
    # (Ann's Hard Knock, the moves after it, the command refused, its rule, its line says)
    ("prideful", ("play night+snow", "play snow+rain"), "withdraw left", "withdrawal", "Prideful"),
    ("panicked", ("play night+snow", "play snow+rain"), "withdraw", "chance outcome", "Panicked"),
    (
        "absent-minded",
        ("play night+snow", "play snow+rain"),
        "withdraw left",
        "support tile",
        "Absent-minded",
    ),
    (
        "fearful",
        ("withdraw left", "withdraw right", "play shell+gas", "play night+shell"),
        "charm night+shell",
        "forced withdrawal",
        "Fearful",
    ),
]


@pytest.mark.parametrize(("knock", "moves", "command", "rule", "kind"), KNOCK_REFUSALS)
def test_each_refusal_a_players_own_hard_knock_decided_names_that_card(
    table, knock, moves, command, rule, kind
):
    table.ok("play", knock)  # Ann's
    played = newest(table)
    for move in moves:
        table.ok(move)

    doc = refusal_explained(table, command, rule, f"Ann is {kind}")

    fact = deciding(doc)
    assert (fact["player"], fact["card"], fact["entry"]) == ("Ann", knock, played)
    assert f"Ann's Hard Knock {label(knock)} decided it (from #{played})." in flat(doc["text"])


def test_a_refusal_no_hard_knock_decided_names_none(table):
    table.ok("play mute")  # Ann is Mute, but the refusal is about Ben's turn
    table.ok("play night+snow")  # Ben

    doc = refusal_explained(table, "speech gas -p ann", "turn order", "it is Cy's turn")

    assert [f for f in doc["facts"] if f["fact"] == "decided"] == []


def test_a_merry_christmas_refused_for_its_target_says_the_targets_hard_knocks(table):
    table.ok("play mute")  # Ann's, not Ben's
    table.ok("play fragile")  # Ben's
    fragile = newest(table)

    doc = refusal_explained(
        table,
        "play merry-christmas --target ben:mute",
        "merry christmas",
        "Ben has no Mute in front of them",
    )

    knocks = [f for f in doc["facts"] if f["fact"] == "hard_knocks"]
    assert [(f["said"], f["entry"]) for f in knocks] == [("Ben's Hard Knocks: Fragile", fragile)]
    assert "Cy has no Hard Knock" not in flat(doc["text"])  # Cy played it: not his to have


def test_a_support_choice_refused_says_the_beneficiarys_hard_knocks_and_charm(table):
    table.ok("play mute")  # Ann's
    mute = newest(table)
    table.ok("play night+snow")  # Ben
    table.ok("withdraw left")  # Cy's tile to Ann
    table.ok("charm night+snow")  # Ann's charm turns face down
    charm = newest(table)
    table.ok("withdraw right")  # Ben's tile to Ann
    table.ok("withdraw left")  # Ann's to Ben: Ann benefits and chooses

    doc = refusal_explained(
        table, "support --discard fragile", "support", "Ann has no fragile in front of them"
    )

    said = {f["fact"]: (f["said"], f["entry"]) for f in doc["facts"]}
    assert said["hard_knocks"] == ("Ann's Hard Knocks: Mute", mute)
    assert said["charm"] == ("Ann's Good Luck Charm is night, face down", charm)


def test_a_duo_speech_is_explained_with_only_the_other_players_grizzled(grizzled):
    duo = ("-p", "ann:night@Ann", "-p", "bea:snow@Ann", "-p", "cy:rain@Cy", "-p", "dan:gas@Cy")
    grizzled.ok("campaign", "new", "Duo", "--rules", "armistice", *duo)
    grizzled.ok("skip-boot-camp")
    grizzled.ok("briefing 1 --trials 20 --morale 20 --first 2")
    grizzled.ok("chapter start --leader ann --tiles left,left,right,right")
    grizzled.ok("mission start 2")
    for tile in ("left", "left", "right", "right"):
        grizzled.ok("withdraw", tile)  # Bea leads; Ann takes a Speech token
    grizzled.ok("mission start 1")
    for card in ("night+snow", "rain+snow", "gas+shell"):  # Bea, Cy, Dan
        grizzled.ok("play", card)
    grizzled.ok("speech snow --discard cy:snow+gas")  # Ann

    said = decided(why(grizzled))["speech"]

    assert said["facts"]["could_discard"] == ["Cy", "Dan"]  # not Bea: she is Ann's too
    assert (
        "each of the other player's Grizzled still in the Mission (Cy and Dan) may discard "
        "one card of it from hand: Cy discarded snow+gas; Dan discarded nothing" in said["because"]
    )
