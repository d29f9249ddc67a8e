"""Traps with Luck (Armistice rulebook, "The Traps", read before Chapter 4; Decision 1 of
docs/rules-notes.md): the module's room, what it keeps on the table (``state``: the Luck
symbols spent this Mission, its record in ``ChapterState.modules``) and its rules
(``rules``: ``LUCK``, the ``Module``). The package names only its state, so the other
modules, the voice and the read models read the Luck in force without importing the rules.

"Each Luck symbol cancels one Trap symbol": a Luck symbol in No Man's Land that has not
cancelled a Trap yet cancels the next Trap that would spring; it is then spent. A Trap that
already sprang, and a Trap that is ignored anyway (on a card drawn by a Trap, on Clumsy's
draw), spends no Luck. Luck leaves with its card (a charm, the end of the Mission).
"""

from domain.modules.luck.state import LuckSpent, luck_spent, unspent_luck

__all__ = ["LuckSpent", "luck_spent", "unspent_luck"]
