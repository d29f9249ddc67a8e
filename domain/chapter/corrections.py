"""Corrections: when the physical table and the tracker disagree, the table is right.

A correction sets one fact anew, with a reason, and the engine takes it as the truth
from then on. After a correction the rules look again: 13 or more cards in hands lose an
Armistice chapter at once (Decision 2), and during a Mission three identical threats now
in No Man's Land fail it at once.
"""

from __future__ import annotations

import msgspec

from domain.chapter.commands import Chance
from domain.chapter.facts import FACTS, Fact
from domain.chapter.guards import check_known_card, find_player
from domain.chapter.outcome import Outcome
from domain.chapter.resolution import end_of_action, lost_by_hands
from domain.chapter.state import ChapterState, Phase
from domain.errors import InvalidCorrection
from domain.events import FactCorrected


class CorrectFact(msgspec.Struct, frozen=True):
    """Set a fact of the chapter anew (see ``FACTS``), with the reason."""

    fact: str
    value: str | int | None
    reason: str
    player: str | None = None


def _count(value: str | int | None, name: str, fact: Fact) -> int:
    try:
        number = int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise InvalidCorrection(f"correction of {name}: {value!r} is not a number") from None
    if number < 0:
        raise InvalidCorrection(f"correction of {name}: a count cannot be negative ({number})")
    if number > fact.most:
        raise InvalidCorrection(
            f"correction of {name}: {number} {fact.meaning}, but the box holds {fact.most}"
        )
    return number


def _choice(value: str | int | None, fact: str, options: tuple[str, str]) -> str:
    if value not in options:
        raise InvalidCorrection(f"correction of {fact}: say {options[0]} or {options[1]}")
    return str(value)


def decide_correction(
    state: ChapterState, cmd: CorrectFact, chance: Chance | None = None
) -> Outcome:
    """Check a correction and decide it (plus a Mission failure it reveals)."""
    fact = FACTS.get(cmd.fact)
    if fact is None:
        raise InvalidCorrection(
            f"{cmd.fact!r} is not a fact a correction sets ({', '.join(FACTS)})"
        )
    if not cmd.reason.strip():
        raise InvalidCorrection(f"a correction of {cmd.fact} needs a reason")
    player = None
    if fact.needs_player:
        if cmd.player is None:
            raise InvalidCorrection(f"a correction of {fact.meaning} names the player")
        player = find_player(state, cmd.player).name
    value: str | int | None = cmd.value
    if fact.value == "count":
        value = _count(cmd.value, cmd.fact, fact)
    elif fact.value == "up/down":
        value = _choice(cmd.value, cmd.fact, ("up", "down"))
    elif fact.value == "yes/no":
        value = _choice(cmd.value, cmd.fact, ("yes", "no"))
    elif fact.value == "card":
        check_known_card(state, str(cmd.value))
    else:
        value = None
    event = FactCorrected(cmd.fact, player, value, cmd.reason.strip())
    _check_applicable(state, event)
    o = Outcome(state)
    o.emit(event)
    if lost_by_hands(o):  # a hand corrected up to 13 cards together (Decision 2)
        return o
    if state.phase == Phase.MISSION:
        end_of_action(o, chance)
    return o


def _check_applicable(state: ChapterState, event: FactCorrected) -> None:
    if event.fact == "hand" and event.player is not None:
        seen = len(state.player(event.player).hand)
        if int(event.value or 0) < seen:
            raise InvalidCorrection(
                f"{event.player} holds {seen} cards everyone has seen: the hand cannot be smaller"
            )
    if event.fact == "nml-remove" and event.value not in state.nml:
        raise InvalidCorrection(f"there is no {event.value} in No Man's Land to remove")
    player = state.player(event.player) if event.player is not None else None
    if event.fact == "knock-remove" and player and event.value not in player.hard_knocks:
        raise InvalidCorrection(f"{event.player} has no {event.value} in front of them")
    if event.fact == "turn" and state.phase != Phase.MISSION:
        raise InvalidCorrection("whose turn it is only matters during a Mission")
