"""A module is one room for every face (issue 40): the faces' shared files name no game
module. A module's words, keeper moves and turn are in its room (``face.py``), its
commands, the options it adds to the game's, its parts of their help and of docs/cli.md in
its CLI file (``cli.py``), its set-up steps in ``steps.py``, its forms and fields on the
companion's set-up page in its web file (``web.py``); the keeper's menu and form, the
set-up steps, the set-up page and its template, the narration, the table session's words,
the command line's group and commands and the docs' generator ask the registries
(voice/rooms.py, cli/modules.py, web/modules.py, app.setup's ``ModuleStep``) and never
import a module, name one in a string, use a name one defines (its commands, events,
queries, steps, the events its room words) or spell one of its commands, options or
``status`` keys."""

from __future__ import annotations

import ast
import re
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
    "app/setup.py",
    "cli/docgen.py",
    "voice/narrate.py",
    "web/keeper.py",
    "web/setup.py",
    "web/forms.py",
    "web/modules.py",
)
TEMPLATES = ("web/templates/setup.html",)  # the shared pages, read by Jinja2's parser
MODULES = sorted(p.parent for p in (ROOT / "domain" / "modules").glob("*/__init__.py"))
FACES = ("face.py", "cli.py", "web.py")  # a module's own faces, which may name it
TABLES = ("narrates", "secrets", "offers", "summaries", "completes", "explains")  # Room's


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


def _worded(path: Path) -> set[str]:
    """The events and commands a module's room words (its ``Room``'s tables' keys, by
    ``TYPE`` or class name: ``OrderDescribed``, the box's event it says)."""
    if not path.exists():
        return set()
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Room":
            for keyword in node.keywords:
                if keyword.arg in TABLES and isinstance(keyword.value, ast.Dict):
                    found |= {k.value for k in keyword.value.keys if isinstance(k, ast.Constant)}
    return found


def _own_names() -> set[str]:
    """The names one module alone defines or words (a name several define is the
    registries' interface, ``OPTIONS``, not one module's)."""
    by_module = [
        {name for path in m.glob("*.py") if path.name not in FACES for name in _defined(path)}
        | _worded(m / "face.py")
        for m in MODULES
    ]
    return {n for names in by_module for n in names if sum(n in o for o in by_module) == 1}


NAMES = _own_names()
SPELLED = {word for module in MODULES for word in _spelled(module / "cli.py")}


def _keys() -> set[str]:
    """The ``status`` document's rows and keys the game's modules give (voice.rooms.SHOWN:
    ``recruit``, ``orders_in_play``, ``solo_hand``)."""
    from voice.rooms import SHOWN

    return {key for _folder, rows, _after, keys in SHOWN for key in (*rows, *keys)}


# A field of a request or a command's keyword named after one (``recruit``, ``recruit_deck``)
FIELDS = {word for word in SPELLED | _keys() if word.isidentifier()} - {"order"}
# Said in a text as a word of its own: a module's commands, options and keys ("order" is
# English too: a text may say "in seat order"; alone as a string it is still flagged).
WORDS = re.compile(
    r"(?<![\w-])("
    + "|".join(re.escape(w) for w in sorted((SPELLED | _keys()) - {"order"}, key=len)[::-1])
    + r")(?![\w-])"
)


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _a_module(dotted: str) -> bool:
    """Whether an import is of the game's modules (``domain.modules``, a module's folder),
    not of a file of the shared vocabulary beside them (``domain.modules.effects``: the
    card effects every card's description uses)."""
    parts = dotted.split(".")
    if parts[:2] != ["domain", "modules"]:
        return False
    return len(parts) == 2 or parts[2] in {m.name for m in MODULES}


def naming(source: str) -> list[str]:
    """Where a file names a game module: an import or a string naming one
    (``domain.modules.<name>``), a name one defines, a command or option one spells."""
    tree = ast.parse(source)
    prose = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _a_module(node.module or ""):
            found.append(f"imports {node.module}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in prose:
                continue
            found += _saying(node.value)
        elif isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") in FIELDS:
            found.append(f"holds {getattr(node.target, 'id', '')}")  # a request's field
        elif isinstance(node, ast.keyword) and node.arg in FIELDS:
            found.append(f"gives {node.arg}=")
        elif isinstance(node, ast.Name) and node.id in NAMES:
            found.append(f"uses {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in NAMES:
            found.append(f"uses .{node.attr}")
        elif isinstance(node, ast.alias) and node.name.split(".")[-1] in NAMES:
            found.append(f"imports {node.name}")
    return found


def _saying(text: str) -> list[str]:
    """Where a string names a game module: its dotted name, or one of its commands,
    options or keys as the whole string or as a word of a text."""
    if "domain.modules." in text or text in SPELLED:
        return [f"says {text!r}"]
    return [f"says {word!r} in a text" for word in WORDS.findall(text)]


def naming_in_template(source: str) -> list[str]:
    """Where a page template names a game module: a string of its expressions or its
    page's text saying one (``hidden('order')``), a name one defines (``words.ORDERS``)."""
    import jinja2
    from jinja2 import nodes

    tree = jinja2.Environment(extensions=["jinja2.ext.i18n"]).parse(source)
    found = []
    for node in tree.find_all((nodes.Const, nodes.TemplateData, nodes.Name, nodes.Getattr)):
        if isinstance(node, nodes.TemplateData):
            found += _saying(node.data)
        elif isinstance(node, nodes.Const) and isinstance(node.value, str):
            found += _saying(node.value)
        elif isinstance(node, nodes.Name) and node.name in NAMES:
            found.append(f"uses {node.name}")
        elif isinstance(node, nodes.Getattr) and node.attr in NAMES:
            found.append(f"uses .{node.attr}")
    return found


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_shared_template_of_the_faces_names_no_module(template: str) -> None:
    assert naming_in_template((ROOT / template).read_text("utf-8")) == []


@pytest.mark.parametrize("shared", SHARED)
def test_a_shared_file_of_the_faces_names_no_module(shared: str) -> None:
    assert naming((ROOT / shared).read_text("utf-8")) == []


def test_the_check_knows_the_modules_names_and_finds_one_named() -> None:
    assert {"CancelOrder", "PlayRecruitCard", "recruit_acts", "DrawSoloSupport"} <= NAMES
    assert {"OrderDescribed", "RecruitDescribed", "DescribeOrder"} <= NAMES  # worded, steps
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
    texts = (
        "from domain.modules.effects import CardEffect\n"
        'SCHEMA = "legal: {draws, refill}, solo_hand: N, in seat order"\n'
        "case OrderDescribed(): pass\n"
    )
    assert naming(texts.replace("case ", "x = ").replace("(): pass", "")) == [
        "says 'refill' in a text",
        "says 'solo_hand' in a text",
        "uses OrderDescribed",
    ]
    fields = "class Named:\n    recruit: int = 0\nf(recruit_deck=(), modules={})\n"
    assert naming(fields) == ["holds recruit", "gives recruit_deck="]
    page = (
        "<p>in seat order</p>{{ hidden('order') }}\n"
        "{{ text('briefing', 'orders', _(words.ORDERS)) }}<option>solo</option>\n"
    )
    assert naming_in_template(page) == [
        "says 'order'",
        "says 'orders'",
        "uses .ORDERS",
        "says 'solo' in a text",
    ]
