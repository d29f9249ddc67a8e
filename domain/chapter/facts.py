"""The facts a correction may set, and how a correction changes the chapter state (a
module's own facts: its ``ModuleFact``s, found in the registry, moments.py ``facts``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import msgspec
from msgspec.structs import replace

from domain.cards.catalogue import Catalogue
from domain.chapter.moments import INSTALLED
from domain.chapter.state import ChapterState, Player
from domain.events import FactCorrected
from domain.limits import SPEECH_TOKENS, TRIAL_CARDS


class Fact(msgspec.Struct, frozen=True):
    """A fact a correction may set: what it means, whether it names a player, its value
    (a count goes up to ``most``: what the box holds)."""

    meaning: str
    needs_player: bool
    value: str  # count, card, cards, tile, order, up/down, yes/no, won/failed, won/lost, none
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
    "tile-add": Fact("a Support tile a player was given", True, "tile"),
    "tile-remove": Fact("a Support tile that left a player", True, "tile"),
    "tile-played": Fact("the Support tile a withdrawn player played face down", True, "tile"),
    "hand-to-nml": Fact("a card from a player's hand to No Man's Land", True, "card"),
    "hand-to-discard": Fact("a card from a player's hand to the discard", True, "card"),
    "hand-to-knock": Fact("a Hard Knock from a player's hand in front of them", True, "card"),
    "mission-end": Fact("the Mission ends now (won or failed)", False, "won/failed"),
    "chapter-end": Fact("the chapter's result, declared (won or lost)", False, "won/lost"),
}
Item = TypeVar("Item", str, int)
Value = str | int | None


class ModuleFact(msgspec.Struct, frozen=True):
    """A fact a module lets a correction set (moments.py ``facts``): what it is, the value
        the event stores (``parse``: from what was typed, refusing what is not one; None: read as
    the basic facts of its kind are), whether
        it can apply now (``check``: an ``InvalidCorrection`` when not), how it changes the
        state (``apply``), and in words the sentence it sets (``sentence``, as ``SENTENCES``)
        with its value's words (``words``)."""

    fact: Fact
    parse: Callable[[ChapterState, Value, str], Value] | None  # None: as a basic fact's
    check: Callable[[ChapterState, FactCorrected], None]
    apply: Callable[[ChapterState, FactCorrected], ChapterState]
    sentence: str
    words: Callable[[Value, Catalogue], str]


def correctable() -> dict[str, Fact]:
    """Every fact a correction may set, by name: the basic rules', the modules' installed
    (in their order), then the endings."""
    basic = {name: fact for name, fact in FACTS.items() if name not in ENDINGS}
    own = {name: module_fact.fact for name, module_fact in INSTALLED.facts.items()}
    return {**basic, **own, **{name: FACTS[name] for name in ENDINGS}}


HAND_MOVES = ("hand-to-nml", "hand-to-discard", "hand-to-knock")
ENDINGS = ("mission-end", "chapter-end")  # they set nothing themselves: what follows does


def cards_of(value: str | int | None) -> tuple[str, ...]:
    """The card keys of a ``cards`` value (comma separated), sorted."""
    return tuple(sorted(k for k in str(value or "").split(",") if k))


def _on_player(state: ChapterState, name: str, change: Callable[[Player], Player]) -> ChapterState:
    return state.with_player(change(state.player(name)))


def _from_hand(player: Player, card: str) -> Player:
    """The card leaves the hand: the seen copy, else one of the unseen cards."""
    seen = card in player.hand
    hand = _without(player.hand, card) if seen else player.hand
    return replace(player, hand=hand, hidden=player.hidden - (not seen))


def _without(cards: tuple[Item, ...], card: Item) -> tuple[Item, ...]:
    left = list(cards)
    left.remove(card)
    return tuple(left)


def _hand_move(state: ChapterState, fact: str, name: str, card: str) -> ChapterState:
    player = _from_hand(state.player(name), card)
    if fact == "hand-to-knock":
        return state.with_player(replace(player, hard_knocks=(*player.hard_knocks, card)))
    state = state.with_player(player)
    if fact == "hand-to-nml":
        return replace(state, nml=(*state.nml, card))
    return replace(state, discard=(*state.discard, card))


def _withdrawn(state: ChapterState, name: str, withdrawn: bool) -> ChapterState:
    """The player is out of the Mission (or back in, their face-down tile back among
    their tiles); out on their own turn, the turn passes to the next one still in, as
    after a withdrawal."""
    state = _on_player(
        state, name, lambda p: replace(p if withdrawn else _back_in(p), withdrawn=withdrawn)
    )
    seat = state.index(name)
    if withdrawn and state.turn == seat:
        state = replace(state, turn=state.next_seat(seat))
    return state


def _back_in(player: Player) -> Player:
    """Back in the Mission: the tile played face down returns to the player's tiles."""
    if player.played_tile is None:
        return player
    tiles = tuple(sorted((*player.tiles, player.played_tile)))
    return replace(player, tiles=tiles, played_tile=None)


def _tile_played(player: Player, tile: str) -> Player:
    """The tile goes face down on the Grizzled; one played before comes back."""
    tiles = player.tiles if player.played_tile is None else (*player.tiles, player.played_tile)
    return replace(player, tiles=tuple(sorted(_without(tiles, tile))), played_tile=tile)


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
            return _withdrawn(state, name, value == "yes")
        case "turn":
            return replace(state, turn=state.index(name))
        case "leader":
            return replace(state, leader=state.index(name))
        case "nml-add":
            return replace(state, nml=(*state.nml, str(value)))
        case "nml-remove":
            nml = _without(state.nml, str(value))
            discard = (*state.discard, str(value))
            # what a module kept of the card leaves with it (its Luck, Decision 1)
            return replace(state, nml=nml, discard=discard).card_left(str(value))
        case "knock-add":
            return _on_player(
                state, name, lambda p: replace(p, hard_knocks=(*p.hard_knocks, str(value)))
            )
        case "knock-remove":
            player = state.player(name)
            state = state.with_player(
                replace(player, hard_knocks=_without(player.hard_knocks, str(value)))
            )
            return replace(state, discard=(*state.discard, str(value)))
        case "tile-add":
            return _on_player(
                state, name, lambda p: replace(p, tiles=tuple(sorted((*p.tiles, str(value)))))
            )
        case "tile-remove":
            return _on_player(
                state, name, lambda p: replace(p, tiles=_without(p.tiles, str(value)))
            )
        case "tile-played":
            return _on_player(state, name, lambda p: _tile_played(p, str(value)))
        case "hand-to-nml" | "hand-to-discard" | "hand-to-knock":
            return _hand_move(state, event.fact, name, str(value))
        case "mission-end" | "chapter-end":
            return state  # the MissionSucceeded/Failed or ChapterWon/Lost after it sets it
    module_fact: ModuleFact | None = INSTALLED.facts.get(event.fact)
    if module_fact is not None:  # a module's own fact
        return module_fact.apply(state, event)
    raise ValueError(f"unknown fact {event.fact!r}")
