"""Export and import of one campaign: a round trip keeps every event and its chain, and
each damaged, truncated, tampered or hostile export is refused with its reason, the
target file left byte for byte as it was."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

from domain.campaign.flow import CampaignState
from domain.chapter.commands import Seat
from domain.simulate import RandomChance
from tests.tracker.test_tracker import FIRST_MISSION, SEATS, SETUP, next_command
from tracker.app import Tracker, campaign_id
from tracker.errors import CampaignExists
from tracker.integrity import chained
from tracker.transfer import ImportRefused, export_lines, import_campaign, read_export
from tracker.verify import stored_rows, verify_campaign

Lines = list[dict[str, Any]]


def played(tracker: Tracker) -> Tracker:
    """Friday's first Mission at a real table, undone once and redone (14 events)."""
    tracker.create_campaign("Friday", "classic", SEATS)
    for command in (SETUP, *FIRST_MISSION):
        tracker.log_action("Friday", command)
    tracker.undo("Friday", 2, reason="misplayed")
    tracker.redo("Friday")
    return tracker


@pytest.fixture
def exported(tmp_path: Path, open_tracker: Callable[..., Tracker]) -> Path:
    """Friday's first Mission at a real table, undone once and redone, exported."""
    tracker = played(open_tracker())
    path = tmp_path / "friday.jsonl"
    path.write_bytes(b"".join(export_lines(tracker, "Friday", "2026-11-24T20:00:00+00:00")))
    return path


@pytest.fixture
def target(tmp_path: Path) -> Path:
    """Another group's file, with its own campaign: where the export is imported."""
    path = tmp_path / "monday.sqlite"
    tracker = Tracker(path)
    tracker.create_campaign("Monday", "classic", (Seat("Dee", "snow"), Seat("Eve", "gas")))
    tracker.close()
    return path


def lines_of(path: Path) -> Lines:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write(path: Path, lines: Lines) -> None:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_an_export_is_a_header_the_events_with_their_hashes_and_a_closing_line(
    exported: Path,
) -> None:
    lines = lines_of(exported)
    header, events, closing = lines[0], lines[1:-1], lines[-1]
    assert header["format"] == "grizzled-campaign"
    assert header["version"] == 1
    assert (header["campaign"], header["ruleset"], header["events"]) == ("Friday", "classic", 14)
    assert [seat["name"] for seat in header["seats"]] == ["Ann", "Ben", "Cy"]
    assert header["box"]["base"] == "classic-2015"
    assert [event["version"] for event in events] == list(range(1, 15))
    assert events[0]["topic"] == "grizzled:Campaign.Created"
    assert closing == {
        "end": True,
        "head": events[-1]["hash"],
        "count": 14,
        "checkpoint": closing["checkpoint"],
    }
    assert closing["checkpoint"].endswith(" @ 14")


def original(db: Path) -> CampaignState:
    """Friday as the file it was exported from holds it."""
    tracker = Tracker(db, access="read")
    try:
        return tracker.state("Friday")
    finally:
        tracker.close()


def test_an_import_stores_every_event_with_the_same_chain_and_state(
    exported: Path, target: Path, db: Path
) -> None:
    assert import_campaign(str(target), read_export(str(exported))) == ("Friday", 14)
    tracker = Tracker(target, access="read")
    try:
        rows = stored_rows(tracker, campaign_id("Friday").hex)
        state = tracker.state("Friday")
        assert tracker.campaigns() == ["Monday", "Friday"]
    finally:
        tracker.close()
    assert [link.hash for link in chained(rows)] == [e["hash"] for e in lines_of(exported)[1:-1]]
    assert state == original(db)


def test_an_import_under_a_new_name_is_the_same_campaign_called_otherwise(
    exported: Path, target: Path, db: Path
) -> None:
    import_campaign(str(target), read_export(str(exported)), "Friday again")
    tracker = Tracker(target, access="read")
    try:
        state = tracker.state("Friday again")
    finally:
        tracker.close()
    assert state.name == "Friday again"
    assert replace(state, name="Friday") == original(db)


def test_an_import_over_a_campaign_of_the_same_name_is_refused_unless_renamed(
    exported: Path, target: Path
) -> None:
    import_campaign(str(target), read_export(str(exported)))
    before = digest(target)
    with pytest.raises(CampaignExists, match="import it under another name with --as NEW"):
        import_campaign(str(target), read_export(str(exported)))
    assert digest(target) == before


def edited_payload(lines: Lines) -> Lines:
    lines[5]["payload"]["summary"] = "Ben plays something else"
    return lines


def swapped(lines: Lines) -> Lines:
    lines[4], lines[6] = lines[6], lines[4]
    return lines


def hostile_topic(lines: Lines) -> Lines:
    lines[3]["topic"] = "os:system"
    return lines


def hostile_inner_topic(lines: Lines) -> Lines:
    lines[1]["payload"]["originator_topic"] = "subprocess:Popen"
    return lines


def forged(lines: Lines) -> Lines:
    """Ann's Support choice (event #12) changed and the whole chain made again to match:
    the chain holds, the rules do not."""
    lines[12]["payload"]["events"] = lines[12]["payload"]["events"][:1]
    rows = [(e["version"], e["topic"], json.dumps(e["payload"]).encode()) for e in lines[1:-1]]
    for line, link in zip(lines[1:-1], chained(rows), strict=True):
        line["content"], line["hash"] = link.content, link.hash
    lines[-1]["head"] = lines[-2]["hash"]
    return lines


def newer(lines: Lines) -> Lines:
    lines[0]["version"] = 2
    return lines


def dropped_last_event(lines: Lines) -> Lines:
    del lines[-2]
    lines[0]["events"] = lines[-1]["count"] = 13
    return lines


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (edited_payload, "event #5 was altered: its content differs from its link in the chain"),
        (swapped, "line 5 holds event #6 where event #4 belongs"),
        (hostile_topic, "event #3 has a topic grizzled never writes ('os:system')"),
        (hostile_inner_topic, "unknown topic 'subprocess:Popen' in event #1"),
        (forged, "decided again by the rules, it leads to other events than it recorded"),
        (newer, "format version 2, newer than this grizzled reads (1)"),
        (dropped_last_event, "the closing line's head is not the last event's hash"),
    ],
)
def test_a_tampered_or_hostile_export_is_refused_and_the_target_is_left_as_it_was(
    exported: Path, target: Path, damage: Callable[[Lines], Lines], reason: str
) -> None:
    write(exported, damage(lines_of(exported)))
    before = digest(target)
    with pytest.raises(ImportRefused) as refused:
        import_campaign(str(target), read_export(str(exported)))
    assert reason in str(refused.value)
    assert digest(target) == before
    assert not Path(f"{target}-wal").exists()


@pytest.mark.parametrize(
    ("cut", "reason"),
    [
        (lambda data: data[: len(data) // 2], "it is not the closing line (head and count)"),
        (lambda data: data.replace(b'{"version":3,', b'{"version":3', 1), "it is not an event"),
        (lambda data: data[: data.rindex(b"\n", 0, -1) + 1], "it is not the closing line"),
        (lambda data: b"", "is empty: not a grizzled export"),
        (lambda data: b"PK\x03\x04 not json\n", "its first line is no header"),
        (lambda data: data.replace(b'"format":"grizzled-campaign"', b'"format":"x"'), "format"),
    ],
)
def test_a_damaged_or_truncated_export_is_refused_with_its_reason(
    exported: Path, target: Path, cut: Callable[[bytes], bytes], reason: str
) -> None:
    exported.write_bytes(cut(exported.read_bytes()))
    before = digest(target)
    with pytest.raises(ImportRefused) as refused:
        import_campaign(str(target), read_export(str(exported)))
    assert reason in str(refused.value)
    assert digest(target) == before


def snapshot_rows(db: Path, name: str) -> list[tuple[int, Any]]:
    """The campaign's snapshots as the file holds them: version and campaign state."""
    tracker = Tracker(db, access="read")
    try:
        rows = tracker.query(
            "SELECT originator_version, json_extract(CAST(state AS TEXT), '$.state') "
            "FROM stored_snapshots WHERE originator_id = ? ORDER BY originator_version",
            (campaign_id(name).hex,),
        )
    finally:
        tracker.close()
    return [(int(version), state) for version, state in rows]


def undone(tmp_path: Path, open_tracker: Callable[..., Tracker]) -> tuple[Tracker, Path]:
    """A campaign of 80 events played at random, an action undone every sixth event, and
    its export."""
    rng = random.Random(26)
    tracker = open_tracker(chance=RandomChance(rng))
    tracker.create_campaign("Undone", "classic", SEATS)
    while tracker.campaign("Undone").version < 80:
        tracker.log_action("Undone", next_command(tracker, "Undone", SETUP, rng))
        if tracker.campaign("Undone").version % 6 == 0:
            tracker.undo("Undone", reason="misplayed")
    exported = tmp_path / "undone.jsonl"
    exported.write_bytes(b"".join(export_lines(tracker, "Undone")))
    return tracker, exported


def test_an_imported_campaign_holding_undos_verifies_and_keeps_the_snapshots_logging_made(
    tmp_path: Path, db: Path, target: Path, open_tracker: Callable[..., Tracker]
) -> None:
    tracker, exported = undone(tmp_path, open_tracker)

    import_campaign(str(target), read_export(str(exported)))

    imported = Tracker(target, access="read")
    try:
        found = verify_campaign(imported, campaign_id("Undone").hex)
        assert imported.state("Undone") == tracker.state("Undone")
    finally:
        imported.close()
    assert found.findings == ()
    assert found.snapshots >= 3
    assert snapshot_rows(target, "Undone") == snapshot_rows(db, "Undone")


def test_an_import_that_fails_while_writing_its_last_rows_writes_nothing(
    tmp_path: Path, target: Path, open_tracker: Callable[..., Tracker]
) -> None:
    """The events, their chain and the snapshots go into the target in one transaction: a
    snapshot row that cannot be written (one there already) takes the events back too."""
    _, exported = undone(tmp_path, open_tracker)
    with closing(sqlite3.connect(target)) as conn, conn:
        conn.execute(
            "INSERT INTO stored_snapshots VALUES (?, 50, 'x', x'00')",
            (campaign_id("Undone").hex,),
        )
    before = digest(target)

    with pytest.raises(CampaignExists):
        import_campaign(str(target), read_export(str(exported)))

    assert digest(target) == before
    with closing(sqlite3.connect(target)) as conn:
        assert conn.execute("SELECT count(*) FROM stored_events").fetchone() == (1,)
        assert conn.execute("SELECT count(*) FROM grizzled_chain").fetchone() == (1,)


def test_an_import_that_fails_into_a_new_file_leaves_no_file_behind(
    tmp_path: Path, open_tracker: Callable[..., Tracker], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refused import leaves the target as it was: where there was no file, none (the
    file made for it, marked and with its tables, is removed with its WAL files)."""
    import tracker.transfer as transfer
    from tracker.errors import DatabaseError

    _, exported = undone(tmp_path, open_tracker)
    target = tmp_path / "new" / "fresh.sqlite"
    target.parent.mkdir()
    monkeypatch.setattr(transfer, "COPY", (*transfer.COPY, "INSERT INTO main.nowhere VALUES (?)"))

    with pytest.raises(DatabaseError):
        import_campaign(str(target), read_export(str(exported)))

    assert sorted(p.name for p in target.parent.iterdir()) == []
