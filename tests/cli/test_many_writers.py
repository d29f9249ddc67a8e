"""Many hands on one SQLite file at once (issue 39): eight processes log into eight
campaigns of one file, four more into one campaign, and readers read beside them, each
process a real ``grizzled`` on a device of its own (its own data directory: every other
device's write changes the file it last saw), for ``SECONDS``. Afterwards SQLite finds the
file sound, every save a writer reported is stored exactly once, a refused write was
refused in one line and stored nothing, and no output speaks of an I/O error or a
malformed file.

On the commit before the fix, eight writers left the file damaged within 20 seconds in 5
runs of 5 ("row 52 missing from index sqlite_autoindex_stored_events_1").
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from contextlib import closing
from pathlib import Path

from tests.cli.conftest import QUIET_ENV, Grizzled

SECONDS = 60  # how long the writers write (CI runs it on every Python)
ALONE = 8  # writers, each into a campaign of its own
TOGETHER = 4  # writers into one campaign
READERS = ("status", "log")
SETUP = (
    "campaign new {name} -p ann:night -p ben:snow -p cy:rain",
    "-c {name} chapter start --leader ann --tiles left,right,left",
    "-c {name} mission start 4 --yes",
)
BAD_WORDS = ("disk i/o error", "malformed", "traceback", "please report", "damaged")
GRIZZLED = (sys.executable, "-c", "from cli.script import run; run()")


class Device:
    """A ``grizzled`` on the file, with a data directory of its own."""

    def __init__(self, db: Path, data: Path) -> None:
        self.db = db
        self.env = {**os.environ, **QUIET_ENV, "XDG_DATA_HOME": str(data)}
        self.env.pop("GRIZZLED_CAMPAIGN", None)

    def run(self, words: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*GRIZZLED, "--db", str(self.db), *words.split()],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )


class Writer(threading.Thread):
    """Corrections logged into one campaign until the deadline, each with a reason of
    its own: which were reported saved, which refused, and every output."""

    def __init__(self, device: Device, campaign: str, turn: int, deadline: float) -> None:
        super().__init__()
        self.device, self.campaign, self.turn, self.deadline = device, campaign, turn, deadline
        self.tag = f"w{turn}"
        self.saved: list[str] = []
        self.refused: list[tuple[str, str]] = []
        self.other: list[str] = []
        self.outputs: list[str] = []

    def run(self) -> None:
        count = 0
        while time.monotonic() < self.deadline:
            count += 1
            reason = f"{self.tag}-{count}"
            morale = (count * TOGETHER + self.turn) % 30 + 1  # the shared campaign's differ
            done = self.device.run(f"-c {self.campaign} correct morale {morale} -r {reason}")
            self.outputs.append(done.stdout + done.stderr)
            if done.returncode == 0:
                self.saved.append(reason)
            elif done.returncode == 1:
                self.refused.append((reason, done.stderr))
            else:
                self.other.append(f"exit {done.returncode}: {done.stderr}")


class Reader(threading.Thread):
    """A read command over and over until the deadline: every output, every odd end."""

    def __init__(self, device: Device, words: str, deadline: float) -> None:
        super().__init__()
        self.device, self.words, self.deadline = device, words, deadline
        self.outputs: list[str] = []
        self.odd: list[str] = []

    def run(self) -> None:
        while time.monotonic() < self.deadline:
            done = self.device.run(self.words)
            self.outputs.append(done.stdout + done.stderr)
            if done.returncode != 0 and len(done.stderr.splitlines()) != 1:
                self.odd.append(f"exit {done.returncode}: {done.stderr}")


def stored_reasons(grizzled: Grizzled, campaign: str) -> Counter[str]:
    """The reasons of the corrections stored in a campaign, each with how many times."""
    return Counter(e["reason"] for e in grizzled.json(f"-c {campaign} log --kind correction"))


def test_many_writers_and_readers_leave_the_file_sound_and_every_save_stored_once(
    grizzled: Grizzled, tmp_path: Path
) -> None:
    db = grizzled.db
    names = [f"R{n}" for n in range(1, ALONE + 1)] + ["Shared"]
    for name in names:  # in this process: quicker than a process a command
        for words in SETUP:
            grizzled.ok(words.format(name=name))
    deadline = time.monotonic() + SECONDS
    writers = [
        Writer(Device(db, tmp_path / f"w{n}"), campaign, n, deadline)
        for n, campaign in enumerate(names[:ALONE] + ["Shared"] * TOGETHER)
    ]
    readers = [
        Reader(Device(db, tmp_path / f"reader {n}"), f"-c {campaign} {words}", deadline)
        for n, (campaign, words) in enumerate(zip(("R1", "Shared"), READERS, strict=True))
    ]
    for thread in (*writers, *readers):
        thread.start()
    for thread in (*writers, *readers):
        thread.join()

    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    outputs = [out for thread in (*writers, *readers) for out in thread.outputs]
    bad = [out for out in outputs if any(word in out.lower() for word in BAD_WORDS)]
    assert not bad, f"{len(bad)} outputs like: {bad[:3]}"
    assert not [odd for writer in writers for odd in writer.other]
    assert not [odd for reader in readers for odd in reader.odd]
    for campaign in names:
        stored = stored_reasons(grizzled, campaign)
        mine = [writer for writer in writers if writer.campaign == campaign]
        for writer in mine:
            assert all(stored[reason] == 1 for reason in writer.saved), (writer.tag, stored)
            for reason, stderr in writer.refused:
                assert stored[reason] == 0, f"{reason} was refused and stored: {stderr}"
                assert len(stderr.splitlines()) == 1, stderr
        reported = {reason for writer in mine for reason in writer.saved}
        assert set(stored) == reported, "stored without being reported saved"
    assert sum(len(writer.saved) for writer in writers) >= len(names), "hardly anything saved"
