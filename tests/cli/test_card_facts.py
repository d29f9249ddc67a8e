"""A card's facts draw exactly what rich's Table drew before (no header, no box, cells
padded 2 left and 1 right, the words bold): directly when they fit, as the Table when
they do not, in colour or not."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cli.cmd_cards import facts_table
from tests.cli.drawing import drawn, prints_with_rich_table

TEXT = st.text(st.sampled_from("abcxyz -+()éÉ*0123456789#'.;:漢"), min_size=1, max_size=40)


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
    setup = "from cli.cmd_cards import facts_table\nf = facts_table()\n"
    setup += "f.add_row('where', 'in the box (not in play)')"
    assert not prints_with_rich_table(setup, "f")
