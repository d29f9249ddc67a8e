"""The log's stored summaries read in the reader's language (issue 45): a summary is
stored in its fixed English form (voice/summary.py, projections/log.py), whatever the
language was when it was logged, and the voice says it in the language in use; what the
group typed in it (names, a correction's words, an undo's reason) stays as it is."""

from __future__ import annotations

from contextvars import copy_context

import pytest

from voice import lang
from voice.summary import said

SUMMARIES = [
    (
        "Ann plays night+shell+trap (Trap draws rain+whistle)",
        "Ann joue nuit+obus+piège (le Piège pioche pluie+sifflet)",
    ),
    (
        "Ann plays rain+shell: Mission failed, 3 shell",
        "Ann joue pluie+obus\u00a0: Mission échouée, 3 obus",
    ),
    ("Cy plays phobia-gas", "Cy joue phobie-gaz"),
    ("Ben's Speech on gas", "Discours de Ben sur gaz"),
    (
        "Cy withdraws: Mission succeeded, chapter won",
        "Cy se replie\u00a0: Mission réussie, chapitre gagné",
    ),
    ("undo #5, #6: Ann plays nothing", "annulation de #5, #6\u00a0: Ann plays nothing"),
    ("correction: tokens 2 -p Ann", "correction\u00a0: tokens 2 -p Ann"),
    ("mission start 3, Order #21", "début de Mission 3, Ordre #21"),
    ("Ann Plays Well withdraws", "Ann Plays Well se replie"),
    ("a form of a future grizzled", "a form of a future grizzled"),
]


@pytest.mark.parametrize(("stored", "french"), SUMMARIES)
def test_a_stored_summary_reads_in_french_and_stays_english_in_english(
    stored: str, french: str
) -> None:
    def read(code: str) -> str:
        lang.use(code)
        return said(stored)

    assert copy_context().run(read, "fr") == french
    assert copy_context().run(read, "en") == stored
