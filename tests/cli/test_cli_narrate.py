"""What a command prints is read aloud at the table: plain sentences, said once, with the
right grammar."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


def test_a_one_card_morale_drop_is_said_in_the_singular(armistice):
    armistice.ok("briefing 0 --trials 3 --morale 1 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")
    armistice.ok("withdraw left")
    armistice.ok("withdraw left")

    said = armistice.ok("withdraw left").splitlines()

    assert "Morale drops: 1 card moves to the Trials deck." in said


def test_merry_christmas_is_named_once_whether_or_not_it_discards_a_hard_knock(table):
    alone = table.ok("play merry-christmas").splitlines()[0]
    table.ok("undo")  # its only copy goes back to Ann's hand
    table.ok("play mute")
    aimed = table.ok("play merry-christmas --target ann:mute").splitlines()

    assert alone.startswith("Ann plays Merry Christmas")
    assert aimed[0].startswith("Ben plays Merry Christmas")
    assert [alone.count("Merry Christmas"), aimed[0].count("Merry Christmas")] == [1, 1], (
        alone,
        aimed[0],
    )
    assert "Ann's Mute is discarded." in aimed


@pytest.mark.parametrize("columns", [None, "", "0", "-3", "abc", "1", "60", "100", "240"])
def test_the_narrations_width_is_the_one_shutil_gives(
    columns: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from cli.context import terminal_width

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)

    assert terminal_width() == shutil.get_terminal_size().columns


def test_an_undo_a_redo_and_a_revert_say_their_lines_at_the_terminals_width(
    table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.ok("play night+shell")
    table.ok("play snow+gas")
    monkeypatch.setenv("COLUMNS", "60")

    said = [
        table.ok("undo 2 -y -r 'Ann and Ben played the wrong cards, both of them'"),
        table.ok("redo"),
        table.ok("revert 5 -r 'the second play never happened'"),
    ]

    for out in said:
        lines = out.splitlines()
        assert max(len(line) for line in lines) <= 60, out
        assert sum(line.startswith("Next: ") for line in lines) == 1, out
    assert "both of them" in " ".join(said[0].splitlines())
    assert said[1].startswith("Redone: #")


SPACES = " \t\n\x0b\x0c\r\u00a0\u202f\u2009\u3000"  # ASCII whitespace and French typography's


@given(
    line=st.text(alphabet=st.sampled_from("ab-.?:é" + SPACES), max_size=40),
    width=st.integers(min_value=1, max_value=45),
)
@settings(max_examples=2000, deadline=None)
def test_a_line_is_wrapped_exactly_as_textwrap_wraps_it(line: str, width: int) -> None:
    import textwrap

    from cli.context import wrapped

    assert wrapped(line, width) == textwrap.wrap(line, width)
