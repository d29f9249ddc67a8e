"""What an Order of the Day forbids, through the CLI: describe order --forbid, the refusal
naming the Order, and the board's ``legal`` and Next line offering only what is allowed.

The Orders are test cards; their texts are not public and never invented."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled


@pytest.fixture
def forbidding(armistice: Grizzled) -> Grizzled:
    """Chapter 1 of Autumn, Mission 1 started at a real table keeping Order #14, which
    forbids gas cards, Speeches and withdrawing while holding 2 or more cards."""
    armistice.ok("skip-boot-camp")
    armistice.ok(
        'describe order 14 "Test order C" --forbid play:gas --forbid speech '
        '--forbid withdraw-holding:2 --effect "Test text: the rest of the card"'
    )
    armistice.ok('describe order 15 "Test order D"')
    armistice.ok("briefing 1 --trials 12 --morale 20 --first 2 --orders 14,15")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 2 --order 14 --back 15")
    return armistice


def test_an_order_described_with_forbid_refuses_the_actions_it_names(forbidding):
    refusal = "Error: Refused (orders of the day): Order #14 Test order C: "
    assert (
        forbidding.refused("play rain+gas") == refusal + "no card showing gas played this Mission"
    )
    assert forbidding.json("log")[-1]["summary"] == "mission start 2, Order #14"


def test_at_a_real_table_a_hand_that_may_hold_only_forbidden_cards_may_still_withdraw(
    forbidding,
):
    # Ann's two cards are unseen: both may show gas, and then the Order would leave her no
    # action at all. The withdrawal's restriction gives way on her word (the plays do not:
    # above), so the table is never stuck (docs/rules.md, "always a way on").
    out = forbidding.ok("withdraw left")
    assert out.splitlines()[0] == "Ann withdraws, a Support tile face down."


def test_the_board_offers_only_what_the_order_allows(forbidding):
    board = forbidding.json("status")
    legal = board["legal"]

    assert legal["withdraw"] == ["left", "right"] and legal["speech"] is False
    assert legal["play"] and not any("gas" in card for card in legal["play"])
    assert board["next"] == (  # the Order named with what it restricts, not its text
        "Ann's turn: play CARD or withdraw TILE (Order #14 Test order C: no card showing gas "
        "played; no Speech; no withdrawal while holding 2 or more cards)"
    )
    out = forbidding.ok("play", legal["play"][0])
    assert out.splitlines()[0].startswith("Ann plays ")


def test_a_restriction_the_engine_does_not_know_is_refused_with_the_vocabulary(armistice):
    line = armistice.refused('describe order 16 "Test order E" --forbid sing')
    assert line == (
        "Error: Refused (card description): Order of the Day #16: 'sing' is not a "
        "restriction the engine knows (speech, charm, withdraw-holding:N or play:THREAT)"
    )


def test_the_board_says_what_an_order_in_play_forbids(armistice):
    armistice.ok("skip-boot-camp")
    armistice.ok('describe order 21 "Test order" --forbid speech --forbid play:gas')
    armistice.ok('describe order 22 "Test order B"')
    armistice.ok("briefing 1 --trials 10 --morale 20 --first 2 --orders 21,22")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 2 --order 21 --back 22")

    (order,) = armistice.json("status")["orders_in_play"]

    assert order["forbids"] == ["no Speech", "no card showing gas played"]
    assert "forbids: no Speech; no card showing gas played" in armistice.ok("status")
