"""The board drawn from the documented ``status --json`` document: the voice's rows
(``voice.board``) drawn with rich.

One renderer serves both paths: ``grizzled status`` builds the document straight from the
read models (stdlib sqlite3, no rules engine loaded: start-up time is a feature at the
table), and replays or the demo build it from a domain state (``voice.facts``).

The document may come from a file someone else handed over: every text in it is
``shown`` (control characters escaped, long values cut) before it is said, and nothing
is drawn through rich markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.text import Text

from cli.grid import Grid
from voice import board as said
from voice.board import THREATS, WRAPPED, columns, label, player_cells, player_lines

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

    from voice import Said

__all__ = ["THREATS", "board", "label", "status_view"]
# How the command line styles what the voice marks: a row by its kind, a span by its kind.
ROW_STYLES = {"header": "bold", "result": "bold", "next": "bold", "must-withdraw": "bold red"}
SPAN_STYLES = {"none": "dim", "elsewhere": "dim"}


def styled(piece: Said) -> Text:
    """A piece of the voice as rich ``Text``: its row's style, its spans' styles (a threat
    two or more of a kind in bold red)."""
    text = Text(style=ROW_STYLES.get(piece.kind, ""))
    for span in piece.parts():
        style = SPAN_STYLES.get(span.kind, "")
        if span.kind == "threat" and span.value >= 2:
            style = "bold red"
        text.append(span.text, style)
    return text


class Hanging:
    """A line of the group's own words, wrapped on a narrow console with a hanging indent:
    its leading spaces kept, each line it wraps onto 3 spaces further in."""

    def __init__(self, line: str) -> None:
        self.text = line.lstrip(" ")
        self.indent = len(line) - len(self.text)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.segment import Segment

        width = max(10, options.max_width - self.indent - 3)
        lines = console.render_lines(Text(self.text), options.update_width(width), pad=False)
        for number, line in enumerate(lines):
            yield Segment(" " * (self.indent + (3 if number else 0)))
            yield from line
            yield Segment.line()


def players_table(doc: dict[str, Any]) -> Grid:
    """Everyone around the table, in seat order."""
    table = Grid(columns())
    for player in doc["players"]:
        table.add_row(*player_cells(doc, player))
    return table


class Players:
    """The players' grid when it fits the console; on a narrow one, each player in a few
    lines with every cell named (the grid would have to cut names and Hard Knocks)."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.rows = [player_cells(doc, player) for player in doc["players"]]
        self.grid = players_table(doc)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.grid.fits(options.max_width):
            yield self.grid
            return
        for cells in self.rows:
            for line in player_lines(cells):
                yield Text(line)


def drawn(doc: dict[str, Any], pieces: list[Said]) -> RenderableType:
    """The voice's rows drawn: the players as a grid, the group's own words wrapped with a
    hanging indent, every other row a line."""
    parts: list[RenderableType] = []
    for piece in pieces:
        if piece.kind == "players":
            parts.append(Players(doc))
        elif piece.kind in WRAPPED:
            parts.append(Hanging(piece.text))
        else:
            parts.append(styled(piece))
    return parts[0] if len(parts) == 1 and pieces[0].kind == "empty" else Group(*parts)


def board(doc: dict[str, Any], folded: bool = False) -> RenderableType:
    """The board at a glance: decks, No Man's Land, players, whose turn and what phase
    (``folded``: the cards' texts behind a key, one line per Order, Recruit and the Helping
    Hands, as a table session draws it after each action)."""
    doc = said.shown_board(doc)
    return drawn(doc, said.rows(doc, folded))


def status_view(doc: dict[str, Any]) -> RenderableType:
    """The board, what is legal now, and what comes next."""
    doc = said.shown_board(doc)
    rows = said.status_rows(doc)
    if doc.get("phase") is None:  # no chapter: its line, then the Next line
        return Group(drawn(doc, rows[:1]), styled(rows[-1]))
    board_rows = [r for r in rows if r.kind not in ("legal", "must-withdraw", "next")]
    rest = [styled(r) for r in rows[len(board_rows) :]]
    return Group(drawn(doc, board_rows), *rest)
