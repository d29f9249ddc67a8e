"""Looking and going back: status, log, score, replay, undo, redo, read models."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from cli.context import Context, Refused, pass_context, refusals, say
from cli.params import CHAPTER_PLAYED, LOG_ENTRY, SEEN, TEXT, WORD
from voice.lang import _
from voice.shown import shown

if TYPE_CHECKING:
    from collections.abc import Callable

    from app.actions import UndoPreview
    from app.pages import LogFilter

JSON = click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")


@click.command()
@JSON
@pass_context
def status(ctx: Context, as_json: bool) -> None:
    """The board: decks, No Man's Land, players, whose turn, what is legal now."""
    from app.readmodel import status_document

    doc = status_document(ctx)
    if as_json:
        ctx.print_json(doc)
        return
    from cli.board import status_view

    ctx.console().print(status_view(doc))


@click.command()
@JSON
@click.option("--last", type=LOG_ENTRY, help="Only the last N entries.")
@click.option(
    "--all", "everything", is_flag=True, help="Every entry (a terminal shows the latest screenful)."
)
@click.option(
    "--chapter",
    type=CHAPTER_PLAYED,
    metavar="N",
    help="Only the entries of chapter N (0: Boot Camp).",
)
@click.option("--session", type=TEXT, help="Only the entries of this session (its name).")
@click.option(
    "--since",
    type=TEXT,
    metavar="DATE",
    help="From this local date or time on: 2026-11-12, '2026-11-12 20:00', today, yesterday.",
)
@click.option(
    "--kind",
    "kind_words",
    type=WORD,
    multiple=True,
    metavar="KIND",
    help="Only entries of this kind (repeat): undo, redo, revert, correction, ban, award, "
    "briefing, conclusion, describe, chapter, mission, or an event type (docs/events.md).",
)
@pass_context
def log(
    ctx: Context,
    as_json: bool,
    last: int | None,
    everything: bool,
    chapter: int | None,
    session: str | None,
    since: str | None,
    kind_words: tuple[str, ...],
) -> None:
    """The campaign's history, every stored event, under the day and session it was logged
    in, with who logged it and why; undone actions are marked (undone).

    Example: grizzled log --since yesterday --kind correction
    """
    from app import pages
    from cli import logview

    when = logview.since(since) if since is not None else None
    only = pages.log_filter(chapter, session, when, logview.kinds(kind_words))
    console = ctx.console()
    screen = not as_json and not everything and last is None and console.is_interactive
    if screen:  # the latest screenful; a heading per session, the hint and the header
        last = max(5, console.height - 8)
    if not as_json and not screen and last is None and not console.is_interactive:
        _stream_log(ctx, only, console.width)
        return
    if screen:
        assert last is not None
        entries, earlier = pages.log_screen(ctx, last, only)
    else:
        entries, earlier = pages.log_entries(ctx, last, only), 0
    if as_json:
        ctx.print_json(entries)
        return
    if screen:  # a screenful on a terminal: struck through, in bold
        console.print(logview.history_view(entries, console.width, earlier))
        return
    text = "\n".join(line.text for line in logview.history_lines(entries, console.width))
    if everything and console.is_interactive:
        click.echo_via_pager(text + "\n")
        return
    sys.stdout.write(text + "\n")  # as the script set it up: what it cannot show, escaped


def _stream_log(ctx: Context, only: LogFilter, width: int) -> None:
    """Every entry ``only`` lets through, printed as it is read: a whole log is never held
    in memory (50,000 entries)."""
    from app.pages import log_stream
    from cli import logview
    from voice import lang
    from voice.log import NO_ENTRY

    with log_stream(ctx, only) as log:
        if log is None:
            sys.stdout.write(f"{lang._(NO_ENTRY)}\n")
            return
        layout = logview.Layout.of(log["newest"], log["names"], log["reverts"], width)
        for line in logview.entry_lines(log["entries"], layout):
            sys.stdout.write(line.text + "\n")  # as the script set it up: escapes kept


@click.command()
@JSON
@click.option("--explain", is_flag=True, help="List every event behind each number.")
@click.option(
    "--all", "everything", is_flag=True, help="Every chapter (else the latest 20 and the totals)."
)
@pass_context
def score(ctx: Context, as_json: bool, explain: bool, everything: bool) -> None:
    """Victory Points, Negative Points and their difference, chapter by chapter."""
    from cli.render import SCORE_PAGE

    last = None if everything else SCORE_PAGE
    if not as_json:
        from app.pages import score_page
        from cli.render import score_page_view

        page = score_page(ctx, last, explain)  # the read models' rows: no rules loaded
        if page is not None:
            console = ctx.console()
            for part in score_page_view(page):
                console.print(part)
            return
    state = ctx.state()
    if not as_json:  # the score alone: score_page read every --explain
        from cli.render import score_table

        ctx.console().print(score_table(state, last))
        return
    facts = None
    if explain:
        from app.pages import score_facts

        facts = score_facts(ctx)
    from voice.facts import score_json

    ctx.print_json(score_json(state, facts))


@click.command()
@click.argument("steps", type=LOG_ENTRY, default=1, required=False)
@click.option("-r", "--reason", type=TEXT, default="", help="Why (shown in the log).")
@click.option(
    "--to",
    "to_version",
    type=LOG_ENTRY,
    metavar="EVENT",
    help="Undo everything after log entry EVENT (undo to here).",
)
@click.option("-y", "--yes", is_flag=True, help="Do not ask for confirmation.")
@SEEN
@pass_context
def undo(
    ctx: Context, steps: int, reason: str, to_version: int | None, yes: bool, seen: int | None
) -> None:
    """Take back the last STEPS actions (nothing is deleted: the undo is logged). It names
    what it takes back, and asks first when that crosses a Mission or a chapter, or when
    the command before it was refused (and so recorded nothing). If another device logs
    meanwhile, it is refused and takes back nothing.

    Example: grizzled undo -r "Ben played snow+whistle"     grizzled undo --to 14
    """
    from app.actions import TakeBack, take_back

    asked = TakeBack(ctx.url or ctx.db, None, "undo", steps, to_version, reason, seen=seen)
    with refusals():
        say(take_back(asked, ctx, None if yes else _confirm_undo(ctx)).said)


def _confirm_undo(ctx: Context) -> Callable[[UndoPreview], None]:
    """Ask before an undo that crosses a Mission or a chapter, or that follows a refused
    command (which recorded nothing: the undo would take back the action before it);
    without a terminal, refuse and name --yes."""

    def confirm(preview: UndoPreview) -> None:
        from voice.takeback import undo_asks

        asks = undo_asks(preview, ctx.refused_last())
        if asks is None:
            return
        refusal, question = asks
        if not sys.stdin.isatty():
            raise Refused(_("{facts}; add --yes to confirm").format(facts=refusal))
        click.confirm(question, abort=True)

    return confirm


@click.command()
@click.argument("event", type=LOG_ENTRY)
@click.option("-r", "--reason", type=TEXT, default="", help="Why (shown in the log).")
@SEEN
@pass_context
def revert(ctx: Context, event: int, reason: str, seen: int | None) -> None:
    """Take back one past action and keep every later one: each is decided again by the
    rules, with the same cards, tiles and draws. If the rules would now refuse one of
    them, nothing is recorded and the refusal says which and why. Undo takes a revert
    back like any action.

    Example: grizzled revert 14 -r "that correction was wrong"
    """
    from app.actions import TakeBack, take_back

    with refusals():
        say(
            take_back(
                TakeBack(ctx.url or ctx.db, None, "revert", to=event, reason=reason, seen=seen), ctx
            ).said
        )


@click.command()
@click.option("-r", "--reason", type=TEXT, default="", help="Why (shown in the log).")
@SEEN
@pass_context
def redo(ctx: Context, reason: str, seen: int | None) -> None:
    """Take the last undo back (until a new action is logged).

    Example: grizzled redo -r "Cy had withdrawn after all"
    """
    from app.actions import TakeBack, take_back

    with refusals():
        say(
            take_back(TakeBack(ctx.url or ctx.db, None, "redo", reason=reason, seen=seen), ctx).said
        )


@click.command()
@click.option("--chapter", type=CHAPTER_PLAYED, help="Which chapter (default: the latest).")
@click.option(
    "--at",
    "at_version",
    type=LOG_ENTRY,
    metavar="EVENT",
    help="Show the board right after log entry EVENT.",
)
@JSON
@pass_context
def replay(ctx: Context, chapter: int | None, at_version: int | None, as_json: bool) -> None:
    """Step through a chapter action by action (the actions taken back by an undo or a
    revert marked in their place), or show the board at any log entry."""
    from app import lookback
    from voice.facts import chapter_json

    if at_version is not None:
        with refusals():
            state, undo = lookback.board_at(ctx, at_version)
        if as_json:
            taken = undo["version"] if undo is not None else None
            ctx.print_json({**chapter_json(state), "undone_by": taken})
            return
        from rich.text import Text

        from cli.render import status_view

        console = ctx.console()
        if undo is not None:
            why = f": {shown(undo['reason'])}" if undo["reason"] else ""
            said = (
                _("Entry #{at} was taken back later by the revert #{by}{why}.")
                if undo["kind"] == "ActionReverted"
                else _("Entry #{at} was taken back later by the undo #{by}{why}.")
            )
            console.print(
                Text(
                    said.format(at=at_version, by=undo["version"], why=why)
                    + _(" The board as it stood right after it:")
                )
            )
        console.print(status_view(state))
        return
    with refusals():
        steps, taken_back = lookback.chapter_replay(ctx, chapter)
    if as_json:
        from voice.score import outcomes

        ctx.print_json(
            [
                {
                    "event": s.version,
                    "summary": s.summary,
                    "outcomes": outcomes(s.events, s.state),
                    **chapter_json(s.state),
                }
                for s in steps
            ]
        )
        return
    from cli.render import replay_table

    ctx.console().print(replay_table(steps, taken_back))


@click.group()
def projections() -> None:
    """The SQLite read models (browse them with sqlite3 or Datasette)."""


@projections.command("rebuild")
@pass_context
def rebuild(ctx: Context) -> None:
    """Drop the read models and rebuild them from every stored event."""
    from app.database import rebuild as run

    with refusals():
        count = run(ctx)
    click.echo(_("Read models rebuilt from {count} stored events.").format(count=count))


@projections.command("metadata")
@pass_context
def metadata(ctx: Context) -> None:
    """Print Datasette metadata for the campaign file (titles, descriptions, label
    columns, canned queries such as every ban with its reason); Datasette itself is not
    needed by grizzled.

    Example: grizzled projections metadata > meta.json && datasette grizzled.sqlite -m meta.json
    """
    from app.database import metadata as shipped

    ctx.print_json(shipped(ctx))


COMMANDS = (status, log, score, undo, redo, revert, replay, projections)
