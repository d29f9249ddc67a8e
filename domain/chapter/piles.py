"""What the Armistice modules keep on the table: the Recruits piles and the Recruit in play
(the Orders of the Day and Solo mode keep theirs in their rooms, ``domain/modules/orders/
state.py`` and ``domain/modules/solo/state.py``), and ``Kept``, what the chapter asks of
any module's record on the table.

The chapter state holds them (they are on the table); the rules about them stay with each
module in ``domain.modules``. Recruit cards are named by their printed number; what a
number means is in ``Catalogue.recruits``, as the player described it.
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

    def in_hands(self) -> int:
        """The Trial cards it holds that count as cards in hands (Solo: the single hand)."""
        return 0

    def face_up(self) -> tuple[str, ...]:
        """The Trial cards it holds that everyone has seen (Solo: the single hand's known)."""
        return ()

    def mission_over(self) -> Kept | None:
        """The record once a Mission has started, failed or succeeded (None: it leaves the
        table; Luck's spent symbols are a Mission's)."""
        return self

    def card_left(self, card: str, catalogue: Catalogue) -> Kept | None:
        """The record once one copy of ``card`` left No Man's Land during a Mission (a
        charm, a correction; None: nothing left of it): what it kept of that card goes."""
        return self


RECRUIT_TURN = -2  # ``ChapterState.turn`` while the Recruit acts (a seat index is >= 0)


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
