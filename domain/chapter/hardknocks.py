"""What Hard Knocks allow and forbid during a Mission, with the conflict rules.

A withdrawn player's Hard Knocks have no effect for the rest of the Mission. A player
with no cards in hand may always withdraw. Conflicts: on one player the older card wins;
between players, the active player's cards apply first (cards.md, rulebooks).
"""

from __future__ import annotations

import msgspec

from domain.cards.catalogue import HardKnock
from domain.chapter.moments import INSTALLED, Module
from domain.chapter.state import ChapterState, Player
from domain.errors import N_, Formed
from domain.memo import last_triple_answer

# The kinds the rules ask every turn or every Mission, as plain names (also for
# chapter/actions.py, resolution.py, legal.py): a member looked up on its enum class costs
# ~0.1 µs in Python 3.11 (the enum metaclass's ``__getattr__`` slows every lookup on it).
ABSENT_MINDED, CLUMSY = HardKnock.ABSENT_MINDED, HardKnock.CLUMSY
DEMORALIZED = HardKnock.DEMORALIZED
FEARFUL, FRAGILE, FRENZIED = HardKnock.FEARFUL, HardKnock.FRAGILE, HardKnock.FRENZIED
HARDHEADED, MUTE, PANICKED = HardKnock.HARDHEADED, HardKnock.MUTE, HardKnock.PANICKED
PRIDEFUL, SELFISH, TYRANNICAL = HardKnock.PRIDEFUL, HardKnock.SELFISH, HardKnock.TYRANNICAL


def kinds(state: ChapterState, player: Player) -> list[str | None]:
    """The kinds of the Hard Knocks in front of a player, oldest first (active or not)."""
    kind_of = state.catalogue.kind_of
    return [kind_of[key] for key in player.hard_knocks]


def active_kinds(state: ChapterState, player: Player) -> list[str | None]:
    """The kinds of the Hard Knocks that have effect on the player now."""
    return [] if player.withdrawn or not player.hard_knocks else kinds(state, player)


def has(state: ChapterState, player: Player, kind: str) -> bool:
    """Whether a player has a Hard Knock of this kind in front of them (active or not)."""
    kind_of = state.catalogue.kind_of
    for key in player.hard_knocks:  # noqa: SIM110 - a loop, not a generator: a hot path
        if kind_of[key] == kind:
            return True
    return False


def active(state: ChapterState, player: Player, kind: str) -> bool:
    """Whether a Hard Knock of this kind has effect on the player now."""
    return not player.withdrawn and has(state, player, kind)


def _age(state: ChapterState, player: Player, kind: str) -> int:
    for age, key in enumerate(player.hard_knocks):
        if state.catalogue[key].kind == kind:
            return age
    return len(player.hard_knocks)


class Blocker(msgspec.Struct, frozen=True):
    """A Hard Knock that forbids a withdrawal, and whose it is: ``reason`` is the English,
    its form and facts kept for the voice to say in the table's language (``Formed``)."""

    kind: str
    owner: str
    reason: Formed


def _blocker_said(kind: str, owner: str, template: str, **data: object) -> Blocker:
    return Blocker(kind, owner, Formed(template, **data))


def _own_blockers(state: ChapterState, player: Player, mine: list[str | None]) -> list[Blocker]:
    blockers = []
    if HARDHEADED in mine and player.hand_size >= 2:
        blockers.append(
            _blocker_said(
                HARDHEADED,
                player.name,
                N_("{player} is Hardheaded: no withdrawal while holding {count} cards (2 or more)"),
                player=player.name,
                count=player.hand_size,
            )
        )
    if PRIDEFUL in mine and len(state.in_mission) > 1:
        blockers.append(
            _blocker_said(
                PRIDEFUL,
                player.name,
                N_(
                    "{player} is Prideful: withdrawal only with an empty hand or as the last "
                    "player still in the Mission"
                ),
                player=player.name,
            )
        )
    return blockers


def _fragile_blocker(state: ChapterState, player: Player) -> Blocker | None:
    for other in state.players:
        if (
            other.hard_knocks
            and not other.withdrawn
            and not other.chaplain
            and other.name != player.name
            and other.hand_size > 0
            and has(state, other, FRAGILE)
        ):
            return _blocker_said(
                FRAGILE,
                other.name,
                N_("{other} is Fragile and still holds 1 card: {player} cannot withdraw")
                if other.hand_size == 1
                else N_(
                    "{other} is Fragile and still holds {count} cards: {player} cannot withdraw"
                ),
                other=other.name,
                count=other.hand_size,
                player=player.name,
            )
    return None


def _two_alike(state: ChapterState) -> bool:
    counts = state.threat_tally()
    return bool(counts) and max(counts.values()) >= 2


def knocks_yield(state: ChapterState) -> bool:
    """Whether the Hard Knocks restricting the active player give way now: "In case of
    conflict with a Hard Knock, the Order of the Day has priority" (armistice rulebook,
    Orders of the Day; the Orders module answers, moments.py ``knocks_yield``)."""
    for hook in INSTALLED.knocks_yield:  # noqa: SIM110 - a loop, not a generator: a hot path
        if hook(state):
            return True
    return False


def withdrawal_blocker(
    state: ChapterState, player: Player, knocks_apply: bool | None = None
) -> Blocker | None:
    """The Hard Knock that stops this player withdrawing now, if any (``knocks_apply``:
    whether Hard Knocks restrict at all; None: unless they give way to an Order)."""
    if knocks_apply is None:
        return _blocker_now(state, player, INSTALLED.modules)
    return _blocker(state, player, knocks_apply)


@last_triple_answer  # asked twice of one turn: by the simulator's legal moves, by the engine
def _blocker_now(
    state: ChapterState, player: Player, installed: tuple[Module, ...]
) -> Blocker | None:
    """``withdrawal_blocker`` unless the Hard Knocks give way to an Order. The answer
    depends on the modules installed (whose hooks may give way or lift a Hard Knock) as
    much as on the state and the player: all three are its key."""
    return _blocker(state, player, None)


def _blocker(state: ChapterState, player: Player, knocks_apply: bool | None) -> Blocker | None:
    if player.hand_size == 0:
        return None
    # ``active_kinds``, without a call for a player with none
    mine = kinds(state, player) if player.hard_knocks and not player.withdrawn else []
    own = _own_blockers(state, player, mine) if mine else []
    if FEARFUL in mine and _two_alike(state):
        fearful_age = _age(state, player, FEARFUL)
        older = [b for b in own if _age(state, player, b.kind) < fearful_age]
        blocker = older[0] if older else None
    else:
        blocker = own[0] if own else _fragile_blocker(state, player)
    if blocker is None or not _apply(state, knocks_apply) or allowed(state, player, "withdraw"):
        return None
    return blocker


def must_withdraw(state: ChapterState, player: Player, knocks_apply: bool | None = None) -> bool:
    """Fearful forces the withdrawal, unless an older card of the same player forbids it
    (or the Hard Knocks give way to an Order, ``knocks_apply``)."""
    # an active Fearful and 2 identical threats active (asked every turn: ``active`` inline)
    if not player.hard_knocks or player.withdrawn or not has(state, player, FEARFUL):
        return False
    if not _two_alike(state):
        return False
    if not _apply(state, knocks_apply) or allowed(state, player, "play"):
        return False
    return withdrawal_blocker(state, player, knocks_apply=True) is None


def is_mute(state: ChapterState, player: Player, knocks_apply: bool | None = None) -> bool:
    """Mute: no Speech (unless the Hard Knocks give way to an Order, ``knocks_apply``)."""
    if not active(state, player, MUTE) or not _apply(state, knocks_apply):
        return False
    return not allowed(state, player, "speech")


def allowed(state: ChapterState, player: Player, action: str) -> bool:
    """Whether a card in force lifts the Hard Knocks restricting this action of the player
    (moments.py ``allows``): "a Helping Hand card takes precedence", an Order "has
    priority"."""
    for hook in INSTALLED.allows:  # noqa: SIM110 - a loop, not a generator: a hot path
        if hook(state, player, action):
            return True
    return False


def _apply(state: ChapterState, knocks_apply: bool | None) -> bool:
    return not knocks_yield(state) if knocks_apply is None else knocks_apply
