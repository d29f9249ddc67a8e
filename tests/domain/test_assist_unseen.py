"""The unseen cards and the next card's odds come from public information only."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.assist.hints import public
from domain.assist.mission import NoEstimate, mission_odds
from domain.assist.unseen import hidden_places, next_draw, unseen_keys
from domain.chapter.state import Phase
from tests.domain.assist_tables import played, redealt

tables = st.builds(played, st.integers(0, 10_000), st.integers(0, 40))


@settings(max_examples=30, deadline=None)
@given(state=tables, data=st.data())
def test_the_odds_are_the_same_whatever_the_hands_hold(state, data) -> None:  # type: ignore[no-untyped-def]
    down = len(state.trials) + sum(len(p.hand) for p in state.players) + len(state.morale)
    order = data.draw(st.permutations(range(down)))
    other = redealt(state, order)
    assert next_draw(other) == next_draw(state)
    assert unseen_keys(other) == unseen_keys(state)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_the_mission_odds_are_the_same_whatever_the_hands_hold(seed, data) -> None:  # type: ignore[no-untyped-def]
    state = played(seed, data.draw(st.integers(0, 60)), preparing=True)
    assume(state.phase == Phase.PREPARATION)  # not a chapter that ended first
    down = len(state.trials) + sum(len(p.hand) for p in state.players) + len(state.morale)
    other = redealt(state, data.draw(st.permutations(range(down))))
    assert _odds(other) == _odds(state)  # the same odds, or the same refusal (public facts)


def _odds(state):  # type: ignore[no-untyped-def]
    try:
        return mission_odds(state, random.Random(7), playouts=20)
    except NoEstimate as refused:  # e.g. returned cards lying in more than 500 ways
        return str(refused)


@settings(max_examples=30, deadline=None)
@given(state=tables)
def test_every_face_down_place_holds_one_unseen_copy(state) -> None:  # type: ignore[no-untyped-def]
    assert len(unseen_keys(state)) == hidden_places(state)
    face_down = Counter(k for k in state.trials if k is not None)
    face_down.update(k for p in state.players for k in p.hand)
    face_down.update(k for k in state.morale if k is not None)
    assert Counter(unseen_keys(state)) == face_down


@settings(max_examples=30, deadline=None)
@given(state=tables)
def test_a_hard_knock_comes_next_as_often_as_the_face_down_cards_hold_one(state) -> None:  # type: ignore[no-untyped-def]
    assume(not state.trail)  # after a failed Mission the returned cards lie in the Trials
    table = public(state)
    down = [k for k in (*state.trials, *state.morale) if k is not None]
    down.extend(k for p in state.players for k in p.hand)
    knocks = sum(1 for k in down if state.catalogue[k].hard_knock is not None)
    odds = next_draw(table)
    if state.trials:
        assert odds.hard_knock == Fraction(knocks, len(down))
    else:
        assert odds.unseen == 0


def test_the_first_deal_can_bring_any_of_the_59_copies() -> None:
    odds = next_draw(public(played(1, 0)))
    assert odds.unseen == 59
    assert odds.hard_knock == Fraction(19, 59)
    assert odds.fails_mission == 0


def test_a_fold_past_its_bound_of_ways_says_so_and_prints_nothing_as_exact() -> None:
    """Four failures, their cards dealt round every hand: more ways than the model weighs
    (``returned.MOST_WAYS``); the odds say so rather than wait (and the playouts, which
    deal from the same model, refuse with the same reason: ``check_dealable``)."""
    from domain.assist.public import public as model

    state = public(played(355, 58, preparing=True))
    assert sum(1 for entry in state.trail if entry[0] == "shuffle") == 4
    odds = next_draw(state)
    assert not odds.exact and "more than 500 ways, too many to weigh exactly" in odds.reason
    assert model(state).ways == ()
