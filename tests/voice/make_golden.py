"""The golden playthroughs said by the voice, in each language (issue 45): the seeded
chapters of tests/domain/make_golden.py, each command's events narrated and the board's
rows after it, in English and in French.

Run ``python -m tests.voice.make_golden`` after a deliberate change to the voice's words
or the French catalogue (``make i18n``), then review the diff of tests/voice/golden/."""

from __future__ import annotations

import random
from contextvars import copy_context
from pathlib import Path

from tests.domain.make_golden import GOLDENS, Golden, _states_after_each_step, command_line

GOLDEN_DIR = Path(__file__).parent / "golden"
LANGUAGES = ("en", "fr")


def path(golden: Golden, language: str) -> Path:
    """Where a golden chapter's words in ``language`` are committed."""
    return GOLDEN_DIR / f"{golden.name}.{language}.txt"


def _said(golden: Golden) -> str:
    from domain.campaign.flow import CampaignState
    from domain.cards.catalogue import base_catalogue
    from domain.simulate import play_chapter
    from voice.board import status_rows
    from voice.facts import chapter_json
    from voice.narrate import narrate

    rng = random.Random(golden.seed)
    setup = golden.setup(rng)
    playthrough = play_chapter(setup, rng)
    catalogue = base_catalogue()
    states = _states_after_each_step(playthrough.steps)
    lines = [f"# {golden.name}, seed {golden.seed}: `python -m tests.voice.make_golden`", ""]
    commands = (setup, *playthrough.commands)
    for command, events, state in zip(commands, playthrough.steps, states, strict=True):
        lines.append(command_line(command))
        lines += [f"  {line}" for line in narrate(events, catalogue, golden.ruleset)]
        seats = tuple(setup.seats)
        campaign = CampaignState(golden.name, golden.ruleset, seats, catalogue, state, 1)
        doc = chapter_json(campaign)
        lines += [f"  | {row.text}" for row in status_rows(doc) if row.text]
        lines.append("")
    return "\n".join(lines)


def said(golden: Golden, language: str) -> str:
    """A golden chapter in words, in ``language``."""
    from voice import lang

    def told() -> str:
        lang.use(language)
        return _said(golden)

    return copy_context().run(told)


def main() -> None:
    """Write every golden chapter in every language and say where."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for golden in GOLDENS:
        for language in LANGUAGES:
            path(golden, language).write_text(said(golden, language), encoding="utf-8")
            print(f"wrote {path(golden, language)}")


if __name__ == "__main__":
    main()
