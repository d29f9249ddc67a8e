"""The methods ``dataclasses`` writes for the event classes, compiled once, not every run.

The library makes every event class a dataclass (its own ~12 and the campaign's), and
``dataclasses`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__`` and ``__delattr__`` as source text that it compiles with ``exec`` each
time the class is created: ~60 texts, ~42 M instructions, a tenth of a logged action.
The texts are the same from one run to the next, so their code objects are kept the way
Python keeps a module's: marshalled beside this module's ``.pyc`` (``__pycache__``, or
``sys.pycache_prefix``), behind the interpreter's magic number, not written when Python
writes no bytecode. A text is its own key: a class that changes writes a new text, which
is compiled and added; a cache that cannot be read is ignored and written anew.

``dataclasses`` calls ``exec`` by its global name; ``install`` gives its module an
``exec`` that looks the text up for the classes of the library's modules and ours and
passes every other call through unchanged (``tests/tracker/test_dataclass_code.py``).
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType
from typing import Any

from tracker.module_code import beside_bytecode, written_whole

OWNERS = ("eventsourcing.", "tracker.")  # the modules whose classes' methods are kept


class Kept:
    """Compiled method texts by text, read from ``path`` when first asked for, written
    back at exit when one was added."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.codes: dict[str, CodeType] | None = None
        self.added = 0

    def code(self, text: str) -> CodeType:
        """The compiled ``text``, compiled now if no run compiled it before."""
        if self.codes is None:
            self.codes = self.read()
        code = self.codes.get(text)
        if code is None:
            code = self.codes[text] = compile(text, "<string>", "exec")
            if not self.added and self.path is not None:
                atexit.register(self.write)
            self.added += 1
        return code

    def read(self) -> dict[str, CodeType]:
        """What an earlier run kept, or nothing if it cannot be read as such."""
        if self.path is None:
            return {}
        try:
            with open(self.path, "rb") as file:
                data = file.read()
            found = marshal.loads(data[len(MAGIC_NUMBER) :])
        except (OSError, ValueError, EOFError, TypeError):
            return {}
        if not data.startswith(MAGIC_NUMBER) or not isinstance(found, dict):
            return {}
        return {
            text: code
            for text, code in found.items()
            if isinstance(text, str) and isinstance(code, CodeType)
        }

    def write(self) -> None:
        """Keep the texts for the next run, whole or not at all (a unique file renamed
        over the old one); a folder that cannot be written keeps nothing."""
        if self.path is None or sys.dont_write_bytecode:
            return
        with written_whole(self.path) as file:
            file.write(MAGIC_NUMBER + marshal.dumps(self.codes))


KEPT = Kept(beside_bytecode(__file__, ".methods"))  # beside this module's .pyc


def kept_exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` as ``dataclasses`` calls it, with our owners' texts compiled once."""
    owner = str(globals.get("__name__", "")) if isinstance(globals, dict) else ""
    if isinstance(source, str) and owner.startswith(OWNERS):
        source = KEPT.code(source)
    builtins.exec(source, globals, locals)


def install() -> None:
    """``dataclasses`` compiles the library's and the tracker's methods through ``KEPT``."""
    dataclasses.exec = kept_exec  # type: ignore[attr-defined]
