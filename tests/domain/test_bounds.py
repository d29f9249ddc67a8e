"""What the box holds bounds every count the rules are told: a deal, a correction, a
Briefing, a Conclusion (domain/limits.py). Beyond it the rules refuse and say the facts."""

from __future__ import annotations

import pytest

from domain.campaign.briefing import (
    Briefing,
    Conclusion,
    EnterBriefing,
    EnterConclusion,
    RewardRule,
    decide_briefing,
    decide_conclusion,
)
from domain.cards.catalogue import base_catalogue
from domain.chapter.commands import Seat, StartChapter, StartMission, Withdraw
from domain.chapter.corrections import CorrectFact, decide_correction
from domain.chapter.evolve import begin
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState
from domain.errors import CampaignRuleViolation, IntensityTooHigh, InvalidCorrection
from domain.events import FactCorrected, MissionStarted
from domain.limits import SPEECH_TOKENS, TRIAL_CARDS
from tests.domain.builders import run, start

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
TILES = ("left", "right", "left")
HANDS = {"Ann": ["night+shell"], "Ben": ["snow+gas"], "Cy": ["rain+whistle"]}


def second_mission() -> ChapterState:
    """Ben leads the second Mission: 5 cards were left in the Trials deck after the first
    deal (one card each) and the Morale Drop moved 3 more onto it."""
    state = start(HANDS, trials=8, morale=20)
    state, _ = run(state, Withdraw("Ann", "left"), Withdraw("Ben", "left"), Withdraw("Cy", "left"))
    assert len(state.trials) == 8
    return state


def test_a_mission_leader_may_deal_more_cards_each_than_the_trials_deck_holds_up_to_the_box():
    state = second_mission()

    with pytest.raises(
        IntensityTooHigh, match=r"^Ben cannot choose intensity 69: the box holds 68 Trial cards$"
    ):
        run(state, StartMission(TRIAL_CARDS + 1))
    state, events = run(state, StartMission(40))  # the deal stops when the deck runs out

    assert events[0] == MissionStarted(2, "Ben", 40)
    assert len(state.trials) == 0


def test_the_first_missions_minimum_stands_even_when_the_trials_deck_holds_fewer_cards():
    setup = StartChapter("classic", SEATS, leader="Ann", trials=2, third_tiles=TILES)
    state = begin(decide_start_chapter(setup, base_catalogue()))  # at least 3 each, 2 cards

    state, events = run(state, StartMission(4))

    assert events[0] == MissionStarted(1, "Ann", 4)
    assert [p.hand_size for p in state.players] == [1, 1, 0]


@pytest.mark.parametrize(
    ("fact", "value", "player", "says"),
    [
        ("trials", 10_000_000, None, "10000000 cards in the Trials deck, but the box holds 68"),
        ("morale", 69, None, "69 cards in the Morale Reserve, but the box holds 68"),
        ("hand", 9_223_372_036_854_775_807, "Ann", "the box holds 68"),
        ("stock", 6, None, "6 Speech tokens left in the stock, but the box holds 5"),
        ("tokens", 6, "Ben", "6 Speech tokens a player holds, but the box holds 5"),
    ],
)
def test_a_correction_cannot_count_more_than_the_box_holds(fact, value, player, says):
    state = second_mission()

    with pytest.raises(InvalidCorrection, match=f"^correction of {fact}: .*{says}$"):
        decide_correction(state, CorrectFact(fact, value, "miscounted", player))


def test_a_correction_may_count_everything_the_box_holds():
    state = second_mission()

    trials = decide_correction(state, CorrectFact("trials", TRIAL_CARDS, "miscounted"))
    stock = decide_correction(state, CorrectFact("stock", SPEECH_TOKENS, "miscounted"))

    assert trials.events == [FactCorrected("trials", None, TRIAL_CARDS, "miscounted")]
    assert (len(trials.state.trials), stock.state.speech_stock) == (TRIAL_CARDS, SPEECH_TOKENS)


@pytest.mark.parametrize(
    ("briefing", "says"),
    [
        (Briefing(1, 40, 29, 2), "Trials 40 \\+ Morale 29 do not fit in the box's 68 Trial cards"),
        (Briefing(1, 25, 40, 40), "first intensity 40, but the Trials deck holds 25 cards"),
        (Briefing(1, 25, 40, 2, speech_tokens=6), "6 Speech tokens \\(the box holds 5\\)"),
    ],
)
def test_a_briefing_beyond_the_box_is_refused(briefing, says):
    with pytest.raises(CampaignRuleViolation, match=f"^the Briefing of chapter 1: {says}$"):
        decide_briefing(False, EnterBriefing(briefing))


def test_a_briefing_may_use_every_trial_card_of_the_box():
    entered = decide_briefing(False, EnterBriefing(Briefing(1, 30, TRIAL_CARDS - 30, 30)))

    assert (entered.trials, entered.morale, entered.first_intensity) == (30, 38, 30)


def test_a_reward_rule_cannot_ask_for_more_morale_left_than_the_box_holds():
    rules = (RewardRule("won", TRIAL_CARDS + 1, 1),)

    with pytest.raises(
        CampaignRuleViolation,
        match=r"^the Conclusion of chapter 1: 69 cards left in the Morale Reserve, but the box "
        r"holds 68 Trial cards$",
    ):
        decide_conclusion(False, EnterConclusion(Conclusion(1, rules, (31,))))
