"""The house rule's command (cli/modules.py), from its own folder as its words and its
keeper button are: ``grizzled rally``, the Speech its button makes (against the threat No
Man's Land shows most, for the player whose turn it is), logged through the rules as any
command. ``played.py`` installs it beside the rule."""

from __future__ import annotations

import click

from cli.context import Context, Refused, pass_context
from voice import summary
from voice.lang import _


@click.command()
@pass_context
def rally(ctx: Context) -> None:
    """House rule: a Speech against the threat No Man's Land shows most, for the player
    whose turn it is.

    Example: grizzled rally
    """
    from tests.house_rule.face import rally as offered

    moves = offered(ctx.state())
    if not moves:
        said = _("no rally now: No Man's Land shows no threat, or the rules allow no Speech")
        raise Refused(said, "speech")
    command = moves[0].command
    ctx.log(command, summary.speech(command.player, command.threat))


COMMANDS = {"rally": rally}
