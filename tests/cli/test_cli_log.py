"""``grizzled log`` months later (issue 15): each entry under its day and session, with who
logged it and why; filters by chapter, session, date and kind; the latest screenful on a
terminal."""

from __future__ import annotations

import io
from datetime import date, datetime

import pytest
from rich.console import Console

from cli import logview
from tests.cli.conftest import Grizzled
from tests.cli.tables import win_the_tiny_mission

FRIDAY = datetime(2026, 11, 13, 20, 15).astimezone()
SATURDAY = datetime(2026, 11, 14, 21, 40).astimezone()


def entry(version, kind, summary, *, when=FRIDAY, session="2026-11-13", **more):
    """A row of the log (``projections.queries.history``)."""
    row = {
        "version": version,
        "kind": kind,
        "summary": summary,
        "time": when.isoformat(),
        "logged_by": "ann",
        "session": session,
        "chapter": 1,
        "undone": False,
        "events": [],
        "actions": [],
        "reason": "",
    }
    return {**row, **more}


ENTRIES = [
    entry(1, "Created", "campaign 'Friday' created"),
    entry(2, "ActionLogged", "Ben plays snow+rain", undone=True, logged_by="ben"),
    entry(3, "ActionsUndone", "", actions=[2], reason="it was snow+whistle"),
    entry(
        4,
        "ActionLogged",
        "correction: trials 9",
        reason="we miscounted",
        when=SATURDAY,
        session="Saturday at Cy's",
    ),
]


def text(renderable, width=100, styles=False):
    console = Console(
        width=width, color_system="standard" if styles else None, record=True, file=io.StringIO()
    )
    console.print(renderable)
    return [line.rstrip() for line in console.export_text(styles=styles).splitlines()]


def test_each_entry_is_under_its_day_and_session_with_its_time_who_and_why():
    assert text(logview.history_view(ENTRIES)) == [
        "Fri 13 Nov 2026",
        "#  time   who  what",
        "1  20:15  ann  campaign 'Friday' created",
        "2  20:15  ben  Ben plays snow+rain (undone)",
        "3  20:15  ann  undo of #2 (why: it was snow+whistle)",
        'Sat 14 Nov 2026, session "Saturday at Cy\'s"',
        "#  time   who  what",
        "4  21:40  ann  correction: trials 9 (why: we miscounted)",
    ]


def test_a_long_entry_wraps_under_its_own_words():
    said = " ".join("x" * 30)
    long = entry(12, "ActionLogged", "correction: trials 9", reason=said, logged_by="ann")

    lines = [line.text for line in logview.history_lines([long], width=50)]

    assert lines[2].startswith("12  20:15  ann  correction: trials 9 (why: x x")
    assert all(line.startswith(" " * 16) and len(line) <= 50 for line in lines[3:])
    assert " ".join(" ".join(lines[2:]).split()).endswith("x x)")


def test_an_undone_action_is_struck_through_on_a_terminal():
    styled = text(logview.history_view(ENTRIES), styles=True)

    assert "\x1b[2;9mBen plays snow+rain" in styled[3]
    assert "\x1b[2;9m" not in styled[2] + styled[4]


def test_a_screenful_says_how_many_earlier_entries_there_are_and_how_to_see_them():
    shown = text(logview.history_view(ENTRIES[-1:], earlier=3))

    assert shown[0].startswith("3 earlier entries: grizzled log --all")


def test_since_reads_a_local_date_a_local_time_today_and_yesterday():
    today = date(2026, 11, 24)
    midnight = datetime(2026, 11, 24).astimezone()

    assert datetime.fromisoformat(logview.since("today", today)) == midnight
    assert datetime.fromisoformat(logview.since("2026-11-24", today)) == midnight
    assert (
        datetime.fromisoformat(logview.since("yesterday", today))
        == datetime(2026, 11, 23).astimezone()
    )
    assert (
        datetime.fromisoformat(logview.since("2026-11-24 20:30"))
        == datetime(2026, 11, 24, 20, 30).astimezone()
    )


# --- through the command ---------------------------------------------------------------------
@pytest.fixture
def evenings(armistice: Grizzled, monkeypatch: pytest.MonkeyPatch) -> Grizzled:
    """Autumn over two sessions: Boot Camp skipped and chapter 1's Briefing entered on the
    first, chapter 1 played, corrected, re-briefed and won on the second."""
    monkeypatch.setenv("GRIZZLED_SESSION", "first evening")
    armistice.ok("skip-boot-camp")
    armistice.ok("briefing 1 --trials 3 --morale 20 --first 2")
    monkeypatch.setenv("GRIZZLED_SESSION", "second evening")
    armistice.ok("briefing 1 --trials 3 --morale 20 --first 1 -r 'the card says 1'")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("correct morale 19 -r 'a card fell under the table'")
    win_the_tiny_mission(armistice)
    return armistice


@pytest.mark.backends
def test_reasons_of_corrections_and_re_entries_are_shown_and_stored(evenings):
    out = evenings.ok("log")

    assert "correction: morale 19 (why: a card fell under the table)" in out
    assert "Briefing of chapter 1 (why: the card says 1)" in out
    reasons = {e["version"]: e["reason"] for e in evenings.json("log --kind correction")}
    assert list(reasons.values()) == ["a card fell under the table"]


@pytest.mark.backends
def test_an_award_says_who_got_which_helping_hand_and_which_were_not_taken(evenings):
    evenings.conclude(1, (31, 32, 33))
    evenings.ok("award 32:ben 33:cy")

    (award,) = evenings.json("log --kind award")

    assert award["summary"] == "Helping Hands awarded: #32 to Ben, #33 to Cy, #31 not taken"


@pytest.mark.backends
def test_the_log_is_filtered_by_session_chapter_date_and_kind(evenings):
    first = evenings.json("log", "--session", "first evening")
    assert [e["summary"] for e in first][-1] == "Briefing of chapter 1"
    assert {e["session"] for e in first} == {"first evening"}
    sessions = ("test evening", "first evening", "second evening")  # the campaign's, then two
    counts = [len(evenings.json("log", "--session", name)) for name in sessions]
    assert counts[0] == 1 and sum(counts) == len(evenings.json("log"))

    chapter = evenings.json("log --chapter 1")
    assert chapter[0]["summary"].startswith("chapter start")
    assert {e["chapter"] for e in chapter} == {1}

    assert evenings.json("log --since yesterday") == evenings.json("log")
    tomorrow = date.fromordinal(date.today().toordinal() + 1).isoformat()
    assert evenings.json("log", "--since", tomorrow) == []
    assert "No entry matches." in evenings.ok("log", "--since", tomorrow)

    undone_or_briefed = evenings.json("log --kind briefing --kind BootCampSkipped")
    assert [e["events"] for e in undone_or_briefed] == [
        ["BootCampSkipped"],
        ["BriefingEntered"],
        ["BriefingEntered"],
    ]


@pytest.mark.backends
def test_a_mistyped_kind_or_date_is_a_usage_error(evenings):
    assert "'fish' is not a kind of entry" in evenings.refused("log --kind fish", code=2)
    assert "write a date (2026-11-12)" in evenings.refused("log --since 12/11", code=2)


@pytest.mark.backends
def test_a_terminal_shows_the_latest_screenful_and_all_on_request(evenings, monkeypatch):
    every = evenings.json("log")
    monkeypatch.setenv("TTY_INTERACTIVE", "1")
    monkeypatch.setenv("LINES", "14")  # 14 - 8 lines of headings, hint and header: 6 entries

    out = evenings.ok("log")

    assert out.splitlines()[0].startswith(f"{len(every) - 6} earlier entries: grizzled log --all")
    numbers = [line.split()[0] for line in out.splitlines()[1:] if line[:2].strip().isdigit()]
    assert numbers == [str(e["version"]) for e in every[-6:]]
    assert evenings.ok("log --last 100").count("\n") > out.count("\n")
