"""Rich renderables for the table: pure functions from state to something to print.

What they show was read from a database that may come from someone else: every stored
text goes through ``cell`` (control characters escaped, long values cut, never read as
rich markup)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.text import Text

from cli.grid import Grid
from voice.lang import _, each
from voice.score import (
    FACT_COLUMNS,
    HANDS_COLUMNS,
    READINGS_TITLE,
    SCORE_COLUMNS,
    SCORE_PAGE,
    SCORE_SHORT,
    BanLine,
    HandLine,
    ScoreLine,
    banned_line,
    campaign_heading,
    fact_cells,
    hand_cells,
    hand_lines,
    score_lines,
    score_rows,
    step_lines,
)
from voice.score import outcomes as said_outcomes
from voice.shown import LINE, SHORT, shown

__all__ = ["SCORE_PAGE"]

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.table import Table

    from app.lookback import ReplayStep
    from app.pages import CampaignPage, ScorePage
    from domain.campaign.flow import CampaignState


def cell(text: object, most: int = SHORT, style: str = "") -> Text:
    """A stored text as a table cell or a line: shown, cut after ``most`` characters."""
    return Text(shown(text, most), style=style)


def table(columns: Sequence[str], title: str | None = None, *, edge: bool = True) -> Grid:
    """A table with no box under a bold header row; a cell too wide for a narrow console
    folds onto the next line rather than being cut (``edge``: a space before the first
    column). Cells are plain text: a stored text goes through ``shown`` first."""
    return Grid(tuple(columns), edge=edge, title=title, fold=True)


class FirstFit:
    """The first of several drawings that fits the console's width (the last one when none
    does): whole, or with ``words`` only with no word cut (a cell may wrap between words).
    A table with shorter headers rather than headers that wrap; lines rather than a table
    that would cut words."""

    def __init__(self, *choices: RenderableType, words: bool = False) -> None:
        self.choices = choices
        self.words = words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.measure import Measurement

        unbounded = options.update_width(10_000)
        for choice in self.choices[:-1]:
            needs = Measurement.get(console, unbounded, choice)
            if (needs.minimum if self.words else needs.maximum) <= options.max_width:
                yield choice
                return
        yield self.choices[-1]


def board(state: CampaignState, folded: bool = False) -> RenderableType:
    """The board at a glance, from a domain state (see ``cli.board``)."""
    from cli import board as drawn
    from voice.facts import chapter_json

    return drawn.board(chapter_json(state), folded)


def score_table(state: CampaignState, last: int | None = SCORE_PAGE) -> RenderableType:
    """Each chapter (the ``last`` ones; None: all): result, Morale Reserve left, Victory
    and Negative Points; the totals (the short headers when the long ones do not fit).
    A long campaign's earlier chapters are one line: the table costs the same to draw
    after a thousand chapters as after twenty."""
    lines, running, totals = score_lines(state)
    return score_lines_table(lines, running, totals, last)


def score_lines_table(
    lines: Sequence[ScoreLine],
    running: tuple[int, int] | None,
    totals: tuple[int, int, int],
    last: int | None = SCORE_PAGE,
    before: int = 0,
) -> RenderableType:
    """``score_table`` from its lines (the read models' ``campaign_score`` rows, or the
    rules' score): ``running`` the chapter in progress and its Morale Reserve, ``totals``
    the difference, Victory and Negative Points; ``before``: how many chapters came before
    ``lines`` (a page of the latest ones)."""
    return FirstFit(
        _score_table(lines, running, totals, each(SCORE_COLUMNS), last=last, before=before),
        _score_table(lines, running, totals, each(SCORE_SHORT), False, last=last, before=before),
    )


def _score_table(
    lines: Sequence[ScoreLine],
    running: tuple[int, int] | None,
    totals: tuple[int, int, int],
    columns: Sequence[str],
    edge: bool = True,
    *,
    last: int | None,
    before: int,
) -> Grid:
    drawn = table(columns, edge=edge)
    *rows, total = score_rows(lines, running, totals, last, before)
    for row in rows:
        drawn.add_row(*row)
    drawn.add_row(*total, style="bold")
    return drawn


def status_view(state: CampaignState) -> RenderableType:
    """The board, what is legal now, and what comes next, from a domain state."""
    from cli import board as drawn
    from voice.facts import chapter_json

    return drawn.status_view(chapter_json(state))


def campaign_panel(state: CampaignState, last: int | None = SCORE_PAGE) -> RenderableType:
    """A campaign at a glance: rules, Grizzled, chapters (the ``last`` ones), Helping
    Hands, bans, score."""
    return campaign_lines_panel(
        state.name,
        state.ruleset,
        [(s.name, s.charm) for s in state.seats],
        score_table(state, last),
        hand_lines(state),
        [BanLine(b.card, b.player, b.chapter, b.reason) for b in state.bans],
    )


def campaign_lines_panel(
    name: str,
    ruleset: str,
    seats: Sequence[tuple[str, str]],
    score: RenderableType,
    hands: Sequence[HandLine],
    bans: Sequence[BanLine],
) -> RenderableType:
    """``campaign_panel`` from its lines (the read models' rows, or the rules' state):
    ``seats`` each Grizzled's name and Good Luck Charm, ``score`` the score's table."""
    heading = campaign_heading(name, ruleset, seats)
    parts: list[RenderableType] = [cell(heading, LINE, "bold"), score]
    if hands:
        drawn = table(each(HANDS_COLUMNS), _("Helping Hands"))
        for h in hands:
            drawn.add_row(*hand_cells(h))
        parts.append(drawn)
    if bans:
        parts.append(cell(banned_line(bans), LINE))
    return Group(*parts)


def score_page_view(page: ScorePage) -> list[RenderableType]:
    """A page of the score read from the read models (``app.pages.score_page``), with
    ``score --explain``'s readings and facts when it holds them."""
    drawn = [_score_page_table(page)]
    if page["facts"] is not None:
        drawn += explained(page["readings"] or [], page["facts"])
    return drawn


def _score_page_table(page: ScorePage) -> RenderableType:
    return score_lines_table(
        page["lines"], page["running"], page["totals"], page["last"], page["earlier"]
    )


def campaign_page_view(page: CampaignPage) -> RenderableType:
    """``campaign show``'s page read from the read models (``app.pages.campaign_page``)."""
    return campaign_lines_panel(
        page["name"],
        page["ruleset"],
        page["seats"],
        _score_page_table(page["score"]),
        page["hands"],
        page["bans"],
    )


def explained(readings: Sequence[str], facts: Sequence[dict[str, Any]]) -> list[RenderableType]:
    """What ``score --explain`` prints under the score: how each chapter's Helping Hands
    were decided (``readings``, in words; none in a classic campaign), then every fact
    behind the score."""
    parts: list[RenderableType] = []
    if readings:  # each a line of its own, wrapped under itself (never mid-line at 0)
        from cli.board import Hanging

        parts.append(Text(_(READINGS_TITLE), style="bold"))
        parts += [Hanging(f"  {shown(r)}") for r in readings]
    return [*parts, explanation_table(facts)]


def explanation_table(facts: Sequence[dict[str, Any]]) -> Grid:
    """Every fact behind the score (``projections.queries.score_facts``) and the log entry
    that recorded it."""
    drawn = table(each(FACT_COLUMNS), _("Explanation"))
    for fact in facts:
        drawn.add_row(*fact_cells(fact))
    return drawn


def outcomes(step: ReplayStep) -> list[str]:
    """How a Mission or the chapter ended with this action, in words (none: it went on)."""
    return said_outcomes(step.events, step.state)


def replay_table(steps: Sequence[ReplayStep], taken_back: Sequence[dict[str, Any]] = ()) -> Table:
    """A chapter action by action: each action, the board's key numbers after it (phase,
    whose turn, decks, No Man's Land whole) and every Mission's and the chapter's end said
    under the action that brought it; the actions taken back (``taken_back``) in their
    place, marked with the undo or revert that took them; it wraps at any width."""
    from rich.table import Table

    table = Table.grid(padding=(0, 2, 0, 0))
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("step", overflow="fold")
    back = sorted(taken_back, key=lambda entry: int(entry["version"]))
    for step in steps:
        while back and int(back[0]["version"]) < step.version:
            _taken_back_row(table, back.pop(0))
        chapter = step.state.chapter
        if chapter is None:
            continue
        body = cell(step.summary, LINE)
        for line in step_lines(chapter):
            body.append("\n")
            body.append(line, style="dim")
        for line in outcomes(step):
            body.append("\n")
            body.append(f"-> {shown(line, LINE)}", style="bold")
        table.add_row(f"#{step.version}", body)
    for entry in back:
        _taken_back_row(table, entry)
    return table


def _taken_back_row(table: Table, entry: dict[str, Any]) -> None:
    """An action taken off the line, struck through and said so in words."""
    from voice.log import taken_by

    by = entry["by"]
    took = _("taken back") if by is None else taken_by(int(entry["version"]), by, why=True)
    line = cell(entry["summary"] or "", LINE, "strike dim")
    line.append(f" ({shown(took, LINE)})")
    table.add_row(f"#{entry['version']}", line)
