"""A campaign file grows with its events, not with their square (issue 17).

An undo, a redo or a revert names the action it returns to instead of recording the whole
campaign state; only the newest snapshots (and one every thousand versions) are kept. The
state an undo returns to is rebuilt from the store, exactly as it was, however far back
and whatever snapshots were let go. Files written before, whose events recorded the
states (``fixtures/campaign-v2-states.sqlite``), keep loading, and the states rebuilt
from their events equal the states they recorded.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import random
import shutil
import sqlite3
import statistics
import zlib
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

from domain.campaign.flow import CampaignState
from domain.codec import OLDER_RECORD, decode_campaign
from domain.packing import ZDICT_1, deflate, inflate, is_deflated, unpack
from domain.simulate import RandomChance, random_command, random_setup
from projections.errors import ProjectionError
from projections.recall import Recall
from projections.runner import catch_up, rebuild
from tests.projections.conftest import all_rows, rebuilt_copy
from tracker.aggregate import Campaign
from tracker.app import (
    KEEP_RECENT,
    PRUNE,
    SNAPSHOT_INTERVAL,
    Tracker,
    campaign_id,
    prune_below,
)
from tracker.checks import check_file
from tracker.errors import UnusableFile
from tracker.library import JSONTranscoder
from tracker.mapper import CheckedTranscoder, check_row, unpacked

FIXTURE = Path(__file__).parent / "fixtures" / "campaign-v2-states.sqlite"
OLD = "Long Tuesday"
NAME = "Long war"
Query = Callable[..., list[tuple[Any, ...]]]


def play(tracker: Tracker, name: str, until: int, rng: random.Random) -> dict[int, CampaignState]:
    """Random legal actions until the stream reaches version ``until``: each state."""
    states: dict[int, CampaignState] = {}
    setup = replace(random_setup(rng, "classic", 3), seats=tracker.state(name).seats)
    while tracker.campaign(name).version < until:
        state = tracker.state(name)
        command: Any = setup
        if state.chapter is not None and state.chapter_running:
            command = random_command(state.chapter, rng)
        logged = tracker.log_action(name, command)
        states[logged.version] = logged.state
    return states


def new_campaign(db: Path, until: int) -> tuple[Tracker, dict[int, CampaignState]]:
    rng = random.Random(5)
    tracker = Tracker(db, chance=RandomChance(rng), by="ana", session="long evening")
    tracker.create_campaign(NAME, "classic", random_setup(random.Random(5), "classic", 3).seats)
    return tracker, play(tracker, NAME, until, rng)


def state_in_a_new_process(db: Path, name: str) -> CampaignState:
    """The state a tracker opened afresh on the file loads (nothing kept in memory)."""
    tracker = Tracker(db)
    try:
        return tracker.state(name)
    finally:
        tracker.close()


def snapshot_versions(query: Query) -> list[int]:
    return [v for (v,) in query("SELECT originator_version FROM stored_snapshots ORDER BY 1")]


def test_an_undo_and_a_redo_record_where_they_return_not_the_state(db: Path, query: Query) -> None:
    tracker, _ = new_campaign(db, 12)
    tracker.undo(NAME, 2, reason="misplayed")
    tracker.redo(NAME)

    rows = query("SELECT topic, CAST(state AS TEXT) FROM stored_events WHERE rowid > 12")
    stored = {topic.rsplit(".", 1)[1]: json.loads(state) for topic, state in rows}
    assert stored["ActionsUndone"]["head"] == 10
    assert stored["ActionsUndone"]["restored"] is None
    assert stored["ActionsRedone"]["restored"] is None
    assert max(len(state) for _, state in rows) < 400
    tracker.close()


def test_only_the_newest_snapshots_are_kept(db: Path, query: Query) -> None:
    tracker, _ = new_campaign(db, 300)

    newest = 300 - 300 % SNAPSHOT_INTERVAL
    kept = [newest - SNAPSHOT_INTERVAL * back for back in range(KEEP_RECENT)][::-1]
    assert snapshot_versions(query) == kept
    tracker.close()


def test_an_undo_far_back_returns_to_the_state_as_it_was_and_its_redo_to_now(
    db: Path,
) -> None:
    tracker, states = new_campaign(db, 300)
    target = 30  # its snapshot (25) was let go long ago
    now = tracker.state(NAME)

    undone = tracker.undo_to(NAME, target, reason="back to the start")
    assert undone.state == states[target]
    assert state_in_a_new_process(db, NAME) == states[target]
    assert tracker.redo(NAME).state == now
    assert state_in_a_new_process(db, NAME) == now
    tracker.close()


def test_read_models_follow_undos_whose_states_were_never_recorded(
    db: Path, tmp_path: Path
) -> None:
    tracker, _ = new_campaign(db, 260)
    tracker.undo_to(NAME, 40)
    tracker.redo(NAME)
    tracker.undo(NAME, 3)
    tracker.close()

    catch_up(db)

    assert all_rows(db) == rebuilt_copy(db, tmp_path)


def without_trail(state: CampaignState) -> CampaignState:
    """``state`` with its chapter's trail (``ChapterState.trail``) left out."""
    if state.chapter is None:
        return state
    return replace(state, chapter=replace(state.chapter, trail=()))


def old_file(db: Path) -> Path:
    shutil.copyfile(FIXTURE, db)
    return db


def recorded_states(db: Path) -> list[tuple[int, int, str, dict[str, Any]]]:
    """Each undo, redo and revert of the old file: its version, the action it returns to,
    its kind and the state it recorded."""
    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "SELECT originator_version, topic, CAST(state AS TEXT) FROM stored_events "
            "WHERE topic != ? AND topic != ? ORDER BY originator_version",
            (Campaign.Created.TOPIC, Campaign.ActionLogged.TOPIC),
        ).fetchall()
    found = []
    for version, topic, text in rows:
        stored = json.loads(text)
        reverted = topic == Campaign.ActionReverted.TOPIC
        target = stored["parent"] if reverted else stored["head"]
        found.append((version, target, topic, stored["base" if reverted else "restored"]))
    return found


def test_an_old_file_records_a_state_in_every_undo_redo_and_revert(db: Path) -> None:
    kinds = {topic for _, _, topic, state in recorded_states(old_file(db)) if state}

    assert kinds == {
        Campaign.ActionsUndone.TOPIC,
        Campaign.ActionsRedone.TOPIC,
        Campaign.ActionReverted.TOPIC,
    }


def test_states_rebuilt_from_an_old_files_events_equal_the_states_it_recorded(
    db: Path,
) -> None:
    old = old_file(db)
    tracker = Tracker(old)
    with closing(sqlite3.connect(old)) as conn:
        projected = Recall(conn)
        for _, target, _, state in recorded_states(old):
            recorded = decode_campaign(state)
            # (an older record holds no trail of a failed Mission's cards, which is derived
            # from the events: it reads as one that says so once a failure may have been)
            assert without_trail(tracker.recall(campaign_id(OLD), target)) == without_trail(
                recorded
            )
            assert without_trail(projected.state_at(campaign_id(OLD).hex, target)) == (
                without_trail(recorded)
            )
            if recorded.chapter is not None:
                assert recorded.chapter.trail in ((), (OLDER_RECORD,))
    tracker.close()


def test_an_old_file_goes_on_and_lets_its_old_snapshots_go(
    db: Path, query: Query, tmp_path: Path
) -> None:
    old = old_file(db)
    before = state_in_a_new_process(old, OLD)
    assert len(snapshot_versions(query)) == 12
    tracker = Tracker(old, chance=RandomChance(random.Random(3)))
    assert tracker.state(OLD) == before

    states = play(tracker, OLD, 330, random.Random(3))
    undone = tracker.undo_to(OLD, max(states) - 20)

    assert snapshot_versions(query) == [325 - SNAPSHOT_INTERVAL * b for b in range(8)][::-1]
    assert undone.state == states[max(states) - 20]
    assert state_in_a_new_process(old, OLD) == undone.state
    tracker.close()
    catch_up(old)
    assert all_rows(old) == rebuilt_copy(old, tmp_path)


def test_the_read_models_rebuild_any_past_state_as_the_tracker_does(db: Path) -> None:
    tracker, _ = new_campaign(db, 280)
    tracker.undo_to(NAME, 60)
    tracker.redo(NAME)
    tracker.undo(NAME, 2)
    last = tracker.campaign(NAME).version
    versions = [1, 2, 24, 25, 26, 60, 61, 150, 199, 200, last - 3, last - 1, last]

    with closing(sqlite3.connect(db)) as conn:
        recall = Recall(conn)
        for version in versions:
            assert recall.state_at(campaign_id(NAME).hex, version) == tracker.state(NAME, version)
    tracker.close()


def test_a_file_first_seen_is_checked_whole_through_undos_past_its_snapshots(db: Path) -> None:
    tracker, _ = new_campaign(db, 260)
    tracker.undo_to(NAME, 30)  # back past every snapshot kept
    tracker.redo(NAME)
    play(tracker, NAME, 320, random.Random(9))
    tracker.close()

    reader = Tracker(db)
    checked = check_file(reader)
    reader.close()

    assert checked.events == 320


def test_a_logged_action_is_stored_packed_its_parent_readable_by_sqlite(
    db: Path, query: Query
) -> None:
    tracker, states = new_campaign(db, 40)

    rows = query(
        "SELECT originator_version, json_extract(CAST(state AS TEXT), '$.parent'), "
        "length(state) FROM stored_events WHERE topic = ?",
        (Campaign.ActionLogged.TOPIC,),
    )
    assert [parent for _, parent, _ in rows] == [version - 1 for version, _, _ in rows]
    assert statistics.median(size for _, _, size in rows) < 200  # ~550 bytes plain
    assert state_in_a_new_process(db, NAME) == states[40]
    tracker.close()


def _deflated(data: bytes) -> str:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, ZDICT_1)
    return base64.b64encode(deflate.compress(data) + deflate.flush()).decode()


def _tampered(row: bytes, parent: int) -> dict[str, bytes]:
    inner, _ = unpack(row, 1 << 24)
    return {
        "not base64": b'{"parent":%d,"z1":"@@@"}' % parent,
        "a bomb": b'{"parent":%d,"z1":"%s"}' % (parent, _deflated(b" " * (17 << 20)).encode()),
        "another parent inside": b'{"parent":%d,"z1":"%s"}'
        % (parent, _deflated(inner.replace(b'"parent":%d' % parent, b'"parent":1')).encode()),
        "a field more": b'{"parent":%d,"z1":"%s","x":1}' % (parent, _deflated(inner).encode()),
        "cut short": b'{"parent":%d,"z1":"%s"}' % (parent, _deflated(inner)[:40].encode()),
    }


def tampered_copies(db: Path, folder: Path, table: str, version: int) -> Iterator[Path]:
    """A copy of ``db`` for each way the row of ``table`` at ``version`` is tampered with
    (``_tampered``, ``_tampered_snapshot``), the copy named after it."""
    with closing(sqlite3.connect(db)) as conn:
        sql = f"SELECT state FROM {table} WHERE originator_version = ?"
        (row,) = conn.execute(sql, (version,))
    found = (
        _tampered(row[0], version - 1) if table == "stored_events" else _tampered_snapshot(row[0])
    )
    for what, state in found.items():
        copy = folder / f"{what}.sqlite"
        shutil.copyfile(db, copy)
        with closing(sqlite3.connect(copy)) as conn, conn:
            conn.execute(
                f"UPDATE {table} SET state = ? WHERE originator_version = ?", (state, version)
            )
        yield copy


def refused_in_one_line(copy: Path, read: Callable[[Tracker], object], said: str) -> None:
    """The tracker refuses the file with one UnusableFile line saying ``said``."""
    reader = Tracker(copy)
    with pytest.raises(UnusableFile, match=said) as refused:
        read(reader)
    reader.close()
    assert "\n" not in str(refused.value), copy.name


def test_a_packed_row_that_is_not_ours_makes_the_file_unusable_in_one_line(
    db: Path, tmp_path: Path
) -> None:
    tracker, _ = new_campaign(db, 12)
    tracker.close()
    for copy in tampered_copies(db, tmp_path, "stored_events", 7):
        refused_in_one_line(copy, lambda reader: reader.state(NAME, 8), "event #7 cannot be read")
        with pytest.raises(ProjectionError, match="event #7 cannot be read"):
            rebuild(copy)


def test_a_snapshot_is_stored_deflated_and_read_back_by_the_tracker_and_the_read_models(
    db: Path, query: Query
) -> None:
    tracker, states = new_campaign(db, 60)
    tracker.close()

    rows = query("SELECT originator_version, state FROM stored_snapshots ORDER BY 1")
    assert [version for version, _ in rows] == [25, 50]
    for version, state in rows:
        assert is_deflated(state)
        plain = inflate(state, 1 << 24)
        assert len(state) < len(plain) * 0.6  # a short campaign; 1,111 chapters: 1/20
        assert json.loads(plain)["state"]["head"] == version
    assert state_in_a_new_process(db, NAME) == states[60]
    with closing(sqlite3.connect(db)) as conn:
        assert Recall(conn).state_at(campaign_id(NAME).hex, 55) == states[55]


def _tampered_snapshot(row: bytes) -> dict[str, bytes]:
    plain = inflate(row, 1 << 24)
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    blown = bomb.compress(b" " * (17 << 20)) + bomb.flush()
    return {
        "not base64": b'{"z0":"@@@"}',
        "a bomb": b'{"z0":"%s"}' % base64.b64encode(blown),
        "a field more": deflate(plain)[:-1] + b',"x":1}',
        "cut short": deflate(plain)[:60] + b'"}',
    }


def test_a_deflated_snapshot_that_is_not_ours_makes_the_file_unusable_in_one_line(
    db: Path, tmp_path: Path
) -> None:
    tracker, _ = new_campaign(db, 30)
    tracker.close()
    said = "the snapshot at #25 cannot be read"
    for copy in tampered_copies(db, tmp_path, "stored_snapshots", 25):
        refused_in_one_line(copy, lambda reader: reader.state(NAME), said)
        with closing(sqlite3.connect(copy)) as conn, pytest.raises(ProjectionError, match=said):
            Recall(conn).state_at(campaign_id(NAME).hex, 28)


def test_the_snapshots_kept_are_a_bounded_number_however_long_the_campaign() -> None:
    with closing(sqlite3.connect(":memory:")) as conn:
        conn.execute("CREATE TABLE stored_snapshots (originator_id, originator_version)")
        for version in range(SNAPSHOT_INTERVAL, 60_001, SNAPSHOT_INTERVAL):
            conn.execute("INSERT INTO stored_snapshots VALUES ('c', ?)", (version,))
            conn.execute(PRUNE, ("c", *prune_below(version)))
        kept = [v for (v,) in conn.execute("SELECT originator_version FROM stored_snapshots")]

    assert sorted(kept) == [
        *range(51_000, 59_001, 1000),  # one every 1,000 of the last 10,000
        *range(60_000 - SNAPSHOT_INTERVAL * (KEEP_RECENT - 1), 60_001, SNAPSHOT_INTERVAL),
    ]


def every_checked_row(db: Path) -> Iterator[tuple[str, int, bytes]]:
    """Every stored event and snapshot of a file, as the mapper reads it (unpacked,
    inflated, checked)."""
    with closing(sqlite3.connect(db)) as conn:
        for table in ("stored_events", "stored_snapshots"):
            rows = conn.execute(f"SELECT topic, originator_version, state FROM {table}")
            for topic, version, state in rows:
                row = unpacked(topic, version, state)
                check_row(topic, version, row)
                yield topic, version, row


@pytest.mark.parametrize("kind", ["new", "old", "v1"])
def test_the_trackers_transcoder_decodes_every_kind_of_row_as_the_librarys(
    db: Path, kind: str
) -> None:
    """tracker.mapper.CheckedTranscoder looks for the library's tagged values only where
    the rows' schemas put them: on every row of a file with every kind of event (undos,
    redos, reverts, snapshots), of a file that recorded states in them and of the first
    format, it gives what the library's own decoder gives."""
    if kind == "new":
        tracker, _ = new_campaign(db, 60)  # two snapshots
        tracker.undo(NAME, 3, reason="misplayed")
        tracker.redo(NAME)
        tracker.revert(NAME, tracker.campaign(NAME).head, reason="wrong card")
        tracker.undo(NAME, 1)
        tracker.close()
    else:
        shutil.copyfile(FIXTURE if kind == "old" else FIXTURE.with_name("campaign-v1.sqlite"), db)
    ours, library = CheckedTranscoder(), JSONTranscoder()
    opened = Tracker(db)
    for transcoder in (ours, library):  # the library's transcodings and ours, as the tracker's
        opened.register_transcodings(transcoder)
    opened.close()
    kinds = set()
    for topic, _, row in every_checked_row(db):
        assert ours.decode(row) == library.decode(row), topic
        kinds.add(topic)
    assert len(kinds) >= (6 if kind == "new" else 3)


def test_a_snapshot_read_again_is_decoded_once_and_a_changed_row_anew(db: Path) -> None:
    new_campaign(db, 60)[0].close()
    tracker = Tracker(db)
    assert tracker.snapshots is not None
    (row, *_) = tracker.snapshots.recorder.select_events(campaign_id(NAME), desc=True, limit=1)
    first = tracker.mapper.to_domain_event(row)
    assert tracker.mapper.to_domain_event(row) is first
    document = json.loads(inflate(row.state, 1 << 24))
    other = deflate(json.dumps(document, indent=1).encode())  # the same state, other bytes
    again = tracker.mapper.to_domain_event(dataclasses.replace(row, state=other))
    assert again is not first and again.state == first.state
    tracker.close()


def test_an_undo_past_an_undo_reads_their_snapshot_once_and_returns_as_it_was(
    db: Path,
) -> None:
    tracker, states = new_campaign(db, 54)
    tracker.undo(NAME, 1, reason="misplayed")
    tracker.redo(NAME)  # both, after the snapshot at 50, return to 53
    states.update(play(tracker, NAME, 62, random.Random(8)))
    tracker.close()
    fresh = Tracker(db)
    decoded: list[int] = []
    decode = fresh.mapper._decoded

    def counted(stored: Any) -> Any:
        if stored.topic.endswith(":Snapshot"):
            decoded.append(stored.originator_version)
        return decode(stored)

    fresh.mapper._decoded = counted  # type: ignore[method-assign]
    undone = fresh.undo_to(NAME, 57, reason="back")
    assert undone.state == states[57]
    assert sorted(decoded) == sorted(set(decoded)) and 50 in decoded
    fresh.close()
    assert state_in_a_new_process(db, NAME) == states[57]
