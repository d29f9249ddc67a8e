"""Names as a group reads them (issue 26): typed names are kept in NFC; a name holding a
character nobody sees is refused; a name that reads as an existing one is refused as a
clash; what a stored name holds that a terminal must not see reaches no terminal
(``export -`` to one, every ``--json``); an error line stays one short line whatever it
quotes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli import hostile
from tests.cli.conftest import QUIET_ENV, SEATS, Grizzled
from tests.cli.test_hostile_files import MEGABYTES, SECONDS, cost, digest

RAW = re.compile("[\x7f-\x9f]")  # DEL and the C1 controls (CSI is \x9b)
REPO = Path(__file__).resolve().parents[2]


def test_a_name_typed_decomposed_is_kept_composed_and_found_either_way(campaign: Grizzled):
    campaign.ok("campaign", "new", "Cafe\u0301", *SEATS)

    assert campaign.json("campaign list") == ["Friday", "Caf\u00e9"]
    assert campaign.json("status --campaign Caf\u00e9")["campaign"] == "Caf\u00e9"
    assert campaign.json("status --campaign Cafe\u0301")["campaign"] == "Caf\u00e9"


@pytest.mark.parametrize(
    "name", ["Friday\u200b", "Fri\u200dday", "\u202eyadirF", "Fri\u2066day", "\ufeffFriday"]
)
def test_a_campaign_name_holding_an_invisible_character_is_refused_in_one_line(
    campaign: Grizzled, name: str
):
    line = campaign.refused("campaign", "new", name, *SEATS, code=2)

    assert "invisible character" in line or "control character" in line
    assert not any(char in line for char in "\u200b\u200d\u202e\u2066\ufeff")  # escaped
    assert campaign.json("campaign list") == ["Friday"]


def test_a_player_name_holding_an_invisible_character_is_refused(grizzled: Grizzled):
    line = grizzled.refused("campaign new Hut -p ann\u200b:night -p ben:snow", code=2)

    assert "invisible character (U+200B)" in line and "ann\\u200b" in line


@pytest.mark.parametrize(
    "name",
    ["Fr\u0456day", "FRIDAY", "\uff26riday", "Fr\u03b9day", "Fr\u0456d\u0430y", "Friday\u00a0"],
    ids=["cyrillic i", "capitals", "full-width F", "greek iota", "two cyrillic", "nbsp"],
)
def test_a_look_alike_of_an_existing_campaign_is_refused_as_a_clash(campaign: Grizzled, name: str):
    line = campaign.refused("campaign", "new", name, *SEATS)

    assert "already exists" in line
    assert campaign.json("campaign list") == ["Friday"]


def test_two_grizzled_whose_names_read_alike_are_refused(grizzled: Grizzled):
    line = grizzled.refused("campaign new Hut -p ann:night -p \u0430nn:snow")

    assert "every Grizzled needs a different name" in line


def test_a_look_alike_name_costs_one_line_within_bounds_and_leaves_the_file(tmp_path: Path):
    path = hostile.genuine(tmp_path / "campaign.sqlite", actions=5)
    assert cost(path, "status", tmp_path)["code"] == 0  # checked whole once, and known
    before = digest(path)

    for name in ("H\u043estile", "Hostile\u200b"):  # a Cyrillic o; a zero-width space
        spent = cost(path, f"campaign new '{name}' -p ann:night -p ben:snow", tmp_path)

        assert spent["code"] in (1, 2) and spent["out"] == 0, spent
        assert len(spent["err"].splitlines()) == 1, spent
        assert spent["cpu"] < SECONDS and spent["mb"] < MEGABYTES, spent
    assert digest(path) == before


def export_of(name: str, tmp_path: Path) -> Path:
    """An export of a campaign called ``name`` made in a file of its own (through the
    tracker, which keeps what it is given: the command line would refuse the name)."""
    from tests.tracker.test_tracker import SEATS as TRACKER_SEATS
    from tracker.app import Tracker

    source = tmp_path / f"source-{len(list(tmp_path.iterdir()))}.sqlite"
    tracker = Tracker(source)
    try:
        tracker.create_campaign(name, "classic", TRACKER_SEATS)
    finally:
        tracker.close()
    export = source.with_suffix(".jsonl")
    Grizzled(source, explicit=True).ok("export", str(export))
    return export


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Hostile\u200b", "'Hostile\\u200b' holds an invisible character (U+200B)"),
        ("\u202eelitsoH", "holds a control character"),
        ("Hostile\u00ad", "'Hostile\\u00ad' holds an invisible character (U+00AD)"),
        ("Hoste\u0301le", "is not written as a typed name is kept (NFC, no outer spaces)"),
        ("H" * 41, "is 41 characters long: at most 40"),
    ],
    ids=["zero-width space", "right-to-left override", "soft hyphen", "decomposed", "too long"],
)
def test_an_import_refuses_a_name_the_command_line_refuses_in_one_line_storing_nothing(
    campaign: Grizzled, db: Path, tmp_path: Path, name: str, why: str
):
    export = export_of(name, tmp_path)
    before = digest(db)

    line = campaign.refused("import", str(export))

    assert line.startswith("Error: the export's campaign: ") and why in line
    assert line.endswith("; import it with --as NEW")
    assert not any(char in line for char in "\u200b\u202e\u00ad")  # escaped
    assert digest(db) == before
    assert campaign.json("campaign list") == ["Friday"]
    assert "Imported 'Hostile': 1 events" in campaign.ok("import", str(export), "--as", "Hostile")


@pytest.mark.parametrize(
    "name", ["Fr\u0456day", "Fr\u03b9day", "\uff26riday"], ids=["cyrillic i", "iota", "wide F"]
)
def test_an_import_refuses_a_look_alike_of_a_campaign_already_there(
    campaign: Grizzled, db: Path, tmp_path: Path, name: str
):
    export = export_of(name, tmp_path)
    before = digest(db)

    line = campaign.refused("import", str(export))

    assert "a campaign called 'Friday' is already in " in line
    assert line.endswith("reads the same: import it under another name with --as NEW")
    assert digest(db) == before
    assert campaign.json("campaign list") == ["Friday"]


@pytest.fixture
def c1_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for name, value in QUIET_ENV.items():
        monkeypatch.setenv(name, value)
    return hostile.c1_named(tmp_path / "c1.sqlite")


@pytest.mark.parametrize(
    "command",
    ["status", "log", "campaign show", "campaign list", "score", "box", "replay"],
)
def test_every_json_output_escapes_c1_and_del_from_stored_names(c1_file: Path, command: str):
    out = Grizzled(c1_file, explicit=True).ok(*command.split(), "--json")

    assert RAW.search(out) is None
    assert json.loads(out)  # JSON all the same: each such character as its escape


def exported(path: Path, home: Path, *, terminal: bool) -> bytes:
    """``grizzled export -`` on ``path``, its stdout a terminal (a pseudo-terminal) or a
    pipe: the bytes it wrote."""
    env = {"PATH": "/usr/bin:/bin", "XDG_DATA_HOME": str(home / "data"), **QUIET_ENV}
    command = [sys.executable, "-c", "from cli.script import run; run()"]
    command += ["--db", str(path), "export", "-"]
    if not terminal:
        return subprocess.run(command, cwd=REPO, env=env, capture_output=True, check=True).stdout
    main, child = os.openpty()
    os.system(f"stty -onlcr < {os.ttyname(child)}")  # the bytes as written, no CR added
    process = subprocess.Popen(command, cwd=REPO, env=env, stdout=child)
    os.close(child)
    out = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the terminal closed: everything was read
            break
        if not chunk:
            break
        out += chunk
    os.close(main)
    assert process.wait() == 0
    return out


def test_export_to_a_terminal_escapes_c1_and_del_and_to_a_pipe_stays_exact(
    c1_file: Path, tmp_path: Path
):
    piped = exported(c1_file, tmp_path, terminal=False)
    shown = exported(c1_file, tmp_path, terminal=True)

    assert RAW.search(piped.decode()) is not None  # the exact bytes: an export to a file
    assert RAW.search(shown.decode()) is None
    for mine, theirs in zip(shown.splitlines(), piped.splitlines(), strict=True):
        mine_json, their_json = json.loads(mine), json.loads(theirs)
        if "exported_at" in their_json:  # the header: two runs, maybe a second apart
            assert mine_json.pop("exported_at") and their_json.pop("exported_at")
        assert mine_json == their_json  # the same JSON, escaped


def test_an_error_line_quoting_escaped_characters_stays_under_400_characters(
    grizzled: Grizzled, tmp_path: Path
):
    path = tmp_path / ("\x1b" * 200) / ("\x9b" * 200)

    line = grizzled.refused("--db", str(path), "status")

    assert len(line) <= 400 and line.endswith("...")


def test_a_card_name_that_reads_as_another_cards_but_is_written_otherwise_is_refused(
    armistice: Grizzled,
) -> None:
    g = armistice
    g.ok('describe order 12 "Night Patrol" --threat night')
    before = g.events()
    said = g.refused('describe hand 201 "Night Patr\u043el" action')  # a Cyrillic o
    assert "Helping Hand #201: its name reads as Order of the Day #12's ('Night Patrol')" in said
    assert "written otherwise" in said and len(said.splitlines()) == 1
    assert g.refused('describe recruit 5 "NIGHT PATROL" --hand 2 --tokens 1') != ""
    assert g.events() == before
    g.ok('describe order 12 "Night patrol" --threat night -r "typo"')  # its own, corrected
    g.ok('describe order 13 "Night patrol" --threat snow')  # one name, written the same
