"""Solo mode and the One-shot game at the table, through the CLI."""

from __future__ import annotations

from tests.cli.conftest import Grizzled

SOLO_SEATS = ("-p", "ann:night@me", "-p", "ben:snow@me", "-p", "cy:rain@me")


def solo(grizzled: Grizzled) -> Grizzled:
    grizzled.ok("campaign", "new", "Alone", "--rules", "armistice", *SOLO_SEATS)
    grizzled.ok(
        "chapter start --variant solo --leader ann --trials 30 --morale 20 --first 3 --traps"
    )
    return grizzled


def test_a_solo_mission_fills_one_hand_and_refills_it_after_a_played_card(grizzled):
    table = solo(grizzled)

    started = table.ok("mission start 3")
    assert "The hand is filled: 3 cards drawn." in started
    played = table.ok("play night+shell")
    assert "Ann plays night+shell from the hand." in played
    assert "The hand is refilled: 1 card drawn." in table.ok("refill")
    board = table.json("status")
    assert board["solo_hand"] == 3
    assert board["turn"] == "Ben"
    assert "The single hand: 3 cards" in table.ok("status")


def test_a_solo_refill_is_refused_once_given_up(grizzled):
    table = solo(grizzled)
    table.ok("mission start 3")
    table.ok("play night+shell")
    table.ok("play snow+gas")  # Ben plays without refilling first: refills are over
    assert "refill" in table.refused("refill").lower()


def test_solo_support_is_the_tile_drawn_at_random(grizzled):
    table = solo(grizzled)
    table.ok("mission start 3")
    table.ok("play night+shell")
    table.ok("refill")
    for _ in range(3):
        table.ok("withdraw")
    drawn = table.ok("solo-support center")
    assert "Solo Support tile drawn: center; Ben benefits." in drawn


def test_a_one_shot_game_needs_its_orders_of_the_day_described(armistice):
    line = armistice.refused(
        "oneshot start --difficulty grizzled --leader ann --tiles left,right,left"
    )
    assert "Order" in line


def test_a_one_shot_helping_hand_is_kept_and_counts_no_victory_point(armistice):
    armistice.ok('describe hand 31 "Test hand 31" action')
    armistice.ok('describe hand 44 "Test hand 44" event')
    kept = armistice.ok("helping keep ann 31 44")
    assert "Ann" in kept
    shown = armistice.json("campaign", "show")
    assert [(h["number"], h["player"]) for h in shown["helping_hands"]] == [(31, "Ann")]
    assert shown["victory_points"] == 0
