"""How far this machine checked a campaign file (``tracker.appended``, ``tracker.trust``):
each campaign's last checked event and the hash of its link, and the newest stored
event's position then."""

from __future__ import annotations

from typing import Any

import msgspec

from tracker import store
from tracker.checkpoint import hex_of


class Position(msgspec.Struct, frozen=True):
    """How far a file was checked: the newest stored event's position (rowid) then, and
    each campaign's last checked event number and its link's hash (hex; '' if none)."""

    newest: int
    streams: dict[str, tuple[int, str]]


def position(
    tracker: store.Rows, reached: dict[str, int] | None = None, newest: int = 0
) -> Position:
    """The position of the tracker's file: each campaign at ``reached`` (its number there,
    else its newest), ``newest`` (else the newest stored event's position now)."""
    heads: dict[str, tuple[int, str]] = {}
    for stream in store.streams_by_seek(tracker):
        version = (reached or {}).get(stream) or store.head_version(tracker, stream)
        heads[stream] = (version, hash_at(tracker, stream, version))
    return Position(newest or store.newest_position(tracker), heads)


def hash_at(tracker: store.Rows, stream: str, version: int) -> str:
    found = store.chain_hashes(tracker, stream, (version,)) if store.has_chain(tracker) else []
    return hex_of(found[0][1]) if found else ""


def as_json(checked: Position) -> dict[str, Any]:
    """A position as ``tracker.trust`` keeps it."""
    return {"newest": checked.newest, "streams": checked.streams}


def from_json(kept: Any) -> Position | None:
    """A position as ``tracker.trust`` kept it; None if it is not one."""
    try:
        return msgspec.convert(kept, Position)
    except (msgspec.ValidationError, TypeError):
        return None
