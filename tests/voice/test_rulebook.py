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


def cited_pages(text: str) -> dict[str, int]:
    """The sections the rulebook sends its reader to with a page: ``Basic Rules (p.4)``,
    ``see Support, p.7``."""
    found = re.finditer(
        r"([A-Z][A-Za-z’'-]+(?: [A-Za-z’'-]+){0,3})\s*,?\s*\(?(?:see )?p\.(\d+)", text
    )
    return {
        m.group(1).removeprefix("Read the ").removeprefix("Follow the "): int(m.group(2))
        for m in found
    }


@seeds
def test_every_page_named_is_one_the_seed_rulebook_prints_or_cites_for_that_section() -> None:
    text = (SEEDS / "armistice-rulebook.txt").read_text("utf-8")
    cited = cited_pages(" ".join(text.split()))
    printed = {int(n) for n in re.findall(r"^\s*(\d{1,2})\s*$", text, re.M)}
    printed |= {int(n) for n in re.findall(r"p\.(\d+)", text)}  # and each page it cites
    assert cited["Basic Rules"] == 4 and cited["Support"] == 7 and {3, 6} <= printed
    between = (text.index("\nChapters Setup"), text.index("\nThe Actions"))  # pp.4 and 6
    pages: dict[str, set[int]] = {}
    for entry in RULES.values():
        if entry.page is None or entry.section is None:
            continue
        parts = entry.section.split(": ")
        pages.setdefault(parts[0], set()).add(entry.page)
        for part in parts:  # a section the book cites with a page has that page
            name = part.split(". ", 1)[-1]  # "1. Reveal Support": "Reveal Support"
            for cited_name, page in cited.items():
                if name in (cited_name, f"Reveal {cited_name}"):
                    assert entry.page == page, f"{entry.rule}: {part} is on p.{page}"
        if entry.page == 5:  # not printed: the page between the printed 4 and 6
            at = text.index(f"\n{parts[0]}")
            assert between[0] < at < between[1], f"{entry.rule}: {parts[0]} is not on p.5"
        else:
            assert entry.page in printed, f"{entry.rule}: p.{entry.page} is not in the book"
    spread = {section: found for section, found in pages.items() if len(found) > 1}
    assert not spread, f"one section, several pages: {spread}"
