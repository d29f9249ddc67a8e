"""projections/ depends on the domain only: never on the tracker, the CLI or eventsourcing
(it reads the event store's table with sqlite3)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "projections"
FORBIDDEN = {"tracker", "cli", "eventsourcing", "rich", "click"}


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_projections_import_neither_the_tracker_nor_eventsourcing_nor_the_cli() -> None:
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) >= 8
    for module in modules:
        assert not imported(module) & FORBIDDEN, (
            f"{module.name} imports {imported(module) & FORBIDDEN}"
        )


def own_modules(path: Path) -> set[str]:
    """The projections modules ``path`` imports, at run time or for the type checker."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "projections":
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("projections."):
            names.add(str(node.module).split(".")[1])
    return names


def test_no_two_projections_modules_import_each_other_even_for_the_type_checker() -> None:
    graph = {path.stem: own_modules(path) for path in PACKAGE.glob("*.py")}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for name in graph.get(start, set()) - seen:
            if name == goal or reaches(name, goal, seen | {name}):
                return True
        return False

    cycles = sorted(name for name in graph if reaches(name, name, set()))
    assert cycles == []
