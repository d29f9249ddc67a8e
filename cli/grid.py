"""Tables of plain cells drawn directly: what rich's Table draws with no box.

Every table the read commands print (the board's players, the score, the campaign's
Helping Hands, the score's explanation, a card's facts) is left-aligned columns of plain
text, each cell padded on both sides, perhaps under a bold header row, a centred title
above, a space at each edge. rich's Table draws that after measuring every cell twice;
its module and its measuring cost ~4 ms of imports and 5-15 ms of drawing on every
command, a fifth of the floor the read commands are held to (docs/performance.md). A
``Grid`` writes the same segments itself when it fits the console, and is rich's Table
when it does not (which wraps or folds the cells): tests/cli/test_board_grid.py and
tests/cli/test_card_facts.py check the two draw the same at any width, in colour or not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rich.cells import cell_len
from rich.measure import Measurement
from rich.segment import Segment

from voice import Record

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.style import Style
    from rich.table import Table


class Column(Record):
    """A column: its header, its cells' style, and how the Table a Grid becomes on a
    narrow console fits a long cell (``no_wrap``: never wrapped; ``overflow``: folded onto
    the next line, or cut with an ellipsis). A frozen ``voice.Record``, not a NamedTuple:
    defining one compiles code, ~1 M instructions of every command that draws a table."""

    __slots__ = ("header", "no_wrap", "overflow", "style")
    header: str
    style: str
    no_wrap: bool
    overflow: Literal["fold", "ellipsis"]

    def __init__(
        self,
        header: str = "",
        style: str = "",
        no_wrap: bool = False,
        overflow: Literal["fold", "ellipsis"] = "ellipsis",
    ) -> None:
        self._set(header=header, style=style, no_wrap=no_wrap, overflow=overflow)


class Grid:
    """Left-aligned columns under a bold header row (``header``: none), each cell padded
    ``pad`` (left, right) spaces, so two spaces apart by default (``edge``: the first
    cell's left padding and the last one's right, as rich's ``pad_edge``; ``title``: a
    line centred above; ``fold``: a column given by its header alone folds long cells on
    a narrow console rather than cutting them). A row may have a style (``"bold"``: a
    total)."""

    def __init__(
        self,
        headers: tuple[str | Column, ...],
        *,
        header: bool = True,
        pad: tuple[int, int] = (1, 1),
        edge: bool = False,
        title: str | None = None,
        fold: bool = False,
    ) -> None:
        overflow: Literal["fold", "ellipsis"] = "fold" if fold else "ellipsis"
        self.columns = tuple(
            c if isinstance(c, Column) else Column(c, overflow=overflow) for c in headers
        )
        self.header = header
        self.pad = pad
        self.edge = edge
        self.title = title
        self.rows: list[tuple[tuple[str, ...], str]] = []

    def add_row(self, *cells: str, style: str = "") -> None:
        """One more row, a cell per column."""
        self.rows.append((cells, style))

    def _lines(self) -> list[tuple[tuple[str, ...], str]]:
        """The rows drawn, the header's first when it is shown."""
        head = [(tuple(c.header for c in self.columns), "bold")] if self.header else []
        return [*head, *self.rows]

    def widths(self) -> list[int]:
        """Each column's width: its widest cell (none: no row is drawn)."""
        lines = [row for row, _ in self._lines()]
        return [max(map(cell_len, column)) for column in zip(*lines, strict=True)]

    def _pads(self) -> list[tuple[int, int]]:
        """Each column's left and right padding (the edges' only with ``edge``)."""
        left, right = self.pad
        last = len(self.columns) - 1
        return [
            (left if i or self.edge else 0, right if i < last or self.edge else 0)
            for i in range(len(self.columns))
        ]

    def width(self) -> int:
        """The width the grid is drawn on: its columns and their padding."""
        return sum(self.widths()) + sum(left + right for left, right in self._pads())

    def fits(self, width: int) -> bool:
        """Whether the grid is drawn whole on ``width`` columns (its title on one line)."""
        if not self._lines():
            return False
        drawn = self.width()
        title = 0 if self.title is None else cell_len(self.title.rstrip())
        edges = self.pad[0] + self.pad[1] if self.edge else 0
        return drawn - edges > 0 and drawn <= width and title <= drawn  # not an empty column

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if self.fits(options.max_width):
            return Measurement(self.width(), self.width())
        return Measurement.get(console, options, self.table())

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.fits(options.max_width):
            yield self.table()  # too wide to fit, or empty
            return
        if self.title is not None:
            title = self.title.rstrip()  # as rich centres it
            room = self.width() - cell_len(title)
            before = " " * (room // 2)
            centred = before + title + " " * (room - len(before))
            yield Segment(centred, console.get_style("table.title"))
            yield Segment.line()
        columns = list(zip(self.widths(), self._pads(), self.columns, strict=True))
        for row, row_style in self._lines():
            for cell, (width, (left, right), column) in zip(row, columns, strict=True):
                # the Table's segments: padding, the cell filled to its width, padding (a
                # column of empty cells: its padding in one)
                style = _style(console, column.style, row_style)
                if not width:
                    yield Segment(" " * (left + right), style)
                    continue
                if left:
                    yield Segment(" " * left, style)
                yield Segment(cell + " " * (width - cell_len(cell)), style)
                if right:
                    yield Segment(" " * right, style)
            yield Segment.line()

    def table(self) -> Table:
        """The same rows as a rich Table."""
        from rich.table import Table
        from rich.text import Text

        left, right = self.pad
        table = Table(
            show_header=self.header,
            show_edge=False,
            pad_edge=self.edge,
            box=None,
            header_style="bold",
            title=self.title,
            padding=(0, right, 0, left),
        )
        for column in self.columns:
            table.add_column(
                column.header,
                style=column.style or None,
                no_wrap=column.no_wrap,
                overflow=column.overflow,
            )
        for row, style in self.rows:
            table.add_row(*map(Text, row), style=style or None)  # Text: never read as markup
        return table


def _style(console: Console, column: str, row: str) -> Style:
    """A cell's style: its column's, then its row's."""
    return console.get_style(column or "none") + console.get_style(row or "none")
