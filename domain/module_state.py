"""The Armistice modules' part of the chapter state: Orders of the Day (Recruits to come).

Kept apart from ``domain.orders`` and ``domain.recruits`` (the rules) so that
``domain.state`` can hold them without an import cycle. Order and Recruit cards are
named by their printed number; what a number means is in ``Catalogue.orders`` and
``Catalogue.recruits``, as the player described it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OrderPiles:
    """The Orders of the Day: the deck, the orders in No Man's Land, the discard.

    ``deck`` holds the order cards left; its first ``known`` cards are on top in that
    order (the card the last Mission Leader put back; every card when the engine
    shuffled the deck itself), the others lie in an order nobody knows.
    """

    deck: tuple[int, ...]
    known: int = 0
    in_play: tuple[int, ...] = ()  # in No Man's Land, oldest first
    discard: tuple[int, ...] = ()
