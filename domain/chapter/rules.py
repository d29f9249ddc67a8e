"""Rulesets, variants and the numbers they fix at setup (rules-notes.md)."""

from __future__ import annotations

from enum import StrEnum

import msgspec


class Ruleset(StrEnum):
    """The base game (2015) or the Armistice Edition basic rules (2018)."""

    CLASSIC = "classic"
    ARMISTICE = "armistice"


# The ruleset a chapter asks often, as a plain name: a member looked up on its enum class
# costs ~1,000 instructions in Python 3.11 (its metaclass's ``__getattr__``).
ARMISTICE = Ruleset.ARMISTICE


class Variant(StrEnum):
    """How a chapter is set up beyond the ruleset.

    Classic: ``normal``, ``rookie`` (Traps ignored), ``veteran`` (30 Trials cards);
    a classic game for 2 adds the Chaplain whatever the variant. Armistice: ``normal``;
    an Armistice game for 2 is played in Duo mode, 4 Grizzled. A module that sets up its
    own kind of chapter (moments.py ``setup``) answers its own variant before these are
    checked: ``solo``, one person playing 3 Grizzled with a single hand
    (``domain/modules/solo/``).
    """

    NORMAL = "normal"
    ROOKIE = "rookie"
    VETERAN = "veteran"


CHAPLAIN = "Chaplain"


class Rules(msgspec.Struct, frozen=True):
    """The rule numbers and switches a chapter was set up with."""

    ruleset: str
    variant: str
    traps: bool
    first_intensity: int
    first_intensity_exact: bool
    morale_drop_max: int | None
    hand_limit: int | None
    speech_tokens_return: bool

    @property
    def armistice(self) -> bool:
        """True under the Armistice Edition basic rules."""
        return self.ruleset == ARMISTICE


def speech_tokens_for(players: int) -> int:
    """Speech tokens in play: 5 with 2-3 players, 4 with 4, 3 with 5."""
    return {2: 5, 3: 5, 4: 4, 5: 3}[players]


def classic_deck_sizes(players: int, variant: str) -> tuple[int, int]:
    """Trials / Morale sizes: 25 / 34, Veteran 30 / 29, 2 players 20 / 39."""
    if players == 2:
        return 20, 39
    if variant == Variant.VETERAN:
        return 30, 29
    return 25, 34


CLASSIC_PLAYERS = range(2, 6)
ARMISTICE_PLAYERS = range(3, 5)  # 2 players play 4 Grizzled (domain/modules/duo.py)
