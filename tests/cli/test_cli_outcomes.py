"""Issue 13: every way a chapter ends, as ``status --json`` gives it (``result`` and the
reason code ``outcome``), is explained in docs/cli.md and said in words by ``score``. The
codes are the ones random legal chapters reach, and a won chapter's."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from domain.simulate import play_chapter, random_setup
from voice.score import RESULT_WORDS

DOC = Path(__file__).parents[2] / "docs" / "cli.md"


def reached_outcomes(armistice) -> set[str]:
    """The outcomes of a won Boot Camp and of random classic and Armistice chapters."""
    armistice.boot_camp(won=True)
    found = {armistice.json("status")["outcome"]}
    for seed in range(12):
        for ruleset, players in (("classic", 3), ("armistice", 4)):
            rng = random.Random(seed)
            found.add(play_chapter(random_setup(rng, ruleset, players), rng).state.outcome)
    return found


@pytest.mark.backends
def test_every_outcome_reached_is_explained_in_the_json_doc_and_named_by_score(armistice):
    outcomes = reached_outcomes(armistice)
    schema = DOC.read_text().split("`status --json`", 1)[1].split("`log --json`", 1)[0]
    flat = " ".join(schema.split())

    assert {"won", "hands", "hard-knocks", "monument"} <= outcomes
    for code in outcomes:
        assert re.search(rf"`{re.escape(code)}` \(\w[^)]+", flat), f"{code} is not explained"
        assert code in RESULT_WORDS, f"score says {code} only as a code"
    assert "`result`: `won`, `lost`, or null while the chapter is played" in flat


@pytest.mark.backends
def test_score_and_campaign_show_give_the_chapters_reason_code_as_documented(armistice):
    armistice.boot_camp(won=False)
    code = armistice.json("status")["outcome"]
    flat = " ".join(DOC.read_text().split())

    assert armistice.json("score")["chapters"][0]["result"] == code != "won"
    assert armistice.json("campaign show")["results"][0]["outcome"] == code
    said = flat.split("A chapter's `result` here is its reason code", 1)[1].split(".", 1)[0]
    assert f"`{code}`" in said
