"""What is not yet said in French (issue 45): the strings of the voice, the CLI and the
companion that a player may read and that no ``_()`` / ``N_()`` / ``ngettext()`` wraps yet,
counted by module (``python -m tests.voice.untranslated [-v]``). The catalogue test
(tests/voice/test_catalogue.py) checks every wrapped message has its French entry; this
says how many sentences are still written in English only.

A string counts when it holds two words or more (a sentence part, not a key or a format
of one word), outside docstrings, a click ``help=`` text (the CLI's help is extracted by
``voice/helpwords.py`` and said by ``cli/helpsaid.py``: counted apart, as extracted),
logging of our own and the modules that quote the game's words as data. An estimate, not
a proof: a string that only a developer reads counts too, and so do a command's syntax
(``grizzled chapter start --leader NAME``) and a rule's id (``mission leader``)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("voice", "cli", "web")
WRAPS = {"_", "N_", "ngettext", "pgettext"}
QUOTING = {"cli/docgen.py", "cli/demo.py", "voice/lang.py"}


def _skipped(tree: ast.Module) -> tuple[set[int], set[int]]:
    """The ids of docstrings and wrapped strings; and of click help texts."""
    skipped, helps = set(), set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in WRAPS:
            skipped |= {id(n) for arg in node.args for n in ast.walk(arg)}
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in WRAPS:
            skipped |= {id(n) for arg in node.args for n in ast.walk(arg)}
        if isinstance(node, ast.keyword) and node.arg == "help":
            helps |= {id(n) for n in ast.walk(node.value)}
    return skipped, helps


def counted(path: Path) -> tuple[list[str], list[str]]:
    """A module's English-only strings, and its help texts."""
    tree = ast.parse(path.read_text("utf-8"))
    skipped, helps = _skipped(tree)
    said, helped = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in skipped or len(node.value.split()) < 2:
                continue
            (helped if id(node) in helps else said).append(node.value)
    return said, helped


def main() -> int:
    verbose = "-v" in sys.argv
    total = helps = 0
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = str(path.relative_to(ROOT))
            if name in QUOTING:
                continue
            said, helped = counted(path)
            total, helps = total + len(said), helps + len(helped)
            if said:
                print(f"{len(said):4}  {name}")
                if verbose:
                    print("\n".join(f"        {s!r}" for s in said))
    templates = sum(
        1
        for page in (ROOT / "web" / "templates").glob("*.html")
        for line in page.read_text("utf-8").splitlines()
        if ">" in line
        and any(w.isalpha() for w in line.split(">")[-1].split("<")[0].split())
        and "{{" not in line.split(">")[-1]
    )
    print(
        f"{total} strings not yet wrapped; {helps} click help texts (extracted); "
        f"~{templates} page lines"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
