"""The modules' commands (issue 40, "a module is one room for every face"): a game
module's ``grizzled`` commands are in its own folder, ``domain/modules/<name>/cli.py``, of
the CLI's layer though in the module's folder (nothing of domain, app, voice or web
imports one; tests/test_import_graph.py). They are found here by the folders' layout,
never by name: this registry, ``cli.main`` and the commands name no module.

A module's CLI file holds ``COMMANDS``: its commands by the name typed (``grizzled order``),
and may hold ``MISSION_START``: the options it adds to ``mission start`` and the options of
the ``StartMission`` they give (a ``StartOptions``). A program that plays a module of its
own installs its CLI file beside its rules (``install``, as ``tests/house_rule/played.py``
does).

The files are imported the first time a command the group does not list itself is asked
(``cli.main``), for ``grizzled --help`` and completion, and by ``mission start``:
``grizzled status`` and the four actions import none.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import click

    from cli.context import Context

MODULES = "domain.modules"  # where the game's modules are, each a package in its folder
_INSTALLED: tuple[str, ...] = ()  # the CLI files of modules a program plays of its own
_LOADED: list[ModuleType] | None = None  # the CLI files, once imported


class StartOptions:
    """What a module adds to ``mission start``: its ``options`` (click's, in the order the
    help lists them) and ``of``: the ``StartMission`` options they give, from the values
    typed (by each option's name; the context for the campaign's catalogue)."""

    __slots__ = ("of", "options")

    def __init__(
        self,
        options: tuple[click.Option, ...],
        of: Callable[[Context, dict[str, Any]], tuple[tuple[str, Any], ...]],
    ) -> None:
        self.options = options
        self.of = of


def files() -> list[str]:
    """The CLI files of the game's modules (each package of ``domain/modules`` holding a
    ``cli.py``, by its folder's name), then those installed."""
    import domain.modules as package

    folder = os.path.dirname(package.__file__ or "")
    found = sorted(
        name for name in os.listdir(folder) if os.path.isfile(os.path.join(folder, name, "cli.py"))
    )
    return [*(f"{MODULES}.{name}.cli" for name in found), *_INSTALLED]


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


def mission_start() -> list[StartOptions]:
    """What the modules add to ``mission start``, in the order of their folders."""
    return [file.MISSION_START for file in loaded() if hasattr(file, "MISSION_START")]
