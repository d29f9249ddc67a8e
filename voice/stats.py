"""What ``grizzled stats`` says: the statistics of a file's campaigns in words, a table
or a chart each (``projections.stats.file_stats``: the facts behind them).

Each piece is a ``Said`` whose ``kind`` tells a face how to draw it: ``title`` (a line),
``table`` (facts: ``columns`` and ``rows`` of cells), ``bars`` (facts: ``bars``, a label
and a count each: a bar chart) and ``lines`` (facts: ``lines``, a label and the Morale
Reserve's points each: a line per chapter). The text is the same in plain words."""

from __future__ import annotations

from typing import Any

from voice import Said
from voice.board import label
from voice.shown import SHORT, shown

Doc = dict[str, Any]
MOST = 10  # bars in a chart: the most frequent
ENDINGS = {  # how a chapter ended, by its outcome's reason code (chapter_state.outcome)
    "won": "won",
    "hard-knocks": "lost: Hard Knocks",
    "monument": "lost: the Monument",
    "hands": "lost: cards in hands",
}


def _chapter(row: Doc) -> str:
    """``Friday, chapter 2`` (``What if, chapter 2 (what-if)`` in a what-if branch)."""
    chapter = row["chapter_name"] or f"chapter {row['chapter']}"
    mark = " (what-if)" if row.get("what_if") else ""
    return f"{shown(row['campaign'], SHORT)}, {chapter}{mark}"


def _result(row: Doc) -> str:
    if row["phase"] != "over":
        return "being played"
    return ENDINGS.get(row["outcome"] or "", f"lost: {row['outcome_detail'] or row['outcome']}")


def _bars(title: str, counted: list[tuple[str, int]], empty: str) -> list[Said]:
    """A chart's title and its bars (the ``MOST`` biggest), or one line saying none."""
    if not counted:
        return [Said(f"{title}: {empty}.", "title", {})]
    bars = [(name, count) for name, count in counted[:MOST]]
    text = "; ".join(f"{name} {count}" for name, count in bars)
    return [Said(f"{title}:", "title", {}), Said(text, "bars", {"bars": bars})]


def _played(chapters: list[Doc]) -> tuple[str, int, int]:
    """``2 chapters played: 1 won, 0 lost, 1 being played``, and the won and lost."""
    over = [c for c in chapters if c["phase"] == "over"]
    won = sum(1 for c in over if c["outcome"] == "won")
    playing = len(chapters) - len(over)
    text = (
        f"{len(chapters)} chapter{'s' if len(chapters) != 1 else ''} played: {won} won, "
        f"{len(over) - won} lost" + (f", {playing} being played" if playing else "")
    )
    return text, won, len(over) - won


def stats_said(stats: Doc) -> list[Said]:
    """The statistics, section by section: the chapters (result, Missions, Morale left),
    how they ended, the Hard Knocks met most, who withdrew first, the Speeches, each
    chapter's Morale line and the undos per evening. A what-if branch's chapters are
    counted apart from the campaigns' own (the headline, how they ended) and marked."""
    names, branched = stats["campaigns"], set(stats.get("branches") or {})
    chapters = [dict(c, what_if=c["campaign"] in branched) for c in stats["chapters"]]
    own = [c for c in chapters if not c["what_if"]]
    what_ifs = [c for c in chapters if c["what_if"]]
    count, branches = len(names), len(branched)
    what_if = f" ({branches} a what-if branch)" if branches == 1 else ""
    what_if = f" ({branches} what-if branches)" if branches > 1 else what_if
    played, won, lost = _played(own)
    apart = f"; in the what-if branches: {_played(what_ifs)[0]}" if what_ifs else ""
    said = [
        Said(
            f"{count} campaign{'s' if count != 1 else ''}{what_if}, {played}{apart}.",
            "title",
            {"campaigns": count, "chapters": len(own), "won": won, "lost": lost},
        )
    ]
    if not chapters:
        return said
    rows = [[_chapter(c), _result(c), str(c["mission"]), str(c["morale"])] for c in chapters]
    columns = ["chapter", "result", "Missions", "Morale left"]
    said.append(
        Said("\n".join(", ".join(r) for r in rows), "table", {"columns": columns, "rows": rows})
    )
    endings: dict[str, int] = {}
    for c in own:
        if c["phase"] == "over":
            endings[_result(c)] = endings.get(_result(c), 0) + 1
    said += _bars(
        "How the chapters ended" + (" (what-if branches left out)" if what_ifs else ""),
        sorted(endings.items(), key=lambda e: -e[1]),
        "none yet",
    )
    said += _bars(
        "Hard Knocks met most",
        [(label(card), n) for card, n in stats["hard_knocks"]],
        "none met",
    )
    said += _bars("Who withdrew first from each Mission", _named(stats["first_out"]), "nobody yet")
    said += _bars("Speeches made", _named(stats["speeches"]), "none")
    said += _bars(
        "Missions per chapter", [(_chapter(c), int(c["mission"])) for c in chapters], "none"
    )
    lines = [(_chapter(c), list(c["morale_line"])) for c in chapters]
    said.append(Said("Morale Reserve through each chapter (after each Morale Drop):", "title", {}))
    said.append(
        Said(
            "\n".join(f"{name}: {' '.join(map(str, points))}" for name, points in lines),
            "lines",
            {"lines": lines},
        )
    )
    evenings = [
        [shown(e["session"], SHORT), e["began"], str(e["actions"]), str(e["undos"])]
        for e in stats["evenings"]
    ]
    said.append(Said("Undos per evening:", "title", {}))
    said.append(
        Said(
            "\n".join(", ".join(e) for e in evenings),
            "table",
            {"columns": ["evening", "began", "actions", "undos"], "rows": evenings},
        )
    )
    return said


def _named(counted: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return [(shown(name, SHORT), n) for name, n in counted]
