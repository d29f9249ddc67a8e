"""What-if branches and looking back: branch, compare, stats (issue 32)."""

from __future__ import annotations

from typing import Any

import click

from cli.context import Context, pass_context, print_wrapped, refusals
from cli.params import LOG_ENTRY, NAME
from voice import lang

Side = tuple[str, int | None]  # a campaign, and the log entry to see it at (None: now)


class SideType(click.ParamType):  # type: ignore[type-arg]
    """``CAMPAIGN`` or ``CAMPAIGN@N``: a campaign as it is now, or right after its log
    entry N (as ``replay --at N`` shows it). The text after the last ``@`` is the entry when
    it is a number; a name that itself ends in ``@`` and digits is written with one more
    ``@`` at the end (``"Dec@24@"``: the campaign ``Dec@24`` now)."""

    name = "CAMPAIGN[@N]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        name, at = value, None
        head, mark, tail = value.rpartition("@")
        if mark and (tail.isdigit() or not tail):
            name = head
            if tail:
                at = LOG_ENTRY.convert(tail, param, ctx)
        if not name:
            said = lang._("{value} names no campaign: write CAMPAIGN or CAMPAIGN@N")
            self.fail(said.format(value=repr(value)), param, ctx)
        return NAME.convert(name, param, ctx), at


SIDE = SideType()


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
    from app.lookback import branch as forked

    with refusals():
        done, said = forked(ctx, name, at)
    ctx.remember_campaign(done.name)
    print_wrapped(said)


@click.command()
@click.argument("a", type=SIDE)
@click.argument("b", type=SIDE)
@click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")
@pass_context
def compare(ctx: Context, a: Side, b: Side, as_json: bool) -> None:
    """Show two campaigns of the file side by side: the board (chapter, decks, No Man's
    Land, threats, each Grizzled, the result) and the score, the rows that differ marked.
    A@N is campaign A right after its log entry N (as 'grizzled replay --at N' shows it):
    any entry of one line of play beside any entry of another, or of the same.

    Example: grizzled compare Friday@12 "What if"@3
    """
    from app.lookback import side
    from voice.whatif import ROWS, compare_heading, compared

    with refusals():
        sides = [side(ctx, name, at) for name, at in (a, b)]
    rows = compared(sides[0], sides[1])
    names = [board["campaign"] for board, _ in sides]
    entries = [at for _, at in (a, b)]
    if as_json:
        ctx.print_json(
            {
                "campaigns": names,
                "entries": entries,
                "rows": [said.facts for said in rows],
                "boards": [board for board, _ in sides],
                "scores": [score for _, score in sides],
            }
        )
        return
    from cli.render import table

    labels = [
        name if at is None else f"{name}@{at}" for name, at in zip(names, entries, strict=True)
    ]
    drawn = table(["", *labels], edge=False)
    for said in rows:
        facts = said.facts
        what = lang._(facts["what"]) if facts["what"] in ROWS else facts["what"]  # a name: as typed
        drawn.add_row(("* " if facts["differs"] else "  ") + what, facts["a"], facts["b"])
    differ = sum(1 for said in rows if said.facts["differs"])
    print_wrapped([compare_heading(labels[0], labels[1], differ)])
    ctx.console().print(drawn)


@click.command()
@click.argument("names", type=NAME, nargs=-1, metavar="[CAMPAIGN]...")
@click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")
@pass_context
def stats(ctx: Context, names: tuple[str, ...], as_json: bool) -> None:
    """Statistics across the campaigns of the file (or those named): chapters won and
    lost and how, Missions, Morale left, the Hard Knocks met most, who withdrew first,
    Speeches made, undos per evening; as tables and charts. A what-if branch's chapters
    are counted apart from the campaigns' own and marked (what-if); its Hard Knocks,
    withdrawals and Speeches count the actions it copied: name the campaigns to leave
    branches out.

    Example: grizzled stats Friday
    """
    from app.readings import stats_of

    with refusals():
        found = stats_of(ctx, names)
    if as_json:
        ctx.print_json(found)
        return
    from cli.charts import stats_view
    from voice.stats import stats_said

    console = ctx.console()
    for part in stats_view(stats_said(found)):
        console.print(part)


COMMANDS = (branch, compare, stats)
