"""Traps with Luck (Armistice rulebook, "The Traps", read before Chapter 4; Decision 1 of
docs/rules-notes.md): the module's room, what it keeps on the table (``state``: the Luck
symbols spent this Mission, its record in ``ChapterState.modules``) and its rules
(``rules``: ``LUCK``, the ``Module``), and its face (``face.py``: the board's Luck row and
the sentence for a Trap it cancelled, in the voice's words). The package names only its
state, so the other modules, the voice and the read models read the Luck in force without
importing the rules.

"Each Luck symbol cancels one Trap symbol": a Luck symbol in No Man's Land that has not
cancelled a Trap yet cancels the next Trap that would spring; it is then spent. A Trap that
already sprang, and a Trap that is ignored anyway (on a card drawn by a Trap, on Clumsy's
draw), spends no Luck. Luck leaves with its card (a charm, the end of the Mission).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from domain.modules.luck.state import LuckSpent, luck_spent, unspent_luck

__all__ = ["LuckSpent", "luck_spent", "unspent_luck"]


def __getattr__(name: str) -> Any:
    """Its state's names, read when first asked: importing the module's face
    (``face.py``, the voice's: what ``grizzled status`` says of the Luck) loads no rules."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from domain.modules.luck import state

    value = getattr(state, name)
    globals()[name] = value
    return value
