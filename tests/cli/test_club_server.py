"""The command line on a club's PostgreSQL server (issue 31): ``--db postgresql://...`` or
GRIZZLED_DB logs, reads, undoes, verifies and exports there; the read models live in a
cache of this client's own, equal to a rebuild; a password in the URL is never printed."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.session import CURRENT_FILE
from cli.main import main
from tests.cli.conftest import SEATS, TABLE_CHAPTER, Grizzled, flat
from tests.conftest import BIN_DIR, MISSING
from tests.tracker.conftest import postgres_rows

pytestmark = pytest.mark.skipif(BIN_DIR is None, reason=MISSING)
SECRET = "club-s3cret"


def with_password(url: str) -> str:
    """The test server's URL with a password in it (the server trusts every local user)."""
    return url.replace("postgres@", f"postgres:{SECRET}@", 1)


@pytest.fixture
def club(db: Path, postgres_db: str, monkeypatch: pytest.MonkeyPatch) -> Grizzled:
    """``grizzled`` on a club schema of the test server, named by GRIZZLED_DB."""
    monkeypatch.setenv("GRIZZLED_DB", with_password(postgres_db))
    return Grizzled(db)


def test_a_club_logs_reads_undoes_and_verifies_on_its_server_and_never_prints_the_password(
    club: Grizzled, postgres_db: str, tmp_path: Path
) -> None:
    said = [
        club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS),
        club.ok("chapter", "start", *TABLE_CHAPTER),
        club.ok("mission", "start", "3"),
        club.ok("play", "night+shell"),
    ]
    assert "Ann plays night+shell" in said[-1]
    assert "night+shell" in json.dumps(club.json("status"))  # the read models followed
    said.append(club.ok("undo"))
    said.append(club.ok("campaign", "list"))
    said.append(club.ok("verify"))
    said.append(club.ok("export", str(tmp_path / "friday.jsonl")))
    refused = club("play", "no-such-card")

    assert "Friday" in said[5] and "on the club's PostgreSQL server" in said[6]
    assert "the read models equal a rebuild" in said[6]
    assert refused.exit_code in (1, 2) and len(refused.stderr.splitlines()) == 1
    assert all(SECRET not in words for words in [*said, refused.stdout, refused.stderr])
    stored = postgres_rows(postgres_db, "SELECT count(*) FROM stored_events")
    assert stored == [(5,)]  # created, chapter, mission, play, its undo: nothing refused
    assert not club.db.exists()  # nothing written where a file would be


def test_a_server_that_cannot_be_reached_is_one_line_without_the_password(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRIZZLED_DB", f"postgresql://club:{SECRET}@127.0.0.1:1/grizzled")
    result = Grizzled(db)("status")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: the campaign database postgresql://club@127.0.0.1:1/")
    assert len(result.stderr.splitlines()) == 1 and SECRET not in result.stderr


@pytest.mark.parametrize("command", ["backup", "restore"])
def test_what_works_on_a_file_only_is_refused_on_a_server_in_one_line(
    club: Grizzled, command: str, tmp_path: Path
) -> None:
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    copy = tmp_path / "friday.sqlite"
    copy.write_bytes(b"")  # restore names a file that exists
    result = club(command, str(copy))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {command} works on a campaign file; on a club's server use "
        "pg_dump or grizzled export (docs/deploy.md)\n"
    )


def test_messages_name_the_server_without_its_password_never_this_client_s_cache(
    club: Grizzled, postgres_db: str
) -> None:
    empty = club.ok("campaign", "list")
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    unknown = [club("status", "--campaign", "Sunday"), club("log", "--campaign", "Sunday")]

    assert empty.startswith(f"No campaign in {postgres_db} yet")
    for result in unknown:
        assert result.exit_code == 1
        assert result.stderr == f"Error: there is no campaign called 'Sunday' in {postgres_db}\n"
    assert all(SECRET not in words for words in [empty, *(r.stderr for r in unknown)])


@pytest.mark.parametrize("version", [1, 2])
def test_a_stored_event_that_is_not_json_is_a_named_refusal_on_a_server(
    club: Grizzled, postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, version: int
) -> None:
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    club.ok("chapter", "start", *TABLE_CHAPTER)
    postgres_rows(
        postgres_db,
        "UPDATE stored_events SET state = ? WHERE originator_version = ?",
        (b"not json {", version),
    )
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "another-device"))  # no cache yet

    commands = [["status"], ["log"], ["score"], ["campaign", "show"], ["verify"]]
    results = [club(*command) for command in [*commands, ["export", str(tmp_path / "x")]]]

    for result in results:
        assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1, result.stderr
        assert "grizzled failed" not in result.stderr and "Traceback" not in result.stderr
    assert f"event #{version}" in results[4].stderr  # verify names the altered event


def test_on_a_server_verify_says_from_which_event_the_chain_vouches_as_on_a_file(
    club: Grizzled, postgres_db: str
) -> None:
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    club.ok("chapter", "start", *TABLE_CHAPTER)
    assert club.ok("verify").startswith("Verified: on the club's PostgreSQL server; ")
    postgres_rows(
        postgres_db, "UPDATE grizzled_chain SET upgraded = 1 WHERE originator_version = 1"
    )

    said = flat(club.ok("verify"))

    assert said.startswith("Verified in part: on the club's PostgreSQL server; ")
    assert (
        "2 events, the chain vouches from #2 on (#1 was recorded before the chain and chained "
        "on upgrade); only a checkpoint written down earlier vouches for #1 (none given"
    ) in said
    postgres_rows(postgres_db, "UPDATE grizzled_chain SET upgraded = 1")
    assert club.refused("verify").startswith(
        "Error: verify: campaign 'Friday': the links of event #2 say they were chained on upgrade"
    )


class Typed(io.RawIOBase):
    """Lines typed at the session one at a time: a callable among them runs when the
    session asks for the line after it, that is, once the line before has been handled."""

    def __init__(self, lines: list[str | Callable[[], object]]) -> None:
        self.lines = lines

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while self.lines and callable(self.lines[0]):
            self.lines.pop(0)()  # type: ignore[operator]
        if not self.lines:
            return 0
        line = f"{self.lines.pop(0)}\n".encode()
        buffer[: len(line)] = line
        return len(line)


def test_a_table_session_on_the_server_logs_there_and_sees_another_device_s_actions(
    club: Grizzled, postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    club.ok("chapter", "start", *TABLE_CHAPTER)
    club.ok("mission", "start", "3")
    phone = Grizzled(tmp_path / "phone.sqlite")

    def ben_on_his_phone() -> None:  # another device, with a cache of its own
        with monkeypatch.context() as device:
            device.setenv("XDG_DATA_HOME", str(tmp_path / "phone"))
            phone.ok("play", "snow+gas")

    typed = Typed(["night+shell", ben_on_his_phone, "status", "q"])
    result = club.runner.invoke(main, ["table"], input=io.BufferedReader(typed, 64))

    assert result.exit_code == 0, result.stderr
    assert "Ann plays night+shell in No Man's Land." in result.stdout
    after = result.stdout.split("Ann plays night+shell")[1]
    assert "Logged elsewhere meanwhile: 1 entry (#5). The board now:" in after  # Ben's play
    assert "snow+gas" in after and after.rstrip().endswith("(the log ends at #5).")
    assert SECRET not in result.stdout + result.stderr
    stored = postgres_rows(postgres_db, "SELECT count(*) FROM stored_events")
    assert stored == [(5,)]  # created, chapter, mission, Ann's play (the session), Ben's


def test_every_message_naming_the_database_names_the_server_not_this_clients_cache(
    club: Grizzled, postgres_db: str, tmp_path: Path
) -> None:
    said = [
        club.ok("campaign", "list"),  # nothing created yet
        club.refused("status"),  # no campaign
    ]
    club.ok("campaign", "new", "Friday", "--rules", "classic", *SEATS)
    said.append(club.refused("status", "--campaign", "Nope"))
    club.ok("campaign", "new", "Monday", "--rules", "classic", *SEATS)
    for chosen in tmp_path.rglob(CURRENT_FILE):  # none chosen: which one?
        chosen.unlink()
    said.append(club.refused("status", code=2))

    for words in said:
        assert postgres_db in words and SECRET not in words, words
