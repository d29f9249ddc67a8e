"""The legal commands now, as a sorted tuple (OpenSpiel's ``legal_actions``).

Choices that belong to other people or to chance are left open: a Speech is listed
without the others' discards, a Panicked withdrawal without its random tile, a Trap's
or Clumsy's draw without the card. A hand nobody has seen lists every card it could
still hold. A finished chapter has no legal action. An action a module's or card's check
refuses (moments.py ``before_action``: an Order of the Day in play may forbid it) is not
listed: ``open_actions`` lists the basic rules' actions before those checks.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from math import ceil
from typing import Any

from domain.cards.catalogue import THREATS
from domain.chapter.actions import deal_order, minimum_intensity, module_minimum
from domain.chapter.commands import (
    ChooseSupport,
    Command,
    MakeSpeech,
    PlayCard,
    StartMission,
    Target,
    UseCharm,
    Withdraw,
    options,
)
from domain.chapter.hardknocks import (
    ABSENT_MINDED,
    CLUMSY,
    PANICKED,
    active,
    active_kinds,
    is_mute,
    must_withdraw,
    withdrawal_blocker,
)
from domain.chapter.moments import INSTALLED
from domain.chapter.state import ChapterState, Phase, Player
from domain.errors import RuleViolation

BASIC: dict[type, int] = {
    StartMission: 0,
    PlayCard: 1,
    UseCharm: 2,
    MakeSpeech: 3,
    Withdraw: 4,
    ChooseSupport: 5,
}
_ranked: tuple[object, dict[type, int]] = (None, BASIC)  # (the modules' commands, the ranks)


def ranks() -> dict[type, int]:
    """The order legal commands are listed in: the basic rules' actions, then the modules'
    own commands in the order the registry lists them (moments.py ``commands``)."""
    global _ranked
    table = INSTALLED.commands
    if _ranked[0] is not table:  # a registry filled anew: rank its modules' commands
        own = {kind: len(BASIC) + n for n, kind in enumerate(table)}
        _ranked = (table, {**BASIC, **own})
    return _ranked[1]


def intensities(state: ChapterState, order: int | None = None) -> range:
    """Every intensity that deals differently: from the minimum (raised by the kept Order of
    the Day, after the first Mission) until the deck runs out."""
    low = minimum_intensity(state)
    if state.mission == 0 and state.rules.first_intensity_exact:
        return range(low, low + 1)
    told = options(order=order) if order is not None else ()
    low = max(low, module_minimum(state, StartMission(low, options=told)))
    high = max(low, ceil(len(state.trials) / max(1, len(deal_order(state)))))
    return range(low, high + 1)


def targets(state: ChapterState) -> tuple[Target | None, ...]:
    """What a Merry Christmas may discard: any Hard Knock in front of any player."""
    found = sorted({(p.name, k) for p in state.players for k in p.hard_knocks})
    return tuple(found) if found else (None,)


def playable_cards(state: ChapterState, player: Player) -> tuple[str, ...]:
    """Cards the player may hold: seen ones, and any unseen key if part of the hand is hidden."""
    keys = set(player.hand)
    if player.hidden:  # ``state.unseen`` of every key, with the seen copies counted once
        known = state.known_counts()
        keys.update(k for k, card in state.catalogue.cards.items() if card.copies > known[k])
    return tuple(sorted(keys))


def refused(state: ChapterState, command: Command) -> bool:
    """Whether a module's or card's check refuses the action now (moments.py
    ``before_action``: an Order of the Day in play may forbid it)."""
    try:
        for hook in INSTALLED.before_action:
            hook(state, command)
    except RuleViolation:
        return True
    return False


def restricting(state: ChapterState) -> bool:
    """Whether a module's or card's check may refuse an action now (moments.py
    ``restricts``: an Order of the Day in No Man's Land, a Recruit in play)."""
    for restricts in INSTALLED.restricts:  # noqa: SIM110 - a loop, not a generator: a hot path
        if restricts(state):
            return True
    return False


def allowed(state: ChapterState, commands: list[Command]) -> list[Command]:
    """The actions no module's or card's check refuses. Those checks only refuse while a
    module says they may (``restricting``), so a chapter without one pays nothing for
    them (the engine's speed, docs/performance.md)."""
    if not restricting(state):
        return commands
    return [command for command in commands if not refused(state, command)]


def plays(state: ChapterState, player: Player, keys: Iterable[str] | None = None) -> list[Command]:
    """Every card the player may play now, Merry Christmas once per target, in key order
    (``keys``: only these, some of ``playable_cards`` in their order)."""
    return allowed(state, _plays(state, player, keys))


def _plays(state: ChapterState, player: Player, keys: Iterable[str] | None = None) -> list[Command]:
    cards = state.catalogue.cards
    commands: list[Command] = []
    for card in playable_cards(state, player) if keys is None else keys:
        if cards[card].merry_christmas:
            commands += [PlayCard(player.name, card, target=t) for t in targets(state)]
        else:
            commands.append(PlayCard(player.name, card))
    return commands


def charm_targets(state: ChapterState, player: Player) -> list[str]:
    """The No Man's Land cards showing the player's charm threat, in key order."""
    cards, keys = state.catalogue.cards, set()
    for key in state.nml:
        if player.charm in cards[key].threats:
            keys.add(key)
    return sorted(keys)


def charms(state: ChapterState, player: Player) -> list[Command]:
    """Every use of the player's Good Luck Charm open now (none once it is used)."""
    return allowed(state, _charms(state, player))


def _charms(state: ChapterState, player: Player) -> list[Command]:
    if not player.charm_up:
        return []
    return [UseCharm(player.name, key) for key in charm_targets(state, player)]


def speeches(state: ChapterState, player: Player) -> list[Command]:
    """A Speech on each threat, if the player may make one now."""
    return allowed(state, _speeches(state, player))


def _speeches(
    state: ChapterState, player: Player, knocks_apply: bool | None = None
) -> list[Command]:
    if player.speech_tokens > 0 and not is_mute(state, player, knocks_apply):
        return [MakeSpeech(player.name, t) for t in THREATS]
    return []


def withdrawals(state: ChapterState, player: Player) -> list[Command]:
    """Every way this player may withdraw now (none if a Hard Knock or an Order forbids it)."""
    return allowed(state, _withdrawals(state, player))


def _withdrawals(
    state: ChapterState, player: Player, knocks_apply: bool | None = None
) -> list[Command]:
    if withdrawal_blocker(state, player, knocks_apply) is not None:
        return []
    tiles = sorted(set(player.tiles))
    knocks = active_kinds(state, player)
    absent = ABSENT_MINDED in knocks and tiles
    panicked = PANICKED in knocks
    if not absent:  # the loop below without a tile removed first: one per kind of tile held
        if not tiles or panicked:
            return [Withdraw(player.name, None, None)]
        return [Withdraw(player.name, tile, None) for tile in tiles]
    options: list[Command] = []
    for removed in tiles:
        left = list(player.tiles)
        left.remove(removed)
        if not left or panicked:
            options.append(Withdraw(player.name, None, removed))
        else:
            options += [Withdraw(player.name, t, removed) for t in sorted(set(left))]
    return options


def _mission_actions(state: ChapterState, knocks_apply: bool | None = None) -> list[Command]:
    """The active player's actions under the basic rules and the Hard Knocks
    (``knocks_apply``: whether the Hard Knocks restrict at all; None: unless they give
    way to an Order of the Day, moments.py ``knocks_yield``)."""
    player = state.active_player
    if player is None:
        return []
    if must_withdraw(state, player, knocks_apply):
        return _withdrawals(state, player, knocks_apply)
    found = _plays(state, player) + _charms(state, player)
    found += _speeches(state, player, knocks_apply)
    return found + _withdrawals(state, player, knocks_apply)


def open_actions(
    state: ChapterState, knocks_apply: bool | None = None
) -> tuple[Command, ...] | list[Command]:
    """The active player's actions the basic rules (or the module playing the chapter)
    allow, before the modules' and cards' checks (an Order's restrictions);
    ``knocks_apply`` as ``_mission_actions``."""
    owner = INSTALLED.owner(state)
    owned = owner.legal(state) if owner is not None and owner.legal is not None else None
    return owned if owned is not None else _mission_actions(state, knocks_apply)


def support_choices(state: ChapterState) -> list[Command]:
    """Every benefit the Support beneficiary may take."""
    pending = state.support
    if pending is None:
        return []
    player = state.player(pending.player)
    discards = {
        tuple(sorted(c))
        for n in range(pending.max_discards + 1)
        for c in combinations(player.hard_knocks, min(n, len(player.hard_knocks)))
    }
    charm = pending.charm_choice and not player.charm_up
    commands: list[Command] = [ChooseSupport(player.name, d) for d in sorted(discards)]
    if charm:
        commands.append(ChooseSupport(player.name, (), True))
    return commands


def mission_starts(state: ChapterState) -> list[Command]:
    """Every way to start the Mission: the Order of the Day kept and put back, if any, and
    an intensity."""
    return [
        StartMission(i, options=options(order=kept, order_back=back))
        for kept, back in start_choices(state)
        for i in intensities(state, kept)
    ]


def start_choices(state: ChapterState) -> list[tuple[int | None, int | None]]:
    """What the leader may announce besides the intensity: (kept, put back) orders
    (Orders of the Day, through moments.py), or nothing."""
    choices: list[tuple[int | None, int | None]] = [(None, None)]
    for announced in INSTALLED.start_choices:
        choices = announced(state)
    return choices


def legal_actions(state: ChapterState) -> tuple[Command, ...]:
    """The legal commands now, sorted."""
    owner = INSTALLED.owner(state)  # a module playing the whole chapter: Solo (moments.py)
    owned = owner.legal(state) if owner is not None and owner.legal is not None else None
    if owned is not None:
        return tuple(allowed(state, list(owned))) if state.phase == Phase.MISSION else owned
    if state.phase == Phase.PREPARATION:
        commands: list[Command] = mission_starts(state)
    elif state.phase == Phase.MISSION:
        commands = allowed(state, _mission_actions(state))
    elif state.phase == Phase.SUPPORT:
        commands = support_choices(state)
    else:
        commands = []
    for module_actions in INSTALLED.actions:  # the Recruit's turn, lasting Orders (moments.py)
        commands += module_actions(state)
    rank = ranks()
    return tuple(sorted(commands, key=lambda c: (rank[type(c)], repr(c))))


MISSION = Phase.MISSION  # a plain name: an enum member looked up on its class is slow


def way_on(state: ChapterState) -> bool:
    """Whether the game can go on from here: the chapter is over, or between Missions or at
    the Support (the leader starts one, the beneficiary takes or leaves the benefit), or the
    one whose turn it is in a Mission has at least one legal action. Under the basic rules
    and the Hard Knocks alone (Solo's own play too) a Mission player always has one (a card
    to play, or Fearful's withdrawal, which nothing forbids then; an empty hand may always
    withdraw), so the legal actions are only listed while a module's or card's check may
    refuse one (``restricting``); tests/domain/test_never_stuck.py lists them everywhere."""
    if state.phase != MISSION or not restricting(state):
        return True
    return bool(legal_actions(state))


def legal_summary(state: ChapterState) -> dict[str, Any]:
    """What the player whose turn it is may do now, by kind (the ``legal`` of the board
    the CLI and the read models show); empty when nobody's turn. A module playing the
    whole chapter (Solo: one hand for all, the refill) is summed up from its own list."""
    player = state.active_player
    if player is None:
        return {}
    owner = INSTALLED.owner(state)
    owned = owner.legal(state) if owner is not None and owner.legal is not None else None
    if owned is not None:
        allowed_now = tuple(allowed(state, list(owned)))
        if owner is not None and owner.summary is not None:  # (Solo: the single hand)
            return owner.summary(state, player, allowed_now)
        return summary_of(state, player, allowed_now)
    forced = must_withdraw(state, player)
    options = withdrawals(state, player)
    play = [] if forced else _cards(plays(state, player))
    return {
        "player": player.name,
        "must_withdraw": forced,
        "play": play,
        "play_any_hidden": player.hidden > 0 and not forced and bool(play),
        "charm": [] if forced else _cards(charms(state, player)),
        "speech": not forced and bool(speeches(state, player)),
        **_withdrawal(state, player, options),
        "refill": False,
    }


def _cards(commands: list[Command]) -> list[str]:
    """The cards these plays or charms name, once each, in key order."""
    return sorted({c.card for c in commands if isinstance(c, PlayCard | UseCharm)})


def summary_of(
    state: ChapterState, player: Player, owned: tuple[Command, ...], hidden: int | None = None
) -> dict[str, Any]:
    """The summary of a module's legal commands (the same keys; ``hidden``: the unseen
    cards the plays may come from, the player's own unless the module says)."""
    plays = sorted({c.card for c in owned if isinstance(c, PlayCard)})
    hidden = player.hidden if hidden is None else hidden
    return {
        "player": player.name,
        "must_withdraw": not plays and must_withdraw(state, player),
        "play": plays,
        "play_any_hidden": hidden > 0 and bool(plays),
        "charm": sorted({c.card for c in owned if isinstance(c, UseCharm)}),
        "speech": any(isinstance(c, MakeSpeech) for c in owned),
        **_withdrawal(state, player, [c for c in owned if isinstance(c, Withdraw)]),
        "refill": False,
    }


def _withdrawal(state: ChapterState, player: Player, options: list[Command]) -> dict[str, Any]:
    """The tiles a withdrawal may name, the ones an Absent-minded player may remove first,
    and whether a Clumsy one draws a Trials card."""
    return {
        "withdraw": withdraw_tiles(player, options),
        "remove": sorted({w.discard_tile for w in options if isinstance(w, Withdraw)} - {None}),
        "draws": bool(options) and active(state, player, CLUMSY) and bool(state.trials),
    }


def withdraw_tiles(player: Player, options: list[Command]) -> list[str]:
    """The TILE each withdrawal may name (``none``: no tile left to play). A Panicked
    player's tile is the one drawn at random: any tile they hold (after an Absent-minded
    one's ``--remove``) may be the one drawn, and is the one they then name."""
    tiles: set[str] = set()
    for option in options:
        if not isinstance(option, Withdraw):
            continue
        left = list(player.tiles)
        if option.discard_tile is not None:
            left.remove(option.discard_tile)
        drawn = [option.tile] if option.tile is not None else left
        tiles.update(drawn or ["none"])
    return sorted(tiles)
