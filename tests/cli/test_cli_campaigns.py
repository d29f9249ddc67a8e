"""Campaigns: create, list, choose the current one, show (text and JSON)."""

from __future__ import annotations

import pytest

from tests.cli.conftest import SEATS


def test_a_new_campaign_is_created_and_becomes_the_current_one(grizzled):
    out = grizzled.ok("campaign", "new", "Friday", *SEATS)

    assert out.splitlines() == [
        "Campaign 'Friday' created (classic rules): Ann (night), Ben (snow), Cy (rain).",
        "Next: start the first chapter: grizzled chapter start --leader NAME --tiles TILE,TILE,...",
    ]
    assert grizzled.events() == 1
    assert grizzled.ok("campaign", "list") == "* Friday\n"
    assert grizzled.json("status")["campaign"] == "Friday"


def test_an_armistice_campaign_starts_with_boot_camp(grizzled):
    out = grizzled.ok("campaign", "new", "Autumn", "--rules", "armistice", *SEATS)

    assert "(armistice rules)" in out
    assert out.endswith(
        "Next: enter the Briefing of Boot Camp: "
        "grizzled briefing 0 --trials N --morale N --first N\n"
    )
    shown = grizzled.json("campaign", "show")
    assert (shown["ruleset"], shown["next_chapter"], shown["chapter_running"]) == (
        "armistice",
        0,
        False,
    )


def test_charms_may_be_shortened_and_names_are_capitalised(grizzled):
    grizzled.ok("campaign", "new", "Friday", "-p", "ann:n", "-p", "ben:sn", "-p", "cy:sh")

    seats = grizzled.json("campaign", "show")["seats"]
    assert [(s["name"], s["charm"]) for s in seats] == [
        ("Ann", "night"),
        ("Ben", "snow"),
        ("Cy", "shell"),
    ]


def test_a_duo_campaign_records_who_plays_each_grizzled(grizzled):
    duo = ("-p", "ann:night@Ann", "-p", "bea:snow@Ann", "-p", "cy:rain@Cy", "-p", "dan:gas@Cy")
    grizzled.ok("campaign", "new", "Duo", "--rules", "armistice", *duo)

    seats = grizzled.json("campaign", "show")["seats"]
    assert [(s["name"], s["owner"]) for s in seats] == [
        ("Ann", "Ann"),
        ("Bea", "Ann"),
        ("Cy", "Cy"),
        ("Dan", "Cy"),
    ]


def test_campaign_list_marks_the_current_one_and_its_json_is_the_names(campaign):
    campaign.ok("campaign", "new", "Saturday", *SEATS)

    assert campaign.ok("campaign", "list") == "  Friday\n* Saturday\n"
    assert campaign.json("campaign", "list") == ["Friday", "Saturday"]


def test_an_empty_database_lists_no_campaign(grizzled):
    assert grizzled.ok("campaign", "list").startswith("No campaign in ")
    assert grizzled.json("campaign", "list") == []


def test_campaign_use_chooses_the_campaign_the_commands_act_on(campaign):
    campaign.ok("campaign", "new", "Saturday", *SEATS)

    assert campaign.ok("campaign", "use", "friday") == "Current campaign: Friday\n"
    assert campaign.ok("campaign", "list") == "* Friday\n  Saturday\n"
    assert campaign.json("status")["campaign"] == "Friday"


def test_the_campaign_option_and_environment_beat_the_current_one(campaign, monkeypatch):
    campaign.ok("campaign", "new", "Saturday", *SEATS)

    assert campaign.json("-c", "Friday", "status")["campaign"] == "Friday"
    monkeypatch.setenv("GRIZZLED_CAMPAIGN", "Friday")
    assert campaign.json("status")["campaign"] == "Friday"


def test_campaign_show_prints_the_rules_the_grizzled_and_the_chapters(table):
    out = table.ok("campaign", "show")

    assert out.splitlines() == [
        "Friday - classic rules - Ann (night), Ben (snow), Cy (rain)",
        " chapter  result         Morale left  Victory Points  Negative Points ",
        " 1        in progress    20                                           ",
        " total    difference +0               0               0               ",
    ]


def test_campaign_show_json_follows_the_documented_schema(table):
    shown = table.json("campaign", "show", "Friday")

    assert shown == {
        "name": "Friday",
        "ruleset": "classic",
        "seats": [
            {"name": "Ann", "charm": "night", "owner": "Ann"},
            {"name": "Ben", "charm": "snow", "owner": "Ben"},
            {"name": "Cy", "charm": "rain", "owner": "Cy"},
        ],
        "chapter": 1,
        "chapter_running": True,
        "next_chapter": 2,
        "results": [],
        "helping_hands": [],
        "unclaimed": [],
        "bans": [],
        "victory_points": 0,
        "negative_points": 0,
        "chapters": [  # each chapter's Grizzled as chosen at its start
            {
                "chapter": 1,
                "grizzled": [
                    {"name": "Ann", "charm": "night"},
                    {"name": "Ben", "charm": "snow"},
                    {"name": "Cy", "charm": "rain"},
                ],
            }
        ],
        "checkpoints": [],  # no chapter has ended yet
    }


@pytest.mark.parametrize(
    ("seat", "says"),
    [
        ("ann", "write NAME:CHARM"),
        (":night", "write NAME:CHARM"),
        ("ann:fog", "the charm is one of night, snow, rain, shell, gas, whistle"),
        ("ann:s", "the charm is one of"),
    ],
)
def test_a_mistyped_seat_is_a_usage_error(grizzled, seat, says):
    line = grizzled.refused(
        "campaign", "new", "Friday", "-p", seat, "-p", "ben:snow", "-p", "cy:rain", code=2
    )

    assert says in line
    assert "(grizzled campaign new --help)" in line


def test_a_campaign_needs_its_players(grizzled):
    line = grizzled.refused("campaign", "new", "Friday", code=2)

    assert "Missing option '-p' / '--player'" in line


def test_the_rules_refuse_a_table_they_do_not_allow(grizzled):
    two = ("-p", "ann:night", "-p", "ben:snow")

    line = grizzled.refused("campaign", "new", "Pair", "--rules", "armistice", *two)

    assert "Armistice chapters are for 3 or 4 Grizzled" in line
    line = grizzled.refused("campaign", "new", "Twins", "-p", "ann:night", "-p", "ANN:snow")
    assert "every Grizzled needs a different name" in line


def test_a_campaign_name_is_taken_once(campaign):
    line = campaign.refused("campaign", "new", " friday ", *SEATS)

    assert line == "Error: a campaign called 'friday' already exists"
