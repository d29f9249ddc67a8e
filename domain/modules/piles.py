"""The Armistice modules' part of the chapter state: Orders of the Day and Recruits.

Kept apart from ``domain.modules.orders`` and ``domain.modules.recruits`` (the rules) so that
``domain.chapter.state`` can hold them without an import cycle. Order and Recruit cards are
named by their printed number; what a number means is in ``Catalogue.orders`` and
``Catalogue.recruits``, as the player described it.
"""

from __future__ import annotations

import msgspec

RECRUIT_TURN = -2  # ``ChapterState.turn`` while the Recruit acts (a seat index is >= 0)


class OrderPiles(msgspec.Struct, frozen=True):
    """The Orders of the Day: the deck, the orders in No Man's Land, the discard.

    ``deck`` holds the order cards left; its first ``known`` cards are on top in that
    order (the card the last Mission Leader put back; every card when the engine
    shuffled the deck itself), the others lie in an order nobody knows.
    """

    deck: tuple[int, ...]
    known: int = 0
    in_play: tuple[int, ...] = ()  # in No Man's Land, oldest first
    discard: tuple[int, ...] = ()


class Recruit(msgspec.Struct, frozen=True):
    """The Recruit in play: its card, the seat it acts after, its face-up hand."""

    number: int
    after: int  # the seat of the player to its right: it acts right after them
    hand: tuple[str, ...]  # face up, sorted
    withdrew_in: int = 0  # the Mission it withdrew from (0: none)
    tokens: int = 0  # Morale tokens placed on it when it withdrew


class RecruitPiles(msgspec.Struct, frozen=True):
    """The Recruits: the deck (top first when ``known``), the one in play, those gone."""

    deck: tuple[int, ...]
    known: bool = False
    recruit: Recruit | None = None
    departed: tuple[int, ...] = ()
