"""Solo's commands (``cli/modules.py``): ``grizzled refill`` and ``grizzled solo-support``.
Of the CLI's layer, though in the module's folder: nothing of domain, app, voice or web
imports it; the CLI finds it by the folders' layout, the first time one of its commands
is asked for."""

from __future__ import annotations

import click

from cli.context import Context, pass_context
from cli.params import OneOf
from voice import summary as said


@click.command()
@pass_context
def refill(ctx: Context) -> None:
    """Solo: right after playing a card, refill the single hand back up to 3 cards.

    Example: grizzled refill
    """
    from domain.modules.solo.commands import RefillHand

    ctx.log(RefillHand(), said.REFILL)


@click.command("solo-support")
@click.argument(
    "tile",
    required=False,
    type=OneOf(["left", "center", "right", "none"], case_sensitive=False),
)
@pass_context
def solo_support(ctx: Context, tile: str | None) -> None:
    """Solo: the solo Support tile drawn at random (left, center, right or none).

    Example: grizzled solo-support center
    """
    from domain.modules.solo.commands import DrawSoloSupport

    ctx.log(DrawSoloSupport(tile.lower() if tile else None), said.SOLO_SUPPORT)


COMMANDS = {"refill": refill, "solo-support": solo_support}

# What it adds to docs/cli.md's JSON schemas (``cli.modules.schema``: ``python -m cli.docgen``),
# by the place in the text it goes (``cli/docgen.py``: ``{modules:PLACE}``).
SCHEMA = (
    ("legal", ", refill"),
    ("after briefing", ", solo_hand: the single Solo hand's size or null"),
    ("phases", "`solo-support`, "),
    ("legal words", "; `refill` when `refill` (Solo: the single hand, right after a play)"),
)

# What it adds to the game's commands' help (``HELPS``: each the mark's WHERE in the help,
# its rank among the modules', its text; ``cli.modules.helps``) and to an option's choices
# (``CHOICES``: chapter start's ``--variant``).
HELPS = (("variant", 1, "; armistice: solo"),)
CHOICES = (("variant", "solo"),)
