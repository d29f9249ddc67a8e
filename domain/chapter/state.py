"""Immutable chapter state and the queries the rules ask of it.

Two ways of knowing cards share one representation. A deck is a tuple of slots, top
first, each slot a card key or ``None`` for a card nobody has seen; a hand is a sorted
tuple of known keys plus a count of hidden cards. At a real table the decks are all
``None`` and hands are counts; when the engine deals itself every slot is known.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, TypeVar

import msgspec
from msgspec.structs import replace

from domain.cards.catalogue import CardType, Catalogue, HardKnock
from domain.chapter.piles import Kept
from domain.chapter.rules import Rules
from domain.memo import last_answer

Slot = str | None
K = TypeVar("K", bound=Kept)
THREAT_KNOCKS = frozenset({HardKnock.PHOBIA.value, HardKnock.TRAUMA.value})


class Phase(StrEnum):
    """Where the chapter stands."""

    PREPARATION = "preparation"
    MISSION = "mission"
    SUPPORT = "support"
    # A module's own Support after a Mission: a Support tile to be drawn (Solo mode's solo
    # tiles, domain/modules/solo/), stored by the name that module gave it.
    DRAW_SUPPORT = "solo-support"
    OVER = "over"


class Player(msgspec.Struct, frozen=True, gc=False):
    """A seat at the table: one Grizzled (the Chaplain is a virtual one)."""

    name: str
    charm: str | None
    owner: str = ""
    chaplain: bool = False
    charm_up: bool = True
    hand: tuple[str, ...] = ()
    hidden: int = 0
    hard_knocks: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    played_tile: str | None = None
    withdrawn: bool = False
    speech_tokens: int = 0

    @property
    def hand_size(self) -> int:
        """Cards in hand, seen or not."""
        return len(self.hand) + self.hidden


class SupportPending(msgspec.Struct, frozen=True, gc=False):
    """The beneficiary of Support, waiting to say what they take."""

    player: str
    max_discards: int
    charm_choice: bool
    charm_automatic: bool


class ChapterState(msgspec.Struct, frozen=True, gc=False):
    """Everything on the table during one chapter."""

    rules: Rules
    catalogue: Catalogue
    players: tuple[Player, ...]
    trials: tuple[Slot, ...]
    morale: tuple[Slot, ...]
    leader: int
    speech_stock: int
    nml: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    phase: Phase = Phase.PREPARATION
    mission: int = 0
    turn: int = -1
    mission_failed: bool = False
    support: SupportPending | None = None
    outcome: str | None = None
    outcome_detail: str = ""
    set_aside: tuple[str, ...] = ()  # cards out of this chapter (Solo, beginner One-shot)
    # What each module keeps on the table (its piles), by the module's key (moments.py,
    # ``keeps``); a module not played in this chapter keeps nothing.
    modules: dict[str, Kept] = {}
    # The public moves of the face-down cards since the first failed Mission of the chapter
    # (chapter/trail.py: what the assistant needs to know where the returned cards may be);
    # empty until then.
    trail: tuple[tuple[str, ...], ...] = ()

    # --- the modules' records ----------------------------------------------------------
    def kept(self, key: str) -> Kept | None:
        """What the module keyed ``key`` keeps on the table (None: it is not played)."""
        return self.modules.get(key)

    def kept_as(self, key: str, kind: type[K]) -> K | None:
        """``kept(key)``, the module's own type (None: it is not played). The type is the
        one the module gave (``Module.keeps``), which a stored state is read back into: it
        is not checked again here, on the engine's hot paths."""
        record: Any = self.modules.get(key)  # (no ``cast``: a call, on the hot paths)
        found: K | None = record
        return found

    def keeping(self, key: str, record: Kept) -> ChapterState:
        """The state with what the module keyed ``key`` keeps on the table replaced."""
        return replace(self, modules={**self.modules, key: record})

    def kept_after_mission(self) -> dict[str, Kept]:
        """The modules' records once a Mission started or ended (``Kept.mission_over``)."""
        kept = {}
        for key, record in self.modules.items():
            after = record.mission_over()
            if after is not None:
                kept[key] = after
        return kept

    def card_left(self, card: str) -> ChapterState:
        """The state once one copy of ``card`` left No Man's Land during a Mission (a
        charm, a correction): what a module kept of it leaves with it (``Kept.card_left``)."""
        if not self.modules:
            return self
        kept = {}
        for key, record in self.modules.items():
            after = record.card_left(card, self.catalogue)
            if after is not None:
                kept[key] = after
        return replace(self, modules=kept)

    # --- players -------------------------------------------------------------------
    def index(self, name: str) -> int:
        """The seat of a player by exact name; KeyError when there is none."""
        for i, player in enumerate(self.players):
            if player.name == name:
                return i
        raise KeyError(name)

    def player(self, name: str) -> Player:
        """The player called ``name``."""
        return self.players[self.index(name)]

    def with_player(self, player: Player) -> ChapterState:
        """The state with one player replaced (matched by name)."""
        return replace(self, players=self.seated(self.index(player.name), player))

    def seated(self, seat: int, player: Player) -> tuple[Player, ...]:
        """The players with the one at ``seat`` replaced."""
        players = list(self.players)  # cheaper than joining two slices around it
        players[seat] = player
        return tuple(players)

    @property
    def card_players(self) -> tuple[Player, ...]:
        """The players who hold cards and take turns (everyone but the Chaplain)."""
        return tuple(p for p in self.players if not p.chaplain)

    @property
    def active_player(self) -> Player | None:
        """Whose turn it is, during a Mission."""
        return self.players[self.turn] if self.turn >= 0 else None

    @property
    def in_mission(self) -> tuple[Player, ...]:
        """Card players who have not withdrawn from the current Mission."""
        still_in = []
        for player in self.players:
            if not player.chaplain and not player.withdrawn:
                still_in.append(player)
        return tuple(still_in)

    @property
    def anyone_in_mission(self) -> bool:
        """Whether a card player has not withdrawn (``in_mission`` is not empty)."""
        turn = self.turn  # the usual case first: the player whose turn it is is still in
        if turn >= 0:
            acting = self.players[turn]
            if not acting.chaplain and not acting.withdrawn:
                return True
        for player in self.players:  # noqa: SIM110 - a loop, not a generator: a hot path
            if not player.chaplain and not player.withdrawn:
                return True
        return False

    def next_seat(self, seat: int, skip_withdrawn: bool = True) -> int:
        """The next card player clockwise (to the left) after ``seat``; in turn order
        (``skip_withdrawn``) a seat a module adds (a Recruit) takes its turn where it sits."""
        if skip_withdrawn and self.modules:  # (most chapters: no module's record)
            for kept in self.modules.values():
                turn = kept.next_turn(self, seat)
                if turn is not None:
                    return turn
        players = self.players
        n = len(players)
        for step in range(1, n + 1):
            following = (seat + step) % n
            candidate = players[following]
            if candidate.chaplain or (skip_withdrawn and candidate.withdrawn):
                continue
            return following
        return -1

    @property
    def any_seat_in_mission(self) -> bool:
        """A Grizzled, or a seat a module adds (a Recruit's), has not withdrawn from the
        Mission: while one has, the Mission goes on."""
        if self.anyone_in_mission:
            return True
        mission = self.mission
        return any(kept.seat_in_mission(mission) for kept in self.modules.values())

    @property
    def hands_played_out(self) -> bool:
        """No card in a Grizzled's hand and no seat a module adds (a Recruit's) at the table:
        with the Trials empty too, the chapter is won."""
        return self.cards_in_hands == 0 and not any(kept.seated() for kept in self.modules.values())

    # --- cards ---------------------------------------------------------------------
    def card(self, key: str) -> CardType:
        """The catalogue entry of a key."""
        return self.catalogue[key]

    def active_hard_knocks(self, player: Player) -> tuple[str, ...]:
        """A player's Hard Knock kinds that have effect now (none once withdrawn)."""
        if player.withdrawn and self.phase == Phase.MISSION:
            return ()
        kinds = (self.catalogue[k].kind for k in player.hard_knocks)
        return tuple(kind for kind in kinds if kind is not None)

    @last_answer  # asked twice of one state: after an action, and before the next
    def threat_tally(self) -> Mapping[str, int]:
        """Active threats (No Man's Land plus Phobias and Traumas of players still in), as
        copies per threat shown, in the order first shown; cheaper than ``threat_counts``
        (read only: the answer is shared, domain/memo.py)."""
        cards = self.catalogue.cards
        tally: dict[str, int] = {}  # counted as shown (no list of them first: a hot path)
        for key in self.nml:
            for threat in cards[key].threats:
                tally[threat] = tally.get(threat, 0) + 1
        for player in self.players:
            if player.hard_knocks and not player.withdrawn and not player.chaplain:
                kind_of = self.catalogue.kind_of
                for key in player.hard_knocks:
                    card = cards[key]
                    if card.threats and kind_of[key] in THREAT_KNOCKS:  # a Phobia or a Trauma
                        for threat in card.threats:
                            tally[threat] = tally.get(threat, 0) + 1
        if self.modules:  # a module's cards on the table show threats too (most: none)
            for kept in self.modules.values():
                for threat in kept.threats(self.catalogue):
                    tally[threat] = tally.get(threat, 0) + 1
        return tally

    def threat_counts(self) -> Counter[str]:
        """Active threats: No Man's Land plus Phobias and Traumas of players still in."""
        return Counter(self.threat_tally())

    def hard_knock_weight(self, player: Player) -> int:
        """How many Hard Knocks a player counts for the defeat check (Wounded is 2)."""
        cards, weight = self.catalogue.cards, 0
        for key in player.hard_knocks:
            weight += cards[key].value
        return weight

    @property
    def cards_in_hands(self) -> int:
        """Trial cards in all hands together (Solo: the single hand)."""
        held = 0
        if self.modules:  # a module's cards held (Solo: the single hand; most: none)
            for kept in self.modules.values():
                held += kept.in_hands()
        for player in self.players:
            held += len(player.hand) + player.hidden
        return held

    def known_counts(self) -> Counter[str]:
        """How many copies of each key are seen somewhere in this chapter."""
        counts: Counter[str] = Counter(self.nml)
        counts.update(self.discard)
        counts.update(k for k in self.trials if k is not None)
        counts.update(k for k in self.morale if k is not None)
        for player in self.players:
            counts.update(player.hand)
            counts.update(player.hard_knocks)
        counts.update(self.set_aside)
        for kept in self.modules.values():  # a module's cards seen (Solo, a Recruit: a hand)
            counts.update(kept.face_up())
        return counts

    def unseen(self, key: str) -> int:
        """Copies of a key that could still be in a hidden place (deck or a hand)."""
        return self.catalogue[key].copies - self.known_counts()[key]

    @property
    def total_cards(self) -> int:
        """Every Trial card of the chapter, wherever it is, seen or not."""
        return (
            len(self.trials)
            + len(self.morale)
            + len(self.nml)
            + len(self.discard)
            + sum(p.hand_size + len(p.hard_knocks) for p in self.players)
            + (sum(kept.cards() for kept in self.modules.values()) if self.modules else 0)
        )
