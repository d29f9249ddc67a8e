"""The installed ``grizzled`` script (cli.script.run): the same one-line errors and exit
codes as the group, with the garbage collector off while it runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("grizzled")


def grizzled(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    return subprocess.run(
        [str(SCRIPT), "--db", str(tmp_path / "campaign.sqlite"), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_the_script_logs_and_reads_a_campaign_with_the_groups_exit_codes(tmp_path: Path) -> None:
    created = grizzled(tmp_path, "campaign", "new", "Friday", "-p", "ann:night", "-p", "ben:snow")
    refused = grizzled(tmp_path, "play", "night+shell")
    usage = grizzled(tmp_path, "play")
    shown = grizzled(tmp_path, "status", "--json")

    assert created.returncode == 0, created.stderr
    assert "Friday" in created.stdout
    assert refused.returncode == 1
    assert refused.stderr.startswith("Error: ") and refused.stderr.count("\n") == 1
    assert usage.returncode == 2 and "Traceback" not in usage.stderr
    assert shown.returncode == 0 and '"campaign": "Friday"' in shown.stdout


def test_the_script_runs_the_command_with_the_collector_off() -> None:
    code = (
        "import atexit, gc, sys\n"
        "from cli import script, main\n"
        "main.main.command('probe')(lambda: print('collector on:', gc.isenabled()))\n"
        "atexit.register(lambda: print('frozen:', gc.get_freeze_count() > 0))\n"
        "sys.argv = ['grizzled', 'probe']\n"
        "script.run()\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["collector on: False", "frozen: True"]


def raw(
    tmp_path: Path, *args: bytes, encoding: str = "utf-8"
) -> subprocess.CompletedProcess[bytes]:
    """The script given raw bytes, as a terminal set to another encoding sends them."""
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path),
        "PYTHONIOENCODING": encoding,
    }
    return subprocess.run(
        [str(SCRIPT).encode(), b"--db", str(tmp_path / "campaign.sqlite").encode(), *args],
        capture_output=True,
        env=env,
        timeout=60,
    )


def test_arguments_that_are_not_utf8_are_refused_in_one_line(tmp_path: Path) -> None:
    grizzled(tmp_path, "campaign", "new", "Friday", "-p", "ann:night", "-p", "ben:snow")

    for args in (
        (b"campaign", b"new", b"Z\xe9lie", b"-p", b"ann:night"),  # Latin-1 typed
        (b"-c", b"Fr\xe9day", b"status"),
        (b"st\xe4tus",),
        (b"undo", b"-r", b"\xff\xfe"),
    ):
        done = raw(tmp_path, *args)

        assert done.returncode == 2, done.stderr
        assert done.stdout == b""
        assert done.stderr.startswith(b"Error: ") and done.stderr.count(b"\n") == 1
        assert b"is not valid UTF-8" in done.stderr and b"\\x" in done.stderr


def test_a_terminal_that_cannot_show_a_character_gets_it_escaped(tmp_path: Path) -> None:
    grizzled(tmp_path, "campaign", "new", "Zoë", "-p", "zoë:night", "-p", "ben:snow")

    shown = raw(tmp_path, b"status", encoding="ascii")
    logged = raw(tmp_path, b"log", encoding="ascii")
    missing = raw(tmp_path, b"-c", b"Zo\xc3\xab\xe2\x80\xa6", b"status", encoding="ascii")

    assert shown.returncode == 0, shown.stderr
    assert b"Zo\\xeb" in shown.stdout
    assert logged.returncode == 0 and b"campaign 'Zo\\xeb' created" in logged.stdout
    assert missing.returncode == 1
    assert missing.stderr.count(b"\n") == 1 and b"Traceback" not in missing.stderr


HEAVY = ("eventsourcing", "domain.engine", "domain.chapter.actions")


def loaded_by(tmp_path: Path, *args: str, heavy: tuple[str, ...] = HEAVY) -> set[str]:
    """Which of ``heavy`` (eventsourcing and the rules engine) a command run in a fresh
    interpreter loaded (its output checked to end well)."""
    code = (
        "import sys\n"
        "from cli.main import main\n"
        "try:\n"
        "    main(sys.argv[1:], prog_name='grizzled')\n"
        "except SystemExit as end:\n"
        "    assert not end.code, end.code\n"
        f"heavy = {heavy!r}\n"
        "print(' '.join(m for m in heavy if m in sys.modules), file=sys.stderr)\n"
    )
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    ended = subprocess.run(
        [sys.executable, "-c", code, "--db", str(tmp_path / "campaign.sqlite"), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert ended.returncode == 0, ended.stderr
    return set(ended.stderr.split())


def test_the_log_is_read_from_the_read_models_without_the_event_store_or_the_rules(
    tmp_path: Path,
) -> None:
    grizzled(tmp_path, "campaign", "new", "Friday", "-p", "ann:night", "-p", "ben:snow")
    grizzled(tmp_path, "chapter", "start", "--leader", "ann", "--trials", "10", "--morale", "20")
    grizzled(tmp_path, "status")  # the file is checked whole once

    assert loaded_by(tmp_path, "log") == set()
    assert loaded_by(tmp_path, "log", "--json", "--last", "1") == set()


def ended_by_leave(code: str, *flags: str) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter running ``code``, which calls ``cli.script.leave``."""
    prelude = "import atexit, sys, threading, time\nfrom cli.script import leave\n"
    return subprocess.run(
        [sys.executable, *flags, "-c", prelude + code], capture_output=True, text=True, timeout=60
    )


def test_the_script_ends_with_its_code_its_output_flushed_and_its_exit_handlers_run() -> None:
    ended = ended_by_leave(
        "class Torn:\n"
        "    def __del__(self): print('torn down')\n"
        "kept = Torn()\n"
        "atexit.register(lambda: print('handler ran'))\n"
        "print('said', end=' ')\n"
        "leave(SystemExit(3))\n"
        "print('not reached')\n"
    )

    assert (ended.returncode, ended.stdout, ended.stderr) == (3, "said handler ran\n", "")


def test_the_script_exits_as_python_does_while_a_thread_runs_with_words_or_in_dev_mode() -> None:
    threaded = ended_by_leave(
        "threading.Thread(target=time.sleep, args=(0.1,)).start()\n"
        "leave(SystemExit(3))\n"
        "print('went on')\n"
    )
    worded = ended_by_leave("leave(SystemExit('a message'))\nprint('went on')\n")
    developing = ended_by_leave("leave(SystemExit(3))\nprint('went on')\n", "-X", "dev")

    assert (threaded.returncode, threaded.stdout) == (0, "went on\n")
    assert (worded.returncode, worded.stdout) == (0, "went on\n")
    assert (developing.returncode, developing.stdout) == (0, "went on\n")
