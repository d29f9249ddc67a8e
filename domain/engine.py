"""The engine's front door: ``decide`` a command into events, ``execute`` it into events
and the state they lead to. Every refusal is a ``RuleViolation`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.chapter.actions import (
    decide_choose_support,
    decide_make_speech,
    decide_play_card,
    decide_start_mission,
    decide_use_charm,
    decide_withdraw,
)
from domain.chapter.commands import (
    Chance,
    ChooseSupport,
    Command,
    MakeSpeech,
    PlayCard,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.chapter.moments import INSTALLED
from domain.chapter.outcome import Outcome
from domain.chapter.state import ChapterState
from domain.errors import N_, NoWayOn
from domain.events import Event
from domain.legal import way_on

# The chapter's own deciders by the command's exact class (none is subclassed), in the
# order of the rulebook: a Mission starts, then the four actions (play a card, use a Good
# Luck Charm, make a Speech, withdraw), then the Support. One lookup, where a ``match`` of
# class patterns asks ``isinstance`` of each pattern that fails, through msgspec's
# metaclass (~1,000 instructions; domain/chapter/evolve.py alike).
DECIDERS: dict[type, Callable[[ChapterState, Any, Chance | None], Outcome]] = {
    StartMission: decide_start_mission,
    PlayCard: decide_play_card,
    UseCharm: decide_use_charm,
    MakeSpeech: decide_make_speech,
    Withdraw: decide_withdraw,
    ChooseSupport: decide_choose_support,
}


def _outcome(state: ChapterState, command: Command, chance: Chance | None) -> Outcome:
    owner = INSTALLED.owner(state)  # a module playing the whole chapter: Solo (moments.py)
    if owner is not None and owner.decide is not None:
        decided: Outcome = owner.decide(state, command, chance)
        check_way_on(decided.state)
        return decided
    decider = DECIDERS.get(type(command)) or INSTALLED.commands.get(type(command))
    if decider is None:  # neither the chapter's nor a module's own (moments.py)
        raise TypeError(f"not a command: {command!r}")
    outcome: Outcome = decider(state, command, chance)
    check_way_on(outcome.state)
    return outcome


def check_way_on(state: ChapterState) -> None:
    """After every decided action: the one whose turn it is has a legal action, or the
    rules ended the Mission or the chapter (never a dead end; ``legal.way_on``)."""
    if not way_on(state):
        player = state.active_player
        who = player.name if player is not None else "the Recruit"
        raise NoWayOn(
            N_(
                "this action would leave {who} with no legal action: the rules give "
                "no way on from there (correct the table if it differs)"
            ),
            who=who,
        )


def decide(
    state: ChapterState, command: Command, chance: Chance | None = None
) -> tuple[Event, ...]:
    """The events a command leads to, or a RuleViolation."""
    return tuple(_outcome(state, command, chance).events)


def execute(
    state: ChapterState, command: Command, chance: Chance | None = None
) -> tuple[tuple[Event, ...], ChapterState]:
    """The events a command leads to and the state after them."""
    outcome = _outcome(state, command, chance)
    return tuple(outcome.events), outcome.state
