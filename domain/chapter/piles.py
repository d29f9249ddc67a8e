"""``Kept``, what the chapter asks of any module's record on the table (each module keeps
its own in its room: ``domain/modules/<name>/state.py``), and ``MODULE_TURN``, the turn of
a seat a module adds at the table.

The chapter state holds the records (they are on the table); the rules about them stay
with each module in ``domain.modules``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

    def cards(self) -> int:
        """Every Trial card it holds, counted as in hands or not (the Recruit's hand)."""
        return self.in_hands()

    def seated(self) -> bool:
        """A seat it adds is at the table (the Recruit in play): the chapter is not won."""
        return False

    def seat_in_mission(self, mission: int) -> bool:
        """A seat it adds has not withdrawn from this Mission: the Mission goes on."""
        return False

    def acting(self, board: bool = True) -> str | None:
        """The seat it adds while ``turn`` is ``MODULE_TURN``: named as the board shows
        whose turn it is, or as a sentence says it (``board`` False); None: it adds none."""
        return None

    def next_turn(self, state: Any, seat: int) -> int | None:
        """The turn after ``seat``'s with the seat it adds in the order (``MODULE_TURN``
        while it acts; None: it adds none, the basic order applies)."""
        return None

    def mission_over(self) -> Kept | None:
        """The record once a Mission has started, failed or succeeded (None: it leaves the
        table; Luck's spent symbols are a Mission's)."""
        return self

    def card_left(self, card: str, catalogue: Catalogue) -> Kept | None:
        """The record once one copy of ``card`` left No Man's Land during a Mission (a
        charm, a correction; None: nothing left of it): what it kept of that card goes."""
        return self


# ``ChapterState.turn`` while a seat a module adds acts (the Recruit; a seat index is >= 0)
MODULE_TURN = -2
