"""docs/walkthrough.md, docs/campaign.md and docs/audit.md are written by running real
sessions; they must match what the commands print today."""

import difflib

import pytest

from tests.cli.audit_page import AUDIT, audit
from tests.cli.walkthrough import PAGES, ROOT

WRITTEN = [*PAGES, (AUDIT, audit)]


@pytest.mark.parametrize(("path", "render"), WRITTEN, ids=[p.name for p, _ in WRITTEN])
def test_the_page_is_what_its_session_prints_today(path, render):
    fresh = render()
    committed = path.read_text("utf-8")
    name = str(path.relative_to(ROOT))
    diff = "".join(
        difflib.unified_diff(committed.splitlines(True), fresh.splitlines(True), name, "generated")
    )
    assert not diff, (
        f"{name} is stale: run `python -m tests.cli.walkthrough` (audit.md: "
        f"`python -m tests.cli.audit_page`)\n{diff}"
    )
