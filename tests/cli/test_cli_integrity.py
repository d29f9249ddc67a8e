"""The record anyone can verify, through the command line: a checkpoint and a rotating
backup at each chapter's end, ``verify`` naming what was tampered with, backups taken
while the file is in use, restores that check first, and a ten-chapter campaign carried
whole from one file to another by export and import."""

from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from domain.packing import is_packed, pack, unpack
from domain.simulate import RandomChance, random_setup
from tests.cli.conftest import Grizzled, flat
from tests.tracker.test_tracker import play_out_chapter
from tracker.app import Tracker

CHECKPOINT = re.compile(r"[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7] @ \d+")
FIXTURES = Path(__file__).resolve().parents[1] / "tracker" / "fixtures"
ROOT = Path(__file__).resolve().parents[2]
GRIZZLED = (sys.executable, "-c", "from cli.script import run; run()")


def edit(db: Path, sql: str, params: tuple[Any, ...] = ()) -> None:
    """Change the file behind the tool's back."""
    with closing(sqlite3.connect(db)) as conn:
        conn.execute(sql, params)
        conn.commit()


def replace_in_event(db: Path, version: int, old: bytes, new: bytes) -> None:
    """Edit an event's payload behind the tool's back, as sqlite3 and the tool's own code
    allow: a logged action's packed row is unpacked, edited and packed again."""
    with closing(sqlite3.connect(db)) as conn:
        (state,) = conn.execute(
            "SELECT state FROM stored_events WHERE originator_version = ?", (version,)
        ).fetchone()
        if is_packed(state):
            row, parent = unpack(state, 1 << 24)
            state = pack(row.replace(old, new), parent)
        else:
            state = state.replace(old, new)
        conn.execute(
            "UPDATE stored_events SET state = ? WHERE originator_version = ?", (state, version)
        )
        conn.commit()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def backups(db: Path) -> list[str]:
    folder = db.parent / "data" / "grizzled" / "backups"
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def boot_camp_to_its_end(g: Grizzled) -> str:
    """A tiny Boot Camp won (grizzled's conftest): what the last withdrawal printed."""
    g.ok("briefing", "0", "--trials", "3", "--morale", "20", "--first", "1")
    g.ok("chapter", "start", "--leader", "ann", "--tiles", "left,left,right")
    g.ok("mission", "start", "1")
    for card in ("night+snow", "shell+whistle", "snow+rain"):
        g.ok("play", card)
    g.ok("withdraw", "left")
    g.ok("withdraw", "left")
    return g.ok("withdraw", "left")


def test_a_chapters_end_prints_the_checkpoint_and_keeps_a_backup(
    armistice: Grizzled, db: Path
) -> None:
    said = boot_camp_to_its_end(armistice)
    found = CHECKPOINT.search(said)
    assert found is not None and found.group(0).endswith(" @ 10")
    assert f"Checkpoint for the chapter sheet of Boot Camp: {found.group(0)}" in said
    assert armistice.ok("checkpoint").startswith(f"Checkpoint of 'Autumn': {found.group(0)}\n")
    assert "The record extends the checkpoint given." in armistice.ok(
        "verify", "--checkpoint", found.group(0).lower()
    )
    (kept,) = backups(db)
    assert kept.startswith("grizzled-") and kept.endswith("-chapter.sqlite")


def test_the_automatic_backups_rotate_keeping_as_many_as_configured(
    armistice: Grizzled, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRIZZLED_BACKUPS", "2")
    boot_camp_to_its_end(armistice)
    for _ in range(3):  # the chapter's last withdrawal taken back and logged again
        armistice.ok("undo")
        assert "Checkpoint for the chapter sheet" in armistice.ok("withdraw", "left")
    kept = backups(db)
    assert len(kept) == 2
    newest = db.parent / "data" / "grizzled" / "backups" / kept[-1]
    events = armistice.events()
    assert f"Campaign 'Autumn': {events} events" in armistice.ok("--db", str(newest), "verify")


def test_the_untouched_campaign_verifies(table: Grizzled) -> None:
    said = table.ok("verify")
    assert said.startswith(
        "Verified: SQLite finds every page sound; the read models equal a rebuild.\n"
        "Campaign 'Friday': 3 events, chained from the first; 0 snapshots equal to the "
        "replay; 2 actions\ndecided again by the rules as recorded.\n  Checkpoint: "  # at 100
    )


def test_an_edited_payload_is_named_in_one_line(table: Grizzled, db: Path) -> None:
    replace_in_event(db, 2, b"left", b"right")
    assert table.refused("verify") == (
        "Error: verify: campaign 'Friday': event #2 was altered after it was recorded: it "
        "differs from its link in the chain (or the link was edited) (and 1 more: grizzled "
        "verify --json)"
    )


def test_an_edited_read_model_row_is_named(table: Grizzled, db: Path) -> None:
    table.ok("status")  # the read models up to date
    edit(db, "UPDATE event_log SET summary = 'nothing happened' WHERE version = 3")
    assert table.refused("verify") == (
        "Error: verify: the read model event_log differs from a rebuild of the events at "
        "event #3 (grizzled projections rebuild makes it equal again)"
    )


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (
            "DELETE FROM event_log WHERE version = 2",
            "event_log differs from a rebuild of the events at event #2",
        ),
        (
            "DELETE FROM event_log WHERE version = 3",
            "event_log differs from a rebuild of the events at event #3",
        ),
        (
            "INSERT INTO chapter_players SELECT campaign_id, campaign, chapter + 5, seat, player, "
            "owner, chaplain, charm, charm_up, hand_size, hand_known, hard_knocks, "
            "hard_knock_weight, speech_tokens, tiles, tile_played, withdrawn, is_leader, is_turn "
            "FROM chapter_players WHERE seat = 0",
            "chapter_players differs from a rebuild of the events at chapter 6, seat 0",
        ),
    ],
)
def test_a_read_model_row_missing_or_added_is_named_at_its_key(
    table: Grizzled, db: Path, change: str, named: str
) -> None:
    table.ok("status")  # the read models up to date
    edit(db, change)
    assert table.refused("verify") == (
        f"Error: verify: the read model {named} (grizzled projections rebuild makes it equal again)"
    )


def test_a_file_truncated_mid_page_is_refused_as_cut_short(table: Grizzled, db: Path) -> None:
    data = db.read_bytes()
    db.write_bytes(data[: len(data) - 4096 - 1000])
    assert "is damaged: it is cut short" in table.refused("verify")


def test_a_tail_removed_with_its_links_is_caught_by_the_checkpoint(
    table: Grizzled, db: Path
) -> None:
    written = table.ok("checkpoint").split(": ", 1)[1].splitlines()[0]
    edit(db, "DELETE FROM stored_events WHERE originator_version = 3")
    edit(db, "DELETE FROM grizzled_chain WHERE originator_version = 3")
    table.ok("projections", "rebuild")
    table.ok("verify")  # without the checkpoint, a removed tail cannot show
    assert table.refused("verify", "--checkpoint", written) == (
        f"Error: verify: campaign 'Friday': the record does not extend checkpoint {written}: it "
        "holds events #1 to #2 of the 3 the checkpoint covers (events after #2 were removed)"
    )


def test_a_checkpoint_not_written_as_printed_is_a_usage_error(table: Grizzled) -> None:
    assert "write it as printed" in table.refused("verify", "--checkpoint", "ABCD @ 3", code=2)
    written = "ABCD-EFGH-IJKL-MNOP @ 3"
    assert table.refused("-c", "Nope", "verify", "--checkpoint", written).startswith(
        "Error: there is no campaign called 'Nope' in "
    )


LOGGER = """
import sys
from tracker.app import Tracker

tracker = Tracker(sys.argv[1], by="the other process")
for step in range(int(sys.argv[2])):
    tracker.undo("Friday")
    tracker.redo("Friday")
    if step == 1:
        print("started", flush=True)
tracker.close()
print("done", flush=True)
"""


def test_a_backup_taken_while_the_file_is_read_and_written_holds_every_committed_event(
    table: Grizzled, db: Path, tmp_path: Path
) -> None:
    reader = sqlite3.connect(db)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM stored_events").fetchone()  # a read held open
    logger = subprocess.Popen(
        [sys.executable, "-c", LOGGER, str(db), "150"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert logger.stdout is not None
        assert logger.stdout.readline() == "started\n"
        with closing(sqlite3.connect(db)) as look:
            committed = look.execute("SELECT count(*) FROM stored_events").fetchone()[0]
        said = table.ok("backup", str(tmp_path / "copy.sqlite"))
        still_logging = logger.poll() is None
    finally:
        logger.wait(timeout=120)
        logger.stdout.close()  # type: ignore[union-attr]
        reader.close()
    copy = tmp_path / "copy.sqlite"
    held = int(re.search(r"Backed up (\d+) events", said).group(1))  # type: ignore[union-attr]
    assert held >= committed >= 7
    assert still_logging  # the backup was taken while the other process logged
    assert table.ok("--db", str(copy), "verify").startswith("Verified")
    assert not Path(f"{copy}-wal").exists()


def test_a_backup_or_an_export_is_written_to_a_new_file_only(table: Grizzled, db: Path) -> None:
    assert "already exists" in table.refused("backup", str(db), code=2)
    assert "already exists" in table.refused("export", str(db), code=2)
    assert "there is no folder" in table.refused("backup", str(db.parent / "no" / "x"), code=2)


def test_a_damaged_backup_is_not_restored_and_a_sound_one_is(
    table: Grizzled, db: Path, tmp_path: Path
) -> None:
    sound, damaged = tmp_path / "sound.sqlite", tmp_path / "damaged.sqlite"
    table.ok("backup", str(sound))
    table.ok("backup", str(damaged))
    replace_in_event(damaged, 2, b"left", b"right")
    table.ok("play", "night+shell")
    before = digest(db)
    refused = table.refused("restore", str(damaged))
    assert refused.startswith(f"Error: the backup {damaged} does not verify, nothing was replaced")
    assert digest(db) == before
    said = table.ok("restore", str(sound))
    assert said.startswith(f"Restored {db} from the backup: 3 events, verified.")
    assert table.events() == 3
    assert table.ok("verify").startswith("Verified")


def ten_chapters(db: Path) -> None:
    """A classic campaign of ten chapters played at random, through the tracker."""
    rng = random.Random(1016)
    tracker = Tracker(db, chance=RandomChance(rng))
    try:
        setup = random_setup(rng, "classic", 3)
        tracker.create_campaign("Decade", "classic", setup.seats)
        for _ in range(10):
            tracker.log_action("Decade", setup)
            play_out_chapter(tracker, "Decade", rng)
    finally:
        tracker.close()


def test_a_ten_chapter_campaign_exported_and_imported_reads_the_same(
    grizzled: Grizzled, db: Path, tmp_path: Path
) -> None:
    ten_chapters(db)
    export = tmp_path / "decade.jsonl"
    assert "Exported 'Decade'" in grizzled.ok("export", str(export))
    other = Grizzled(tmp_path / "other.sqlite", explicit=True)
    assert "Imported 'Decade'" in other.ok("import", str(export))
    for command in ("score --json", "campaign show --json", "log --all --json"):
        assert other.ok(command) == grizzled.ok(command)
    assert len(json.loads(grizzled.ok("score --json"))["chapters"]) == 10
    assert other.ok("verify").startswith("Verified")


def test_a_tampered_export_is_refused_and_the_file_left_as_it_was(
    table: Grizzled, db: Path, tmp_path: Path
) -> None:
    export = tmp_path / "friday.jsonl"
    table.ok("export", str(export))
    export.write_text(export.read_text().replace('"left"', '"right"', 1))
    before = digest(db)
    assert table.refused("import", str(export), "--as", "Saturday") == (
        "Error: event #2 was altered: its content differs from its link in the chain"
    )
    assert digest(db) == before


def test_an_import_over_an_existing_name_is_refused_unless_given_a_new_one(
    table: Grizzled, tmp_path: Path
) -> None:
    export = tmp_path / "friday.jsonl"
    table.ok("export", str(export))
    assert "import it under another name with --as NEW" in table.refused("import", str(export))
    assert "Imported 'Saturday': 3 events" in table.ok("import", str(export), "--as", "Saturday")
    assert json.loads(table.ok("campaign", "list", "--json")) == ["Friday", "Saturday"]


def test_another_applications_file_is_never_replaced_by_a_restore(
    table: Grizzled, tmp_path: Path
) -> None:
    sound, foreign = tmp_path / "sound.sqlite", tmp_path / "foreign.sqlite"
    table.ok("backup", str(sound))
    edit(foreign, "CREATE TABLE photos (name TEXT)")
    before = digest(foreign)
    said = table.refused("--db", str(foreign), "restore", str(sound))
    assert "never makes (photos)" in said and said.endswith("nothing was replaced")
    assert digest(foreign) == before


def test_a_campaign_recorded_before_the_chain_says_so_and_is_chained_by_its_next_write(
    grizzled: Grizzled, db: Path
) -> None:
    shutil.copyfile(FIXTURES / "campaign-v1.sqlite", db)  # format 1, no chain
    old = ("-c", "Old Friday")
    said = flat(grizzled.ok(*old, "verify"))
    assert said.startswith("Verified in part: ")
    assert (
        "8 events, recorded before the chain (chained at its next write): the chain vouches for "
        "none; only a checkpoint written down earlier vouches for them (none given: grizzled "
        "verify --checkpoint)"
    ) in said
    grizzled.ok(*old, "play", "rain+gas")
    said = flat(grizzled.ok(*old, "verify"))
    assert said.startswith("Verified in part: ")
    assert (
        "9 events, the chain vouches from #9 on (#1 to #8 were recorded before the chain and "
        "chained on upgrade); only a checkpoint written down earlier vouches for #1 to #8 (none "
        "given: grizzled verify --checkpoint)"
    ) in said
    written = CHECKPOINT.search(grizzled.ok(*old, "checkpoint"))
    assert written is not None
    said = flat(grizzled.ok(*old, "verify", "--checkpoint", written.group(0)))
    assert said.startswith("Verified: ")
    assert "(#1 to #8 were recorded before the chain and chained on upgrade); the checkpoint " in (
        said
    )
    assert "given vouches for #1 to #8" in said
    first_five = early_checkpoint(db, 5)
    said = flat(grizzled.ok(*old, "verify", "--checkpoint", first_five))
    assert said.startswith("Verified in part: ")
    assert "the checkpoint given covers #1 to #5 only: nothing vouches for #6 to #8" in said
    (found,) = json.loads(grizzled.ok(*old, "verify", "--json", "--checkpoint", first_five))[
        "campaigns"
    ]
    assert (found["checkpoint_vouches_to"], found["unvouched_from"]) == (5, 6)


def early_checkpoint(db: Path, count: int) -> str:
    """The checkpoint the tool would have printed after the first ``count`` events."""
    from tracker.checkpoint import checkpoint
    from tracker.integrity import chained

    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "SELECT originator_version, topic, state FROM stored_events "
            "ORDER BY originator_version LIMIT ?",
            (count,),
        ).fetchall()
    return checkpoint(chained(rows)[-1].hash, count)


def unpack_every_row(db: Path) -> None:
    """Every packed action written as plain JSON and the snapshots dropped: a file made to
    look as if no grizzled that chains ever wrote it."""
    with closing(sqlite3.connect(db)) as conn:
        found = conn.execute("SELECT originator_version, state FROM stored_events").fetchall()
        for version, state in found:
            if is_packed(state):
                row, _ = unpack(state, 1 << 24)
                conn.execute(
                    "UPDATE stored_events SET state = ? WHERE originator_version = ?",
                    (row, version),
                )
        conn.execute("DELETE FROM stored_snapshots")
        conn.commit()


def rechain(db: Path, upgraded: int) -> None:
    """The chain made again over the events as they stand (the tool's own code), each link
    marked as made on upgrade when ``upgraded``."""
    from tracker.integrity import chained

    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "SELECT originator_id, originator_version, topic, state FROM stored_events "
            "ORDER BY originator_version"
        ).fetchall()
        conn.execute("DELETE FROM grizzled_chain")
        for each in chained([(v, t, s) for _, v, t, s in rows]):
            conn.execute(
                "INSERT INTO grizzled_chain VALUES (?, ?, ?, ?)",
                (rows[0][0], each.version, bytes.fromhex(each.hash), upgraded),
            )
        conn.commit()


def set_back(db: Path) -> None:
    """The chain dropped and the format mark set back."""
    edit(db, "DROP TABLE grizzled_chain")
    edit(db, "PRAGMA user_version = 1")


LOOKING_WHOLE = {
    "a downgrade plus an edit": (
        [unpack_every_row, set_back],
        "3 events, recorded before the chain (chained at its next write): the chain vouches "
        "for none; only a checkpoint written down earlier vouches for them",
    ),
    "links marked upgraded over an edit": (
        [unpack_every_row, lambda db: rechain(db, upgraded=1)],
        "3 events, recorded before the chain and chained on upgrade: the chain vouches for "
        "none; only a checkpoint written down earlier vouches for them",
    ),
}


@pytest.mark.parametrize(("steps", "named"), LOOKING_WHOLE.values(), ids=LOOKING_WHOLE.keys())
def test_an_edit_the_chain_cannot_see_is_never_called_verified_and_a_checkpoint_catches_it(
    table: Grizzled, db: Path, steps: list[Any], named: str
) -> None:
    written = CHECKPOINT.search(table.ok("checkpoint"))
    assert written is not None
    replace_in_event(db, 3, b"mission start 3", b"mission start 4")  # no rule reads a summary
    for step in steps:
        step(db)
    edit(db, "DELETE FROM projection_position")  # the read models' summary not compared
    said = table.ok("verify")
    assert flat(said).startswith(
        "Verified in part: SQLite finds every page sound; the read models are behind the events "
        "(not compared; the next command updates them); the chain does not vouch for every "
        "event of 'Friday', and no checkpoint given covers the rest (below). Campaign "
    )
    assert named in flat(said) and not re.search(r"^Verified[:.]", said, re.MULTILINE)
    found = json.loads(table.ok("verify", "--json"))["campaigns"][0]
    assert (found["chain_vouches_from"], found["unvouched_from"]) == (4, 1)
    refused = table.refused("verify", "--checkpoint", written.group(0))
    assert refused.startswith("Error: verify: campaign 'Friday': the record does not extend ")
    assert refused.endswith(
        "are not the ones the checkpoint was taken from (the past was rewritten)"
    )


ALREADY_WRITTEN = (
    "Error: verify: campaign 'Friday': the links of events #2 to #3 say they were chained on "
    "upgrade, but a grizzled that chains every event wrote them: their links were removed or "
    "marked after the fact"
)


def test_links_marked_upgraded_over_an_edited_action_are_refused(table: Grizzled, db: Path) -> None:
    replace_in_event(db, 3, b"mission start 3", b"mission start 4")
    rechain(db, upgraded=1)
    assert table.refused("verify") == ALREADY_WRITTEN


def test_a_chain_removed_then_made_again_by_the_next_write_is_refused(
    table: Grizzled, db: Path
) -> None:
    replace_in_event(db, 3, b"mission start 3", b"mission start 4")
    edit(db, "DELETE FROM grizzled_chain")
    table.ok("withdraw", "left")  # the tool links #1 to #3 on upgrade, then #4 as recorded
    assert table.refused("verify") == ALREADY_WRITTEN


DOWNGRADES = {
    "the chain emptied": (
        ["DELETE FROM grizzled_chain"],
        "event #1 has no link in the chain, in a file that was chained (the file is marked "
        "format 2; it holds the chain's table grizzled_chain; its rows were written by a "
        "grizzled that chains every event): the chain was cut or removed from #1 on",
    ),
    "the chain cut": (
        ["DELETE FROM grizzled_chain WHERE originator_version > 1"],
        "event #2 has no link in the chain, in a file that was chained (the file is marked "
        "format 2; it holds the chain's table grizzled_chain; its rows were written by a "
        "grizzled that chains every event): the chain was cut or removed from #2 on",
    ),
    "the chain dropped": (
        ["DROP TABLE grizzled_chain"],
        "the chain's table grizzled_chain was removed from a chained file (the file is marked "
        "format 2; its rows were written by a grizzled that chains every event)",
    ),
    "the chain dropped and the mark set back": (
        ["DROP TABLE grizzled_chain", "PRAGMA user_version = 1"],
        "the file's format mark was set back to 1, but it was chained (its rows were written "
        "by a grizzled that chains every event): a downgrade",
    ),
}


@pytest.mark.parametrize(("steps", "named"), DOWNGRADES.values(), ids=DOWNGRADES.keys())
def test_a_downgraded_file_with_an_edited_event_is_refused_by_verify_naming_where(
    table: Grizzled, db: Path, steps: list[str], named: str
) -> None:
    replace_in_event(db, 3, b'"intensity":3', b'"intensity":4')
    for step in steps:
        edit(db, step)
    said = table.refused("verify")
    assert said.startswith(f"Error: verify: campaign 'Friday': {named}")
    assert "recorded before the chain" not in said and len(said.splitlines()) == 1


def test_a_checkpoint_with_a_one_character_slip_is_a_typo_not_a_rewritten_past(
    table: Grizzled,
) -> None:
    written = CHECKPOINT.search(table.ok("checkpoint"))
    assert written is not None
    printed = written.group(0)
    slip = printed[:5] + ("Z" if printed[5] != "Z" else "Y") + printed[6:]
    said = table.refused("verify", "--checkpoint", slip, code=2)
    assert "this checkpoint has a typo: its check character does not match" in said
    assert "rewritten" not in said


def test_a_checkpoint_of_120000_spaces_is_refused_in_one_line_at_once(
    table: Grizzled, db: Path
) -> None:
    command = [*GRIZZLED, "--db", str(db), "verify", "--checkpoint", " " * 120_000]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=5, check=False)
    assert ran.returncode == 2 and ran.stdout == ""
    (line,) = ran.stderr.splitlines()
    assert (
        "it is 120000 characters long; a checkpoint is at most 64; write it as printed, "
        "XXXX-XXXX-XXXX-XXXX-X @ N"
    ) in line
    assert len(line) < 200


def test_a_restore_keeps_the_replaced_file_beside_it_when_the_backups_are_on_another_disk(
    tmp_path: Path,
) -> None:
    """The replaced file is moved by a rename, which cannot cross file systems: with the
    data folder on another one, it is kept in the campaign file's own folder."""
    import os
    import tempfile

    if os.stat("/dev/shm").st_dev == os.stat(tmp_path).st_dev:
        pytest.skip("/dev/shm is on the same file system as the test's folder here")
    with tempfile.TemporaryDirectory(dir="/dev/shm") as elsewhere:
        db = Path(elsewhere) / "friday.sqlite"
        g = Grizzled(db, explicit=True)
        g.ok("campaign new Friday -p ann:night -p ben:snow -p cy:rain")
        backup = Path(elsewhere) / "backup.sqlite"
        g.ok("backup", str(backup))
        g.ok("chapter start --leader ann --tiles left,right,left")
        said = g.ok("restore", str(backup))
        assert said.startswith(f"Restored {db} from the backup: 1 events, verified.")
        kept = [p for p in Path(elsewhere).glob("replaced-*.sqlite")]  # (its WAL files too)
        assert len(kept) == 1 and f"kept as {kept[0]}" in said
        assert g.events() == 1 and g.ok("verify").startswith("Verified")
