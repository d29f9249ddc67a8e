"""Two devices racing: each a Python process of its own running ``grizzled`` commands
in-process, with a data directory and a connection of its own, held at the moment it
has read the campaign. A device runs its commands as a table session does (one context,
the file kept open: ``Grizzled.run_kept``), or as one-shot commands (``one_shot``: the
click group run in-process, its file opened and closed by the command; the session's file
closed first, so that no other connection to it is open in the process).

A command's first load of the campaign is where it reads the head it decides on: there
the device says which version it read ({"saw": N}) and waits. The test lets the devices
go once both have read, so each race is a real overlap, both decided on the same head,
proven by what they said, whichever saves first. It lets them go together (they then race
for the store on two connections at once) or one after the other (the interleaving the
one-shot CLI meets when one device's command is slower: the second saves after the first
is stored). Every read of a device's pipe is bounded in time.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
WAIT = 60.0  # seconds a device may take to answer one step (a loaded machine, a server)

# The device: a command's first load of the campaign (the head it decides on) is said on
# the pipe and held until the test says go.
DEVICE = r"""
import contextlib, io, json, os, sys
import cli.cmd_play, cli.cmd_read  # noqa: F401 (loaded before the first race)
from cli.context import Context
from cli.main import main
from tracker import app

pipe_in = os.fdopen(os.dup(0), "r")
pipe_out = os.fdopen(os.dup(1), "w")
quiet = os.open(os.devnull, os.O_RDWR)
os.dup2(quiet, 0)
os.dup2(quiet, 1)
held = [False]
load = app.Tracker.campaign


def campaign(self, name, version=None):
    found = load(self, name, version)
    if held[0] and version is None:
        held[0] = False
        pipe_out.write(json.dumps({"saw": found.version}) + "\n")
        pipe_out.flush()
        pipe_in.readline()
    return found


def session():
    where = os.environ["GRIZZLED_DB"]
    if where.startswith("postgresql://"):
        from tracker.clubcache import cache_path

        return Context(cache_path(where), os.environ["GRIZZLED_CAMPAIGN"], "write", url=where)
    return Context(where, os.environ["GRIZZLED_CAMPAIGN"], "write")


def one_shot(args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = int(main.main(args=args, prog_name="grizzled", standalone_mode=False))
        except SystemExit as ended:
            code = ended.code if isinstance(ended.code, int) else 1
    return {"code": code, "out": out.getvalue(), "err": err.getvalue()}


def run_kept(args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main.run_kept(args, kept)
    return {"code": code, "out": out.getvalue(), "err": err.getvalue()}


app.Tracker.campaign = campaign
kept = session()
kept.catch_up_later = True
pipe_out.write("ready\n")
pipe_out.flush()
for line in pipe_in:
    request = json.loads(line)
    held[0] = request.pop("hold")
    if request.pop("kept"):
        answer = run_kept(request["args"])
    else:  # the session's file closed first: no other connection to it in this process
        kept.close_tracker()
        answer = one_shot(request["args"])
    held[0] = False
    pipe_out.write(json.dumps(answer) + "\n")
    pipe_out.flush()
"""


class Device:
    """One device's process: ``grizzled`` commands run there, each held at its first read."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.process = subprocess.Popen(
            [sys.executable, "-c", DEVICE],
            cwd=REPO,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.read_line() == "ready"

    def send(self, *args: str, hold: bool = True, kept: bool = False) -> None:
        """Start ``grizzled ARGS`` (held at its first read of the campaign, or not): a
        process's one command (its file opened and closed), or ``kept``: a command of
        the device's session, on the file it keeps open (as ``grizzled table`` runs
        them, ``Grizzled.run_kept``)."""
        request = {"args": list(args), "env": self.env, "cwd": str(REPO)}
        self._write(json.dumps({**request, "hold": hold, "kept": kept}))

    def run(self, *args: str) -> dict[str, Any]:
        """``grizzled ARGS`` run to its end in the device's session, not held: how it
        ended (code, out, err)."""
        self.send(*args, hold=False, kept=True)
        ended = self.answer()
        assert ended["code"] == 0, ended
        return ended

    def go(self) -> None:
        """Let the held command go on."""
        self._write("go")

    def answer(self) -> dict[str, Any]:
        """The device's next word: {"saw": N} or the command's end (code, out, err)."""
        found: dict[str, Any] = json.loads(self.read_line())
        return found

    def _write(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_line(self) -> str:
        assert self.process.stdout is not None
        pipe = self.process.stdout
        deadline = time.monotonic() + WAIT
        while not select.select([pipe], [], [], max(0.0, deadline - time.monotonic()))[0]:
            if time.monotonic() >= deadline:
                raise AssertionError(f"the device said nothing for {WAIT:.0f} s")
        line = pipe.readline()
        if not line:
            assert self.process.stderr is not None
            raise AssertionError(f"the device stopped: {self.process.stderr.read()[-2000:]}")
        return line.rstrip("\n")

    def close(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()
        self.process.kill()
        self.process.wait()


def device_env(where: str, data: Path, user: str, campaign: str) -> dict[str, str]:
    """A device's environment: the database and campaign, its own data directory, who
    logs."""
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "PGPASSWORD")}
    return {
        **keep,
        "GRIZZLED_DB": where,
        "GRIZZLED_CAMPAIGN": campaign,
        "XDG_DATA_HOME": str(data),
        "GRIZZLED_USER": user,
        "GRIZZLED_SESSION": "race evening",
        "NO_COLOR": "1",
        "COLUMNS": "100",
    }


def race(
    devices: tuple[Device, Device],
    commands: tuple[list[str], list[str]],
    order: str,
    kept: bool = True,
) -> tuple[list[int], list[dict[str, Any]]]:
    """Both commands started (``kept``: in the devices' sessions), both held at their read
    of the campaign, then let go: ``together``, or ``one`` first then ``two`` (or ``two``
    then ``one``) each to its end. The versions each read and each command's end, in the
    devices' order."""
    for device, args in zip(devices, commands, strict=True):
        device.send(*args, kept=kept)
    saw = []
    for device in devices:
        word = device.answer()
        assert "saw" in word, f"a command ended before it read the campaign: {word}"
        saw.append(int(word["saw"]))
    if order == "together":
        for device in devices:
            device.go()
        return saw, [device.answer() for device in devices]
    first, second = devices if order == "one" else devices[::-1]
    first.go()
    ended = {id(first): first.answer()}
    second.go()
    ended[id(second)] = second.answer()
    return saw, [ended[id(device)] for device in devices]
