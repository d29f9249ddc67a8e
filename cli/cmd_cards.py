"""What the campaign has learnt from the group's box: one card (``card N``) or all of it
(``box``), with the texts the group typed and where each card is now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.cmd_read import JSON
from cli.context import Context, Refused, pass_context
from cli.counts import CARD_NUMBER
from cli.shown import LONG, shown

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.table import Table


def _learnt(ctx: Context) -> dict[str, Any]:
    """What the campaign has learnt (``projections.box.box_view``): from the read models
    where the file keeps them (no rules loaded), else from the campaign's state."""
    from cli.readmodel import learnt

    found = learnt(ctx)
    if found is None:
        from projections.box import box_view

        found = box_view(ctx.state())
    return found


class Facts:
    """Words in bold, then a text: what rich's Table draws with no header, no box and each
    cell padded 2 spaces left and 1 right. Drawn directly when it fits the console
    (``rich.table`` and its imports cost ~5 ms of every ``card``); when it does not, it is
    rich's Table, which folds the texts."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str]] = []

    def add_row(self, what: str, text: str) -> None:
        """One more line (both already ``shown``)."""
        self.rows.append((what, text))

    def widths(self) -> tuple[int, int]:
        """Each column's width, padding included: its widest cell."""
        from rich.cells import cell_len

        return (
            max(cell_len(what) for what, _ in self.rows) + 3,
            max(cell_len(text) for _, text in self.rows) + 3,
        )

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.cells import cell_len
        from rich.segment import Segment
        from rich.style import Style

        if not self.rows or sum(self.widths()) > options.max_width:
            yield self.table()  # too wide to fit, or empty
            return
        words, texts = self.widths()
        bold, plain = Style(bold=True), Style()
        for what, text in self.rows:  # the Table's segments: padding, cell, padding
            yield Segment("  ", bold)
            yield Segment(what + " " * (words - 3 - cell_len(what)), bold)
            yield Segment(" ", bold)
            yield Segment("  ", plain)
            yield Segment(text + " " * (texts - 3 - cell_len(text)))
            yield Segment(" ", plain)
            yield Segment.line()

    def table(self) -> Table:
        """The same lines as a rich Table."""
        from rich.table import Table
        from rich.text import Text

        table = Table(show_header=False, show_edge=False, box=None, padding=(0, 1, 0, 2))
        table.add_column("what", style="bold", no_wrap=True)
        table.add_column("text", overflow="fold")
        for what, text in self.rows:
            table.add_row(Text(what), Text(text))  # Text: a cell is never read as markup
        return table


def entry_view(entry: dict[str, Any]) -> RenderableType:
    """One card (as ``card --json`` gives it): its heading, what the group described,
    where it is."""
    from rich.console import Group
    from rich.text import Text

    heading = Text(f"#{entry['number']} {entry['kind']}: ", style="bold")
    heading.append(shown(entry["name"], LONG))
    facts = Facts()
    for what, text in entry["facts"].items():
        facts.add_row(what, shown(text, LONG))
    where = "; ".join(entry["where"]) or "in the box (not in play)"
    facts.add_row("where", shown(where, LONG))
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
        raise Refused(
            f"card #{number} is not described yet: grizzled describe card|order|recruit|hand "
            f"{number} ..."
        )
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

    parts: list[RenderableType] = []
    for title, lines in (
        ("Briefings", found["briefing_lines"]),
        ("Conclusions", found["conclusion_lines"]),
    ):
        if lines:
            facts = Facts()
            for what, text in lines:
                facts.add_row(shown(what, LONG), shown(text, LONG))
            parts += [Text(title, style="bold underline"), facts]
    cards = found["document"]["cards"]
    if cards:
        parts.append(Text("Cards described", style="bold underline"))
        parts += [entry_view(e) for e in cards]
    if not parts:
        parts.append(
            Text("Nothing learnt yet: the group describes each numbered card as it appears.")
        )
    ctx.console().print(Group(*parts))


COMMANDS = (card, box_command)
