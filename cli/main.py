"""The ``grizzled`` command. Heavy modules are imported inside the commands that need them:
start-up time is a feature at the table.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from rich.console import Console

    from tracker.app import Tracker


def _console() -> Console:
    from rich.console import Console

    return Console(no_color=bool(os.environ.get("NO_COLOR")) or None, highlight=False)


@click.group()
@click.option(
    "--db",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="GRIZZLED_DB",
    help="The campaign database (default: GRIZZLED_DB, else your data directory).",
)
@click.pass_context
def main(ctx: click.Context, db: Path | None) -> None:
    """Log and check your campaigns of The Grizzled, action by action."""
    ctx.obj = db


@main.command()
@click.option(
    "--db",
    "demo_db",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where to write the demo campaign (a new file; default: a temporary directory).",
)
def demo(demo_db: Path | None) -> None:
    """Log a scripted chapter into a fresh SQLite file, then show the board, log and score.

    Example: grizzled demo --db /tmp/demo.sqlite
    """
    from domain.errors import RuleViolation
    from tracker.app import Tracker
    from tracker.errors import TrackerError

    path = demo_db or Path(tempfile.mkdtemp(prefix="grizzled-demo-")) / "demo.sqlite"
    if path.exists():
        raise click.ClickException(f"{path} already exists: the demo writes a fresh file")
    try:
        tracker = Tracker(path, by="demo", session="demo evening")
        _run_demo(tracker)
    except (RuleViolation, TrackerError) as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"\nThe demo campaign is in {path}")


def _run_demo(tracker: Tracker) -> None:
    from cli.demo import CAMPAIGN, SCRIPT, SEATS, UNDO
    from cli.narrate import narrate
    from cli.render import board, history_table, score_table

    console = _console()
    tracker.create_campaign(CAMPAIGN, "classic", SEATS)
    console.print(f"[bold]Campaign {CAMPAIGN!r}[/bold] for Ann, Ben and Cy, at a real table.\n")
    for command, typed in SCRIPT:
        console.print(f"[cyan]> {typed}[/cyan]")
        if isinstance(command, str):
            assert command == UNDO
            undone = tracker.undo(CAMPAIGN, 1, reason=typed)
            console.print(f"  Undone: action #{', #'.join(map(str, undone.actions))} ({typed}).")
            continue
        logged = tracker.log_action(CAMPAIGN, command, summary=typed)
        for line in narrate(logged.events, logged.state.catalogue):
            console.print(f"  {line}")
    state = tracker.state(CAMPAIGN)
    console.rule("Board")
    console.print(board(state))
    console.rule("Log")
    console.print(history_table(tracker.history(CAMPAIGN)))
    console.rule("Score")
    console.print(score_table(state))
