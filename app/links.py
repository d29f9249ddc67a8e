"""What a companion keeps between two serves (issue 41), in a file of the data directory
per campaign file (or club server) and campaign, readable by its owner only (0600):

- the keepers' tokens, so that a keeper's phone keeps its address across a restart
  (``serve --new-keeper-link`` draws new ones, and the old addresses stop working);
- the taps the keepers' pages sent, each by its page token (the idempotency key: a page
  is good for one write) with the keeper and the campaign's version it was decided on,
  written before the write is tried. The event store is the record of what counted: a tap
  sent again after a crash or a timeout is never tried twice, and is answered from the log
  (the entry after that version, logged by that keeper, or none)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from pathlib import Path
from typing import Any

from app.readings import Reading, entries

TAPS = 256  # taps remembered (older ones are long answered)
FOLDER = "companion"


def links_file(where: Path | str, campaign: str) -> Path:
    """The file of this campaign's companion: named by a digest of where the campaign is
    stored (a server's URL, password included, never written out) and its name."""
    from tracker import store
    from tracker.config import data_dir

    place = str(where) if store.is_postgres(where) else os.path.abspath(where)
    digest = hashlib.sha256(f"{place}\0{campaign}".encode()).hexdigest()[:24]
    return Path(data_dir()) / FOLDER / f"{digest}.json"


class Links:
    """The keepers' tokens and their taps for one campaign: kept in ``path`` (None: for
    this serve only)."""

    def __init__(self, path: Path | None, count: int, renew: bool = False) -> None:
        self.path = path
        kept = {} if renew else self._read()
        tokens = [t for t in kept.get("tokens", []) if isinstance(t, str)][:count]
        self.tokens = tokens + [secrets.token_urlsafe(18) for _ in range(count - len(tokens))]
        taps = kept.get("taps", {})
        self.taps: dict[str, list[int]] = taps if isinstance(taps, dict) else {}
        if self.tokens != kept.get("tokens"):
            self._write()

    def tap(self, key: str, keeper: int, version: int) -> None:
        """The tap ``key`` of ``keeper`` is about to be tried on ``version``: kept first."""
        self.taps[key] = [keeper, version]
        while len(self.taps) > TAPS:
            del self.taps[next(iter(self.taps))]
        self._write()

    def tried(self, key: str, keeper: int) -> int | None:
        """The campaign's version the tap ``key`` of ``keeper`` was tried on, if it was."""
        found = self.taps.get(key)
        if isinstance(found, list) and len(found) == 2 and found[0] == keeper:
            return int(found[1])
        return None

    def _read(self) -> dict[str, Any]:
        if self.path is None:
            return {}
        try:
            kept = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return kept if isinstance(kept, dict) else {}

    def _write(self) -> None:
        """The file replaced whole (never half written), owner-only from its creation."""
        if self.path is None:
            return
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        new = self.path.with_suffix(".new")
        with contextlib.suppress(FileNotFoundError):
            new.unlink()
        handle = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump({"tokens": self.tokens, "taps": self.taps}, out)
        os.replace(new, self.path)  # a crash leaves the old file or the new one (not synced:
        # as the event store's own commits, SQLite's synchronous=NORMAL)


def counted(where: Path | str, campaign: str, version: int, by: str) -> dict[str, Any] | None:
    """The log's entry that a tap decided on ``version`` by ``by`` led to, or None if it
    did not count (nothing logged after that version, or someone else's entry first)."""
    after = [e for e in entries(Reading(str(where), campaign)) if e["version"] > version]
    first = min(after, key=lambda e: e["version"], default=None)
    return first if first is not None and first["logged_by"] == by else None
