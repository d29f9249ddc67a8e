"""A parallel writer that keeps the disk busy while the CLI is measured (issue 17):
``python -m bench.busy FOLDER`` writes 256 KB and flushes it to disk (``fdatasync``),
again and again, until its stdin closes. Every fsync of a measured command waits behind
the writer's, as on a machine where something else writes."""

from __future__ import annotations

import os
import select
import sys
from pathlib import Path

CHUNK = b"\0" * (256 * 1024)
ROUNDS = 64  # chunks a file takes before it starts over (16 MB)


def main() -> None:
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "busy.bin"
    written = 0
    with open(path, "wb") as out:
        while not select.select([sys.stdin], [], [], 0)[0]:  # stdin closed: readable (EOF)
            if written == ROUNDS:
                out.seek(0)
                written = 0
            out.write(CHUNK)
            out.flush()
            os.fdatasync(out.fileno())
            written += 1
    path.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
