"""What-if branches and looking back: branch, compare, stats (issue 32)."""

from __future__ import annotations

import click

from cli.context import Context, pass_context, print_wrapped, refusals
from cli.params import LOG_ENTRY, NAME


@click.command()
@click.argument("name", type=NAME)
@click.option(
    "--at",
    "at",
    type=LOG_ENTRY,
    required=True,
    metavar="N",
    help="The log entry to fork at: the board as it stood right after it (replay --at N).",
)
@pass_context
def branch(ctx: Context, name: str, at: int) -> None:
    """Fork the current campaign at log entry N into a new campaign NAME in the same file,
    and make NAME the current campaign: a what-if to play on. The branch starts from the
    board as it stood right after entry N, as 'grizzled replay --at N' shows it: if entry
    N is an undo, the actions it took back are not in the branch; actions logged after N
    are not either. Its first entry names the original and N; the original never changes.

    Example: grizzled branch "What if" --at 12
    """
    from voice.next_step import next_line
    from voice.whatif import branched

    original = ctx.campaign_name()
    with refusals():
        done = ctx.tracker().branch(original, name, at)
    ctx.saved(done.version)
    ctx.remember_campaign(done.name)
    said = branched(done.name, done.original, done.at, done.actions)
    print_wrapped([said.text, next_line(done.state)])


COMMANDS = (branch,)
