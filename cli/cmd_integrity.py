"""A record anyone can verify: verify, checkpoint, export, import, backup, restore."""

from __future__ import annotations

import os
import sys
from datetime import UTC
from typing import TYPE_CHECKING, Any

import click

from cli.context import Context, Refused, pass_context, refusals, usage
from cli.params import NAME, name_refused
from voice.shown import SHORT, quoted, shown, terminal_json

if TYPE_CHECKING:
    pass

JSON = click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")


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
    from app import integrity
    from app.integrity import read_checkpoint

    parsed = read_checkpoint(written) if written is not None else None
    if isinstance(parsed, str):
        how = "" if "typo" in parsed else "; write it as printed, XXXX-XXXX-XXXX-XXXX-X @ N"
        usage(f"--checkpoint {quoted(shown(written, SHORT))}: {parsed}{how}")
    with refusals():
        found = integrity.verify(ctx, parsed)
    if as_json:
        ctx.print_json(
            {
                "campaigns": [_verified_json(c, by) for c, by in found.campaigns],
                "findings": found.findings,
            }
        )
    if found.findings:
        more = len(found.findings) - 1
        said = f" (and {more} more: grizzled verify --json)" if more else ""
        raise Refused(f"verify: {found.findings[0]}{said}")
    if not as_json:
        _say_verified(found.campaigns, found.models, parsed is not None, on_file=ctx.url is None)


def _verified_json(found: Any, covered: int) -> dict[str, Any]:
    """A campaign as ``verify --json`` gives it: what the tracker found, the events the
    checkpoint given vouches for (0: none given for it) and the first event nothing
    vouches for (0: every one is vouched for, by the chain or the checkpoint)."""
    import msgspec

    from app.integrity import vouched_by

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
    from app.integrity import vouched_by

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
    from app.integrity import vouched_by

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


@click.command("checkpoint")
@pass_context
def checkpoint_(ctx: Context) -> None:
    """Print the campaign's checkpoint: a short digest of its whole record and the count
    of events, to write on the chapter sheet (grizzled verify --checkpoint proves a later
    record extends it).

    Example: grizzled checkpoint
    """
    from app import integrity

    with refusals():
        name, written = integrity.checkpoint(ctx)
    click.echo(f"Checkpoint of {quoted(name)}: {written}")
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
    from app import integrity

    ctx.file_only("backup")
    target = _new_file(path, "a backup")
    with refusals():
        events, campaigns = integrity.backup(ctx, target)
    click.echo(f"Backed up {events} events of {campaigns} campaigns to {shown(target)}; verified.")


@click.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@pass_context
def restore_(ctx: Context, path: str) -> None:
    """Replace the campaign file with the backup at PATH, once the backup verifies; the
    file it replaces is kept in the data directory's backups folder.

    Example: grizzled restore ~/grizzled-friday.sqlite
    """
    from app import integrity

    ctx.file_only("restore")
    source = os.path.abspath(os.path.expanduser(path))
    if os.path.realpath(source) == os.path.realpath(ctx.db):
        usage("the backup is the campaign file itself")
    with refusals():
        events, moved = integrity.restore(ctx, source)
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

    from app import integrity

    at = datetime.now(UTC).isoformat(timespec="seconds")
    with refusals():
        name, header, lines = integrity.export(ctx, at)
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
    from app import integrity

    with refusals():
        name, events = integrity.import_export(ctx, path, as_name, name_refused)
    ctx.remember_campaign(name)
    click.echo(f"Imported {quoted(name)}: {events} events, verified; now the current campaign.")


COMMANDS = (verify_, checkpoint_, backup_, restore_, export_, import_)
