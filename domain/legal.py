"""The legal commands now, as a sorted tuple (OpenSpiel's ``legal_actions``).

Choices that belong to other people or to chance are left open: a Speech is listed
without the others' discards, a Panicked withdrawal without its random tile, a Trap's
or Clumsy's draw without the card. A hand nobody has seen lists every card it could
still hold. A finished chapter has no legal action.
"""

from __future__ import annotations

from itertools import combinations
from math import ceil
from typing import Any

from domain.cards.catalogue import THREATS, HardKnock
from domain.chapter.actions import deal_order, minimum_intensity, module_minimum
from domain.chapter.commands import (
    CancelOrder,
    ChooseSupport,
    Command,
    MakeSpeech,
    PlayCard,
    PlayRecruitCard,
    RefillHand,
    StartMission,
    Target,
    UseCharm,
    Withdraw,
    WithdrawRecruit,
)
from domain.chapter.hardknocks import active, active_kinds, must_withdraw, withdrawal_blocker
from domain.chapter.moments import INSTALLED
from domain.chapter.state import ChapterState, Phase, Player

ORDER = {StartMission: 0, PlayCard: 1, UseCharm: 2, MakeSpeech: 3, Withdraw: 4, ChooseSupport: 5}
ORDER.update({PlayRecruitCard: 6, WithdrawRecruit: 7, CancelOrder: 8})  # Recruits, Orders


def _sort_key(command: Command) -> tuple[int, str]:
    return ORDER[type(command)], repr(command)


def intensities(state: ChapterState, order: int | None = None) -> range:
    """Every intensity that deals differently: from the minimum (raised by the kept Order of
    the Day, after the first Mission) until the deck runs out."""
    low = minimum_intensity(state)
    if state.mission == 0 and state.rules.first_intensity_exact:
        return range(low, low + 1)
    low = max(low, module_minimum(state, StartMission(low, order=order)))
    high = max(low, ceil(len(state.trials) / max(1, len(deal_order(state)))))
    return range(low, high + 1)


def targets(state: ChapterState) -> tuple[Target | None, ...]:
    """What a Merry Christmas may discard: any Hard Knock in front of any player."""
    found = sorted({(p.name, k) for p in state.players for k in p.hard_knocks})
    return tuple(found) if found else (None,)


def playable_cards(state: ChapterState, player: Player) -> tuple[str, ...]:
    """Cards the player may hold: seen ones, and any unseen key if part of the hand is hidden."""
    keys = set(player.hand)
    if player.hidden:
        keys.update(k for k in state.catalogue if state.unseen(k) > 0)
    return tuple(sorted(keys))


def plays(state: ChapterState, player: Player) -> list[Command]:
    """Every card the player may play now, Merry Christmas once per target, in key order."""
    cards = state.catalogue.cards
    commands: list[Command] = []
    for card in playable_cards(state, player):
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
    if not player.charm_up:
        return []
    return [UseCharm(player.name, key) for key in charm_targets(state, player)]


def withdrawals(state: ChapterState, player: Player) -> list[Command]:
    """Every way this player may withdraw now (none if a Hard Knock forbids it)."""
    if withdrawal_blocker(state, player) is not None:
        return []
    tiles = sorted(set(player.tiles))
    knocks = active_kinds(state, player)
    absent = HardKnock.ABSENT_MINDED in knocks and tiles
    panicked = HardKnock.PANICKED in knocks
    options: list[Command] = []
    for removed in tiles if absent else [None]:
        left = list(player.tiles)
        if removed is not None:
            left.remove(removed)
        if not left or panicked:
            options.append(Withdraw(player.name, None, removed))
        else:
            options += [Withdraw(player.name, t, removed) for t in sorted(set(left))]
    return options


def _mission_actions(state: ChapterState) -> list[Command]:
    player = state.active_player
    if player is None:
        return []
    if must_withdraw(state, player):
        return withdrawals(state, player)
    commands = plays(state, player) + charms(state, player)
    if player.speech_tokens > 0 and not active(state, player, HardKnock.MUTE):
        commands += [MakeSpeech(player.name, t) for t in THREATS]
    return commands + withdrawals(state, player)


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
        StartMission(i, order=kept, order_back=back)
        for kept, back in _start_choices(state)
        for i in intensities(state, kept)
    ]


def _start_choices(state: ChapterState) -> list[tuple[int | None, int | None]]:
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
        return owned
    if state.phase == Phase.PREPARATION:
        commands: list[Command] = mission_starts(state)
    elif state.phase == Phase.MISSION:
        commands = _mission_actions(state)
    elif state.phase == Phase.SUPPORT:
        commands = support_choices(state)
    else:
        commands = []
    for module_actions in INSTALLED.actions:  # the Recruit's turn, lasting Orders (moments.py)
        commands += module_actions(state)
    return tuple(sorted(commands, key=_sort_key))


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
        return _summary_of(state, player, owned)
    forced = must_withdraw(state, player)
    options = withdrawals(state, player)
    return {
        "player": player.name,
        "must_withdraw": forced,
        "play": [] if forced else list(playable_cards(state, player)),
        "play_any_hidden": player.hidden > 0 and not forced,
        "charm": [] if forced or not player.charm_up else charm_targets(state, player),
        "speech": not forced and player.speech_tokens > 0 and not active(state, player, "mute"),
        **_withdrawal(state, player, options),
        "refill": False,
    }


def _summary_of(state: ChapterState, player: Player, owned: tuple[Command, ...]) -> dict[str, Any]:
    """The summary of a module's legal commands (the same keys)."""
    plays = sorted({c.card for c in owned if isinstance(c, PlayCard)})
    hidden = state.solo.hidden if state.solo is not None else player.hidden
    return {
        "player": player.name,
        "must_withdraw": not plays and must_withdraw(state, player),
        "play": plays,
        "play_any_hidden": hidden > 0 and bool(plays),
        "charm": sorted({c.card for c in owned if isinstance(c, UseCharm)}),
        "speech": any(isinstance(c, MakeSpeech) for c in owned),
        **_withdrawal(state, player, [c for c in owned if isinstance(c, Withdraw)]),
        "refill": any(isinstance(c, RefillHand) for c in owned),
    }


def _withdrawal(state: ChapterState, player: Player, options: list[Command]) -> dict[str, Any]:
    """The tiles a withdrawal may name, the ones an Absent-minded player may remove first,
    and whether a Clumsy one draws a Trials card."""
    return {
        "withdraw": withdraw_tiles(player, options),
        "remove": sorted({w.discard_tile for w in options if isinstance(w, Withdraw)} - {None}),
        "draws": bool(options) and active(state, player, HardKnock.CLUMSY) and bool(state.trials),
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
