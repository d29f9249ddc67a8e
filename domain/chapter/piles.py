"""What the Armistice modules keep on the table: the Orders of the Day and Recruits piles,
the Recruit in play, and Solo mode's single hand and solo Support tiles.

The chapter state holds them (they are on the table); the rules about them stay with each
module in ``domain.modules``. Order and Recruit cards are named by their printed number;
what a number means is in ``Catalogue.orders`` and ``Catalogue.recruits``, as the player
described it. In Solo mode one person plays 3 Grizzled with a single hand of cards: the
hand belongs to the table and the active Grizzled plays from it.
"""

from __future__ import annotations

import msgspec

RECRUIT_TURN = -2  # ``ChapterState.turn`` while the Recruit acts (a seat index is >= 0)
SOLO_TILES = ("left", "center", "right", "none")  # left/center/right: seats 0, 1, 2


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
    # (Mission, order): orders discarded after that Mission's Support, whose rules still
    # bound the Morale Drop that closes it (domain/modules/effects.py)
    spent: tuple[tuple[int, int], ...] = ()


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


class SoloTable(msgspec.Struct, frozen=True):
    """The single hand (seen keys, sorted, plus unseen cards), the refill switch and the
    solo Support tiles not yet drawn since the last shuffle."""

    hand: tuple[str, ...] = ()
    hidden: int = 0
    refills: bool = True  # the hand may still be refilled in this Mission
    refill_due: bool = False  # a card was just played: refill now or never this Mission
    tiles: tuple[str, ...] = SOLO_TILES

    @property
    def hand_size(self) -> int:
        """Cards in the single hand, seen or not."""
        return len(self.hand) + self.hidden
