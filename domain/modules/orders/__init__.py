"""Orders of the Day (Armistice rulebook, "The Orders of the Day", read before Chapter 2): the
module's room, its command (``commands``), events (``events``), piles on the table
(``state``: its record in ``ChapterState.modules``), words (``words``: refusals) and rules
(``rules``: ``ORDERS``, the ``Module``). The package names only the command, events,
state and words, so the card effects (``domain/modules/effects.py``) read the piles
without importing the rules.

At the start of each Mission the Mission Leader draws 2 order cards, keeps 1 (revealed in
No Man's Land) and puts the other back on top of the deck, so the next leader draws that
known card and one more. The kept order sets the minimum intensity for the number of
Grizzled (Duo counts as 4); the leader may deal more. Orders stack, Mission after Mission.
The threats an order shows count as active threats in No Man's Land. An order without a
cancellation condition is discarded after the Support phase; a lasting one stays until
the table says its condition is met (``CancelOrder``), drawing the Trials cards it asks
for, as many as the deck still holds; if they make 13 cards in hands, the chapter is lost
at once (Decision 2).

An order's effect is free text the table applies (with corrections where needed), except
what the group described with the effects vocabulary (``domain/cards/effects.py``): what
it forbids or allows, its Morale Drop and Support rules, a draw when withdrawing
(``domain/modules/effects.py``), and a cancellation condition the engine checks here.
The engine enforces the structure: drawing, the minimum, threats, discarding, stacking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.modules import read_when_asked

if TYPE_CHECKING:
    from domain.modules.orders.commands import (
        CancelOrder,
        kept_orders,
        order_deck_options,
        order_kept,
        order_put_back,
        orders_briefed,
    )
    from domain.modules.orders.events import OrderCancelled, OrderChosen, OrderDiscarded
    from domain.modules.orders.state import OrderPiles, order_piles
    from domain.modules.orders.words import CANCEL_REASON, OrderRefused

__all__ = [
    "CANCEL_REASON",
    "CancelOrder",
    "OrderCancelled",
    "OrderChosen",
    "OrderDiscarded",
    "OrderPiles",
    "OrderRefused",
    "kept_orders",
    "order_deck_options",
    "order_kept",
    "order_piles",
    "order_put_back",
    "orders_briefed",
]
_WHERE = {
    "CANCEL_REASON": "words",
    "CancelOrder": "commands",
    "OrderCancelled": "events",
    "OrderChosen": "events",
    "OrderDiscarded": "events",
    "OrderPiles": "state",
    "OrderRefused": "words",
    "kept_orders": "commands",
    "order_deck_options": "commands",
    "order_kept": "commands",
    "order_piles": "state",
    "order_put_back": "commands",
    "orders_briefed": "commands",
}  # each name's module in the package


__getattr__ = read_when_asked(__name__, _WHERE)
