"""Hints for the active player and the table's warnings, from public information only."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.assist.hints import Hint, hints
from domain.chapter.commands import PlayCard, Withdraw
from tests.domain.assist_tables import played, redealt
from tests.domain.builders import run, start


def kinds(found: tuple[Hint, ...]) -> list[tuple[str, dict[str, object]]]:
    return [(h.kind, h.facts) for h in found]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), data=st.data())
def test_the_hints_are_the_same_whatever_the_hands_hold(seed, steps, data) -> None:  # type: ignore[no-untyped-def]
    state = played(seed, steps)
    down = len(state.trials) + sum(len(p.hand) for p in state.players) + len(state.morale)
    other = redealt(state, data.draw(st.permutations(range(down))))
    assert hints(other) == hints(state)


def test_a_rain_here_is_the_third_once_two_show_and_the_rain_charm_can_take_one() -> None:
    state = start(
        {
            "Ann": ["rain+shell", "mute"],
            "Ben": ["rain+gas", "fragile"],
            "Cy": ["snow+gas", "prideful"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "rain+shell"), PlayCard("Ben", "rain+gas"))
    actions, warnings = hints(state)  # Cy's turn; Cy's charm is rain
    assert ("play-fails", {"threat": "rain", "shown": 2}) in kinds(actions)
    assert ("play-fails", {"threat": "gas", "shown": 1}) not in kinds(actions)
    assert ("charm", {"threat": "rain", "cards": 2}) in kinds(actions)
    assert kinds(warnings) == [("two-alike", {"threat": "rain"})]


def test_a_player_at_three_hard_knocks_is_warned_of_the_fourth() -> None:
    hands: dict[str, Sequence[str]] = {
        "Ann": ["fragile", "prideful", "demoralized", "mute"],
        "Ben": ["night+gas", "shell+whistle", "snow+rain", "fearful"],
        "Cy": ["night+shell", "gas+whistle", "selfish", "panicked"],
    }
    state = start(hands)
    for card in range(3):
        state, _ = run(state, *(PlayCard(name, held[card]) for name, held in hands.items()))
    actions, warnings = hints(state)  # Ann's turn again, one card in hand
    assert ("three-knocks", {"player": "Ann"}) in kinds(warnings)
    assert ("play-knock", {"player": "Ann", "weight": 3}) in kinds(actions)


def test_the_last_one_in_learns_the_mission_succeeds_and_what_morale_it_costs() -> None:
    state = start({"Ann": ["mute"], "Ben": ["fragile"], "Cy": ["prideful"]})
    state, _ = run(state, Withdraw("Ann", "left"), Withdraw("Ben", "left"))
    actions, _ = hints(state)
    withdraw = [h for h in actions if h.kind == "withdraw"]  # the Drop: 3 cards still held
    # the rigged Trials hold only the deal: the other 56 cards are the Morale Reserve
    assert withdraw == [Hint("withdraw", {"player": "Cy", "last": True, "drop": 3, "morale": 56})]


def test_a_morale_reserve_no_bigger_than_the_drop_warns_of_the_monument() -> None:
    state = start(
        {"Ann": ["mute"], "Ben": ["fragile"], "Cy": ["prideful"]}, ruleset="armistice", morale=3
    )
    _, warnings = hints(state)
    assert ("monument", {"drop": 3, "morale": 3}) in kinds(warnings)


def test_twelve_cards_in_hands_warn_that_a_deal_of_one_each_reaches_the_limit() -> None:
    hands: dict[str, Sequence[str]] = {
        "Ann": ["mute", "snow+whistle", "snow+gas", "night+gas"],
        "Ben": ["fragile", "rain+whistle", "night+shell", "snow+shell"],
        "Cy": ["prideful", "shell+gas", "gas+whistle", "rain+gas"],
    }
    state = start(hands, ruleset="armistice")
    _, warnings = hints(state)
    assert ("hand-limit", {"held": 12, "limit": 13}) in kinds(warnings)
    fewer = start({name: cards[:3] for name, cards in hands.items()}, ruleset="armistice")
    assert "hand-limit" not in [h.kind for h in hints(fewer)[1]]


def test_the_last_one_out_with_no_card_left_anywhere_learns_the_chapter_is_won() -> None:
    hands: dict[str, Sequence[str]] = {
        "Ann": ["shell+gas"],
        "Ben": ["night+rain"],
        "Cy": ["snow+whistle"],
    }
    plays = (PlayCard(name, held[0]) for name, held in hands.items())
    state, _ = run(start(hands), *plays, Withdraw("Ann", "left"), Withdraw("Ben", "left"))
    actions, _ = hints(state)  # Cy withdraws last: no card in the Trials nor in a hand
    assert [h for h in actions if h.kind == "withdraw"] == [
        Hint("withdraw", {"player": "Cy", "last": True, "won": True})
    ]
