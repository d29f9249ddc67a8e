"""A file is checked whole once per device; what another device appended since is checked
as it is read (issue 39, ``tracker.appended``): its numbers, chain links, undo and redo
heads and replay, from where this device checked. What was checked and is no longer
there as it was sends the file to the whole check again."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from domain.packing import pack, unpack
from tests.cli.conftest import Grizzled
from tests.cli.test_cli_box_read_model import loaded_by
from tracker import checks
from tracker.errors import UnusableFile


@pytest.fixture
def two_devices(
    table: Grizzled, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Grizzled, Path, Path]:
    """Friday's table, seen by two devices: this one (``data``) and another."""
    return table, tmp_path / "data", tmp_path / "other device"


def on(monkeypatch: pytest.MonkeyPatch, device: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(device))


def refuse_the_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object) -> int:
        raise UnusableFile("the campaign file is damaged: replayed and refused")

    monkeypatch.setattr(checks, "replay_from", refused)


def no_whole_check(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object) -> None:
        raise AssertionError("the whole file was checked again")

    monkeypatch.setattr(checks, "check_file", refused)


def test_a_command_after_another_devices_write_checks_only_what_it_appended(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    grizzled, here, other = two_devices
    on(monkeypatch, other)
    grizzled.ok("status")  # the other device's first sight: checked whole
    on(monkeypatch, here)
    grizzled.ok("correct morale 9 -r here")
    grizzled.ok("undo")
    grizzled.ok("correct morale 8 -r again")
    on(monkeypatch, other)
    with monkeypatch.context() as patched:
        no_whole_check(patched)
        assert "Morale Reserve 8" in grizzled.ok("status")
        grizzled.ok("correct morale 7 -r there")
        on(patched, here)
        assert "Morale Reserve 7" in grizzled.ok("status")


def another_devices_write_then(
    grizzled: Grizzled, monkeypatch: pytest.MonkeyPatch, sql: str
) -> str:
    """This device checks the file; another logs into it; then ``sql`` runs on the file:
    what this device's next ``status`` is refused with."""
    grizzled.ok("status")
    on(monkeypatch, grizzled.db.parent / "other device")
    grizzled.ok("correct morale 9 -r there")
    with closing(sqlite3.connect(grizzled.db)) as conn, conn:
        conn.execute(sql)
    on(monkeypatch, grizzled.db.parent / "data")
    return grizzled.refused("status")


def test_an_appended_event_without_its_link_is_refused(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    line = another_devices_write_then(
        two_devices[0],
        monkeypatch,
        "INSERT INTO stored_events (originator_id, originator_version, topic, state) "
        "SELECT originator_id, originator_version + 1, topic, state FROM stored_events "
        "ORDER BY rowid DESC LIMIT 1",  # a copy of the last event, one number on
    )
    assert "damaged" in line
    assert "link in the chain" in line


def test_a_past_no_longer_there_sends_the_file_to_the_whole_check(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    sql = "DELETE FROM stored_events WHERE originator_version = 2"
    assert "event #2 is missing" in another_devices_write_then(two_devices[0], monkeypatch, sql)


def test_a_read_leaves_the_replay_to_the_next_command_that_opens_the_event_store(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``status`` after another device's write checks what it appended but the replay
    through the rules, and remembers nothing: the next write replays it first (and
    refuses what the replay refuses), however many reads came between."""
    grizzled, here, other = two_devices
    grizzled.ok("status")
    on(monkeypatch, other)
    grizzled.ok("correct morale 9 -r there")
    on(monkeypatch, here)
    with monkeypatch.context() as patched:
        refuse_the_replay(patched)
        assert "Morale Reserve 9" in grizzled.ok("status")
        assert "Morale Reserve 9" in grizzled.ok("status")
        assert "replayed and refused" in grizzled.refused("correct morale 8 -r here")
    assert "holds 8 cards" in grizzled.ok("correct morale 8 -r here")


def test_a_read_after_another_devices_write_loads_neither_the_event_store_nor_the_rules(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a read checks of another device's appends needs no event store, no msgspec
    and no rules (the budget of any other read: docs/performance.md, budget 9)."""
    grizzled, here, other = two_devices
    grizzled.ok("status")
    on(monkeypatch, other)
    grizzled.ok("correct morale 9 -r there")
    on(monkeypatch, here)
    loaded = loaded_by(grizzled.db, "status")
    assert "tracker.appended" in loaded  # what was appended was checked ("tracker.app*")
    assert [module for module in loaded if module != "tracker.appended"] == []
    assert "Morale Reserve 9" in grizzled.ok("status")


def test_a_read_checks_the_links_another_device_appended(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The read's check without the event store still recomputes each appended link: the
    other device's event changed after its link was written (packed again, its parent
    and its numbers as they were) is refused by ``status``."""
    grizzled, here, other = two_devices
    grizzled.ok("status")
    on(monkeypatch, other)
    grizzled.ok("correct morale 9 -r there")
    with closing(sqlite3.connect(grizzled.db)) as conn, conn:
        rowid, state = conn.execute(
            "SELECT rowid, state FROM stored_events ORDER BY rowid DESC LIMIT 1"
        ).fetchone()
        row, parent = unpack(bytes(state), 1 << 20)
        assert b'"there"' in row
        edited = pack(row.replace(b'"there"', b'"THERE"'), parent)
        conn.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (edited, rowid))
    on(monkeypatch, here)
    line = grizzled.refused("status")
    assert "damaged" in line
    assert "link in the chain" in line


def test_a_read_after_another_devices_write_refuses_a_trigger_added_beside_it(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The read's check of another device's appends reads the file's schema again (on
    the read's own connection): a trigger slipped in with the other device's write is
    refused in one line, and the read shows no board."""
    grizzled, here, other = two_devices
    grizzled.ok("status")
    on(monkeypatch, other)
    grizzled.ok("correct morale 9 -r there")
    with closing(sqlite3.connect(grizzled.db)) as conn, conn:
        conn.execute(
            "CREATE TRIGGER wipe AFTER INSERT ON stored_events BEGIN DELETE FROM stored_events; END"
        )
    on(monkeypatch, here)
    line = grizzled.refused("status")
    assert "triggers grizzled never makes (wipe)" in line


def test_a_gap_in_what_was_appended_is_named(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    line = another_devices_write_then(
        two_devices[0],
        monkeypatch,
        "INSERT INTO stored_events (originator_id, originator_version, topic, state) "
        "SELECT originator_id, originator_version + 2, topic, state FROM stored_events "
        "ORDER BY rowid DESC LIMIT 1",  # a copy of the last event, two numbers on
    )
    assert "damaged" in line
    assert "is missing" in line


def test_read_models_behind_what_was_appended_are_caught_up_only_after_the_replay(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another device's write whose read models did not catch up: the read here would
    project the appended events, so it replays them first (the replay made to refuse:
    refused, nothing projected), and with no open of the file beside a connection."""
    from tests.cli.opens import watching

    grizzled, here, other = two_devices
    grizzled.ok("status")
    on(monkeypatch, other)
    grizzled.ok("correct morale 9 -r there")
    with closing(sqlite3.connect(grizzled.db)) as conn, conn:
        conn.execute("UPDATE projection_position SET position = position - 1")
        conn.execute("DELETE FROM event_log WHERE rowid = (SELECT max(rowid) FROM event_log)")
    on(monkeypatch, here)
    with monkeypatch.context() as patched:
        refuse_the_replay(patched)
        assert "replayed and refused" in grizzled.refused("status")
    with watching() as watch:
        assert "Morale Reserve 9" in grizzled.ok("status")
    assert watch.found == [], "\n".join(watch.found)


def test_a_write_after_another_devices_write_replays_it_on_its_own_event_store(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write right after another device's write checks what it appended with the event
    store it opens to write (no second one that only looks), and decides on the campaign
    that check replayed: the campaign is not loaded from the store again."""
    from tracker.app import Tracker

    grizzled, here, other = two_devices
    grizzled.ok("status")
    on(monkeypatch, other)
    grizzled.ok("correct morale 9 -r there")
    on(monkeypatch, here)
    loads: list[int | None] = []
    load = Tracker._get

    def counted(self: Tracker, aggregate: object, version: int | None = None) -> object:
        loads.append(version)
        return load(self, aggregate, version)  # type: ignore[arg-type]

    def no_look(*args: object, **kwargs: object) -> None:
        raise AssertionError("a second event store opened to look")

    with monkeypatch.context() as patched:
        patched.setattr(checks, "look", no_look)
        patched.setattr(Tracker, "_get", counted)
        assert "holds 8 cards" in grizzled.ok("correct morale 8 -r here")
    assert None not in loads, loads  # loaded at the checked event only, then replayed
    assert loads, "what the other device appended was not replayed"
    on(monkeypatch, other)
    with monkeypatch.context() as patched:
        no_whole_check(patched)
        assert "Morale Reserve 8" in grizzled.ok("status")


def test_what_is_appended_during_the_check_is_left_for_the_next_command(
    two_devices: tuple[Grizzled, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The replay stops at the heads the shape check saw: an event another device stores
    between the two (its link never read here) is not remembered as checked, so the next
    command checks it."""
    import os
    import subprocess
    import sys

    from tracker import appended, trust

    grizzled, here, other = two_devices
    GRIZZLED = (sys.executable, "-c", "from cli.script import run; run()")
    grizzled.ok("status")
    on(monkeypatch, other)
    grizzled.ok("correct morale 9 -r there")
    on(monkeypatch, here)
    shape = appended.check_shape
    seen: list[int] = []

    def then_another_write(*args: object, **kwargs: object) -> object:
        found = shape(*args, **kwargs)  # type: ignore[arg-type]
        if not seen:  # once: the other device writes while this one checks
            with closing(sqlite3.connect(grizzled.db)) as conn:
                seen.extend(
                    row[0]
                    for row in conn.execute(
                        "SELECT max(originator_version) FROM stored_events GROUP BY originator_id"
                    )
                )
            subprocess.run(
                [*GRIZZLED, "--db", str(grizzled.db), "correct", "morale", "7", "-r", "x"],
                env=dict(os.environ, XDG_DATA_HOME=str(other)),
                check=True,
                capture_output=True,
            )
        return found

    with monkeypatch.context() as patched:
        patched.setattr(appended, "check_shape", then_another_write)
        assert "holds 6 cards" in grizzled.ok("correct morale 6 -r here")
    kept = trust.checked_position(str(grizzled.db))
    assert [place[0] for place in kept["streams"].values()] == seen
    replayed: list[int] = []
    replay = checks.replay_from

    def watched(tracker: object, stream: str, version: int, head: int | None = None) -> int:
        replayed.append(version)
        return replay(tracker, stream, version, head)  # type: ignore[arg-type]

    with monkeypatch.context() as patched:
        patched.setattr(checks, "replay_from", watched)
        assert "holds 5 cards" in grizzled.ok("correct morale 5 -r here")
    assert replayed == seen  # the next write checks from there: the event stored meanwhile


def test_the_whole_count_reads_through_a_map_and_leaves_the_connection_as_it_was(
    table: Grizzled, tmp_path: Path
) -> None:
    from tracker import dbfile, store

    with dbfile.held(str(table.db)) as reader:
        assert reader.query("PRAGMA mmap_size") == [(0,)]
        counted = store.event_count(reader)
        assert reader.query("PRAGMA mmap_size") == [(0,)]
        assert counted == reader.query("SELECT count(*) FROM stored_events")[0][0] > 0
    with closing(sqlite3.connect(tmp_path / "elsewhere.sqlite")) as conn:
        conn.execute("PRAGMA mmap_size = 4096")
        conn.execute("CREATE TABLE stored_events (x)")
        assert store.event_count(dbfile.Held(conn)) == 0
        assert conn.execute("PRAGMA mmap_size").fetchone() == (4096,)
