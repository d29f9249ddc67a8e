"""What the campaign has learnt from the group's box: one card (``card N``) or all of it
(``box``), with the texts the group typed and where each card is now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.cmd_read import JSON
from cli.context import Context, Refused, pass_context
from cli.counts import CARD_NUMBER
from voice import lang
from voice.cards import not_described, where
from voice.shown import LONG, shown

if TYPE_CHECKING:
    from rich.console import RenderableType

    from cli.grid import Grid


def _learnt(ctx: Context) -> dict[str, Any]:
    """What the campaign has learnt (``app.pages.learnt``)."""
    from app.pages import learnt

    return learnt(ctx)


def facts_table() -> Grid:
    """Words in bold, then a text: no header, each cell padded 2 spaces left and 1 right;
    on a console too narrow, the words are never wrapped and the texts fold."""
    from cli.grid import Column, Grid

    return Grid(
        (Column(style="bold", no_wrap=True), Column(overflow="fold")),
        header=False,
        pad=(2, 1),
        edge=True,
    )


def entry_view(entry: dict[str, Any]) -> RenderableType:
    """One card (as ``card --json`` gives it): its heading, what the group described,
    where it is."""
    from rich.console import Group
    from rich.text import Text

    heading = Text(f"#{entry['number']} {entry['kind']}: ", style="bold")
    heading.append(shown(entry["name"], LONG))
    facts = facts_table()
    for what, text in entry["facts"].items():
        facts.add_row(what, shown(text, LONG))
    facts.add_row("where", shown(where(entry), LONG))
    return Group(heading, facts)


@click.command()
@click.argument("number", type=CARD_NUMBER)
@JSON
@pass_context
def card(ctx: Context, number: int, as_json: bool) -> None:
    """One numbered card: what the group described and where it is now.

    Example: grizzled card 21
    """
    entries = [e for e in _learnt(ctx)["document"]["cards"] if e["number"] == number]
    if not entries:
        raise Refused(not_described(number))
    if as_json:
        ctx.print_json(entries)
        return
    from rich.console import Group

    ctx.console().print(Group(*(entry_view(e) for e in entries)))


@click.command("box")
@JSON
@pass_context
def box_command(ctx: Context, as_json: bool) -> None:
    """Everything the campaign has learnt: cards described, Briefings, Conclusions.

    Example: grizzled box
    """
    found = _learnt(ctx)
    if as_json:
        ctx.print_json(found["document"])
        return
    from rich.console import Group
    from rich.text import Text

    from voice.cards import briefing_line, conclusion_line

    document = found["document"]
    parts: list[RenderableType] = []
    for title, lines in (
        ("Briefings", [briefing_line(b) for b in document["briefings"]]),
        ("Conclusions", [conclusion_line(c) for c in document["conclusions"]]),
    ):
        if lines:
            facts = facts_table()
            for line in lines:
                facts.add_row(shown(line.facts["heading"], LONG), shown(line.text, LONG))
            parts += [Text(title, style="bold underline"), facts]
    cards = found["document"]["cards"]
    if cards:
        parts.append(Text(lang._("Cards described"), style="bold underline"))
        parts += [entry_view(e) for e in cards]
    if not parts:
        parts.append(
            Text(
                lang._("Nothing learnt yet: the group describes each numbered card as it appears.")
            )
        )
    ctx.console().print(Group(*parts))


COMMANDS = (card, box_command)
