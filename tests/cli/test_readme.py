"""README.md's quick starts run as written: each ``grizzled`` line of the Armistice quick
start is accepted, in order, on a fresh database (comments after ``#`` are prose)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def quick_start(heading: str) -> list[list[str]]:
    """The ``grizzled`` commands of the first sh block under ``heading``."""
    text = README.read_text("utf-8")
    section = text.split(f"## {heading}\n", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, flags=re.S)
    assert block is not None, f"no sh block under {heading!r}"
    lines = [shlex.split(line, comments=True) for line in block.group(1).splitlines()]
    return [words[1:] for words in lines if words and words[0] == "grizzled"]


def test_the_armistice_quick_start_runs_as_written(grizzled):
    commands = quick_start("Your first Armistice chapter")
    assert len(commands) > 10

    for args in commands:
        grizzled.ok(*args)

    taken = next(args[1:] for args in commands if args[0] == "award")
    conclusion = next(args for args in commands if args[0] == "conclusion")
    offered = conclusion[conclusion.index("--offer") + 1].split(",")
    score = grizzled.json("score")
    assert (score["victory_points"], score["negative_points"]) == (
        len(taken),
        len(offered) - len(taken),
    )


def test_the_classic_quick_start_runs_as_written(grizzled):
    for args in quick_start("Your first mission"):
        grizzled.ok(*args)

    assert grizzled.json("status")["campaign"] == "Friday"


def test_the_french_quick_start_runs_as_written_and_speaks_french(grizzled):
    commands: list[list[str]] = []  # the French block, under "Your first mission"
    text = README.read_text("utf-8").split("### En français (*Les Poilus*)\n", 1)[1]
    block = re.search(r"```sh\n(.*?)```", text, flags=re.S)
    assert block is not None
    for line in block.group(1).splitlines():
        words = shlex.split(line, comments=True)
        if words and words[0] == "grizzled":
            commands.append(words[1:])
    assert len(commands) == 9

    said = [grizzled.ok(*args) for args in commands]

    assert "Ann joue nuit+obus dans le No Man's Land." in said[3]
    assert grizzled.json("status")["campaign"] == "Vendredi"
