"""Solo mode: one hand played alone (its setup, state, rules and random play), and
``SOLO``, the hooks by which it joins a chapter (``domain.chapter.moments``): it sets up
its own chapters and, once one is set up, plays every command of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from domain.modules.solo.module import SOLO, is_solo

__all__ = ["SOLO", "is_solo"]


def __getattr__(name: str) -> Any:
    """``SOLO`` and ``is_solo``, from ``module.py`` when first asked: importing the
    module's face (``face.py``, the voice's) loads no rules."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from domain.modules.solo import module

    value = getattr(module, name)
    globals()[name] = value
    return value
