"""What the commands that teach the campaign its cards share (``grizzled describe ...``,
the game's and a module's own from its folder, ``cli/modules.py``): the options of a
card's text, its reason and its rules, and the set-up step logged through the
application."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cli.context import Context, refusals
from cli.params import TEXT, WORD

if TYPE_CHECKING:
    from app.setup import Fewer, SetupStep

F = TypeVar("F", bound=Callable[..., Any])

REASON = click.option(
    "-r",
    "--reason",
    type=TEXT,
    default="",
    help="Why an earlier entry changes (required when it does).",
)
EFFECT = click.option("--effect", type=TEXT, default="", help="Its text, as printed.")
FORBID = click.option(
    "--forbid",
    "forbids",
    type=WORD,
    multiple=True,
    metavar="ACTION",
    help="What it forbids while in play, enforced by the tool (repeat): speech, charm, "
    "withdraw-holding:N (no withdrawal holding N or more cards) or play:THREAT.",
)


def rule_option(flag: str, dest: str, help: str) -> Callable[[F], F]:
    """A repeatable option of rules from the effects vocabulary (docs/campaign.md)."""
    return click.option(flag, dest, type=WORD, multiple=True, metavar="RULE", help=help)


def enter(ctx: Context, request: SetupStep, fewer: Fewer | None = None) -> None:
    """Log a set-up step through the application (``app.setup.enter``), print its lines."""
    from app.setup import enter
    from cli.context import say

    with refusals():
        recorded = enter(request, ctx, fewer)
    say(recorded.said)
