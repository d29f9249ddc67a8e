"""Solo mode's own commands: the single hand refilled, a solo Support tile drawn."""

from __future__ import annotations

from domain.chapter.commands import ModuleCommand


class RefillHand(ModuleCommand, frozen=True, gc=False):
    """Solo: right after a card is played, refill the single hand back up to 3 cards."""


class DrawSoloSupport(ModuleCommand, frozen=True, gc=False):
    """Solo: draw a solo Support tile (``tile``: told at a real table, else drawn at random)."""

    tile: str | None = None
