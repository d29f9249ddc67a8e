"""The statistics page (``/stats``): what the application counts across the campaigns
(``app.readings.stats``, the document ``grizzled stats --json`` prints), in the voice's
words (``voice.stats``), drawn as SVG for a phone: a bar chart per count and a Morale line
per chapter. The geometry is computed here (plain numbers for the template); every word
and number shown is the voice's."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app import readings
from voice import public
from voice.stats import stats_said

WIDE = 100.0  # the viewBox width a bar or a line is drawn in
HIGH = 40.0  # a Morale line's viewBox height


@dataclass(frozen=True)
class Bar:
    """One bar: its label, its count and its length (0-100 of the row's width)."""

    label: str
    count: int
    length: float


@dataclass(frozen=True)
class Line:
    """One chapter's Morale line: its name, the points as an SVG polyline, its values."""

    name: str
    points: str
    values: list[int]
    dots: list[tuple[float, float]]  # each point, drawn too (a line of one is a dot)


@dataclass(frozen=True)
class Piece:
    """One piece of the page, as the voice said it: a title, a table, bars or lines."""

    kind: str
    text: str
    columns: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    bars: list[Bar] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)


def stats_page(where: Path | str) -> list[Piece]:
    """The statistics of the campaigns at ``where`` (a file or a club's server)."""
    return pieces(readings.stats(readings.Reading(str(where))))


def pieces(doc: dict[str, Any]) -> list[Piece]:
    """The page's pieces from the statistics' document (``stats --json``'s)."""
    found = []
    for said in map(public, stats_said(doc)):
        facts = said.facts
        if said.kind == "bars":
            found.append(Piece("bars", said.text, bars=bars(facts["bars"])))
        elif said.kind == "lines":
            found.append(Piece("lines", said.text, lines=lines(facts["lines"])))
        elif said.kind == "table":
            found.append(Piece("table", said.text, list(facts["columns"]), facts["rows"]))
        else:
            found.append(Piece(said.kind, said.text))
    return found


def bars(counted: list[tuple[str, int]]) -> list[Bar]:
    """Each count as a bar, the biggest the whole width."""
    most = max((count for _, count in counted), default=0) or 1
    return [Bar(str(name), int(n), round(WIDE * int(n) / most, 2)) for name, n in counted]


def lines(named: list[tuple[str, list[int]]]) -> list[Line]:
    """Each chapter's Morale Reserve after each Drop, on one scale for all (0 at the
    bottom, the highest value shown at the top)."""
    top = max((max(points) for _, points in named if points), default=0) or 1
    drawn = []
    for name, points in named:
        step = WIDE / max(len(points) - 1, 1)
        dots = [
            (round(i * step, 2), round(HIGH - HIGH * value / top, 2))
            for i, value in enumerate(points)
        ]
        xy = " ".join(f"{x},{y}" for x, y in dots)
        drawn.append(Line(str(name), xy, [int(v) for v in points], dots))
    return drawn
