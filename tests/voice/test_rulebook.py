"""voice/rulebook.py, the one table of rule references: every rule the domain refuses
with, every rule id the command line refuses with and every decision ``why`` explains has
an entry; each place is a heading of the seed rulebooks; the words are our own."""

from __future__ import annotations

import ast
import importlib
import os
import pkgutil
import re
from pathlib import Path

import pytest

import domain
from domain.errors import RuleViolation
from voice.decisions import LOST_BY
from voice.rulebook import DECISIONS, RULES, rule

ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path(os.environ.get("GRIZZLED_SEEDS", "/work/shared/seeds"))


def every_refusal() -> set[type[RuleViolation]]:
    """Every RuleViolation subclass of the domain, all its modules imported."""
    for found in pkgutil.walk_packages(domain.__path__, "domain."):
        importlib.import_module(found.name)
    seen: set[type[RuleViolation]] = set()
    todo = [RuleViolation]
    while todo:
        kind = todo.pop()
        seen.add(kind)
        todo += [sub for sub in kind.__subclasses__() if sub.__module__.startswith("domain")]
    return seen


def cli_rule_ids() -> set[str]:
    """The rule ids the command line gives its own refusals (``Refused(text, "id")``)."""
    found = set()
    for path in (ROOT / "cli").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Refused"
                and len(node.args) == 2
                and isinstance(node.args[1], ast.Constant)
            ):
                found.add(node.args[1].value)
    return found


def test_every_rule_the_domain_refuses_with_has_our_words_and_a_place() -> None:
    refusals = every_refusal()
    assert len(refusals) > 20  # the modules' refusals are found too
    missing = sorted({kind.rule for kind in refusals} - set(RULES))
    assert not missing, f"no entry in voice/rulebook.py for: {missing}"


def test_every_rule_id_the_command_line_refuses_with_has_an_entry() -> None:
    ids = cli_rule_ids()
    assert {"phase", "campaign", "support"} <= ids
    assert ids <= set(RULES)


def test_every_decision_and_every_way_a_chapter_is_lost_has_an_entry() -> None:
    assert set(DECISIONS) <= set(RULES)
    assert set(LOST_BY.values()) <= set(RULES)


def test_a_rule_the_table_does_not_know_is_said_as_the_general_rule_under_its_own_id() -> None:
    house = rule("no speech on an empty no man's land")

    assert house.rule == "no speech on an empty no man's land"
    assert house.words == RULES["rules"].words


def test_a_place_names_the_armistice_page_and_the_base_heading() -> None:
    assert RULES["speech"].place() == (
        "Armistice rulebook, The Actions: Make a Speech, p.6; base rulebook, Make a Speech"
    )
    assert RULES["correction"].place() == "the tracker's own rule (not in the rulebooks)"


def flat(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9.]+", " ", text.lower()).split())


seeds = pytest.mark.skipif(
    not (SEEDS / "armistice-rulebook.txt").is_file(), reason="the seed rulebooks are not here"
)


@seeds
def test_every_section_named_is_a_heading_of_the_seed_rulebooks() -> None:
    armistice = flat((SEEDS / "armistice-rulebook.txt").read_text("utf-8"))
    base = flat((SEEDS / "base-rulebook.md").read_text("utf-8"))
    for entry in RULES.values():
        for part in (entry.section or "").split(": "):
            assert flat(part) in armistice, f"{entry.rule}: {part!r} is not in the rulebook"
        for part in (entry.base or "").split(": "):
            assert flat(part) in base, f"{entry.rule}: {part!r} is not in the base rulebook"


@seeds
def test_the_words_are_ours_not_copied_from_the_seed_rulebooks() -> None:
    books = " ".join(flat(path.read_text("utf-8")) for path in SEEDS.iterdir() if path.is_file())
    for entry in RULES.values():
        words = flat(entry.words).split()
        runs = {" ".join(words[at : at + 8]) for at in range(max(len(words) - 7, 0))}
        copied = sorted(run for run in runs if run in books)
        assert not copied, f"{entry.rule} copies the rulebook: {copied}"
