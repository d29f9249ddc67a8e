"""The golden playthroughs said in each language (issue 45): every command's narration and
the board after it, in English and in French, exactly as committed; the French says no
word of the English voice's where the catalogue has one."""

from __future__ import annotations

import difflib

import pytest

from tests.domain.make_golden import GOLDENS, Golden
from tests.voice.make_golden import LANGUAGES, path, said

REGENERATE = (
    "If the voice's words or the catalogue changed on purpose, run "
    "`python -m tests.voice.make_golden` and review the diff of tests/voice/golden/."
)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("golden", GOLDENS, ids=lambda g: g.name)
def test_a_golden_chapter_is_said_exactly_as_committed(golden: Golden, language: str) -> None:
    expected = path(golden, language).read_text(encoding="utf-8")
    actual = said(golden, language)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True)
        )
        pytest.fail(f"{REGENERATE}\n\n{''.join(diff)}", pytrace=False)


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda g: g.name)
def test_the_french_chapter_says_the_english_one_in_other_words(golden: Golden) -> None:
    english, french = said(golden, "en").splitlines(), said(golden, "fr").splitlines()

    assert len(english) == len(french)  # sentence for sentence, row for row
    commands = [line for line in english if line.startswith(">")]
    assert commands == [line for line in french if line.startswith(">")]
    told = [e for e, f in zip(english, french, strict=True) if not e.startswith(">") and e]
    assert sum(e == f for e, f in zip(english, french, strict=True) if e in told) < len(told) / 10
    assert "No Man's Land is discarded" not in "\n".join(french)
