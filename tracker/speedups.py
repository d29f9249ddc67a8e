"""Nine speed tricks that patch the standard library or stand in for a library's unused
parts, installed by the ``grizzled`` command's entry point alone (``cli/script.py``), on
the Python versions they are tested on, unless ``GRIZZLED_SPEEDUPS=0``.

No import of a project module changes the standard library (``tests/test_imports.py``):
a test, a server or another tool that imports the tracker runs on Python as it is. The
command lives a fraction of a second and imports the eventsourcing library on every
write, where the first two tricks save ~14% of a logged action's instructions on Python 3.11
(docs/performance.md):

- ``dataclasses`` compiles the methods of the library's and the tracker's event classes
  through ``tracker.dataclass_code`` (compiled once, kept beside the bytecode), ~10%;
- ``inspect.signature(object.__init__)``, which ``eventsourcing.domain`` asks once as it
  is imported, is answered with ``OBJECT_INIT``, the signature ``inspect`` computes: on
  3.11 ``inspect`` reads a builtin's signature from its text with ``tokenize``, whose
  regular expressions cost ~16 M instructions to compile, ~4%;
- ``msgspec``'s package imports its ``inspect``, ``toml`` and ``yaml`` modules and the
  JSON Schema writer (``_json_schema``, with ``textwrap``) whenever it is imported; grizzled
  uses none of them. ``LaterParts`` loads the first three when one of their names is first
  read (``importlib.util.LazyLoader``) and the writer when ``msgspec.json.schema`` or
  ``schema_components`` is first called: ~5.7 M instructions of a logged action (1.5%),
  4.4 M of ``hint``, on every command that decodes a state; installed at once (the domain
  imports ``msgspec`` before the library).

- ``typing_extensions`` (~12 M instructions to import, 3% of a logged action, 4% of
  ``hint``) is asked, by the libraries a command loads, only for what ``typing`` has on
  these versions: ``msgspec`` its ``get_type_hints``, ``Required`` and ``NotRequired``
  (falling back to ``typing``'s when it is absent), the library ``TypeVar`` with a
  ``default`` (PEP 696: for type checkers; ``typing``'s takes it from 3.13).
  ``TypingExtensions`` answers those from ``typing`` and loads the real module the
  first time any other name is read (a club's server: ``psycopg`` reads many), so every
  later ``import typing_extensions`` gets the real one.

- ``platform`` (nine regular expressions compiled as it is imported, ~7-10 M instructions,
  3% of a logged action) is imported by ``uuid`` on Linux before 3.13 for
  ``platform.system()`` alone. ``Platform`` answers it from ``os.uname`` and loads the
  real module the first time any other name is read.

- ``typing.ForwardRef`` compiles its text as it is made: every ``NamedTuple`` of a module
  with ``from __future__ import annotations`` makes one per field (48 for ``status``, 30
  for the domain's ``Module`` alone), which nothing reads in a command unless a type's
  hints are evaluated. ``LaterCode`` compiles it the first time it is read (~150 k
  instructions each, ~7 M of ``status``, 2.6% of F); a text that is no expression fails
  then, with the same message.

- ``json`` compiles six regular expressions as it is imported, five of them for its pure
  Python scanner and encoder, which the C ones (``_json``) stand in for; every command
  imports it. ``LaterPattern`` compiles each the first time it is used (``json.loads``
  uses one): ~5 M instructions of ``status`` (1.9% of F).

- ``click``'s parser looks a short option (``-r``) up among the long ones first and
  catches the ``NoSuchOption`` that raises, which imports ``difflib`` and matches the
  option against every long one to suggest one, for a message nobody reads: ~3.7 M
  instructions (1.4% of F) of every command given a short option. ``LaterSuggestions``
  matches them when its message is read.

- Python finds each module a command imports by asking each folder of ``sys.path`` or of
  its package in its own Python code, and reads its bytecode from a ``.pyc`` of its own
  after checking it against the source: about half of the bytecode a command runs. The
  kept modules' finder (``tracker.module_code``, installed first) finds and reads each
  module from one file kept beside the bytecode, after the same checks: ~13 M
  instructions of ``status`` (5% of F), ~24 M of a logged action (9% of F).

The first two are installed when the library is first imported (``BeforeTheLibrary``),
so a command that never imports it (``status``) pays nothing for them. All nine leave every
output as it was: ``tests/cli/test_python_versions.py`` logs a chapter
through the installed command with and without them, on each version the suite runs on.
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

TESTED = ((3, 11), (3, 12), (3, 13))  # the versions .ci/run runs the suite on
SWITCH = "GRIZZLED_SPEEDUPS"  # "0" leaves the standard library alone


def wanted() -> bool:
    """Whether this interpreter is one the tricks are tested on and they are not off."""
    return sys.version_info[:2] in TESTED and os.environ.get(SWITCH, "1") != "0"


class BeforeTheLibrary:
    """An import finder that finds nothing: asked for ``eventsourcing`` the first time,
    it installs the tricks. It stays on ``sys.meta_path`` (leaving it while Python asks
    each finder in turn would skip the next one, the kept modules' finder)."""

    patched: ClassVar[bool] = False

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None, target: Any = None) -> None:
        if name == "eventsourcing" and not cls.patched:
            cls.patched = True
            patch()


def patch() -> None:
    """Both tricks, now."""
    import inspect  # here, not at import: a command that never loads the library pays nothing

    from tracker import dataclass_code
    from tracker.signatures import knowing_object_init

    dataclass_code.install()
    inspect.signature = knowing_object_init(inspect.signature)


class LaterParts:
    """An import finder for ``msgspec``'s parts grizzled never uses (``LATER``, and the
    JSON Schema writer): each found as usual, then loaded when first used; it leaves
    ``sys.meta_path`` once it has found them all."""

    LATER = ("msgspec.inspect", "msgspec.toml", "msgspec.yaml")
    SCHEMA = "msgspec._json_schema"
    left: ClassVar[frozenset[str]] = frozenset((*LATER, SCHEMA))

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None, target: Any = None) -> Any:
        if name not in cls.left:
            return None
        from importlib.machinery import PathFinder
        from importlib.util import LazyLoader

        cls.left = cls.left - {name}
        if not cls.left:
            sys.meta_path.remove(cls)
        spec = PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        later = SchemaOnCall(spec) if name == cls.SCHEMA else LazyLoader(spec.loader)
        spec.loader = cast("Loader", later)
        return spec


class SchemaOnCall:
    """The loader of ``msgspec._json_schema`` that ``LaterParts`` gives: the module it makes
    holds ``schema`` and ``schema_components``, each running the real module's (loaded
    then, once) when called."""

    def __init__(self, spec: Any) -> None:
        self.found = spec.loader  # the file's own loader
        self.real: Any = None

    def create_module(self, spec: Any) -> None:
        return None  # the default module

    def exec_module(self, module: Any) -> None:
        def later(name: str) -> Any:
            def call(*args: Any, **kwargs: Any) -> Any:
                return getattr(self.load(), name)(*args, **kwargs)

            call.__name__ = call.__qualname__ = name
            return call

        module.schema = later("schema")
        module.schema_components = later("schema_components")

    def load(self) -> Any:
        """The real module, run the first time it is asked for (not in ``sys.modules``:
        the name stays with the module that calls it)."""
        if self.real is None:
            from importlib.util import module_from_spec, spec_from_loader

            name = "msgspec._json_schema"
            spec = spec_from_loader(name, self.found, origin=self.found.path)
            if spec is None:
                raise ImportError(name)
            real = module_from_spec(spec)
            self.found.exec_module(real)
            self.real = real
        return self.real


def _type_var(name: str, *constraints: Any, default: Any = None, **kinds: Any) -> Any:
    """``typing_extensions.TypeVar`` as the library uses it: ``typing``'s, the default
    (which only type checkers read) left out where ``typing``'s takes none."""
    import typing

    return typing.TypeVar(name, *constraints, **kinds)


class StandIn(types.ModuleType):
    """A module in ``sys.modules`` answering the few names a command asks of it, and the
    real module (``NAME``) for any other name: read the first time one is asked, then in
    ``sys.modules`` in this one's place."""

    NAME: ClassVar[str]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # asked by import machinery and tools: not a name of it
            raise AttributeError(name)
        return getattr(self.real(), name)

    def real(self) -> types.ModuleType:
        """The real module, loaded now if it is not yet."""
        if sys.modules.get(self.NAME) is not self:
            return importlib.import_module(self.NAME)
        del sys.modules[self.NAME]
        try:
            return importlib.import_module(self.NAME)
        except BaseException:
            sys.modules[self.NAME] = self
            raise


class TypingExtensions(StandIn):
    """The ``typing_extensions`` a command gets: ``typing``'s ``get_type_hints``,
    ``Required``, ``NotRequired`` and ``TypeVar`` (``_type_var`` before 3.13)."""

    NAME = "typing_extensions"

    def __init__(self) -> None:
        import typing

        super().__init__(self.NAME, "typing_extensions, answered from typing (speedups)")
        self.get_type_hints = typing.get_type_hints
        self.Required = typing.Required
        self.NotRequired = typing.NotRequired
        self.TypeVar = typing.TypeVar if sys.version_info >= (3, 13) else _type_var


class Platform(StandIn):
    """The ``platform`` a command gets on Linux before 3.13, where ``uuid`` imports it for
    ``system()`` alone, as it is imported: the kernel's name (what ``platform.system()``
    says of it there), without compiling ``platform``'s nine regular expressions."""

    NAME = "platform"

    def __init__(self) -> None:
        super().__init__(self.NAME, "platform, its system() from os.uname (speedups)")

    def system(self) -> str:
        """``platform.system()``: the kernel's name where it is Linux."""
        name = os.uname().sysname
        return name if name == "Linux" else str(self.real().system())


def platform_wanted() -> bool:
    """Whether ``uuid`` would import ``platform`` for ``system()`` as it is imported (Linux
    before 3.13) and nothing has imported either yet."""
    fresh = "platform" not in sys.modules and "uuid" not in sys.modules
    return fresh and sys.platform == "linux" and sys.version_info < (3, 13)


class LaterCode:
    """``typing.ForwardRef.__forward_code__``: the slot's, or the reference's text compiled
    the first time it is read (the reference made by ``_forward_ref``)."""

    def __init__(self, slot: Any) -> None:
        self.slot = slot  # the class's own member descriptor

    def __get__(self, ref: Any, owner: Any = None) -> Any:
        if ref is None:
            return self
        try:
            return self.slot.__get__(ref, owner)
        except AttributeError:
            arg = ref.__forward_arg__
            try:
                code = compile(f"({arg},)[0]" if arg[0] == "*" else arg, "<string>", "eval")
            except SyntaxError:
                message = f"Forward reference must be an expression -- got {arg!r}"
                raise SyntaxError(message) from None
            self.slot.__set__(ref, code)
            return code

    def __set__(self, ref: Any, code: Any) -> None:
        self.slot.__set__(ref, code)

    def __delete__(self, ref: Any) -> None:
        self.slot.__delete__(ref)


def _forward_ref(
    self: Any, arg: Any, is_argument: bool = True, module: Any = None, *, is_class: bool = False
) -> None:
    """``typing.ForwardRef.__init__`` (the same on 3.11 to 3.13) but the compiling."""
    if not isinstance(arg, str):
        raise TypeError(f"Forward reference must be a string -- got {arg!r}")
    self.__forward_arg__ = arg
    self.__forward_evaluated__ = False
    self.__forward_value__ = None
    self.__forward_is_argument__ = is_argument
    self.__forward_is_class__ = is_class
    self.__forward_module__ = module


def later_forward_code() -> None:
    """Forward references compiled when first evaluated (``LaterCode``)."""
    import typing

    kept = typing.ForwardRef.__dict__["__forward_code__"]
    if isinstance(kept, LaterCode):
        return
    typing.ForwardRef.__forward_code__ = LaterCode(kept)  # type: ignore[assignment,misc]
    typing.ForwardRef.__init__ = _forward_ref  # type: ignore[method-assign]


class LaterPattern:
    """A regular expression ``json`` compiles as it is imported (``json_patterns_later``),
    compiled the first time one of its methods is called: with the C scanner and encoder
    (``_json``), only ``WHITESPACE`` is ever matched, by ``json.loads``."""

    def __init__(self, pattern: Any, flags: int = 0) -> None:
        self.pattern, self.flags = pattern, flags
        self.compiled: Any = None

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            if self.compiled is None:
                import re

                self.compiled = re.compile(self.pattern, self.flags)
            return getattr(self.compiled, name)(*args, **kwargs)

        return call


def json_patterns_later() -> None:
    """``json`` imported now, its six patterns compiled when first used (``LaterPattern``)."""
    if "json" in sys.modules:
        return
    import re

    compiled = re.compile
    re.compile = LaterPattern  # type: ignore[assignment]  # while json alone is imported
    try:
        import json  # noqa: F401  # every command imports it: now, as above
    finally:
        re.compile = compiled


_LATER = object()  # close matches not looked for yet


def _later_suggestions(base: Any) -> Any:
    """``NoSuchOption`` (``base``) with its close matches found when first read."""

    class LaterSuggestions(base):  # type: ignore[misc]
        """click's ``NoSuchOption``, its suggestions (``possibilities``) matched the
        first time they are read (by its message), not as it is raised."""

        def __init__(
            self,
            option_name: str,
            message: str | None = None,
            possibilities: Any = None,
            ctx: Any = None,
        ) -> None:
            super().__init__(option_name, message, None, ctx)
            self.offered = tuple(possibilities) if possibilities else ()
            self.matched: Any = _LATER if self.offered else None

        @property
        def possibilities(self) -> list[str] | None:
            if self.matched is _LATER:
                from difflib import get_close_matches

                self.matched = get_close_matches(self.option_name, self.offered)
            return cast("list[str] | None", self.matched)

        @possibilities.setter
        def possibilities(self, value: list[str] | None) -> None:
            self.matched = value

    return LaterSuggestions


def later_option_suggestions() -> None:
    """click's parser raising ``NoSuchOption`` with its suggestions matched when first
    read (``_later_suggestions``)."""
    from click import exceptions, parser

    if getattr(parser, "NoSuchOption", None) is exceptions.NoSuchOption:
        parser.NoSuchOption = _later_suggestions(exceptions.NoSuchOption)  # type: ignore[attr-defined]


def install() -> bool:
    """Install the tricks for this process (the library's two as it is first imported),
    if ``wanted``; whether they will be."""
    if not wanted():
        return False
    from tracker import module_code

    module_code.install()
    sys.meta_path.insert(0, BeforeTheLibrary)
    if "msgspec" not in sys.modules:
        sys.meta_path.insert(0, LaterParts)
    sys.modules.setdefault(TypingExtensions.NAME, TypingExtensions())
    if platform_wanted():
        sys.modules[Platform.NAME] = Platform()
    later_forward_code()
    json_patterns_later()
    later_option_suggestions()
    return True
