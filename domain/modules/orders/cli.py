"""Orders of the Day's commands (``cli/modules.py``): ``grizzled order cancel``, and
``mission start``'s ``--order`` and ``--back``. Of the CLI's layer, though in the module's
folder: nothing of domain, app, voice or web imports it; the CLI finds it by the folders'
layout, the first time one of its commands is asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli import parse
from cli.cmd_play import PLAYER, chapter_of
from cli.context import Context, pass_context
from cli.counts import CARD_NUMBER, DRAWS
from cli.modules import StartOptions
from cli.params import TEXT
from voice import summary as said

if TYPE_CHECKING:
    from domain.chapter.commands import Options


@click.group()
def order() -> None:
    """Orders of the Day in play."""


@order.command("cancel")
@click.argument("number", type=CARD_NUMBER)
@click.option(
    "-r",
    "--reason",
    type=TEXT,
    default="",
    help="How its cancellation condition was met (required unless the tool checks it).",
)
@PLAYER
@click.option(
    "--draws",
    type=DRAWS,
    default=0,
    show_default=True,
    help="Trials cards the player draws into hand, if the condition says so.",
)
@pass_context
def order_cancel(ctx: Context, number: int, reason: str, who: str | None, draws: int) -> None:
    """A lasting Order of the Day's cancellation condition is met: it leaves No Man's Land.

    Example: grizzled order cancel 12 -r "Ann drew 3 cards" -p ann --draws 3
    """
    from domain.modules.orders import CancelOrder

    state = ctx.state()
    name = parse.player(who, [p.name for p in chapter_of(state).players]) if who else None
    ctx.log(CancelOrder(number, reason, name, draws), said.order_cancelled(number))


def kept(ctx: Context, typed: dict[str, Any]) -> Options:
    """A Mission's start given the order the leader keeps and the one put back on top."""
    from domain.modules.orders import kept_orders

    return kept_orders(typed["order"], typed["order_back"])


MISSION_START = StartOptions(
    (
        click.Option(
            ["--order"],
            type=CARD_NUMBER,
            metavar="N",
            help="Orders of the Day: the order the leader keeps.",
        ),
        click.Option(
            ["--back", "order_back"],
            type=CARD_NUMBER,
            metavar="N",
            help="Orders of the Day: the other order drawn, put back on top of the deck.",
        ),
    ),
    kept,
)
COMMANDS = {"order": order}
