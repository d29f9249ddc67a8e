"""What is not yet said in French (issue 45): the strings of the voice, the CLI, the
companion and the application layer (app/) that a player may read and that no ``_()`` /
``N_()`` / ``ngettext()`` wraps yet, counted by module (``python -m
tests.voice.untranslated [-v]``). The catalogue test (tests/voice/test_catalogue.py)
checks every wrapped message has its French entry; this
says how many sentences are still written in English only.

A string counts when it holds two words or more (a sentence part, not a key or a format
of one word), outside docstrings, a click ``help=`` text (the CLI's help is extracted by
``voice/helpwords.py`` and said by ``cli/helpsaid.py``: counted apart, as extracted),
logging of our own and the modules that quote the game's words as data (and a module's
part of them: its CLI file's ``SCHEMA``, and its part of a help text, ``HELPS``). An estimate, not
a proof: a string that only a developer reads counts too, and so do a command's syntax
(``grizzled chapter start --leader NAME``) and a rule's id (``mission leader``): those are
listed, each with its reason, in ``tests/voice/untranslated_allowed.py``, and
``tests/voice/test_untranslated.py`` fails on any other (``unwrapped``)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("voice", "cli", "web", "app")
WRAPS = {"_", "N_", "ngettext", "pgettext"}
QUOTING = {"cli/docgen.py", "cli/demo.py", "voice/lang.py"}
# a module's part of docs/cli.md, which cli/docgen.py quotes (English docs), and of the
# game's commands' help (extracted whole, as shown, by voice.helpwords)
DOCS = {"SCHEMA", "HELPS"}


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
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") in DOCS for t in node.targets):
            skipped |= {id(n) for n in ast.walk(node.value)}
        if isinstance(node, ast.keyword) and node.arg == "help":
            helps |= {id(n) for n in ast.walk(node.value)}
    return skipped, helps


def _text(node: ast.JoinedStr) -> str:
    """An f-string as one text, each value a ``{}``: ``f"{n} events"`` is ``{} events``."""
    return "".join(
        part.value if isinstance(part, ast.Constant) else "{}"
        for part in node.values
        if isinstance(part, ast.Constant | ast.FormattedValue)
    )


def _words(text: str) -> bool:
    """Whether ``text`` holds two words or more, one of them of letters (a value, ``{}``,
    counts as a word: ``{} withdrew`` is a sentence, ``{} ({})`` a format)."""
    words = [w for w in text.split() if w == "{}" or any(c.isalpha() for c in w)]
    return len(words) >= 2 and any(w != "{}" for w in words)


def counted(path: Path) -> tuple[list[str], list[str]]:
    """A module's English-only strings, and its help texts. An f-string counts whole (its
    words together, its values ``{}``): ``f"{name} withdrew"`` is one sentence."""
    tree = ast.parse(path.read_text("utf-8"))
    skipped, helps = _skipped(tree)
    parts = {id(p) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for p in n.values}
    said, helped = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in skipped:
            text = _text(node)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in skipped or id(node) in parts:
                continue
            text = node.value
        else:
            continue
        if not _words(text):
            continue  # fewer than two words (a value's brackets, a key, a format)
        (helped if id(node) in helps else said).append(text)
    return said, helped


def modules() -> list[tuple[str, Path]]:
    """The modules scanned, by their path from the project's root: the faces' packages'
    and each module's face, CLI file, set-up steps and web file
    (``domain/modules/<name>/face.py``, the voice's layer; ``cli.py``, the CLI's;
    ``steps.py``, the application's; ``web.py``, the web's)."""
    paths = [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]
    paths += sorted((ROOT / "domain" / "modules").glob("*/face.py"))
    paths += sorted((ROOT / "domain" / "modules").glob("*/cli.py"))
    paths += sorted((ROOT / "domain" / "modules").glob("*/steps.py"))
    paths += sorted((ROOT / "domain" / "modules").glob("*/web.py"))
    return [
        (str(path.relative_to(ROOT)), path)
        for path in paths
        if str(path.relative_to(ROOT)) not in QUOTING
    ]


def unwrapped(name: str, said: list[str]) -> list[str]:
    """The strings of a module that are neither wrapped nor allowed with a reason."""
    from tests.voice.untranslated_allowed import ALLOWED

    allowed = {s for strings in ALLOWED.get(name, {}).values() for s in strings}
    return [s for s in said if s not in allowed]


def main() -> int:
    verbose = "-v" in sys.argv
    total = helps = left = 0
    for name, path in modules():
        said, helped = counted(path)
        total, helps = total + len(said), helps + len(helped)
        new = unwrapped(name, said)
        left += len(new)
        if said:
            print(f"{len(said):4}  {name}" + (f"  ({len(new)} not allowed)" if new else ""))
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
        f"{total} strings not wrapped ({left} neither wrapped nor allowed with a reason); "
        f"{helps} click help texts (extracted); ~{templates} page lines"
    )
    return 1 if left else 0


if __name__ == "__main__":
    raise SystemExit(main())
