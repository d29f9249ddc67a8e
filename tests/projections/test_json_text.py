"""JSON columns and the runner's saved campaign states hold the text ``json.dumps``
writes (compact, ASCII), though msgspec writes most of it."""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path

import pytest

from domain.campaign.flow import CampaignState
from domain.codec import encode_campaign, encode_campaign_json
from domain.simulate import RandomChance, random_command, random_setup
from projections.chapter import dumps
from tracker.app import Tracker

NAME = "La guerre de Zoé"
MOST_ACTIONS = 1_000  # a chapter of random play is far shorter


def test_a_json_column_is_the_text_json_dumps_writes_with_sorted_keys() -> None:
    values = [
        {"withdraw": ["none"], "player": "Ben", "play": ("a", "b"), "charm": []},
        ["Zoé", "tab\there", "del\x7f", "☃"],
        {2: "two", 10: "ten"},
        {},
    ]
    for value in values:
        assert dumps(value) == json.dumps(value, separators=(",", ":"), sort_keys=True)


def test_every_ascii_character_is_written_as_json_dumps_writes_it() -> None:
    from domain.codec import json_text

    for code in range(128):
        value = {"name": f"a{chr(code)}b", "list": [chr(code)]}
        assert json_text(value) == json.dumps(value, separators=(",", ":")), code


def played(folder: Path, seed: int, players: int, actions: int) -> CampaignState:
    """The state of a campaign after its setup and ``actions`` random legal actions."""
    rng = random.Random(seed)
    tracker = Tracker(folder / "zoe.sqlite", chance=RandomChance(rng), session="test")
    setup = random_setup(rng, "classic", players)
    tracker.create_campaign(NAME, "classic", setup.seats)
    tracker.log_action(NAME, setup)
    for _ in range(actions):
        tracker.log_action(NAME, random_command(tracker.state(NAME).chapter, rng))
    state = tracker.state(NAME)
    tracker.close()
    return state


def test_a_saved_campaign_state_is_its_plain_form_as_json_dumps_writes_it(
    tmp_path: Path,
) -> None:
    state = played(tmp_path, 3, 3, 20)

    text = encode_campaign_json(state)

    assert text == json.dumps(encode_campaign(state), separators=(",", ":"))
    assert "\\u00e9" in text


def test_a_saved_state_is_its_json_deflated_and_reads_back_as_the_same_state(
    tmp_path: Path,
) -> None:
    from projections.batch import saved_state, state_saved

    state = played(tmp_path, 5, 4, 30)

    saved = saved_state(state)

    assert zlib.decompress(saved).decode() == encode_campaign_json(state)
    assert state_saved(saved) == state
    assert state_saved(encode_campaign_json(state)) == state  # an older layout's text


@pytest.mark.parametrize(
    ("seed", "ruleset", "players"), [(5, "classic", 4), (8, "armistice", 3), (2, "armistice", 2)]
)
def test_a_saved_states_chapter_reads_back_alone_as_the_whole_state_holds_it(
    tmp_path: Path, seed: int, ruleset: str, players: int
) -> None:
    from projections.batch import saved_state, state_saved
    from projections.saved import board_saved

    rng = random.Random(seed)
    tracker = Tracker(tmp_path / "zoe.sqlite", chance=RandomChance(rng), session="test")
    setup = random_setup(rng, ruleset, players)
    tracker.create_campaign(NAME, ruleset, setup.seats)
    try:
        states = [tracker.state(NAME)]  # no chapter yet, then every 10th action to its end
        tracker.log_action(NAME, setup)
        for count in range(MOST_ACTIONS):
            chapter = tracker.state(NAME).chapter
            if count % 10 == 0 or chapter is None or chapter.phase.value == "over":
                states.append(tracker.state(NAME))
            if chapter is None or chapter.phase.value == "over":
                break
            tracker.log_action(NAME, random_command(chapter, rng))
    finally:
        tracker.close()

    assert states[-1].chapter is not None and states[-1].chapter.phase.value == "over"
    for state in states:
        saved = saved_state(state)
        assert board_saved(saved) == state_saved(saved).chapter == state.chapter
        assert board_saved(encode_campaign_json(state)) == state.chapter  # an older layout


@pytest.mark.parametrize(
    "damaged",
    [
        b"not deflated at all",
        zlib.compress(b'{"format": 1, "name": "cut')[:-6],  # cut short
        zlib.compress(b"[" * 1000 + b"]" * 1000),  # deflated, not a state
        zlib.compress(b" " * (65 * 1024 * 1024), 9),  # inflates past the bound
    ],
)
def test_a_damaged_saved_state_is_one_projection_error(damaged: bytes) -> None:
    from projections.batch import state_saved
    from projections.errors import ProjectionError
    from projections.saved import board_saved

    with pytest.raises(ProjectionError, match="a saved campaign state is damaged"):
        state_saved(damaged)
    with pytest.raises(ProjectionError, match="a saved campaign state is damaged"):
        board_saved(damaged)
