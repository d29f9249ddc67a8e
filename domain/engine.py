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
    CancelOrder,
    Chance,
    ChooseSupport,
    Command,
    DrawSoloSupport,
    MakeSpeech,
    PlayCard,
    PlayRecruitCard,
    RefillHand,
    StartMission,
    UseCharm,
    Withdraw,
    WithdrawRecruit,
)
from domain.chapter.outcome import Outcome
from domain.chapter.state import ChapterState
from domain.events import Event
from domain.modules.orders import decide_cancel_order
from domain.modules.recruits import decide_play_recruit_card, decide_withdraw_recruit
from domain.modules.solo.rules import decide_solo

SOLO_COMMANDS = (RefillHand, DrawSoloSupport)  # Solo mode only (domain/modules/solo/rules.py)


def _outcome(state: ChapterState, command: Command, chance: Chance | None) -> Outcome:
    if state.solo is not None or isinstance(command, SOLO_COMMANDS):
        return decide_solo(
            state, command, chance
        )  # Solo mode: one hand (domain/modules/solo/rules.py)
    match command:
        case StartMission():
            return decide_start_mission(state, command, chance)
        case PlayCard():
            return decide_play_card(state, command, chance)
        case UseCharm():
            return decide_use_charm(state, command, chance)
        case MakeSpeech():
            return decide_make_speech(state, command, chance)
        case Withdraw():
            return decide_withdraw(state, command, chance)
        case ChooseSupport():
            return decide_choose_support(state, command, chance)
        case CancelOrder():  # Orders of the Day (domain/modules/orders.py)
            return decide_cancel_order(state, command, chance)
        case PlayRecruitCard():  # Recruits (domain/modules/recruits.py)
            return decide_play_recruit_card(state, command, chance)
        case WithdrawRecruit():
            return decide_withdraw_recruit(state, command, chance)
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
