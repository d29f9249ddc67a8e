"""A record anyone can verify: verify, checkpoint, export, import, backup, restore."""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import UTC
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

import click

from cli.context import Context, Refused, pass_context, refusals, usage
from cli.params import NAME, name_refused
from voice.shown import SHORT, quoted, shown, terminal_json

if TYPE_CHECKING:
    from collections.abc import Iterator

    from tracker.app import Tracker

JSON = click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")


def _opened(ctx: Context, path: str | None = None) -> Tracker:
    """The file opened only to read it, after SQLite's check of every page (a damaged
    or truncated file ends here, in one line). Not checked whole the way other commands
    check a file first seen: verify says what it finds instead of stopping at it."""
    from tracker import dbfile
    from tracker.app import Tracker

    if path is None and ctx.url is not None:  # a club's server: PostgreSQL keeps its pages
        with refusals():
            ctx._tracker = Tracker(ctx.url, access="read")
        return ctx._tracker
    where = path or ctx.db
    with refusals():
        if dbfile.inspect(where) in ("ours", "legacy"):
            dbfile.check_integrity(where)
        tracker = Tracker(where, access="read")
    if path is None:
        ctx._tracker = tracker  # closed by cli.main with the command
    return tracker


@click.command("verify")
@click.option(
    "--checkpoint",
    "written",
    metavar="DIGEST",
    help="A checkpoint written down earlier: prove the record extends it.",
)
@JSON
@pass_context
def verify_(ctx: Context, written: str | None, as_json: bool) -> None:
    """Check the whole record: every event there and in its place in the hash chain,
    snapshots and read models equal to a replay, every action still accepted by the
    rules, SQLite's check of every page. Exit 0, or one line naming the first altered,
    missing or moved event. Events the chain cannot vouch for (recorded before it, or
    chained on upgrade) read "Verified in part" unless a checkpoint given covers them.

    Example: grizzled verify --checkpoint "K7QX-M2PA-3FTR-WB3D-F @ 412"
    """
    from tracker.checkpoint import read_checkpoint
    from tracker.verify import checkpoint_finding, stored_rows, verify_campaigns

    parsed = read_checkpoint(written) if written is not None else None
    if isinstance(parsed, str):
        how = "" if "typo" in parsed else "; write it as printed, XXXX-XXXX-XXXX-XXXX-X @ N"
        usage(f"--checkpoint {quoted(shown(written, SHORT))}: {parsed}{how}")
    tracker = _opened(ctx)
    with refusals():
        found = verify_campaigns(tracker)
        findings = [f"campaign {c.name!r}: {f}" for c in found for f in c.findings]
        missed = ""
        if parsed is not None:
            name = ctx.campaign_name(lambda: [c.name for c in found])
            if _stream(name) not in {_stream(c.name) for c in found}:
                raise Refused(f"there is no campaign called {name!r} in {ctx.where}")
            rows = stored_rows(tracker, _stream(name))
            missed = checkpoint_finding(rows, parsed.letters, parsed.events, parsed.checked)
            missed = f"campaign {name!r}: {missed}" if missed else ""
        del tracker
        ctx.close_tracker()  # its replay's states go before the read models' rebuild
        models, differ = read_models(ctx.db) if not findings else ("", [])
        findings += [*differ, *([missed] if missed else [])]
    covered = {_stream(name): parsed.events} if parsed is not None and not missed else {}
    vouched = [(c, covered.get(_stream(c.name), 0)) for c in found]
    if as_json:
        ctx.print_json(
            {"campaigns": [_verified_json(c, by) for c, by in vouched], "findings": findings}
        )
    if findings:
        more = len(findings) - 1
        said = f" (and {more} more: grizzled verify --json)" if more else ""
        raise Refused(f"verify: {findings[0]}{said}")
    if not as_json:
        _say_verified(vouched, models, parsed is not None, on_file=ctx.url is None)


def _stream(name: str) -> str:
    from tracker.app import campaign_id

    return campaign_id(name).hex


def _verified_json(found: Any, covered: int) -> dict[str, Any]:
    """A campaign as ``verify --json`` gives it: what the tracker found, the events the
    checkpoint given vouches for (0: none given for it) and the first event nothing
    vouches for (0: every one is vouched for, by the chain or the checkpoint)."""
    import msgspec

    from tracker.verify import vouched_by

    return dict(
        msgspec.structs.asdict(found),
        findings=list(found.findings),
        checkpoint_vouches_to=covered,
        unvouched_from=vouched_by(found, covered),
    )


def _say_verified(
    vouched: list[tuple[Any, int]], models: str, with_checkpoint: bool, *, on_file: bool = True
) -> None:
    """What verify found, saying "Verified" only of what the chain or a checkpoint given
    vouches for (a span chained on upgrade, or not at all, proves nothing by itself)."""
    from tracker.verify import vouched_by

    pages = "SQLite finds every page sound" if on_file else "on the club's PostgreSQL server"
    short = [c.name for c, covered in vouched if vouched_by(c, covered)]
    if short:
        click.echo(
            f"Verified in part: {pages}; {models}; the chain does not vouch for every event "
            f"of {_names(short)}, and no checkpoint given covers the rest (below)."
        )
    else:
        click.echo(f"Verified: {pages}; {models}.")
    for each, covered in vouched:
        click.echo(
            f"Campaign {quoted(each.name)}: {each.events} events, {_chained(each, covered)}; "
            f"{each.snapshots} snapshots equal to the replay; {each.decided_again} actions "
            f"decided again by the rules as recorded{_only_replayed(each)}."
        )
        click.echo(f"  Checkpoint: {each.checkpoint}")
    if with_checkpoint:
        click.echo("The record extends the checkpoint given.")


def _names(names: list[str]) -> str:
    said = ", ".join(quoted(name) for name in names[:3])
    return f"{said} and {len(names) - 3} more" if len(names) > 3 else said


def _only_replayed(found: Any) -> str:
    """The actions an older file or a simulation recorded too little of to decide again."""
    said = [
        f"{found.without_command} recorded without their command" if found.without_command else "",
        f"{found.without_draws} drew at random without recording the draw"
        if found.without_draws
        else "",
    ]
    shown_ = "; ".join(part for part in said if part)
    return f" ({shown_}: replayed, not decided again)" if shown_ else ""


def _chained(found: Any, covered: int) -> str:
    """From which event the chain vouches, and what vouches for the events before it: a
    link made on upgrade proves only that nothing changed since it was made, and a file
    set back to before the chain looks like one recorded before it."""
    from tracker.verify import vouched_by

    if found.chain_vouches_from == 1:
        return "chained from the first"
    before = found.chain_vouches_from - 1
    if found.chained_from == 0:
        said = "recorded before the chain (chained at its next write): the chain vouches for none"
    elif found.chained_from > found.events:
        said = "recorded before the chain and chained on upgrade: the chain vouches for none"
    else:
        said = (
            f"the chain vouches from #{found.chained_from} on ({_span(1, before)} "
            f"{'was' if before == 1 else 'were'} recorded before the chain and chained on upgrade)"
        )
    span = _span(1, before) if before < found.events else "them"
    if not vouched_by(found, covered):
        return f"{said}; the checkpoint given vouches for {span}"
    if covered:
        return (
            f"{said}; the checkpoint given covers {_span(1, covered)} only: nothing vouches "
            f"for {_span(covered + 1, before)}"
        )
    return (
        f"{said}; only a checkpoint written down earlier vouches for {span} "
        "(none given: grizzled verify --checkpoint)"
    )


def _span(first: int, last: int) -> str:
    return f"#{first}" if first == last else f"#{first} to #{last}"


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
        return "the file keeps no read models", []
    if position and position[0][1] != schema.SCHEMA:  # an earlier grizzled's layout
        return (
            "the read models are of an earlier layout (not compared; the next command makes "
            "them again)",
            [],
        )
    newest = store.newest_position(dbfile.Reader(db)) or None
    if not position or position[0][0] != newest:
        return (
            "the read models are behind the events (not compared; the next command updates them)",
            [],
        )
    return "the read models equal a rebuild", _first_difference(db)


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
            return [f"the read models cannot be rebuilt from the events ({error})"]
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
    return (
        f"the read model {table.name} differs from a rebuild of the events"
        + (f" at {shown_key}" if shown_key else "")
        + " (grizzled projections rebuild makes it equal again)"
    )


@click.command("checkpoint")
@pass_context
def checkpoint_(ctx: Context) -> None:
    """Print the campaign's checkpoint: a short digest of its whole record and the count
    of events, to write on the chapter sheet (grizzled verify --checkpoint proves a later
    record extends it).

    Example: grizzled checkpoint
    """
    from tracker.checkpoint import checkpoint
    from tracker.integrity import chained
    from tracker.verify import stored_rows

    with refusals():
        name = ctx.tracker().state(ctx.campaign_name()).name
        rows = stored_rows(ctx.tracker(), _stream(name))
    links = chained(rows)
    click.echo(f"Checkpoint of {quoted(name)}: {checkpoint(links[-1].hash, len(rows))}")
    click.echo(
        "Write it on the chapter sheet: grizzled verify --checkpoint proves the record extends it."
    )


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False))
@pass_context
def backup_(ctx: Context, path: str) -> None:
    """Copy the campaign file to PATH (a new file), consistently even while it is in
    use, and verify the copy.

    Example: grizzled backup ~/grizzled-friday.sqlite
    """
    from tracker.backup import copy
    from tracker.verify import verify_campaigns

    ctx.file_only("backup")
    target = _new_file(path, "a backup")
    with refusals():
        ctx.tracker()  # a grizzled file, checked whole if this machine has not seen it
        events = copy(ctx.db, target)
        found = verify_campaigns(_opened(ctx, target))
    problems = [f for c in found for f in c.findings]
    if problems:
        raise Refused(f"the backup {target} does not verify: {problems[0]}")
    click.echo(f"Backed up {events} events of {len(found)} campaigns to {shown(target)}; verified.")


@click.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@pass_context
def restore_(ctx: Context, path: str) -> None:
    """Replace the campaign file with the backup at PATH, once the backup verifies; the
    file it replaces is kept in the data directory's backups folder.

    Example: grizzled restore ~/grizzled-friday.sqlite
    """
    from tracker.backup import replace
    from tracker.verify import verify_campaigns

    ctx.file_only("restore")
    source = os.path.abspath(os.path.expanduser(path))
    if os.path.realpath(source) == os.path.realpath(ctx.db):
        usage("the backup is the campaign file itself")
    _not_foreign(ctx.db)
    opened = _opened(ctx, source)
    try:
        with refusals():
            found = verify_campaigns(opened)
    finally:
        opened.close()
    problems = [f"campaign {c.name!r}: {f}" for c in found for f in c.findings]
    if problems:
        raise Refused(f"the backup {source} does not verify, nothing was replaced: {problems[0]}")
    with refusals():
        moved = replace(ctx.db, source)
    events = sum(c.events for c in found)
    click.echo(f"Restored {shown(ctx.db)} from the backup: {events} events, verified.")
    if moved:
        click.echo(f"The file it replaced is kept as {shown(moved)}")


def _new_file(path: str, what: str) -> str:
    """The absolute path of a file to write that must not exist yet, in a folder that does
    (else a usage error)."""
    target = os.path.abspath(os.path.expanduser(path))
    if os.path.lexists(target):
        usage(f"{path} already exists: {what} is written to a new file")
    if not os.path.isdir(os.path.dirname(target)):
        usage(f"{path}: there is no folder {os.path.dirname(target)}")
    return target


def _not_foreign(db: str) -> None:
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
            raise Refused(f"{error}: nothing was replaced") from None


@click.command("export")
@click.argument("path", type=click.Path(dir_okay=False, allow_dash=True))
@pass_context
def export_(ctx: Context, path: str) -> None:
    """Write the campaign to PATH (a new file; - for stdout) as JSON Lines: a header (format
    version, ruleset, seats, the learnt box), its events with their hashes, a closing line
    (head and count). grizzled import reads it back, checking everything.

    Example: grizzled export friday.grizzled.jsonl
    """
    from datetime import datetime

    from tracker.transfer import export_lines

    at = datetime.now(UTC).isoformat(timespec="seconds")
    with refusals():
        name = ctx.tracker().state(ctx.campaign_name()).name
        lines = export_lines(ctx.tracker(), name, at)
        header = next(lines)  # the chain is checked first: a record that fails is refused
    if path == "-":  # written as it is read: a whole campaign never sits in memory
        out = sys.stdout.buffer
        seen = terminal_json if sys.stdout.isatty() else bytes  # a pipe gets exact bytes
        with refusals():
            out.write(seen(header))
            for line in lines:
                out.write(seen(line))
        out.flush()
        return
    target = _new_file(path, "an export")
    partial = f"{target}.partial-{os.getpid()}"
    written = 0
    try:
        with open(partial, "wb") as f, refusals():
            f.write(header)
            for line in lines:
                f.write(line)
                written += 1
    except BaseException:
        if os.path.exists(partial):
            os.remove(partial)
        raise
    os.replace(partial, target)
    click.echo(f"Exported {quoted(name)}: {written - 1} events to {shown(target)}.")


@click.command("import")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option("--as", "as_name", type=NAME, help="Import the campaign under this new name.")
@pass_context
def import_(ctx: Context, path: str, as_name: str | None) -> None:
    """Import a campaign exported with grizzled export, once it verifies whole (its chain,
    every topic, a replay through the rules); anything damaged, cut short or tampered with
    is refused and the campaign file left as it was.

    Example: grizzled import friday.grizzled.jsonl --as "Friday again"
    """
    from tracker.transfer import import_campaign, read_export

    if ctx.url is None:  # a file: checked whole before it is written
        ctx.rebuild_due = ctx.check_first()
    with refusals():
        read = read_export(path)
        with read:
            if as_name is None and (why := name_refused(read.header.campaign)):
                raise Refused(f"the export's campaign: {why}; import it with --as NEW")
            name, events = import_campaign(ctx.url or ctx.db, read, as_name)
    ctx.saved(events)
    ctx.remember_campaign(name)
    click.echo(f"Imported {quoted(name)}: {events} events, verified; now the current campaign.")


COMMANDS = (verify_, checkpoint_, backup_, restore_, export_, import_)
