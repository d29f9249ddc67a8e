"""Babel's extraction of the CLI's help (issue 45): a command's help is its docstring and
an option's its ``help=`` text, neither of which a ``_()`` call can wrap (click reads them
when the module is imported, before the language is known), so ``make i18n`` finds them
here; the CLI says them in the language in use when it shows its help (``cli.main``).

A help text may hold a mark ``{modules:WHERE}`` where the modules add their part (a fact
``grizzled correct`` sets, a variant of ``chapter start``): each module's CLI file lists
its parts (``HELPS``: each the mark's WHERE, its rank among the modules' and its text),
the command line composes the help the first time it is read (``cli.modules``), and the
extraction composes it the same way from the files' ``HELPS`` as written (``composed``):
the catalogue keeps the help whole, as it is shown.

``babel.cfg`` names this module for the CLI's files: each file's ``_()`` messages as Babel's
Python extractor finds them, then its help texts, each as click shows it
(``inspect.cleandoc``, cut at ``\\f``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import IO, Any

HelpFound = tuple[Any, ...]  # what Babel's extraction methods yield
MARK = r"\{modules:([a-z -]+)\}"  # where the modules add to a help text (compiled when met)


def composed(text: str, parts: Callable[[str], list[str]]) -> str:
    """A help text with the modules' parts at each mark (``parts``: by the mark's WHERE):
    a mark alone on its line gives their lines there, indented as it is; else their text
    in its place."""
    if "{modules:" not in text:
        return text
    import re  # (a help without a mark, every command's: no pattern compiled)

    mark = re.compile(MARK)
    lines = []
    for line in text.split("\n"):
        alone = mark.fullmatch(line.strip())
        if alone is None:
            lines.append(mark.sub(lambda m: "".join(parts(m.group(1))), line))
            continue
        indent = line[: len(line) - len(line.lstrip())]
        lines += [indent + said for part in parts(alone.group(1)) for said in part.split("\n")]
    return "\n".join(lines)


def _written(where: str) -> list[str]:
    """The modules' parts at a mark as their files write them (``HELPS``, in their CLI
    files), by rank: what the command line's registry gives, read without importing them."""
    import ast
    from pathlib import Path

    found = []
    modules = Path(__file__).resolve().parent.parent / "domain" / "modules"
    for path in sorted(modules.glob("*/*.py")):  # (their CLI files write them)
        for node in ast.parse(path.read_text("utf-8")).body:
            if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == [
                "HELPS"
            ]:
                found += [
                    (rank, text) for at, rank, text in ast.literal_eval(node.value) if at == where
                ]
    return [text for _rank, text in sorted(found)]


def shown(text: str) -> str:
    """A help text as click shows it, which is the message the catalogue keeps."""
    import inspect  # click's own import: no cost at run time

    return inspect.cleandoc(text).partition("\f")[0].strip()


def _is_command(node: Any) -> bool:
    import ast

    for decorator in node.decorator_list:
        call = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = call.attr if isinstance(call, ast.Attribute) else getattr(call, "id", "")
        if name in ("command", "group"):
            return True
    return False


def help_texts(source: str) -> Iterator[tuple[int, str]]:
    """A module's click help texts: commands' docstrings and ``help=`` strings."""
    import ast

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_command(node):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                yield node.lineno, shown(composed(doc, _written))
        elif isinstance(node, ast.keyword) and node.arg == "help":
            value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
                yield value.lineno, shown(composed(value.value, _written))


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[HelpFound]:
    """Babel's extraction method: the Python messages, then the help texts."""
    import io

    from babel.messages.extract import extract_python

    data = fileobj.read()
    yield from extract_python(io.BytesIO(data), keywords, comment_tags, options)  # type: ignore[arg-type]
    for lineno, text in help_texts(data.decode(options.get("encoding", "utf-8"))):
        yield lineno, "_", text, []
