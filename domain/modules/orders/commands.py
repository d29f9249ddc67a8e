"""The Orders of the Day's own command: a lasting order cancelled."""

from __future__ import annotations

from domain.chapter.commands import ModuleCommand


class CancelOrder(ModuleCommand, frozen=True, gc=False):
    """A lasting Order of the Day's cancellation condition is met: it leaves No Man's Land
    (``player`` draws ``draws`` Trials cards into hand, if its condition says so)."""

    order: int
    reason: str
    player: str | None = None
    draws: int = 0
