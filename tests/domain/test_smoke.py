"""A first whole chapter through the engine: the simulator ends every chapter."""

import random

from domain.chapter.evolve import replay
from domain.chapter.state import Phase
from domain.simulate import play_chapter, random_setup


def test_a_simulated_four_player_chapter_ends_and_replays_to_the_same_state():
    rng = random.Random(7)
    playthrough = play_chapter(random_setup(rng, "classic", 4), rng)
    assert playthrough.state.phase == Phase.OVER
    assert playthrough.state.outcome in {"won", "hard-knocks", "monument"}
    assert replay(playthrough.events) == playthrough.state
