"""The record's integrity, one handler per use case: verify, checkpoint, backup, restore,
export and import. Each loads through the session it is given (``app.session``), does the
work with the tracker (``tracker.verify``, ``tracker.backup``, ``tracker.transfer``) and
returns what it found as data; the command line prints it (``cli/cmd_integrity.py``). A
refusal is ``app.errors.Refused``: one line, and nothing written."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from app.errors import Refused
from app.session import Session, refusals
from voice.lang import N_, _

if TYPE_CHECKING:
    from tracker.app import Tracker
    from tracker.checkpoint import WrittenCheckpoint


class Verified:
    """What verify found: each campaign (``tracker.verify``'s finding) with the events the
    checkpoint given vouches for (0: none given for it), every finding in words (none: the
    record holds), and how the read models stand against a rebuild."""

    __slots__ = ("campaigns", "findings", "models")

    def __init__(self, campaigns: list[tuple[Any, int]], findings: list[str], models: str):
        self.campaigns = campaigns
        self.findings = findings
        self.models = models


def opened_to_read(work: Session, path: str | None = None) -> Tracker:
    """The file opened only to read it, after SQLite's check of every page (a damaged
    or truncated file ends here, in one line). Not checked whole the way other work
    checks a file first seen: verify says what it finds instead of stopping at it.
    ``path``: another file than the session's (closed by the caller)."""
    from tracker import dbfile
    from tracker.app import Tracker

    if path is None and work.url is not None:  # a club's server: PostgreSQL keeps its pages
        with refusals():
            work._tracker = Tracker(work.url, access="read")
        return work._tracker
    where = path or work.db
    with refusals():
        if dbfile.inspect(where) in ("ours", "legacy"):
            dbfile.check_integrity(where)
        tracker = Tracker(where, access="read")
    if path is None:
        work._tracker = tracker  # closed with the session
    return tracker


def verify(work: Session, written: WrittenCheckpoint | None) -> Verified:
    """Check the whole record (every campaign), against ``written`` (a checkpoint written
    down earlier, for the session's campaign) if given, then the read models against a
    rebuild when nothing else was found."""
    from tracker.verify import checkpoint_finding, stored_rows, verify_campaigns

    tracker = opened_to_read(work)
    with refusals():
        found = verify_campaigns(tracker)
        findings = [_found(c.name, f) for c in found for f in c.findings]
        missed = ""
        if written is not None:
            name = work.campaign_name(lambda: [c.name for c in found])
            if stream(name) not in {stream(c.name) for c in found}:
                said = _("there is no campaign called {name} in {where}")
                raise Refused(said.format(name=repr(name), where=work.where))
            rows = stored_rows(tracker, stream(name))
            missed = checkpoint_finding(rows, written.letters, written.events, written.checked)
            missed = _found(name, missed) if missed else ""
        del tracker
        work.close_tracker()  # its replay's states go before the read models' rebuild
        models, differ = read_models(work.db) if not findings else ("", [])
        findings += [*differ, *([missed] if missed else [])]
    covered = {stream(name): written.events} if written is not None and not missed else {}
    return Verified([(c, covered.get(stream(c.name), 0)) for c in found], findings, models)


def stream(name: str) -> str:
    """A campaign's event stream, by its name."""
    from tracker.app import campaign_id

    return campaign_id(name).hex


def checkpoint(work: Session) -> tuple[str, str]:
    """The campaign's name and its checkpoint: the digest of its whole record and the count
    of its events."""
    from tracker.checkpoint import checkpoint as written
    from tracker.integrity import chained
    from tracker.verify import stored_rows

    with refusals():
        name = work.tracker().state(work.campaign_name()).name
        rows = stored_rows(work.tracker(), stream(name))
    return name, written(chained(rows)[-1].hash, len(rows))


def backup(work: Session, target: str) -> tuple[int, int]:
    """Copy the file to ``target`` (a new file), consistently even while it is in use, and
    verify the copy: the events copied and the campaigns verified."""
    from tracker.backup import copy
    from tracker.verify import verify_campaigns

    with refusals():
        work.tracker()  # a grizzled file, checked whole if this machine has not seen it
        events = copy(work.db, target)
        copied = opened_to_read(work, target)
        try:
            found = verify_campaigns(copied)
        finally:
            copied.close()
    from voice.refusal import said as in_words

    problems = [in_words(f) for c in found for f in c.findings]
    if problems:
        said = _("the backup {path} does not verify: {problem}")
        raise Refused(said.format(path=target, problem=problems[0]))
    return events, len(found)


def restore(work: Session, source: str) -> tuple[int, str | None]:
    """Replace the file with the backup at ``source`` once the backup verifies: the events
    restored, and where the file it replaced is kept (None: there was none)."""
    from tracker.backup import replace
    from tracker.verify import verify_campaigns

    not_foreign(work.db)
    opened = opened_to_read(work, source)
    try:
        with refusals():
            found = verify_campaigns(opened)
    finally:
        opened.close()
    problems = [_found(c.name, f) for c in found for f in c.findings]
    if problems:
        said = _("the backup {path} does not verify, nothing was replaced: {problem}")
        raise Refused(said.format(path=source, problem=problems[0]))
    with refusals():
        moved = replace(work.db, source)
    return sum(c.events for c in found), moved


def not_foreign(db: str) -> None:
    """Refuse to replace another application's file, or one holding tables, views or
    triggers grizzled never makes (in the file or in a WAL or journal beside it, read
    without merging it); a damaged campaign file may be replaced: that is what a restore
    is for."""
    from tracker import dbfile
    from tracker.errors import UnusableFile

    try:
        if dbfile.inspect(db) in ("ours", "legacy"):
            dbfile.check_integrity(db)
    except UnusableFile as error:
        if "not a grizzled campaign file" in str(error) or "is not a regular file" in str(error):
            raise Refused(_("{error}: nothing was replaced").format(error=error)) from None


def export(work: Session, at: str) -> tuple[str, bytes, Iterator[bytes]]:
    """The campaign's export (``tracker.transfer``): its name, the header line (made once
    the chain is checked: a record that fails is refused before anything is written) and
    the lines after it, read as they are written."""
    from tracker.transfer import export_lines

    with refusals():
        name = work.tracker().state(work.campaign_name()).name
        lines = export_lines(work.tracker(), name, at)
        header = next(lines)
    return name, header, _refused_in_one_line(lines)


def _refused_in_one_line(lines: Iterator[bytes]) -> Iterator[bytes]:
    with refusals():
        yield from lines


def import_export(
    work: Session, path: str, as_name: str | None, refused_name: Callable[[str], str | None]
) -> tuple[str, int]:
    """Import the campaign exported at ``path`` (under ``as_name`` if given) once it
    verifies whole: its name and the events stored. ``refused_name``: why a name the
    export gives would be refused by the faces (None: it is not)."""
    from tracker.transfer import import_campaign, read_export

    if work.url is None:  # a file: checked whole before it is written
        work.rebuild_due = work.check_first()
    with refusals():
        read = read_export(path)
        with read:
            if as_name is None and (why := refused_name(read.header.campaign)):
                said = _("the export's campaign: {why}; import it with --as NEW")
                raise Refused(said.format(why=why))
            name, events = import_campaign(work.url or work.db, read, as_name)
    work.saved(events)
    return name, events


def read_models(db: str) -> tuple[str, list[str]]:
    """How the read models stand against a rebuild from the events, in words, and the
    first row that differs (compared only when the file keeps them and they are up to
    date: the next command brings them up to date)."""
    from projections import schema
    from tracker import dbfile, store
    from tracker.errors import TrackerError

    try:
        position = dbfile.query(
            db,
            "SELECT position, schema FROM projection_position WHERE name = ?",
            (schema.POSITION_NAME,),
        )
    except TrackerError:
        return N_("the file keeps no read models"), []
    if position and position[0][1] != schema.SCHEMA:  # an earlier grizzled's layout
        return (
            N_(
                "the read models are of an earlier layout (not compared; the next command "
                "makes them again)"
            ),
            [],
        )
    newest = store.newest_position(dbfile.Reader(db)) or None
    if not position or position[0][0] != newest:
        return (
            N_(
                "the read models are behind the events (not compared; the next command "
                "updates them)"
            ),
            [],
        )
    return N_("the read models equal a rebuild"), _first_difference(db)


VERIFY_BATCH = 250  # events a transaction of verify's rebuild: less held at once than 1,000


def _first_difference(db: str) -> list[str]:
    from projections import schema
    from projections.errors import ProjectionError
    from projections.runner import in_memory
    from tracker import dbfile

    # The rebuild goes to a scratch file and each table is read back in key order beside
    # the file's, a row at a time: a whole campaign's read models never sit in memory
    # (issue 17's 40 MB), nor does SQLite build a temporary table to compare them.
    with tempfile.TemporaryDirectory(prefix="grizzled-verify-") as folder:
        try:
            scratch = os.path.join(folder, "rebuilt.sqlite")
            fresh = in_memory(dbfile.reader_uri(db), scratch, VERIFY_BATCH, SCRATCH_CACHE)
        except ProjectionError as error:
            return [
                _("the read models cannot be rebuilt from the events ({error})").format(error=error)
            ]
        try:
            fresh.execute("ATTACH DATABASE ? AS kept", (dbfile.reader_uri(db),))
            fresh.execute(f"PRAGMA kept.cache_size = {SCRATCH_CACHE}")
            for table in (*schema.READ_MODELS, schema.PROJECTION_CAMPAIGNS):
                columns, key = ", ".join(table.columns), ", ".join(table.pk)
                built, kept = (
                    fresh.execute(f"SELECT {columns} FROM {where}.{table.name} ORDER BY {key}")
                    for where in ("main", "kept")
                )
                differs = _first_unequal(table, built, kept)
                if differs is not None:
                    return [_differs(table, differs)]
        finally:
            fresh.close()
    return []


SCRATCH_CACHE = -256  # KiB of SQLite page cache for each file verify reads or rebuilds


def _first_unequal(
    table: Any, built: Iterator[tuple[Any, ...]], kept: Iterator[tuple[Any, ...]]
) -> tuple[Any, ...] | None:
    """The key of the first row (in key order) where a rebuilt table and the file's
    differ: a row missing on one side, or the same key with other values."""
    at = [list(table.columns).index(k) for k in table.pk]
    for mine, theirs in zip_longest(built, kept):
        if mine != theirs and not _same_saved_state(table, mine, theirs):
            keys = [tuple(r[i] for i in at) for r in (mine, theirs) if r is not None]
            return min(keys)
    return None


def _same_saved_state(table: Any, built: Any, kept: Any) -> bool:
    """Whether a ``projection_campaigns`` row kept differs from the rebuilt one only by a
    saved state caught up from a snapshot an earlier grizzled stored, which holds no trail
    of a failed Mission's cards (``domain.codec.stored_as_replayed``): the same record."""
    from projections import schema

    if table != schema.PROJECTION_CAMPAIGNS or built is None or kept is None:
        return False
    at = list(table.columns).index("state")
    if built[:at] + built[at + 1 :] != kept[:at] + kept[at + 1 :]:
        return False
    from domain.codec import stored_as_replayed
    from projections.batch import state_saved
    from projections.errors import DamagedReadModel

    try:
        return stored_as_replayed(state_saved(kept[at]), state_saved(built[at]))
    except DamagedReadModel:
        return False


def _differs(table: Any, first: tuple[Any, ...]) -> str:
    """The read model and the first row (by key) where it differs from a rebuild."""
    shown_key = ", ".join(
        f"event #{v}" if k == "version" else f"{k} {v}"
        for k, v in zip(table.pk, first, strict=True)
        if k != "campaign_id"
    )
    said = (
        _(
            "the read model {table} differs from a rebuild of the events at {key} (grizzled "
            "projections rebuild makes it equal again)"
        )
        if shown_key
        else _(
            "the read model {table} differs from a rebuild of the events (grizzled projections "
            "rebuild makes it equal again)"
        )
    )
    return said.format(table=table.name, key=shown_key)


def _found(campaign: str, finding: str) -> str:
    """A finding of verify, with the campaign it is of, in the language in use."""
    from voice.refusal import said

    return _("campaign {name}: {finding}").format(name=repr(campaign), finding=said(finding))


def read_checkpoint(text: str) -> WrittenCheckpoint | str:
    """A checkpoint as written down, or why it is not one (``tracker.checkpoint``)."""
    from tracker.checkpoint import read_checkpoint as read

    return read(text)


def vouched_by(found: Any, covered: int) -> int:
    """The first event of a campaign verified that nothing vouches for (0: every one is),
    given the events a checkpoint written down covers (``tracker.verify.vouched_by``)."""
    from tracker.verify import vouched_by as first_unvouched

    return first_unvouched(found, covered)
