"""Luck's rules (Decision 1): a Trap about to spring is cancelled by a Luck symbol in force,
which a Trap played from a hand then spends; ``LUCK`` joins the chapter at its moments
(``domain.chapter.moments``: ``trap_cancelled``, ``trap_played``) and shows its row on the
public board (``luck``: the Luck in force and the Luck spent, which the read models keep)."""

from __future__ import annotations

from domain.chapter.moments import Module
from domain.chapter.state import ChapterState
from domain.modules.luck.state import KEY, LuckSpent, luck_spent, unspent_luck


def cancelled_by_luck(placed: ChapterState) -> str | None:
    """A Trap about to spring, its card placed in No Man's Land: the Luck that cancels it
    (the first symbol not yet spent), said; None: no Luck in force."""
    free = unspent_luck(placed)
    return f"the Luck of {free[0]} cancels it" if free else None


def spend_luck(state: ChapterState, card: str) -> ChapterState:
    """A Trap just played from a hand: the first unspent Luck in No Man's Land cancels it
    and is spent."""
    free = unspent_luck(state)
    if not free:
        return state
    return state.keeping(KEY, LuckSpent((*luck_spent(state), free[0])))


def luck_shown(state: ChapterState) -> dict[str, list[str]]:
    """The board's ``luck`` row: the Luck cards in No Man's Land once per symbol still in
    force, and the ones spent on a Trap this Mission (both empty: no Luck on the table)."""
    return {"in_force": list(unspent_luck(state)), "spent": list(luck_spent(state))}


LUCK = Module(
    "Luck",
    trap_cancelled=cancelled_by_luck,
    trap_played=spend_luck,
    keeps=(KEY, LuckSpent),
    shows={KEY: luck_shown},
)
