"""The modules a command imports, found and read from one file rather than one by one.

Python finds each module it imports by asking every finder on ``sys.meta_path``, then
every folder on ``sys.path`` (or its package's), in the import system's own Python code
(``importlib._bootstrap_external``: joining paths, listing folders, looking for five
suffixes), and reads its bytecode from a ``.pyc`` of its own after working out that
file's name and checking it against the source. A logged action imports ~330 modules
that way, ``status`` ~195; the finding and reading is about half of the bytecode a
command runs (docs/performance.md).

``Kept`` keeps, in one file beside this module's bytecode (``__pycache__``, or
``sys.pycache_prefix``), behind the interpreter's magic number and version, each
module's place as Python found it (its source, the ``sys.path`` entry or package folder
it was found in) and its ``.pyc`` as Python wrote it. Placed on ``sys.meta_path`` before
Python's own finders (after any a ``.pth`` file put there), it answers for a kept module
after the checks Python's finder and loader make, in the same order:

- where it was found is where Python would look first: a top-level module's ``sys.path``
  entry is on ``sys.path`` and no entry before it holds a module, package or folder of
  that name (the current folder included: a module found there is never kept); a
  submodule's package has the one folder it had;
- that folder still holds it as it did (the same ``.py`` file and nothing of its name
  beside it but a type stub, or the same package folder);
- its source's modification time and size are the ones its bytecode was compiled from
  (as a ``.pyc``'s header is checked: a bytecode file that checks a hash is never kept).

Each module's bytecode is read from the kept file as it is imported (``os.pread``: the
file is neither mapped nor held, so a command's peak memory is unchanged). Anything else
is found and read by Python as usual, and kept at exit for the next run (whole or not at
all, in a file renamed over the old one; not when Python writes no bytecode or the
folder cannot be written). What a module is (its ``__file__``, ``__cached__``,
``__spec__``, loader methods such as ``get_source``) is what Python's own would make:
the loader is Python's ``SourceFileLoader``, given the bytecode. Installed by
``tracker.speedups`` only (the ``grizzled`` script).
"""

from __future__ import annotations

import _imp
import atexit
import marshal
import os
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    BuiltinImporter,
    ModuleSpec,
    SourceFileLoader,
)
from importlib.util import MAGIC_NUMBER, cache_from_source
from itertools import repeat
from types import CodeType
from typing import Any, BinaryIO

SUFFIXES = frozenset((*EXTENSION_SUFFIXES, *SOURCE_SUFFIXES, *BYTECODE_SUFFIXES))
HEAD = len(MAGIC_NUMBER) + 8 + 4  # the kept file's: magic number, the index's place and size
HEADER = 16  # a .pyc's magic number, flags, source time and size
STAMP = MAGIC_NUMBER + bytes(4)  # a .pyc's magic number and flags when it checks a time

# a kept module: its source, its .pyc, whether it is a package, where it was found (the
# sys.path entry of a top-level module, the package folder of a submodule), and where
# its bytecode lies in the kept file (from, to)
Entry = tuple[str, str, bool, str, int, int]


def fresh(data: Any, source: str) -> bool:
    """Whether ``data``, a ``.pyc`` that checks its source's time (not a hash), was
    compiled from ``source`` as it is now (the check of Python's own loader)."""
    try:
        found = os.stat(source)
    except OSError:
        return False
    stamp = (int(found.st_mtime) & 0xFFFFFFFF) | (found.st_size & 0xFFFFFFFF) << 32
    return bool(data[:8] == STAMP and data[8:16] == stamp.to_bytes(8, "little"))


class Loader(SourceFileLoader):
    """Python's loader of a source file, given where its bytecode was kept; reads the
    ``.pyc`` itself if the source changed since (and then keeps the new one at exit)."""

    def __init__(self, fullname: str, path: str, kept: Kept, start: int, end: int) -> None:
        super().__init__(fullname, path)
        self.kept = kept
        self.at: tuple[int, int] | None = (start, end)

    def get_code(self, fullname: str) -> Any:
        at, self.at = self.at, None
        data = self.kept.bytecode(*at) if at is not None else None
        if data is not None and fresh(data, self.path):
            try:
                code = marshal.loads(memoryview(data)[HEADER:])
            except (ValueError, EOFError, TypeError):
                code = None  # damaged since it was kept: read as Python would
            if type(code) is CodeType:
                _imp._fix_co_filename(code, self.path)  # type: ignore[attr-defined]
                return code
        self.kept.stale.add(fullname)
        return super().get_code(fullname)


class Kept:
    """The kept modules of this interpreter, read when first asked for."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.entries: dict[str, Entry] | None = None
        self.file: int | None = None  # the kept file, open (read a module at a time)
        self.names: dict[str, tuple[Counter[str], frozenset[str]] | None] = {}  # by folder
        self.stale: set[str] = set()

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if self.entries is None:
            self.entries = self.read()
        entry = self.entries.get(name)
        if entry is None:
            return None
        source, cached, package, where, start, end = entry
        if not self.first(name.rpartition(".")[2], package, where, path):
            self.stale.add(name)
            return None
        spec = ModuleSpec(
            name,
            Loader(name, source, self, start, end),
            origin=source,
            is_package=package,
        )
        spec.has_location = True
        spec.cached = cached
        if package:
            spec.submodule_search_locations = [os.path.dirname(source)]
        return spec

    def first(self, stem: str, package: bool, where: str, path: Any) -> bool:
        """Whether Python's finder would find ``stem`` in ``where`` first, as kept."""
        if path is None:
            entries = sys.path
            if where not in entries:
                return False
            for entry in entries[: entries.index(where)]:
                listed = self.listed(entry or ".")
                if listed is None:
                    if os.path.exists(entry or "."):
                        return False  # a file Python's finder may look into (a zip)
                elif stem in listed[0]:
                    return False
        elif len(path) != 1 or path[0] != where:
            return False
        listed = self.listed(where)
        if listed is None:
            return False
        stems, names = listed
        if package:
            return stem in names
        return stems.get(stem) == 1 and stem + ".py" in names

    def listed(self, folder: str) -> tuple[Counter[str], frozenset[str]] | None:
        """``folder``'s names, and how many of them Python's finder may take for a
        module of each stem (what comes before a first dot): a folder's, or a file's
        with a module's suffix (not ``json.pyi``); None if it cannot be listed."""
        if folder not in self.names:
            try:
                names = frozenset(os.listdir(folder))
            except OSError:
                self.names[folder] = None
            else:
                stems = Counter(
                    stem
                    for stem, dot, rest in map(str.partition, names, repeat("."))
                    if not dot or "." + rest in SUFFIXES
                )
                self.names[folder] = (stems, names)
        return self.names[folder]

    def read(self) -> dict[str, Entry]:
        """What an earlier run kept, or nothing if it cannot be read as such."""
        atexit.register(self.write)
        if self.path is None:
            return {}
        try:
            file = os.open(self.path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return {}
        try:
            head = os.pread(file, HEAD, 0)
            where = int.from_bytes(head[len(MAGIC_NUMBER) : HEAD - 4], "little")
            size = int.from_bytes(head[HEAD - 4 :], "little")
            if where < HEAD or where + size != os.fstat(file).st_size:
                raise ValueError("not an index where the file says")
            interpreter, entries = marshal.loads(os.pread(file, size, where))
            if head[: len(MAGIC_NUMBER)] != MAGIC_NUMBER or interpreter != sys.version:
                raise ValueError("kept by another interpreter")
            if not isinstance(entries, dict):
                raise TypeError("not an index")
        except (OSError, ValueError, EOFError, TypeError):
            os.close(file)
            return {}
        self.file = file
        return entries

    def bytecode(self, start: int, end: int) -> bytes | None:
        """A kept module's ``.pyc``, read from the kept file (not held in memory: a
        command's peak memory is what it keeps, docs/performance.md)."""
        if self.file is None:
            return None
        try:
            data = os.pread(self.file, end - start, start)
        except OSError:
            return None
        return data if len(data) == end - start else None

    def write(self) -> None:
        """Keep, for the next run, every module Python found and read itself this run
        (beside those kept before that were not found stale): one module in memory at a
        time, the index after them."""
        if self.path is None or sys.dont_write_bytecode or self.entries is None:
            return
        found = {
            name: place
            for name, module in list(sys.modules.items())
            if name not in self.entries or name in self.stale
            if (place := self.place(name, module)) is not None
        }
        if not found and not self.stale:
            return
        folder = os.path.dirname(self.path)
        with suppress(OSError):
            os.makedirs(folder, exist_ok=True)
        if not os.access(folder, os.W_OK):
            return  # (before reading the bytecode files, on every run)
        with written_whole(self.path) as file:
            file.write(bytes(HEAD))
            entries = self.copied(file, found)
            index = marshal.dumps((sys.version, entries))
            where = file.tell()
            file.write(index)
            file.seek(0)
            file.write(
                MAGIC_NUMBER + where.to_bytes(8, "little") + len(index).to_bytes(4, "little")
            )

    def copied(self, file: Any, found: dict[str, tuple[str, str, bool, str]]) -> dict[str, Entry]:
        """The bytecode of the modules kept before and still fresh, then of those found
        this run, written to ``file``: where each lies."""
        entries: dict[str, Entry] = {}
        for name, (source, cached, package, where, start, end) in (self.entries or {}).items():
            if name in self.stale or name in found:
                continue
            data = self.bytecode(start, end)
            if data is not None:
                at = file.tell()
                file.write(data)
                entries[name] = (source, cached, package, where, at, at + len(data))
        for name, (source, cached, package, where) in found.items():
            try:
                with open(cached, "rb") as pyc:
                    data = pyc.read()
            except OSError:
                continue
            if fresh(data, source):
                at = file.tell()
                file.write(data)
                entries[name] = (source, cached, package, where, at, at + len(data))
        return entries

    def place(self, name: str, module: Any) -> tuple[str, str, bool, str] | None:
        """Where Python found ``module``, if it is a source file Python's path finder
        found and compiled to a ``.pyc``: source, ``.pyc``, package or not, and the
        ``sys.path`` entry or package folder it was found in."""
        spec: Any = own(module, "__spec__")
        loader = getattr(spec, "loader", None)
        if type(loader) not in (SourceFileLoader, Loader) or not spec.has_location:
            return None
        if name in sys.builtin_module_names or _imp.is_frozen(name):
            return None  # found before the path finder (the kept are asked first)
        source, cached = spec.origin, spec.cached
        if not isinstance(source, str) or not source.endswith(".py") or not cached:
            return None
        package = spec.submodule_search_locations is not None
        folder = os.path.dirname(source)
        where = os.path.dirname(folder) if package else folder
        parent, _, stem = name.rpartition(".")
        above = None
        if parent:
            above = own(sys.modules.get(parent), "__path__")
            if above is None:
                return None
        elif not os.path.isabs(where):
            return None
        if not self.first(stem, package, where, above):
            return None  # as a later run would not find it (checked the same way)
        return source, cached, package, where


def own(module: Any, name: str) -> Any:
    """A module's attribute as it is set on it, or None: read without asking the module
    (a module loaded when first used, ``importlib.util.LazyLoader``'s, would load then),
    and None for anything else a library put in ``sys.modules``."""
    try:
        return object.__getattribute__(module, "__dict__").get(name)
    except Exception:  # an object of any kind, asked at exit: keep nothing
        return None


def beside_bytecode(source: str, suffix: str) -> str | None:
    """Where a file kept with ``source``'s bytecode goes (its ``__pycache__``, or under
    ``sys.pycache_prefix``), named as its ``.pyc`` with ``suffix`` instead; None if this
    interpreter keeps no bytecode. The kept modules' file and ``tracker.dataclass_code``'s."""
    if sys.implementation.cache_tag is None:  # (cache_from_source would refuse)
        return None
    return cache_from_source(source)[: -len(".pyc")] + suffix


@contextmanager
def written_whole(path: str) -> Iterator[BinaryIO]:
    """A file to write ``path`` with, whole or not at all: a unique file renamed over the
    old one once written; if the folder or the disk refuses, nothing is kept (a kept
    file is only ever a saving: the next run does without it)."""
    partial = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(partial, "wb") as file:
            yield file
        os.replace(partial, path)
    except OSError:
        with suppress(OSError):
            os.remove(partial)


KEPT = Kept(beside_bytecode(__file__, ".modules"))


def install() -> None:
    """Find and read the kept modules from now on: before Python's own finders (a kept
    module is none the builtin and frozen modules' finders find), after any finder a
    package put before them at start-up (``.pth`` files), which may answer for a name."""
    if KEPT not in sys.meta_path:
        at = sys.meta_path.index(BuiltinImporter) if BuiltinImporter in sys.meta_path else 0
        sys.meta_path.insert(at, KEPT)
