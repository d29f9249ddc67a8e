"""Writes docs/audit.md by running a real session: two evenings of an Armistice campaign,
then the questions a group asks months later, each answered by commands and their output.

Run ``python -m tests.cli.audit_page`` to rewrite the page; tests/cli/test_audit_page.py
fails when the committed page differs from what the session prints today. As in the
walkthrough (tests/cli/walkthrough.py), only the clock is hidden. A line ``@session NAME``
starts another evening: the commands after it are logged in that session.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from unittest.mock import patch

from tests.cli import walkthrough
from tests.cli.walkthrough import ENV, ROOT, Part

AUDIT = ROOT / "docs" / "audit.md"

INTRO = """# The audit: answering months later

Every action is stored as an event that is never edited or deleted; mistakes are taken
back with new events (a correction, an undo, a revert), each with who logged it, when, in
which session and why. This page plays two evenings of an Armistice campaign, then asks
the questions a group asks months later. Each command below is what was typed; under it is
what `grizzled` printed.

This page is written by `python -m tests.cli.audit_page`, which runs these commands on a
fresh database (a test fails when the page is out of date). Only the clock is hidden: the
log shows `hh:mm` where yours shows the time, and `Ddd DD Mmm YYYY` where it shows the day.
The cards' names and texts are made up: the Armistice texts are not public, and each group
types its own box's."""

SESSION: tuple[Part, ...] = (
    """## The first evening

Ann, Ben and Cy skip Boot Camp and play chapter 1. Ann logs; the session is named after
the evening (`GRIZZLED_SESSION`, else the date).""",
    "@session first evening",
    "$ grizzled campaign new Autumn --rules armistice -p ann:night -p ben:snow -p cy:rain",
    "$ grizzled skip-boot-camp",
    '$ grizzled describe hand 31 "Test hand A" action --effect "Test text A."',
    '$ grizzled describe hand 32 "Test hand B" friendship --effect "Test text B."',
    '$ grizzled describe hand 33 "Test hand C" friendship --effect "Test text C."',
    '$ grizzled briefing 1 --trials 3 --morale 1 --first 1 --title "Test title"',
    "$ grizzled chapter start --leader ann --tiles left,left,right",
    "$ grizzled mission start 1",
    "$ grizzled correct morale 2 -r 'a card was stuck to the box lid'",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    """Chapter 1 is lost. Its Conclusion earns one Helping Hand when lost; the group takes
it, and bans a card.""",
    "$ grizzled conclusion 1 --reward won:0:2 --reward lost:0:1 --offer 31,32",
    "$ grizzled award 31:ben",
    "$ grizzled ban cy snow+gas -r 'Cy drew it three times'",
    """## The second evening

A week later, at Cy's. Chapter 2; a play is logged by mistake and undone, and a
correction from the first evening turns out to be wrong: it is reverted, and what came
after it is kept.""",
    "@session second evening",
    "$ grizzled briefing 2 --trials 3 --morale 20 --first 1",
    "$ grizzled chapter start --leader ben --tiles left,left,right --grizzled ann:gas",
    "$ grizzled mission start 1",
    "$ grizzled play rain+gas",
    '$ grizzled undo -r "it was night+snow"',
    "$ grizzled play night+snow",
    "$ grizzled correct stock 4 -r 'we thought a token was lost'",
    "$ grizzled play shell+whistle",
    "$ grizzled play snow+rain",
    "$ grizzled revert 22 -r 'the token was under the board'",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    "$ grizzled conclusion 2 --reward won:0:1 --offer 33",
    "$ grizzled award 33:ann",
    """## Why is our score what it is?

The score per chapter, how each chapter's Helping Hands were decided (the Conclusion's
rule, the Morale left, how many were earned, taken and not taken), then every point and
the log entry that made it.""",
    "$ grizzled score --explain",
    """## Who banned what, in which chapter, and why?""",
    "$ grizzled campaign show",
    "$ grizzled log --kind ban",
    """## What did the board look like before that undo?

The undo names what it took back; `replay --at` shows the board right after any entry,
and says when that entry was taken back later.""",
    "$ grizzled log --kind undo",
    "$ grizzled replay --at 19",
    """## What changed between these two evenings?""",
    '$ grizzled log --session "second evening"',
    """## Which corrections did we make, and why?

A correction, an undo and a revert each keep the reason given; the log shows it, and
marks what a revert took out and what it decided again.""",
    "$ grizzled log --kind correction --kind revert",
    """## What if two of us took something back at the same moment?

An undo, a redo, a revert and a correction are each decided on the log entry that was
last when the command read the campaign, or on the one named with `--seen` (a table
session and the companion's keepers pass the entry their board showed). Each is recorded
as the entry right after it, or refused in one line, taking back nothing, if another
device logged in between: two devices that undo at the same moment take back one action,
never two (a test races them 200 times on a file and on a club's server). A play is
different: logged on a board another device changed meanwhile, it is checked again on the
new one, and logged or refused by the rules. Here `--seen 29` names a board from before
the last award:""",
    "$! grizzled undo --seen 29 -r 'Ann misread the Conclusion'",
)


def run(parts: Sequence[Part], workdir: Path) -> list[str]:
    """Run the page's commands on one fresh database, each evening in its session (the
    walkthrough's runner, one evening at a time); the Markdown blocks."""
    blocks: list[str] = []
    evening: list[Part] = []
    session = ENV["GRIZZLED_SESSION"]
    for part in [*parts, "@session"]:
        if part.startswith("@session"):
            with patch.dict(ENV, {"GRIZZLED_SESSION": session}):
                blocks += walkthrough.run(evening, workdir)
            session, evening = part.removeprefix("@session").strip(), []
        else:
            evening.append(part)
    return blocks


def audit() -> str:
    """docs/audit.md."""
    with tempfile.TemporaryDirectory(prefix="grizzled-audit-") as workdir:
        blocks = run(SESSION, Path(workdir))
    return "\n\n".join([INTRO, *blocks]) + "\n"


if __name__ == "__main__":
    AUDIT.write_text(audit(), "utf-8")
    print(f"wrote {AUDIT.relative_to(ROOT)}")
