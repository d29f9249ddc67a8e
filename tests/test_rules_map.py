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
