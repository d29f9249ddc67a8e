"""``grizzled log`` as a person reads it, in plain lines: entries grouped under the day and
session they were logged in, each with its time, who logged it, what happened and why, and
the span of an undone action's words a face strikes through."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator, Sequence
from datetime import date, datetime
from typing import Any, NamedTuple

from voice.lang import N_, _, ngettext
from voice.shown import LINE, shown
from voice.summary import said as summary_said

Entry = dict[str, Any]
NO_ENTRY = N_("No entry matches.")
WHO_MOST = 16  # characters of who logged an entry, in the log's column
DAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)


def _local(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp).astimezone()


def what(entry: Entry) -> str:
    """An entry's line: what happened, and why when the group said."""
    versions = ", #".join(map(str, entry["actions"]))
    if entry["kind"] == "ActionsUndone":
        said = _("undo of #{numbers}").format(numbers=versions)
    elif entry["kind"] == "ActionsRedone":
        said = _("redo of #{numbers}").format(numbers=versions)
    else:
        said = summary_said(entry["summary"])
    if not entry["reason"]:
        return said
    return _("{said} (why: {reason})").format(said=said, reason=entry["reason"])


def heading(day: date, session: str) -> str:
    """``Tue 24 Nov 2026`` and the session, unless it is named after that day."""
    said = f"{_(DAYS[day.weekday()])} {day:%d} {_(MONTHS[day.month - 1])} {day:%Y}"
    if session == day.isoformat():
        return said
    return _("{day}, session {session}").format(day=said, session=repr(session))


def taken_by(version: int, by: Entry, why: bool = False) -> str:
    """What took action ``version`` off the line (``by``: that undo's or revert's log
    entry), in the log's words, with its reason when ``why`` (a revert's reason is the
    reverted action's, not the ones it decided again)."""
    took = version == min(by["actions"] or [version])
    if by["kind"] != "ActionReverted":
        said = _("taken back by the undo #{number}").format(number=by["version"])
    elif took:
        said = _("reverted by #{number}").format(number=by["version"])
    else:
        return _("decided again in #{number}").format(number=by["version"])
    return f"{said}: {by['reason']}" if why and by["reason"] else said


def _off_line(entries: Iterable[Entry]) -> dict[int, str]:
    """What took an undone entry off the line, when a revert in view did: the reverted
    action, then the ones it decided again."""
    return {
        version: taken_by(version, entry)
        for entry in entries
        if entry["kind"] == "ActionReverted" and not entry["undone"]
        for version in entry["actions"] or ()
    }


class Line(NamedTuple):
    """One line of the log as printed: its text, the span of it a terminal strikes through
    (an undone action's words), and whether it is a heading."""

    text: str
    struck: tuple[int, int] = (0, 0)
    heading: bool = False


class Layout(NamedTuple):
    """The log's columns: the number's and who's widths, the words' indent and room, and
    what took each undone entry off the line when a revert in view did."""

    number: int
    who: int
    indent: int
    room: int
    off: dict[int, str]

    @staticmethod
    def of(newest: int, names: Iterable[str], reverts: Iterable[Entry], width: int) -> Layout:
        """The layout of entries numbered up to ``newest``, logged by ``names``, with
        ``reverts`` (the standing reverts among them)."""
        number = len(str(newest))
        who = min(WHO_MOST, max(3, max((len(shown(n, WHO_MOST)) for n in names), default=3)))
        indent = number + 2 + 5 + 2 + who + 2
        return Layout(number, who, indent, max(20, width - indent), _off_line(reverts))


def history_lines(entries: Sequence[Entry], width: int, earlier: int = 0) -> list[Line]:
    """The log laid out in plain lines ``width`` wide: under a heading per day and session,
    each entry's number, time, who and what (wrapped under itself), undone actions said in
    words. Plain strings: 50,000 entries print in a moment (a rich table took 25 s)."""
    lines: list[Line] = []
    if earlier:
        lines.append(
            Line(
                ngettext(
                    "{count} earlier entry: grizzled log --all "
                    "(or --last N, --chapter N, --session S, --since DATE)",
                    "{count} earlier entries: grizzled log --all "
                    "(or --last N, --chapter N, --session S, --since DATE)",
                    earlier,
                ).format(count=earlier)
            )
        )
    if not entries:
        return [*lines, Line(_(NO_ENTRY))]
    layout = Layout.of(
        max(entry["version"] for entry in entries),
        (entry["logged_by"] for entry in entries),
        entries,
        width,
    )
    return [*lines, *entry_lines(entries, layout)]


def entry_lines(entries: Iterable[Entry], layout: Layout) -> Iterator[Line]:
    """``history_lines`` of entries as they come (a whole log is never held), laid out by
    ``layout``; nothing when there are none."""
    number, who, indent, room, off = layout
    group: tuple[date, str] | None = None
    for entry in entries:
        when = _local(entry["time"])
        key = (when.date(), str(entry["session"]))
        if key != group:
            yield Line(shown(heading(*key), LINE), heading=True)
            time, by, done = _("time"), _("who"), _("what")
            yield Line(f"{'#':>{number}}  {time:<5}  {by:<{who}}  {done}", heading=True)
            group = key
        said = shown(what(entry), LINE)
        undone = off.get(entry["version"], _("undone"))
        suffix = f" ({undone})" if entry["undone"] else ""
        chunks = textwrap.wrap(
            said + suffix, room, break_long_words=True, break_on_hyphens=False
        ) or [""]
        prefix = (
            f"{entry['version']:>{number}}  {when:%H:%M}  "
            f"{shown(entry['logged_by'], WHO_MOST):<{who}}  "
        )
        left = len(said) if entry["undone"] else 0  # how much of the words is struck
        for i, chunk in enumerate(chunks):
            struck = min(left, len(chunk))
            yield Line((prefix if i == 0 else " " * indent) + chunk, (indent, indent + struck))
            left = max(0, left - struck - 1)
