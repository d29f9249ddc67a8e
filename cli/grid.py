"""Tables of plain cells drawn directly: what rich's Table draws with no box.

Every table the read commands print (the board's players, the score, the campaign's
Helping Hands, the score's explanation) is left-aligned columns two spaces apart under a
bold header row, perhaps a centred title above and a space at each edge. rich's Table
draws that after measuring every cell twice; its module and its measuring cost ~4 ms of
imports and 5-15 ms of drawing on every command, a fifth of the floor the read commands
are held to (docs/performance.md). A ``Grid`` draws the same characters itself when it
fits the console, and is rich's Table when it does not (which wraps or folds the cells):
tests/cli/test_board_grid.py checks the two draw the same at any width.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.measure import Measurement
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.table import Table


class Grid:
    """Left-aligned columns two spaces apart under a bold header row (``edge``: a space
    before the first column and after the last, as rich's ``pad_edge``; ``title``: a line
    centred above; ``fold``: the Table it becomes on a narrow console folds long cells
    rather than cutting them). A row may have a style (``"bold"``: a total)."""

    def __init__(
        self,
        headers: tuple[str, ...],
        *,
        edge: bool = False,
        title: str | None = None,
        fold: bool = False,
    ) -> None:
        self.headers = headers
        self.edge = edge
        self.title = title
        self.fold = fold
        self.rows: list[tuple[tuple[str, ...], str]] = []

    def add_row(self, *cells: str, style: str = "") -> None:
        """One more row, a cell per column."""
        self.rows.append((cells, style))

    def widths(self) -> list[int]:
        """Each column's width: its widest cell."""
        cells = (self.headers, *(row for row, _ in self.rows))
        return [max(map(cell_len, column)) for column in zip(*cells, strict=True)]

    def width(self) -> int:
        """The width the grid is drawn on: its columns, the gaps, the edges."""
        widths = self.widths()
        return sum(widths) + 2 * (len(widths) - 1) + (2 if self.edge else 0)

    def fits(self, width: int) -> bool:
        """Whether the grid is drawn whole on ``width`` columns (its title on one line)."""
        drawn = self.width()
        title = 0 if self.title is None else cell_len(self.title.rstrip())
        inner = drawn - (2 if self.edge else 0)  # an empty one-column grid: none
        return inner > 0 and drawn <= width and title <= drawn

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if self.fits(options.max_width):
            return Measurement(self.width(), self.width())
        return Measurement.get(console, options, self.table())

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.fits(options.max_width):
            yield self.table()  # too wide to fit, or empty
            return
        widths = self.widths()
        edge = " " if self.edge else ""
        if self.title is not None:
            title = self.title.rstrip()  # as rich centres it
            room = self.width() - cell_len(title)
            left = " " * (room // 2)
            yield Text(left + title + " " * (room - len(left)), style="table.title")
        for row, style in ((self.headers, "bold"), *self.rows):
            cells = (c + " " * (w - cell_len(c)) for c, w in zip(row, widths, strict=True))
            yield Text(edge + "  ".join(cells) + edge, style=style)

    def table(self) -> Table:
        """The same rows as a rich Table."""
        from rich.table import Table

        table = Table(
            show_edge=False, pad_edge=self.edge, box=None, header_style="bold", title=self.title
        )
        for header in self.headers:
            table.add_column(header, overflow="fold" if self.fold else "ellipsis")
        for row, style in self.rows:
            table.add_row(*map(Text, row), style=style or None)  # Text: never read as markup
        return table
