"""Issue 32, ``why``: stories at a real table, through the command line. Each decision the
rules take by themselves (a Mission failed or won, Support to one player or to nobody on a
tie, a Morale Drop's size, a chapter won or lost four ways, a Trap, a Hard Knock and its
effect) is explained with its rule, its place in the rulebooks, its facts and the log
entries they come from; each family of refusal with its rule; a refusal is kept on this
machine, never in the campaign's record."""

from __future__ import annotations

import json
import os
import random
import sqlite3
from contextlib import closing
from typing import Any

import pytest
from msgspec.structs import replace

from domain.simulate import RandomChance, random_command, random_setup
from tracker.app import Tracker
from tracker.config import data_dir
from voice.rulebook import RULES
from voice.why import always


def why(g: Any, *args: str) -> dict[str, Any]:
    """``why`` as --json gives it, and its text says the same rules and places."""
    doc: dict[str, Any] = g.json("why", *args)
    for decision in doc.get("decisions", []):
        assert decision["rule"]["place"] in " ".join(doc["text"].split())
    return doc


def decided(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The decisions of an entry by their rule's id (the first of each)."""
    return {d["rule"]["rule"]: d for d in reversed(doc["decisions"])}


def newest(g: Any) -> int:
    return int(g.json("log")[-1]["version"])


def test_a_third_shell_with_a_phobia_fails_the_mission_and_why_names_the_cards_and_entries(table):
    table.ok("play phobia-shell")  # Ann's Hard Knock: her Phobia counts while she is in
    knock = newest(table)
    table.ok("play night+shell")  # Ben
    ben = newest(table)
    table.ok("play snow+shell+trap --drawn rain+gas")  # Cy: its Trap draws rain+gas
    failed = newest(table)

    doc = why(table)

    assert doc["about"] == "entry" and doc["entry"] == failed
    rules = decided(doc)
    mission = rules["mission failed"]
    assert mission["facts"]["threat"] == "shell" and mission["facts"]["count"] == 3
    assert mission["facts"]["no_mans_land"] == ["night+shell", "snow+shell+trap"]
    assert mission["facts"]["hard_knocks"] == [["Ann", "phobia-shell"]]
    assert mission["entries"] == [knock, ben, failed]
    assert mission["rule"]["section"] == "End of the Mission"
    assert rules["trap"]["facts"]["card"] == "rain+gas"
    text = " ".join(doc["text"].split())
    assert "3 shell threats were active: night+shell, snow+shell (trap) in No Man's Land" in text
    assert "Ann's Phobia (shell)" in text
    assert "Armistice rulebook, End of the Mission, p.5; base rulebook, End of the Mission" in text
    assert decided(why(table, str(knock)))["hard knock"]["facts"]["card"] == "phobia-shell"


def test_an_order_of_the_day_showing_a_shell_counts_among_the_three(armistice):
    armistice.ok("skip-boot-camp")
    armistice.ok("describe order 12 Shelling --minimum 3:1 --threat shell")
    armistice.ok("describe order 13 Quiet --minimum 3:1")
    armistice.ok("briefing 1 --trials 20 --morale 20 --first 2 --orders 12,13")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 2 --order 12 --back 13")
    kept = newest(armistice)
    armistice.ok("play night+shell")
    armistice.ok("play snow+shell")

    doc = why(armistice)
    failed = decided(doc)["mission failed"]

    assert failed["facts"]["count"] == 3 and failed["facts"]["orders"] == [12]
    assert failed["entries"] == [kept, kept + 1, kept + 2]
    assert "night+shell, snow+shell in No Man's Land and Order of the Day #12" in " ".join(
        doc["text"].split()
    )


def test_support_to_the_player_with_most_tiles_after_a_won_mission_and_the_morale_drop(table):
    table.ok("play mute")  # Ann's Hard Knock: Support will discard it
    mute = newest(table)
    table.ok("withdraw right")  # Ben's tile goes to Ann
    table.ok("withdraw left")  # Cy's to Ann
    table.ok("withdraw left")  # Ann's to Ben
    ended = newest(table)

    doc = why(table)
    rules = decided(doc)

    assert rules["mission succeeded"]["facts"]["withdrew"] == ["Ann", "Ben", "Cy"]
    assert rules["support"]["facts"]["beneficiary"] == "Ann"
    assert rules["support"]["facts"]["received"] == {"Ann": 2, "Ben": 1}
    assert len(rules["support"]["entries"]) == 3  # the three withdrawals
    (used,) = [d for d in doc["decisions"] if d["decision"] == "Support's benefit for Ann"]
    assert used["facts"] == {
        "player": "Ann",
        "discarded": ["mute"],
        "charm_recovered": False,
        "chosen": False,
    }
    assert used["entries"] == [mute, ended]
    drop = rules["morale drop"]
    assert drop["facts"]["count"] == 8
    assert drop["facts"]["cards_in_hands"] == {"Ann": 2, "Ben": 3, "Cy": 3}
    assert drop["facts"]["least"] == 3 and drop["facts"]["most"] is None
    assert drop["facts"]["moved"] == 8 and drop["facts"]["morale_left"] == 12
    assert ended in drop["entries"] and mute - 1 in drop["entries"]  # and the deal


def test_a_tie_for_most_support_helps_nobody_and_why_says_who_tied(table):
    for _ in range(3):
        table.ok("withdraw left")  # each tile to the next player: one each

    doc = why(table)
    support = decided(doc)["support tie"]

    assert support["facts"]["beneficiary"] is None
    assert support["facts"]["received"] == {"Ann": 1, "Ben": 1, "Cy": 1}
    assert "Ann, Ben and Cy tie with 1 each" in " ".join(doc["text"].split())
    assert support["rule"]["section"] == "Mission Resolution: 1. Reveal Support"


def test_four_hard_knocks_lose_the_chapter_and_why_names_the_entries_that_gave_them(table):
    table.ok("play wounded")  # Ann: Wounded counts two
    first = newest(table)
    table.ok("withdraw left")
    table.ok("withdraw right")
    table.ok("play phobia-gas")
    table.ok("play trauma-night")
    last = newest(table)
    table.ok("withdraw left")

    lost = decided(why(table))["hard knocks defeat"]

    assert lost["facts"] == {"reason": "hard-knocks", "detail": "Ann has 4 Hard Knocks (4 or more)"}
    assert {first, last} <= set(lost["entries"])
    assert lost["rule"]["page"] == 7


def test_the_monument_loses_the_chapter_when_the_morale_drop_empties_the_reserve(campaign):
    campaign.ok("chapter start --leader ann --tiles left,right,left --trials 10 --morale 5")
    campaign.ok("mission start 3")
    for tile in ("left", "right", "left"):
        campaign.ok(f"withdraw {tile}")

    rules = decided(why(campaign))

    drop = rules["morale drop"]["facts"]
    assert (drop["count"], drop["moved"], drop["morale_left"]) == (9, 5, 0)  # all it had
    assert rules["monument"]["facts"]["reason"] == "monument"
    assert "Monument" in rules["monument"]["because"]


def test_a_won_boot_camp_is_explained_by_the_victory_condition(armistice):
    armistice.boot_camp(won=True)

    won = decided(why(armistice))["chapter won"]

    assert won["facts"] == {"trials": 0, "cards_in_hands": 0}
    assert won["rule"]["base_section"] == "Victory Condition"


def test_thirteen_cards_dealt_lose_an_armistice_chapter_at_once(armistice):
    armistice.ok("skip-boot-camp")
    armistice.ok("briefing 1 --trials 20 --morale 20 --first 5")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 5 --yes")

    lost = decided(why(armistice))["hands"]

    assert lost["facts"]["detail"] == "15 cards in hands (13 or more)"
    assert lost["rule"]["section"] == "Mission Resolution: 5. Check Chapter"


def test_a_clumsy_player_withdrawing_draws_and_plays_and_why_names_the_hard_knock(table):
    table.ok("play clumsy")
    clumsy = newest(table)
    table.ok("withdraw left")
    table.ok("withdraw right")
    table.ok("withdraw left --drawn night+snow")
    entry = newest(table)

    doc = why(table, str(entry))
    effect = decided(doc)["hard knock effect"]

    assert effect["facts"] == {"player": "Ann", "cause": "clumsy", "card": "night+snow"}
    assert effect["entries"] == [clumsy, entry]
    assert doc["summary"].startswith("Ann withdraws")


def test_a_frenzied_player_draws_two_more_at_the_next_deal_and_why_names_both_entries(campaign):
    campaign.ok("chapter start --leader ann --tiles left,right,left --trials 20 --morale 20")
    campaign.ok("mission start 3")
    campaign.ok("play frenzied")
    frenzied = newest(campaign)
    for _ in range(3):
        campaign.ok("withdraw left")
    campaign.ok("mission start 1")

    effect = decided(why(campaign))["hard knock effect"]

    assert effect["facts"] == {"player": "Ann", "cause": "frenzied", "count": 2}
    assert effect["entries"] == [frenzied, newest(campaign)]


def test_an_entry_where_the_rules_decided_nothing_says_so_and_undo_is_not_an_action(table):
    table.ok("play night+snow")
    played = newest(table)
    table.ok("undo -y")

    assert why(table, str(played))["decisions"] == []
    assert "the rules decided nothing" in why(table, str(played + 1))["text"]
    assert "nothing by themselves" in why(table)["text"]  # nothing decided on the line


def test_why_of_an_entry_past_the_log_is_refused_in_one_line(table):
    line = table.refused("why 99")

    assert line == f"Error: there is no log entry #99: the log ends at #{newest(table)}"


# Each family of refusal, at a real table: what leads to it, the command refused, its rule.
REFUSALS = [
    ((), "play night+snow", "campaign"),
    (
        ("chapter start --leader ann --tiles left,right,left --trials 10 --morale 20",),
        "mission start 2",
        "mission intensity",
    ),
    (
        ("chapter start --leader ann --tiles left,right,left --trials 10 --morale 20",),
        "chapter start --leader ann --tiles left,right,left --trials 10 --morale 20",
        "campaign",
    ),
    ((), "chapter start --leader ann --tiles left,left --trials 10 --morale 20", "setup"),
]
ARMISTICE_REFUSALS = [
    (("describe card 70 night+shell",), "describe card 70 night+rain", "card description"),
    ((), "oneshot start --leader ann --tiles left,right,left", "one-shot game"),
]
TABLE_REFUSALS = [
    ((), "recruit withdraw", "recruits"),
    ((), "order cancel 3", "orders of the day"),
    (("play night+snow+rain",), "play night+snow+rain", "card count"),
    ((), "speech gas", "speech"),
    ((), "play night+snow -p ben", "turn order"),
    ((), "charm night+snow", "good luck charm"),
    ((), "play night+shell+trap", "chance outcome"),
    ((), "withdraw ll", "support tile"),
    ((), "support --discard mute", "support"),
    ((), "mission start 3", "phase"),
    ((), "play night+snow --target ben:mute", "merry christmas"),
    ((), "correct morale 20 -r again", "correction"),
    ((), "withdraw left --drawn night+snow", "cards in hand"),
    (
        ("play fearful", "withdraw left", "withdraw right", "play shell+gas", "play night+shell"),
        "charm night+shell",
        "forced withdrawal",
    ),
]


def refused_and_explained(g: Any, before: tuple[str, ...], command: str, rule: str) -> None:
    for line in before:
        g.ok(line)
    refused = g.refused(command)

    doc = why(g)

    assert doc["about"] == "refusal" and doc["command"] == command
    assert f"Error: {doc['refused']}" == refused
    assert doc["rule"]["rule"] == rule
    assert doc["rule"]["words"] == RULES[rule].words
    text = " ".join(doc["text"].split())
    assert RULES[rule].place() in text and "never in the campaign's record" in text


@pytest.mark.parametrize(("before", "command", "rule"), REFUSALS)
def test_why_explains_a_refusal_before_any_mission_with_its_rule(campaign, before, command, rule):
    refused_and_explained(campaign, before, command, rule)


@pytest.mark.parametrize(("before", "command", "rule"), ARMISTICE_REFUSALS)
def test_why_explains_a_refusal_of_an_armistice_campaign_with_its_rule(
    armistice, before, command, rule
):
    refused_and_explained(armistice, before, command, rule)


@pytest.mark.parametrize(("before", "command", "rule"), TABLE_REFUSALS)
def test_why_explains_a_refusal_during_a_mission_with_its_rule(table, before, command, rule):
    refused_and_explained(table, before, command, rule)


def test_a_refusal_of_the_tracker_is_not_a_rule_of_the_game(table):
    table.refused("revert 99")

    doc = why(table)

    assert doc["rule"] is None
    assert "Not a rule of the game" in doc["text"]


def test_the_refusal_is_kept_on_this_machine_and_forgotten_once_an_action_is_stored(table, db):
    table.refused("speech gas")
    with closing(sqlite3.connect(db)) as conn:
        stored = b"".join(bytes(row[0]) for row in conn.execute("SELECT state FROM stored_events"))

    assert why(table)["about"] == "refusal"
    assert b"Speech token" not in stored  # the refusal's words are not in the record

    table.ok("withdraw left")
    assert why(table)["about"] != "refusal"


def test_y_in_the_table_session_says_why(table):
    result = table.runner.invoke(
        __import__("cli.main", fromlist=["main"]).main, ["table"], input="speech gas\ny\nq\n"
    )

    assert "Why was 'grizzled speech gas -p Ann' refused?" in result.stdout
    assert "Rule (speech)" in result.stdout


@pytest.mark.parametrize(
    ("ruleset", "players", "seed"),
    [
        ("classic", 3, 1),
        ("classic", 5, 2),
        ("armistice", 4, 3),
        ("armistice", 2, 4),
        ("classic", 2, 5),  # the Chaplain's withdrawals
        ("armistice", 1, 6),  # Solo: one hand, its refills and Support tiles
    ],
)
def test_every_decision_of_a_random_chapter_is_explained_by_why_on_its_entry(
    grizzled, db, ruleset, players, seed
):
    rng = random.Random(seed)
    tracker = Tracker(db, chance=RandomChance(rng))
    setup = replace(random_setup(rng, ruleset, players), trials=12, morale=8)
    tracker.create_campaign("Random", ruleset, setup.seats)
    state = tracker.log_action("Random", setup).state
    while state.chapter_running:
        assert state.chapter is not None
        state = tracker.log_action("Random", random_command(state.chapter, rng)).state
    tracker.close()
    log = grizzled.json("log")
    assert len(log) > 10

    for entry in log:
        doc = why(grizzled, str(entry["version"]))
        kinds = [d["rule"]["rule"] for d in doc["decisions"]]
        held = [t for t in entry["events"] if t in always()]
        assert len(kinds) >= len(held), (entry, kinds)
        assert set(kinds) <= set(RULES)
        for decision in doc["decisions"]:
            if decision["rule"]["rule"] == "mission failed":  # every threat that counted
                assert decision["facts"]["count"] >= 3, decision
    last = [e for e in log if why(grizzled, str(e["version"]))["decisions"]][-1]
    assert why(grizzled)["entry"] == last["version"]


def edit_note(**changes: Any) -> None:
    """Change this machine's note of the last refusal, as anyone may."""
    path = os.path.join(data_dir(), "last-refusal.json")
    with open(path, encoding="utf-8") as f:
        noted = json.load(f)
    (key,) = noted
    note = {**noted[key], **changes}
    with open(path, "w", encoding="utf-8") as f:
        json.dump({key: {k: v for k, v in note.items() if v is not None}}, f)


@pytest.mark.parametrize(
    "changes",
    [{"refused": None, "rule": None}, {"rule": ["speech"]}, {"refused": 7}, {"newest": "5"}],
)
def test_a_refusal_note_from_before_why_or_edited_by_hand_is_not_said(table, changes):
    table.refused("speech gas")
    edit_note(**changes)  # the first: a note as the tracker wrote it before why

    assert why(table)["about"] != "refusal"


def test_a_noted_command_is_shown_back_with_its_control_characters_escaped(table):
    table.refused("speech gas")
    edit_note(command="speech gas\x1b[2J")

    doc = why(table)

    assert "\x1b" not in doc["text"] and "\\x1b[2J" in doc["text"]


def test_a_refusal_on_one_campaign_of_the_file_is_not_said_of_another(table):
    table.ok("campaign new Saturday --rules classic -p dan:gas -p eve:shell")
    table.refused("-c Friday speech gas")

    assert why(table, "-c", "Saturday")["about"] != "refusal"
    doc = why(table, "-c", "Friday")
    assert (
        doc["about"] == "refusal" and f"the log still ends at #{doc['entries'][0]}" in doc["text"]
    )
    assert doc["entries"] == [max(e["version"] for e in table.json("-c Friday log"))]
