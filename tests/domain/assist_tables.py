"""Tables for the assistant's tests: real chapters played by the simulator, seen as the
table sees them (decks face down, hands as counts), and their face-down cards dealt anew."""

from __future__ import annotations

import random
from collections.abc import Sequence

from msgspec.structs import replace

from domain.assist.hints import public
from domain.cards.catalogue import base_catalogue
from domain.chapter.commands import Seat, StartChapter
from domain.chapter.evolve import begin
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState, Phase
from domain.engine import execute
from domain.simulate import RandomChance, random_command, random_setup


def played(seed: int, steps: int, preparing: bool = False) -> ChapterState:
    """A classic chapter of 4 played by the simulator for up to ``steps`` commands (it
    stops before the chapter is over), then on to a Mission's preparation if ``preparing``."""
    rng = random.Random(seed)
    catalogue = base_catalogue()
    chance = RandomChance(rng)
    state = begin(decide_start_chapter(random_setup(rng, "classic", 4), catalogue, chance))
    for step in range(10_000):
        if step >= steps and (not preparing or state.phase == Phase.PREPARATION):
            break
        _, after = execute(state, random_command(state, rng), chance)
        if after.phase == Phase.OVER:
            break
        state = after
    return state


def redealt(state: ChapterState, order: Sequence[int]) -> ChapterState:
    """The same table with its face-down cards (Trials, hands, Morale Reserve) laid out in
    another ``order`` (a permutation of their indices): other hands, same public facts."""
    down = [*state.trials]
    for player in state.players:
        down.extend(player.hand)
    down.extend(state.morale)
    down = [down[i] for i in order]
    trials, at = tuple(down[: len(state.trials)]), len(state.trials)
    players = []
    for player in state.players:
        players.append(replace(player, hand=tuple(sorted(down[at : at + len(player.hand)]))))
        at += len(player.hand)
    return replace(state, trials=trials, players=tuple(players), morale=tuple(down[at:]))


def tiny(keys: Sequence[str], trials: int) -> ChapterState:
    """A classic chapter of 3 before its first Mission whose only unseen cards are ``keys``
    (every other copy in the discard): ``trials`` face down in the Trials, the rest in the
    Morale Reserve. Made by hand: no game reaches so small a deck before a Mission."""
    catalogue = base_catalogue()
    seats = tuple(
        Seat(name, charm) for name, charm in (("Ann", "night"), ("Ben", "snow"), ("Cy", "rain"))
    )
    chance = RandomChance(random.Random(0))  # the third Support tiles
    state = begin(decide_start_chapter(StartChapter("classic", seats), catalogue, chance))
    rest = list(catalogue.deck())
    for key in keys:
        rest.remove(key)
    return replace(
        public(state),
        trials=(None,) * trials,
        morale=(None,) * (len(keys) - trials),
        discard=tuple(sorted(rest)),
    )
