"""A module is one room for every face (issue 40): the faces' shared files name no game
module. A module's words, keeper moves and turn are in its room (``face.py``), its
commands and the options it adds to the game's in its CLI file (``cli.py``); the keeper's
menu, the table session's words and the command line's group and commands ask the
registries (voice/rooms.py, cli/modules.py) and never import a module, name one in a
string, use a name one defines (its commands, events, queries) or spell one of its
commands or options."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = (
    "app/moves.py",
    "voice/table.py",
    "cli/main.py",
    "cli/cmd_play.py",
    "cli/cmd_mission.py",
    "cli/cmd_box.py",
    "cli/modules.py",
    "cli/complete.py",
    "cli/table_words.py",
    "cli/table_complete.py",
    "cli/table.py",
    "cli/params.py",
)
MODULES = sorted(p.parent for p in (ROOT / "domain" / "modules").glob("*/__init__.py"))
FACES = ("face.py", "cli.py")  # a module's own faces, which may name it


def _defined(path: Path) -> set[str]:
    """The public names a file of a module's rules or vocabulary defines at its top."""
    found = set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Assign):
            found |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return {name for name in found if not name.startswith("_")}


def _spelled(path: Path) -> set[str]:
    """The commands and options a module's CLI file spells (``order``, ``--back``)."""
    if not path.exists():
        return set()
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Dict) and all(isinstance(k, ast.Constant) for k in node.keys):
            found |= {k.value for k in node.keys if isinstance(k, ast.Constant)}  # COMMANDS
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "Option":
            words = node.args[0] if node.args else None
            if isinstance(words, ast.List):
                found |= {w.value for w in words.elts if isinstance(w, ast.Constant)}
    generic = {"mission start", "briefing", "oneshot start", "describe"}  # the game's own
    return {word for word in found if isinstance(word, str)} - generic


def _own_names() -> set[str]:
    """The names one module alone defines (a name several define is the registries'
    interface, ``OPTIONS``, not one module's)."""
    by_module = [
        {name for path in m.glob("*.py") if path.name not in FACES for name in _defined(path)}
        for m in MODULES
    ]
    return {n for names in by_module for n in names if sum(n in o for o in by_module) == 1}


NAMES = _own_names()
SPELLED = {word for module in MODULES for word in _spelled(module / "cli.py")}


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def naming(source: str) -> list[str]:
    """Where a file names a game module: an import or a string naming one
    (``domain.modules.<name>``), a name one defines, a command or option one spells."""
    tree = ast.parse(source)
    prose = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("domain.modules"):
            found.append(f"imports {node.module}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in prose:
                continue
            if "domain.modules." in node.value or node.value in SPELLED:
                found.append(f"says {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in NAMES:
            found.append(f"uses {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in NAMES:
            found.append(f"uses .{node.attr}")
        elif isinstance(node, ast.alias) and node.name.split(".")[-1] in NAMES:
            found.append(f"imports {node.name}")
    return found


@pytest.mark.parametrize("shared", SHARED)
def test_a_shared_file_of_the_faces_names_no_module(shared: str) -> None:
    assert naming((ROOT / shared).read_text("utf-8")) == []


def test_the_check_knows_the_modules_names_and_finds_one_named() -> None:
    assert {"CancelOrder", "PlayRecruitCard", "recruit_acts", "DrawSoloSupport"} <= NAMES
    assert {"order", "recruit", "refill", "solo-support", "--order", "--recruit-hand"} <= SPELLED
    old = (
        "from domain.modules import orders\n"
        'LAZY = {"order": "cli.cmd_play:order"}\n'
        "def f(chapter):\n"
        '    """Docstrings may say domain.modules.orders and order."""\n'
        "    return recruit_acts(chapter) or orders.order_kept(chapter)\n"
    )
    assert naming(old) == [
        "imports domain.modules",
        "says 'order'",
        "uses recruit_acts",
        "uses .order_kept",
    ]
