"""The whole Armistice campaign of tests/tracker/test_campaign_story.py, projected as the
CLI does it (a catch-up after every command): its score, Helping Hands, bans, boards and
log, and what an undo and a redo across a chapter boundary do to the boards."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from domain.campaign.briefing import Briefing, EnterBriefing
from domain.campaign.rewards import BanCard, score
from domain.chapter.commands import PlayCard, Seat, StartChapter, StartMission, Withdraw
from projections.campaign import score_rows
from projections.chapter import chapter_row
from projections.runner import catch_up
from tests.projections.conftest import all_rows, rebuilt_copy
from tests.tracker.history import stored_history
from tests.tracker.test_campaign_story import (
    FRIENDSHIP,
    NAME,
    NEGATIVE_BY_CHAPTER,
    SEATS,
    VICTORY_BY_CHAPTER,
    conclude,
    lose,
    offered,
    open_story,
    play_whole_campaign,
    start,
    win,
)
from tracker.app import Tracker, campaign_id

CID = campaign_id(NAME).hex
DOCS = Path(__file__).resolve().parents[2] / "docs" / "projections.md"


def catching_up(tracker: Tracker, db: Path) -> Tracker:
    """The tracker, its commands each followed by a catch-up (as the CLI runs them)."""
    for method in ("log_action", "undo", "undo_to", "redo"):
        command = getattr(tracker, method)

        def then_catch_up(*args: Any, _command: Any = command, **kwargs: Any) -> Any:
            result = _command(*args, **kwargs)
            catch_up(db)
            return result

        setattr(tracker, method, then_catch_up)
    return tracker


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "campaign.sqlite"


@pytest.fixture
def story(db: Path) -> Iterator[Tracker]:
    tracker = open_story(db)
    catch_up(db)
    yield catching_up(tracker, db)
    tracker.close()


def rows(db: Path, sql: str, *params: Any) -> list[dict[str, Any]]:
    with closing(sqlite3.connect(db)) as conn:
        conn.row_factory = sqlite3.Row
        return [dict(row) for row in conn.execute(sql, params)]


@pytest.fixture
def played(story: Tracker, db: Path) -> Tracker:
    play_whole_campaign(story)
    return story


def test_the_score_read_model_agrees_with_the_domain_score(played: Tracker, db: Path) -> None:
    state = played.state(NAME)
    table = rows(db, "SELECT * FROM campaign_score WHERE campaign_id = ? ORDER BY chapter", CID)
    assert table == score_rows(CID, state)
    expected = score(state)
    assert [r["victory_points"] for r in table] == [line.victory_points for line in expected.lines]
    assert [r["negative_points"] for r in table] == [
        line.negative_points for line in expected.lines
    ]
    assert [r["victory_points"] for r in table] == VICTORY_BY_CHAPTER
    assert [r["negative_points"] for r in table] == NEGATIVE_BY_CHAPTER
    final = table[-1]
    assert (
        (final["total_victory"], final["total_negative"], final["total_difference"])
        == (
            expected.victory_points,
            expected.negative_points,
            expected.difference,
        )
        == (13, 16, -3)
    )
    assert [r["result"] for r in table[:2]] == ["won", "monument"]
    assert [(r["not_taken"], r["banned"]) for r in table if r["chapter"] in (1, 6, 8)] == [
        (2, 1),
        (2, 1),
        (3, 0),
    ]


def test_bans_say_who_banned_what_in_which_chapter(played: Tracker, db: Path) -> None:
    assert rows(db, "SELECT chapter, card, player, source FROM bans ORDER BY seq") == [
        {"chapter": 1, "card": "rain+gas", "player": "Ben", "source": "hand"},
        {"chapter": 6, "card": "rain+gas", "player": "Cy", "source": "hand"},
    ]


def test_helping_hands_show_holders_the_undone_award_and_the_ones_not_taken(
    played: Tracker, db: Path
) -> None:
    hands = rows(db, "SELECT * FROM helping_hands WHERE campaign_id = ? ORDER BY seq", CID)
    by_number = {(h["number"], h["player"]): h for h in hands}
    assert (offered(4)[0], "Ben") in by_number  # the award after the undo
    assert (offered(4)[0], "Cy") not in by_number  # the undone award
    friendship = by_number[(FRIENDSHIP, "Ann")]
    assert (friendship["category"], friendship["status"], friendship["used"]) == (
        "friendship",
        "in play",
        0,
    )
    played_in_9 = by_number[(offered(7)[0], "Ann")]
    assert (played_in_9["status"], played_in_9["used"], played_in_9["used_in"]) == ("used", 1, 9)
    assert played_in_9["name"] == f"Test hand #{offered(7)[0]}"
    held = [h for h in hands if h["player"] is not None]
    not_taken = [h for h in hands if h["player"] is None]
    assert len(held) == sum(VICTORY_BY_CHAPTER)
    assert len(not_taken) == sum(NEGATIVE_BY_CHAPTER) - 2  # the two bans are no Helping Hand
    assert all(h["status"] == "not taken" and h["used"] is None for h in not_taken)
    assert {h["chapter"] for h in not_taken if h["number"] in offered(8)} == {8}


def test_every_chapter_keeps_its_final_board_and_the_log_marks_the_undone_actions(
    played: Tracker, db: Path
) -> None:
    boards = rows(db, "SELECT * FROM chapter_state WHERE campaign_id = ? ORDER BY chapter", CID)
    assert [b["chapter"] for b in boards] == list(range(10))
    assert all(b["phase"] == "over" for b in boards)
    assert [b["outcome"] == "won" for b in boards] == [
        r.outcome == "won" for r in played.state(NAME).results
    ]
    assert boards[0]["chapter_name"] == "Boot Camp"
    final = played.state(NAME)
    assert boards[-1] == chapter_row(CID, NAME, 9, final.chapter)  # type: ignore[arg-type]
    log = rows(db, "SELECT version, undone FROM event_log WHERE campaign_id = ?", CID)
    assert {r["version"]: r["undone"] for r in log} == {
        e.version: int(e.undone) for e in stored_history(played, NAME)
    }
    assert sum(r["undone"] for r in log) == 4


def test_the_incremental_read_models_equal_a_rebuild(played: Tracker, db: Path) -> None:
    assert all_rows(db) == rebuilt_copy(db, db.parent)


def test_an_undo_across_a_chapter_boundary_drops_the_later_board_and_a_redo_brings_it_back(
    story: Tracker, db: Path
) -> None:
    win(story, 0)  # Boot Camp: a tutorial, no Conclusion (notes, decision 6)
    lose(story, 1)
    conclude(story, 1, ((offered(1)[0], "Cy"),))
    start(story, 2)

    def chapters() -> list[int]:
        return [r["chapter"] for r in rows(db, "SELECT chapter FROM chapter_state ORDER BY 1")]

    assert chapters() == [0, 1, 2]
    chapter_1_final = rows(db, "SELECT * FROM chapter_state WHERE chapter = 1")
    story.undo_to(NAME, 2)  # back to the first action after the creation's descriptions
    assert chapters() == []
    story.redo(NAME)
    assert chapters() == [0, 1, 2]
    assert rows(db, "SELECT * FROM chapter_state WHERE chapter = 1") == chapter_1_final
    state = story.state(NAME)
    board = rows(db, "SELECT * FROM chapter_state WHERE chapter = 2")[0]
    assert board == chapter_row(CID, NAME, 2, state.chapter)  # type: ignore[arg-type]
    assert board["phase"] == "mission"
    story.undo(NAME, 3)  # the Mission, chapter 2 and its Briefing
    assert chapters() == [0, 1]
    assert all_rows(db) == rebuilt_copy(db, db.parent)


def test_several_campaigns_share_the_file_and_the_tables(story: Tracker, db: Path) -> None:
    seats = (Seat("Dee", "shell"), Seat("Eve", "whistle"))
    story.create_campaign("Side game", "classic", seats)
    story.log_action(
        "Side game",
        StartChapter("classic", seats, leader="Dee", third_tiles=("left", "right", "left")),
    )
    story.log_action("Side game", StartMission(3, chaplain_tile="left"))
    win(story, 0)
    campaigns = rows(db, "SELECT campaign, ruleset, seats, chapter FROM campaigns ORDER BY 1")
    assert campaigns == [
        {"campaign": NAME, "ruleset": "armistice", "seats": '["Ann","Ben","Cy"]', "chapter": 0},
        {"campaign": "Side game", "ruleset": "classic", "seats": '["Dee","Eve"]', "chapter": 1},
    ]
    side = rows(db, "SELECT * FROM chapter_players WHERE campaign = 'Side game' ORDER BY seat")
    assert [p["player"] for p in side] == ["Dee", "Eve", "Chaplain"]
    assert [p["hand_size"] for p in side] == [3, 3, 0]
    assert side[2]["chaplain"] == 1
    assert all_rows(db) == rebuilt_copy(db, db.parent)


def sql_examples() -> list[str]:
    """The ```sql blocks of docs/projections.md."""
    return re.findall(r"```sql\n(.*?)```", DOCS.read_text(), flags=re.S)


def test_the_documented_queries_run_and_who_banned_what_answers(played: Tracker, db: Path) -> None:
    examples = sql_examples()
    assert len(examples) >= 5
    with closing(sqlite3.connect(db)) as conn:
        for sql in examples:
            conn.execute(sql.replace(":campaign", "'Armistice autumn'")).fetchall()
        bans = next(sql for sql in examples if "FROM bans" in sql)
        answer = conn.execute(bans.replace(":campaign", "'Armistice autumn'")).fetchall()
    assert [tuple(row) for row in answer] == [
        ("Armistice autumn", "chapter 1", "Ben", "rain+gas", "hand"),
        ("Armistice autumn", "chapter 6", "Cy", "rain+gas", "hand"),
    ]


def test_a_hard_knock_banned_after_its_chapter_leaves_the_board_of_that_chapter(
    story: Tracker, db: Path
) -> None:
    # Ann takes Mute in a lost chapter, and it is banned from her Hard Knocks: the last
    # copy leaves the campaign's catalogue, and the chapter's board no longer shows it in
    # front of her (it left the campaign); an undo of the ban puts it back.
    win(story, 0)  # Boot Camp: a tutorial, no Conclusion (notes, decision 6)
    start(story, 1)
    story.log_action(NAME, PlayCard("Ann", "mute"))
    for player in ("Ben", "Cy", "Ann"):
        story.log_action(NAME, Withdraw(player, "left"))
    assert story.state(NAME).last_result.outcome != "won"  # type: ignore[union-attr]
    conclude(story, 1, ())

    def ann_in_chapter_1() -> dict[str, Any]:
        return rows(db, "SELECT * FROM chapter_players WHERE chapter = 1 AND seat = 0")[0]

    before = ann_in_chapter_1()
    story.log_action(NAME, BanCard("Ann", "mute", "knock"))
    assert "mute" not in story.state(NAME).catalogue

    assert (before["hard_knocks"], before["hard_knock_weight"]) == ('["mute"]', 1)
    assert (ann_in_chapter_1()["hard_knocks"], ann_in_chapter_1()["hard_knock_weight"]) == (
        "[]",
        0,
    )
    story.log_action(NAME, EnterBriefing(Briefing(2, trials=3, morale=20, first_intensity=1)))
    story.undo(NAME, 1)  # back to right after the ban: the board is restored from the record
    assert ann_in_chapter_1()["hard_knocks"] == "[]"
    story.redo(NAME)
    start_2 = StartChapter("armistice", SEATS, leader="Ann", third_tiles=("left", "left", "right"))
    story.log_action(NAME, start_2)  # chapter 1's final board stays without Mute
    assert ann_in_chapter_1()["hard_knocks"] == "[]"
    story.undo(NAME, 3)  # chapter 2, its Briefing and the ban
    assert ann_in_chapter_1()["hard_knocks"] == '["mute"]'
    assert all_rows(db) == rebuilt_copy(db, db.parent)
