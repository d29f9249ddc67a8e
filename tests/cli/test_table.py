"""Issue 18: the table session (``grizzled table``), driven through its input: prompt_toolkit's
prompt on a pipe, or lines on stdin as a script would send them. A campaign logged in
the session is the campaign the CLI logs; refusals record nothing and the session goes
on; what another process logs is picked up; a session killed mid-Mission loses nothing."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cli.context import Context
from cli.demo import CAMPAIGN
from cli.main import main
from cli.table import Session, run
from cli.table_demo import CLI_LINES, CREATE, SESSION_LINES
from cli.table_prompt import prompt_reader
from tests.cli.conftest import Grizzled, stored_events
from tracker.app import Tracker

ROOT = Path(__file__).resolve().parents[2]
GRIZZLED = (sys.executable, "-c", "from cli.script import run; run()")


def state_of(db: Path, name: str = "Friday") -> object:
    tracker = Tracker(str(db))
    try:
        return tracker.state(name)
    finally:
        tracker.close()


def through_the_prompt(db: Path, lines: Iterator[str] | tuple[str, ...], **options: bool) -> None:
    """Type ``lines`` into a session's prompt_toolkit prompt, each (and Enter) once its
    prompt is shown, as a person does; then ``q``."""
    ctx = Context(str(db))
    typed = iter((*lines, "q"))
    try:
        with create_pipe_input() as pipe:
            session = Session(ctx, **options)
            ask = prompt_reader(session, input=pipe, output=DummyOutput())

            def read(prompt: str) -> str:
                pipe.send_text(f"{next(typed)}\r")
                return ask(prompt)

            run(session, read)
    finally:
        ctx.close()


def scripted(lines: list[str | Callable[[], object]]) -> Callable[[str], str]:
    """A reader of typed lines; a callable in the list runs (another process logging)
    before the next line is read."""
    pending = list(lines)

    def read(prompt: str) -> str:
        while pending and callable(pending[0]):
            pending.pop(0)()  # type: ignore[operator]
        if not pending:
            raise EOFError
        return str(pending.pop(0))

    return read


def in_session(db: Path, lines: list[str | Callable[[], object]]) -> None:
    """Run a session on ``db`` over ``lines`` (echoed after their prompt, as from a pipe)."""
    ctx = Context(str(db))
    try:
        run(Session(ctx, echo=True), scripted(lines))
    finally:
        ctx.close()


def another_process(*args: str) -> Callable[[], object]:
    """The CLI in a process of its own (a second device), logging into the same file."""

    def log() -> None:
        subprocess.run([*GRIZZLED, *args], check=True, cwd=ROOT, capture_output=True)

    return log


def test_the_demo_chapter_typed_in_a_session_is_the_demos_campaign(
    grizzled: Grizzled, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    grizzled.ok(CREATE)
    through_the_prompt(grizzled.db, SESSION_LINES)
    demo = tmp_path / "demo.sqlite"
    grizzled.ok("demo", "--db", str(demo))
    by_cli = Grizzled(tmp_path / "cli.sqlite", explicit=True)
    by_cli.ok(CREATE)
    for line in CLI_LINES:
        by_cli.ok(line.removeprefix("grizzled "))

    session = state_of(grizzled.db, CAMPAIGN)

    assert session == state_of(demo, CAMPAIGN) == state_of(by_cli.db, CAMPAIGN)
    assert grizzled.events() == by_cli.events()
    out = capsys.readouterr().out
    assert "Ann makes a Speech on gas" in out
    assert "Cy discards Mute." in out


def test_a_session_shows_the_board_and_says_whose_turn_it_is(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
):
    in_session(table.db, ["n+sh", "?"])

    out = capsys.readouterr().out
    assert "Ann: play or withdraw > n+sh" in out
    assert "Ann plays night+shell in No Man's Land." in out
    assert "No Man's Land: night+shell" in out  # the board, drawn again
    assert "Ben: play or withdraw > ?" in out
    assert "  w (withdraw): left | right" in out
    assert out.rstrip().endswith("Left the table: every action is recorded (the log ends at #4).")


def test_a_refusal_is_one_line_records_nothing_and_the_session_goes_on(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
):
    before = table.events()

    in_session(table.db, ["c night+shell", "zz+top", "m 2", "w r"])

    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(line.startswith("Error: ") for line in err)
    assert err[0].startswith("Error: Refused (")  # the rule it names
    assert "zz" in err[1]
    assert "Refused (" in err[2]
    assert table.events() == before + 1  # only Ann's withdrawal
    assert table.json("status")["players"][0]["withdrawn"]


def test_undo_and_redo_are_u_and_r(table: Grizzled, capsys: pytest.CaptureFixture[str]):
    in_session(table.db, ["n+sh", "u", "r", "u"])

    out = capsys.readouterr().out
    assert "Undone: #4 Ann plays night+shell." in out
    assert "Redone: #4 Ann plays night+shell." in out
    assert table.json("status")["no_mans_land"] == []
    assert [e["kind"] for e in table.json("log --last 3")] == [
        "ActionsUndone",
        "ActionsRedone",
        "ActionsUndone",
    ]


def test_an_undo_right_after_a_refusal_asks_as_in_the_cli(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
):
    in_session(table.db, ["n+sh", "m 2", "u", "u -y"])

    err = capsys.readouterr().err
    assert "your last command ('mission start 2') was refused" in err
    assert table.json("status")["no_mans_land"] == []


def test_what_another_process_logs_is_picked_up_before_the_next_action(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
):
    in_session(
        table.db,
        [
            "n+sh",
            another_process("play", "snow+gas"),  # Ben's card, logged on a second device
            "sn+w",  # typed for Ben, as the prompt said: his turn has passed
            "r+w",
        ],
    )

    captured = capsys.readouterr()
    assert "Logged elsewhere meanwhile: 1 entry (#5). The board now:" in captured.out
    assert "Refused (" in captured.err and "Ben" in captured.err
    assert "Cy plays rain+whistle in No Man's Land." in captured.out
    assert table.json("status")["no_mans_land"] == ["night+shell", "snow+gas", "rain+whistle"]
    assert table.events() == 6


def test_the_file_a_session_wrote_to_is_not_checked_whole_again_by_another_process(
    table: Grizzled,
):
    from tracker import trust

    seen: list[bool] = []
    in_session(table.db, ["n+sh", lambda: seen.append(trust.is_checked(str(table.db)))])

    assert seen == [True]


def test_the_read_models_catch_up_before_the_next_prompt(table: Grizzled):
    from contextlib import closing

    from projections.queries import behind, connect

    def read_models_behind() -> None:
        with closing(connect(table.db)) as conn:
            lags.append(behind(conn))

    lags: list[int] = []
    in_session(table.db, ["n+sh", read_models_behind, "u", read_models_behind])

    assert lags == [0, 0]


def test_an_undo_typed_after_another_process_logged_is_not_run(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
):
    in_session(table.db, ["n+sh", another_process("play", "snow+gas"), "u", "u"])

    captured = capsys.readouterr()
    assert "Not run: the campaign changed meanwhile" in captured.err
    assert "Undone: #5 Ben plays snow+gas." in captured.out  # typed again: now it is meant
    assert table.json("status")["no_mans_land"] == ["night+shell"]


def test_an_undo_typed_as_the_board_showed_is_refused_if_another_device_logs_before_it_is_saved(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
):
    class Raced(Session):
        """A session under which a second device logs right after the line's read."""

        def pick_up(self) -> bool:
            changed = super().pick_up()
            if armed:
                armed.pop()()
            return changed

    armed: list[Callable[[], object]] = []
    ctx = Context(str(table.db))
    lines: list[str | Callable[[], object]] = [
        "n+sh",
        lambda: armed.append(another_process("play", "snow+gas")),
        "u",
    ]
    try:
        run(Raced(ctx, echo=True), scripted(lines))
    finally:
        ctx.close()

    captured = capsys.readouterr()
    assert (
        "Error: the campaign moved meanwhile (#5 Ben plays snow+gas, logged by tester): nothing "
        "was taken back; look at the log, then undo again if it is still meant"
    ) in captured.err
    assert "Undone" not in captured.out
    assert table.json("status")["no_mans_land"] == ["night+shell", "snow+gas"]
    assert table.events() == 5


def _hang_up_ends_it() -> None:
    """The session's process ends on a hang-up as one started from a terminal does, even
    when this run ignores it (a run started under ``nohup`` passes SIG_IGN on)."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def test_a_session_killed_mid_mission_loses_nothing_and_reopens_where_it_was(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
):
    closed = subprocess.Popen(
        [*GRIZZLED, "table"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        text=True,
        preexec_fn=_hang_up_ends_it,
    )
    assert closed.stdin is not None
    closed.stdin.write("n+sh\nsn+g\n")
    closed.stdin.flush()
    deadline = time.monotonic() + 60
    while stored_events(table.db) < 5 and time.monotonic() < deadline:
        time.sleep(0.05)
    closed.send_signal(signal.SIGHUP)  # the terminal closed
    closed.wait(timeout=60)
    closed.stdin.close()

    in_session(table.db, ["r+w"])

    assert closed.returncode != 0
    assert table.json("status")["no_mans_land"] == ["night+shell", "snow+gas", "rain+whistle"]
    assert "Cy plays rain+whistle" in capsys.readouterr().out


def test_the_history_is_kept_across_sessions(table: Grizzled, capsys: pytest.CaptureFixture[str]):
    through_the_prompt(table.db, ["n+sh", "u"])

    through_the_prompt(table.db, ["\x1b[A" * 3])  # Up three times: past "q" and "u"

    history = (table.db.parent / "data" / "grizzled" / "table-history").read_text()
    assert "+n+sh" in history and "+u" in history
    assert table.json("status")["no_mans_land"] == ["night+shell"]


def test_the_session_is_readable_at_60_columns(
    table: Grizzled, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("COLUMNS", "60")

    in_session(table.db, ["h", "n+sh", "?", "sn+g", "b"])

    out = capsys.readouterr().out
    assert "Ben plays snow+gas" in out
    assert max(len(line) for line in out.splitlines()) <= 60


def test_the_table_command_reads_lines_from_a_pipe(table: Grizzled):
    result = table.runner.invoke(main, ["table"], input="grizzled play night+shell\nsn+g\nq\n")

    out = result.stdout
    assert result.exit_code == 0 and result.stderr == ""
    assert "At the table: Friday" in out
    assert "Friday > grizzled play night+shell" not in out  # the prompt says whose turn
    assert "Ann: play or withdraw > grizzled play night+shell" in out
    assert "Ben plays snow+gas in No Man's Land." in out
    assert table.events() == 5


def test_a_session_or_the_demo_inside_a_session_is_refused(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
):
    in_session(table.db, ["table", "demo"])

    err = capsys.readouterr().err.splitlines()
    assert err == [
        "Error: table is not run inside a table session",
        "Error: demo is not run inside a table session",
    ]


def test_a_session_stays_on_its_campaign_and_file(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
):
    before = table.events()

    in_session(table.db, ["-c Other status", "play night+shell --campaign=Other", "log --db x"])

    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all("a session stays on its campaign and file" in e for e in err)
    assert table.events() == before


def test_a_session_needs_a_campaign(grizzled: Grizzled):
    line = grizzled.refused("table")

    assert line.startswith("Error: no campaign in ")


def test_a_file_that_cannot_be_read_for_a_moment_is_one_line_and_the_session_goes_on(
    table: Grizzled, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    from cli.context import Refused

    load, calls = Session.load, []

    def locked_once(self: Session) -> None:
        calls.append(1)
        if len(calls) == 2:  # the pick-up before the first line
            raise Refused("the campaign database is locked by another process")
        load(self)

    monkeypatch.setattr(Session, "load", locked_once)

    in_session(table.db, ["n+sh", "n+sh"])

    captured = capsys.readouterr()
    assert captured.err == "Error: the campaign database is locked by another process\n"
    assert "Ann plays night+shell" in captured.out
    assert table.events() == 4


def test_what_was_typed_is_echoed_with_its_control_characters_escaped(
    table: Grizzled, capsys: pytest.CaptureFixture[str]
):
    in_session(table.db, ["b\x1b[2J"])

    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert "> b\\x1b[2J" in out


COLOUR = re.compile(r"\x1b\[(?:\d+;)*(?:3\d|9[0-7]|4\d)(?:;\d+)*m")  # an SGR colour


def test_no_color_leaves_the_session_without_colour_on_a_terminal(
    table: Grizzled, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("FORCE_COLOR", "1")  # drawn as on a terminal: bold and dim stay
    lines = ["n+sh", "sh+g", "r+sh+t r+w"]  # a third shell: the Mission fails (in red)
    in_session(table.db, list(lines))
    assert COLOUR.search(capsys.readouterr().out) is None  # NO_COLOR=1, as every test here
    monkeypatch.delenv("NO_COLOR")
    table.ok("undo 3 --yes")

    in_session(table.db, list(lines))

    assert COLOUR.search(capsys.readouterr().out) is not None


def test_what_another_process_logs_while_the_prompt_waits_is_shown_above_it(
    table: Grizzled, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    import cli.table_prompt

    monkeypatch.setattr(cli.table_prompt, "WATCH_SECONDS", 0.01)
    ctx = Context(str(table.db))
    typed = iter(["u", "u", "q"])
    try:
        with create_pipe_input() as pipe:
            session = Session(ctx)
            picked_up = session.pick_up_waiting

            def then_type() -> None:  # the person types once the change is on screen
                picked_up()
                pipe.send_text(f"{next(typed)}\r")

            monkeypatch.setattr(session, "pick_up_waiting", then_type)
            ask = prompt_reader(session, input=pipe, output=DummyOutput())

            def read(prompt: str) -> str:
                if session.version == 3:  # the first prompt: Ben logs from his phone
                    another_process("play", "night+shell")()
                else:
                    pipe.send_text(f"{next(typed)}\r")
                return ask(prompt)

            run(session, read)
    finally:
        ctx.close()

    captured = capsys.readouterr()
    assert "Logged elsewhere meanwhile: 1 entry (#4). The board now:" in captured.out
    assert "Not run: the campaign changed meanwhile" in captured.err  # typed as it showed
    assert "Undone: #4 Ann plays night+shell." in captured.out  # typed again: meant
