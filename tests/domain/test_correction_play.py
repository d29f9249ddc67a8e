"""After a correction the game goes on: seeded random chapters (classic, Armistice, Solo)
take random corrections at random moments, and whatever the rules then ask for is
accepted, to the chapter's end.

A correction is either refused, changing nothing, or recorded with what the rules decided
after it; the state it leads to is the replay of those events; what the engine lists as
legal next is accepted (the random player picks from those lists) and the chapter still
ends in a victory or a named defeat. The corrections drawn keep every card known (they
never turn the simulator's known decks into counts), so the random player can go on.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.cards.catalogue import base_catalogue
from domain.chapter.commands import StartChapter
from domain.chapter.corrections import CorrectFact, decide_correction
from domain.chapter.evolve import begin, evolve
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState, Phase
from domain.engine import execute
from domain.errors import RuleViolation
from domain.legal import legal_actions
from domain.simulate import RandomChance, random_command, random_setup

TILES = ("left", "right", "left2", "right2")


def _some_card(state: ChapterState, rng: random.Random, cards: tuple[str | None, ...]) -> str:
    known = [c for c in cards if c is not None]
    return rng.choice(known) if known else rng.choice(sorted(state.catalogue.cards))


def random_correction(state: ChapterState, rng: random.Random) -> CorrectFact:
    """A correction of a fact the table could dispute now (it may well be refused)."""
    player = rng.choice(state.players)
    hand, knocks = player.hand, tuple(player.hard_knocks)
    options = [
        CorrectFact("charm", rng.choice(("up", "down")), "r", player.name),
        CorrectFact("withdrawn", rng.choice(("yes", "no")), "r", player.name),
        CorrectFact("turn", None, "r", player.name),
        CorrectFact("leader", None, "r", player.name),
        CorrectFact("tokens", rng.randint(0, 2), "r", player.name),
        CorrectFact("stock", rng.randint(0, 5), "r"),
        CorrectFact("knock-add", _some_card(state, rng, state.discard), "r", player.name),
        CorrectFact("knock-remove", _some_card(state, rng, knocks), "r", player.name),
        CorrectFact("tile-add", rng.choice(TILES), "r", player.name),
        CorrectFact("tile-remove", rng.choice(TILES), "r", player.name),
        CorrectFact("tile-played", rng.choice(TILES), "r", player.name),
        CorrectFact("nml-remove", _some_card(state, rng, state.nml), "r"),
        CorrectFact("hand-to-nml", _some_card(state, rng, hand), "r", player.name),
        CorrectFact("hand-to-discard", _some_card(state, rng, hand), "r", player.name),
        CorrectFact("hand-to-knock", _some_card(state, rng, hand), "r", player.name),
        CorrectFact("recruit-tokens", rng.randint(0, 3), "r"),
        CorrectFact("mission-end", rng.choice(("won", "failed")), "r"),
    ]
    return rng.choice(options)


def chapter_with_corrections(setup: StartChapter, rng: random.Random) -> Counter[str]:
    """Play one chapter, trying a correction before about one command in four; what
    happened to the corrections tried (accepted, refused)."""
    chance = RandomChance(rng)
    catalogue = base_catalogue()
    state = begin(decide_start_chapter(setup, catalogue, chance), catalogue)
    tried: Counter[str] = Counter()
    for _ in range(2_000):
        if state.phase == Phase.OVER:
            return tried
        if rng.random() < 0.25:
            state = _try_correction(state, rng, chance, tried)
            continue
        assert legal_actions(state), f"nothing is legal after a correction: {state.phase}"
        _, state = execute(state, random_command(state, rng), chance)
    raise AssertionError("the chapter did not end")


def _try_correction(
    state: ChapterState, rng: random.Random, chance: RandomChance, tried: Counter[str]
) -> ChapterState:
    correction = random_correction(state, rng)
    try:
        o = decide_correction(state, correction, chance)
    except RuleViolation:
        tried["refused"] += 1
        return state
    tried[correction.fact] += 1
    replayed = state
    for event in o.events:
        replayed = evolve(replayed, event)
    assert replayed == o.state
    return o.state


@pytest.mark.parametrize(
    ("ruleset", "players"),
    [("classic", 3), ("classic", 5), ("armistice", 4), ("armistice", 1)],
    ids=["classic-3", "classic-5", "armistice-4", "solo"],
)
def test_random_chapters_go_on_to_their_end_after_random_corrections(ruleset, players):
    accepted: Counter[str] = Counter()
    for seed in range(40):
        rng = random.Random(seed)
        accepted += chapter_with_corrections(random_setup(rng, ruleset, players), rng)

    assert accepted["refused"] > 0
    assert len(accepted) >= 8, accepted  # many kinds of correction were accepted
