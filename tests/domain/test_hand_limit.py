"""Decision 2 (rules notes), 13 cards in hand: "If the players ever have 13 or more cards in
hand collectively, the game is lost!" (Armistice rulebook, The Orders of the Day, right
where the Mission Leader may deal more than the Order's minimum). Checked whenever cards
enter hands (the deal, a draw from an Order's cancellation, a card effect, a correction)
and again at step 5 (test_resolution.py); Helping Hands in hand do not count. The classic
game has no such defeat.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.campaign.briefing import (
    Briefing,
    Conclusion,
    EnterBriefing,
    EnterConclusion,
    RewardRule,
)
from domain.campaign.flow import (
    CampaignCommand,
    CampaignState,
    decide_campaign,
    decide_create_campaign,
    evolve_campaign,
    start_campaign,
)
from domain.campaign.oneshot import ONE_SHOT
from domain.campaign.rewards import AwardHelpingHands, SkipBootCamp
from domain.cards.box import DescribeHelpingHand
from domain.cards.catalogue import HelpingHandCard
from domain.chapter.commands import (
    Command,
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    Withdraw,
)
from domain.chapter.corrections import CorrectFact, decide_correction
from domain.chapter.moments import Module, install
from domain.chapter.outcome import Outcome
from domain.chapter.state import Phase
from domain.events import CardPlayed, CardsDealt, CardsDrawn, ChapterLost, MissionStarted
from domain.legal import legal_actions
from domain.modules import MODULES
from domain.modules.orders import CancelOrder, OrderCancelled, OrderChosen, kept_orders
from tests.domain.builders import kinds, run, start
from tests.domain.module_builders import prepare

FOUR_EACH = {
    "Ann": ["night+shell", "night+gas", "night+whistle", "snow+shell"],
    "Ben": ["snow+gas", "snow+whistle", "rain+shell", "rain+gas"],
    "Cy": ["rain+whistle", "night+snow", "snow+rain", "night+rain"],
    "Dee": ["shell+whistle", "gas+whistle", "shell+gas", "night+shell"],
}
THREE_EACH = {name: cards[:3] for name, cards in FOUR_EACH.items()}
THREE_OF_FOUR = {name: FOUR_EACH[name] for name in ("Ann", "Ben", "Cy")}


def test_a_four_by_four_deal_leaving_sixteen_cards_loses_at_once_before_any_action():
    """ "If the players ever have 13 or more cards in hand collectively, the game is lost!"
    The Mission Leader deals 4 cards to each of 4 Grizzled: 16 cards in hand."""
    state = prepare(FOUR_EACH)

    state, events = run(state, StartMission(4))

    assert events[0] == MissionStarted(1, "Ann", 4)
    assert isinstance(events[1], CardsDealt)
    assert events[2:] == (ChapterLost("hands", "16 cards in hands (13 or more)"),)
    assert (state.phase, state.outcome) == (Phase.OVER, "hands")
    assert legal_actions(state) == ()


def test_twelve_cards_in_hands_after_a_deal_go_on():
    """ "If the players ever have 13 or more cards in hand collectively, the game is lost!"
    12 is fewer: the Mission begins with the leader's turn."""
    state = prepare(THREE_EACH)

    state, events = run(state, StartMission(3))

    assert kinds(events) == ["MissionStarted", "CardsDealt"]
    assert state.cards_in_hands == 12
    assert state.phase == Phase.MISSION and state.active_player.name == "Ann"


def test_cards_drawn_when_an_order_is_cancelled_that_reach_thirteen_lose_at_once():
    """ "If the players ever have 13 or more cards in hand collectively, the game is lost!"
    A lasting Order's cancellation makes Ann draw a card: 12 + 1 = 13 cards in hand."""
    state = prepare(THREE_OF_FOUR, orders=(902, 901), then=["gas+whistle", "shell+gas"])
    state, _ = run(state, StartMission(4, options=kept_orders(902, 901)), Withdraw("Ann", "left"))
    assert state.cards_in_hands == 12

    state, events = run(state, CancelOrder(902, "Ann withdrew and draws a card", "Ann", 1))

    assert events == (
        OrderCancelled(902, "Ann withdrew and draws a card", "Ann", ("gas+whistle",)),
        ChapterLost("hands", "13 cards in hands (13 or more)"),
    )
    assert (state.phase, state.outcome) == (Phase.OVER, "hands")
    assert state.nml == ()  # nothing was played: the Mission stood where it was


def test_a_cancellation_that_leaves_twelve_cards_in_hand_goes_on():
    """ "If the players ever have 13 or more cards in hand collectively, the game is lost!"
    Ann played a card first: 11 + 1 = 12."""
    state = prepare(THREE_OF_FOUR, orders=(902, 901), then=["gas+whistle", "shell+gas"])
    state, _ = run(
        state, StartMission(4, options=kept_orders(902, 901)), PlayCard("Ann", "night+gas")
    )

    state, events = run(state, CancelOrder(902, "a card to draw", "Ben", 1))

    assert kinds(events) == ["OrderCancelled"]
    assert state.cards_in_hands == 12 and state.phase == Phase.MISSION


def test_a_hand_corrected_up_to_thirteen_cards_together_loses_at_once():
    """ "If the players ever have 13 or more cards in hand collectively, the game is lost!"
    The table is right: Dee holds 4 cards, not 3, and the hands hold 13."""
    state = prepare(THREE_EACH)
    state, _ = run(state, StartMission(3))

    o = decide_correction(state, CorrectFact("hand", 4, "Dee was dealt a card too many", "Dee"))

    assert kinds(o.events) == ["FactCorrected", "ChapterLost"]
    assert o.events[-1] == ChapterLost("hands", "13 cards in hands (13 or more)")
    assert o.state.outcome == "hands"


def test_a_card_effect_that_draws_the_thirteenth_card_loses_at_once(
    drawing_effect: list[str],
):
    """ "If the players ever have 13 or more cards in hand collectively, the game is lost!"
    A card effect (a module's hook after the action) makes the player draw 2 cards."""
    state = prepare(THREE_EACH, then=["night+whistle", "snow+gas"])
    state, _ = run(state, StartMission(3))

    state, events = run(state, PlayCard("Ann", "night+shell"))

    assert events == (
        CardPlayed("Ann", "night+shell"),
        CardsDrawn("Ann", ("night+whistle", "snow+gas"), "test effect"),
        ChapterLost("hands", "13 cards in hands (13 or more)"),
    )
    assert drawing_effect == ["Ann drew 2"]


@pytest.fixture
def drawing_effect() -> Iterator[list[str]]:
    """A fake card effect installed beside the real modules: after each action the player
    who acted draws 2 Trials cards into their hand."""
    heard: list[str] = []

    def after_action(o: Outcome, cmd: Command) -> None:
        if isinstance(cmd, PlayCard):
            o.emit(CardsDrawn(cmd.player, o.state.trials[:2], "test effect"))
            heard.append(f"{cmd.player} drew 2")

    before = install((*MODULES, ONE_SHOT, Module("Draw two", after_action=after_action)))
    yield heard
    install(before)


def test_the_classic_game_has_no_thirteen_card_defeat():
    """The base game's defeats are the Hard Knocks and the Monument: 16 cards dealt to 4
    Grizzled go on, and so does the Mission's end with 16 cards in hand."""
    state = start(FOUR_EACH, ruleset="classic", third_tiles=("left", "left", "right", "right"))
    assert state.cards_in_hands == 16 and state.phase == Phase.MISSION

    for name in FOUR_EACH:
        state, events = run(state, Withdraw(name, "left"))

    assert kinds(events)[-2:] == ["MoraleDropped", "LeadershipPassed"]
    assert state.phase == Phase.PREPARATION


# --- Helping Hands in hand -----------------------------------------------------------------
SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))


def act(state: CampaignState, *commands: CampaignCommand) -> CampaignState:
    for command in commands:
        for event in decide_campaign(state, command):
            state = evolve_campaign(state, event)
    return state


def test_helping_hands_held_do_not_count_towards_the_thirteen_cards():
    """ "Helping Hand cards in a player's hand are ignored for Chapter Defeat Conditions
    purposes." Each Grizzled holds a Helping Hand and is dealt 4 Trial cards: 15 cards in
    hand, 12 of them Trial cards, and the Mission goes on."""
    state = start_campaign(decide_create_campaign("Autumn", "armistice", SEATS))
    state = act(state, SkipBootCamp())
    for number in (41, 42, 43):
        card = HelpingHandCard(number, f"Hand {number}", "event")
        state = act(state, DescribeHelpingHand(card, "our box"))
    state = act(
        state,
        EnterBriefing(Briefing(1, trials=3, morale=20, first_intensity=1)),
        StartChapter("armistice", SEATS, leader="Ann", third_tiles=("left",) * 3),
        StartMission(1),
        *(PlayCard(name, card) for name, card in (("Ann", "night+snow"), ("Ben", "snow+rain"))),
        PlayCard("Cy", "shell+whistle"),
        *(Withdraw(name, "left") for name in ("Ann", "Ben", "Cy")),
        EnterConclusion(Conclusion(1, (RewardRule("won", 0, 3),), (41, 42, 43))),
        AwardHelpingHands(((41, "Ann"), (42, "Ben"), (43, "Cy"))),
        EnterBriefing(Briefing(2, trials=20, morale=20, first_intensity=4)),
        StartChapter("armistice", SEATS, leader="Ann", third_tiles=("left",) * 3),
    )
    assert [len(state.held(seat.name)) for seat in SEATS] == [1, 1, 1]

    state = act(state, StartMission(4))

    chapter = state.chapter
    assert chapter is not None and chapter.phase == Phase.MISSION
    assert chapter.cards_in_hands == 12  # the Helping Hands are the campaign's, not the deal's
    assert state.chapter_running


def test_an_order_kept_with_the_deal_is_shown_before_the_chapter_is_lost():
    """The Order is placed, then the cards are dealt, then the check: the kept Order lies
    in No Man's Land when the 16 cards lose the chapter."""
    state = prepare(FOUR_EACH, orders=(901, 902))

    state, events = run(state, StartMission(4, options=kept_orders(901, 902)))

    assert kinds(events) == ["OrderChosen", "MissionStarted", "CardsDealt", "ChapterLost"]
    assert events[0] == OrderChosen("Ann", 901, 902)
