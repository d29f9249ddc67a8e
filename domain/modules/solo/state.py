"""Solo mode's numbers, the Hard Knocks its setup removes, and what it keeps on the table:
the single hand and the solo Support tiles (``SoloTable``, its record in
``ChapterState.modules``, key ``solo``; no record: the chapter is not played in Solo mode).
One person plays 3 Grizzled with a single hand of cards: the hand belongs to the table and
the active Grizzled plays from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.chapter.piles import Kept
from domain.chapter.state import ChapterState

if TYPE_CHECKING:
    from domain.cards.catalogue import Catalogue

__all__ = [
    "KEY",
    "SOLO_GRIZZLED",
    "SOLO_HAND",
    "SOLO_REMOVED",
    "SOLO_TILES",
    "VARIANT",
    "SoloTable",
    "solo_set_aside",
    "solo_shown",
    "solo_table",
    "with_solo_table",
]

VARIANT = "solo"  # a Solo chapter's variant (``StartChapter.variant``, ``Rules.variant``)
KEY = "solo"  # Solo's key in ``ChapterState.modules`` (and in a stored state)
SOLO_HAND = 3  # the starting hand, and the size a refill brings the hand back up to
SOLO_GRIZZLED = 3
SOLO_TILES = ("left", "center", "right", "none")  # left/center/right: seats 0, 1, 2
# Hard Knocks removed from the deck at a Solo setup (rulebook p.15: Panicked 56, Selfish 57,
# Frenzied 58, Absent-Minded 61, Tyrannical 105, Mute 107), as catalogue keys.
SOLO_REMOVED = ("panicked", "selfish", "frenzied", "absent-minded", "tyrannical", "mute")


class SoloTable(Kept, frozen=True):
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

    def in_hands(self) -> int:
        """The single hand counts as the cards in hands."""
        return len(self.hand) + self.hidden

    def face_up(self) -> tuple[str, ...]:
        """The single hand's cards everyone has seen."""
        return self.hand


def solo_table(state: ChapterState) -> SoloTable | None:
    """The Solo table of this chapter (None: not played in Solo mode)."""
    return state.kept_as(KEY, SoloTable)


def with_solo_table(state: ChapterState, table: SoloTable) -> ChapterState:
    """The state with the Solo table replaced."""
    return state.keeping(KEY, table)


def solo_set_aside(catalogue: Catalogue) -> tuple[str, ...]:
    """The six Hard Knocks a Solo setup removes, one copy each of those the catalogue holds."""
    return tuple(key for key in SOLO_REMOVED if key in catalogue)


def solo_shown(state: ChapterState) -> dict[str, Any] | None:
    """The board's ``solo`` row (``SOLO.shows``, kept by the read models): the single
    hand's size and known cards, the refills made, the solo Support tiles left; None: the
    chapter is not played in Solo mode."""
    solo = solo_table(state)
    if solo is None:
        return None
    return {
        "hand_size": solo.hand_size,
        "hand_known": list(solo.hand),
        "refills": solo.refills,
        "tiles": len(solo.tiles),
    }
