"""Two readings the books leave open (issue 44), each as docs/rules.md records it ("Open
readings"): what the tool does, played out, so the page cannot drift from the engine."""

from __future__ import annotations

import pytest

from domain.chapter.commands import PlayCard, StartMission
from domain.errors import MissingOutcome
from domain.events import CardDrawnAndPlayed, CardPlayed
from domain.modules.luck import luck_spent, unspent_luck
from domain.modules.recruits import entering_recruit
from tests.domain.builders import kinds, run
from tests.domain.module_builders import prepare
from tests.domain.test_luck import ONE_LUCK_TWO_TRAPS, armistice_with_traps

THIRTEEN = {  # 15 cards dealt: the chapter is lost on the deal (Decision 2)
    "Ann": ["night+shell", "rain+gas", "snow+gas", "night+rain", "snow+whistle"],
    "Ben": ["rain+whistle", "night+gas", "snow+shell", "gas+whistle", "night+whistle"],
    "Cy": ["rain+shell", "snow+rain", "night+snow", "shell+whistle", "shell+gas"],
}
RECRUIT_HAND = ["night+snow+rain", "rain+gas"]  # Recruit 952 starts with 2 cards


def test_a_recruit_still_enters_after_a_deal_that_lost_the_chapter_on_thirteen_cards():
    """The book: "At the start of a Mission, after the Trial cards are dealt, a Recruit
    enters play if the following conditions are met" against "If the players ever have
    13 or more cards in hand collectively, the game is lost!": the tool reads the whole
    start of the Mission (the deal, Frenzied's draw, the Recruit's arrival) as one step,
    then checks the 13 cards: the Recruit enters, and a real table names it and its hand
    first."""
    state = prepare(THIRTEEN, then=RECRUIT_HAND, recruits=(952,))
    state, events = run(state, StartMission(5))
    assert kinds(events) == ["MissionStarted", "CardsDealt", "RecruitArrived", "ChapterLost"]
    assert state.outcome == "hands"

    table = prepare(THIRTEEN, then=RECRUIT_HAND, recruits=(952,), known=False)
    with pytest.raises(MissingOutcome, match="say which Recruit is on top"):
        run(table, StartMission(5))
    told = StartMission(5, options=entering_recruit(952, tuple(RECRUIT_HAND)))
    assert kinds(run(table, told)[1])[-2:] == ["RecruitArrived", "ChapterLost"]


def test_a_trap_on_an_empty_trials_deck_still_spends_a_luck():
    """The book: "Each Luck symbol cancels one Trap symbol" against "When the Trials Deck is empty
    ... any card which should be drawn from it is ignored": the tool ignores the card, not
    the Trap, so a Luck in No Man's Land cancels it and is spent; without Luck the Trap
    springs and draws nothing."""
    state = armistice_with_traps(ONE_LUCK_TWO_TRAPS)
    assert state.trials == ()
    state, _ = run(state, PlayCard("Ann", "rain+luck"))

    state, events = run(state, PlayCard("Ben", "night+shell+trap"))
    assert events[0] == CardPlayed("Ben", "night+shell+trap")
    assert luck_spent(state) == ("rain+luck",) and unspent_luck(state) == ()

    state, events = run(state, PlayCard("Cy", "snow+gas+trap"))
    assert events[-1] == CardDrawnAndPlayed("Cy", None, "trap")
