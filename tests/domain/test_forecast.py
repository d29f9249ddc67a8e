"""Before a deal under the 13-card limit (Decision 2): what it brings into hands, Frenzied's
draw included, and from which intensity it loses the chapter (``domain/forecast.py``)."""

from __future__ import annotations

from domain.chapter.commands import PlayCard, StartMission, Withdraw
from domain.chapter.state import Phase
from domain.events import ChapterLost
from domain.forecast import DealForecast, deal_forecast, hands_after_deal, third_threat
from tests.domain.builders import run, start

HANDS = {
    "Ann": ["frenzied", "snow+rain"],
    "Ben": ["night+rain", "gas+whistle"],
    "Cy": ["rain+shell", "night+whistle"],
}


def a_frenzied_ann_between_missions():  # type: ignore[no-untyped-def]
    """Armistice, 30 Trials cards: Ann plays Frenzied, everyone withdraws holding 5 cards."""
    state = start(HANDS, ruleset="armistice", trials=30)
    state, _ = run(state, PlayCard("Ann", "frenzied"))
    while state.phase == Phase.MISSION:
        assert state.active_player is not None
        state, _ = run(state, Withdraw(state.active_player.name, "left"))
    return state


def test_the_forecast_counts_frenzieds_draw_and_the_first_losing_intensity():
    state = a_frenzied_ann_between_missions()

    forecast = deal_forecast(state)

    assert forecast == DealForecast(held=5, low=1, added=5, limit=13, losing=2)


def test_the_forecast_is_what_the_deal_then_brings():
    state = a_frenzied_ann_between_missions()

    for intensity in (1, 2):
        dealt, events = run(state, StartMission(intensity))
        lost = any(isinstance(e, ChapterLost) for e in events)
        counted = hands_after_deal(state, intensity)
        assert lost == (counted >= 13)
        if not lost:
            assert dealt.cards_in_hands == counted


def test_the_base_game_has_no_forecast():
    state = start(HANDS)
    state, _ = run(state, PlayCard("Ann", "frenzied"))

    assert deal_forecast(state) is None


def test_a_card_showing_a_third_identical_threat_is_told():
    state = start(HANDS)
    state, _ = run(state, PlayCard("Ann", "snow+rain"), PlayCard("Ben", "night+rain"))

    assert third_threat(state, "rain+shell") == "rain"
    assert third_threat(state, "night+whistle") is None
