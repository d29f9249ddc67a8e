"""The companion's worker process (its server's side: ``web/worker.py``): the ``grizzled``
command run in-process for each request read from its pipe, as a process of its own would
run it."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import sys
from typing import Any


def serve() -> None:
    """Answer requests from stdin until it closes (``python -c START``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's: it stops us
    sys.path[:] = [p for p in sys.path if p not in ("", ".")]  # no module from a request's cwd
    requests = os.fdopen(os.dup(0), "rb")
    answers = os.fdopen(os.dup(1), "wb")
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)  # a command reading stdin finds it empty, as under the server
    os.dup2(quiet, 1)  # and one writing fd 1 itself cannot mix into an answer
    _warm()
    for line in requests:
        answer = answer_one(json.loads(line))
        answers.write(json.dumps(answer).encode() + b"\n")
        answers.flush()


def _warm() -> None:
    """Import what the commands the companion runs import, before the first tap."""
    import cli.cmd_assist
    import cli.cmd_play
    import cli.cmd_read
    import cli.main  # noqa: F401
    import tracker.app  # noqa: F401
    import web.moves  # noqa: F401


def answer_one(request: dict[str, Any]) -> dict[str, Any]:
    """One request, run as the command would run in a process of its own."""
    out, err = io.StringIO(), io.StringIO()
    before = dict(os.environ)
    here = os.getcwd()
    try:
        os.environ.clear()
        os.environ.update(request["env"])
        os.chdir(request["cwd"])
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = _menu(*request["menu"]) if "menu" in request else _command(request["args"])
    finally:
        os.environ.clear()
        os.environ.update(before)
        os.chdir(here)
    return {"code": code, "out": out.getvalue(), "err": err.getvalue()}


def _command(args: list[str]) -> int:
    from cli.main import main

    try:
        return int(main.main(args=args, prog_name="grizzled", standalone_mode=False))
    except SystemExit as ended:  # as a process would end
        return ended.code if isinstance(ended.code, int) else 1


def _menu(where: str, campaign: str) -> int:
    from web.moves import menu

    try:
        print(json.dumps(menu(where, campaign)))
    except Exception as error:  # one line, as the subprocess's exit 1 said it
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0
