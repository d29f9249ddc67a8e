"""A club's campaigns on PostgreSQL (issue 31), through the event store's own module: the
URL and its password, the club's schema, the chain written in the library's transaction.
The stories the SQLite file runs (logging, undo, redo, races, the chain and verify) run
here too: the tests marked ``backends`` (tests/conftest.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from domain.chapter.corrections import CorrectFact
from domain.simulate import RandomChance, random_setup
from tests.conftest import BIN_DIR, MISSING
from tests.tracker.conftest import postgres_rows
from tests.tracker.test_tracker import FIRST_MISSION, SEATS, SETUP
from tests.tracker.test_transfer import played
from tracker import store
from tracker.app import Tracker, campaign_id, upgrade
from tracker.errors import CampaignExists, DatabaseError
from tracker.integrity import chained
from tracker.transfer import export_lines, import_campaign, read_export
from tracker.verify import verify_campaigns

SECRET = "s3cr3t-w0rd"
needs_server = pytest.mark.skipif(BIN_DIR is None, reason=MISSING)


def test_a_url_is_shown_without_its_password() -> None:
    url = f"postgresql://club:{SECRET}@db.example:5433/grizzled?schema=friday"
    assert store.shown(url) == "postgresql://club@db.example:5433/grizzled?schema=friday"
    assert store.shown("postgresql://club@db.example/grizzled") == (
        "postgresql://club@db.example/grizzled"
    )


def test_a_database_that_cannot_be_reached_is_named_in_one_line_without_the_password() -> None:
    url = f"postgresql://club:{SECRET}@127.0.0.1:1/grizzled"

    with pytest.raises(DatabaseError) as refused:
        Tracker(url)

    said = str(refused.value)
    assert SECRET not in said and "\n" not in said
    assert said.startswith("the campaign database postgresql://club@127.0.0.1:1/grizzled failed: ")


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("postgresql://club@host:5432/", "names no database"),
        (f"postgresql://club:{SECRET}@host:port/db", "port of postgresql://club@host:port/db"),
        ("postgresql://club@host/db?schema=Drop;Table", "is not a plain lower-case name"),
    ],
)
def test_a_url_the_tracker_cannot_use_is_refused_in_one_line(url: str, said: str) -> None:
    with pytest.raises(DatabaseError, match=said) as refused:
        Tracker(url)
    assert SECRET not in str(refused.value)


def test_the_password_comes_from_the_environment_when_the_url_has_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PGPASSWORD", SECRET)
    monkeypatch.setenv("POSTGRES_SCHEMA", "club_b")
    env = store.postgres_env("postgresql://club@host/db", create=True, lock_timeout=5)
    assert (env["POSTGRES_PASSWORD"], env["POSTGRES_SCHEMA"]) == (SECRET, "club_b")
    assert env["POSTGRES_ENABLE_DB_FUNCTIONS"] == "no"  # they would skip the chain


@needs_server
def test_the_chain_is_written_even_when_the_environment_asks_for_database_functions(
    postgres_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POSTGRES_ENABLE_DB_FUNCTIONS", "y")  # the library's own setting
    tracker = Tracker(postgres_db)
    try:
        tracker.create_campaign("Friday", "classic", SEATS)
        for command in (SETUP, *FIRST_MISSION):
            tracker.log_action("Friday", command)
        (verified,) = verify_campaigns(tracker)
    finally:
        tracker.close()

    events = postgres_rows(
        postgres_db,
        "SELECT originator_version, topic, state FROM stored_events ORDER BY originator_version",
    )
    links = postgres_rows(
        postgres_db, "SELECT originator_version, hash FROM grizzled_chain ORDER BY 1"
    )
    assert [(v, h.hex()) for v, h in links] == [(e.version, e.hash) for e in chained(events)]
    assert (verified.events, verified.chained_from, verified.findings) == (12, 1, ())


@needs_server
def test_each_clubs_schema_holds_its_own_campaigns_in_one_database(postgres_server: str) -> None:
    first = Tracker(f"{postgres_server}?schema=club_north")
    second = Tracker(f"{postgres_server}?schema=club_south")
    try:
        first.create_campaign("Friday", "classic", SEATS)
        second.create_campaign("Sunday", "classic", SEATS)
        second.create_campaign("Friday", "classic", SEATS[:2])

        assert first.campaigns() == ["Friday"]
        assert second.campaigns() == ["Sunday", "Friday"]
        assert len(first.state("Friday").seats) == 3
        assert len(second.state("Friday").seats) == 2
    finally:
        first.close()
        second.close()
    north = postgres_rows(
        f"{postgres_server}?schema=club_north", "SELECT DISTINCT originator_id FROM stored_events"
    )
    assert north == [(campaign_id("Friday").hex,)]


@needs_server
@pytest.mark.parametrize("towards", ["postgresql", "sqlite"])
def test_an_export_moves_a_campaign_between_the_backends_with_its_state_and_chain(
    tmp_path: Path, postgres_db: str, towards: str
) -> None:
    home = str(tmp_path / "home.sqlite")
    source, target = (home, postgres_db) if towards == "postgresql" else (postgres_db, home)
    tracker = Tracker(source)
    try:
        played(tracker)
        exported = tmp_path / "friday.jsonl"
        exported.write_bytes(b"".join(export_lines(tracker, "Friday")))
        state, (before,) = tracker.state("Friday"), verify_campaigns(tracker)
    finally:
        tracker.close()

    assert import_campaign(target, read_export(str(exported))) == ("Friday", 14)

    moved = Tracker(target, access="read")
    try:
        (after,) = verify_campaigns(moved)
        assert moved.state("Friday") == state
        assert moved.campaigns() == ["Friday"]
        assert (after.findings, after.checkpoint, after.events) == ((), before.checkpoint, 14)
    finally:
        moved.close()
    with pytest.raises(CampaignExists, match="already in"):
        import_campaign(target, read_export(str(exported)))


@needs_server
def test_a_clients_read_models_follow_the_notification_log_and_equal_a_rebuild(
    tmp_path: Path, postgres_db: str
) -> None:
    from projections.runner import catch_up, rebuild
    from tests.projections.conftest import all_rows
    from tests.projections.test_runner import log_random
    from tracker.clubcache import follow

    rng = random.Random(31)
    tracker = Tracker(postgres_db, chance=RandomChance(rng))
    cache, fresh = str(tmp_path / "client.sqlite"), str(tmp_path / "other-client.sqlite")
    try:
        setup = random_setup(rng, "classic", 3)
        tracker.create_campaign("Friday", "classic", setup.seats)
        tracker.create_campaign("Sunday", "classic", setup.seats)
        for rounds in range(3):  # the cache caught up between rounds, as a client would
            log_random(tracker, "Friday", rng, 15)
            tracker.undo("Friday", 2, reason=f"round {rounds}")
            log_random(tracker, "Sunday", rng, 5)
            assert follow(tracker, cache) > 0
            catch_up(cache, batch_size=7)
            follow(tracker, fresh)
            rebuild(fresh)
            assert all_rows(cache) == all_rows(fresh)
        assert follow(tracker, cache) == 0  # nothing new: nothing copied
        incremental = all_rows(cache)
        rebuild(cache)
        assert all_rows(cache) == incremental
        assert len(incremental["campaigns"]) == 2 and len(incremental["event_log"]) > 40
    finally:
        tracker.close()


@needs_server
def test_a_schema_without_the_tools_tables_is_refused_to_devices_and_nothing_is_made(
    postgres_unmade: str,
) -> None:
    for access in ("read", "write"):  # a device logs with "write": it never makes them
        with pytest.raises(
            DatabaseError, match=r"holds no grizzled tables .*'grizzled db upgrade'"
        ):
            Tracker(postgres_unmade, access=access)
    schema = postgres_unmade.rpartition("schema=")[2]
    made = postgres_rows(
        postgres_unmade, "SELECT count(*) FROM pg_namespace WHERE nspname = ?", (schema,)
    )
    assert made == [(0,)]


def statements_sent(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The statements psycopg is asked to send to a server from now on (each cursor's
    ``execute`` and ``executemany``), as they are written."""
    import psycopg

    sent: list[str] = []
    for method in ("execute", "executemany"):
        original = getattr(psycopg.Cursor, method)

        def counted(cursor: Any, query: Any, *args: Any, _run: Any = original, **kw: Any) -> Any:
            sent.append(query if isinstance(query, str) else repr(query))
            return _run(cursor, query, *args, **kw)

        monkeypatch.setattr(psycopg.Cursor, method, counted)
    return sent


@needs_server
def test_a_logged_action_asks_the_server_two_statements_the_load_and_the_save(
    postgres_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    tracker = Tracker(postgres_db)
    try:
        tracker.create_campaign("Friday", "classic", SEATS)
        tracker.log_action("Friday", SETUP)
        sent = statements_sent(monkeypatch)
        for k in range(20):  # events 3 to 22: no snapshot is taken on the way
            tracker.log_action("Friday", CorrectFact("stock", k % 6, f"#{k}"))
        asked = list(sent)
        (verified,) = verify_campaigns(tracker)
    finally:
        tracker.close()

    assert len(asked) == 2 * 20, "\n".join(s[:90] for s in asked)
    assert (verified.events, verified.findings) == (22, ())


@needs_server
def test_a_save_after_another_devices_chains_on_the_link_that_device_wrote(
    postgres_db: str,
) -> None:
    first, second = Tracker(postgres_db, by="ann"), Tracker(postgres_db, by="ben")
    try:
        first.create_campaign("Friday", "classic", SEATS)
        first.log_action("Friday", SETUP)
        for k in range(6):  # each remembers its own newest link, the other's is newer
            device = (first, second)[k % 2]
            device.log_action("Friday", CorrectFact("stock", k % 6, f"device {k % 2}"))
        (verified,) = verify_campaigns(first)
    finally:
        first.close()
        second.close()

    events = postgres_rows(
        postgres_db,
        "SELECT originator_version, topic, state FROM stored_events ORDER BY originator_version",
    )
    links = postgres_rows(
        postgres_db, "SELECT originator_version, hash, upgraded FROM grizzled_chain ORDER BY 1"
    )
    assert [(v, h.hex(), u) for v, h, u in links] == [
        (e.version, e.hash, 0) for e in chained(events)
    ]
    assert (verified.events, verified.findings) == (8, ())


@needs_server
def test_a_database_made_before_the_one_statement_save_is_read_and_written_after_db_upgrade(
    postgres_db: str,
) -> None:
    tracker = Tracker(postgres_db)
    try:
        tracker.create_campaign("Friday", "classic", SEATS)
        tracker.log_action("Friday", SETUP)
    finally:
        tracker.close()
    schema = postgres_db.rpartition("schema=")[2]
    for made in store.PG_RECORDS:  # as it was before them
        postgres_rows(postgres_db, f'DROP FUNCTION "{schema}".{made}')

    reader = Tracker(postgres_db, access="read")
    try:
        assert reader.state("Friday").chapter is not None
    finally:
        reader.close()
    with pytest.raises(DatabaseError, match=r"made by an older grizzled.*'grizzled db upgrade'"):
        Tracker(postgres_db, access="write")  # a device does not make them: its owner does
    upgrade(postgres_db)
    writer = Tracker(postgres_db, access="write")
    try:
        logged = writer.log_action("Friday", CorrectFact("stock", 2, "after the upgrade"))
        (verified,) = verify_campaigns(writer)
    finally:
        writer.close()
    assert (logged.version, verified.events, verified.findings) == (3, 3, ())


@needs_server
def test_two_commands_of_one_device_following_at_once_copy_each_event_once(
    postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tracker import clubcache

    tracker = Tracker(postgres_db)
    tracker.create_campaign("Friday", "classic", SEATS)
    tracker.log_action("Friday", SETUP)
    cache, other = str(tmp_path / "cache.sqlite"), Tracker(postgres_db, access="read")
    clubcache.follow(other, cache)  # made, and two events in it
    tracker.log_action("Friday", CorrectFact("stock", 2, "while both follow"))
    page = clubcache._page

    def the_other_command_copies_first(on: Tracker, start: int, limit: int = 500) -> Any:
        found = page(on, start, limit)
        if on is tracker and limit > 1 and found:  # read, not yet written: the other runs now
            clubcache.follow(other, cache)
        return found

    monkeypatch.setattr(clubcache, "_page", the_other_command_copies_first)
    try:
        clubcache.follow(tracker, cache)
    finally:
        tracker.close()
        other.close()

    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(cache)) as conn:  # closed: 3.13 warns of one left open
        rows = conn.execute("SELECT rowid, originator_version FROM stored_events").fetchall()
    assert [v for _, v in rows] == [1, 2, 3]


@needs_server
@pytest.mark.parametrize("answer", ["committed", "none", "gone"])
def test_a_save_whose_connection_is_lost_is_recorded_once_or_says_what_is_known(
    postgres_db: str, monkeypatch: pytest.MonkeyPatch, answer: str
) -> None:
    from tracker import pgchain
    from tracker.library import OperationalError

    monkeypatch.setattr(pgchain, "PAUSE", 0)
    monkeypatch.setattr(pgchain, "ATTEMPTS", 3)
    tracker = Tracker(postgres_db)
    tracker.create_campaign("Friday", "classic", SEATS)
    tracker.log_action("Friday", SETUP)
    recorder, sent = tracker.recorder, []
    record, stored = recorder._record_once, recorder._stored_already  # type: ignore[attr-defined]

    def lost(events: Any, links: Any) -> Any:
        sent.append(events)
        if answer == "committed" and len(sent) == 1:
            record(events, links)  # committed, and its reply lost on the way back
        raise OperationalError("server closed the connection unexpectedly")

    def asked(events: Any) -> Any:
        if answer == "gone":
            raise OperationalError("connection refused")
        return stored(events)

    monkeypatch.setattr(recorder, "_record_once", lost)
    monkeypatch.setattr(recorder, "_stored_already", asked)
    try:
        if answer == "committed":
            logged = tracker.log_action("Friday", CorrectFact("stock", 2, "reply lost"))
            said = ""
        else:
            with pytest.raises(DatabaseError) as refused:
                tracker.log_action("Friday", CorrectFact("stock", 2, "server gone"))
            said = str(refused.value)
    finally:
        tracker.close()
    events = postgres_rows(postgres_db, "SELECT count(*) FROM stored_events")

    if answer == "committed":
        assert (logged.version, logged.retried, len(sent), events) == (3, False, 1, [(3,)])
    else:
        assert len(sent) == 3 and events == [(2,)] and "\n" not in said
        assert said.endswith(
            "nothing was recorded" if answer == "none" else "when the server answers again"
        )


@needs_server
def test_a_save_after_links_were_removed_goes_the_librarys_way_under_the_advisory_lock(
    postgres_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    tracker = Tracker(postgres_db)
    try:
        tracker.create_campaign("Friday", "classic", SEATS)
        tracker.log_action("Friday", SETUP)
    finally:
        tracker.close()
    postgres_rows(postgres_db, "DELETE FROM grizzled_chain WHERE originator_version = 2")
    sent = statements_sent(monkeypatch)
    device = Tracker(postgres_db, access="write")
    try:
        logged = device.log_action("Friday", CorrectFact("stock", 2, "the library's steps"))
        (verified,) = verify_campaigns(device)
    finally:
        device.close()

    lock = store.lock_statement(postgres_db.rpartition("=")[2])
    assert logged.version == 3 and any(lock in s for s in sent)
    assert not any("IN EXCLUSIVE MODE" in s for s in sent)  # the library's LOCK TABLE
    assert len(verified.findings) == 1 and "chained after the fact" in verified.findings[0]


@needs_server
def test_a_device_role_without_delete_takes_snapshots_and_keeps_the_old_ones(
    postgres_server: str,
) -> None:
    import uuid

    from tests import pgserver

    urls = pgserver.club(postgres_server, f"club_{uuid.uuid4().hex[:10]}")
    upgrade(urls["owner"])
    pgserver.grant(urls)
    device = Tracker(urls["device"], access="write")
    try:
        device.create_campaign("Friday", "classic", SEATS)
        device.log_action("Friday", SETUP)
        for k in range(2, 52):  # snapshots at 25 and 50, each followed by a pruning DELETE
            logged = device.log_action("Friday", CorrectFact("stock", k % 6, f"#{k}"))
        (verified,) = verify_campaigns(device)
    finally:
        device.close()

    snapshots = postgres_rows(urls["owner"], "SELECT originator_version FROM stored_snapshots")
    assert logged.version == 52 and verified.findings == ()
    assert sorted(v for (v,) in snapshots) == [25, 50]
