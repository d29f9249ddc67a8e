"""Issue 44, as a table lives it: an Order of the Day that beats a Hard Knock (and `why`
says so), an Order cancelled with the cards an empty Trials deck gives, and `campaign
show` giving each chapter's Grizzled as chosen at its start."""

from __future__ import annotations

from tests.cli.conftest import SEATS, Grizzled


def armistice(grizzled: Grizzled) -> Grizzled:
    """An Armistice campaign of Ann (night), Ben (snow) and Cy (rain), Boot Camp skipped."""
    grizzled.ok("campaign", "new", "Armistice", "--rules", "armistice", *SEATS)
    grizzled.ok("skip-boot-camp")
    return grizzled


def test_an_order_forbidding_rain_beats_hardheaded_at_the_table_and_why_says_so(
    grizzled: Grizzled,
) -> None:
    """Ann holds rain+shell and rain+gas (the tool has not seen them): the Order forbids
    playing them, Hardheaded forbids withdrawing with 2 cards. "In case of conflict with a
    Hard Knock, the Order of the Day has priority": Ann withdraws."""
    g = armistice(grizzled)
    g.ok("describe order 1 O1 --forbid play:rain")
    g.ok("describe order 2 O2")
    g.ok("briefing 1 --trials 20 --morale 20 --first 3 --orders 1,2")
    g.ok("chapter start --leader ann --tiles left,right,left")
    g.ok("mission start 3 --order 1 --back 2")
    for card in ("hardheaded", "snow+shell", "shell+whistle"):
        g.ok("play", card)

    assert "withdraw" in g.ok("status").splitlines()[-2]  # Ann may: ...; withdraw.
    g.refused("play rain+shell")  # the Order still forbids the card
    said = g.ok("withdraw left")
    assert said.startswith("Ann withdraws")

    why = g.json("why 11")
    (decision,) = why["decisions"]
    assert decision["rule"]["rule"] == "order priority"
    assert decision["facts"] == {
        "player": "Ann",
        "gave_way": "Ann is Hardheaded: no withdrawal while holding 2 cards (2 or more)",
        "orders": ["Order #1 O1"],
    }
    text = " ".join(g.ok("why").split())
    assert text.startswith(
        "Why #11 (Ann withdraws)? Ann withdrew: Ann is Hardheaded: no withdrawal while holding "
        "2 cards (2 or more); Order #1 O1 forbids every other action Ann had (every card in "
        "Ann's hand may be one it forbids): the Order of the Day has priority and the Hard "
        "Knock gave way."
    )
    assert "The Orders of the Day" in text


def test_an_order_is_cancelled_with_the_cards_an_empty_deck_gives(grizzled: Grizzled) -> None:
    """The book: "if the Trials Deck doesn't contain enough cards, the Order of the Day is still
    cancelled": the deal emptied the deck, Ann withdraws and draws none."""
    g = armistice(grizzled)
    g.ok(
        "describe order 1 Runner --lasting 'draw 3 when withdrawing' --rule cancel:withdraw-draw:3"
    )
    g.ok("describe order 2 O2")
    g.ok("briefing 1 --trials 9 --morale 20 --first 3 --orders 1,2")
    g.ok("chapter start --leader ann --tiles left,right,left")
    g.ok("mission start 3 --order 1 --back 2")
    g.ok("withdraw left")

    refused = g.refused("order cancel 1 -p ann --draws 3")
    assert "the Trials deck holds 0 cards, so 3 cannot be drawn" in refused
    assert "(--draws 0)" in refused
    g.ok("order cancel 1 -p ann --draws 0")
    board = g.json("status")
    assert board["orders_in_play"] == [] and board["players"][0]["hand"] == 3


def test_campaign_show_gives_each_chapters_grizzled_as_chosen_at_its_start(
    grizzled: Grizzled,
) -> None:
    """The book: "At the beginning of each Chapter, each player chooses a Grizzled card": Ann plays
    a rain Grizzled in chapter 1, not the night one of `campaign new`."""
    g = armistice(grizzled)
    g.ok("briefing 1 --trials 20 --morale 20 --first 3")
    g.ok("chapter start --leader ann --tiles left,right,left --grizzled ann:rain")

    shown = g.json("campaign show")
    assert shown["chapters"] == [
        {
            "chapter": 1,
            "grizzled": [
                {"name": "Ann", "charm": "rain"},
                {"name": "Ben", "charm": "snow"},
                {"name": "Cy", "charm": "rain"},
            ],
        }
    ]
    assert "Chapter 1: Ann (rain), Ben (snow), Cy (rain)" in g.ok("campaign show")
