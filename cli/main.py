"""The ``grizzled`` command: log a campaign of The Grizzled as it is played.

Heavy modules are imported inside the commands that need them: start-up time is a
feature at the table.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from typing import TYPE_CHECKING, Any

import click

from app.errors import Refused
from cli import context, params
from cli.context import Context, refusals
from cli.helpsaid import Said, click_speaks
from voice import lang

if TYPE_CHECKING:
    from app.session import Access
    from domain.campaign.flow import CampaignState

# click's words said through the catalogue from here on, before the decorators below call
# them (a path option's name, the version option's help): through ``gettext`` each call
# searched the disk for a catalogue of click's own, importing ``locale`` on the way
# (~5 M instructions, 1.5% of F, on every command).
click_speaks()

# Each command's module is imported only when that command runs (click's lazy group); a
# module's own commands are in its folder, found by ``cli.modules`` (never named here).
LAZY: dict[str, str] = {
    "campaign": "cli.cmd_campaign:campaign",
    **{
        name: f"cli.cmd_play:{attr}"
        for name, attr in (
            ("chapter", "chapter"),
            ("play", "play"),
            ("charm", "charm"),
            ("speech", "speech"),
            ("withdraw", "withdraw"),
            ("support", "support"),
            ("correct", "correct"),
        )
    },
    "mission": "cli.cmd_mission:mission",  # with the options the modules add (cli/modules.py)
    **{
        name: f"cli.cmd_box:{attr}"
        for name, attr in (
            ("describe", "describe"),
            ("briefing", "briefing"),
            ("conclusion", "conclusion"),
            ("award", "award"),
            ("ban", "ban"),
            ("helping", "helping"),
            ("oneshot", "oneshot"),
            ("skip-boot-camp", "skip_boot_camp"),
        )
    },
    **{  # the record anyone can verify (docs/reliability.md)
        name: f"cli.cmd_integrity:{name}_"
        for name in ("verify", "checkpoint", "backup", "restore", "export", "import")
    },
    "card": "cli.cmd_cards:card",
    "box": "cli.cmd_cards:box_command",
    **{
        name: f"cli.cmd_read:{name}"
        for name in ("status", "log", "score", "undo", "redo", "revert", "replay", "projections")
    },
    "why": "cli.cmd_why:why",
    # what-if branches and looking back (issue 32)
    **{name: f"cli.cmd_branch:{name}" for name in ("branch", "compare", "stats")},
    "odds": "cli.cmd_assist:odds",
    "hint": "cli.cmd_assist:hint",
    "table": "cli.table:table",
    "serve": "cli.cmd_serve:serve",
    "db": "cli.cmd_db:db",
}


# Commands that only look: they open the campaign file read-only and create nothing
# (``campaign new`` asks to create; the other campaign commands only look).
READ_COMMANDS = frozenset(
    {"status", "log", "score", "replay", "campaign", "card", "box", "verify", "checkpoint"}
    | {"backup", "export", "serve", "why", "compare", "stats", "odds", "hint"}
)


MESSAGE_MOST = 390  # characters of an error line (with "Error: ", under the 400 the tests allow)


class Grizzled(click.Group):
    """The group whose errors are one line (exit 2 for usage, 1 for a refusal) and whose
    commands load their module only when they run."""

    context_class = Said  # the help in the language in use

    def list_commands(self, ctx: click.Context) -> list[str]:
        from cli import modules

        return sorted({*super().list_commands(ctx), *LAZY, *modules.commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY:
            module, _, attr = LAZY[cmd_name].partition(":")
            command: click.Command = getattr(importlib.import_module(module), attr)
            return _shared(command)
        found = super().get_command(ctx, cmd_name)
        if found is None:  # a module's own command, from its folder (cli/modules.py)
            from cli import modules

            found = modules.commands().get(cmd_name)
        return _shared(found) if found is not None else None

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        context.CURRENT = None
        lang.begin()  # the locale's; --lang (read first) or the campaign's may change it
        try:
            code = self._run(*args, **kwargs)
        finally:
            opened, context.CURRENT = context.CURRENT, None
        if opened is not None:
            code = _close(opened, code)
        lang.begin()  # the command's language ends with it (a worker runs more after it)
        if standalone_mode:
            sys.exit(code)
        return code

    def run_kept(self, args: list[str], kept: Context) -> int:
        """One command on a context its caller keeps open (``grizzled table``): the same
        errors, lines and exit codes as ``main``, the campaign file left open."""
        before, context.CURRENT, kept.recorded = context.CURRENT, kept, None
        try:
            return self._run(args=args, prog_name="grizzled", obj=kept)
        finally:
            context.CURRENT = before

    def _run(self, *args: Any, **kwargs: Any) -> int:
        """Run the command; every way it can end becomes one line and an exit code."""
        argv = kwargs.get("args", args[0] if args else None)
        wrong = params.check_argv(list(sys.argv[1:] if argv is None else argv))
        if wrong:
            return _fail(wrong, 2)
        try:
            super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[call-overload]
            return 0
        except click.UsageError as error:
            where = (
                f" (grizzled {error.ctx.command_path.partition(' ')[2]} --help)"
                if (error.ctx and " " in error.ctx.command_path)
                else ""
            )
            return _fail(f"{error.format_message()}{where}", error.exit_code)
        except (click.ClickException, Refused) as caught:
            said: click.ClickException  # the application's refusal: exit 1, as the CLI's
            if isinstance(caught, Refused):
                said = context.Refused(caught.message, caught.rule)
            else:
                said = caught
            if said.exit_code == 1 and context.CURRENT is not None:
                with contextlib.suppress(Exception):  # a note for undo; never a second error
                    context.CURRENT.note_refusal(list(sys.argv[1:] if argv is None else argv), said)
            return _fail(said.format_message(), said.exit_code)
        except click.Abort:
            return _ended(lang._("Aborted: nothing was recorded."), 1)
        except KeyboardInterrupt:
            return _ended(lang._("Interrupted: nothing more was recorded."), 130)
        except Exception as error:  # the one place every other error ends (see reliability.md)
            if os.environ.get("GRIZZLED_DEBUG"):
                raise
            return _fail(_words(error), 1)


def _after_command(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--db`` or ``-c`` written after the command: it replaces the one before it."""
    if value is None or ctx.resilient_parsing:
        return
    obj = ctx.find_object(context.Context)
    if obj is None:
        return
    if param.name == "shared_db":
        path, url = _located(value)
        obj.db = path
        if url is not None:  # a club's server, as before it
            obj.url = url
    else:
        obj.campaign_option = value


def _located(given: str | None) -> tuple[str, str | None]:
    """The campaign database given (``app.session.located``), or a usage error."""
    from app.errors import BadPlace
    from app.session import located

    try:
        return located(given)
    except BadPlace as error:
        raise click.UsageError(str(error)) from None


def _language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--lang``: every word from here on in that language, the campaign's own aside."""
    if value is not None:
        lang.use(value)
        lang.CHOSEN.set(True)


def _shared(command: click.Command) -> click.Command:
    """The group's ``--db`` and ``-c`` accepted after every command too (``demo`` keeps its
    own ``--db``: where to write the demo); its help said in the language in use."""
    command.context_class = Said
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _shared(sub)
        return command
    if command.name == "demo":  # a fresh file of its own: no campaign to choose
        return command
    taken = {opt for p in command.params for opt in getattr(p, "opts", ())}
    options = (
        (("--db", "shared_db"), lang.N_("The campaign database (as before the command).")),
        (
            ("-c", "--campaign", "shared_campaign"),
            lang.N_("The campaign to act on (as before it)."),
        ),
    )
    for decls, text in options:
        if not taken & set(decls[:-1]):
            command.params.append(
                click.Option(
                    list(decls),
                    type=params.NAME if "shared_campaign" in decls else params.Path(),
                    expose_value=False,
                    callback=_after_command,
                    help=text,
                )
            )
    return command


def _words(error: Exception) -> str:
    """Any error as words a player can act on (SQLite's, the OS's, decoding, a bug)."""
    from app.errors import failed

    opened = context.CURRENT
    if opened:
        db, where = opened.db, opened.where
    else:
        db = where = lang._("the campaign database")
    found = failed(error, db, where)  # SQLite's, the event store's, a club's server gone
    if found is not None:
        said, outside_a_save = found
        writes = opened is not None and opened.access != "read" and opened.recorded is None
        if outside_a_save and writes:
            return lang._("{said}; nothing was recorded").format(said=said)
        return said
    if isinstance(error, BrokenPipeError):
        return lang._("the output was closed before everything was printed")
    if isinstance(error, OSError):
        where = f"{error.filename}: " if error.filename else ""
        return f"{where}{error.strerror or error}"
    if isinstance(error, RecursionError | MemoryError):
        said = lang._(
            "the campaign file holds data too large or too deeply nested to read ({error})"
        )
        return said.format(error=error)
    return lang._(
        "grizzled failed ({kind}: {error}); please report it (GRIZZLED_DEBUG=1 shows where)"
    ).format(kind=type(error).__name__, error=error)


def _fail(message: str, code: int) -> int:
    """A refusal or a failure: one line on stderr, unless something was already recorded:
    then the command says so and ends well (exit 0), for it must never be retried."""
    recorded = context.CURRENT.recorded if context.CURRENT else None
    if context.CURRENT is not None and context.CURRENT.in_session:
        from cli.table_words import session_form

        message = session_form(message)
    if recorded is not None:
        said = lang._("Recorded as #{number}; then: {message}")
        return _ended(said.format(number=recorded, message=_one_line(message)), 0)
    return _ended(lang._("Error: {message}").format(message=_one_line(message)), code)


def _one_line(message: str) -> str:
    """A message as one line of sensible length whatever text it quotes, every character
    that draws nothing, reorders the line or is not the space escaped (voice.shown)."""
    from voice.shown import error_line

    return error_line(message, MESSAGE_MOST)


def _ended(line: str, code: int) -> int:
    with contextlib.suppress(OSError, UnicodeError):  # stderr gone: the exit code tells
        click.echo(line, err=True)
    return code


def _close(opened: Context, code: int) -> int:
    """Close the campaign file after the command (and remember it if it changed)."""
    try:
        opened.close()
    except Exception as error:
        if os.environ.get("GRIZZLED_DEBUG"):
            raise
        said = lang._("closing the campaign file: {error}").format(error=_words(error))
        return _fail(said, code or 1)
    return code


@click.group(cls=Grizzled, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--db",
    type=click.Path(),
    envvar="GRIZZLED_DB",
    help="The campaign database: a file, or a club's postgresql://user@host:port/dbname "
    "(default: GRIZZLED_DB, else your data directory).",
)
@click.option(
    "-c",
    "--campaign",
    type=params.NAME,
    envvar="GRIZZLED_CAMPAIGN",
    help="The campaign to act on (default: the one chosen with 'campaign use').",
)
@click.option(
    "--lang",
    type=click.Choice(lang.LANGUAGES),
    is_eager=True,
    expose_value=False,
    callback=_language,
    help="The language grizzled speaks: en or fr (default: the campaign's, else the "
    "locale's, LANG).",
)
@click.version_option(package_name="grizzled-tracker")
@click.pass_context
def main(ctx: click.Context, db: str | None, campaign: str | None) -> None:
    """Log and check your campaigns of The Grizzled, action by action.

    \b
    A first evening:
      grizzled campaign new Friday --rules classic -p ann:night -p ben:snow -p cy:rain
      grizzled chapter start --leader ann --tiles left,right,left
      grizzled mission start 3
      grizzled play night+shell
      grizzled status
    """
    if ctx.resilient_parsing:
        return
    if isinstance(ctx.obj, Context):  # a command of a running table session (run_kept)
        return
    access: Access = "read" if ctx.invoked_subcommand in READ_COMMANDS else "write"
    path, url = _located(db)  # a file, or a club's server: this client's cache and its URL
    opened = Context(path, campaign, access, read_state=_projected_state, url=url)
    ctx.obj = context.CURRENT = opened


def _projected_state(ctx: Context) -> CampaignState | None:
    """A reading command's campaign state from the read models (``app.readmodel``)."""
    from app.readmodel import projected_state

    return projected_state(ctx)


@main.command()
@click.option(
    "--db",
    "demo_db",
    type=click.Path(dir_okay=False),
    help="Where to write the demo campaign (a new file; default: a temporary directory).",
)
def demo(demo_db: str | None) -> None:
    """Log a scripted chapter into a fresh SQLite file, then show the board, log and score.

    Example: grizzled demo --db /tmp/demo.sqlite
    """
    import os
    import tempfile

    from app.setup import fresh_store

    path = demo_db or os.path.join(tempfile.mkdtemp(prefix="grizzled-demo-"), "demo.sqlite")
    if os.path.exists(path):
        said = lang._("{path} already exists: the demo writes a fresh file")
        raise click.UsageError(said.format(path=path))
    with refusals():
        tracker = fresh_store(path, by="demo", session="demo evening")
    demo_context = context.CURRENT = Context(path, None, "create", _tracker=tracker)
    _run_demo(demo_context)  # closed by Grizzled.main, as every command's file is
    click.echo("\n" + lang._("The demo campaign is in {path}").format(path=path))
    click.echo(
        lang._("Look around: grizzled --db {path} log   (or status, score, replay)").format(
            path=path
        )
    )


def _run_demo(ctx: Context) -> None:
    from app.pages import log_entries
    from app.setup import NewCampaign, create_campaign
    from cli.demo import CAMPAIGN, SCRIPT, SEATS, UNDO
    from cli.logview import history_view
    from cli.render import board, score_table

    console = ctx.console()
    seats = tuple((s.name, s.charm, s.owner) for s in SEATS)
    create_campaign(NewCampaign(ctx.db, CAMPAIGN, "classic", seats), ctx)
    ctx.campaign_option = CAMPAIGN
    said = lang._("{campaign} for Ann, Ben and Cy, at a real table.")
    named = lang._("Campaign {name}").format(name=repr(CAMPAIGN))
    console.print(said.format(campaign=f"[bold]{named}[/bold]") + "\n")
    for command, typed in SCRIPT:
        console.print(f"[cyan]> {typed}[/cyan]")
        if isinstance(command, str):
            assert command == UNDO
            taken = _undone(ctx, CAMPAIGN, typed)
            numbers = ", #".join(map(str, taken))
            said = lang._("Undone: action #{numbers} ({typed}).")
            console.print(said.format(numbers=numbers, typed=typed))
            continue
        ctx.log(command, typed)
    state = ctx.state()
    console.rule(lang._("Board"))
    console.print(board(state))
    console.rule(lang._("Log"))
    entries = log_entries(ctx, None)
    console.print(history_view(entries, console.width))
    console.rule(lang._("Score"))
    console.print(score_table(state))


def _undone(ctx: Context, campaign: str, reason: str) -> list[int]:
    """The demo's undo of the last action (``app.actions.take_back``): the actions it took
    back."""
    from app.actions import TakeBack, take_back

    taken: list[int] = []
    undo = TakeBack(ctx.db, campaign, "undo", reason=reason)
    take_back(undo, ctx, lambda preview: taken.extend(v for v, _ in preview.actions))
    return taken
