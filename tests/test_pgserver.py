"""The tests' throwaway PostgreSQL cluster is not left running by a killed test run: the
next cluster made on the machine stops and removes the orphan (``pgserver.reap``)."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests import pgserver
from tests.conftest import BIN_DIR, MISSING

pytestmark = pytest.mark.skipif(BIN_DIR is None, reason=MISSING)
ROOT = Path(__file__).resolve().parents[1]
HOLDER = """
import sys, time
from tests import pgserver
with pgserver.cluster(sys.argv[1]) as url:
    print(url, flush=True)
    time.sleep(120)
"""


def _owner(folder: Path) -> str | None:
    """The pid a cluster's folder names (None: another run's, being made or removed)."""
    try:
        return (folder / pgserver.OWNER).read_text().strip()
    except OSError:
        return None


def _listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_a_cluster_left_by_a_killed_run_is_stopped_and_removed_by_the_next() -> None:
    assert BIN_DIR is not None
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, BIN_DIR], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        url = holder.stdout.readline().strip()
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        assert _listening(port)
        holder.send_signal(signal.SIGKILL)  # no finally runs: the cluster stays
        holder.wait(timeout=30)
        assert _listening(port)
        orphans = [
            folder
            for folder in Path(tempfile.gettempdir()).glob(f"{pgserver.PREFIX}*")
            if _owner(folder) == str(holder.pid)
        ]
        assert len(orphans) == 1

        reaped = pgserver.reap(BIN_DIR)

        assert str(orphans[0]) in reaped and not orphans[0].exists()
        assert not _listening(port)
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
