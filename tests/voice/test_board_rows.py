"""The board's rows are the voice's (voice/board.py): a face draws each row by its kind and
styles the spans the voice marks, composing no words of its own."""

from __future__ import annotations

from rich.console import Console

from cli.board import styled
from voice import joined
from voice.board import threats


def test_the_threats_line_is_spans_that_spell_it_with_each_count_as_a_fact() -> None:
    doc = {
        "threats": {"night": 2, "gas": 1},
        "no_mans_land": ["night", "gas"],
        "orders_in_play": [],
    }

    line = threats(doc)

    assert line.text == "Threats: night x2 ! (1 on Hard Knocks)  gas x1"
    assert joined(line.spans) == line.text
    assert [(s.text, s.value) for s in line.spans if s.kind == "threat"] == [
        ("night x2 !", 2),
        ("  gas x1", 1),
    ]
    assert line.facts == {"night": 2, "gas": 1}


def test_the_command_line_styles_a_threat_two_of_a_kind_in_bold_red_from_its_span() -> None:
    doc = {"threats": {"night": 2, "gas": 1}, "no_mans_land": ["night", "gas"]}
    console = Console(width=100, color_system="standard", force_terminal=True, record=True)

    console.print(styled(threats(doc)))

    drawn = console.export_text(styles=True)
    assert "\x1b[1;31mnight x2 !\x1b[0m" in drawn
    assert "\x1b[1;31m" not in drawn.split("gas")[1]
