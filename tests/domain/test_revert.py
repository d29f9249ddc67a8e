"""Taking one past action out (``domain.revert.redecide``): every later action decided
again on the state before it, each with its own command and the draws it recorded.

Random campaigns are played with the domain alone (the engine dealing itself from a
seeded generator, the draws kept as the tracker keeps them); one action is taken out and
the later ones decided again. The answer is checked against the loop the tracker ran
before the domain did this (kept below as it was), and against the rules directly.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.campaign.flow import (
    CampaignState,
    decide_campaign,
    decide_create_campaign,
    evolve_campaign,
    start_campaign,
)
from domain.chance import Recording, Replaying
from domain.chapter.commands import StartMission
from domain.chapter.corrections import CorrectFact
from domain.codec import decode_command, encode_command
from domain.errors import RuleViolation
from domain.events import to_record
from domain.revert import Later, redecide
from domain.simulate import RandomChance, random_command, random_setup

# (ruleset, players, Trials and Morale sizes): short decks make chapters end within reach.
TABLES = [
    ("classic", 2, (4, 5)),
    ("classic", 3, (5, 6)),
    ("classic", 4, (8, 10)),
    ("armistice", 3, None),
]


def played(seed: int, table: tuple[str, int, tuple[int, int] | None], actions: int) -> Any:
    """A campaign of ``actions`` random actions: each action as stored (``Later``) and the
    state before each, the state after the last at the end."""
    ruleset, players, decks = table
    rng = random.Random(seed)
    setup = random_setup(rng, ruleset, players)
    if decks is not None:
        setup = replace(setup, trials=decks[0], morale=decks[1])
    state = start_campaign(decide_create_campaign("Random war", ruleset, setup.seats))
    stored: list[Later] = []
    states: list[CampaignState] = [state]
    for number in range(2, actions + 2):  # the creation is #1
        command: Any = setup
        if state.chapter is not None and state.chapter_running:
            command = random_command(state.chapter, rng)
            if rng.random() < 0.15:  # a correction most later actions do not depend on
                command = CorrectFact("stock", rng.randint(0, 5), "recounted")
        elif state.chapter is not None:
            break  # a chapter ended: enough for a revert
        chance = Recording(RandomChance(rng))
        try:
            events = decide_campaign(state, command, chance)
        except RuleViolation:
            continue
        for event in events:
            state = evolve_campaign(state, event)
        stored.append(Later(number, type(command).__name__, encode_command(command), chance.draws))
        states.append(state)
    return stored, states


def old_loop(state: CampaignState, later: list[Later]) -> tuple[Any, list[Any], list[str]]:
    """The tracker's revert loop as it was before ``redecide`` (kept to compare with)."""
    reapplied: list[dict[str, Any]] = []
    refused: list[str] = []
    for action in later:
        version, summary, command, draws = action.of, action.summary, action.command, action.draws
        chance = Replaying(draws) if draws else None
        try:
            events = decide_campaign(state, decode_command(command), chance)
        except (RuleViolation, KeyError, TypeError, ValueError) as error:
            refused.append(f"#{version} {summary} ({error})")
            continue
        for event in events:
            state = evolve_campaign(state, event)
        again: dict[str, Any] = {
            "of": version,
            "summary": summary,
            "command": command,
            "events": [to_record(e) for e in events],
        }
        if chance is not None and chance.used:
            again["draws"] = chance.used
        reapplied.append(again)
    return state, reapplied, refused


@st.composite
def taken_out(draw: st.DrawFn) -> tuple[CampaignState, list[Later]]:
    """A random campaign with one of its actions taken out: the state before that action
    and the actions after it."""
    stored, states = played(
        draw(st.integers(0, 2**32 - 1)), draw(st.sampled_from(TABLES)), draw(st.integers(2, 60))
    )
    taken = draw(st.integers(0, len(stored) - 1), label="taken out")
    return states[taken], stored[taken + 1 :]


RANDOM_CAMPAIGNS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@RANDOM_CAMPAIGNS
@given(revert=taken_out())
def test_redeciding_the_later_actions_answers_as_the_trackers_old_loop_did(revert: Any) -> None:
    base, later = revert

    again = redecide(base, later)

    state, reapplied, refused = old_loop(base, later)
    assert [done.record() for done in again.reapplied] == reapplied
    assert [no.said() for no in again.refused] == refused
    assert again.state == state


@RANDOM_CAMPAIGNS
@given(revert=taken_out())
def test_every_later_action_is_either_decided_again_or_refused_in_its_order(revert: Any) -> None:
    base, later = revert

    again = redecide(base, later)

    accepted = [done.action for done in again.reapplied]
    assert sorted([*accepted, *(no.action for no in again.refused)], key=lambda a: a.of) == later
    # each accepted action leads, on the state the accepted ones before it reached, to
    # what the rules decide for its command with the draws it recorded
    state = base
    for done in again.reapplied:
        chance = Replaying(done.action.draws) if done.action.draws else None
        assert decide_campaign(state, decode_command(done.action.command), chance) == done.events
        for event in done.events:
            state = evolve_campaign(state, event)
    assert state == again.state


def test_without_the_missions_start_each_later_card_play_is_refused_with_the_rules_words() -> None:
    stored, states = played(3, TABLES[2], 40)
    start = next(i for i, a in enumerate(stored) if a.summary == StartMission.__name__)
    later = stored[start + 1 :]

    again = redecide(states[start], later)

    assert again.refused  # the Mission's cards cannot be played before it started
    first = again.refused[0]
    assert first.action == later[0]
    assert first.said().startswith(f"#{later[0].of} {later[0].summary} (")
