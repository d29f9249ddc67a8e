"""The Briefings and Conclusions of ``grizzled box`` are worded by the voice from the facts
the read model keeps (``box --json``'s), not by the read model (issue 29, one voice)."""

from __future__ import annotations

import msgspec

from domain.campaign.briefing import Briefing, Conclusion, RewardRule
from voice.cards import briefing_line, conclusion_line, traps_said


def test_a_briefing_says_whether_traps_are_played_and_why() -> None:
    assert traps_said(5, traps=False, traps_off=True) == "Traps off (the Briefing says so)"
    assert traps_said(5, traps=False, traps_off=False) == (
        "Traps on (the campaign's rule from Chapter 4)"
    )
    assert traps_said(2, traps=False, traps_off=False) == "Traps off"
    assert traps_said(2, traps=True, traps_off=False) == "Traps on"


def test_a_briefing_and_a_conclusion_are_one_line_each_from_their_facts() -> None:
    briefing = Briefing(1, 12, 20, 2, orders=(12,), recruits=(5,), title="Test", notes="N.")
    conclusion = Conclusion(1, (RewardRule("won", 0, 1),), offered=(31, 32))

    said = briefing_line(msgspec.to_builtins(briefing))
    concluded = conclusion_line(msgspec.to_builtins(conclusion))

    assert said.text == (
        "Trials 12, Morale 20, first intensity 2, Traps off, Orders #12, Recruits #5. N."
    )
    assert said.facts == {"chapter": 1, "heading": "chapter 1 'Test'"}
    assert concluded.text == "won, at least 0 Morale left: 1 Helping Hand(s); offers #31, #32"
    assert concluded.facts["heading"] == "chapter 1"
