"""The modules' commands (issue 40, "a module is one room for every face"): a game
module's ``grizzled`` commands are in its own folder, ``domain/modules/<name>/cli.py``, of
the CLI's layer though in the module's folder (nothing of domain, app, voice or web
imports one; tests/test_import_graph.py). They are found here by the folders' layout,
never by name: this registry, ``cli.main`` and the commands name no module.

A module's CLI file holds ``COMMANDS``: its commands by the name typed (``grizzled order``);
it may hold ``SUBCOMMANDS``: by a group of the game's, the commands it adds to it
(``describe order``), and ``OPTIONS``: by a command of the game's (``mission start``,
``briefing``, ``oneshot start``), the options it adds to it and what they give the command
(an ``Added``: the ``StartMission``'s options, the fields of the application's request),
``SESSION_VALUES``: by an option of its own, what Tab offers for it in a table session
from the chapter (``cli/table_complete.py``), and ``SCHEMA``: what it adds to the JSON
schemas docs/cli.md gives (``python -m cli.docgen``), each (the place, its text).
The game's commands take them with ``extend``, where their help always listed them. A
program that plays a module of its own installs its CLI file beside its rules
(``install``, as ``tests/house_rule/played.py`` does).

The files are imported the first time a command the group does not list itself is asked
(``cli.main``), for ``grizzled --help`` and completion, and by the commands they extend
(``mission start``, ``describe``, ``briefing``...): ``grizzled status`` and the four
actions import none.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import click

    from cli.context import Context

_INSTALLED: tuple[str, ...] = ()  # the CLI files of modules a program plays of its own
_LOADED: list[ModuleType] | None = None  # the CLI files, once imported


class Added:
    """What a module adds to a command of the game's: its ``options`` (click's, in the
    order the help lists them) and ``of``: what they give the command, from the values
    typed (by each option's name; the context for the campaign's catalogue): a
    ``StartMission``'s options for ``mission start``, else fields of the request."""

    __slots__ = ("of", "options")

    def __init__(
        self, options: tuple[click.Option, ...], of: Callable[[Context, dict[str, Any]], Any]
    ) -> None:
        self.options = options
        self.of = of


def files() -> list[str]:
    """The CLI files of the game's modules (each package of ``domain/modules`` holding a
    ``cli.py``, by its folder's name: ``app.module_files``), then those installed."""
    from app import module_files

    return [*module_files("cli"), *_INSTALLED]


def loaded() -> list[ModuleType]:
    """The modules' CLI files, imported the first time they are asked for."""
    global _LOADED
    if _LOADED is None:
        _LOADED = [importlib.import_module(name) for name in files()]
    return _LOADED


def install(more: tuple[str, ...]) -> tuple[str, ...]:
    """Add these CLI files (dotted names) to the game modules'; the ones installed before."""
    global _INSTALLED, _LOADED
    before, _INSTALLED, _LOADED = _INSTALLED, tuple(more), None
    return before


def commands() -> dict[str, click.Command]:
    """Every module's commands, by the name typed. Two modules naming one command is an
    error."""
    found: dict[str, click.Command] = {}
    for file in loaded():
        for name, command in file.COMMANDS.items():
            if name in found:
                raise ValueError(f"{file.__name__} and another module both name {name}")
            found[name] = command
    return found


def session_values() -> dict[str, Callable[[Any], list[tuple[str, str]]]]:
    """What Tab offers for a module's option in a table session, by the option (``--order``),
    from the chapter: each (the text, what it is)."""
    return {
        o: values for file in loaded() for o, values in getattr(file, "SESSION_VALUES", {}).items()
    }


def helps(where: str) -> list[str]:
    """What the modules add to a help text at its mark ``{modules:WHERE}`` (each CLI file's
    ``HELPS``: (WHERE, rank, text)), by rank."""
    found = [
        (rank, text)
        for file in loaded()
        for at, rank, text in getattr(file, "HELPS", ())
        if at == where
    ]
    return [text for _rank, text in sorted(found)]


def choices(where: str) -> list[str]:
    """The words the modules add to an option's choices (each CLI file's ``CHOICES``:
    (the option's WHERE, the word)), in the order of their folders."""
    return [word for file in loaded() for at, word in getattr(file, "CHOICES", ()) if at == where]


def schema(place: str) -> str:
    """What the modules add at this place of docs/cli.md's JSON schemas (each CLI file's
    ``SCHEMA``, by place), joined in the order of their folders."""
    return "".join(
        text for file in loaded() for at, text in getattr(file, "SCHEMA", ()) if at == place
    )


def added(command: str) -> list[Added]:
    """What the modules add to a command of the game's (by its path: ``mission start``),
    in the order of their folders."""
    return [file.OPTIONS[command] for file in loaded() if command in getattr(file, "OPTIONS", {})]


def extend(command: click.Command, path: str, before: str = "") -> None:
    """Give a command of the game's what the modules add to it: a group its commands
    (``describe order``), a command their options, listed before its option ``before``."""
    import click

    if isinstance(command, click.Group):
        for file in loaded():
            for name, sub in getattr(file, "SUBCOMMANDS", {}).get(path, {}).items():
                command.add_command(sub, name)
        return
    at = next(i for i, p in enumerate(command.params) if p.name == before)
    command.params[at:at] = [option for more in added(path) for option in more.options]
