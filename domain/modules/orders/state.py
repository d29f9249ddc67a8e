"""What the Orders of the Day keep on the table: their piles, the module's record in
``ChapterState.modules`` (key ``orders``; no record: the chapter is played without them).
Order cards are named by their printed number; what a number means is in
``Catalogue.orders``, as the player described it."""

from __future__ import annotations

from typing import Any

from domain.cards.catalogue import Catalogue
from domain.chapter.piles import Kept
from domain.chapter.state import ChapterState

KEY = "orders"  # the Orders' key in ``ChapterState.modules`` (and in a stored state)


class OrderPiles(Kept, frozen=True):
    """The Orders of the Day: the deck, the orders in No Man's Land, the discard.

    ``deck`` holds the order cards left; its first ``known`` cards are on top in that
    order (the card the last Mission Leader put back; every card when the engine
    shuffled the deck itself), the others lie in an order nobody knows.
    """

    deck: tuple[int, ...]
    known: int = 0
    in_play: tuple[int, ...] = ()  # in No Man's Land, oldest first
    discard: tuple[int, ...] = ()
    # (Mission, order): orders discarded after that Mission's Support, whose rules still
    # bound the Morale Drop that closes it (domain/modules/effects.py)
    spent: tuple[tuple[int, int], ...] = ()

    def threats(self, catalogue: Catalogue) -> tuple[str, ...]:
        """The threats the orders in No Man's Land show: active threats while in play."""
        if len(self.in_play) == 1:  # the usual case: the one order kept this Mission
            return catalogue.orders[self.in_play[0]].threats
        orders = catalogue.orders
        return tuple(threat for number in self.in_play for threat in orders[number].threats)


def order_piles(state: ChapterState) -> OrderPiles | None:
    """The Orders of the Day on the table (None: the chapter is played without them)."""
    piles: Any = state.modules.get(KEY)  # ``kept_as`` without its call: the card effects
    found: OrderPiles | None = piles  # ask on every action of a chapter with Orders
    return found


def with_order_piles(state: ChapterState, piles: OrderPiles) -> ChapterState:
    """The state with the Orders of the Day's piles replaced."""
    return state.keeping(KEY, piles)
