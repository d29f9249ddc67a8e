"""Golden playthroughs: whole seeded chapters must still play exactly as committed."""

from __future__ import annotations

import difflib
import re

import pytest

from tests.domain.make_golden import GOLDENS, Golden, transcript

REGENERATE = (
    "If the engine or the simulator changed on purpose, run "
    "`python -m tests.domain.make_golden` and review the diff of tests/domain/golden/ "
    "before committing it."
)


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda g: g.name)
def test_a_seeded_chapter_plays_exactly_as_its_golden_transcript(golden: Golden) -> None:
    if not golden.path.exists():
        pytest.fail(f"{golden.path} is missing. {REGENERATE}")
    expected = golden.path.read_text(encoding="utf-8")
    actual = transcript(golden)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"{golden.path.name} (committed)",
            tofile=f"{golden.path.name} (played now)",
        )
        pytest.fail(
            f"{golden.name} no longer plays as committed.\n{REGENERATE}\n\n{''.join(diff)}",
            pytrace=False,
        )


SHOWN = (
    "cause=trap",
    "cause=clumsy",
    "cause=merry-christmas",
    "CharmUsed",
    "SpeechMade",
    "MissionFailed",
    "MissionSucceeded",
    "SupportUsed",
    "MoraleDropped",
    "LeadershipPassed",
)


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda g: g.name)
def test_a_golden_chapter_shows_the_rules_a_reviewer_should_see(golden: Golden) -> None:
    text = transcript(golden)
    missing = [word for word in SHOWN if word not in text]
    assert not missing, f"seed {golden.seed} no longer shows {missing}: choose another seed"
    assert re.search(r"SpeechMade .*discards=[^-]", text), "no Speech made anyone discard"
    assert "ChapterWon" in text or "ChapterLost" in text
