"""The voice's walls (issue 29, one voice; docs/architecture.md), checked on the code:

- ``voice`` imports of ours only ``domain``, ``projections`` and itself (no face, no
  tracker), and no library a face draws with (rich, click, prompt_toolkit, a web one);
- no module of a face (``cli``; ``web``, the phone companion, once it is there) imports a
  domain event class: what an event says is the voice's, nor the rules' internals
  (tests/test_import_graph.py's list): it asks the front door, ``domain.public``;
- no module of a face holds a phrase of the voice: no string in it (docstrings and click
  ``help=`` texts aside, and the two modules that quote the game's words as data: the
  reference page's prose, ``cli.docgen``, and the demo's typed script, ``cli.demo``)
  contains a string of three or more words that a voice module writes, and no page
  template of a face (``web``'s Jinja2 pages) holds one either.

Kept apart from tests/test_import_graph.py (the house's walls) so each grows on its own.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from tests.test_import_graph import _internal, imports

ROOT = Path(__file__).resolve().parent.parent
FACES = ("rich", "click", "prompt_toolkit", "starlette", "jinja2", "htmx")
QUOTING = {"cli.docgen", "cli.demo"}  # they quote the game's words as data
FACE_PACKAGES = ("cli", "web")  # the faces held to the voice's walls (web: when it is there)
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")  # a message's named field (str.format)


def modules(*packages: str) -> dict[str, Path]:
    """Every module of ``packages``, by dotted name."""
    found = {}
    for package in packages:
        if not (ROOT / package).is_dir():
            continue  # a face not built yet
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


KNOWN = modules("domain", "tracker", "projections", "voice", *FACE_PACKAGES)
EVERY, _ = imports(KNOWN)


def trees(package: str) -> dict[str, ast.Module]:
    return {
        name: ast.parse(path.read_text("utf-8"))
        for name, path in KNOWN.items()
        if name.split(".")[0] == package
    }


def test_the_voice_imports_no_face_and_no_tracker() -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in EVERY.items()
        if module.split(".")[0] == "voice"
        for target in targets
        if target.split(".")[0] not in ("domain", "projections", "voice")
    )
    assert not wrong, "\n".join(wrong)


def test_the_voice_imports_no_library_a_face_draws_with() -> None:
    wrong = []
    for name, tree in trees("voice").items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                found = [node.module]
            else:
                continue
            wrong += [f"{name} imports {f}" for f in found if f.split(".")[0] in FACES]
    assert not wrong, "\n".join(wrong)


def event_imports(modules: dict[str, ast.Module]) -> list[str]:
    """Each domain event class ``modules`` import, as ``module imports domain.x.Event``."""
    from domain.events import Event

    wrong = []
    for name, tree in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("domain"):
                assert node.module is not None
                imported = importlib.import_module(node.module)
                for alias in node.names:
                    value = getattr(imported, alias.name, None)
                    if isinstance(value, type) and issubclass(value, Event):
                        wrong.append(f"{name} imports {node.module}.{alias.name}")
    return wrong


@pytest.mark.parametrize("face", FACE_PACKAGES)
def test_no_module_of_a_face_imports_a_domain_event(face: str) -> None:
    wrong = event_imports(trees(face))
    assert not wrong, "\n".join(wrong)


def internal_imports(face: str, every: dict[str, set[str]]) -> list[str]:
    """Each of the rules' internals (tests/test_import_graph.py) a module of ``face`` imports."""
    return sorted(
        f"{module} imports {target}"
        for module, targets in every.items()
        if module.split(".")[0] == face
        for target in targets
        if _internal(target)
    )


@pytest.mark.parametrize("face", FACE_PACKAGES)
def test_no_module_of_a_face_imports_the_rules_internals(face: str) -> None:
    wrong = internal_imports(face, EVERY)
    assert not wrong, "\n".join(wrong)


def test_a_web_page_asking_the_rules_internals_is_caught() -> None:
    every = {"web.pages": {"domain.chapter.facts", "domain.public", "voice.board"}}

    assert internal_imports("web", every) == ["web.pages imports domain.chapter.facts"]


def strings(tree: ast.Module) -> list[str]:
    """The string constants of a module that are not docstrings nor click ``help=`` texts
    (an f-string's constant parts each count)."""
    skipped = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))
        if isinstance(node, ast.keyword) and node.arg == "help":
            skipped.add(id(node.value))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if id(node) not in skipped
    ]


def voice_phrases() -> set[str]:
    """Every string of three or more words a voice module writes; a message the catalogue
    translates counts by its parts between placeholders (``{player} is the Mission
    Leader.``: ``is the Mission Leader.``), as an f-string's constant parts do."""
    return {
        part.strip()
        for tree in trees("voice").values()
        for text in strings(tree)
        for part in PLACEHOLDER.split(text)
        if len(part.split()) >= 3
    }


def phrases_in(modules: dict[str, ast.Module], phrases: set[str]) -> list[str]:
    """Each of ``phrases`` a string of ``modules`` holds (the quoting modules aside)."""
    return sorted(
        f"{name}: {phrase!r} in {text!r}"
        for name, tree in modules.items()
        if name not in QUOTING
        for text in strings(tree)
        for phrase in phrases
        if phrase in text
    )


@pytest.mark.parametrize("face", FACE_PACKAGES)
def test_no_module_of_a_face_holds_a_phrase_of_the_voice(face: str) -> None:
    phrases = voice_phrases()
    wrong = phrases_in(trees(face), phrases)
    assert len(phrases) > 100  # the voice's phrases were found
    assert not wrong, "\n".join(wrong)


TEMPLATES = ("*.html", "*.jinja", "*.j2", "*.txt")  # a face's page templates


@pytest.mark.parametrize("face", FACE_PACKAGES)
def test_no_template_of_a_face_holds_a_phrase_of_the_voice(face: str) -> None:
    phrases = voice_phrases()
    folder = ROOT / face
    found = [p for pattern in TEMPLATES for p in folder.rglob(pattern)] if folder.is_dir() else []
    wrong = sorted(
        f"{path.relative_to(ROOT)}: {phrase!r}"
        for path in found
        for phrase in phrases
        if phrase in path.read_text("utf-8")
    )
    assert not wrong, "\n".join(wrong)


def test_a_web_page_is_held_to_the_walls_of_the_cli() -> None:
    source = (
        "from domain.events import CardPlayed\n"
        "def page(player):\n"
        '    return f"<p>{player} is the Mission Leader.</p>"\n'
    )
    page = {"web.pages": ast.parse(source)}

    assert event_imports(page) == ["web.pages imports domain.events.CardPlayed"]
    assert "web.pages: 'is the Mission Leader.' in ' is the Mission Leader.</p>'" in phrases_in(
        page, voice_phrases()
    )


def test_the_phrase_check_finds_a_sentence_written_in_the_cli() -> None:
    source = 'def f(p):\n    """Doc: p withdraws."""\n    return f"{p} is the Mission Leader."'
    tree = ast.parse(source)

    found = strings(tree)

    assert found == [" is the Mission Leader."]
