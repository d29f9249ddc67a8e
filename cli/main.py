"""The ``grizzled`` command: log a campaign of The Grizzled as it is played.

Heavy modules are imported inside the commands that need them: start-up time is a
feature at the table.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from cli.context import Context, refusals

# Each command's module is imported only when that command runs (click's lazy group).
LAZY: dict[str, str] = {
    "campaign": "cli.cmd_campaign:campaign",
    **{
        name: f"cli.cmd_play:{attr}"
        for name, attr in (
            ("chapter", "chapter"),
            ("mission", "mission"),
            ("play", "play"),
            ("charm", "charm"),
            ("speech", "speech"),
            ("withdraw", "withdraw"),
            ("support", "support"),
            ("correct", "correct"),
            ("order", "order"),
            ("recruit", "recruit"),
            ("refill", "refill"),
            ("solo-support", "solo_support"),
        )
    },
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
    **{
        name: f"cli.cmd_read:{name}"
        for name in ("status", "log", "score", "undo", "redo", "replay", "projections")
    },
}


class Grizzled(click.Group):
    """The group whose errors are one line (exit 2 for usage, 1 for a refusal) and whose
    commands load their module only when they run."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY:
            module, _, attr = LAZY[cmd_name].partition(":")
            command: click.Command = getattr(importlib.import_module(module), attr)
            return command
        return super().get_command(ctx, cmd_name)

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        try:
            return super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[call-overload]
        except click.UsageError as error:
            where = (
                f" (grizzled {error.ctx.command_path.partition(' ')[2]} --help)"
                if (error.ctx and " " in error.ctx.command_path)
                else ""
            )
            message = " ".join(error.format_message().split())
            click.echo(f"Error: {message}{where}", err=True)
            code = error.exit_code
        except click.ClickException as error:
            click.echo(f"Error: {' '.join(error.format_message().split())}", err=True)
            code = error.exit_code
        except click.Abort:
            click.echo("Aborted: nothing was recorded.", err=True)
            code = 1
        except KeyboardInterrupt:
            click.echo("Interrupted: nothing more was recorded.", err=True)
            code = 130
        if standalone_mode:
            sys.exit(code)
        return code


@click.group(cls=Grizzled, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--db",
    type=click.Path(),
    envvar="GRIZZLED_DB",
    help="The campaign database (default: GRIZZLED_DB, else your data directory).",
)
@click.option(
    "-c",
    "--campaign",
    envvar="GRIZZLED_CAMPAIGN",
    help="The campaign to act on (default: the one chosen with 'campaign use').",
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
    from tracker.config import database_path

    ctx.obj = Context(database_path(db), campaign)


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

    from tracker.app import Tracker

    path = demo_db or os.path.join(tempfile.mkdtemp(prefix="grizzled-demo-"), "demo.sqlite")
    if os.path.exists(path):
        raise click.UsageError(f"{path} already exists: the demo writes a fresh file")
    with refusals():
        tracker = Tracker(path, by="demo", session="demo evening")
        _run_demo(Context(path, None, tracker))
    click.echo(f"\nThe demo campaign is in {path}")
    click.echo(f"Look around: grizzled --db {path} log   (or status, score, replay)")


def _run_demo(ctx: Context) -> None:
    from cli.demo import CAMPAIGN, SCRIPT, SEATS, UNDO
    from cli.render import board, history_table, score_table

    console = ctx.console()
    tracker = ctx.tracker()
    tracker.create_campaign(CAMPAIGN, "classic", SEATS)
    ctx.campaign_option = CAMPAIGN
    console.print(f"[bold]Campaign {CAMPAIGN!r}[/bold] for Ann, Ben and Cy, at a real table.\n")
    for command, typed in SCRIPT:
        console.print(f"[cyan]> {typed}[/cyan]")
        if isinstance(command, str):
            assert command == UNDO
            undone = tracker.undo(CAMPAIGN, 1, reason=typed)
            ctx.catch_up()
            console.print(f"Undone: action #{', #'.join(map(str, undone.actions))} ({typed}).")
            continue
        ctx.log(command, typed)
    state = tracker.state(CAMPAIGN)
    console.rule("Board")
    console.print(board(state))
    console.rule("Log")
    console.print(history_table(tracker.history(CAMPAIGN)))
    console.rule("Score")
    console.print(score_table(state))
