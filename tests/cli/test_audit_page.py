"""docs/audit.md answers the questions a group asks months later (issue 15); that it is what
its session prints today is checked with the other written pages (test_walkthrough.py)."""

from __future__ import annotations

from tests.cli.audit_page import AUDIT


def test_the_audit_page_answers_each_question_with_its_reason():
    text = AUDIT.read_text("utf-8")

    for question in (
        "## Why is our score what it is?",
        "## Who banned what, in which chapter, and why?",
        "## What did the board look like before that undo?",
        "## What changed between these two evenings?",
        "## Which corrections did we make, and why?",
    ):
        assert question in text
    for said in (
        "snow+gas banned from Cy's hand (Cy drew it three times)",
        "Entry #19 was taken back later by the undo #20: it was night+snow.",
        "(why: we thought a token was lost) (reverted by #25)",
        "session 'second evening'",
    ):
        assert said in " ".join(text.split())
