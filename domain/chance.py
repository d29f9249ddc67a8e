"""Chance drawn inside the tool, kept with the action that drew it, so that deciding the
action again (a revert) draws the same: the same order of a shuffle, the same pick.

At a real table nothing is drawn inside the tool (the table says every card and tile), so
an action records no draw; a simulation's tracker draws from its own ``Chance``. Both
are pure: what is drawn comes from the ``Chance`` given (``Recording``) or from the
record (``Replaying``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.chapter.commands import Chance
from domain.errors import N_, RuleViolation

Draw = list[Any]  # ["shuffle", [card, ...]] or ["pick", option]


class ChanceChanged(RuleViolation):
    """Decided again, an action draws from other cards than it drew from the first time."""

    rule = "chance outcome"


class Recording:
    """A ``Chance`` that keeps every draw it makes (``draws``, in order)."""

    def __init__(self, inner: Chance) -> None:
        self.inner = inner
        self.draws: list[Draw] = []

    def shuffle(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        order = self.inner.shuffle(cards)
        self.draws.append(["shuffle", list(order)])
        return order

    def pick(self, options: tuple[str, ...]) -> str:
        chosen = self.inner.pick(options)
        self.draws.append(["pick", chosen])
        return chosen


class Replaying:
    """A ``Chance`` that draws what an action recorded, in order; a draw over other cards
    than the first time (the table before it changed), or one more than it made, is
    ChanceChanged. (An action that recorded no draw is decided again with no chance at
    all, as at a real table.)"""

    def __init__(self, draws: list[Draw]) -> None:
        self.draws = list(draws)
        self.used: list[Draw] = []

    def _next(self, kind: str) -> Any:
        if not self.draws or self.draws[0][0] != kind:
            raise ChanceChanged(
                N_("decided again, it would draw at random where it did not the first time")
            )
        draw = self.draws.pop(0)
        self.used.append(draw)
        return draw[1]

    def shuffle(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        order = tuple(self._next("shuffle"))
        if Counter(order) != Counter(cards):
            raise ChanceChanged(N_("decided again, it would shuffle other cards than it did"))
        return order

    def pick(self, options: tuple[str, ...]) -> str:
        chosen = self._next("pick")
        if chosen not in options:
            raise ChanceChanged(
                N_("decided again, {chosen!r} is no longer there to be drawn"), chosen=chosen
            )
        return str(chosen)
