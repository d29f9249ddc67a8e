"""A club's server behaves as a file does (issue 39): import stores the rows it reports,
``campaign list`` on a new device asks the server, ``campaign show`` lists the
checkpoints; devices log with a role that may only SELECT, INSERT and EXECUTE (the roles
of docs/deploy.md, run as written there); every libpq parameter of the URL is honoured;
a foreign trigger, a foreign table or a read-only database is one line of its own."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest

from tests import pgserver
from tests.cli.conftest import SEATS, TABLE_CHAPTER, Grizzled
from tests.cli.test_chapter_checkpoints import printed
from tests.conftest import BIN_DIR, MISSING
from tests.tracker.conftest import postgres_rows

pytestmark = pytest.mark.skipif(BIN_DIR is None, reason=MISSING)
SECRET = "club-s3cret"


def as_device(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> Grizzled:
    """``grizzled`` on ``url`` from a device of its own (a data directory, so a cache, of
    its own)."""
    monkeypatch.setenv("GRIZZLED_DB", url)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / name))
    return Grizzled(tmp_path / f"{name}.sqlite")


def one_line(result: object) -> str:
    """The one line on stderr of a command that ended in a refusal (exit 1)."""
    assert getattr(result, "exit_code", None) == 1, getattr(result, "output", "")
    lines = getattr(result, "stderr", "").splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), lines
    return lines[0]


def test_an_import_into_the_server_stores_its_rows_and_a_new_device_lists_and_shows_it(
    postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_file = as_device(str(tmp_path / "home.sqlite"), tmp_path, monkeypatch, "home")
    on_file.ok("campaign", "new", "Verdun", "--rules", "armistice", *SEATS)
    on_file.ok("skip-boot-camp")
    on_file.chapter(1, won=False)
    on_file.ok("describe", "hand", "4", "Test hand 4", "friendship")
    on_file.ok("conclusion", "1", "--reward", "lost:0:1", "--offer", "4")
    on_file.ok("award", "4:ann")
    export = tmp_path / "verdun.jsonl"
    on_file.ok("export", str(export))
    on_file_shown = on_file.json("campaign", "show")["checkpoints"]

    laptop = as_device(postgres_db, tmp_path, monkeypatch, "laptop")
    said = laptop.ok("import", str(export), "--as", "Verdun copy")
    stored = postgres_rows(postgres_db, "SELECT count(*) FROM stored_events")
    phone = as_device(postgres_db, tmp_path, monkeypatch, "phone")  # a new device: no cache
    listed = phone.ok("campaign", "list")
    shown = phone.json("campaign", "show", "--campaign", "Verdun copy")["checkpoints"]

    assert said.startswith(f"Imported 'Verdun copy': {stored[0][0]} events, verified")
    assert stored[0][0] == on_file_shown[0]["event"] > 10
    assert listed.split() == ["Verdun", "copy"]
    assert [(c["chapter"], c["event"]) for c in shown] == [(1, on_file_shown[0]["event"])]
    assert re.fullmatch(r"[A-Z2-7-]{21} @ \d+", shown[0]["checkpoint"])


def test_campaign_show_lists_the_checkpoint_the_chapter_end_printed_on_the_server(
    postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = as_device(postgres_db, tmp_path, monkeypatch, "laptop")
    club.ok("campaign", "new", "Autumn", "--rules", "armistice", *SEATS)
    club.ok("skip-boot-camp")
    club.chapter(1, won=False)
    club.ok("describe", "hand", "4", "Test hand 4", "friendship")
    club.ok("conclusion", "1", "--reward", "lost:0:1", "--offer", "4")
    written = printed(club.ok("award", "4:ann"), "chapter 1")

    shown = club.json("campaign", "show")["checkpoints"]
    assert written is not None and [c["checkpoint"] for c in shown] == [written]
    assert f"  Chapter 1: {written}" in club.ok("campaign", "show")


def test_a_new_device_lists_the_servers_campaigns_and_each_failure_says_its_own_line(
    postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = as_device(postgres_db, tmp_path, monkeypatch, "first")
    for name in ("Friday", "Sunday"):
        first.ok("campaign", "new", name, "--rules", "classic", *SEATS)
    fresh = as_device(postgres_db, tmp_path, monkeypatch, "fresh").ok("campaign", "list")
    server = postgres_db.partition("?")[0].rpartition("/")[0]  # postgresql://postgres@host:port
    foreign = f"{postgres_db}_foreign"  # a schema of its own
    postgres_rows(foreign, f"CREATE SCHEMA {foreign.rpartition('=')[2]}")
    postgres_rows(foreign, "CREATE TABLE stored_events (id int, payload text)")  # another's
    wrong = {
        "refused": f"postgresql://club:{SECRET}@127.0.0.1:1/grizzled",
        "no database": f"{server.replace('postgres@', f'postgres:{SECRET}@')}/no_such_db",
        "bad port": f"postgresql://club:{SECRET}@127.0.0.1:port/grizzled",
        "foreign table": foreign,
        "not made": f"{server}/postgres?schema=never_made",
    }
    said = {
        why: one_line(as_device(url, tmp_path, monkeypatch, "fresh")("campaign", "list"))
        for why, url in wrong.items()
    }

    assert fresh.split() == ["Friday", "Sunday"]
    assert "Connection refused" in said["refused"]
    assert 'database "no_such_db" does not exist' in said["no database"]
    assert "port of postgresql://club@127.0.0.1:port/grizzled is not a number" in said["bad port"]
    assert "is not one grizzled made" in said["foreign table"]
    assert "holds no grizzled tables" in said["not made"] and "db upgrade" in said["not made"]
    assert len(set(said.values())) == len(said)
    assert all("No campaign" not in line and SECRET not in line for line in said.values())


def test_a_device_role_holding_select_insert_and_execute_only_logs_a_chapter_and_cannot_rewrite(
    postgres_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = pgserver.club(postgres_server, f"club_{uuid.uuid4().hex[:10]}")  # roles: cluster's
    device = as_device(url["device"], tmp_path, monkeypatch, "phone")
    before = one_line(device("campaign", "new", "Friday", "--rules", "classic", *SEATS))
    owner = as_device(url["owner"], tmp_path, monkeypatch, "owner-laptop")
    upgraded = owner.ok("db", "upgrade")
    assert owner.ok("db", "upgrade") == upgraded  # again: nothing but the functions replaced
    pgserver.grant(url)
    device = as_device(url["device"], tmp_path, monkeypatch, "phone")
    device.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    device.ok("chapter", "start", *TABLE_CHAPTER)
    device.ok("mission", "start", "3")
    device.ok("play", "night+shell")
    device.ok("undo")
    device.ok("redo")
    device.ok("correct", "morale", "15", "-r", "miscounted")
    verified = device.ok("verify")
    viewer = as_device(url["viewer"], tmp_path, monkeypatch, "wall-screen")
    status = viewer.ok("status")
    refused_to_view = one_line(viewer("correct", "morale", "14", "-r", "no"))
    import psycopg

    attempts = {}
    for statement in (
        "DELETE FROM stored_events",
        "UPDATE stored_events SET topic = 'x'",
        "DROP TABLE grizzled_chain",
        "DELETE FROM grizzled_chain",
        "TRUNCATE stored_events",
    ):
        with pytest.raises(psycopg.errors.InsufficientPrivilege) as denied:
            postgres_rows(url["device"], statement)
        attempts[statement] = str(denied.value)

    assert "permission denied for schema" in before and "lacks a privilege" in before
    assert "up to date" in upgraded
    assert verified.startswith("Verified") and "morale" in status.lower()
    assert "the role lacks a privilege" in refused_to_view
    assert all("denied" in why or "must be owner" in why for why in attempts.values())
    events = postgres_rows(url["owner"], "SELECT count(*) FROM stored_events")
    assert events == [(7,)]  # created, chapter, mission, play, undo, redo, correction


def test_the_urls_libpq_parameters_are_honoured_and_never_dropped(
    postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = as_device(postgres_db, tmp_path, monkeypatch, "laptop")
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    secret = postgres_db.replace("postgres@", f"postgres:{SECRET}@", 1)
    encrypted = as_device(f"{secret}&sslmode=require", tmp_path, monkeypatch, "strict")
    plain_refused = one_line(encrypted("campaign", "list"))
    read_only = f"{postgres_db}&options=-c%20default_transaction_read_only%3Don"
    reader = as_device(read_only, tmp_path, monkeypatch, "reader")
    listed = reader.ok("campaign", "list")
    write_refused = one_line(reader("chapter", "start", *TABLE_CHAPTER))
    unknown = one_line(as_device(f"{secret}&sslmod=require", tmp_path, monkeypatch, "typo")("log"))

    from tracker.app import Tracker

    named = Tracker(f"{postgres_db}&application_name=kitchen-laptop", access="read")
    try:
        named.campaigns()
        seen = postgres_rows(
            postgres_db,
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'kitchen-laptop'",
        )
    finally:
        named.close()

    assert "SSL" in plain_refused and SECRET not in plain_refused  # not silently plain
    assert "Friday" in listed
    assert "is read-only" in write_refused and "nothing can be recorded" in write_refused
    assert "'sslmod' is not a parameter PostgreSQL's libpq knows" in unknown
    assert SECRET not in unknown
    assert seen[0][0] >= 1
    assert postgres_rows(postgres_db, "SELECT count(*) FROM stored_events") == [(1,)]


@pytest.mark.parametrize("foreign", ["trigger", "rule"])
def test_a_trigger_or_rule_another_party_put_on_the_tools_tables_is_refused_in_one_line(
    postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, foreign: str
) -> None:
    club = as_device(postgres_db, tmp_path, monkeypatch, "laptop")
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    schema = postgres_db.rpartition("=")[2]
    if foreign == "trigger":
        postgres_rows(
            postgres_db,
            f"CREATE FUNCTION {schema}.spy() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RETURN NEW; END $$",
        )
        postgres_rows(
            postgres_db,
            f"CREATE TRIGGER spy BEFORE INSERT ON {schema}.grizzled_events "
            f"FOR EACH ROW EXECUTE FUNCTION {schema}.spy()",
        )
    else:
        postgres_rows(
            postgres_db,
            "CREATE RULE spy AS ON INSERT TO grizzled_chain DO ALSO NOTIFY spy",
        )

    said = [one_line(club(*command)) for command in (["chapter", "start", *TABLE_CHAPTER], ["log"])]

    assert all(f"a {foreign} spy that grizzled never makes" in line for line in said)
    assert postgres_rows(postgres_db, "SELECT count(*) FROM stored_events") == [(1,)]


def test_the_server_named_after_the_command_is_the_server_as_before_it(
    postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = as_device(postgres_db, tmp_path, monkeypatch, "laptop")
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    monkeypatch.setenv("GRIZZLED_DB", str(tmp_path / "elsewhere.sqlite"))

    listed = club.ok("campaign", "list", "--db", postgres_db)

    assert listed.split() == ["*", "Friday"]  # the current campaign of the server's
    assert not (tmp_path / "elsewhere.sqlite").exists()


@pytest.mark.parametrize("module", ["psycopg", "eventsourcing"])
def test_a_server_gone_outside_a_save_is_one_line_saying_nothing_was_recorded(
    postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str
) -> None:
    import psycopg

    from tracker import clubcache
    from tracker.library import OperationalError

    club = as_device(postgres_db, tmp_path, monkeypatch, "laptop")
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    error = psycopg.OperationalError if module == "psycopg" else OperationalError

    def gone(*args: object) -> int:
        raise error("server closed the connection unexpectedly")

    monkeypatch.setattr(clubcache, "follow", gone)
    said = one_line(club("chapter", "start", *TABLE_CHAPTER))

    assert said == (
        f"Error: the campaign database {postgres_db} failed: server closed the connection "
        "unexpectedly; nothing was recorded"
    )
    assert postgres_rows(postgres_db, "SELECT count(*) FROM stored_events") == [(1,)]
