"""The facts a correction may set, and how a correction changes the chapter state."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
from msgspec.structs import replace

from domain.chapter.state import ChapterState, Player
from domain.events import FactCorrected
from domain.limits import SPEECH_TOKENS, TRIAL_CARDS


class Fact(msgspec.Struct, frozen=True):
    """A fact a correction may set: what it means, whether it names a player, its value
    (a count goes up to ``most``: what the box holds)."""

    meaning: str
    needs_player: bool
    value: str  # "count", "card", "up/down", "yes/no", "none"
    most: int = 0


FACTS: dict[str, Fact] = {
    "trials": Fact("cards in the Trials deck", False, "count", TRIAL_CARDS),
    "morale": Fact("cards in the Morale Reserve", False, "count", TRIAL_CARDS),
    "stock": Fact("Speech tokens left in the stock", False, "count", SPEECH_TOKENS),
    "hand": Fact("cards in a player's hand", True, "count", TRIAL_CARDS),
    "tokens": Fact("Speech tokens a player holds", True, "count", SPEECH_TOKENS),
    "charm": Fact("a player's Good Luck Charm", True, "up/down"),
    "withdrawn": Fact("whether a player has withdrawn from the Mission", True, "yes/no"),
    "turn": Fact("whose turn it is", True, "none"),
    "leader": Fact("who holds the Mission Leader token", True, "none"),
    "nml-add": Fact("a card in No Man's Land nobody logged", False, "card"),
    "nml-remove": Fact("a card logged into No Man's Land that is not there", False, "card"),
    "knock-add": Fact("a Hard Knock in front of a player nobody logged", True, "card"),
    "knock-remove": Fact(
        "a Hard Knock logged in front of a player that is not there", True, "card"
    ),
}


def _on_player(state: ChapterState, name: str, change: Callable[[Player], Player]) -> ChapterState:
    return state.with_player(change(state.player(name)))


def apply_correction(state: ChapterState, event: FactCorrected) -> ChapterState:
    """The chapter state with the corrected fact."""
    value, name = event.value, event.player or ""
    match event.fact:
        case "trials":
            return replace(state, trials=(None,) * int(value or 0))
        case "morale":
            return replace(state, morale=(None,) * int(value or 0))
        case "stock":
            return replace(state, speech_stock=int(value or 0))
        case "hand":
            return _on_player(
                state, name, lambda p: replace(p, hidden=int(value or 0) - len(p.hand))
            )
        case "tokens":
            return _on_player(state, name, lambda p: replace(p, speech_tokens=int(value or 0)))
        case "charm":
            return _on_player(state, name, lambda p: replace(p, charm_up=value == "up"))
        case "withdrawn":
            return _on_player(state, name, lambda p: replace(p, withdrawn=value == "yes"))
        case "turn":
            return replace(state, turn=state.index(name))
        case "leader":
            return replace(state, leader=state.index(name))
        case "nml-add":
            return replace(state, nml=(*state.nml, str(value)))
        case "nml-remove":
            nml = list(state.nml)
            nml.remove(str(value))
            spent = state.luck_spent_without(str(value))  # Luck leaves with its card
            return replace(
                state, nml=tuple(nml), discard=(*state.discard, str(value)), luck_spent=spent
            )
        case "knock-add":
            return _on_player(
                state, name, lambda p: replace(p, hard_knocks=(*p.hard_knocks, str(value)))
            )
        case "knock-remove":
            player = state.player(name)
            knocks = list(player.hard_knocks)
            knocks.remove(str(value))
            state = state.with_player(replace(player, hard_knocks=tuple(knocks)))
            return replace(state, discard=(*state.discard, str(value)))
    raise ValueError(f"unknown fact {event.fact!r}")
