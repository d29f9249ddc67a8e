"""Corrections through the command line (issue 14): each says in words what it set, the
checks it triggers follow as the usual sentences, and one that changes nothing is refused
in one line, recording nothing."""

from __future__ import annotations

from domain.chapter.facts import correctable
from tests.cli.test_cli_complete import complete


def test_correct_help_lists_every_fact_with_what_it_means(grizzled):
    out = " ".join(grizzled.ok("correct", "--help").split())

    for name, fact in correctable().items():
        assert f" {name} " in out, name
        assert " ".join(fact.meaning.split()[:3]) in out, name


def test_a_card_corrected_from_a_hand_to_no_mans_land_fails_the_mission_on_three_shells(table):
    table.ok("play", "night+shell")
    table.ok("play", "snow+shell")

    out = table.ok("correct", "hand-to-nml", "rain+shell", "-p", "cy", "-r", "Cy put it down")

    assert out.splitlines()[:3] == [
        "Correction: rain+shell went from Cy's hand to No Man's Land (Cy put it down).",
        "Mission failed: 3 shell. No Man's Land is shuffled into the Trials deck.",
        "Support: no tile was played.",
    ]
    assert table.json("status")["phase"] == "preparation"


def test_the_morale_reserve_corrected_to_nothing_after_a_mission_shows_the_monument(table):
    for _ in range(3):
        table.ok("withdraw", "left")

    out = table.ok("correct", "morale", "0", "-r", "we used the last card")

    assert out.splitlines()[:2] == [
        "Correction: the Morale Reserve holds 0 cards (we used the last card).",
        "The game is lost: the Morale Reserve is exhausted: the Monument is visible.",
    ]
    assert table.refused("correct", "mission-end", "won", "-r", "x") == (
        "Error: Refused (correction): the chapter is over (monument): nothing is left to end"
    )


def test_the_leader_correction_names_who_holds_the_token(table):
    out = table.ok("correct", "leader", "-p", "ben", "-r", "Ben took it")

    assert out.splitlines()[0] == "Correction: Ben holds the Mission Leader token (Ben took it)."
    assert table.refused("correct", "leader", "-p", "ben", "-r", "again") == (
        "Error: Refused (correction): Ben already holds the Mission Leader token: "
        "nothing to correct"
    )


def test_a_correction_that_changes_nothing_is_refused_in_one_line(table):
    assert table.refused("correct", "charm", "up", "-p", "ann", "-r", "x") == (
        "Error: Refused (correction): Ann's charm is already up: nothing to correct"
    )


def test_ending_the_mission_and_declaring_the_chapter(table):
    out = table.ok("correct", "mission-end", "WON", "-r", "we called it")
    assert out.splitlines()[:2] == [
        "Correction: the Mission ends now, won (we called it).",
        "Mission succeeded: No Man's Land is discarded.",
    ]

    out = table.ok("correct", "chapter-end", "lost", "-r", "we stopped for the night")

    assert out.splitlines()[:2] == [
        "Correction: the chapter is declared lost (we stopped for the night).",
        "The game is lost: we stopped for the night.",
    ]


def test_support_tiles_are_named_by_the_tile_words(table):
    out = table.ok("correct", "tile-add", "r", "-p", "ann", "-r", "a card gave it")

    assert out.splitlines()[0] == (
        "Correction: Ann was given the Support tile 'to the right' (a card gave it)."
    )
    assert table.refused("correct", "tile-add", "zz", "-p", "ann", "-r", "x", code=2) == (
        "Error: Invalid value: 'zz' is not a Support tile (left, right, left2, right2) "
        "(grizzled correct --help)"
    )


def test_completion_offers_the_facts_a_correction_sets():
    assert complete("grizzled correct hand-") == [
        "hand-to-nml",
        "hand-to-discard",
        "hand-to-knock",
    ]
    assert complete("grizzled correct ") == list(correctable())


def test_a_mission_the_table_ends_as_failed_names_no_threat(table):
    table.ok("play night+shell")

    out = table.ok("correct", "mission-end", "failed", "-r", "the Order said so")

    assert "Mission failed (the table ends it). No Man's Land is shuffled" in out


def test_each_correction_says_in_words_what_it_set_and_the_turn_goes_on(table):
    """One Mission, many slips: each correction prints its sentence and the reason; none of
    these can end anything, so the next line is whose turn it is."""
    table.ok("play", "night+shell")
    said = {
        "trials 5": "the Trials deck holds 5 cards",
        "stock 1": "the stock holds 1 Speech token",
        "hand 4 -p ben": "Ben holds 4 cards",
        "tokens 1 -p ben": "Ben holds 1 Speech token",
        "charm down -p cy": "Cy's charm is down",
        "nml-remove night+shell": "night+shell left No Man's Land for the discard",
        "knock-add mute -p ann": "Ann has Mute in front of them",
        "knock-remove mute -p ann": "Mute left Ann's Grizzled for the discard",
        "tile-remove right -p ann": "Ann's Support tile 'to the right' left the game",
        "hand-to-discard snow+gas -p ben": "snow+gas went from Ben's hand to the discard",
        "hand-to-knock wounded -p ben": "Wounded went from Ben's hand in front of them",
        "turn -p cy": "it is Cy's turn",
    }
    for typed, sentence in said.items():
        out = table.ok(f"correct {typed} -r 'the table says so'")

        assert out.splitlines()[0] == f"Correction: {sentence} (the table says so).", typed
        assert out.splitlines()[1].startswith("Next: "), typed


def test_players_corrected_out_pass_the_turn_and_the_last_one_out_ends_the_mission(table):
    table.ok("play", "night+shell")

    out = table.ok("correct", "withdrawn", "yes", "-p", "ben", "-r", "Ben was out")

    assert out.splitlines() == [
        "Correction: Ben has withdrawn from the Mission (Ben was out).",
        "Next: Cy's turn: play CARD or withdraw TILE",
    ]
    assert table.refused("correct", "turn", "-p", "ben", "-r", "x") == (
        "Error: Refused (correction): Ben has withdrawn from the Mission: not their turn"
    )
    table.ok("correct", "withdrawn", "yes", "-p", "cy", "-r", "Cy too")
    out = table.ok("correct", "withdrawn", "yes", "-p", "ann", "-r", "all out")
    assert out.splitlines()[:3] == [
        "Correction: Ann has withdrawn from the Mission (all out).",
        "Mission succeeded: No Man's Land is discarded.",
        "Support: no tile was played.",
    ]


def test_a_fourth_hard_knock_corrected_in_between_missions_loses_the_chapter(table):
    for _ in range(3):
        table.ok("withdraw", "left")
    table.ok("correct", "knock-add", "wounded", "-p", "cy", "-r", "from the last Mission")
    table.ok("correct", "knock-add", "mute", "-p", "cy", "-r", "this one too")

    out = table.ok("correct", "knock-add", "fragile", "-p", "cy", "-r", "and this one")

    assert out.splitlines()[:2] == [
        "Correction: Cy has Fragile in front of them (and this one).",
        "The game is lost: Cy has 4 Hard Knocks (4 or more).",
    ]


def test_in_solo_a_third_shell_corrected_in_ends_the_mission_and_asks_for_the_solo_tile(
    grizzled,
):
    grizzled.ok("campaign new Alone --rules armistice -p ann:night@me -p ben:snow@me -p cy:rain@me")
    grizzled.ok("briefing 0 --trials 30 --morale 20 --first 3 --traps")
    grizzled.ok("chapter start --variant solo --leader ann")
    grizzled.ok("mission start 3")
    grizzled.ok("play night+shell")
    grizzled.ok("play snow+shell")

    out = grizzled.ok("correct nml-add rain+shell -r 'it went down unlogged'")

    assert out.splitlines() == [
        "Correction: rain+shell is in No Man's Land (it went down unlogged).",
        "Mission failed: 3 shell. No Man's Land is shuffled into the Trials deck.",
        "The Mission is over; the token rests on Cy.",
        "Next: draw the solo Support tile: grizzled solo-support TILE",
    ]
    assert grizzled.refused("correct hand 4 -p ann -r x") == (
        "Error: Refused (correction): in Solo mode the cards are in the single hand, held by "
        "no Grizzled: undo what was logged wrong"
    )
    out = grizzled.ok("solo-support center")
    assert out.splitlines()[0] == "Solo Support tile drawn: center; Ben benefits."
    assert grizzled.json("status")["phase"] == "preparation"


def test_the_log_names_the_player_a_correction_was_about(table):
    table.ok("correct", "tokens", "2", "-p", "ben", "-r", "he kept them")
    table.ok("correct", "trials", "9", "-r", "we counted")

    summaries = [entry["summary"] for entry in table.json("log")[-2:]]

    assert summaries == ["correction: tokens 2 -p Ben", "correction: trials 9"]
