"""A record anyone can verify: verify, checkpoint, export, import, backup, restore."""

from __future__ import annotations

import os
import sys
from datetime import UTC
from typing import TYPE_CHECKING, Any

import click

from cli.context import Context, Refused, pass_context, print_wrapped, refusals, usage
from cli.params import NAME, name_refused
from voice.lang import _, ngettext
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
        how = "" if "typo" in parsed else _("; write it as printed, XXXX-XXXX-XXXX-XXXX-X @ N")
        from voice import refusal

        value, why = quoted(shown(written, SHORT)), refusal.said(parsed)
        usage(_("--checkpoint {value}: {why}{how}").format(value=value, why=why, how=how))
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
        said = _(" (and {more} more: grizzled verify --json)").format(more=more) if more else ""
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

    pages = _("SQLite finds every page sound") if on_file else _("on the club's PostgreSQL server")
    models = _(models) if models else models  # app.integrity's words, marked N_
    short = [c.name for c, covered in vouched if vouched_by(c, covered)]
    said = []  # each wrapped at the terminal's width (words never cut at 60 columns)
    if short:
        said.append(
            _(
                "Verified in part: {pages}; {models}; the chain does not vouch for every event "
                "of {names}, and no checkpoint given covers the rest (below)."
            ).format(pages=pages, models=models, names=_names(short))
        )
    else:
        said.append(_("Verified: {pages}; {models}.").format(pages=pages, models=models))
    for each, covered in vouched:
        said.append(
            _(
                "Campaign {name}: {events}, {chained}; {snapshots} snapshots equal to the "
                "replay; {decided} actions decided again by the rules as recorded{replayed}."
            ).format(
                name=quoted(each.name),
                events=_events(each.events),
                chained=_chained(each, covered),
                snapshots=each.snapshots,
                decided=each.decided_again,
                replayed=_only_replayed(each),
            )
        )
        said.append(_("  Checkpoint: {checkpoint}").format(checkpoint=each.checkpoint))
    if with_checkpoint:
        said.append(_("The record extends the checkpoint given."))
    print_wrapped(said)


def _events(count: int) -> str:
    """``18 events`` (in English, ``1 events`` too: the words verify has always printed)."""
    return ngettext("{count} events", "{count} events", count).format(count=count)


def _names(names: list[str]) -> str:
    said = ", ".join(quoted(name) for name in names[:3])
    more = len(names) - 3
    return _("{names} and {count} more").format(names=said, count=more) if more > 0 else said


def _only_replayed(found: Any) -> str:
    """The actions an older file or a simulation recorded too little of to decide again."""
    said = [
        _("{count} recorded without their command").format(count=found.without_command)
        if found.without_command
        else "",
        _("{count} drew at random without recording the draw").format(count=found.without_draws)
        if found.without_draws
        else "",
    ]
    shown_ = _("; ").join(part for part in said if part)
    return _(" ({parts}: replayed, not decided again)").format(parts=shown_) if shown_ else ""


def _chained(found: Any, covered: int) -> str:
    """From which event the chain vouches, and what vouches for the events before it: a
    link made on upgrade proves only that nothing changed since it was made, and a file
    set back to before the chain looks like one recorded before it."""
    from app.integrity import vouched_by

    if found.chain_vouches_from == 1:
        return _("chained from the first")
    before = found.chain_vouches_from - 1
    if found.chained_from == 0:
        said = _(
            "recorded before the chain (chained at its next write): the chain vouches for none"
        )
    elif found.chained_from > found.events:
        said = _("recorded before the chain and chained on upgrade: the chain vouches for none")
    else:
        said = ngettext(
            "the chain vouches from #{number} on ({span} was recorded before the chain and "
            "chained on upgrade)",
            "the chain vouches from #{number} on ({span} were recorded before the chain and "
            "chained on upgrade)",
            before,
        ).format(number=found.chained_from, span=_span(1, before))
    span = _span(1, before) if before < found.events else _("them")
    if not vouched_by(found, covered):
        return _("{said}; the checkpoint given vouches for {span}").format(said=said, span=span)
    if covered:
        return _(
            "{said}; the checkpoint given covers {covered} only: nothing vouches for {rest}"
        ).format(said=said, covered=_span(1, covered), rest=_span(covered + 1, before))
    return _(
        "{said}; only a checkpoint written down earlier vouches for {span} "
        "(none given: grizzled verify --checkpoint)"
    ).format(said=said, span=span)


def _span(first: int, last: int) -> str:
    return f"#{first}" if first == last else _("#{first} to #{last}").format(first=first, last=last)


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
    said = _("Checkpoint of {name}: {written}").format(name=quoted(name), written=written)
    print_wrapped(
        [
            said,
            _(
                "Write it on the chapter sheet: grizzled verify --checkpoint proves the record "
                "extends it."
            ),
        ]
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
    target = _new_file(path, _("a backup"))
    with refusals():
        events, campaigns = integrity.backup(ctx, target)
    click.echo(
        ngettext(
            "Backed up {events} events of {campaigns} campaigns to {path}; verified.",
            "Backed up {events} events of {campaigns} campaigns to {path}; verified.",
            campaigns,
        ).format(events=events, campaigns=campaigns, path=shown(target))
    )


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
        usage(_("the backup is the campaign file itself"))
    with refusals():
        events, moved = integrity.restore(ctx, source)
    click.echo(
        _("Restored {path} from the backup: {events}, verified.").format(
            path=shown(ctx.db), events=_events(events)
        )
    )
    if moved:
        click.echo(_("The file it replaced is kept as {path}").format(path=shown(moved)))


def _new_file(path: str, what: str) -> str:
    """The absolute path of a file to write that must not exist yet, in a folder that does
    (else a usage error)."""
    target = os.path.abspath(os.path.expanduser(path))
    if os.path.lexists(target):
        said = _("{path} already exists: {what} is written to a new file")
        usage(said.format(path=path, what=what))
    if not os.path.isdir(os.path.dirname(target)):
        folder = os.path.dirname(target)
        usage(_("{path}: there is no folder {folder}").format(path=path, folder=folder))
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
    target = _new_file(path, _("an export"))
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
    click.echo(
        _("Exported {name}: {events} to {path}.").format(
            name=quoted(name), events=_events(written - 1), path=shown(target)
        )
    )


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
    click.echo(
        _("Imported {name}: {events}, verified; now the current campaign.").format(
            name=quoted(name), events=_events(events)
        )
    )


COMMANDS = (verify_, checkpoint_, backup_, restore_, export_, import_)
