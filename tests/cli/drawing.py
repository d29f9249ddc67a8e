"""What a renderable prints, and whether printing it imports ``rich.table``: the tests of
the tables grizzled draws directly (tests/cli/test_board_grid.py, test_card_facts.py)."""

from __future__ import annotations

import io
import subprocess
import sys

from rich.console import Console, RenderableType


def drawn(renderable: RenderableType, width: int, colour: bool = False) -> str:
    """What ``renderable`` prints on a console ``width`` columns wide, in colour or not."""
    console = Console(
        width=width,
        file=io.StringIO(),
        color_system="standard" if colour else None,
        force_terminal=colour,
    )
    console.print(renderable)
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


def prints_with_rich_table(setup: str, renderable: str) -> bool:
    """Whether a fresh interpreter that runs ``setup`` and prints the expression
    ``renderable`` at 100 columns has imported ``rich.table`` by then."""
    code = (
        f"import sys; from rich.console import Console\n{setup}\n"
        f"Console(width=100, file=open('/dev/null', 'w')).print({renderable})\n"
        "print('rich.table' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip() == "True"
