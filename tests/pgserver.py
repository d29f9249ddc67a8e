"""A throwaway PostgreSQL cluster for the tests and the bench: made in a temporary folder
with Debian's server binaries (``initdb -A trust -U postgres --no-sync``), started by
``pg_ctl`` on a free port of 127.0.0.1 with fsync off (as the ``postgres`` user when run
as root: the server refuses root), then stopped and removed, whatever happened between.
A run killed before it could stop its cluster (``kill -9``, a CI time-out) leaves the
cluster's folder with its owner's pid in it: the next cluster made on the machine stops
and removes every such orphan first (``reap``).
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

REQUIRE = "GRIZZLED_REQUIRE_POSTGRES"  # set by .ci/run: missing binaries fail the run


def binaries() -> str | None:
    """The folder of the newest PostgreSQL server binaries found (Debian's), or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
    )
    if found:
        return os.path.dirname(found[-1])
    on_path = shutil.which("initdb")
    return os.path.dirname(on_path) if on_path else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server(argv: list[str]) -> list[str]:
    """The command run as the ``postgres`` user when we are root."""
    if os.geteuid() != 0:
        return argv
    return ["runuser", "-u", "postgres", "--", *argv]


def _run(argv: list[str], folder: str) -> None:
    subprocess.run(_as_server(argv), check=True, capture_output=True, cwd=folder)


PREFIX = "grizzled-pg-"
OWNER = "owner.pid"  # in a cluster's folder: the pid of the process that made it


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def reap(bin_dir: str) -> list[str]:
    """Stop and remove the clusters whose owner is gone; the folders removed."""
    reaped = []
    for folder in glob.glob(os.path.join(tempfile.gettempdir(), f"{PREFIX}*")):
        try:
            with open(os.path.join(folder, OWNER), encoding="ascii") as f:
                owner = int(f.read().strip())
        except (OSError, ValueError):
            continue  # being made right now, or not one of ours
        if _alive(owner):
            continue
        _stop(bin_dir, folder)
        reaped.append(folder)
    return reaped


def _stop(bin_dir: str, folder: str) -> None:
    pg_ctl = os.path.join(bin_dir, "pg_ctl")
    data = os.path.join(folder, "data")
    if os.path.isdir(data):
        subprocess.run(
            _as_server([pg_ctl, "-D", data, "-m", "immediate", "-w", "stop"]),
            capture_output=True,
            cwd=folder,
        )
    shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def cluster(bin_dir: str) -> Iterator[str]:
    """A running cluster's URL (user postgres, database postgres, no password)."""
    reap(bin_dir)
    folder = tempfile.mkdtemp(prefix=PREFIX)
    with open(os.path.join(folder, OWNER), "w", encoding="ascii") as f:
        f.write(str(os.getpid()))
    data = os.path.join(folder, "data")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    port = _free_port()
    pg_ctl = os.path.join(bin_dir, "pg_ctl")
    try:
        initdb = os.path.join(bin_dir, "initdb")
        _run([initdb, "-A", "trust", "-U", "postgres", "--no-sync", "-D", data], folder)
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off"
        options += " -c full_page_writes=off -c max_connections=200"
        _run([pg_ctl, "-D", data, "-o", options, "-w", "-l", f"{folder}/log", "start"], folder)
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        _stop(bin_dir, folder)


DEPLOY = os.path.join(os.path.dirname(os.path.dirname(__file__)), "docs", "deploy.md")
ROLES = ("owner", "device", "viewer")


def _run_sql(url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(url.partition("?")[0], autocommit=True) as conn:
        if "?schema=" in url:
            conn.execute(f"SET search_path TO {url.rpartition('=')[2]}")
        for statement in sql.split(";\n"):
            if statement.strip():
                conn.execute(statement.encode())


def _roles_sql(schema: str) -> list[str]:
    """docs/deploy.md's two SQL blocks of a club's roles (the superuser's, the owner's
    grants), for the club ``schema`` in the test server's database ``postgres``."""
    with open(DEPLOY, encoding="utf-8") as f:
        blocks = re.findall(r"```sql\n(.*?)```", f.read(), re.DOTALL)
    return [
        b.replace("north", schema).replace("DATABASE grizzled", "DATABASE postgres")
        for b in blocks
        if "north_" in b
    ]


def club(server: str, schema: str) -> dict[str, str]:
    """A club's schema and roles made on the cluster at ``server`` as docs/deploy.md
    writes them (its superuser's block): each role's URL, by its name in ROLES. Its
    owner then runs ``grizzled db upgrade`` and ``grant``."""
    _run_sql(server, _roles_sql(schema)[0])
    return {
        role: f"{server.replace('postgres@', f'{schema}_{role}@')}?schema={schema}"
        for role in ROLES
    }


def grant(urls: dict[str, str]) -> None:
    """The owner's grants of docs/deploy.md, run as the owner (after ``db upgrade``)."""
    schema = urls["owner"].rpartition("=")[2]
    _run_sql(urls["owner"], _roles_sql(schema)[1])
