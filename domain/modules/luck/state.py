"""What Luck keeps on the table: the Luck cards in No Man's Land whose symbol cancelled a
Trap this Mission (``LuckSpent``, its record in ``ChapterState.modules``, key ``luck``; no
record: none spent), and the Luck in force it leaves."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from domain.chapter.piles import Kept
from domain.chapter.state import ChapterState

if TYPE_CHECKING:
    from domain.cards.catalogue import Catalogue

KEY = "luck"  # Luck's key in ``ChapterState.modules`` (and in a stored state)


class LuckSpent(Kept, frozen=True):
    """The Luck cards whose symbol cancelled a Trap this Mission, once per symbol spent."""

    spent: tuple[str, ...] = ()

    def mission_over(self) -> Kept | None:
        """Luck spent in one Mission is not spent in the next: the record leaves."""
        return None

    def card_left(self, card: str, catalogue: Catalogue) -> Kept | None:
        """ "Luck leaves with its card": the copy that leaves No Man's Land (a charm, a
        correction) is the first one laid down (``list.remove``), the one whose symbols
        ``unspent_luck`` counts spent first, so its spent symbols leave with it and a second
        copy keeps its own."""
        if card not in self.spent:
            return self
        left = list(self.spent)
        for _ in range(catalogue[card].luck):
            if card in left:
                left.remove(card)
        return LuckSpent(tuple(left)) if left else None


def luck_spent(state: ChapterState) -> tuple[str, ...]:
    """The Luck cards whose symbol cancelled a Trap this Mission (none: an empty tuple)."""
    record: Any = state.modules.get(KEY)  # (``kept_as`` without its call: a Trap asks it)
    return record.spent if record is not None else ()


def unspent_luck(state: ChapterState) -> tuple[str, ...]:
    """The Luck cards in No Man's Land once per Luck symbol not yet spent on a Trap."""
    cards, free = state.catalogue.cards, []
    spent: Counter[str] | None = None  # counted at the first Luck symbol (most tables: none)
    for card in state.nml:
        for _ in range(cards[card].luck):
            if spent is None:
                spent = Counter(luck_spent(state))
            if spent[card]:
                spent[card] -= 1
            else:
                free.append(card)
    return tuple(free)
