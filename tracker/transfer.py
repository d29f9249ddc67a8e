"""One campaign as a file to hand over: a versioned, self-describing JSON Lines export.

The first line describes the campaign (``format``, ``version``, its name, ruleset,
seats and the learnt box, how many events); then one line per stored event, in order,
with its number, topic, payload (as stored, as JSON) and its link in the hash chain
(``tracker.integrity``); the last line closes it with the head's hash, the count and
the checkpoint. An import trusts nothing of it: every line is read against its schema,
every topic must be one of ours and every payload pass the checked mapper's row check,
the chain is computed again and must equal the file's, the closing line must match (a
truncated file has none); then the events are stored into a scratch file and verified
whole there (replayed through the rules, every action decided again). Only then is the
target file opened to write, and the events stored there in one transaction: a refused
import leaves the target exactly as it was.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal
from uuid import UUID

import msgspec

from tracker import dbfile
from tracker.errors import CampaignExists, TrackerError, UnusableFile
from tracker.integrity import GENESIS, chained, checkpoint, content_digest
from tracker.integrity import link as chain_link
from tracker.library import IntegrityError, StoredEvent
from tracker.mapper import EVENT_TOPICS, check_row, unpacked

if TYPE_CHECKING:
    from tracker.app import Tracker

FORMAT = "grizzled-campaign"
VERSION = 1
MAX_BYTES = 512 * 1024 * 1024  # far beyond a lifetime of campaigns


class ImportRefused(TrackerError):
    """An export that cannot be imported as it is: nothing was written."""


class Header(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str
    version: int
    campaign: str
    ruleset: str
    seats: list[dict[str, Any]]
    box: dict[str, Any]
    events: int
    exported_at: str = ""


class Line(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    topic: str
    payload: dict[str, Any]
    content: str
    hash: str


class Closing(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    end: Literal[True]
    head: str
    count: int
    checkpoint: str


HEADER = msgspec.json.Decoder(Header)
LINE = msgspec.json.Decoder(Line)
CLOSING = msgspec.json.Decoder(Closing)
ENCODE = msgspec.json.Encoder()


def export_lines(tracker: Tracker, name: str, at: str = "") -> Iterator[bytes]:
    """The export of campaign ``name`` line by line (each ends with a newline); the
    campaign's stored chain must hold (``verify``'s first checks), else UnusableFile."""
    from domain.codec import encode_catalogue
    from tracker.verify import check_chain, linked_pages

    state = tracker.state(name)
    stream = tracker.campaign(name).id.hex
    checked = check_chain(tracker, stream)  # a page at a time: never the whole campaign
    if checked.findings:
        found = checked.findings[0]
        raise UnusableFile(f"campaign {name!r} does not verify, nothing exported: {found}")
    seats = [msgspec.structs.asdict(seat) for seat in state.seats]
    box = encode_catalogue(state.catalogue)
    count = checked.events
    header = Header(FORMAT, VERSION, state.name, state.ruleset, seats, box, count, at)
    yield ENCODE.encode(header) + b"\n"
    previous = GENESIS
    for page in linked_pages(tracker, stream):
        for version, topic, stored, _ in page:
            content = content_digest(topic, stored)
            previous = chain_link(previous, version, content)
            # a packed row (domain/packing.py) is exported as its JSON: the export never
            # depends on how this file compresses, and import packs it again
            payload = msgspec.json.decode(unpacked(topic, version, stored))
            yield ENCODE.encode(Line(version, topic, payload, content, previous)) + b"\n"
    yield ENCODE.encode(Closing(True, previous, count, checkpoint(previous, count))) + b"\n"


class Read(msgspec.Struct, frozen=True):
    """An export read and checked line by line: its header and its stored events."""

    header: Header
    events: list[tuple[int, str, bytes]]
    head: str


def read_export(path: str) -> Read:
    """Every line of an export checked (see the module docstring); ImportRefused says
    the first thing wrong, with its line."""
    try:
        size = os.path.getsize(path)
        if size > MAX_BYTES:
            raise ImportRefused(f"{path} holds {size:,} bytes, far more than an export")
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
    except OSError as error:
        raise ImportRefused(f"cannot read {path}: {error.strerror}") from None
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        raise ImportRefused(f"{path} is empty: not a grizzled export")
    header = _header(lines[0])
    events = [_event(number, text, number - 1) for number, text in enumerate(lines[1:-1], 2)]
    closing = _closing(lines[-1], len(lines))
    _chain_holds(events, header, closing)
    created = msgspec.json.decode(events[0][2])["record"].get("data", {}).get("name")
    if created != header.campaign:
        raise ImportRefused(
            f"the header names campaign {header.campaign[:80]!r}, its first event another"
        )
    return Read(header, [(v, t, p) for v, t, p, _ in events], closing.head)


def _header(text: bytes) -> Header:
    try:
        header = HEADER.decode(text)
    except (msgspec.DecodeError, RecursionError) as error:
        raise ImportRefused(
            f"not a grizzled export: its first line is no header ({error})"
        ) from None
    if header.format != FORMAT:
        raise ImportRefused(f"not a grizzled export (format {header.format[:40]!r})")
    if header.version > VERSION:
        raise ImportRefused(
            f"the export is of format version {header.version}, newer than this grizzled "
            f"reads ({VERSION}): upgrade grizzled to import it"
        )
    return header


def _event(number: int, text: bytes, version: int) -> tuple[int, str, bytes, Line]:
    """Line ``number`` of the file, the event numbered ``version``: its stored row."""
    try:
        line = LINE.decode(text)
    except (msgspec.DecodeError, RecursionError) as error:
        raise ImportRefused(_truncated_or(number, f"it is not an event ({error})")) from None
    if line.version != version:
        raise ImportRefused(
            f"line {number} holds event #{line.version} where event #{version} belongs "
            "(an event is missing or out of place)"
        )
    if line.topic not in EVENT_TOPICS:
        raise ImportRefused(
            f"line {number}: event #{version} has a topic grizzled never writes "
            f"({line.topic[:80]!r})"
        )
    stored = ENCODE.encode(line.payload)
    try:
        check_row(line.topic, version, stored)
    except UnusableFile as error:
        raise ImportRefused(f"line {number}: {error}") from None
    return version, line.topic, stored, line


def _truncated_or(number: int, what: str) -> str:
    return f"line {number} of the export: {what} (a damaged or cut-short file)"


def _closing(text: bytes, number: int) -> Closing:
    try:
        return CLOSING.decode(text)
    except (msgspec.DecodeError, RecursionError):
        raise ImportRefused(
            _truncated_or(number, "it is not the closing line (head and count)")
        ) from None


def _chain_holds(events: list[tuple[int, str, bytes, Line]], header: Header, end: Closing) -> None:
    """The chain computed again equals the file's, line by line, and its closing line."""
    if not events:
        raise ImportRefused("the export holds no event")
    if end.count != len(events) or header.events != len(events):
        raise ImportRefused(
            f"the export holds {len(events)} events where its header says {header.events} and "
            f"its closing line {end.count} (a cut-short or edited file)"
        )
    for (version, _, _, line), link in zip(
        events, chained((v, t, s) for v, t, s, _ in events), strict=True
    ):
        if line.content != link.content:
            raise ImportRefused(
                f"event #{version} was altered: its content differs from its link in the chain"
            )
        if line.hash != link.hash:
            raise ImportRefused(f"the chain is broken at event #{version}")
    if end.head != events[-1][3].hash:
        raise ImportRefused("the closing line's head is not the last event's hash")


def renamed(events: list[tuple[int, str, bytes]], name: str) -> list[tuple[int, str, bytes]]:
    """The events of a campaign imported under another name: its creation, and every
    campaign state an event holds (an undo's, a revert's), carry the new name."""
    changed = []
    for version, topic, stored in events:
        payload = msgspec.json.decode(stored)
        if version == 1:
            payload["record"]["data"]["name"] = name
        for key in ("restored", "base"):
            if isinstance(payload.get(key), dict) and "name" in payload[key]:
                payload[key]["name"] = name
        changed.append((version, topic, ENCODE.encode(payload)))
    return changed


def store(tracker: Tracker, events: list[tuple[int, str, bytes]], stream: UUID) -> None:
    """Save the rows as the campaign ``stream``'s events, in one transaction (through the
    checked mapper, and the recorder that chains them); the library's IntegrityError if
    the campaign is there already."""
    mapper = tracker.mapper
    decoded = [mapper.to_domain_event(StoredEvent(stream, v, t, s)) for v, t, s in events]
    tracker.save(*decoded)


def exists(db: str, stream: UUID) -> bool:
    """The file at ``db`` holds a campaign of this id (nothing is created or written)."""
    if dbfile.inspect(db) not in ("ours", "legacy"):
        return False
    rows = dbfile.query(
        db, "SELECT 1 FROM stored_events WHERE originator_id = ? LIMIT 1", (stream.hex,)
    )
    return bool(rows)


def import_campaign(db: str, read: Read, name: str | None = None) -> tuple[str, int]:
    """Store a checked export's campaign into ``db`` (as ``name`` if given), once it
    verifies whole in a scratch file; the campaign's name and how many events."""
    from tracker.app import Tracker, campaign_id

    chosen = name or read.header.campaign
    events = renamed(read.events, chosen) if name else read.events
    stream = campaign_id(chosen)
    if exists(db, stream):
        raise CampaignExists(
            f"a campaign called {chosen!r} is already in {db}: import it under another "
            "name with --as NEW"
        )
    _verified_in_scratch(events, stream)
    tracker = Tracker(db)
    try:
        try:
            store(tracker, events, stream)
        except IntegrityError:  # imported meanwhile
            raise CampaignExists(f"a campaign called {chosen!r} is already in {db}") from None
        if tracker.snapshots is not None:
            tracker.take_snapshot(stream)
    finally:
        tracker.close()
    return chosen, len(events)


def _verified_in_scratch(events: list[tuple[int, str, bytes]], stream: UUID) -> None:
    """The events stored into a scratch file and verified whole there."""
    from tracker.app import Tracker
    from tracker.verify import verify_campaign

    folder = tempfile.mkdtemp(prefix="grizzled-import-")
    try:
        scratch = Tracker(os.path.join(folder, "import.sqlite"))
        try:
            store(scratch, events, stream)
            found = verify_campaign(scratch, stream.hex)
        finally:
            scratch.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if found.findings:
        raise ImportRefused(f"the export does not verify: {found.findings[0]}")
