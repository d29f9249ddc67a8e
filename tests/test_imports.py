"""The import budget, structurally: starting ``grizzled`` loads neither the event store
library, sqlite-utils, rich nor prompt_toolkit (the table session's); the commands import
them when they run (issue 7: a status must cost little more than starting Python with
click)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("eventsourcing", "sqlite_utils", "rich", "prompt_toolkit")


def import_chains(module: str) -> dict[str, list[str]]:
    """For each heavy package a fresh interpreter loads when importing ``module``: the
    chain of imports that brought it in (``module`` first), from ``-X importtime``."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    # Each line: "import time: self | cumulative | <2 spaces per level>name"; a module is
    # listed after the modules it imported, so its importer is the next line one level up.
    lines = [line.split("|")[2] for line in result.stderr.splitlines() if line.count("|") == 2][1:]
    entries = [((len(text) - len(text.lstrip())) // 2, text.strip()) for text in lines]
    chains: dict[str, list[str]] = {}
    for index, (depth, name) in enumerate(entries):
        top = name.split(".")[0]
        if top not in HEAVY or top in chains:
            continue
        chain, level = [name], depth
        for above_depth, above in entries[index + 1 :]:
            if above_depth < level:
                chain.append(above)
                level = above_depth
        chains[top] = chain[::-1]
    return chains


def test_importing_the_cli_loads_no_heavy_package() -> None:
    chains = import_chains("cli.main")
    assert not chains, "importing cli.main loads " + "; ".join(
        f"{top} (via {' -> '.join(chain)})" for top, chain in chains.items()
    )


def test_the_check_names_the_imports_that_bring_a_heavy_package_in() -> None:
    chain = import_chains("tracker.app")["eventsourcing"]
    assert chain[0] == "tracker.app"
    library = chain.index("tracker.library")  # the one module that imports the library
    assert chain[library + 1].startswith("eventsourcing")


def test_every_package_of_the_project_is_listed_for_the_wheel() -> None:
    """A package missing from ``[tool.setuptools] packages`` is left out of an installed
    (not editable) grizzled, which then fails at its first import of it."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    listed = set(
        tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(root).parts)
        for top in ("domain", "app", "tracker", "projections", "cli", "voice", "web")
        for init in (root / top).rglob("__init__.py")
    }
    assert listed == found
