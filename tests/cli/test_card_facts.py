"""A card's facts draw exactly what rich's Table drew before (no header, no box, cells
padded 2 left and 1 right, the words bold): directly when they fit, as the Table when
they do not, in colour or not."""

from __future__ import annotations

import io
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console, RenderableType

from cli.cmd_cards import facts_table

TEXT = st.text(st.sampled_from("abcxyz -+()éÉ*0123456789#'.;:漢"), min_size=1, max_size=40)


def drawn(renderable: RenderableType, width: int, colour: bool) -> str:
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
    rows=st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=6),
    width=st.integers(12, 120),
    colour=st.booleans(),
)
def test_the_facts_draw_what_richs_table_draws_at_any_width(
    rows: list[tuple[str, str]], width: int, colour: bool
) -> None:
    facts = facts_table()
    for what, text in rows:
        facts.add_row(what, text)

    assert drawn(facts, width, colour) == drawn(facts.table(), width, colour)


def test_facts_that_fit_are_drawn_without_importing_rich_table() -> None:
    code = (
        "import sys; from cli.cmd_cards import facts_table; from rich.console import Console\n"
        "f = facts_table(); f.add_row('where', 'in the box (not in play)')\n"
        "Console(width=100, file=open('/dev/null', 'w')).print(f)\n"
        "print('rich.table' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
