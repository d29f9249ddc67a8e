"""Rich renderables for the table: pure functions from state to something to print.

What they show was read from a database that may come from someone else: every stored
text goes through ``cell`` (control characters escaped, long values cut, never read as
rich markup)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cli.shown import LINE, SHORT, shown

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

    from domain.campaign.flow import CampaignState
    from tracker.app import ReplayStep


def cell(text: object, most: int = SHORT, style: str = "") -> Text:
    """A stored text as a table cell or a line: shown, cut after ``most`` characters."""
    return Text(shown(text, most), style=style)


def table(columns: Sequence[str], title: str | None = None, *, edge: bool = True) -> Table:
    """A table with no box under a bold header row; a cell too wide for a narrow console
    folds onto the next line rather than being cut (``edge``: a space before the first
    column)."""
    drawn = Table(show_edge=False, pad_edge=edge, box=None, header_style="bold", title=title)
    for column in columns:
        drawn.add_column(column, overflow="fold")
    return drawn


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


def board(state: CampaignState) -> RenderableType:
    """The board at a glance, from a domain state (see ``cli.board``)."""
    from cli import board as drawn
    from cli.jsonout import chapter_json

    return drawn.board(chapter_json(state))


def history_table(entries: Sequence[dict[str, Any]]) -> Table:
    """The campaign's log (``projections.queries.history``): every stored event, undone
    actions marked and struck through."""
    drawn = table(("#", "when", "who", "what"))
    for entry in entries:
        versions = ", #".join(map(str, entry["actions"]))
        if entry["kind"] == "ActionsUndone":
            what = f"undo of #{versions}" + (f": {entry['reason']}" if entry["reason"] else "")
        elif entry["kind"] == "ActionsRedone":
            what = f"redo of #{versions}"
        else:
            what = entry["summary"]
        shown_what = cell(what, LINE, "strike dim" if entry["undone"] else "")
        if entry["undone"]:  # said in words too: no colour, a pipe or a phone shows no strike
            shown_what.append(" (undone)")
        when = datetime.fromisoformat(entry["time"]).astimezone().strftime("%H:%M")
        drawn.add_row(str(entry["version"]), when, cell(entry["logged_by"]), shown_what)
    return drawn


RESULT_WORDS = {
    "won": "won",
    "monument": "lost: the Monument",
    "hard-knocks": "lost: Hard Knocks",
    "hands": "lost: 13+ cards in hand",
}


SCORE_COLUMNS = ("chapter", "result", "Morale left", "Victory Points", "Negative Points")
SCORE_SHORT = ("chapter", "result", "Morale", "Victory", "Negative")  # a narrow console


def score_table(state: CampaignState) -> RenderableType:
    """Each chapter: result, Morale Reserve left, Victory and Negative Points; the totals
    (the short headers when the long ones do not fit)."""
    return FirstFit(_score_table(state, SCORE_COLUMNS), _score_table(state, SCORE_SHORT, False))


def _score_table(state: CampaignState, columns: Sequence[str], edge: bool = True) -> Table:
    from domain.campaign.rewards import score

    total = score(state)
    drawn = table(columns, edge=edge)
    for line, result in zip(total.lines, state.results, strict=True):
        outcome = RESULT_WORDS.get(result.outcome, f"lost: {result.outcome}")
        drawn.add_row(
            str(result.number),
            cell(outcome),
            str(result.morale_left),
            str(line.victory_points),
            str(line.negative_points),
        )
    if state.chapter_running and state.chapter is not None:
        drawn.add_row(
            str(state.chapter_number), "in progress", str(len(state.chapter.morale)), "", ""
        )
    drawn.add_row(
        "total",
        f"difference {total.difference:+d}",
        "",
        str(total.victory_points),
        str(total.negative_points),
        style="bold",
    )
    return drawn


def status_view(state: CampaignState) -> RenderableType:
    """The board, what is legal now, and what comes next, from a domain state."""
    from cli import board as drawn
    from cli.jsonout import chapter_json

    return drawn.status_view(chapter_json(state))


def campaign_panel(state: CampaignState) -> RenderableType:
    """A campaign at a glance: rules, Grizzled, chapters, Helping Hands, bans, score."""
    seats = ", ".join(f"{s.name} ({s.charm})" for s in state.seats)
    parts: list[RenderableType] = [
        cell(f"{state.name} - {state.ruleset} rules - {seats}", LINE, "bold"),
        score_table(state),
    ]
    if state.holdings:
        hands = table(("#", "player", "category", "chapter", "used"), "Helping Hands")
        for h in state.holdings:
            card = state.catalogue.helping_hands.get(h.number)
            name = f"{h.number} {card.name}" if card else str(h.number)
            used = (
                "in play"
                if h.category == "friendship"
                else (f"chapter {h.used_in}" if h.used_in is not None else "-")
            )
            hands.add_row(cell(name), cell(h.player), cell(h.category), str(h.chapter), used)
        parts.append(hands)
    if state.bans:
        bans = ", ".join(f"{b.card} ({b.player}, chapter {b.chapter})" for b in state.bans)
        parts.append(cell(f"Banned: {bans}", LINE))
    return Group(*parts)


def explanation_table(facts: Sequence[dict[str, Any]]) -> Table:
    """Every fact behind the score (``projections.queries.score_facts``) and the log entry
    that recorded it."""
    drawn = table(("points", "chapter", "what", "event", "who"), "Explanation")
    for fact in facts:
        points = "+1 Victory" if fact["kind"] == "victory" else "+1 Negative"
        drawn.add_row(
            points,
            str(fact["chapter"]),
            cell(fact["what"], LINE),
            f"#{fact['event']}",
            cell(fact["logged_by"]),
        )
    return drawn


def replay_table(steps: Sequence[ReplayStep]) -> RenderableType:
    """A chapter action by action, with the board's key numbers after each (a few lines
    each when the table would cut words)."""
    rows = [_replay_row(step) for step in steps if step.state.chapter is not None]
    drawn = table(("#", "action", "phase", "turn", "trials", "morale", "No Man's Land"))
    lines: list[Text] = []
    for version, summary, phase, turn, trials, morale, nml in rows:
        drawn.add_row(version, summary, phase, turn, trials, morale, nml)
        lines.append(Text(f"#{version} ").append_text(summary))
        lines.append(Text("   ").append_text(phase).append(", turn ").append_text(turn))
        lines[-1].append(f", Trials {trials}, Morale {morale}")
        lines.append(Text("   No Man's Land: ").append_text(nml))
    return FirstFit(drawn, Group(*lines), words=True)


def _replay_row(step: ReplayStep) -> tuple[str, Text, Text, Text, str, str, Text]:
    chapter = step.state.chapter
    assert chapter is not None
    turn = chapter.active_player.name if chapter.active_player else "-"
    return (
        str(step.version),
        cell(step.summary, LINE),
        cell(str(chapter.phase)),
        cell(turn),
        str(len(chapter.trials)),
        str(len(chapter.morale)),
        cell(", ".join(chapter.nml) or "-", LINE),
    )
