"""``grizzled odds`` and ``hint`` read the chapter alone from the read models' saved state:
they load neither the event store nor the campaign's own records, and say what the
campaign's state, loaded from the events, says."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import SEATS, TABLE_CHAPTER, Grizzled
from tests.cli.test_script import grizzled, loaded_by

# the event store, the campaign's records, every command's record, and ``fractions``
NOT_NEEDED = ("eventsourcing", "domain.campaign.flow", "domain.records", "fractions")


def test_odds_and_hint_load_neither_the_event_store_nor_the_campaigns_records(
    tmp_path: Path,
) -> None:
    for logged in (
        ("campaign", "new", "Friday", *SEATS),
        ("chapter", "start", *TABLE_CHAPTER),
        ("mission", "start", "3"),
        ("play", "night+shell"),
    ):
        assert grizzled(tmp_path, *logged).returncode == 0
    grizzled(tmp_path, "status")  # the file is checked whole once

    assert loaded_by(tmp_path, "odds", heavy=NOT_NEEDED) == set()
    assert loaded_by(tmp_path, "odds", "--json", heavy=NOT_NEEDED) == set()
    assert loaded_by(tmp_path, "hint", heavy=NOT_NEEDED) == set()
    assert loaded_by(tmp_path, "hint", "--json", heavy=NOT_NEEDED) == set()


def from_the_events(grizzled: Grizzled, monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    """What a command prints when the read models give it no state (the tracker loads it
    from the events)."""
    with monkeypatch.context() as patched:
        patched.setattr("app.readmodel.projected_board", lambda ctx: None)
        patched.setattr("app.readmodel.projected_state", lambda ctx: None)
        return grizzled.ok(*args)


ASKED = (("odds", "--seed", "1"), ("odds", "--json", "--seed", "1"), ("hint",), ("hint", "--json"))


def test_odds_and_hint_from_the_read_models_say_what_the_events_say(
    table: Grizzled, monkeypatch: pytest.MonkeyPatch
) -> None:
    for card in ("night+shell", "rain+gas", "night+gas", "snow+rain"):
        table.ok("play", card)
        for asked in ASKED:
            assert table.ok(*asked) == from_the_events(table, monkeypatch, *asked), asked


def test_odds_before_a_mission_and_without_a_chapter_say_what_the_events_say(
    campaign: Grizzled, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = campaign.refused("odds")
    with monkeypatch.context() as patched:
        patched.setattr("app.readmodel.projected_board", lambda ctx: None)
        assert campaign.refused("odds") == said
    campaign.ok("chapter", "start", "--leader", "ann", "--tiles", "left,right,left")
    for asked in (("odds", "--playouts", "30", "--seed", "4"), ("hint",), ("hint", "--json")):
        assert campaign.ok(*asked) == from_the_events(campaign, monkeypatch, *asked), asked
