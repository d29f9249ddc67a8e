"""A Grid (the board's players, the score, the campaign's Helping Hands, the score's
explanation) draws exactly what rich's Table draws (no box; with or without edge padding,
a title, bold rows), at any console width, in colour or not: directly when it fits, as
the Table when it does not (a card's facts: tests/cli/test_card_facts.py)."""

from __future__ import annotations

import io

from hypothesis import assume, given
from hypothesis import strategies as st
from rich.console import Console, RenderableType

from cli.grid import Grid

CELL = st.text(st.sampled_from("abcxyz -+()éÉ*0123456789"), max_size=14).map(str.strip)


def drawn(renderable: RenderableType, width: int, colour: bool = False) -> str:
    console = Console(
        width=width,
        file=io.StringIO(),
        color_system="standard" if colour else None,
        force_terminal=colour,
    )
    console.print(renderable)
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


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
    import subprocess
    import sys

    code = (
        "import sys; from cli.grid import Grid; from rich.console import Console\n"
        "g = Grid(('', 'Grizzled', 'charm')); g.add_row('L*', 'Ann', 'night up')\n"
        "Console(width=100, file=open('/dev/null', 'w')).print(g)\n"
        "print('rich.table' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
