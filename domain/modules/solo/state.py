"""Solo mode's numbers and the Hard Knocks its setup removes; the single hand and the solo
Support tiles themselves lie on the table (``domain.chapter.piles.SoloTable``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.chapter.piles import SOLO_TILES

if TYPE_CHECKING:
    from domain.cards.catalogue import Catalogue

__all__ = ["SOLO_GRIZZLED", "SOLO_HAND", "SOLO_REMOVED", "SOLO_TILES", "solo_set_aside"]

SOLO_HAND = 3  # the starting hand, and the size a refill brings the hand back up to
SOLO_GRIZZLED = 3
# Hard Knocks removed from the deck at a Solo setup (rulebook p.15: Panicked 56, Selfish 57,
# Frenzied 58, Absent-Minded 61, Tyrannical 105, Mute 107), as catalogue keys.
SOLO_REMOVED = ("panicked", "selfish", "frenzied", "absent-minded", "tyrannical", "mute")


def solo_set_aside(catalogue: Catalogue) -> tuple[str, ...]:
    """The six Hard Knocks a Solo setup removes, one copy each of those the catalogue holds."""
    return tuple(key for key in SOLO_REMOVED if key in catalogue)
