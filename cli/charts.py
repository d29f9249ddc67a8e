"""The statistics drawn: tables, bar charts (rich's ``Bar``) and a Morale line per
chapter, from what the voice says (``voice.stats``: a ``Said`` a piece, its ``kind``
telling how to draw it). Pure functions returning renderables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from cli.render import table

if TYPE_CHECKING:
    from rich.console import RenderableType

    from voice import Said

SPARKS = "▁▂▃▄▅▆▇█"  # a point's height, from the least to the highest Morale Reserve shown
ZERO = "·"  # an empty Morale Reserve: never drawn like a small one
BAR_MOST = 40  # columns a bar may take


def bars(counted: Sequence[tuple[str, int]]) -> RenderableType:
    """A bar chart: a label, a bar as long as its count (the biggest ``BAR_MOST`` wide)
    and the count, a row each."""
    from rich.bar import Bar
    from rich.table import Table

    chart = Table(box=None, show_header=False, show_edge=False, pad_edge=False)
    chart.add_column(overflow="fold")
    chart.add_column(ratio=1, max_width=BAR_MOST)
    chart.add_column(justify="right", no_wrap=True)
    most = max((count for _, count in counted), default=0) or 1
    for name, count in counted:
        chart.add_row(Text(name), Bar(most, 0, count), str(count))
    return chart


def spark(points: Sequence[int], top: int) -> str:
    """A line of ``points`` (0 to ``top``), a block a point: a zero as ``ZERO``, any
    other point as a block at least one high."""
    last = len(SPARKS) - 1
    return "".join(
        SPARKS[round(last * min(p, top) / top) if top else 0] if p > 0 else ZERO for p in points
    )


def morale_lines(lines: Sequence[tuple[str, Sequence[int]]]) -> RenderableType:
    """A Morale line per chapter: its label, the Reserve at setup, the line, where it
    ended."""
    top = max((max(points, default=0) for _, points in lines), default=0)
    drawn = table(["", "", "", ""], edge=False)
    drawn.header = False
    for name, points in lines:
        if points:
            drawn.add_row(name, str(points[0]), spark(points, top), str(points[-1]))
    return drawn


def stats_view(said: Sequence[Said]) -> list[RenderableType]:
    """Each piece of the statistics drawn by its kind."""
    drawn: list[RenderableType] = []
    for piece in said:
        facts: Mapping[str, Any] = piece.facts
        if piece.kind == "table":
            grid = table(facts["columns"], edge=False)
            for row in facts["rows"]:
                grid.add_row(*row)
            drawn.append(grid)
        elif piece.kind == "bars":
            drawn.append(bars(facts["bars"]))
        elif piece.kind == "lines":
            drawn.append(morale_lines(facts["lines"]))
        else:
            drawn.append(Text(piece.text))
    return drawn
