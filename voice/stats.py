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
from voice.lang import N_, _, chapter_said, detail_said, each, ngettext
from voice.shown import SHORT, shown

Doc = dict[str, Any]
MOST = 10  # bars in a chart: the most frequent
ENDINGS = {  # how a chapter ended, by its outcome's reason code (chapter_state.outcome)
    "won": N_("won"),
    "hard-knocks": N_("lost: Hard Knocks"),
    "monument": N_("lost: the Monument"),
    "hands": N_("lost: cards in hands"),
}


def _chapter(row: Doc) -> str:
    """``Friday, chapter 2`` (``What if, chapter 2 (what-if)`` in a what-if branch)."""
    chapter = row["chapter_name"] or _("chapter {number}").format(number=row["chapter"])
    if chapter in ("Boot Camp", f"chapter {row['chapter']}"):  # stored in English
        chapter = chapter_said(int(row["chapter"]))
    mark = _(" (what-if)") if row.get("what_if") else ""
    return f"{shown(row['campaign'], SHORT)}, {chapter}{mark}"


def _result(row: Doc) -> str:
    if row["phase"] != "over":
        return _("being played")
    if (row["outcome"] or "") in ENDINGS:
        return _(ENDINGS[row["outcome"]])
    why = detail_said(row["outcome_detail"]) if row["outcome_detail"] else row["outcome"]
    return _("lost: {reason}").format(reason=why)


def _bars(title: str, counted: list[tuple[str, int]], empty: str) -> list[Said]:
    """A chart's title and its bars (the ``MOST`` biggest), or one line saying none."""
    if not counted:
        return [Said(_("{title}: {none}.").format(title=title, none=empty), "title", {})]
    bars = [(name, count) for name, count in counted[:MOST]]
    text = _("; ").join(f"{name} {count}" for name, count in bars)
    return [
        Said(_("{title}:").format(title=title), "title", {}),
        Said(text, "bars", {"bars": bars}),
    ]


def _played(chapters: list[Doc]) -> tuple[str, int, int]:
    """``2 chapters played: 1 won, 0 lost, 1 being played``, and the won and lost."""
    over = [c for c in chapters if c["phase"] == "over"]
    won = sum(1 for c in over if c["outcome"] == "won")
    playing = len(chapters) - len(over)
    text = ngettext(
        "{count} chapter played: {won} won, {lost} lost",
        "{count} chapters played: {won} won, {lost} lost",
        len(chapters),
    ).format(count=len(chapters), won=won, lost=len(over) - won)
    text += _(", {count} being played").format(count=playing) if playing else ""
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
    what_if = _(" ({count} a what-if branch)").format(count=branches) if branches == 1 else ""
    what_if = _(" ({count} what-if branches)").format(count=branches) if branches > 1 else what_if
    played, won, lost = _played(own)
    apart = (
        _("; in the what-if branches: {played}").format(played=_played(what_ifs)[0])
        if what_ifs
        else ""
    )
    headline = ngettext("{count} campaign", "{count} campaigns", count).format(count=count)
    said = [
        Said(
            f"{headline}{what_if}, {played}{apart}.",
            "title",
            {"campaigns": count, "chapters": len(own), "won": won, "lost": lost},
        )
    ]
    if not chapters:
        return said
    rows = [[_chapter(c), _result(c), str(c["mission"]), str(c["morale"])] for c in chapters]
    columns = list(each((N_("chapter"), N_("result"), N_("Missions"), N_("Morale left"))))
    said.append(
        Said("\n".join(", ".join(r) for r in rows), "table", {"columns": columns, "rows": rows})
    )
    endings: dict[str, int] = {}
    for c in own:
        if c["phase"] == "over":
            endings[_result(c)] = endings.get(_result(c), 0) + 1
    said += _bars(
        _("How the chapters ended") + (_(" (what-if branches left out)") if what_ifs else ""),
        sorted(endings.items(), key=lambda e: -e[1]),
        _("none yet"),
    )
    said += _bars(
        _("Hard Knocks met most"),
        [(label(card), n) for card, n in stats["hard_knocks"]],
        _("none met"),
    )
    said += _bars(
        _("Who withdrew first from each Mission"), _named(stats["first_out"]), _("nobody yet")
    )
    said += _bars(_("Speeches made"), _named(stats["speeches"]), _("none"))
    said += _bars(
        _("Missions per chapter"), [(_chapter(c), int(c["mission"])) for c in chapters], _("none")
    )
    lines = [(_chapter(c), list(c["morale_line"])) for c in chapters]
    said.append(
        Said(_("Morale Reserve through each chapter (after each Morale Drop):"), "title", {})
    )
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
    said.append(Said(_("Undos per evening:"), "title", {}))
    columns = list(each((N_("evening"), N_("began"), N_("actions"), N_("undos"))))
    said.append(
        Said(
            "\n".join(", ".join(e) for e in evenings),
            "table",
            {"columns": columns, "rows": evenings},
        )
    )
    return said


def _named(counted: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return [(shown(name, SHORT), n) for name, n in counted]
