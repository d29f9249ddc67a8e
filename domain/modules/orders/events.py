"""The Orders of the Day's events: an order kept, discarded, cancelled."""

from __future__ import annotations

from typing import ClassVar

from domain.events import Event, Slot


class OrderChosen(Event, frozen=True):
    """The Mission Leader drew Orders of the Day, kept ``order`` (into No Man's Land) and
    put ``returned`` back on top of the deck (None: only one card was left to draw)."""

    TYPE: ClassVar[str] = "OrderChosen"
    player: str
    order: int
    returned: int | None


class OrderDiscarded(Event, frozen=True):
    """An Order of the Day without a cancellation condition left after the Support phase."""

    TYPE: ClassVar[str] = "OrderDiscarded"
    order: int


class OrderCancelled(Event, frozen=True):
    """A lasting Order of the Day met its cancellation condition and left No Man's Land;
    ``player`` drew ``cards`` from the Trials deck into hand (slots; None: unseen)."""

    TYPE: ClassVar[str] = "OrderCancelled"
    order: int
    reason: str
    player: str | None
    cards: tuple[Slot, ...]
