"""Corrections: when the physical table and the tracker disagree, the table is right.

A correction sets one fact anew, with a reason, and the engine takes it as the truth
from then on; one that would change nothing is refused. After a correction the rules look
again at what could now apply, at the moment the rulebook looks at it (``recheck``):
13 or more cards in hands lose an Armistice chapter at once (Decision 2); during a Mission
three identical threats fail it (then Support, the Hard Knock defeat, victory, the Morale
Drop and the Monument follow, as at any Mission's end); between Missions 4 Hard Knocks,
an empty Trials deck and empty hands (victory) and an empty Morale Reserve (the Monument)
end the chapter. Ending the Mission or the chapter are corrections too. A Mission a
correction ends goes to its Support phase: the tiles revealed, or in Solo mode a solo
Support tile due (the module's ``support_phase``), the token resting on whose turn it was.
"""

from __future__ import annotations

import msgspec

from domain.chapter.commands import Chance
from domain.chapter.correction_checks import check_applicable
from domain.chapter.fact_words import fact_sentence
from domain.chapter.facts import (
    ENDINGS,
    Fact,
    ModuleFact,
    apply_correction,
    cards_of,
    correctable,
)
from domain.chapter.guards import check_known_card, find_player
from domain.chapter.moments import INSTALLED
from domain.chapter.outcome import Outcome
from domain.chapter.resolution import (
    TILE_STEPS,
    end_chapter,
    failing_threat,
    lost_by_hands,
    mission_ended,
    reveal_support,
)
from domain.chapter.state import ChapterState, Phase
from domain.errors import N_, Capital, InvalidCorrection
from domain.events import ChapterLost, ChapterWon, FactCorrected, MissionFailed, MissionSucceeded


class CorrectFact(msgspec.Struct, frozen=True):
    """Set a fact of the chapter anew (see ``facts.correctable``), with the reason."""

    fact: str
    value: str | int | None
    reason: str
    player: str | None = None


def _count(value: str | int | None, name: str, fact: Fact) -> int:
    try:
        number = int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise InvalidCorrection(
            N_("correction of {name}: {value!r} is not a number"), name=name, value=value
        ) from None
    if number < 0:
        raise InvalidCorrection(
            N_("correction of {name}: a count cannot be negative ({number})"),
            name=name,
            number=number,
        )
    if number > fact.most:
        raise InvalidCorrection(
            N_("correction of {name}: {number} {meaning}, but the box holds {most}"),
            name=name,
            number=number,
            meaning=fact.meaning,
            most=fact.most,
        )
    return number


def _choice(value: str | int | None, fact: str, options: tuple[str, str]) -> str:
    if value not in options:
        raise InvalidCorrection(
            N_("correction of {fact}: say {options} or {options2}"),
            fact=fact,
            options=options[0],
            options2=options[1],
        )
    return str(value)


def _cards(state: ChapterState, value: str | int | None) -> str:
    keys = cards_of(value)
    for key in keys:
        check_known_card(state, key)
    return ",".join(keys)


def _value(state: ChapterState, cmd: CorrectFact, fact: Fact) -> str | int | None:
    """The value in the form the event stores, checked for its kind (a module's own fact:
    as the module reads it)."""
    module_fact: ModuleFact | None = INSTALLED.facts.get(cmd.fact)
    if module_fact is not None and module_fact.parse is not None:
        return module_fact.parse(state, cmd.value, cmd.fact)
    match fact.value:
        case "count":
            return _count(cmd.value, cmd.fact, fact)
        case "up/down" | "yes/no" | "won/failed" | "won/lost":
            first, second = fact.value.split("/")
            return _choice(cmd.value, cmd.fact, (first, second))
        case "card":
            check_known_card(state, str(cmd.value))
            return cmd.value
        case "cards":
            return _cards(state, cmd.value)
        case "tile":
            return (
                _choice(cmd.value, cmd.fact, ("left", "right"))
                if cmd.value not in TILE_STEPS
                else cmd.value
            )
    return None


def decide_correction(
    state: ChapterState, cmd: CorrectFact, chance: Chance | None = None
) -> Outcome:
    """Check a correction and decide it, then what the rules now decide (``recheck``)."""
    facts = correctable()
    fact = facts.get(cmd.fact)
    if fact is None:
        raise InvalidCorrection(
            N_("{fact!r} is not a fact a correction sets ({facts})"),
            fact=cmd.fact,
            facts=", ".join(facts),
        )
    if not cmd.reason.strip():
        raise InvalidCorrection(N_("a correction of {fact} needs a reason"), fact=cmd.fact)
    if state.phase == Phase.OVER and cmd.fact in ENDINGS:
        raise InvalidCorrection(
            N_("the chapter is over ({outcome}): nothing is left to end"), outcome=state.outcome
        )
    player = None
    if fact.needs_player:
        if cmd.player is None:
            raise InvalidCorrection(
                N_("a correction of {meaning} names the player"), meaning=fact.meaning
            )
        player = find_player(state, cmd.player).name
    event = FactCorrected(cmd.fact, player, _value(state, cmd, fact), cmd.reason.strip())
    check_applicable(state, event)
    _check_changes(state, event)
    holder = state.players[state.turn if state.turn >= 0 else state.leader].name
    o = Outcome(state)
    o.emit(event)
    if cmd.fact == "mission-end":
        end_mission(o, event.value == "won", chance, holder)
    elif cmd.fact == "chapter-end":
        won = event.value == "won"
        end_chapter(o, ChapterWon() if won else ChapterLost("declared", event.reason))
    else:
        recheck(o, chance, holder)
    return o


def _check_changes(state: ChapterState, event: FactCorrected) -> None:
    """A correction that changes nothing is refused, saying what already holds."""
    if event.fact in ENDINGS:
        return
    after = apply_correction(state, event)
    if event.fact in ("trials", "morale"):  # a count: seen cards stay seen when it holds
        same = len(getattr(after, event.fact)) == len(getattr(state, event.fact))
    else:
        same = after == state
    if same:
        said = Capital(fact_sentence(event, state.catalogue, already=True))
        raise InvalidCorrection(N_("{said}: nothing to correct"), said=said)


# --- The checks a correction triggers ------------------------------------------------
def recheck(o: Outcome, chance: Chance | None, holder: str) -> None:
    """Every check that could now apply, at the moment the rules make it: 13 cards in
    hands at any time; during a Mission its end (and the Support phase that follows);
    between Missions the defeats and the victory the resolution looked at. ``holder``:
    whose turn it was."""
    state = o.state
    if state.phase == Phase.OVER or lost_by_hands(o):
        return
    if state.phase == Phase.MISSION:
        if mission_ended(o, chance):
            support_phase(o, holder)
    elif state.phase == Phase.PREPARATION:
        between_missions(o)


def support_phase(o: Outcome, holder: str) -> None:
    """The Support phase of a Mission a correction ended: the tiles are revealed, or the
    module playing the chapter says what follows (Solo: a solo tile is due, the token
    resting on ``holder``)."""
    owner = INSTALLED.owner(o.state)
    if owner is not None and owner.support_phase is not None:
        owner.support_phase(o, holder)
    else:
        reveal_support(o)


def between_missions(o: Outcome) -> None:
    """Steps 2, 3 and 5 of the resolution read again after a correction between Missions:
    4 Hard Knocks lose, empty Trials deck and hands win, an empty Morale Reserve shows the
    Monument."""
    state = o.state
    weights = ((p.name, state.hard_knock_weight(p)) for p in state.players)
    heavy = [
        f"{name} has {weight} Hard Knocks (4 or more)" for name, weight in weights if weight >= 4
    ]
    if heavy:
        end_chapter(o, ChapterLost("hard-knocks", heavy[0]))
    elif not state.trials and state.hands_played_out:
        end_chapter(o, ChapterWon())
    elif not state.morale:
        detail = "the Morale Reserve is exhausted: the Monument is visible"
        end_chapter(o, ChapterLost("monument", detail))


def end_mission(o: Outcome, won: bool, chance: Chance | None, holder: str) -> None:
    """The table ends the Mission now: it succeeded (No Man's Land discarded) or failed
    (shuffled back into the Trials deck); Support and the resolution follow."""
    state = o.state
    if won:
        o.emit(MissionSucceeded())
    else:
        top = failing_threat(state) or ""  # a threat only when three of it are active
        cards = (*state.trials, *state.nml)
        known = chance is not None and None not in cards
        order = chance.shuffle(cards) if known and chance else (None,) * len(cards)  # type: ignore[arg-type]
        o.emit(MissionFailed(top, order))
    for hook in INSTALLED.mission_end:  # the Mission failed or succeeded (moments.py)
        hook(o)
    support_phase(o, holder)
