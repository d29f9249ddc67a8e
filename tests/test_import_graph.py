"""The house's walls (docs/architecture.md), checked on the code itself: every import of
domain/, tracker/, projections/ and cli/ (at the top of a module or inside a function)
points the way the architecture draws, and no modules import each other in a cycle.

- ``domain`` imports nothing of ours outside ``domain``;
- ``tracker`` imports ``domain`` only, ``projections`` imports ``domain`` only;
- ``app`` (the application: one handler per use case, issue 40) imports ``tracker``,
  ``projections``, ``voice`` and ``domain``, never a face;
- ``cli`` and ``web`` (the faces) call ``app``: ``cli`` imports ``app``, ``voice`` and
  ``domain``'s front door and vocabulary (the commands it builds from what was typed, the
  notation, the limits: the faces' wall below), never ``tracker`` or ``projections`` but
  for the one import ``BELOW_CLI`` names and justifies, and starts ``web`` (``grizzled
  serve``); ``web`` imports ``app`` and ``voice`` only, never ``cli``, and names no face's
  module in a string either (run-time walls below);
- a module's face (``domain/modules/<name>/face.py``: its words and keeper moves) is of
  the voice's layer, though in the module's folder: it may import ``voice``, and nothing
  of ``domain`` imports it; a module's CLI file (``domain/modules/<name>/cli.py``: its
  ``grizzled`` commands, cli/modules.py) is of the CLI's layer: it may import ``cli``, and
  nothing of ``domain``, ``app``, ``voice`` or ``web`` imports it; its set-up steps
  (``steps.py``: a card of its described, app/setup.py's ``ModuleStep``) are of the
  application's layer: the faces import them, nothing of ``domain`` or ``voice`` does;
  its web file (``web.py``: its forms and fields on the set-up page, web/modules.py) is
  of the web's layer: it may import ``web``, ``app`` and ``voice``, and nothing of
  ``domain``, ``app`` or ``voice`` imports it;
- inside ``domain``, ``chapter`` imports nothing from ``modules`` or ``campaign``, and
  ``cards`` nothing from ``chapter``, ``modules`` or ``campaign``.

Imports under ``if TYPE_CHECKING:`` count too: a type is a dependency, and two modules
that need each other's types are one module in two files.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("domain", "tracker", "projections", "voice", "app", "cli", "web")
ALLOWED = {  # a layer -> the layers of ours it may import
    "domain": {"domain"},
    "tracker": {"domain", "tracker"},
    "projections": {"domain", "projections"},
    "voice": {"domain", "projections", "voice"},
    "app": {"domain", "tracker", "projections", "voice", "app"},  # never a face
    "cli": {"domain", "voice", "app", "cli", "web"},  # serve: web
    "web": {"voice", "app", "web"},  # a face: what it does, the application does
}
# The imports of a face below the application that must stay, each with why (docs/
# architecture.md says the same): this list only shrinks.
BELOW_CLI = {
    # the console script installs the event store's speed tricks before anything imports
    # eventsourcing: a patch is installed by the entry point alone (STYLE.md)
    ("cli.script", "tracker"),
    ("cli.script", "tracker.speedups"),
}
INSIDE_DOMAIN = {  # a part of domain -> the parts it may not import
    "domain.chapter": ("domain.modules", "domain.campaign"),
    "domain.cards": ("domain.chapter", "domain.modules", "domain.campaign"),
}

Edges = dict[str, set[str]]


def modules() -> dict[str, Path]:
    """Every module of the five packages, by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The module of ours an imported name stands for (its longest known prefix)."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def _packages(module: str, known: dict[str, Path]) -> list[str]:
    """The packages Python runs before ``module`` (``a.b`` and ``a`` for ``a.b.c``)."""
    parts = module.split(".")
    return [p for p in (".".join(parts[:n]) for n in range(len(parts) - 1, 0, -1)) if p in known]


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(known: dict[str, Path]) -> tuple[Edges, Edges]:
    """Every module's imports of ours: all of them, and those that run."""
    every: Edges = {name: set() for name in known}
    running: Edges = {name: set() for name in known}
    for name, path in known.items():
        tree = ast.parse(path.read_text("utf-8"))
        checking = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and _type_checking(node)
            for child in node.body
            for inner in ast.walk(child)
        }
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [f"{node.module}.{alias.name}" for alias in node.names]
            for target in targets:
                module = _resolve(target, known)
                if module is None or module == name:
                    continue
                # importing a.b.c runs the packages a.b and a first: those not already
                # running for the importer (its own packages) are imports too
                for imported in (module, *_packages(module, known)):
                    if imported == name or name.startswith(f"{imported}."):
                        continue
                    every[name].add(imported)
                    if id(node) not in checking:
                        running[name].add(imported)
    return every, running


KNOWN = modules()
EVERY, RUNNING = imports(KNOWN)


FACE = re.compile(r"domain\.modules\.\w+\.face")  # a module's face: of the voice's layer
CLI_FILE = re.compile(r"domain\.modules\.\w+\.cli")  # a module's commands: the CLI's layer
STEPS = re.compile(r"domain\.modules\.\w+\.steps")  # a module's set-up steps: the app's
WEB_FILE = re.compile(r"domain\.modules\.\w+\.web")  # its set-up page's part: the web's


def _layer(module: str) -> str:
    """A module's layer: its package's, but a module's face (``domain/modules/<name>/
    face.py``, voice/rooms.py) is the voice's, which nothing of the domain may import, and
    its CLI file (``cli.py``, cli/modules.py) the CLI's, which only the CLI may import, its
    set-up steps (``steps.py``, app/setup.py's ``ModuleStep``) the application's, and its
    web file (``web.py``, web/modules.py) the web's."""
    if FACE.fullmatch(module):
        return "voice"
    if STEPS.fullmatch(module):
        return "app"
    if WEB_FILE.fullmatch(module):
        return "web"
    return "cli" if CLI_FILE.fullmatch(module) else module.split(".")[0]


def test_every_import_points_the_way_the_architecture_draws() -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in EVERY.items()
        for target in targets
        if _layer(target) not in ALLOWED[_layer(module)] and (module, target) not in BELOW_CLI
    )
    assert not wrong, "\n".join(wrong)


def test_the_command_line_reads_no_layer_below_the_application_but_what_is_listed() -> None:
    """Issue 40: a command parses its words, calls a handler of ``app``, prints the result;
    each import listed in ``BELOW_CLI`` is still made (else it leaves the list)."""
    below = {
        (module, target)
        for module, targets in EVERY.items()
        if _layer(module) == "cli"
        for target in targets
        if _layer(target) in ("tracker", "projections")
    }
    assert sorted(below - BELOW_CLI) == []
    assert sorted(BELOW_CLI - below) == []


@pytest.mark.parametrize("part", sorted(INSIDE_DOMAIN))
def test_a_part_of_domain_imports_nothing_from_the_parts_built_on_it(part: str) -> None:
    forbidden = INSIDE_DOMAIN[part]
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in EVERY.items()
        if module == part or module.startswith(f"{part}.")
        for target in targets
        if any(target == f or target.startswith(f"{f}.") for f in forbidden)
    )
    assert not wrong, "\n".join(wrong)


def cycles(edges: Edges) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_modules_import_each_other_in_a_cycle() -> None:
    found = cycles(EVERY)
    assert not found, "cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_check_finds_a_cycle_and_a_wrong_arrow_when_there_is_one() -> None:
    edges: Edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    assert _resolve("domain.chapter.state.ChapterState", KNOWN) == "domain.chapter.state"
    # app.session imports the tracker inside a function, and the aggregate for its types
    assert "tracker.app" in RUNNING["app.session"]
    assert "tracker.aggregate" in EVERY["app.session"] - RUNNING["app.session"]
    # importing domain.modules.play runs the package domain.modules (all the modules) first
    assert {"domain.modules.play", "domain.modules"} <= RUNNING["domain.simulate"]
    # a module's face is the voice's: the domain may not import it, it may import the voice
    assert (_layer("domain.modules.luck.face"), _layer("domain.modules.luck.state")) == (
        "voice",
        "domain",
    )
    assert "voice.lang" in EVERY["domain.modules.luck.face"]
    # a module's CLI file is the CLI's: it may import cli; the voice (or app, web) may not
    assert _layer("domain.modules.orders.cli") == "cli"
    assert "cli.playing" in EVERY["domain.modules.orders.cli"]
    assert "cli" not in ALLOWED[_layer("domain.modules.orders.face")]
    # its web file is the web's: it may import web and its set-up steps (the app's)
    assert _layer("domain.modules.orders.web") == "web"
    assert {"web.forms", "domain.modules.orders.steps"} <= EVERY["domain.modules.orders.web"]


# --- The faces' wall (issue 29) -------------------------------------------------------------
# A face (cli/ today; the phone companion to come) renders what the voice layer composes and
# asks the engine's front door (engine, legal, public, simulate, codec, records, events,
# errors, limits) with the game's vocabulary (commands, states, cards, the campaign's records). It
# imports none of the rules' internals: how a chapter decides and applies (below), the
# modules' rules. A module's events, commands and state are vocabulary too: only its rule
# files are internals (``domain.modules`` and a module's package only list its ``Module``).
FACES = ("cli", "web", "app")  # the application too: it asks the front door
RULES_INTERNALS = (
    "domain.chapter.actions",
    "domain.chapter.correction_checks",
    "domain.chapter.evolve",
    "domain.chapter.fact_words",
    "domain.chapter.facts",
    "domain.chapter.guards",
    "domain.chapter.hardknocks",
    "domain.chapter.moments",
    "domain.chapter.outcome",
    "domain.chapter.piles",
    "domain.chapter.queries",
    "domain.chapter.resolution",
    "domain.chapter.setup",
    "domain.campaign.known",
    "domain.cards.effects",
    "domain.forecast",
    "domain.memo",
    "domain.packing",
)
VOCABULARY = ("commands", "events", "state", "words")  # a module's files a face may read
FACES_OWN = ("steps",)  # a module's files of the application's layer, not of its rules


def _internal(target: str) -> bool:
    """Whether a module of ours is one of the rules' internals a face may not import."""
    if any(target == i or target.startswith(f"{i}.") for i in RULES_INTERNALS):
        return True
    if not target.startswith("domain.modules.") or KNOWN[target].name == "__init__.py":
        return False
    return target.rpartition(".")[2] not in (*VOCABULARY, *FACES_OWN)


def test_a_face_imports_none_of_the_rules_internals() -> None:
    found = {
        (module, target)
        for module, targets in EVERY.items()
        if _layer(module) in FACES
        for target in targets
        if _internal(target)
    }
    assert sorted(found) == [], "a face imports the rules' internals"


def test_the_faces_wall_finds_a_face_importing_the_rules_internals() -> None:
    assert _internal("domain.chapter.facts")
    assert _internal("domain.cards.effects")
    assert not _internal("domain.public")  # the front door the faces ask
    assert not _internal("domain.chapter.state")  # the game's vocabulary


# --- Walls that hold at run time too (issue 40) ----------------------------------------------
# An import wall holds only for imports: a module could still run another layer by naming it
# in a string (``importlib.import_module("cli.main")``, ``python -c "from cli..."``). No
# string of a module (its docstrings aside: prose) names a module of a layer it may not
# import; and no file of web/ builds a command's words, runs a process or reads what a
# command printed: the companion asks the application for data.
FACE_NAME = re.compile(r"\b(cli|web|app)\.[a-z_]+|\b(?:from|import) (cli|web|app)\b")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def strings_naming_layers(name: str, source: str) -> list[str]:
    """The strings of a module that name a module of a layer it may not import."""
    tree = ast.parse(source)
    prose = _docstrings(tree)
    wrong = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            for match in FACE_NAME.finditer(node.value):
                layer = match.group(1) or match.group(2)
                if layer not in ALLOWED[_layer(name)] and f"{layer}." in f"{match.group(0)}.":
                    wrong.append(f"{name}: {node.value[:60]!r}")
    return wrong


def test_no_module_names_a_layer_it_may_not_import_in_a_string() -> None:
    wrong = [
        found
        for name, path in KNOWN.items()
        for found in strings_naming_layers(name, path.read_text("utf-8"))
    ]
    assert not wrong, "\n".join(wrong)


def argv_and_printed_output(source: str) -> list[str]:
    """What a face's module does that only driving a command needs: a process started, the
    command line's words built (an option word), its printed output read back."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names.append(getattr(node, "module", None) or "")
            found += [f"imports {n}" for n in names if n.split(".")[0] in FORBIDDEN_IN_WEB]
        elif isinstance(node, ast.Attribute) and node.attr == "argv":
            found.append("reads sys.argv")
        elif isinstance(node, ast.Constant) and _option_or_error(node.value):
            found.append(f"says {node.value!r}")
    return found


FORBIDDEN_IN_WEB = ("cli", "click", "subprocess")


def _option_or_error(value: object) -> bool:
    """A command line's option word (``--seen=``), or the prefix of its error line."""
    if not isinstance(value, str):
        return False
    return bool(re.fullmatch(r"--[a-z][a-z-]*(=.*)?", value)) or value == "Error: "


def test_no_file_of_web_builds_argv_names_cli_or_parses_a_commands_output() -> None:
    found = {
        name: argv_and_printed_output(path.read_text("utf-8"))
        for name, path in KNOWN.items()
        if _layer(name) == "web"
    }
    assert {name: said for name, said in found.items() if said} == {}


def test_the_run_time_walls_find_a_face_named_in_a_string_and_a_command_driven() -> None:
    driven = 'import subprocess\nwords = ["--seen=3"]\nline.removeprefix("Error: ")\n'
    assert len(argv_and_printed_output(driven)) == 3
    started = '"""Docstrings may say cli.main."""\nSTART = "from cli.worker import serve"\n'
    assert strings_naming_layers("web.worker", started) == [
        "web.worker: 'from cli.worker import serve'"
    ]
    assert strings_naming_layers("cli.main", 'NAME = "web.app"\n') == []
