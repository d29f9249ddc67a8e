"""What-if branches and looking back: branch, compare, stats (issue 32)."""

from __future__ import annotations

from typing import Any

import click

from cli.context import Context, pass_context, print_wrapped, refusals
from cli.params import LOG_ENTRY, NAME


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
    from voice.next_step import next_line
    from voice.whatif import branched

    original = ctx.campaign_name()
    with refusals():
        done = ctx.tracker().branch(original, name, at)
    ctx.saved(done.version)
    ctx.remember_campaign(done.name)
    said = branched(done.name, done.original, done.at, done.actions)
    print_wrapped([said.text, next_line(done.state)])


@click.command()
@click.argument("a", type=NAME)
@click.argument("b", type=NAME)
@click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")
@pass_context
def compare(ctx: Context, a: str, b: str, as_json: bool) -> None:
    """Show two campaigns of the file side by side: the board (chapter, decks, No Man's
    Land, threats, each Grizzled, the result) and the score, the rows that differ marked.

    Example: grizzled compare Friday "What if"
    """
    from voice.whatif import compare_heading, compared

    sides = [_board_and_score(ctx, name) for name in (a, b)]
    rows = compared(sides[0], sides[1])
    names = [board["campaign"] for board, _ in sides]
    if as_json:
        ctx.print_json(
            {
                "campaigns": names,
                "rows": [said.facts for said in rows],
                "boards": [board for board, _ in sides],
                "scores": [score for _, score in sides],
            }
        )
        return
    from cli.render import table

    drawn = table(["", *names], edge=False)
    for said in rows:
        facts = said.facts
        drawn.add_row(("* " if facts["differs"] else "  ") + facts["what"], facts["a"], facts["b"])
    differ = sum(1 for said in rows if said.facts["differs"])
    print_wrapped([compare_heading(names[0], names[1], differ)])
    ctx.console().print(drawn)


def _board_and_score(ctx: Context, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Campaign ``name``'s ``status --json`` document and score, from the read models."""
    from cli.readmodel import read_models, status_document
    from projections.queries import branched_from, score

    ctx.campaign_option = name
    board = status_document(ctx)
    ctx.campaign_option = board["campaign"]
    with read_models(ctx) as (conn, campaign):
        scored = score(conn, campaign["campaign_id"])
        scored["branched_from"] = branched_from(conn, campaign["campaign_id"])
        return board, scored


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
