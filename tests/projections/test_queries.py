"""The queries the CLI asks for status, status --json, log and score: standard library
only, plain JSON-ready data, no secret Support tile."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from domain.campaign.briefing import Briefing, EnterBriefing
from domain.campaign.rewards import score
from domain.chapter.commands import Withdraw
from projections import queries
from projections.runner import catch_up
from tests.tracker.history import stored_history
from tests.tracker.test_campaign_story import (
    NAME,
    SEATS,
    open_story,
    play_whole_campaign,
    start,
)
from tracker.app import Tracker, campaign_id

REPO = Path(__file__).resolve().parents[2]
CID = campaign_id(NAME).hex

IMPORTS = """
import sys
import projections.queries
heavy = ("sqlite_utils", "eventsourcing", "rich", "domain", "tracker", "click")
print(" ".join(sorted(m for m in sys.modules if m.split(".")[0] in heavy)))
"""


def test_importing_the_query_module_loads_nothing_heavy() -> None:
    child = subprocess.run(
        [sys.executable, "-c", IMPORTS], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert child.stdout.strip() == ""


@pytest.fixture(scope="module")
def story(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Tracker]]:
    db = tmp_path_factory.mktemp("queries") / "campaign.sqlite"
    tracker = open_story(db)
    play_whole_campaign(tracker)
    catch_up(db)
    yield db, tracker
    tracker.close()


def test_a_campaign_is_found_by_its_name_whatever_the_case(story: tuple[Path, Tracker]) -> None:
    db, _ = story
    with closing(queries.connect(db)) as conn:
        found = queries.find_campaign(conn, "  armistice AUTUMN ")
        assert queries.find_campaign(conn, "Other war") is None
        assert [c["campaign"] for c in queries.campaigns(conn)] == [NAME]
    assert found is not None
    assert (found["campaign_id"], found["seats"], found["chapter_running"]) == (
        CID,
        ["Ann", "Ben", "Cy"],
        False,
    )


def test_score_is_the_domain_score_with_each_chapter(story: tuple[Path, Tracker]) -> None:
    db, tracker = story
    with closing(queries.connect(db)) as conn:
        result = queries.score(conn, CID)
    expected = score(tracker.state(NAME))
    assert (result["victory_points"], result["negative_points"], result["difference"]) == (
        expected.victory_points,
        expected.negative_points,
        expected.difference,
    )
    assert [c["chapter"] for c in result["chapters"]] == list(range(10))
    assert result["chapters"][0]["won"] is True
    assert "campaign_id" not in result["chapters"][0]
    json.dumps(result)


def test_a_page_of_the_score_is_its_latest_chapters_with_the_totals_of_all(
    story: tuple[Path, Tracker],
) -> None:
    db, _ = story
    with closing(queries.connect(db)) as conn:
        whole, page = queries.score(conn, CID), queries.score(conn, CID, 3)

    assert [c["chapter"] for c in page["chapters"]] == [7, 8, 9]
    assert page["chapters"] == whole["chapters"][-3:]
    assert (page["earlier"], whole["earlier"]) == (7, 0)
    totals = ("victory_points", "negative_points", "difference")
    assert [page[k] for k in totals] == [whole[k] for k in totals]


def test_the_log_filters_by_chapter_last_entries_and_undone(story: tuple[Path, Tracker]) -> None:
    db, tracker = story
    with closing(queries.connect(db)) as conn:
        everything = queries.log(conn, CID)
        last = queries.log(conn, CID, last=3)
        standing = queries.log(conn, CID, undone=False)
        chapter_9 = queries.log(conn, CID, chapter=9)
    assert [e["version"] for e in everything] == [e.version for e in stored_history(tracker, NAME)]
    assert last == everything[-3:]
    assert len(everything) - len(standing) == 4
    assert all(e["undone"] is False for e in standing)
    assert {e["chapter"] for e in chapter_9} == {9}
    undo = next(e for e in everything if e["kind"] == "ActionsUndone")
    assert undo["summary"].startswith("undo #")
    assert undo["actions"] == [e["version"] for e in everything if e["undone"]]
    assert everything[0]["event_types"] == ["CampaignCreated"]


def test_helping_hands_and_bans_come_back_in_order(story: tuple[Path, Tracker]) -> None:
    db, _ = story
    with closing(queries.connect(db)) as conn:
        hands = queries.helping_hands(conn, CID)
        bans = queries.bans(conn, CID)
    assert [b["player"] for b in bans] == ["Ben", "Cy"]
    assert [h["seq"] for h in hands] == list(range(1, len(hands) + 1))
    assert hands[0]["used"] is False and hands[-1]["used"] is None


def test_status_shows_the_board_and_never_the_tile_played_face_down(tmp_path: Path) -> None:
    db = tmp_path / "campaign.sqlite"
    tracker = open_story(db)
    start(tracker, 0)
    tracker.log_action(NAME, Withdraw("Ann", "right"))
    catch_up(db)
    tracker.close()
    with closing(queries.connect(db)) as conn:
        board = queries.status(conn, CID)
        assert queries.behind(conn) == 0
        assert queries.status(conn, CID, chapter=1) is None
    assert board is not None
    assert (board["chapter_name"], board["phase"], board["turn"], board["leader"]) == (
        "Boot Camp",
        "mission",
        "Ben",
        "Ann",
    )
    players = board["players"]
    assert [p["player"] for p in players] == [s.name for s in SEATS]
    ann = players[0]
    assert (ann["withdrawn"], ann["tile_played"], ann["tiles"], ann["is_leader"]) == (
        True,
        True,
        2,
        True,
    )
    assert players[1]["is_turn"] is True
    assert board["legal"]["player"] == "Ben"
    assert "right" not in json.dumps(players[0])  # which tile Ann played stays secret
    assert isinstance(board["threats"], dict) and isinstance(ann["hand_known"], list)


def test_behind_counts_what_the_read_models_have_not_projected(tmp_path: Path) -> None:
    db = tmp_path / "campaign.sqlite"
    tracker = open_story(db)
    with closing(queries.connect(db)) as conn:
        assert queries.behind(conn) == 31  # no read models yet: every event
        catch_up(db)
        assert queries.behind(conn) == 0
        tracker.log_action(NAME, EnterBriefing(Briefing(0, 3, 20, 1)))
        assert queries.behind(conn) == 1
    tracker.close()


def test_read_models_of_another_layout_count_as_behind_so_readers_catch_up(
    tmp_path: Path,
) -> None:
    db = tmp_path / "campaign.sqlite"
    tracker = open_story(db)
    catch_up(db)
    with closing(sqlite3.connect(db)) as raw:
        raw.execute("UPDATE projection_position SET schema = schema - 1")
        raw.commit()
    with closing(queries.connect(db)) as conn:
        assert queries.behind(conn) == 31  # an older layout: nothing in it can be trusted
        catch_up(db)
        assert queries.behind(conn) == 0
    tracker.close()


@pytest.mark.parametrize("folder", ["with space", "odd#?%20name", "déjà vu"])
def test_the_read_only_connection_opens_a_database_whatever_its_folder_is_called(
    story: tuple[Path, Tracker], tmp_path: Path, folder: str
) -> None:
    db, _ = story
    copy = tmp_path / folder / "campaign.sqlite"
    copy.parent.mkdir()
    with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(copy)) as target:
        source.backup(target)

    with closing(queries.connect(copy)) as conn:
        assert [c["campaign"] for c in queries.campaigns(conn)] == [NAME]
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            conn.execute("DELETE FROM campaigns")
