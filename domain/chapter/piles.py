"""What the Armistice modules keep on the table: the Recruits piles, the Recruit in play,
and Solo mode's single hand and solo Support tiles (the Orders of the Day keep theirs in
their room, ``domain/modules/orders/state.py``).

The chapter state holds them (they are on the table); the rules about them stay with each
module in ``domain.modules``. Recruit cards are named by their printed number; what a
number means is in ``Catalogue.recruits``, as the player described it. In Solo mode one
person plays 3 Grizzled with a single hand of cards: the hand belongs to the table and the
active Grizzled plays from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from domain.cards.catalogue import Catalogue


class Kept(msgspec.Struct, frozen=True):
    """What a module keeps on the table: its record in ``ChapterState.modules``, under the
    module's key (``Module.keeps``). The basic rules ask it only what they count."""

    def threats(self, catalogue: Catalogue) -> tuple[str, ...]:
        """The threats its cards on the table show: active threats, as No Man's Land's."""
        return ()


RECRUIT_TURN = -2  # ``ChapterState.turn`` while the Recruit acts (a seat index is >= 0)
SOLO_TILES = ("left", "center", "right", "none")  # left/center/right: seats 0, 1, 2


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
