"""Babel's extraction of the CLI's help (issue 45): a command's help is its docstring and
an option's its ``help=`` text, neither of which a ``_()`` call can wrap (click reads them
when the module is imported, before the language is known), so ``make i18n`` finds them
here; the CLI says them in the language in use when it shows its help (``cli.main``).

``babel.cfg`` names this module for the CLI's files: each file's ``_()`` messages as Babel's
Python extractor finds them, then its help texts, each as click shows it
(``inspect.cleandoc``, cut at ``\\f``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

HelpFound = tuple[Any, ...]  # what Babel's extraction methods yield


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
                yield node.lineno, shown(doc)
        elif isinstance(node, ast.keyword) and node.arg == "help":
            value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
                yield value.lineno, shown(value.value)


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
