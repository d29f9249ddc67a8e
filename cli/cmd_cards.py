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
    from rich.console import RenderableType
    from rich.table import Table

    from domain.campaign.briefing import Briefing, Conclusion
    from domain.campaign.known import Entry


def entry_json(entry: Entry) -> dict[str, Any]:
    """A card as ``card --json`` and ``box --json`` give it (docs/cli.md)."""
    return {
        "number": entry.number,
        "kind": entry.kind,
        "name": entry.name,
        "facts": dict(entry.facts),
        "where": list(entry.where),
    }


def _facts_table() -> Table:
    from rich.table import Table

    table = Table(show_header=False, show_edge=False, box=None, padding=(0, 1, 0, 2))
    table.add_column("what", style="bold", no_wrap=True)
    table.add_column("text", overflow="fold")
    return table


def entry_view(entry: Entry) -> RenderableType:
    """One card: its heading, what the group described, where it is."""
    from rich.console import Group
    from rich.text import Text

    heading = Text(f"#{entry.number} {entry.kind}: ", style="bold")
    heading.append(shown(entry.name, LONG))
    table = _facts_table()
    for what, text in entry.facts:
        table.add_row(Text(what), Text(shown(text, LONG)))
    where = "; ".join(entry.where) or "in the box (not in play)"
    table.add_row(Text("where"), Text(shown(where, LONG)))
    return Group(heading, table)


@click.command()
@click.argument("number", type=CARD_NUMBER)
@JSON
@pass_context
def card(ctx: Context, number: int, as_json: bool) -> None:
    """One numbered card: what the group described and where it is now.

    Example: grizzled card 21
    """
    from domain.campaign.known import card_entries

    entries = card_entries(ctx.state(), number)
    if not entries:
        raise Refused(
            f"card #{number} is not described yet: grizzled describe card|order|recruit|hand "
            f"{number} ..."
        )
    if as_json:
        ctx.print_json([entry_json(e) for e in entries])
        return
    from rich.console import Group

    ctx.console().print(Group(*(entry_view(e) for e in entries)))


def _briefing_line(b: Briefing) -> tuple[str, str]:
    from domain.campaign.briefing import chapter_name

    title = f" '{b.title}'" if b.title else ""
    modules = (f", Orders {_numbers(b.orders)}" if b.orders else "") + (
        f", Recruits {_numbers(b.recruits)}" if b.recruits else ""
    )
    tokens = f", {b.speech_tokens} Speech tokens" if b.speech_tokens is not None else ""
    notes = f". {b.notes}" if b.notes else ""
    return (
        f"{chapter_name(b.chapter)}{title}",
        f"Trials {b.trials}, Morale {b.morale}, first intensity {b.first_intensity}, "
        f"{b.traps_said}{tokens}{modules}{notes}",
    )


def _conclusion_line(c: Conclusion) -> tuple[str, str]:
    from domain.campaign.briefing import chapter_name

    rules = "; ".join(
        f"{r.result}, at least {r.morale_left} Morale left: {r.helping_hands} Helping Hand(s)"
        for r in c.rewards
    )
    offer = _numbers(c.offered) if c.offered else "none"
    notes = f". {c.notes}" if c.notes else ""
    return chapter_name(c.chapter), f"{rules or 'no reward'}; offers {offer}{notes}"


def _numbers(numbers: tuple[int, ...]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def box_json(found: Any) -> dict[str, Any]:
    """``box --json`` (docs/cli.md)."""
    import msgspec

    return {
        "cards": [entry_json(e) for e in found.cards],
        "briefings": [msgspec.to_builtins(b) for b in found.briefings],
        "conclusions": [msgspec.to_builtins(c) for c in found.conclusions],
    }


@click.command("box")
@JSON
@pass_context
def box_command(ctx: Context, as_json: bool) -> None:
    """Everything the campaign has learnt: cards described, Briefings, Conclusions.

    Example: grizzled box
    """
    from rich.console import Group
    from rich.text import Text

    from domain.campaign.known import box

    found = box(ctx.state())
    if as_json:
        ctx.print_json(box_json(found))
        return
    parts: list[RenderableType] = []
    for title, lines in (
        ("Briefings", [_briefing_line(b) for b in found.briefings]),
        ("Conclusions", [_conclusion_line(c) for c in found.conclusions]),
    ):
        if lines:
            table = _facts_table()
            for what, text in lines:
                table.add_row(Text(shown(what, LONG)), Text(shown(text, LONG)))
            parts += [Text(title, style="bold underline"), table]
    if found.cards:
        parts.append(Text("Cards described", style="bold underline"))
        parts += [entry_view(e) for e in found.cards]
    if not parts:
        parts.append(
            Text("Nothing learnt yet: the group describes each numbered card as it appears.")
        )
    ctx.console().print(Group(*parts))


COMMANDS = (card, box_command)
