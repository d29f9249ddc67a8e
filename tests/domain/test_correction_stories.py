"""Corrections that cover the table (issue 14), the kinds tests/domain/test_corrections.py
does not tell: for each, a situation played from a real setup, the correction, and the
check it triggers (or that none fires when none could), with what it says in words.

Between them the two files tell a story for every fact ``correct --help`` lists (the last
test here checks that), and Solo mode's end of a Mission: a solo Support tile is due.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.chapter.commands import (
    MakeSpeech,
    PlayCard,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.chapter.corrections import CorrectFact, decide_correction
from domain.chapter.fact_words import fact_sentence
from domain.chapter.facts import correctable
from domain.chapter.state import ChapterState, Phase
from domain.engine import execute
from domain.errors import RuleViolation
from domain.events import (
    ChapterLost,
    FactCorrected,
    LeadershipPassed,
    MissionFailed,
    MissionStarted,
    SupportRevealed,
)
from domain.modules.recruits import PlayRecruitCard
from domain.modules.recruits.state import recruit_in_play
from domain.modules.solo.commands import DrawSoloSupport
from domain.modules.solo.rules import SoloMissionEnded, SoloSupportDrawn
from tests.domain.builders import kinds, run, start
from tests.domain.module_builders import prepare
from tests.domain.modules.recruits.test_recruits import recruit_in, round_of_plays
from tests.domain.modules.solo.test_solo import solo_chapter
from tests.domain.test_corrections import (
    HANDS,
    RESOLVED,
    correct,
    everyone_out,
    refused,
    two_shells_down,
)

ONE_EACH = {"Ann": ["night+shell"], "Ben": ["snow+gas"], "Cy": ["rain+whistle"]}
DECK_LEFT = ("snow+whistle", "snow+whistle")  # the Trials deck after the deal


def said(state: ChapterState, fact: str, value: str | int | None, who: str | None = None) -> str:
    """What a correction says it set, in words (the sentence the CLI prints)."""
    return fact_sentence(FactCorrected(fact, who, value, "the table says so"), state.catalogue)


def everyone_played_and_out() -> ChapterState:
    """One card each, all played, everyone out: hands are empty between Missions and the
    Trials deck holds its 2 cards and the 3 of the Morale Drop."""
    state, _ = run(
        start(ONE_EACH, then=DECK_LEFT),
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "rain+whistle"),
    )
    state, _ = everyone_out(state)
    assert state.phase == Phase.PREPARATION and state.cards_in_hands == 0
    return state


# --- Counts: the Trials deck, the stock, a hand, a player's tokens -------------------------
def test_the_trials_deck_counted_empty_with_empty_hands_between_missions_is_peace():
    state = everyone_played_and_out()
    assert len(state.trials) == 5

    state, events = correct(state, "trials", 0, "the Morale Drop was not made")

    assert events == ["FactCorrected", "ChapterWon"]
    assert state.outcome == "won"
    assert said(state, "trials", 0) == "the Trials deck holds 0 cards"


def test_the_trials_deck_counted_empty_during_a_mission_waits_for_the_victory_check():
    """Victory is looked at after Support: during a Mission nothing is decided yet."""
    state, _ = run(start(ONE_EACH, then=DECK_LEFT), PlayCard("Ann", "night+shell"))

    state, events = correct(state, "trials", 0, "we counted the deck")

    assert events == ["FactCorrected"] and state.phase == Phase.MISSION
    state, _ = run(state, PlayCard("Ben", "snow+gas"), PlayCard("Cy", "rain+whistle"))
    state, events = everyone_out(state)
    assert kinds(events)[-1] == "ChapterWon"


def test_an_empty_speech_token_stock_gives_the_former_leader_nothing_when_the_token_passes():
    state = start(HANDS)

    state, events = correct(state, "stock", 0, "the stock was empty")

    assert events == ["FactCorrected"]  # nothing to decide until the leadership passes
    assert said(state, "stock", 0) == "the stock holds 0 Speech tokens"
    state, events = everyone_out(state)
    assert events[-1] == LeadershipPassed("Ben", None)
    assert refused(state, "stock", 0) == (
        "The stock already holds 0 Speech tokens: nothing to correct"
    )


def test_a_hand_corrected_to_make_13_cards_in_hands_loses_an_armistice_chapter_at_once():
    """Decision 2: 13 or more cards in hands together lose the chapter, whenever it happens."""
    state, _ = run(prepare(HANDS), StartMission(3))
    assert state.cards_in_hands == 9

    state, events = correct(state, "hand", 7, "Ann drew four cards nobody logged", "Ann")

    assert events == ["FactCorrected", "ChapterLost"]
    assert state.outcome == "hands" and state.outcome_detail == "13 cards in hands (13 or more)"
    assert said(state, "hand", 7, "Ann") == "Ann holds 7 cards"


def test_a_bigger_hand_in_a_classic_chapter_decides_nothing_and_stays_a_count():
    state = start(HANDS)

    state, events = correct(state, "hand", 8, "Ann drew cards", "Ann")

    assert events == ["FactCorrected"]
    ann = state.player("Ann")
    assert (len(ann.hand), ann.hidden) == (3, 5)  # the 3 cards seen stay seen
    assert refused(state, "hand", 2, "Ann") == (
        "Ann holds 3 cards everyone has seen: the hand cannot be smaller"
    )


def test_a_speech_token_corrected_into_a_hand_can_be_spent_at_once():
    state, _ = run(start(HANDS), PlayCard("Ann", "night+shell"))
    speech = MakeSpeech("Ben", "gas", (("Cy", "snow+gas"),))
    with pytest.raises(RuleViolation):
        execute(state, speech)

    state, events = correct(state, "tokens", 1, "Ben kept his token from last chapter", "Ben")

    assert events == ["FactCorrected"]
    assert said(state, "tokens", 1, "Ben") == "Ben holds 1 Speech token"
    new, state = execute(state, speech)
    assert kinds(new) == ["SpeechMade"] and state.player("Ben").speech_tokens == 0


# --- A Good Luck Charm, a withdrawal, the turn, the Mission Leader -------------------------
def test_a_charm_turned_down_cannot_be_used_and_one_turned_up_twice_is_refused():
    state, _ = run(start(HANDS), PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+shell"))

    state, events = correct(state, "charm", "down", "Cy used it last Mission", "Cy")

    assert events == ["FactCorrected"] and not state.player("Cy").charm_up
    assert said(state, "charm", "down", "Cy") == "Cy's charm is down"
    with pytest.raises(RuleViolation):
        execute(state, UseCharm("Cy", "night+shell"))
    assert refused(state, "charm", "down", "Cy") == "Cy's charm is already down: nothing to correct"


def test_the_active_player_corrected_as_withdrawn_passes_the_turn_on():
    """Ann withdrew and nobody logged it: it is Ben's turn, and the Mission goes on."""
    state = start(HANDS)

    state, events = correct(state, "withdrawn", "yes", "Ann had left the Mission", "Ann")

    assert events == ["FactCorrected"]
    assert state.player("Ann").withdrawn and state.active_player.name == "Ben"
    assert said(state, "withdrawn", "yes", "Ann") == "Ann has withdrawn from the Mission"
    with pytest.raises(RuleViolation):
        execute(state, PlayCard("Ann", "rain+shell"))
    assert kinds(execute(state, PlayCard("Ben", "snow+shell"))[0]) == ["CardPlayed"]


def test_the_last_player_in_corrected_as_withdrawn_succeeds_the_mission():
    state, _ = run(start(HANDS), Withdraw("Ann", "left"), Withdraw("Ben", "right"))

    state, events = correct(state, "withdrawn", "yes", "Cy was out too", "Cy")

    assert events == ["FactCorrected", "MissionSucceeded", *RESOLVED]
    assert state.phase == Phase.PREPARATION


def test_a_player_corrected_back_into_the_mission_takes_turns_again():
    state, _ = run(start(HANDS), Withdraw("Ann", "left"))

    state, events = correct(state, "withdrawn", "no", "Ann never withdrew", "Ann")

    assert events == ["FactCorrected"] and not state.player("Ann").withdrawn
    assert state.player("Ann").tiles == ("left", "left", "right")  # her tile is back
    assert state.player("Ann").played_tile is None
    assert said(state, "withdrawn", "no", "Ann") == "Ann is in the Mission"
    state, _ = run(state, PlayCard("Ben", "snow+shell"), PlayCard("Cy", "snow+gas"))
    assert state.active_player.name == "Ann"
    state, _ = everyone_out(state)
    assert refused(state, "withdrawn", "yes", "Ann") == (
        "whether a player has withdrawn from the Mission: only during a Mission"
    )


def test_the_turn_corrected_to_another_player_lets_them_act_and_no_one_withdrawn():
    state, _ = run(start(HANDS), Withdraw("Ann", "left"))

    state, events = correct(state, "turn", None, "Ben had played already", "Cy")

    assert events == ["FactCorrected"] and state.active_player.name == "Cy"
    assert said(state, "turn", None, "Cy") == "it is Cy's turn"
    assert kinds(execute(state, PlayCard("Cy", "rain+whistle"))[0]) == ["CardPlayed"]
    assert refused(state, "turn", None, "Ann") == (
        "Ann has withdrawn from the Mission: not their turn"
    )


def test_the_mission_leader_corrected_between_missions_starts_the_next_one():
    state, _ = everyone_out(start(HANDS))
    assert state.players[state.leader].name == "Ben"

    state, events = correct(state, "leader", None, "Cy took the token", "Cy")

    assert events == ["FactCorrected"]
    new, _ = execute(state, StartMission(3))
    assert new[0] == MissionStarted(2, "Cy", 3)


# --- No Man's Land and the Hard Knocks ---------------------------------------------------
def test_a_third_shell_added_to_no_mans_land_fails_the_mission():
    state = two_shells_down()

    state, events = correct(state, "nml-add", "rain+shell", "Cy's card went down unlogged")

    assert events == ["FactCorrected", "MissionFailed", *RESOLVED]
    assert said(state, "nml-add", "rain+shell") == "rain+shell is in No Man's Land"
    assert state.mission_failed and state.nml == ()


def test_no_card_is_added_to_no_mans_land_between_missions():
    """No Man's Land is emptied when a Mission ends: a card corrected into it then would
    lie there into the next Mission."""
    state, _ = everyone_out(start(HANDS))

    assert refused(state, "nml-add", "rain+shell") == (
        "a card in No Man's Land nobody logged: only during a Mission"
    )
    assert refused(state, "hand-to-nml", "rain+shell", "Ann") == (
        "a card from a player's hand to No Man's Land: only during a Mission"
    )


def test_a_card_taken_out_of_no_mans_land_leaves_two_shells_and_the_mission_goes_on():
    state, _ = run(start(HANDS), PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+shell"))

    state, events = correct(state, "nml-remove", "snow+shell", "Ben took it back")

    assert events == ["FactCorrected"]
    assert state.nml == ("night+shell",) and state.discard == ("snow+shell",)
    assert said(state, "nml-remove", "snow+shell") == (
        "snow+shell left No Man's Land for the discard"
    )
    state, _ = run(state, PlayCard("Cy", "snow+gas"))
    new, state = execute(state, PlayCard("Ann", "rain+shell"))  # two shells: not three
    assert kinds(new) == ["CardPlayed"] and state.phase == Phase.MISSION
    assert refused(state, "nml-remove", "snow+shell") == (
        "there is no snow+shell in No Man's Land to remove"
    )


def test_a_fourth_hard_knock_put_in_front_of_a_player_between_missions_loses_at_once():
    state, _ = everyone_out(start(HANDS))
    for knock in ("mute", "selfish", "tyrannical"):
        state, events = correct(state, "knock-add", knock, "nobody logged it", "Ben")
        assert events == ["FactCorrected"]  # 1, 2, then 3 Hard Knocks: not yet

    state, events = correct(state, "knock-add", "fragile", "and this one", "Ben")

    assert events == ["FactCorrected", "ChapterLost"]
    assert state.outcome_detail == "Ben has 4 Hard Knocks (4 or more)"
    assert said(state, "knock-add", "fragile", "Ben") == "Ben has Fragile in front of them"


def test_a_card_added_unlogged_lies_only_where_its_kind_goes_and_not_twice():
    state = start(HANDS)
    state, _ = correct(state, "knock-add", "mute", "Ann played it unlogged", "Ann")

    assert refused(state, "knock-add", "mute", "Ben") == (
        "no Mute can be added: its only copy is already face up on the table"
    )
    assert refused(state, "knock-add", "night+snow", "Ben") == (
        "night+snow is not a Hard Knock: it is never put in front of anyone"
    )
    assert refused(state, "nml-add", "mute") == (
        "Mute is not a Threat card: it never lies in No Man's Land"
    )


def test_a_hard_knock_taken_away_during_a_mission_saves_the_chapter_at_its_end():
    state = start(HANDS)
    for knock in ("mute", "demoralized", "fearful", "tyrannical"):
        state, _ = correct(state, "knock-add", knock, "last Mission's", "Ann")
    assert state.hard_knock_weight(state.player("Ann")) == 4

    state, events = correct(state, "knock-remove", "mute", "a Merry Christmas took it", "Ann")

    assert events == ["FactCorrected"]
    assert state.player("Ann").hard_knocks == ("demoralized", "fearful", "tyrannical")
    assert state.discard == ("mute",)
    assert said(state, "knock-remove", "mute", "Ann") == "Mute left Ann's Grizzled for the discard"
    state, events = everyone_out(state)
    assert state.phase == Phase.PREPARATION and "ChapterLost" not in kinds(events)
    assert refused(state, "knock-remove", "mute", "Ann") == "Ann has no mute in front of them"


# --- Support tiles -----------------------------------------------------------------------
def test_a_support_tile_that_left_a_player_can_no_longer_be_played():
    state = start(HANDS)

    state, events = correct(state, "tile-remove", "right", "she gave it away", "Ann")

    assert events == ["FactCorrected"] and state.player("Ann").tiles == ("left", "left")
    assert said(state, "tile-remove", "right", "Ann") == (
        "Ann's Support tile 'to the right' left the game"
    )
    with pytest.raises(RuleViolation):
        execute(state, Withdraw("Ann", "right"))
    assert refused(state, "tile-remove", "right", "Ann") == "Ann holds no right Support tile"


def test_a_support_tile_given_to_a_player_is_played_and_counted_at_the_reveal():
    state, _ = run(start(HANDS), PlayCard("Ann", "night+shell"))

    state, events = correct(state, "tile-add", "right", "a Helping Hand gave it", "Ben")
    assert events == ["FactCorrected"]
    state, _ = run(state, Withdraw("Ben", "right"))  # to Ann
    state, events = correct(state, "tile-played", "left", "he laid the other", "Ben")  # to Cy

    assert events == ["FactCorrected"]
    assert said(state, "tile-played", "left", "Ben") == (
        "Ben has played the Support tile 'to the left' face down"
    )
    state, events = everyone_out(state)
    [revealed] = [e for e in events if isinstance(e, SupportRevealed)]
    assert ("Ben", "left", "Cy") in revealed.gifts


# --- The Recruit ---------------------------------------------------------------------------
def test_a_recruit_named_with_no_card_is_refused_it_departs_by_playing_its_last():
    state = recruit_in()

    assert refused(state, "recruit-hand", "") == (
        "name the cards the Recruit holds: it departs only by playing its last card, on its turn"
    )
    state, events = correct(state, "recruit-hand", "rain+shell", "it holds one card")
    assert events == ["FactCorrected"]
    assert said(state, "recruit-hand", "rain+shell") == "the Recruit holds rain+shell face up"
    assert said(state, "recruit-tokens", 2) == "the Recruit carries 2 Morale tokens"

    new, state = execute(round_of_plays(state), PlayRecruitCard("rain+shell"))

    assert kinds(new) == ["RecruitPlayed", "RecruitDeparted"] and recruit_in_play(state) is None


# --- Orders of the Day: what an order correction says ------------------------------------
def test_an_order_correction_names_the_order():
    state = prepare(HANDS, orders=(902, 901))

    assert said(state, "order-add", 902) == (
        "Order of the Day #902 (Synthetic order B: shelling) is in No Man's Land"
    )
    assert said(state, "order-remove", 901) == (
        "Order of the Day #901 (Synthetic order A: quiet sector) is cancelled and discarded"
    )


# --- Solo mode: a Mission a correction ends draws a solo Support tile -----------------------
SOLO_SHELLS = ["night+shell", "snow+shell", "rain+whistle"]


def test_in_solo_a_third_shell_added_fails_the_mission_and_a_solo_tile_is_drawn_next():
    """Ann and Ben played a shell each; the table put a third shell down unlogged. The
    Mission fails, the token rests on Cy (whose turn it was) and a solo Support tile is
    due: the draw the engine asks for next is accepted, and the resolution follows."""
    state, _ = run(
        solo_chapter(SOLO_SHELLS), PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+shell")
    )

    o = decide_correction(state, CorrectFact("nml-add", "rain+shell", "it went down unlogged"))

    assert kinds(o.events) == ["FactCorrected", "MissionFailed", "SoloMissionEnded"]
    assert o.events[1] == MissionFailed("shell", o.events[1].trials)
    assert o.events[2] == SoloMissionEnded("Cy")
    assert o.state.phase == Phase.DRAW_SUPPORT
    new, state = execute(o.state, DrawSoloSupport("center"))
    assert new[0] == SoloSupportDrawn("center", "Ben")
    assert kinds(new)[-2:] == ["MoraleDropped", "LeadershipPassed"]
    assert new[-1] == LeadershipPassed("Ann", None)  # the token passes on from Cy
    assert execute(state, StartMission(3))[1].phase == Phase.MISSION


def test_in_solo_the_table_ends_the_mission_and_a_solo_tile_is_due():
    state, _ = run(solo_chapter(SOLO_SHELLS), PlayCard("Ann", "rain+whistle"))

    o = decide_correction(state, CorrectFact("mission-end", "won", "we called it"))

    assert kinds(o.events) == ["FactCorrected", "MissionSucceeded", "SoloMissionEnded"]
    assert o.state.phase == Phase.DRAW_SUPPORT and o.state.discard == ("rain+whistle",)
    assert kinds(execute(o.state, DrawSoloSupport("none"))[0])[0] == "SoloSupportDrawn"


def test_in_solo_every_grizzled_corrected_out_succeeds_the_mission_with_a_solo_tile_due():
    state = solo_chapter(SOLO_SHELLS)
    for name in ("Ann", "Ben"):
        state, events = correct(state, "withdrawn", "yes", "they were out", name)
        assert events == ["FactCorrected"]
    assert state.active_player.name == "Cy"

    state, events = correct(state, "withdrawn", "yes", "Cy too", "Cy")

    assert events == ["FactCorrected", "MissionSucceeded", "SoloMissionEnded"]
    assert state.phase == Phase.DRAW_SUPPORT


def test_in_solo_no_correction_names_a_grizzleds_hand_tokens_or_tiles():
    state = solo_chapter(SOLO_SHELLS)

    assert refused(state, "hand", 4, "Ann") == (
        "in Solo mode the cards are in the single hand, held by no Grizzled: "
        "undo what was logged wrong"
    )
    assert refused(state, "hand-to-nml", "night+shell", "Ann").startswith(
        "in Solo mode the cards are in the single hand"
    )
    assert refused(state, "tokens", 1, "Ann") == (
        "in Solo mode nobody makes a Speech: there are no Speech tokens"
    )
    assert refused(state, "tile-add", "left", "Ann") == (
        "in Solo mode the Grizzled hold no Support tiles: a solo tile is drawn at the Support phase"
    )


# --- Every kind has its story --------------------------------------------------------------
def test_every_fact_a_correction_sets_has_a_story_and_a_sentence():
    """The audit of issue 14: each fact ``correct --help`` lists is corrected in a story
    of this file or of test_corrections.py, and says what it set without falling back on
    the bare "set to"."""
    here = Path(__file__).parent
    stories = (here / "test_corrections.py").read_text() + Path(__file__).read_text()
    state = start(HANDS)
    for fact in correctable():
        assert f'"{fact}"' in stories, f"no story corrects {fact}"
        assert "set to" not in said(state, fact, 1, "Ann"), fact


def test_a_chapter_declared_lost_keeps_the_tables_reason_as_its_detail():
    state = start(HANDS)

    o = decide_correction(state, CorrectFact("chapter-end", "lost", "  the Briefing said so "))

    assert o.events == [
        FactCorrected("chapter-end", None, "lost", "the Briefing said so"),
        ChapterLost("declared", "the Briefing said so"),
    ]
    assert said(state, "chapter-end", "lost") == "the chapter is declared lost"
    assert said(state, "mission-end", "won") == "the Mission ends now, won"
