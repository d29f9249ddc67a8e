"""Briefings and Conclusions are entered once, as the cards print them, and come back from
their events unchanged."""

from __future__ import annotations

from domain.campaign.briefing import (
    Briefing,
    Conclusion,
    EnterBriefing,
    EnterConclusion,
    RewardRule,
    briefing_of,
    conclusion_of,
    decide_briefing,
    decide_conclusion,
)


def test_a_briefing_comes_back_from_its_event_as_it_was_entered() -> None:
    briefing = Briefing(3, 20, 30, 2, True, (1, 2), (4,), 3, "The Marne", "rain all week")

    event = decide_briefing(True, EnterBriefing(briefing, reason=" misread the Morale "))

    assert briefing_of(event) == briefing
    assert event.reason == "misread the Morale"


def test_a_conclusion_comes_back_from_its_event_as_it_was_entered() -> None:
    rules = (RewardRule("won", 5, 2), RewardRule("any", 0, 1))
    conclusion = Conclusion(3, rules, offered=(7, 8), notes="a quiet sector")

    event = decide_conclusion(False, EnterConclusion(conclusion))

    assert conclusion_of(event) == conclusion
    assert event.rewards == (("won", 5, 2), ("any", 0, 1))
