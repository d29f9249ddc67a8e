"""``why``: the rule behind the last refusal, the last decision the rules took by
themselves, or any log entry (words in voice/why.py, rules in voice/rulebook.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cli.context import Context, pass_context, print_wrapped, refusals
from cli.params import LOG_ENTRY

if TYPE_CHECKING:
    from voice import Said


@click.command()
@click.argument("entry", type=LOG_ENTRY, required=False)
@click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")
@pass_context
def why(ctx: Context, entry: int | None, as_json: bool) -> None:
    """Why: the last command refused (kept on this machine only, never in the campaign's
    record), else the last decision the rules took by themselves (a Mission failed or won,
    Support to nobody on a tie, a Morale Drop's size, a chapter won or lost, a Trap or the
    Luck that cancelled it, a Hard Knock's effect, the Mission Leader token passing, Merry
    Christmas's discard, a Speech, the Chaplain's tile, an Order of the Day discarded, a Recruit
    entering or departing, a card's effect, a Hard Knock giving way to an Order of the Day,
    Solo's refills and Support tile), or log entry
    ENTRY: the rule in our words and where the rulebooks say it, the facts that triggered
    it and the log entries they come from.

    Example: grizzled why     grizzled why 14 --json
    """
    said = explained(ctx, entry)
    if as_json:
        ctx.print_json({"text": said.text, **said.facts})
        return
    print_wrapped(said.text.splitlines())


def explained(ctx: Context, entry: int | None) -> Said:
    """What ``why`` says (``app.why``): the last refusal noted on this machine if nothing
    was stored since, else the entry."""
    from app.why import explained as said

    noted = None
    if entry is None:  # a refusal still stands if nothing was stored since (the last event)
        noted = ctx.refusal_noted()
    with refusals():
        return said(ctx, entry, noted)


COMMANDS = (why,)
