"""The hash chain and verify on a real campaign file, tampered with behind the tool's
back (the ``sqlite3`` module, as anyone could): each tamper case is caught and named,
the untouched campaign verifies, and a checkpoint catches a tail removed with its links."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from domain.chapter.commands import PlayCard, StartMission
from domain.chapter.corrections import CorrectFact
from domain.errors import RuleViolation
from domain.packing import deflate, is_packed, pack, unpack
from domain.simulate import RandomChance
from tests.tracker.conftest import postgres_rows
from tests.tracker.history import stored_json
from tests.tracker.test_tracker import (
    FIRST_MISSION,
    SEATS,
    SECOND_MISSION,
    SETUP,
    play_out_chapter,
)
from tracker.app import Tracker, campaign_id
from tracker.checkpoint import (
    ALPHABET,
    WrittenCheckpoint,
    checkpoint,
    matches,
    parse_checkpoint,
    read_checkpoint,
)
from tracker.integrity import GENESIS, canonical, chained, content_digest, link
from tracker.verify import (
    CampaignVerified,
    checkpoint_finding,
    stored_rows,
    verify_campaign,
    verify_campaigns,
)

FRIDAY = campaign_id("Friday").hex
V1_FIXTURE = Path(__file__).parent / "fixtures" / "campaign-v1.sqlite"


def edit(db: Path, sql: str, params: tuple[Any, ...] = ()) -> None:
    """Change the file behind the tool's back (a PostgreSQL database: its tables)."""
    if isinstance(db, str):
        postgres_rows(db, sql, params)
        return
    with closing(sqlite3.connect(db)) as conn:
        conn.execute(sql, params)
        conn.commit()


def rows(db: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(db, str):
        return postgres_rows(db, sql, params)
    with closing(sqlite3.connect(db)) as conn:
        return [tuple(row) for row in conn.execute(sql, params)]


def payload(db: Path, version: int) -> dict[str, Any]:
    """An event's payload as JSON (a logged action's packed row unpacked, as the tool's
    code would)."""
    (state,) = rows(db, "SELECT state FROM stored_events WHERE originator_version = ?", (version,))[
        0
    ]
    if is_packed(state):
        state, _ = unpack(state, 1 << 24)
    decoded: dict[str, Any] = json.loads(state)
    return decoded


def store(db: Path, version: int, data: dict[str, Any]) -> None:
    """An event's payload written back, packed again where the row was packed."""
    (old,) = rows(db, "SELECT state FROM stored_events WHERE originator_version = ?", (version,))[0]
    state = json.dumps(data, separators=(",", ":")).encode()
    if is_packed(old):
        state = pack(state, data["parent"])
    edit(db, "UPDATE stored_events SET state = ? WHERE originator_version = ?", (state, version))


@pytest.fixture
def verified(db: Path) -> Callable[[], CampaignVerified]:
    """Verify Friday as the file stands now (a tracker of its own, only reading)."""

    def run() -> CampaignVerified:
        tracker = Tracker(db, access="read")
        try:
            return verify_campaign(tracker, FRIDAY)
        finally:
            tracker.close()

    return run


@pytest.fixture
def chapter(open_tracker: Callable[..., Tracker]) -> Iterator[Tracker]:
    """Friday: two whole chapters played at random (draws made by the tool and recorded),
    then an undo and a redo: 75 events or more, with snapshots."""
    tracker = open_tracker(chance=RandomChance(random.Random(16)))
    tracker.create_campaign("Friday", "classic", SEATS)
    for _ in range(2):
        tracker.log_action("Friday", SETUP)
        play_out_chapter(tracker, "Friday", random.Random(16))
    tracker.undo("Friday", 2, reason="misplayed")
    tracker.redo("Friday")
    yield tracker
    tracker.close()


@pytest.fixture
def table(open_tracker: Callable[..., Tracker]) -> Tracker:
    """Friday at a real table: its first Mission (12 events, 11 of them actions)."""
    tracker = open_tracker()
    tracker.create_campaign("Friday", "classic", SEATS)
    for command in (SETUP, *FIRST_MISSION):
        tracker.log_action("Friday", command)
    return tracker


@pytest.mark.backends
def test_each_event_is_chained_to_the_one_before_it_as_it_is_stored(
    table: Tracker, db: Path
) -> None:
    links = rows(db, "SELECT originator_version, hash, upgraded FROM grizzled_chain ORDER BY 1")
    events = rows(db, "SELECT originator_version, topic, state FROM stored_events ORDER BY 2, 1")
    assert [v for v, *_ in links] == list(range(1, 13))
    previous = GENESIS
    for version, hash_, upgraded in links:
        (topic, state) = next((t, s) for v, t, s in events if v == version)
        assert len(hash_) == 32  # kept as bytes: the content digest is computed again
        assert hash_.hex() == link(previous, version, content_digest(topic, state))
        assert upgraded == 0
        previous = hash_.hex()


def test_the_canonical_form_is_the_events_own_content_not_the_librarys_bookkeeping() -> None:
    stored = b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-01-01T20:00:00"},"b":1,"a":[2]}'
    other_library = b'{"a": [2], "b": 1, "class_version": 2, "timestamp": "2026-01-01T20:00:00"}'
    topic = "grizzled:Campaign.ActionLogged"
    assert canonical(topic, stored) == canonical(topic, other_library)
    assert canonical(topic, stored) == (
        b'{"event":"ActionLogged","payload":{"a":[2],"b":1,"timestamp":"2026-01-01T20:00:00"}}'
    )
    assert content_digest(topic, stored) != content_digest(topic, stored.replace(b"1", b"3"))


@pytest.mark.backends
def test_two_chapters_played_with_the_tools_draws_verify(
    chapter: Tracker, verified: Callable[[], CampaignVerified]
) -> None:
    found = verified()
    assert found.findings == ()
    assert (found.name, found.chained_from) == ("Friday", 1)
    assert found.events == chapter.campaign("Friday").version > 75
    assert found.snapshots == found.events // 25
    logged = [
        e
        for e in chapter.events.get(campaign_id("Friday"))
        if e.__class__.__name__ == "ActionLogged"
    ]
    assert found.decided_again == len(logged)
    assert any(e.draws for e in logged)  # decided again with the draws it recorded


@pytest.mark.backends
def test_a_revert_undo_and_redo_verify_with_each_action_the_revert_decided_again(
    table: Tracker, verified: Callable[[], CampaignVerified]
) -> None:
    corrected = table.log_action("Friday", CorrectFact("stock", 3, "recounted"))
    for command in SECOND_MISSION:
        table.log_action("Friday", command)
    reverted = table.revert("Friday", corrected.version, reason="the stock was right")
    table.undo("Friday")
    table.redo("Friday")
    found = verified()
    assert found.findings == ()
    assert found.decided_again == 11 + 1 + 4 + len(reverted.reapplied) == 20


@pytest.mark.backends
def test_an_events_payload_edited_is_named(
    table: Tracker, db: Path, verified: Callable[[], CampaignVerified]
) -> None:
    data = payload(db, 5)
    data["summary"] = "Ben plays something else"
    store(db, 5, data)
    assert verified().findings[0] == (
        "event #5 was altered after it was recorded: it differs from its link in the chain "
        "(or the link was edited)"
    )


@pytest.mark.backends
@pytest.mark.parametrize("deleted", [7, 12], ids=["in the middle", "at the end"])
def test_an_event_deleted_is_named_by_the_link_it_left(
    table: Tracker, db: Path, verified: Callable[[], CampaignVerified], deleted: int
) -> None:
    edit(db, "DELETE FROM stored_events WHERE originator_version = ?", (deleted,))
    assert verified().findings[0] == (
        f"event #{deleted} is missing: it was recorded (the chain holds its link)"
    )


@pytest.mark.backends
def test_a_tail_deleted_with_its_links_is_caught_by_the_checkpoint_written_before(
    table: Tracker, db: Path, verified: Callable[[], CampaignVerified]
) -> None:
    written = verified().checkpoint
    edit(db, "DELETE FROM stored_events WHERE originator_version > 10")
    edit(db, "DELETE FROM grizzled_chain WHERE originator_version > 10")
    assert verified().findings == ()  # without the checkpoint, nothing shows
    parsed = parse_checkpoint(written)
    assert parsed is not None
    assert checkpoint_finding(stored_rows(table, FRIDAY), *parsed) == (
        f"the record does not extend checkpoint {written}: it holds events #1 to #10 of the "
        "12 the checkpoint covers (events after #10 were removed)"
    )


@pytest.mark.backends
def test_a_past_rewritten_with_its_chain_is_caught_by_the_checkpoint(
    table: Tracker, db: Path, verified: Callable[[], CampaignVerified]
) -> None:
    written = verified().checkpoint
    data = payload(db, 3)
    data["summary"] = "the forger's words"
    store(db, 3, data)
    rechain(db)
    assert verified().findings == ()  # the forger rewrote the whole chain
    parsed = parse_checkpoint(written)
    assert parsed is not None
    assert "(the past was rewritten)" in checkpoint_finding(stored_rows(table, FRIDAY), *parsed)


def rechain(db: Path, upgraded: int = 0) -> None:
    """What a forger with the tool's code does: the chain made again over the file (each
    link marked as made on upgrade when ``upgraded``)."""
    events = rows(
        db,
        "SELECT originator_version, topic, state FROM stored_events ORDER BY originator_version",
    )
    edit(db, "DELETE FROM grizzled_chain")
    for each in chained(events):
        edit(
            db,
            "INSERT INTO grizzled_chain VALUES (?, ?, ?, ?)",
            (FRIDAY, each.version, bytes.fromhex(each.hash), upgraded),
        )


def swap(db: Path, one: int, other: int) -> None:
    """Two events' payloads exchanged: each stands at the other's number."""
    first, second = payload(db, one), payload(db, other)
    store(db, one, second)
    store(db, other, first)


@pytest.mark.backends
def test_two_plays_swapped_are_named_as_out_of_place(
    table: Tracker, db: Path, verified: Callable[[], CampaignVerified]
) -> None:
    swap(db, 4, 6)
    found = verified().findings
    assert found[0] == (
        "event #4 is out of place: it is what was recorded as event #6 (events swapped or moved)"
    )


@pytest.mark.backends
def test_swapped_plays_with_a_rewritten_chain_are_refused_by_the_rules(
    table: Tracker, db: Path, verified: Callable[[], CampaignVerified]
) -> None:
    swap(db, 4, 6)
    rechain(db)
    found = verified().findings
    assert found[0].startswith("event #4 (PlayCard player=Cy card=wounded): the rules refuse it (")


def test_an_actions_events_edited_with_a_rewritten_chain_no_longer_follow_from_its_command(
    table: Tracker, db: Path, verified: Callable[[], CampaignVerified]
) -> None:
    data = payload(db, 12)  # Ann chooses the Support: her charm back, then a Morale Drop
    data["events"] = data["events"][:1]
    store(db, 12, data)
    rechain(db)
    assert verified().findings[0] == (
        "event #12 (ChooseSupport player=Ann recover_charm=True): decided again by the "
        "rules, it leads to other events than it recorded"
    )


@pytest.mark.backends
def test_an_edited_snapshot_is_named(
    chapter: Tracker, db: Path, verified: Callable[[], CampaignVerified]
) -> None:
    (version, state), *_ = rows(
        db, "SELECT originator_version, state FROM stored_snapshots ORDER BY 1"
    )
    snapshot = stored_json(state)
    snapshot["state"]["head"] = 3
    edit(
        db,
        "UPDATE stored_snapshots SET state = ? WHERE originator_version = ?",
        (deflate(json.dumps(snapshot).encode()), version),
    )
    assert verified().findings == (
        f"the snapshot at #{version} differs from the replay of the events before it",
    )


OLD_FRIDAY = campaign_id("Old Friday").hex  # tests/tracker/fixtures/campaign-v1.sqlite


def verify_file(db: Path) -> list[CampaignVerified]:
    """Every campaign of the file verified, the file-wide checks included."""
    tracker = Tracker(db, access="read")
    try:
        return verify_campaigns(tracker)
    finally:
        tracker.close()


def test_a_file_from_before_the_chain_verifies_as_such_and_is_chained_whole_when_marked(
    db: Path,
) -> None:
    shutil.copyfile(V1_FIXTURE, db)
    (before,) = verify_file(db)  # its actions recorded fields the rules added since as absent
    assert (before.findings, before.chained_from, before.events) == ((), 0, 8)
    Tracker(db).close()  # opened to write: marked format 2, every event chained with it
    assert rows(db, "PRAGMA user_version") == [(2,)]
    links = rows(db, "SELECT originator_version, upgraded FROM grizzled_chain ORDER BY 1")
    assert links == [(v, 1) for v in range(1, 9)]
    assert before.chain_vouches_from == 9  # none of its 8 events
    (upgraded,) = verify_file(db)
    assert (upgraded.findings, upgraded.chained_from) == (before.findings, 9)
    assert upgraded.chain_vouches_from == 9  # links made on upgrade vouch for nothing
    later = Tracker(db)
    try:
        later.log_action("Old Friday", PlayCard("Ann", "rain+gas"))
    finally:
        later.close()
    (after,) = verify_file(db)
    assert (after.findings, after.chained_from, after.events) == (before.findings, 9, 9)
    assert after.chain_vouches_from == 9


def test_a_first_write_refused_by_the_rules_still_leaves_the_file_chained_whole(
    db: Path,
) -> None:
    shutil.copyfile(V1_FIXTURE, db)
    (before,) = verify_file(db)
    tracker = Tracker(db)
    try:
        with pytest.raises(RuleViolation):
            tracker.log_action("Old Friday", StartMission(1))  # a Mission is under way
    finally:
        tracker.close()
    assert rows(db, "SELECT count(*) FROM grizzled_chain") == [(8,)]
    assert verify_file(db)[0].findings == before.findings


DOWNGRADES = {
    "the chain emptied": ["DELETE FROM grizzled_chain"],
    "the chain dropped": ["DROP TABLE grizzled_chain"],
    "the chain cut after #6": ["DELETE FROM grizzled_chain WHERE originator_version > 6"],
    "the mark set back": ["PRAGMA user_version = 1"],
    "the chain emptied and the mark set back": [
        "DELETE FROM grizzled_chain",
        "PRAGMA user_version = 1",
    ],
    "the chain dropped and the mark set back": [
        "DROP TABLE grizzled_chain",
        "PRAGMA user_version = 1",
    ],
}


@pytest.mark.parametrize("steps", DOWNGRADES.values(), ids=DOWNGRADES.keys())
def test_a_chained_file_downgraded_with_an_edited_event_is_named_as_tampered_with(
    table: Tracker, db: Path, steps: list[str]
) -> None:
    table.close()
    data = payload(db, 9)
    data["summary"] = "the forger's words"
    store(db, 9, data)
    for step in steps:
        edit(db, step)
    (found,) = verify_file(db)
    assert found.findings, "a downgraded file passed verify"
    said = found.findings[0]
    if "user_version = 1" in steps[-1]:
        assert said.startswith("the file's format mark was set back to 1, but it was chained (")
    elif "DROP" in steps[0]:
        assert said.startswith("the chain's table grizzled_chain was removed from a chained file")
    else:
        where = 7 if "> 6" in steps[0] else 1
        assert said.startswith(f"event #{where} has no link in the chain, in a file that was ")
        assert said.endswith(f"the chain was cut or removed from #{where} on")


def test_a_chained_file_whose_rows_were_all_unpacked_as_well_is_beyond_the_chain(
    table: Tracker, db: Path
) -> None:
    """What the docs say a downgrade costs: every witness removed (the chain, the mark and
    every packed row) is a rewrite of the whole file, which only a checkpoint catches."""
    table.close()
    for v in range(1, 13):
        unpacked = payload(db, v)
        state = json.dumps(unpacked, separators=(",", ":")).encode()
        edit(db, "UPDATE stored_events SET state = ? WHERE originator_version = ?", (state, v))
    edit(db, "DROP TABLE grizzled_chain")
    edit(db, "PRAGMA user_version = 1")
    (found,) = verify_file(db)
    assert (found.findings, found.chained_from) == ((), 0)
    assert found.chain_vouches_from == 13  # none of its 12 events: only a checkpoint can


@pytest.mark.backends
def test_links_marked_as_made_on_upgrade_over_an_edited_action_are_named(
    table: Tracker, db: Path, verified: Callable[[], CampaignVerified]
) -> None:
    table.close()
    data = payload(db, 9)
    data["summary"] = "the forger's words"
    store(db, 9, data)
    rechain(db, upgraded=1)
    found = verified()
    assert found.findings == (
        "the links of events #2 to #12 say they were chained on upgrade, but a grizzled that "
        "chains every event wrote them: their links were removed or marked after the fact",
    )
    assert (found.chained_from, found.chain_vouches_from) == (13, 13)


@pytest.mark.backends
def test_the_chain_vouches_from_the_first_event_linked_as_it_was_recorded(
    table: Tracker, db: Path, verified: Callable[[], CampaignVerified]
) -> None:
    assert (verified().chain_vouches_from, verified().findings) == (1, ())
    table.close()
    edit(db, "UPDATE grizzled_chain SET upgraded = 1 WHERE originator_version = 1")
    found = verified()  # the creation is not a packed action: nothing shows it was not
    assert (found.findings, found.chain_vouches_from) == ((), 2)


def test_links_removed_and_made_again_at_a_later_write_are_named(
    db: Path, table: Tracker, verified: Callable[[], CampaignVerified]
) -> None:
    edit(db, "DELETE FROM grizzled_chain WHERE originator_version > 8")
    table.log_action("Friday", StartMission(1))
    assert verified().findings == (
        "events #9 to #12 were chained after the fact: their links had been removed from the chain",
    )


@pytest.mark.parametrize(
    ("written", "parsed"),
    [
        ("K7QX-M2PA-3FTR-WB3D @ 412", ("K7QXM2PA3FTRWB3D", 412)),
        ("k7qx m2pa 3ftr wb3d@412", ("K7QXM2PA3FTRWB3D", 412)),
        ("K7QX-M2PA-3FTR @ 412", None),
        ("K7QX-M2PA-3FTR-WB3D", None),
        ("K7QX-M2PA-3FTR-WB31 @ 4", None),  # 1 is not a base32 letter
        ("VOV2-XK5L-VOV2-XK5L-R @ 412", ("VOV2XK5LVOV2XK5L", 412)),
        ("VOV2-XK5L-VOV2-XK5L-S @ 412", None),  # the check character differs
    ],
)
def test_a_checkpoint_is_read_back_as_people_write_it(
    written: str, parsed: tuple[str, int] | None
) -> None:
    assert parse_checkpoint(written) == parsed


def test_a_checkpoint_is_four_groups_of_four_its_check_character_and_the_count() -> None:
    said = checkpoint("ab" * 32, 412)
    assert said == "VOV2-XK5L-VOV2-XK5L-R @ 412"
    assert read_checkpoint(said) == WrittenCheckpoint("VOV2XK5LVOV2XK5L", 412, checked=True)
    assert read_checkpoint(" vov2 xk5l vov2 xk5l r@412 ") == read_checkpoint(said)


def test_a_checkpoint_s_letters_are_the_hash_s_first_ten_bytes_in_base32() -> None:
    """Written without ``base64`` (not imported for one call): the same letters."""
    import base64

    rng = random.Random(7)
    for _ in range(2_000):
        head = rng.randbytes(32)
        letters = base64.b32encode(head[:10]).decode()
        assert checkpoint(head.hex(), 9).startswith(
            "-".join(letters[i : i + 4] for i in (0, 4, 8, 12))
        )
        assert matches(head.hex(), letters)


def test_every_one_character_slip_in_a_copied_checkpoint_is_read_as_a_typo() -> None:
    said = checkpoint("5f" * 32, 1047)
    slips = []
    for at, character in enumerate(said):
        in_count = at > said.index("@")
        others = "0123456789" if in_count else ALPHABET if character in ALPHABET else ""
        slips += [said[:at] + other + said[at + 1 :] for other in others if other != character]
        swapped = said[:at] + said[at + 1 : at + 2] + character + said[at + 2 :]
        if character not in "- @" and said[at + 1 : at + 2] not in ("", "-", " ", "@", character):
            slips.append(swapped)
    assert len(slips) > 500
    for slip in slips:
        read = read_checkpoint(slip)
        assert isinstance(read, str) and "this checkpoint has a typo" in read, slip


def test_a_checkpoint_printed_before_the_check_character_is_still_read() -> None:
    assert read_checkpoint("VOV2-XK5L-VOV2-XK5L @ 412") == WrittenCheckpoint(
        "VOV2XK5LVOV2XK5L", 412, checked=False
    )


def test_a_checkpoint_missing_one_letter_of_its_five_groups_is_a_typo() -> None:
    read = read_checkpoint("VOV2-XK5L-VOV2-XK5-R @ 412")
    assert read == "this checkpoint has a typo: a letter is missing (it has 16 of its 17)"


def test_a_checkpoint_of_120000_spaces_is_refused_by_its_length_before_it_is_read() -> None:
    assert read_checkpoint(" " * 120_000 + "@ 1") == (
        "it is 120003 characters long; a checkpoint is at most 64"
    )
    assert read_checkpoint(" " * 60 + "@ 1") == (
        "it has 0 letters before the @, where a checkpoint has 17"
    )


def test_an_old_checkpoint_that_does_not_match_cannot_say_whether_it_was_miscopied(
    table: Tracker, db: Path, verified: Callable[[], CampaignVerified]
) -> None:
    letters = "AAAABBBBCCCCDDDD"
    said = checkpoint_finding(stored_rows(table, FRIDAY), letters, 12, checked=False)
    assert said.endswith(
        "(the past was rewritten, or the checkpoint was miscopied: one written without its "
        "check character cannot tell)"
    )
