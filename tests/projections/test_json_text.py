"""JSON columns and the runner's saved campaign states hold the text ``json.dumps``
writes (compact, ASCII), though msgspec writes most of it."""

from __future__ import annotations

import json
import random
from pathlib import Path

from domain.codec import encode_campaign, encode_campaign_json
from domain.simulate import RandomChance, random_command, random_setup
from projections.chapter import dumps
from tracker.app import Tracker

NAME = "La guerre de Zoé"


def test_a_json_column_is_the_text_json_dumps_writes_with_sorted_keys() -> None:
    values = [
        {"withdraw": ["none"], "player": "Ben", "play": ("a", "b"), "charm": []},
        ["Zoé", "tab\there", "del\x7f", "☃"],
        {2: "two", 10: "ten"},
        {},
    ]
    for value in values:
        assert dumps(value) == json.dumps(value, separators=(",", ":"), sort_keys=True)


def test_a_saved_campaign_state_is_its_plain_form_as_json_dumps_writes_it(
    tmp_path: Path,
) -> None:
    rng = random.Random(3)
    tracker = Tracker(tmp_path / "zoe.sqlite", chance=RandomChance(rng), session="test")
    setup = random_setup(rng, "classic", 3)
    tracker.create_campaign(NAME, "classic", setup.seats)
    tracker.log_action(NAME, setup)
    for _ in range(20):
        tracker.log_action(NAME, random_command(tracker.state(NAME).chapter, rng))
    state = tracker.state(NAME)
    tracker.close()

    text = encode_campaign_json(state)

    assert text == json.dumps(encode_campaign(state), separators=(",", ":"))
    assert "\\u00e9" in text
