"""Domain events of a chapter: the facts the engine decides, in primitives.

Events are past participles and hold only what ``evolve`` needs, as str, int, bool,
``None`` and tuples. Chance outcomes (a shuffle, a drawn card, a random tile) are
recorded here and never re-rolled. Each class has a stable ``TYPE`` name and a
``VERSION``; ``to_record`` (and ``records.from_record``) turn events into plain dicts and back,
upcasting old versions, so storage never depends on module paths. The events of the
box, the campaign and the modules are defined beside their rules; every stored type,
wherever defined, is listed once in ``domain.records``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

import msgspec

Slot = str | None


class Event(msgspec.Struct, frozen=True, gc=False):
    """Base of every domain event.

    ``gc=False`` (msgspec): the cyclic garbage collector does not track events, nor the
    chapter's state and its players, nor the chapter's commands. A frozen struct of
    strings, numbers and tuples is made after what it holds and can never come to hold
    itself, so it is never part of a cycle; untracked, each is cheaper to make and free,
    and the collector has less to walk (~5% of the random-play simulator's instructions).
    """

    TYPE: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1


class ChapterStarted(Event, frozen=True):
    """The chapter is set up: seats, tiles, decks, first Mission Leader, rule switches."""

    TYPE: ClassVar[str] = "ChapterStarted"
    ruleset: str
    variant: str
    players: tuple[str, ...]
    charms: tuple[str | None, ...]
    owners: tuple[str, ...]
    chaplain: bool
    tiles: tuple[tuple[str, ...], ...]
    trials: tuple[Slot, ...]
    morale: tuple[Slot, ...]
    leader: str
    speech_tokens: int
    traps: bool
    first_intensity: int
    first_intensity_exact: bool
    morale_drop_max: int | None
    hand_limit: int | None
    orders: tuple[int, ...] | None = None  # Orders of the Day deck (orders.py); None: off
    recruits: tuple[int, ...] | None = None  # Recruit deck (recruits.py); None: off


class MissionStarted(Event, frozen=True):
    """The Mission Leader set the intensity of a new Mission."""

    TYPE: ClassVar[str] = "MissionStarted"
    mission: int
    leader: str
    intensity: int


class CardsDealt(Event, frozen=True):
    """Cards dealt from the top of the Trials deck, in dealing order (None: unseen)."""

    TYPE: ClassVar[str] = "CardsDealt"
    players: tuple[str, ...]
    cards: tuple[tuple[Slot, ...], ...]


class CardsDrawn(Event, frozen=True):
    """A player drew cards into their hand from the Trials deck (Frenzied)."""

    TYPE: ClassVar[str] = "CardsDrawn"
    player: str
    cards: tuple[Slot, ...]
    cause: str


class CardPlayed(Event, frozen=True):
    """A card left a hand: a Threat to No Man's Land, a Hard Knock to its player."""

    TYPE: ClassVar[str] = "CardPlayed"
    player: str
    card: str


class CardDrawnAndPlayed(Event, frozen=True):
    """The top Trials card was drawn and played at once (a Trap, Clumsy); None: deck empty."""

    TYPE: ClassVar[str] = "CardDrawnAndPlayed"
    player: str
    card: str | None
    cause: str


class HardKnockDiscarded(Event, frozen=True):
    """A Hard Knock left a player's Grizzled for the discard (Merry Christmas, Support)."""

    TYPE: ClassVar[str] = "HardKnockDiscarded"
    player: str
    card: str
    cause: str


class MissionLeaderTaken(Event, frozen=True):
    """A Tyrannical player took the Mission Leader token."""

    TYPE: ClassVar[str] = "MissionLeaderTaken"
    player: str


class CharmUsed(Event, frozen=True):
    """A player's Good Luck Charm discarded a No Man's Land card; the charm is down."""

    TYPE: ClassVar[str] = "CharmUsed"
    player: str
    card: str


class SpeechMade(Event, frozen=True):
    """A Speech on a threat; each (player, card) pair discarded that card from hand."""

    TYPE: ClassVar[str] = "SpeechMade"
    player: str
    threat: str
    discards: tuple[tuple[str, str], ...]


class SupportTileDiscarded(Event, frozen=True):
    """A Support tile left the game (Absent-minded)."""

    TYPE: ClassVar[str] = "SupportTileDiscarded"
    player: str
    tile: str


class PlayerWithdrew(Event, frozen=True):
    """A player withdrew, face-down Support tile on their Grizzled (None: no tile)."""

    TYPE: ClassVar[str] = "PlayerWithdrew"
    player: str
    tile: str | None


class MissionFailed(Event, frozen=True):
    """Three identical threats: No Man's Land went back into the Trials deck."""

    TYPE: ClassVar[str] = "MissionFailed"
    threat: str
    trials: tuple[Slot, ...]


class MissionSucceeded(Event, frozen=True):
    """Every player withdrew: No Man's Land is discarded."""

    TYPE: ClassVar[str] = "MissionSucceeded"


class SupportRevealed(Event, frozen=True):
    """Played tiles went to their receivers; the beneficiary is the strict majority."""

    TYPE: ClassVar[str] = "SupportRevealed"
    gifts: tuple[tuple[str, str, str], ...]
    beneficiary: str | None
    discards: int | None = None  # a card in force changed how many Hard Knocks go (effects)


class SupportUsed(Event, frozen=True):
    """The beneficiary discarded Hard Knocks and/or recovered their charm."""

    TYPE: ClassVar[str] = "SupportUsed"
    player: str
    discarded: tuple[str, ...]
    charm_recovered: bool


class MoraleDropped(Event, frozen=True):
    """Cards moved from the top of the Morale Reserve onto the Trials deck."""

    TYPE: ClassVar[str] = "MoraleDropped"
    count: int
    cards: tuple[Slot, ...]


class LeadershipPassed(Event, frozen=True):
    """The Mission Leader token moved on; the former leader took a Speech token or not."""

    TYPE: ClassVar[str] = "LeadershipPassed"
    leader: str
    speech_token_to: str | None


class ChapterWon(Event, frozen=True):
    """Peace: the Trials deck and every hand are empty."""

    TYPE: ClassVar[str] = "ChapterWon"


class ChapterLost(Event, frozen=True):
    """A defeat condition: ``hard-knocks``, ``monument`` or ``hands``, with the facts."""

    TYPE: ClassVar[str] = "ChapterLost"
    reason: str
    detail: str


class CampaignCreated(Event, frozen=True):
    """A campaign was opened: its name, ruleset and the Grizzled at the table; a what-if
    branch also names the campaign it was forked from and the log entry it stood at."""

    TYPE: ClassVar[str] = "CampaignCreated"
    name: str
    ruleset: str
    seats: tuple[tuple[str, str, str], ...]
    branched_from: str | None = None
    branched_at: int | None = None


class FactCorrected(Event, frozen=True):
    """The table and the tracker disagreed: a fact is set anew, with the reason."""

    TYPE: ClassVar[str] = "FactCorrected"
    fact: str
    player: str | None
    value: str | int | None
    reason: str


Record = TypeVar("Record", bound=msgspec.Struct)


def copy_fields(kind: type[Record], source: msgspec.Struct, **given: Any) -> Record:
    """A ``kind`` holding the fields of ``source`` it shares by name, then ``given``: the
    event recording a described card or a Briefing (plus the reason), and the card or
    Briefing that event recorded."""
    shared = source.__struct_fields__
    fields = {name: getattr(source, name) for name in kind.__struct_fields__ if name in shared}
    return kind(**{**fields, **given})


# (type, from_version) -> function turning a record's data into the next version's.
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}


def to_record(event: Event) -> dict[str, Any]:
    """A plain dict for storage: ``{"type", "v", "data"}``."""
    data = {name: getattr(event, name) for name in event.__struct_fields__}
    return {"type": event.TYPE, "v": event.VERSION, "data": data}
