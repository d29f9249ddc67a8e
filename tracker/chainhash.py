"""The chain's digests (``tracker.integrity`` says what they are and why): an event's
canonical form, its content digest and its link, computed without the event store (a read
checks what another device appended with them: ``tracker.appended``).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from domain.packing import is_packed, unpack
from tracker.shape import MAX_STORED_BYTES

# CPython's builtin SHA-256 (``_sha256`` on 3.11, ``_sha2`` from 3.12): importing hashlib
# starts OpenSSL, ~13 M instructions on 3.12 (4% of F), for the same digest; the name
# this Python has is asked first (a failed import searches every path entry)
try:
    if sys.version_info >= (3, 12):
        from _sha2 import sha256 as sha256  # type: ignore[import-not-found]  # no stub; C
    else:
        from _sha256 import sha256 as sha256  # type: ignore[import-not-found]  # no stub; C
except ImportError:  # pragma: no cover - a Python built without them
    from hashlib import sha256 as sha256

GENESIS = "0" * 64
Unpacker = Callable[[bytes, int], tuple[bytes, int]]  # a packed row's JSON, and its parent
# What the library's transcoder wraps a value in (a datetime, our campaign state).
TAGGED = frozenset({"_type_", "_data_"})


def _untagged(value: Any) -> Any:
    """A decoded payload without the transcoder's tags: ``{"_type_", "_data_"}`` is its
    data, at any depth."""
    if isinstance(value, dict):
        if value.keys() == TAGGED:
            return _untagged(value["_data_"])
        return {key: _untagged(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_untagged(item) for item in value]
    return value


def canonical(topic: str, state: bytes | str, unpacker: Unpacker = unpack) -> bytes:
    """An event's content in canonical form: its name and its payload (see the module
    docstring; its number joins in its link: a packed row, ``domain/packing.py``, is its
    JSON unpacked, so the chain never depends on how it was compressed; ``unpacker``:
    ``domain.packing.unpack`` or, without msgspec, ``unpack_plain``, which unpack a row
    alike); ValueError if the payload is not JSON."""
    if isinstance(state, bytes | bytearray | memoryview) and is_packed(bytes(state)):
        state = unpacker(bytes(state), MAX_STORED_BYTES)[0]
    payload = json.loads(state)
    if isinstance(payload, dict):
        payload.pop("class_version", None)
    form = {"event": re.split(r"[:.]", topic)[-1], "payload": _untagged(payload)}
    return json.dumps(form, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def content_digest(topic: str, state: bytes | str, unpacker: Unpacker = unpack) -> str:
    """The digest of an event's canonical form; of its raw bytes when they are not even
    JSON (a damaged row: its digest then matches nothing that was recorded)."""
    try:
        form = canonical(topic, state, unpacker)
    except (ValueError, RecursionError):
        raw = state.encode("utf-8", "surrogatepass") if isinstance(state, str) else state
        form = b"not json:" + bytes(raw)
    return str(sha256(form).hexdigest())


def link(previous: str, version: int, content: str) -> str:
    """The chain's hash of an event: its predecessor's hash, its number and its content
    (so an event moved to another number breaks the chain there)."""
    return str(sha256(f"{previous}:{version}:{content}".encode()).hexdigest())


def hashes(
    rows: Iterable[tuple[int, str, Any]], previous: str = GENESIS, unpacker: Unpacker = unpack
) -> Iterator[tuple[int, str, str]]:
    """Each of a campaign's events (version, topic, stored state), in order: its version,
    its content digest and its link's hash, following from ``previous``."""
    for version, topic, state in rows:
        content = content_digest(topic, state, unpacker)
        previous = link(previous, version, content)
        yield version, content, previous
