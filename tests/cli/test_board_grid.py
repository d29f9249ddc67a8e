"""A Grid (the board's players, the score, the campaign's Helping Hands, the score's
explanation) draws exactly what rich's Table draws (no box; with or without edge padding,
a title, bold rows), at any console width, in colour or not: directly when it fits, as
the Table when it does not (a card's facts: tests/cli/test_card_facts.py)."""

from __future__ import annotations

import io

from hypothesis import assume, given
from hypothesis import strategies as st
from rich.console import Console

from cli.grid import Grid
from tests.cli.drawing import drawn, prints_with_rich_table

CELL = st.text(st.sampled_from("abcxyz -+()éÉ*0123456789"), max_size=14).map(str.strip)


@given(
    columns=st.integers(1, 8),
    data=st.data(),
    width=st.integers(12, 120),
    colour=st.booleans(),
)
def test_the_grid_draws_what_richs_table_draws_at_any_width(
    columns: int, data: st.DataObject, width: int, colour: bool
) -> None:
    headers = tuple(data.draw(st.lists(CELL, min_size=columns, max_size=columns)))
    title = data.draw(st.none() | st.text(st.sampled_from("abcxyz -"), min_size=1, max_size=30))
    grid = Grid(headers, edge=data.draw(st.booleans()), title=title, fold=data.draw(st.booleans()))
    for row in data.draw(st.lists(st.lists(CELL, min_size=columns, max_size=columns))):
        grid.add_row(*row, style=data.draw(st.sampled_from(("", "bold"))))

    # in colour, only grids with some text: a Table whose every cell is empty leaves its
    # header unstyled, which no table of ours is
    cells = (*headers, *(cell for row, _ in grid.rows for cell in row))
    assume(not colour or any(cells))
    assert drawn(grid, width, colour) == drawn(grid.table(), width, colour)


@given(columns=st.integers(1, 6), data=st.data(), width=st.integers(12, 120))
def test_a_grid_measures_what_it_draws(columns: int, data: st.DataObject, width: int) -> None:
    from rich.measure import Measurement

    headers = tuple(data.draw(st.lists(CELL, min_size=columns, max_size=columns)))
    grid = Grid(headers, edge=data.draw(st.booleans()))
    for row in data.draw(st.lists(st.lists(CELL, min_size=columns, max_size=columns))):
        grid.add_row(*row)
    console = Console(width=width, color_system=None, file=io.StringIO())

    measured = Measurement.get(console, console.options, grid)
    widest = max(map(len, drawn(grid, width).splitlines()))

    if grid.fits(width):  # else rich's Table measures itself
        assert measured.maximum == measured.minimum == widest == grid.width()


def test_a_board_that_fits_is_drawn_without_importing_rich_table() -> None:
    setup = "from cli.grid import Grid\ng = Grid(('', 'Grizzled', 'charm'))\n"
    setup += "g.add_row('L*', 'Ann', 'night up')"
    assert not prints_with_rich_table(setup, "g")
