"""The Armistice Edition's optional modules, each its rules and its random play: Orders
of the Day (``orders``), Recruits (``recruits``), Solo (``solo``), Duo mode (``duo``),
Traps with Luck (``luck``).
Each joins a chapter's rules at the named moments of ``domain.chapter.moments`` through
one ``Module`` object; ``MODULES`` lists them, and ``domain/__init__.py`` installs it.
A module's folder may hold its face (``face.py``: its words and keeper moves, of the
voice's layer, ``voice/rooms.py``), which nothing of the domain imports."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from domain.chapter.moments import Module

    MODULES: tuple[Module, ...]


def read_when_asked(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module package's ``__getattr__`` (PEP 562): each of its names (``where``: the
    name's module in the package) read from its module when first asked, then kept on the
    package, so that importing the module's face (the voice's: what ``grizzled status``
    says of its cards) loads none of its commands or rules."""

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(__import__(f"{package}.{where[name]}", fromlist=[name]), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


def __getattr__(name: str) -> Any:
    """``MODULES``, built the first time it is asked: importing a module's face
    (``luck/face.py``, the voice's) or its vocabulary loads no other module's rules."""
    if name != "MODULES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from domain.modules.duo import DUO
    from domain.modules.effects import EFFECTS
    from domain.modules.luck.rules import LUCK
    from domain.modules.orders.rules import ORDERS
    from domain.modules.recruits.rules import RECRUITS
    from domain.modules.solo import SOLO

    modules = (ORDERS, RECRUITS, EFFECTS, SOLO, DUO, LUCK)
    globals()["MODULES"] = modules
    return modules
