"""Every argument is bounded: a count by what the box holds, a log entry number by what
SQLite can look up, a text by being valid UTF-8, printable on one line and of a sane
length. A value outside click's range is a usage error (exit 2); a value the rules refuse
is a refusal (exit 1); either way one line says why, quoting the value escaped and cut."""

from __future__ import annotations

import os

import pytest

from cli.params import check_argv
from tests.cli.conftest import SEATS

MISTYPED = 2
REFUSED = 1
USAGE = 2
HUGE = "99999999999999999999999"  # past 64 bits: SQLite cannot even look it up
LATIN_1 = os.fsdecode(b"Fr\xe9d\xe9ric")  # what a Latin-1 terminal sends for Frédéric


@pytest.mark.parametrize(
    ("command", "says"),
    [
        (f"undo --to {HUGE} --yes", f"{HUGE} is not in the range 1<=x<=2147483647."),
        (f"undo {HUGE}", f"{HUGE} is not in the range 1<=x<=2147483647."),
        (f"replay --at {HUGE}", f"{HUGE} is not in the range 1<=x<=2147483647."),
        (f"log --last {HUGE}", f"{HUGE} is not in the range 1<=x<=2147483647."),
        (f"replay --chapter -{HUGE}", f"-{HUGE} is not in the range 0<=x<=2147483647."),
        (f"mission start {HUGE}", f"{HUGE} is not in the range 1<=x<=68."),
        ("chapter start --trials 69", "69 is not in the range 1<=x<=68."),
        ("chapter start --tokens 6", "6 is not in the range 0<=x<=5."),
        ("order cancel 1000 -r met", "1000 is not in the range 1<=x<=999."),
        ("helping play 1000", "1000 is not in the range 1<=x<=999."),
    ],
)
def test_a_number_past_what_the_box_or_the_log_can_hold_is_a_usage_error(table, command, says):
    line = table.refused(command, code=MISTYPED)

    assert says in line


@pytest.mark.parametrize(
    ("command", "says"),
    [
        (f"award {HUGE}:ann", f"'{HUGE}': a card number is a number from 1 to 999"),
        ("award ²:ann", "'²': a card number is a number from 1 to 999"),
        ("conclusion 1 --offer 31,1000", "each from 1 to 999"),
        ("conclusion 1 --reward won:69:1 --offer 31", "the Morale Reserve left is a number"),
        ("conclusion 1 --reward won:0:24 --offer 31", "a number of Helping Hands is a number"),
        ('describe order 12 "T" --minimum 6:2', "a number of players is a number from 1 to 5"),
        ("briefing 1 --trials 3 --morale 3 --first 1 --orders 12,x", "separated by commas"),
    ],
)
def test_a_number_inside_a_word_is_bounded_too(armistice, command, says):
    line = armistice.refused(command, code=MISTYPED)

    assert says in line


def test_a_count_the_rules_cannot_hold_is_refused_and_nothing_is_recorded(table):
    for value in ("9223372036854775807", "10000000"):
        line = table.refused(f"correct trials {value} -r miscounted", code=REFUSED)
        assert line == (
            f"Error: Refused (correction): correction of trials: {value} cards in the Trials "
            "deck, but the box holds 68"
        )
    table.ok("correct trials 68 -r miscounted")  # the whole box


def test_an_intensity_past_the_box_is_refused_and_one_past_the_trials_deck_deals_it_all(campaign):
    campaign.ok("chapter start --leader ann --tiles left,right,left --trials 10 --morale 20")

    line = campaign.refused("mission start 69", code=USAGE)
    campaign.ok("mission start 40")  # the deal stops when the deck runs out (issue 27)

    assert "69" in line and "68" in line
    assert campaign.json("status")["trials"] == 0


def test_the_board_past_the_logs_end_is_refused_with_where_the_log_ends(table):
    line = table.refused("replay --at 2147483647", code=REFUSED)

    assert line == "Error: there is no log entry #2147483647: the log ends at #3"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("X\x1b]0;pwned\x07Y", "'X\\x1b]0;pwned\\x07Y' holds a control character"),
        ("Fri\tday", "'Fri\\tday' holds a control character"),
        ("Fri\u202eday", "'Fri\\u202eday' holds a control character"),
        (LATIN_1, "'Fr\\xe9d\\xe9ric' is not valid UTF-8"),
        ("F" * 41, "is 41 characters long: at most 40"),
    ],
)
def test_a_campaign_name_that_is_not_printable_text_is_refused_escaped(grizzled, name, says):
    line = grizzled.refused("campaign", "new", name, *SEATS, code=MISTYPED)

    assert says in line
    assert "\x1b" not in line and "\x07" not in line


def test_a_player_name_is_bounded_inside_its_seat(grizzled):
    line = grizzled.refused("campaign", "new", "Friday", "-p", f"{'a' * 41}:night", code=MISTYPED)

    assert "a name is at most 40 characters" in line


def test_a_huge_argument_is_quoted_cut_never_echoed_whole(table):
    reason = "x" * 100_000

    line = table.refused("correct", "trials", "12", "-r", reason, code=MISTYPED)

    assert line.startswith("Error: Invalid value for '-r' / '--reason': 'xxx")
    assert "...' is 100000 characters long: at most 2000" in line
    assert len(line) < 200


def test_a_reason_of_a_few_thousand_characters_is_accepted_whole(table):
    reason = "counted again " * 130  # 1820 characters

    said = table.ok("correct", "trials", "12", "-r", reason)

    assert f"Correction: the Trials deck holds 12 cards ({reason.strip()})." in " ".join(
        said.split()
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["status", "--x" + os.fsdecode(b"\xe9")], "argument 2 '--x\\xe9' is not valid UTF-8"),
        (["campaign", "new", "A\0B"], "argument 3 'A\\x00B' holds a NUL character"),
    ],
)
def test_a_raw_argument_that_is_not_utf8_or_holds_a_nul_is_named(args, says):
    assert check_argv(args) == says


def test_ordinary_arguments_pass_the_raw_check():
    assert (
        check_argv(["campaign", "new", "Frédéric", "-p", "ann:night", "--reason", "x\ty"]) is None
    )


def test_a_player_name_matches_ignoring_case_and_accents(grizzled):
    grizzled.ok("campaign", "new", "Soir", "-p", "zoé:night", "-p", "Ben:snow", "-p", "cy:rain")
    grizzled.ok("chapter start --leader ZOE --tiles left,right,left --trials 10 --morale 20")
    grizzled.ok("mission start 3")
    grizzled.ok("play night+shell -p zoe")  # Zoé's turn: written without the accent
    played = grizzled.ok("play snow+gas -p BÉN")  # and an accent where there is none

    assert played.startswith("Ben plays snow+gas")
    assert grizzled.json("status")["leader"] == "Zoé"  # seats are capitalised
    assert "no player 'zed'" in grizzled.refused("play rain+gas -p zed", code=2)
