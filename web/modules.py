"""The modules' parts of the keeper's set-up page (issue 40, "a module is one room for
every face"): a game module's forms and fields are in its own folder,
``domain/modules/<name>/web.py``, of the web's layer though in the module's folder (nothing
of domain, app or voice imports one; tests/test_import_graph.py). They are found here
by the folders' layout, never by name: this registry, web/setup.py and its template name
no module.

A module's web file may hold ``FORMS``: the set-up forms it adds (a ``web.forms.Form``:
describing one of its cards), listed in the order of the folders; ``PARTS``: by a form of
the game's (``briefing``, ``oneshot``), what it adds to it (a ``web.forms.Part``: its
fields, ranked among the modules', and what they give the request's ``modules``); and
``CHOICES``: by a field of the game's (``variant``), the choices it adds, each its value
and its message. The files are imported the first time the set-up page is drawn or sent.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from web.forms import Field, Form

_LOADED: list[ModuleType] | None = None  # the web files, once imported


def files() -> list[str]:
    """The web files of the game's modules (each package of ``domain/modules`` holding a
    ``web.py``), by its folder's name."""
    from app import module_files

    return module_files("web")


def loaded() -> list[ModuleType]:
    """The modules' web files, imported the first time they are asked for."""
    global _LOADED
    if _LOADED is None:
        _LOADED = [importlib.import_module(name) for name in files()]
    return _LOADED


def forms() -> list[Form]:
    """The set-up forms the modules add, in the order of their folders."""
    return [form for file in loaded() for form in getattr(file, "FORMS", ())]


def fields(place: str) -> list[Field]:
    """The fields the modules add to the game's form ``place``, by rank."""
    ranked = [
        (rank, n, field)
        for n, file in enumerate(loaded())
        if place in getattr(file, "PARTS", {})
        for rank, field in file.PARTS[place].fields
    ]
    return [field for _rank, _n, field in sorted(ranked, key=lambda r: r[:2])]


def given(place: str, typed: dict[str, str]) -> dict[str, Any]:
    """What the modules' fields of the game's form ``place`` give its request's
    ``modules``, read in the order of their folders (the first refusal is said)."""
    found: dict[str, Any] = {}
    for file in loaded():
        if place in getattr(file, "PARTS", {}):
            found.update(file.PARTS[place].read(typed))
    return found


def choices(where: str) -> list[tuple[str, str]]:
    """The choices the modules add to the game's field ``where`` (each its value and its
    message), in the order of their folders."""
    return [
        (value, label)
        for file in loaded()
        for at, value, label in getattr(file, "CHOICES", ())
        if at == where
    ]
