"""The ``grizzled`` console script (``pyproject.toml``): the click group, run with the
cyclic garbage collector off.

A command lives a fraction of a second and frees almost everything by reference
counting, so the collector's passes (triggered by the thousands of objects the imports
create) and its full pass over every object when the interpreter exits only cost time:
~15-20 ms of a logged action, ~10 ms of ``status`` (docs/performance.md). The long
commands pause it themselves where it matters (``projections.runner``). It ends without
the interpreter's teardown either (``leave``). Tests run the
group (``cli.main.main``) in-process, where the collector stays on.

It is also the one place the speed tricks that patch the standard library are installed
(``tracker.speedups``: on the Python versions they are tested on, unless
``GRIZZLED_SPEEDUPS=0``), before anything imports the event store library.
"""

from __future__ import annotations

import gc
import io
import sys


def run() -> None:
    """Run the command line, then exit without a final collection. A terminal whose
    encoding cannot show a character (a name with an accent on an ASCII terminal) gets
    it escaped (``\\xeb``) instead of a failed command."""
    gc.disable()
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    from tracker import speedups

    speedups.install()
    from cli.main import main

    try:
        main()  # standalone: exits with the command's code
    except SystemExit as end:
        gc.freeze()  # every object left is permanent: nothing to collect at exit
        leave(end)
        raise
    finally:
        gc.freeze()


def leave(end: SystemExit) -> None:
    """End the process with ``end``'s code without tearing the interpreter down: what
    the command opened is closed by then (``cli.main`` closes the campaign file, every
    connection is closed where it is opened), the exit handlers run (``atexit``) and
    stdout and stderr are flushed; freeing every module and object one by one would cost
    ~7 M instructions (~2% of a logged action, docs/performance.md). Where that cannot be
    done as Python would (a code that is not a number, a thread still running, an output
    that cannot be flushed: a closed pipe), or under ``python -X dev`` (``PYTHONDEVMODE``:
    the teardown then reports what was left open), it returns and Python exits as usual."""
    import atexit
    import os

    threading = sys.modules.get("threading")
    if not isinstance(end.code, int) or (threading and threading.active_count() > 1):
        return
    if sys.flags.dev_mode:
        return
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(end.code)
