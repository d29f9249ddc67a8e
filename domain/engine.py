"""The engine's front door: ``decide`` a command into events, ``execute`` it into events
and the state they lead to. Every refusal is a ``RuleViolation`` and changes nothing.
"""

from __future__ import annotations

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
from domain.events import Event


def _outcome(state: ChapterState, command: Command, chance: Chance | None) -> Outcome:
    # a module playing the whole chapter: Solo (``INSTALLED.owner``, inline: every command)
    for plays_chapter, owner in INSTALLED.owners:
        if plays_chapter(state):
            if owner.decide is not None:
                decided: Outcome = owner.decide(state, command, chance)
                return decided
            break
    # By the command's exact class (none is subclassed), the most frequent first: a ``match``
    # of class patterns would do the same, but each pattern that fails asks ``isinstance``
    # through msgspec's metaclass (~1,000 instructions; domain/chapter/evolve.py alike).
    if type(command) is PlayCard:
        return decide_play_card(state, command, chance)
    if type(command) is Withdraw:
        return decide_withdraw(state, command, chance)
    if type(command) is StartMission:
        return decide_start_mission(state, command, chance)
    if type(command) is UseCharm:
        return decide_use_charm(state, command, chance)
    if type(command) is ChooseSupport:
        return decide_choose_support(state, command, chance)
    if type(command) is MakeSpeech:
        return decide_make_speech(state, command, chance)
    decide_own = INSTALLED.commands.get(type(command))  # a module's own command (moments.py)
    if decide_own is not None:
        own: Outcome = decide_own(state, command, chance)
        return own
    raise TypeError(f"not a command: {command!r}")


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
