"""A corpus of hostile campaign files, built by the tests themselves from a real one.

Each case copies a genuine campaign file (a classic campaign of ~60 logged actions, with
snapshots) and alters it with sqlite3 the way an attacker or a broken copy would: topics
naming classes that delete a file, run a command, import a module or do not exist (in a
stored event, in a snapshot row, inside a snapshot, inside the creation event), invalid
JSON, 10,000-deep nesting, a 50 MB payload, a missing middle version, an unknown domain
event type, an unknown player, a trigger that would empty the log on the next write,
a view, a parent cycle, a dangling parent and summaries that are deflate bombs (issue 26;
``state_bomb`` and ``c1_named`` build two more files the tests use apart).
``tests/cli/test_hostile_files.py`` runs every command on each; ``run_all`` is the script
a child interpreter runs to see what gets imported.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import zlib
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

from domain.packing import pack
from domain.simulate import RandomChance, random_command, random_setup
from projections.runner import rebuild
from tests.tracker.history import stored_json
from tracker.app import Tracker

NAME = "Hostile"
TOPICS = (
    "tempfile:_TemporaryFileCloser",
    "os:system",
    "subprocess:Popen",
    "antigravity:x",
    "grizzled_no_such_module:Thing",
)
EVENT = 18  # the stored event most cases alter (an action in the middle of the log)
LOGGED = "grizzled:Campaign.ActionLogged"
BOMB = 15 * 1024 * 1024  # what a bomb's summary inflates to (under the 16 MB rows had)
READ_COMMANDS = (
    "status",
    "status --json",
    "log",
    "log --json",
    "score --explain",
    "replay",
    "replay --at 5",
    "campaign list",
    "campaign show",
    "box",
)
WRITE_COMMANDS = (
    "undo",
    "undo --to 10 --yes",
    "redo",
    "mission start 1",
    "play night+shell",
    "withdraw left",
    "correct morale 5 -r test",
    "projections rebuild",
    "campaign new Other -p ann:night -p ben:snow",
)
COMMANDS = READ_COMMANDS + WRITE_COMMANDS


def genuine(path: Path, actions: int = 60) -> Path:
    """A real campaign file: a classic campaign of random legal play, with snapshots and
    read models."""
    rng = random.Random(11)
    tracker = Tracker(path, chance=RandomChance(rng), by="host", session="evening")
    setup = random_setup(rng, "classic", 3)
    tracker.create_campaign(NAME, "classic", setup.seats)
    for _ in range(actions):
        state = tracker.state(NAME)
        if state.chapter is not None and state.chapter_running:
            tracker.log_action(NAME, random_command(state.chapter, rng))
        else:
            tracker.log_action(NAME, setup)
    tracker.close()
    rebuild(path)  # with its read models, as the command line leaves a file
    return path


def _payload(conn: sqlite3.Connection, table: str, version: int) -> dict[str, Any]:
    row = conn.execute(
        f"SELECT state FROM {table} WHERE originator_version = ?", (version,)
    ).fetchone()
    return stored_json(row[0])


def _store(conn: sqlite3.Connection, table: str, version: int, state: bytes) -> None:
    conn.execute(f"UPDATE {table} SET state = ? WHERE originator_version = ?", (state, version))


def _newest_snapshot(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT max(originator_version) FROM stored_snapshots").fetchone()[0])


def _snapshot_state(topic: str, victim: Path) -> Callable[[sqlite3.Connection], None]:
    """The newest snapshot names ``topic`` as its aggregate class, with the attributes a
    _TemporaryFileCloser would unlink ``victim`` with when collected."""

    def alter(conn: sqlite3.Connection) -> None:
        version = _newest_snapshot(conn)
        state = _payload(conn, "stored_snapshots", version)
        state["topic"] = topic
        state["state"] = {"name": str(victim), "file": {}, "delete": True}
        _store(conn, "stored_snapshots", version, json.dumps(state).encode())

    return alter


def _snapshot_row(topic: str) -> Callable[[sqlite3.Connection], None]:
    def alter(conn: sqlite3.Connection) -> None:
        conn.execute(
            "UPDATE stored_snapshots SET topic = ? WHERE originator_version = ?",
            (topic, _newest_snapshot(conn)),
        )

    return alter


def _event_topic(topic: str) -> Callable[[sqlite3.Connection], None]:
    def alter(conn: sqlite3.Connection) -> None:
        conn.execute(
            "UPDATE stored_events SET topic = ? WHERE originator_version = ?", (topic, EVENT)
        )

    return alter


def _created_names(conn: sqlite3.Connection) -> None:
    state = _payload(conn, "stored_events", 1)
    state["originator_topic"] = "antigravity:x"
    _store(conn, "stored_events", 1, json.dumps(state).encode())


def _invalid_json(conn: sqlite3.Connection) -> None:
    _store(conn, "stored_events", EVENT, b'{"summary": "cut sh')


def _text_state(conn: sqlite3.Connection) -> None:
    """The payload edited by hand into TEXT (``UPDATE ... SET state = '...'``)."""
    conn.execute(
        "UPDATE stored_events SET state = CAST(state AS TEXT) WHERE originator_version = ?",
        (EVENT,),
    )


def _deep_nesting(conn: sqlite3.Connection) -> None:
    _store(conn, "stored_events", EVENT, b'{"summary":' + b"[" * 10_000 + b"]" * 10_000 + b"}")


def _huge(conn: sqlite3.Connection) -> None:
    state = _payload(conn, "stored_events", EVENT)
    state["summary"] = "x" * (50 * 1024 * 1024)
    _store(conn, "stored_events", EVENT, json.dumps(state).encode())


def _missing_middle(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM stored_events WHERE originator_version = ?", (EVENT,))


def _action_with(conn: sqlite3.Connection, field: str) -> tuple[int, dict[str, Any]]:
    """The first logged action whose first domain event has ``field``."""
    for version, state in conn.execute(
        "SELECT originator_version, state FROM stored_events WHERE topic = "
        "'grizzled:Campaign.ActionLogged' ORDER BY originator_version"
    ):
        payload = stored_json(state)
        if payload["events"] and field in payload["events"][0]["data"]:
            return int(version), payload
    raise AssertionError(f"no action with {field}")


def _unknown_event_type(conn: sqlite3.Connection) -> None:
    version, payload = _action_with(conn, "player")
    payload["events"][0]["type"] = "GrizzledNoSuchEvent"
    _store(conn, "stored_events", version, json.dumps(payload).encode())


def _unknown_player(conn: sqlite3.Connection) -> None:
    version, payload = _action_with(conn, "player")
    payload["events"][0]["data"]["player"] = "Zed"
    _store(conn, "stored_events", version, json.dumps(payload).encode())


def _trigger(conn: sqlite3.Connection) -> None:
    """A trigger that would empty the log through the next action we insert."""
    conn.execute(
        "CREATE TRIGGER forget AFTER INSERT ON stored_events "
        "BEGIN DELETE FROM stored_events WHERE rowid < new.rowid; END"
    )


def _view(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE VIEW score AS SELECT 99 AS victory_points")


def _repacked(
    conn: sqlite3.Connection, version: int, change: Callable[[dict[str, Any]], None]
) -> None:
    """A logged action's row changed by ``change`` and packed again (``domain.packing``),
    its parent outside the same as inside, as grizzled would pack it."""
    payload = _payload(conn, "stored_events", version)
    change(payload)
    row = json.dumps(payload, separators=(",", ":")).encode()
    _store(conn, "stored_events", version, pack(row, int(payload["parent"])))


def _parent(parent: int) -> Callable[[sqlite3.Connection], None]:
    """The action EVENT - 8 names ``parent`` as its parent: a later action makes the
    parents loop (EVENT's parent is EVENT - 1, ..., down to it again), 0 names none."""

    def alter(conn: sqlite3.Connection) -> None:
        _repacked(conn, EVENT - 8, lambda payload: payload.update(parent=parent))

    return alter


def _summary_bomb(conn: sqlite3.Connection) -> None:
    """Every logged action's summary a deflate bomb: each 15 KB row inflates to 15 MB, under
    the 16 MB a row could before (the file grew to 1 GB as its log was read, issue 26)."""
    for (version,) in conn.execute(
        "SELECT originator_version FROM stored_events WHERE topic = ?", (LOGGED,)
    ).fetchall():
        _repacked(conn, version, lambda payload: payload.update(summary="x" * BOMB))


def state_bomb(conn: sqlite3.Connection) -> None:
    """The read models' saved campaign state (``projection_campaigns.state``) a deflate
    bomb: the genuine state's JSON followed by 100 MB of spaces (still JSON), 100 KB
    deflated."""
    (state,) = conn.execute("SELECT state FROM projection_campaigns").fetchone()
    padded = zlib.decompress(state) + b" " * (100 * 1024 * 1024)
    conn.execute("UPDATE projection_campaigns SET state = ?", (zlib.compress(padded, 9),))


C1_NAME = "Hostile\x9b2J\x7f"  # CSI (clear the screen) and DEL, in a stored name
C1_SEATS = ("Ann\x9b31m", "Ben\x85", "Cy\x7f")


def c1_named(path: Path) -> Path:
    """A campaign file whose campaign's and players' names hold C1 controls and DEL, as
    the tracker stores what another face (or an older version) handed it: a chapter
    started, a Mission dealt, a card played."""
    from msgspec.structs import replace

    from domain.chapter.commands import Seat, StartMission

    rng = random.Random(3)
    tracker = Tracker(path, chance=RandomChance(rng), by="host", session="x")
    charms = ("night", "snow", "rain")
    seats = tuple(Seat(name, charm) for name, charm in zip(C1_SEATS, charms, strict=True))
    tracker.create_campaign(C1_NAME, "classic", seats)
    setup = random_setup(rng, "classic", 3)
    tracker.log_action(C1_NAME, replace(setup, seats=seats, leader=C1_SEATS[0]))
    tracker.log_action(C1_NAME, StartMission(3))
    tracker.log_action(C1_NAME, random_command(tracker.state(C1_NAME).chapter, rng))
    tracker.close()
    rebuild(path)
    return path


def cases(victim: Path) -> dict[str, Callable[[sqlite3.Connection], None]]:
    """Every hostile case by name: how it alters a genuine file."""
    found: dict[str, Callable[[sqlite3.Connection], None]] = {}
    for topic in TOPICS:
        short = topic.split(":")[0]
        found[f"snapshot names {short}"] = _snapshot_state(topic, victim)
        found[f"snapshot row is {short}"] = _snapshot_row(topic)
        found[f"event topic is {short}"] = _event_topic(topic)
    found["creation names antigravity"] = _created_names
    found["invalid JSON"] = _invalid_json
    found["a payload stored as TEXT"] = _text_state
    found["10,000-deep nesting"] = _deep_nesting
    found["a 50 MB payload"] = _huge
    found["a missing middle version"] = _missing_middle
    found["an unknown domain event type"] = _unknown_event_type
    found["an unknown player"] = _unknown_player
    found["a trigger on the log"] = _trigger
    found["a view of its own"] = _view
    found["a parent cycle"] = _parent(EVENT)
    found["a dangling parent"] = _parent(0)
    found["a deflate bomb in the summaries"] = _summary_bomb
    return found


def build(source: Path, target: Path, alter: Callable[[sqlite3.Connection], None]) -> Path:
    """A copy of ``source`` altered by ``alter`` (committed, no WAL left beside it)."""
    shutil.copyfile(source, target)
    with closing(sqlite3.connect(target)) as conn:
        with conn:
            alter(conn)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for suffix in ("-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    return target


def run_all(files: list[str], commands: tuple[str, ...] = COMMANDS) -> dict[str, Any]:
    """Run every command on every file in this interpreter (output swallowed): the exit
    codes and the modules loaded afterwards. A child process runs it (see the tests)."""
    import io
    import shlex
    import sys
    from contextlib import redirect_stderr, redirect_stdout

    from cli.main import main

    codes = []
    for path in files:
        for command in commands:
            with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                codes.append(main(["--db", path, *shlex.split(command)], standalone_mode=False))
    return {"codes": codes, "modules": sorted(sys.modules)}
