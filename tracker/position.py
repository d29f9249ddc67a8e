"""How far this machine checked a campaign file (``tracker.appended``, ``tracker.trust``):
each campaign's last checked event and the hash of its link, and the newest stored
event's position then."""

from __future__ import annotations

from typing import Any

from tracker import store
from tracker.checkpoint import hex_of

# One campaign's checked place: its last checked event, that event's link's hash (hex; ''
# if none), and the snapshot a load at that event starts from (its number, 0 if none, and
# the digest of its stored row: a snapshot forged or slipped in below it is seen).
Place = tuple[int, str, int, str]


class Position:
    """How far a file was checked: the newest stored event's position (rowid) then, and
    each campaign's place (``Place``). No msgspec, and a plain class (a NamedTuple's
    generated code costs a read ~0.9 M instructions): a read that checks what another
    device appended imports as little as it can (``tracker.appended.shaped``)."""

    __slots__ = ("newest", "streams")

    def __init__(self, newest: int, streams: dict[str, Place]) -> None:
        self.newest = newest
        self.streams = streams

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and (self.newest, self.streams) == (
            other.newest,
            other.streams,
        )

    def __repr__(self) -> str:
        return f"Position({self.newest!r}, {self.streams!r})"


def position(
    tracker: store.Rows, reached: dict[str, int] | None = None, newest: int = 0
) -> Position:
    """The position of the tracker's file: each campaign at ``reached`` (its number there,
    else its newest), ``newest`` (else the newest stored event's position now)."""
    heads: dict[str, Place] = {}
    for stream in store.streams_by_seek(tracker):
        version = (reached or {}).get(stream) or store.head_version(tracker, stream)
        heads[stream] = place(tracker, stream, version)
    return Position(newest or store.newest_position(tracker), heads)


def place(db: store.Rows, stream: str, version: int) -> Place:
    """One campaign's place at event ``version`` (``Place``)."""
    from tracker.chainhash import sha256  # CPython's builtin one, without hashlib

    found = store.newest_snapshot_row(db, stream, version)
    snapshot, digest = (int(found[0]), sha256(bytes(found[1])).hexdigest()) if found else (0, "")
    return version, hash_at(db, stream, version), snapshot, str(digest)


def hash_at(tracker: store.Rows, stream: str, version: int) -> str:
    found = store.chain_hashes(tracker, stream, (version,)) if store.has_chain(tracker) else []
    return hex_of(found[0][1]) if found else ""


def as_json(checked: Position) -> dict[str, Any]:
    """A position as ``tracker.trust`` keeps it."""
    return {"newest": checked.newest, "streams": checked.streams}


def from_json(kept: Any) -> Position | None:
    """A position as ``tracker.trust`` kept it; None if it is not one (each field of the
    type it must have: JSON's lists as tuples, no bool for an int)."""
    if type(kept) is not dict or kept.keys() != {"newest", "streams"}:
        return None
    newest, streams = kept["newest"], kept["streams"]
    if type(newest) is not int or type(streams) is not dict:
        return None
    places = {stream: _place(found) for stream, found in streams.items()}
    if not all(type(stream) is str and found for stream, found in places.items()):
        return None
    return Position(newest, {stream: found for stream, found in places.items() if found})


def _place(found: Any) -> Place | None:
    if type(found) not in (list, tuple) or len(found) != 4:
        return None
    version, hashed, snapshot, digest = found
    kinds = (type(version), type(hashed), type(snapshot), type(digest))
    return (version, hashed, snapshot, digest) if kinds == (int, str, int, str) else None
