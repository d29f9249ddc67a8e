"""docs/rules.md's map points at code that exists: every name in its code column (a
module of ``domain/`` and a name in it, or a module's file) is found where it says."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = ROOT / "domain"
CODE = re.compile(r"`([a-z_][\w./]*)`")


def code_column() -> list[str]:
    """Every backticked name in the third column of the map's tables."""
    found = []
    for line in (ROOT / "docs" / "rules.md").read_text("utf-8").splitlines():
        cells = line.split("|")
        if len(cells) > 4 and not set(cells[3].strip()) <= {"-", " "}:
            found += CODE.findall(cells[3])
    return found


def resolves(name: str) -> bool:
    """``name`` is a domain file, or a domain module and an attribute path in it."""
    if name.endswith((".py", ".json")):  # a file of the domain or of its tests
        folders = (DOMAIN, ROOT / "tests" / "domain", ROOT)
        return any((folder / name).is_file() for folder in folders)
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module("domain." + ".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def test_every_name_in_the_rules_map_is_found_in_the_code() -> None:
    names = code_column()
    assert len(names) > 100  # the map is read, not skipped
    missing = sorted({name for name in names if "." in name and not resolves(name)})
    assert not missing, "docs/rules.md names code that is not there: " + ", ".join(missing)


SEEDS = Path("/work/shared/seeds")
QUOTED = re.compile(r'"([^"]{20,})"')


def section(title: str) -> str:
    """The text of one ``## `` section of docs/rules.md (empty when it is not there)."""
    text = (ROOT / "docs" / "rules.md").read_text("utf-8")
    start = text.find(f"## {title}")
    if start < 0:
        return ""
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def flat(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


def test_the_priorities_and_the_open_readings_are_recorded_quoting_the_rulebook() -> None:
    """Issue 44: every priority the books name, and the two readings they leave open (a
    Recruit after a deal lost on 13 cards, Luck on a Trap over an empty deck), are in
    docs/rules.md with the lines quoted as the rulebook prints them."""
    priorities, readings = section("Priorities between rules"), section("Open readings")
    assert "the Order of the Day has priority" in priorities
    assert "the effects of a Helping Hand card take precedence" in priorities
    assert "a Recruit enters play" in readings and "13 or more cards in hand" in readings
    assert "Each Luck symbol cancels one Trap symbol" in readings
    assert "what the tool does" in readings
    if not (SEEDS / "armistice-rulebook.txt").is_file():
        return  # the quotes are checked where the seed rulebooks are
    book = flat((SEEDS / "armistice-rulebook.txt").read_text("utf-8"))
    quotes = QUOTED.findall(priorities + readings)
    assert len(quotes) >= 10
    wrong = [quote for quote in quotes if flat(quote) not in book]
    assert not wrong, f"not the rulebook's words: {wrong}"
