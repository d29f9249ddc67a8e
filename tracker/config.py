"""Where the campaign database lives and who is logging.

The database is ``--db PATH``, else ``GRIZZLED_DB``, else a file in the user's data
directory: ``$XDG_DATA_HOME/grizzled/grizzled.sqlite`` (``~/.local/share`` by default) on
Linux, ``~/Library/Application Support/grizzled`` on macOS, ``%APPDATA%\\grizzled`` on
Windows. Paths are plain strings (``os.path``): pathlib costs ~3 ms of every command's
start-up.
"""

from __future__ import annotations

import os
import sys
from datetime import date

DB_FILENAME = "grizzled.sqlite"


def data_dir() -> str:
    """The per-user data directory for grizzled."""
    home = os.path.expanduser("~")
    if sys.platform == "darwin":
        base = os.path.join(home, "Library", "Application Support")
    elif sys.platform == "win32":
        base = os.environ.get("APPDATA") or os.path.join(home, "AppData", "Roaming")
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    return os.path.join(base, "grizzled")


def database_path(explicit: str | None = None) -> str:
    """The database file: explicit path, ``GRIZZLED_DB``, or the data directory's file."""
    chosen = explicit or os.environ.get("GRIZZLED_DB")
    return os.path.expanduser(chosen) if chosen else os.path.join(data_dir(), DB_FILENAME)


def current_user() -> str:
    """Who is logging: ``GRIZZLED_USER`` or the login name."""
    name = os.environ.get("GRIZZLED_USER")
    if name:
        return name
    # ``getpass.getuser()``'s own order, without importing getpass (and termios) for it
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        if name := os.environ.get(variable):
            return name
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_name
    except (ImportError, KeyError, OSError):
        return "unknown"


def current_session() -> str:
    """The table's session: ``GRIZZLED_SESSION`` or today's date (an evening's play)."""
    return os.environ.get("GRIZZLED_SESSION") or date.today().isoformat()
