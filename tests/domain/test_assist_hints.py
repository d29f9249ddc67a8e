"""Hints for the active player and the table's warnings, from public information only."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.assist.hints import Hint, hints, public, trap_risks
from domain.assist.public import played_from_hand, publics_after_play
from domain.assist.public import public as model_of
from domain.assist.unseen import next_draw
from domain.cards.catalogue import base_catalogue
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


def legal_moves(state):  # type: ignore[no-untyped-def]
    """The active player's legal commands, asked of the engine apart from the hints."""
    from domain.legal import legal_actions

    player = state.active_player
    return [c for c in legal_actions(state) if getattr(c, "player", None) == player.name]


def named_move_is_legal(state, hint: Hint) -> bool:  # type: ignore[no-untyped-def]
    from domain.chapter.commands import MakeSpeech, UseCharm

    moves = legal_moves(state)
    cards = state.catalogue.cards
    keys = [c.card for c in moves if isinstance(c, PlayCard)]
    facts = hint.facts
    if hint.kind == "play-fails":
        return any(facts["threat"] in cards[k].threats for k in keys)
    if hint.kind == "play-trap":
        named = {name for risk in facts["risks"] for name in risk["cards"]}  # type: ignore[attr-defined]
        return named <= {cards[k].name for k in keys if cards[k].trap}
    if hint.kind == "play-knock":
        return any(cards[k].hard_knock is not None for k in keys)
    if hint.kind == "charm":
        return any(isinstance(c, UseCharm) for c in moves)
    if hint.kind == "speech":
        return any(isinstance(c, MakeSpeech) for c in moves)
    return hint.kind == "withdraw" and any(isinstance(c, Withdraw) for c in moves)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80))
def test_every_move_a_hint_names_is_legal_now(seed: int, steps: int) -> None:
    from domain.assist.hints import public

    state = public(played(seed, steps))
    actions, _ = hints(state)
    for hint in actions:
        assert named_move_is_legal(state, hint), hint


def test_a_fearful_player_who_must_withdraw_is_shown_no_play() -> None:
    state = start(
        {
            "Ann": ["fearful", "rain+shell", "night+snow"],
            "Ben": ["rain+gas", "snow+gas+trap", "fragile"],
            "Cy": ["rain+whistle", "snow+shell+trap", "wounded"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "fearful"),
        PlayCard("Ben", "rain+gas"),
        PlayCard("Cy", "rain+whistle"),
    )
    from domain.legal import legal_summary

    assert legal_summary(state)["must_withdraw"]  # two rains show: Ann's Fearful acts
    actions, _ = hints(state)
    assert [h.kind for h in actions] == ["withdraw"]


def test_a_traps_risk_counts_the_trap_cards_own_threats() -> None:
    """rain+gas, night+shell and snow+gas show: rain+shell (trap) played now brings rain and
    shell to 2 beside the 2 gases, so a drawn card with a rain, a shell or a gas fails, not
    only one with a gas (the Trials' top card is drawn after the Trap's own threats)."""
    state = start(
        {
            "Ann": ["rain+gas", "snow+gas+trap"],
            "Ben": ["night+shell", "rain+shell+trap"],
            "Cy": ["snow+gas", "wounded"],
        },
        trials=20,
    )
    state, _ = run(
        state,
        PlayCard("Ann", "rain+gas"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "snow+gas"),
    )
    from domain.assist.hints import public
    from domain.assist.unseen import unseen_keys

    table = public(state)
    actions, _ = hints(table)
    trap_hint = next(h for h in actions if h.kind == "play-trap")
    trap = next(r for r in trap_hint.facts["risks"] if "rain+shell (trap)" in r["cards"])
    cards = table.catalogue.cards
    tally = dict(table.threat_tally())
    tally["rain"] = tally.get("rain", 0) + 1
    tally["shell"] = tally.get("shell", 0) + 1
    pool = list(unseen_keys(table))
    pool.remove("rain+shell+trap")
    failing = sum(1 for k in pool if any(tally.get(t, 0) + 1 >= 3 for t in cards[k].threats))
    assert failing > sum(1 for k in pool if "gas" in cards[k].threats)
    assert (trap["failing"], trap["unseen"]) == (failing, len(pool))


TRAPS = tuple(k for k, card in base_catalogue().cards.items() if card.trap)


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(20, 45),
    seat=st.integers(0, 3),
    traps=st.lists(st.sampled_from(TRAPS), min_size=2, max_size=3, unique=True),
)
def test_a_traps_risk_after_a_failure_is_the_played_tables_own_fold(
    seed: int, steps: int, seat: int, traps: list[str]
) -> None:
    """The trail after a failure is followed once for all the Traps the player may play:
    each one's model and risk are what the played table's own fold gives (any Trap key, one
    with no copy unseen too, any seat; a few keys an example: each slow fold costs ms)."""
    state = public(played(seed, steps))
    assume(state.trail)
    keys = tuple(traps)
    models = publics_after_play(state, seat, keys)
    risks = trap_risks(state, seat, keys)
    for key in keys:
        table = played_from_hand(state, seat, key)
        slow = model_of(table)  # the played table's own fold, the whole trail again
        assert models[key] == slow, key
        assert risks[key] == next_draw(table, slow), key  # = next_draw(table)
