"""Chapters with the Armistice modules (Orders of the Day, Recruits) and in Solo mode,
played at random through the tracker: their boards project, the modules' columns are
filled, and the incremental tables equal a rebuild.

The Order and Recruit cards are the synthetic test cards of tests/domain/module_builders.py.
"""

from __future__ import annotations

import json
import random
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

from domain.campaign.flow import CampaignState
from domain.cards.box import DescribeOrder, DescribeRecruit
from domain.chapter.commands import merged
from domain.modules.orders import order_deck_options
from domain.modules.recruits import recruit_deck_options
from domain.simulate import RandomChance, random_command, random_setup
from projections.chapter import chapter_row, player_rows
from projections.runner import catch_up
from tests.domain.module_builders import (
    ORDER_NUMBERS,
    RECRUIT_NUMBERS,
    SYNTHETIC_ORDERS,
    SYNTHETIC_RECRUITS,
)
from tests.projections.conftest import all_rows, rebuilt_copy
from tracker.app import Tracker, campaign_id

NAME = "Modules"


def boards(db: Path, cid: str) -> list[dict[str, Any]]:
    with closing(sqlite3.connect(db)) as conn:
        conn.row_factory = sqlite3.Row
        return [
            dict(r)
            for r in conn.execute("SELECT * FROM chapter_state WHERE campaign_id = ?", (cid,))
        ]


def players(db: Path, cid: str) -> list[dict[str, Any]]:
    with closing(sqlite3.connect(db)) as conn:
        conn.row_factory = sqlite3.Row
        rows = conn.execute(
            "SELECT * FROM chapter_players WHERE campaign_id = ? ORDER BY seat", (cid,)
        )
        return [dict(r) for r in rows]


def play(tracker: Tracker, db: Path, rng: random.Random, state: CampaignState) -> list[str]:
    """Play the chapter to its end, catching up every few commands; check the board
    against the tracker's state each time. The modules' rows seen on the way."""
    cid = campaign_id(NAME).hex
    seen = []
    for step in range(400):
        if state.chapter is None or not state.chapter_running:
            break
        state = tracker.log_action(NAME, random_command(state.chapter, rng)).state
        if step % 3 == 0:
            catch_up(db, batch_size=rng.choice([1, 4, 500]))
            now = tracker.state(NAME)
            assert now.chapter is not None
            board = boards(db, cid)
            assert board == [chapter_row(cid, NAME, now.chapter_number, now.chapter)]
            assert players(db, cid) == player_rows(cid, NAME, now.chapter_number, now.chapter)
            shown = json.loads(board[0]["modules"])  # the modules' rows (``Module.shows``)
            seen += [k for k in ("orders", "recruit", "solo") if k in shown]
            for key in ("legal", "threats"):
                json.loads(board[0][key])
    catch_up(db)
    return seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_chapters_with_orders_of_the_day_and_recruits_project(tmp_path: Path, seed: int) -> None:
    db = tmp_path / "modules.sqlite"
    rng = random.Random(seed)
    tracker = Tracker(db, chance=RandomChance(rng), session="modules")
    setup = random_setup(rng, "armistice", rng.choice([3, 4]))
    tracker.create_campaign(NAME, "armistice", setup.seats)
    for order in SYNTHETIC_ORDERS:
        tracker.log_action(NAME, DescribeOrder(order))
    for recruit in SYNTHETIC_RECRUITS:
        tracker.log_action(NAME, DescribeRecruit(recruit))
    setup = replace(
        setup,
        options=merged(
            order_deck_options(ORDER_NUMBERS[:5]), recruit_deck_options(RECRUIT_NUMBERS[:3])
        ),
    )
    state = tracker.log_action(NAME, setup).state
    seen = play(tracker, db, rng, state)
    assert {"orders", "recruit"} <= set(seen)
    assert all_rows(db) == rebuilt_copy(db, tmp_path)
    tracker.close()


def test_a_solo_chapter_projects_its_single_hand(tmp_path: Path) -> None:
    db = tmp_path / "solo.sqlite"
    rng = random.Random(11)
    tracker = Tracker(db, chance=RandomChance(rng), session="solo")
    setup = replace(random_setup(rng, "armistice", 1), trials=12)
    tracker.create_campaign(NAME, "armistice", setup.seats)
    state = tracker.log_action(NAME, setup).state
    seen = play(tracker, db, rng, state)
    assert "solo" in seen
    assert all_rows(db) == rebuilt_copy(db, tmp_path)
    tracker.close()
