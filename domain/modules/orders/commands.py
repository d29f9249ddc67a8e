"""The Orders of the Day's own command (a lasting order cancelled) and what the chapter's
commands carry for them (``OPTIONS``): the Briefing's deck in ``StartChapter``, the order
the leader keeps and the one put back on top in ``StartMission``. Stored under these names,
as they always were (``codec.encode_command``)."""

from __future__ import annotations

from domain.chapter.commands import (
    ModuleCommand,
    Option,
    Options,
    StartChapter,
    StartMission,
    option,
    options,
)

OPTIONS = {
    "orders": Option(StartChapter, tuple[int, ...] | None),
    "order": Option(StartMission, int | None),
    "order_back": Option(StartMission, int | None),
}


def order_deck_options(deck: tuple[int, ...] | None) -> Options:
    """A chapter's setup given the Briefing's Order of the Day deck (None: not used)."""
    return options(orders=deck)


def kept_orders(kept: int | None, back: int | None = None) -> Options:
    """A Mission's start given the order the leader keeps and the one put back on top."""
    return options(order=kept, order_back=back)


def orders_briefed(cmd: StartChapter) -> tuple[int, ...] | None:
    """The Order of the Day deck a chapter's setup names (None: not used)."""
    deck: tuple[int, ...] | None = option(cmd, "orders")
    return deck


def order_kept(cmd: StartMission) -> int | None:
    """The order the Mission Leader keeps (None: none drawn)."""
    number: int | None = option(cmd, "order")
    return number


def order_put_back(cmd: StartMission) -> int | None:
    """The other order drawn, put back on top of the deck."""
    number: int | None = option(cmd, "order_back")
    return number


class CancelOrder(ModuleCommand, frozen=True, gc=False):
    """A lasting Order of the Day's cancellation condition is met: it leaves No Man's Land
    (``player`` draws ``draws`` Trials cards into hand, if its condition says so)."""

    order: int
    reason: str
    player: str | None = None
    draws: int = 0
