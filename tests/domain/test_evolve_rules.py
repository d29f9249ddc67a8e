"""``evolve`` finds each event's rule in one table by its exact class: the chapter's own
(``evolve.RULES``, in the rulebook's order) or a module's, never both, never none; the
engine's front door finds a command's decider alike (``engine.DECIDERS``)."""

from __future__ import annotations

import domain.events as events
from domain.chapter.evolve import RULES
from domain.chapter.moments import INSTALLED
from domain.engine import DECIDERS

# Events that are not a chapter's own: its setup (``begin``) and the campaign's.
NOT_EVOLVED = {events.Event, events.ChapterStarted, events.CampaignCreated}


def test_every_event_of_the_chapter_has_exactly_one_rule() -> None:
    chapter_events = {
        kind
        for kind in vars(events).values()
        if isinstance(kind, type) and issubclass(kind, events.Event) and kind not in NOT_EVOLVED
    }

    assert chapter_events <= set(RULES)
    assert not set(RULES) & set(INSTALLED.evolvers)


def test_the_tables_follow_the_rulebook_a_mission_then_its_actions_then_its_end() -> None:
    order = [kind.__name__ for kind in RULES]

    assert order[:3] == ["MissionStarted", "CardsDealt", "CardPlayed"]
    assert order.index("MissionSucceeded") < order.index("SupportRevealed")
    assert order.index("SupportUsed") < order.index("MoraleDropped") < order.index("ChapterWon")
    assert [kind.__name__ for kind in DECIDERS] == [
        "StartMission",
        "PlayCard",
        "UseCharm",
        "MakeSpeech",
        "Withdraw",
        "ChooseSupport",
    ]
