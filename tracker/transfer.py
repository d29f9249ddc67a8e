"""One campaign as a file to hand over: a versioned, self-describing JSON Lines export.

The first line describes the campaign (``format``, ``version``, its name, ruleset,
seats and the learnt box, how many events); then one line per stored event, in order,
with its number, topic, payload (as stored, as JSON) and its link in the hash chain
(``tracker.integrity``); the last line closes it with the head's hash, the count and
the checkpoint. An import trusts nothing of it: every line is read against its schema,
every topic must be one of ours and every payload pass the checked mapper's row check,
the chain is computed again and must equal the file's, the closing line must match (a
truncated file has none), each line as it is read, within the limits of
``tracker.exportfile``; the events are saved, a page at a time, into a scratch file by
the tracker's own save (so its snapshots are the ones logging the actions makes, undos,
redos and reverts recalled the same way) and verified whole there (replayed through the
rules, every action decided again). Only then is the target file opened to write, and
the rows the tracker wrote into the scratch file copied there in one transaction: a
refused import leaves the target exactly as it was, a saved one is whole.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, BinaryIO, Literal
from uuid import UUID

import msgspec

from domain.errors import N_, Formed
from tracker import dbfile, store
from tracker.errors import CampaignExists, DatabaseError, UnusableFile
from tracker.exportfile import MAX_EVENTS, ImportRefused, lines, opened
from tracker.integrity import GENESIS, checkpoint, content_digest
from tracker.integrity import link as chain_link
from tracker.library import PersistenceError, StoredEvent
from tracker.mapper import EVENT_TOPICS, check_row, unpacked
from tracker.store import COPY

if TYPE_CHECKING:
    from tracker.app import Tracker
    from tracker.exportfile import Numbered

__all__ = ["ImportRefused", "Read", "export_lines", "import_campaign", "read_export"]

FORMAT = "grizzled-campaign"
VERSION = 1
PAGE = 500  # events stored, then copied, at a time


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
        raise UnusableFile(
            N_("campaign {name!r} does not verify, nothing exported: {found}"),
            name=name,
            found=found,
        )
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


class Read:
    """An export opened and its header checked; its events are read as they are
    imported, line by line (``tracker.exportfile``): never the whole file at once."""

    def __init__(self, path: str, f: BinaryIO, header: Header, numbered: Numbered) -> None:
        self.path, self.file, self.header, self.lines = path, f, header, numbered

    def __enter__(self) -> Read:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()


def read_export(path: str) -> Read:
    """The export at ``path`` opened and its header checked: ImportRefused says the first
    thing wrong, with its line, before anything is written. Every later line is checked
    as it is read (``import_campaign``)."""
    f = opened(path)
    try:
        numbered = lines(f, path)
        first = next(numbered, None)
        if first is None:
            raise ImportRefused(N_("{path} is empty: not a grizzled export"), path=path)
        header = _header(first[1])
        if first[2]:
            raise ImportRefused(_truncated_or(1, Formed(N_("it ends after its header"))))
        if header.events < 1:
            raise ImportRefused(N_("the export holds no event"))
        if header.events > MAX_EVENTS:
            raise ImportRefused(
                N_(
                    "the export holds {events:,} events, more than grizzled imports "
                    "({MAX_EVENTS:,})"
                ),
                events=header.events,
                MAX_EVENTS=MAX_EVENTS,
            )
        return Read(path, f, header, numbered)
    except BaseException:
        f.close()
        raise


def _header(text: bytes) -> Header:
    try:
        header = HEADER.decode(text)
    except (msgspec.DecodeError, RecursionError) as error:
        raise ImportRefused(
            N_("not a grizzled export: its first line is no header ({error})"), error=error
        ) from None
    if header.format != FORMAT:
        raise ImportRefused(
            N_("not a grizzled export (format {format!r})"), format=header.format[:40]
        )
    if header.version > VERSION:
        raise ImportRefused(
            N_(
                "the export is of format version {version}, newer than this grizzled "
                "reads ({VERSION}): upgrade grizzled to import it"
            ),
            version=header.version,
            VERSION=VERSION,
        )
    return header


def checked_events(read: Read) -> Iterator[tuple[int, str, bytes]]:
    """Each event of the export as it is read (version, topic, stored row), once its line
    is checked (its schema, number, topic and row, its link in the chain); the closing
    line checked last. ImportRefused at the first thing wrong."""
    header, previous, count = read.header, GENESIS, 0
    for number, text, last in read.lines:
        if last:
            _closed(header, _closing(text, number), count, previous)
            return
        if number - 1 > header.events:
            raise ImportRefused(
                N_("line {number}: the export holds more events than its header says ({events:,})"),
                number=number,
                events=header.events,
            )
        version, topic, stored, line = _event(number, text, number - 1)
        content = content_digest(topic, stored)
        if line.content != content:
            raise ImportRefused(
                N_("event #{version} was altered: its content differs from its link in the chain"),
                version=version,
            )
        previous = chain_link(previous, version, content)
        if line.hash != previous:
            raise ImportRefused(N_("the chain is broken at event #{version}"), version=version)
        if version == 1 and _created_name(stored) != header.campaign:
            raise ImportRefused(
                N_("the header names campaign {campaign!r}, its first event another"),
                campaign=header.campaign[:80],
            )
        count = version
        yield version, topic, stored


def _created_name(stored: bytes) -> Any:
    return msgspec.json.decode(stored)["record"].get("data", {}).get("name")


def _event(number: int, text: bytes, version: int) -> tuple[int, str, bytes, Line]:
    """Line ``number`` of the file, the event numbered ``version``: its stored row."""
    try:
        line = LINE.decode(text)
    except (msgspec.DecodeError, RecursionError) as error:
        raise ImportRefused(
            _truncated_or(number, Formed(N_("it is not an event ({error})"), error=str(error)))
        ) from None
    if line.version != version:
        raise ImportRefused(
            N_(
                "line {number} holds event #{version} where event #{version2} "
                "belongs (an event is missing or out of place)"
            ),
            number=number,
            version=line.version,
            version2=version,
        )
    if line.topic not in EVENT_TOPICS:
        raise ImportRefused(
            N_("line {number}: event #{version} has a topic grizzled never writes ({topic!r})"),
            number=number,
            version=version,
            topic=line.topic[:80],
        )
    stored = ENCODE.encode(line.payload)
    try:
        check_row(line.topic, version, stored)
    except UnusableFile as error:
        raise ImportRefused(N_("line {number}: {error}"), number=number, error=error) from None
    return version, line.topic, stored, line


def _truncated_or(number: int, what: str) -> Formed:
    return Formed(
        N_("line {number} of the export: {what} (a damaged or cut-short file)"),
        number=number,
        what=what,
    )


def _closing(text: bytes, number: int) -> Closing:
    try:
        return CLOSING.decode(text)
    except (msgspec.DecodeError, RecursionError):
        raise ImportRefused(
            _truncated_or(number, Formed(N_("it is not the closing line (head and count)")))
        ) from None


def _closed(header: Header, end: Closing, count: int, head: str) -> None:
    """The closing line matches the events read: their count and the chain's head."""
    if count == 0:
        raise ImportRefused(N_("the export holds no event"))
    if end.count != count or header.events != count:
        raise ImportRefused(
            N_(
                "the export holds {count} events where its header says {events} and "
                "its closing line {count2} (a cut-short or edited file)"
            ),
            count=count,
            events=header.events,
            count2=end.count,
        )
    if end.head != head:
        raise ImportRefused(N_("the closing line's head is not the last event's hash"))


def renamed(version: int, stored: bytes, name: str) -> bytes:
    """An event of a campaign imported under another name: its creation, and every
    campaign state an event holds (an undo's, a revert's), carry the new name."""
    payload = msgspec.json.decode(stored)
    if version == 1:
        payload["record"]["data"]["name"] = name
    for key in ("restored", "base"):
        if isinstance(payload.get(key), dict) and "name" in payload[key]:
            payload[key]["name"] = name
    return ENCODE.encode(payload)


def exists(db: str, stream: UUID) -> bool:
    """The file at ``db`` holds a campaign of this id (nothing is created or written)."""
    return bool(_asked(db, lambda rows: store.holds_campaign(rows, stream.hex)))


def look_alike(db: str, name: str) -> str | None:
    """The campaign of the file at ``db`` whose name reads as ``name`` does (another
    case, a Cyrillic letter: ``domain.names``), as ``Tracker.name_free`` finds it."""
    from domain.names import alike
    from tracker.aggregate import Campaign

    held = _asked(db, lambda rows: store.created_names(rows, Campaign.Created.TOPIC)) or []
    return alike(name, [n for n in held if isinstance(n, str)])


def _asked(db: str, ask: Any) -> Any:
    """What ``ask`` reads of the file or server at ``db`` (None where it holds no
    grizzled tables yet)."""
    if store.is_postgres(db):
        on = store.on_postgres(db)
        try:
            return ask(on) if on.made() else None
        finally:
            on.close()
    if dbfile.inspect(db) not in ("ours", "legacy"):
        return None
    return ask(dbfile.Reader(db))


def import_campaign(db: str, read: Read, name: str | None = None) -> tuple[str, int]:
    """Store a checked export's campaign into ``db`` (as ``name`` if given); the
    campaign's name and how many events. The events are saved into a scratch file as the
    tracker saves them (its snapshots, pruned as when the actions are logged) and
    verified whole there; then every row the tracker wrote there is copied into ``db``
    in one transaction (``copy_rows``): a refusal at any step leaves ``db`` as it was."""
    from tracker.app import Tracker, campaign_id

    with read:
        chosen = name or read.header.campaign
        stream = campaign_id(chosen)
        if exists(db, stream):
            raise CampaignExists(
                N_(
                    "a campaign called {chosen!r} is already in {db}: import it under "
                    "another name with --as NEW"
                ),
                chosen=chosen,
                db=store.shown(db),
            )
        twin = look_alike(db, chosen)
        if twin is not None:
            raise CampaignExists(
                N_(
                    "a campaign called {twin!r} is already in {db}, and {chosen!r} reads "
                    "the same: import it under another name with --as NEW"
                ),
                twin=twin,
                db=store.shown(db),
                chosen=chosen,
            )
        folder = tempfile.mkdtemp(prefix="grizzled-import-")
        try:
            scratch = Tracker(os.path.join(folder, "import.sqlite"))
            try:
                count = _stored(scratch, checked_events(read), stream, name)
                _verified(scratch, stream)
                copy_rows(scratch, db, stream, chosen)
            finally:
                scratch.close()
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return chosen, count


def _stored(
    scratch: Tracker, events: Iterator[tuple[int, str, bytes]], stream: UUID, name: str | None
) -> int:
    """The events saved into the scratch file PAGE at a time, through the tracker's own
    save (its snapshots every SNAPSHOT_INTERVAL events, each made by the same projection
    as when loaded, undos recalled, then pruned); how many."""
    page: list[Any] = []
    count = 0
    try:
        for version, topic, stored in events:
            row = renamed(version, stored, name) if name else stored
            page.append(scratch.mapper.to_domain_event(StoredEvent(stream, version, topic, row)))
            count = version
            if len(page) == PAGE:
                _saved(scratch, page)
                page = []
        _saved(scratch, page)
    except UnusableFile as error:  # an event the rules cannot replay (a snapshot's)
        raise ImportRefused(N_("the export does not verify: {error}"), error=error) from None
    return count


def _saved(scratch: Tracker, page: list[Any]) -> None:
    if page:
        try:
            scratch.save(*page)
        except (PersistenceError, sqlite3.Error) as error:
            raise DatabaseError(
                N_("cannot write the import's scratch file: {error}"), error=error
            ) from None
        scratch.forget_recalled()  # the states its undos returned to: memory stays bounded


def _verified(scratch: Tracker, stream: UUID) -> None:
    """The campaign in the scratch file verified whole (replay, rules, snapshots)."""
    from tracker.verify import verify_campaign

    found = verify_campaign(scratch, stream.hex)
    if found.findings:
        raise ImportRefused(
            N_("the export does not verify: {findings}"), findings=found.findings[0]
        )


def copy_rows(scratch: Tracker, db: str, stream: UUID, name: str) -> None:
    """Every row the tracker wrote into the scratch file for the campaign ``stream`` (its
    events in order, their links in the chain, its snapshots) copied as they are into
    the campaign file ``db``, its tables made first (``Tracker``), in one transaction on
    a connection of its own: SQLite copies them, a page at a time; CampaignExists if the
    campaign is there already (imported meanwhile), and then nothing is written."""
    from tracker.app import Tracker

    if store.is_postgres(db):
        _copy_to_postgres(scratch, db, stream, name)
        return
    fresh = not os.path.lexists(db)
    try:
        Tracker(db).close()  # the file marked ours and its tables made, as for any write
        _copy(scratch, db, stream, name)
    except BaseException:
        if fresh:
            _forget_made(db)  # a refused import leaves no file where there was none
        raise


def _copy_to_postgres(scratch: Tracker, db: str, stream: UUID, name: str) -> None:
    """The scratch file's rows of the campaign into the PostgreSQL database ``db``
    (``store.copy_to_postgres``: one transaction); refused in one line when its tables
    are not made (``grizzled db upgrade``) or not ours."""
    from tracker.app import Tracker

    Tracker(db, access="write").close()  # made by its owner (db upgrade): errors in one line
    target, shown = store.on_postgres(db), store.shown(db)
    try:
        store.copy_to_postgres(scratch, target, stream.hex)
    except Exception as error:
        if type(error).__name__ == "UniqueViolation":  # psycopg's: imported meanwhile
            raise CampaignExists(
                N_("a campaign called {name!r} is already in {shown}"), name=name, shown=shown
            ) from None
        raise DatabaseError(store.failed(shown, error)) from None
    finally:
        target.close()


def _forget_made(db: str) -> None:
    """Remove the campaign file this import made (with its WAL files) while it still
    holds no event: nothing was imported into it, and nobody else wrote it."""
    try:
        if store.holds_events(dbfile.Reader(db)):
            return
    except Exception:  # unreadable: leave it as it is
        return
    for extra in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(db + extra)


def _copy(scratch: Tracker, db: str, stream: UUID, name: str) -> None:
    conn = sqlite3.connect(f"{dbfile.uri(db)}?mode=rw", uri=True, timeout=5)
    try:
        conn.isolation_level = None
        conn.execute("ATTACH DATABASE ? AS scratch", (f"{dbfile.uri(scratch.db_path)}?mode=ro",))
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in COPY:  # the tests add a failing one here
                conn.execute(statement, (stream.hex,))
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # a failed COMMIT may have rolled back already
                conn.execute("ROLLBACK")
            raise
    except sqlite3.IntegrityError:
        raise CampaignExists(
            N_("a campaign called {name!r} is already in {db}"), name=name, db=db
        ) from None
    except sqlite3.Error as error:
        raise dbfile.failure(db, error) from None
    finally:
        conn.close()
