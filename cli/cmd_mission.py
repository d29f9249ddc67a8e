"""Starting a Mission: ``grizzled mission start``, with the options the modules add to it
from their folders (``cli/modules.py``: the Order kept and the one put back, the Recruit
entering and its hand), listed between the Chaplain's tile and ``--yes``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli import modules, parse
from cli.complete import complete_tile
from cli.context import Context, Refused, pass_context
from cli.counts import CARDS
from cli.params import WORD
from voice import lang

if TYPE_CHECKING:
    from collections.abc import Sequence

    from app.actions import Confirm
    from domain.chapter.commands import StartMission


@click.group()
def mission() -> None:
    """Start a Mission."""


@mission.command("start")
@click.argument("intensity", type=CARDS)
@click.option(
    "--chaplain-tile",
    type=WORD,
    metavar="TILE",
    shell_complete=complete_tile,
    help="Classic 2 players: the tile the Chaplain drew at random.",
)
@click.option("-y", "--yes", is_flag=True, help="Deal a losing hand without asking.")
@pass_context
def mission_start(
    ctx: Context,
    /,
    intensity: int,
    chaplain_tile: str | None,
    yes: bool,
    **typed: Any,
) -> None:
    """The Mission Leader sets the intensity; cards are dealt (counted, never seen). A deal
    that would lose the chapter at once (13 cards in hands) asks first, or needs --yes.

    Example: grizzled mission start 3     (with Orders of the Day: --order 12 --back 7)
    """
    from domain.chapter.commands import StartMission, merged
    from voice import rooms

    tile = parse.tile(chaplain_tile) if chaplain_tile else None
    options = merged(*(added.of(ctx, typed) for added in modules.added("mission start")))
    command = StartMission(intensity, chaplain_tile=tile, options=options)
    confirm = None if yes else _confirm_losing_deal(command)
    ctx.log(command, rooms.mission_summary(command), confirm=confirm)


def _confirm_losing_deal(command: StartMission) -> Confirm:
    """A deal that would lose the chapter at once is legal and may be wanted: it is asked
    once the rules decided the start (a start they refuse is refused before asking),
    naming why, before anything is saved; without a terminal it is refused, naming
    --yes. The tracker decides the command once and asks this with what it decided."""

    def confirm(events: Sequence[Any]) -> None:  # the domain's events (cli names none)
        from cli.context import interactive
        from voice.next_step import deal_question, losing_deal

        facts = losing_deal(command.intensity, events)
        if facts is None:
            return
        if not interactive():
            raise Refused(lang._("{facts}; add --yes to confirm").format(facts=facts))
        click.confirm(deal_question(facts), abort=True)

    return confirm


COMMANDS = (mission,)
modules.extend(mission_start, "mission start", before="yes")  # the modules' options
