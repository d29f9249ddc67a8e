"""Corrections: when the physical table and the tracker disagree, the table is right.

A correction sets one fact anew, with a reason, and the engine takes it as the truth
from then on; one that would change nothing is refused. After a correction the rules look
again at what could now apply, at the moment the rulebook looks at it (``recheck``):
13 or more cards in hands lose an Armistice chapter at once (Decision 2); during a Mission
three identical threats fail it (then Support, the Hard Knock defeat, victory, the Morale
Drop and the Monument follow, as at any Mission's end); between Missions 4 Hard Knocks,
an empty Trials deck and empty hands (victory) and an empty Morale Reserve (the Monument)
end the chapter. Ending the Mission or the chapter are corrections too.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from domain.cards.catalogue import support_tile_pool
from domain.cards.notation import card_label
from domain.chapter.commands import Chance
from domain.chapter.fact_words import fact_sentence
from domain.chapter.facts import ENDINGS, FACTS, HAND_MOVES, Fact, apply_correction, cards_of
from domain.chapter.guards import check_can_reveal, check_in_hand, check_known_card, find_player
from domain.chapter.moments import INSTALLED
from domain.chapter.outcome import Outcome
from domain.chapter.resolution import (
    TILE_STEPS,
    end_chapter,
    end_of_action,
    failing_threat,
    lost_by_hands,
    reveal_support,
)
from domain.chapter.state import ChapterState, Phase
from domain.errors import InvalidCorrection
from domain.events import ChapterLost, ChapterWon, FactCorrected, MissionFailed, MissionSucceeded


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


def _order(value: str | int | None, fact: str) -> int:
    try:
        return int(str(value).lstrip("#"))
    except ValueError:
        raise InvalidCorrection(f"correction of {fact}: {value!r} is not an order number") from None


def _cards(state: ChapterState, value: str | int | None) -> str:
    keys = cards_of(value)
    for key in keys:
        check_known_card(state, key)
    return ",".join(keys)


def _value(state: ChapterState, cmd: CorrectFact, fact: Fact) -> str | int | None:
    """The value in the form the event stores, checked for its kind."""
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
        case "order":
            return _order(cmd.value, cmd.fact)
    return None


def decide_correction(
    state: ChapterState, cmd: CorrectFact, chance: Chance | None = None
) -> Outcome:
    """Check a correction and decide it, then what the rules now decide (``recheck``)."""
    fact = FACTS.get(cmd.fact)
    if fact is None:
        raise InvalidCorrection(
            f"{cmd.fact!r} is not a fact a correction sets ({', '.join(FACTS)})"
        )
    if not cmd.reason.strip():
        raise InvalidCorrection(f"a correction of {cmd.fact} needs a reason")
    if state.phase == Phase.OVER and cmd.fact in ENDINGS:
        raise InvalidCorrection(f"the chapter is over ({state.outcome}): nothing is left to end")
    player = None
    if fact.needs_player:
        if cmd.player is None:
            raise InvalidCorrection(f"a correction of {fact.meaning} names the player")
        player = find_player(state, cmd.player).name
    event = FactCorrected(cmd.fact, player, _value(state, cmd, fact), cmd.reason.strip())
    _check_applicable(state, event)
    _check_changes(state, event)
    o = Outcome(state)
    o.emit(event)
    if cmd.fact == "mission-end":
        end_mission(o, event.value == "won", chance)
    elif cmd.fact == "chapter-end":
        won = event.value == "won"
        end_chapter(o, ChapterWon() if won else ChapterLost("declared", event.reason))
    else:
        recheck(o, chance)
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
        said = fact_sentence(event, state.catalogue, already=True)
        raise InvalidCorrection(f"{said[0].upper()}{said[1:]}: nothing to correct")


# --- The checks a correction triggers ------------------------------------------------
def recheck(o: Outcome, chance: Chance | None) -> None:
    """Every check that could now apply, at the moment the rules make it: 13 cards in
    hands at any time; during a Mission its end (and the resolution that follows);
    between Missions the defeats and the victory the resolution looked at."""
    state = o.state
    if state.phase == Phase.OVER or lost_by_hands(o):
        return
    if state.phase == Phase.MISSION:
        end_of_action(o, chance)
    elif state.phase == Phase.PREPARATION:
        between_missions(o)


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
    elif not state.trials and state.cards_in_hands == 0 and state.recruit is None:
        end_chapter(o, ChapterWon())
    elif not state.morale:
        detail = "the Morale Reserve is exhausted: the Monument is visible"
        end_chapter(o, ChapterLost("monument", detail))


def end_mission(o: Outcome, won: bool, chance: Chance | None) -> None:
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
    reveal_support(o)


# --- Whether a correction can apply here ---------------------------------------------
def _check_applicable(state: ChapterState, event: FactCorrected) -> None:
    fact = event.fact
    if fact == "hand" and event.player is not None:
        seen = len(state.player(event.player).hand)
        if int(event.value or 0) < seen:
            raise InvalidCorrection(
                f"{event.player} holds {seen} cards everyone has seen: the hand cannot be smaller"
            )
    if fact == "nml-remove" and event.value not in state.nml:
        raise InvalidCorrection(f"there is no {event.value} in No Man's Land to remove")
    player = state.player(event.player) if event.player is not None else None
    if fact == "knock-remove" and player and event.value not in player.hard_knocks:
        raise InvalidCorrection(f"{event.player} has no {event.value} in front of them")
    if fact in ("turn", "mission-end", "tile-played") and state.phase != Phase.MISSION:
        raise InvalidCorrection(f"{FACTS[fact].meaning}: only during a Mission")
    if fact == "mission-end" and state.solo is not None:
        raise InvalidCorrection("in Solo mode a Mission ends by the Solo rules only")
    if fact.startswith("tile-"):
        _check_tile(state, event)
    elif fact in HAND_MOVES:
        _check_hand_move(state, event)
    elif fact.startswith("recruit-"):
        _check_recruit(state, event)
    elif fact.startswith("order-"):
        _check_order(state, event)


def _check_tile(state: ChapterState, event: FactCorrected) -> None:
    player, tile = state.player(event.player or ""), str(event.value)
    if state.solo is not None or (player.chaplain and event.fact == "tile-played"):
        raise InvalidCorrection(f"{player.name} plays no Support tile of their own")
    pool = support_tile_pool(len(state.players))
    if tile not in pool:
        raise InvalidCorrection(f"the {tile} Support tiles are not used at this table")
    if event.fact == "tile-add":
        held = sum(p.tiles.count(tile) + (p.played_tile == tile) for p in state.players)
        if held >= pool[tile]:
            raise InvalidCorrection(f"all {pool[tile]} {tile} Support tiles are already held")
    elif event.fact == "tile-remove" and tile not in player.tiles:
        raise InvalidCorrection(f"{player.name} holds no {tile} Support tile")
    elif event.fact == "tile-played":
        if not player.withdrawn:
            raise InvalidCorrection(f"{player.name} has not withdrawn: no tile is played yet")
        if tile not in player.tiles and player.played_tile != tile:
            raise InvalidCorrection(f"{player.name} holds no {tile} Support tile")


def _check_hand_move(state: ChapterState, event: FactCorrected) -> None:
    player, card = state.player(event.player or ""), str(event.value)
    check_in_hand(state, player, card)
    kind, label = state.catalogue[card], card_label(card, state.catalogue)
    if event.fact == "hand-to-nml" and not kind.is_threat:
        raise InvalidCorrection(f"{label} is not a Threat card: it never lies in No Man's Land")
    if event.fact == "hand-to-knock" and kind.hard_knock is None:
        raise InvalidCorrection(f"{label} is not a Hard Knock: it is never put in front of anyone")


def _check_recruit(state: ChapterState, event: FactCorrected) -> None:
    recruit = state.recruit
    if recruit is None:
        raise InvalidCorrection("there is no Recruit in play to correct")
    if event.fact != "recruit-hand":
        return
    hand = cards_of(event.value)
    if not hand:
        raise InvalidCorrection("name the cards the Recruit holds (a Recruit with none departs)")
    revealed: Counter[str] = Counter()
    for key in (Counter(hand) - Counter(recruit.hand)).elements():
        check_can_reveal(state, key, revealed)  # a card new to its hand: one not yet seen
        revealed[key] += 1


def _check_order(state: ChapterState, event: FactCorrected) -> None:
    piles, number = state.orders, int(event.value or 0)
    if piles is None:
        raise InvalidCorrection("this chapter is played without Orders of the Day")
    if event.fact == "order-remove":
        if number not in piles.in_play:
            shown = ", ".join(f"#{n}" for n in piles.in_play) or "none"
            raise InvalidCorrection(f"#{number} is not in No Man's Land (orders in play: {shown})")
        return
    if number in piles.in_play:
        raise InvalidCorrection(
            f"Order of the Day #{number} is already in No Man's Land: nothing to correct"
        )
    if number not in piles.deck and number not in piles.discard:
        raise InvalidCorrection(f"#{number} is neither in the Order of the Day deck nor discarded")
    if number not in state.catalogue.orders:
        raise InvalidCorrection(
            f"Order of the Day #{number} is not described yet: describe it (its threats count)"
        )
