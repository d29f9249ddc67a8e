"""Solo mode's legal actions and its random player for the simulator.

The Support choice is left to ``legal.support_choices``, which reads nothing of hands.
Chance stays open as in ``legal``: the solo tile is listed undrawn, a Trap's draw unsaid.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from msgspec.structs import replace

from domain.cards.catalogue import HardKnock, grizzled_roster
from domain.chapter.actions import trap_springs
from domain.chapter.commands import (
    Command,
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.chapter.hardknocks import has, must_withdraw, withdrawal_blocker
from domain.chapter.state import ChapterState, Phase, Player
from domain.legal import charms, summary_of, targets
from domain.modules.solo.commands import DrawSoloSupport, RefillHand
from domain.modules.solo.rules import holding_view, refill_possible
from domain.modules.solo.state import SOLO_GRIZZLED, SOLO_HAND, solo_table

ORDER: dict[type, int] = {
    StartMission: 0,
    PlayCard: 1,
    UseCharm: 2,
    Withdraw: 3,
    RefillHand: 4,
    DrawSoloSupport: 5,
}


def _plays(state: ChapterState, player: Player) -> list[Command]:
    solo = solo_table(state)
    assert solo is not None
    keys = set(solo.hand)
    if solo.hidden:
        keys.update(k for k in state.catalogue if state.unseen(k) > 0)
    commands: list[Command] = []
    for card in sorted(keys):
        if state.catalogue[card].merry_christmas:
            commands += [PlayCard(player.name, card, target=t) for t in targets(state)]
        else:
            commands.append(PlayCard(player.name, card))
    return commands


def _mission_actions(state: ChapterState) -> list[Command]:
    player = state.active_player
    assert player is not None
    view = holding_view(state)
    held = view.player(player.name)
    refill: list[Command] = [RefillHand()] if refill_possible(state) else []
    leave: list[Command] = [] if withdrawal_blocker(view, held) else [Withdraw(player.name)]
    if must_withdraw(view, held):
        return leave + refill
    return _plays(state, player) + charms(state, player) + leave + refill


def solo_actions(state: ChapterState) -> tuple[Command, ...]:
    """The legal commands of a Solo chapter outside the Support choice, sorted."""
    if state.phase == Phase.PREPARATION:
        commands: list[Command] = [StartMission(SOLO_HAND)]
    elif state.phase == Phase.MISSION:
        commands = _mission_actions(state)
    elif state.phase == Phase.DRAW_SUPPORT:
        commands = [DrawSoloSupport()]
    else:
        commands = []
    return tuple(sorted(commands, key=lambda c: (ORDER[type(c)], repr(c))))


def solo_legal(state: ChapterState) -> tuple[Command, ...] | None:
    """Solo mode's legal commands; None at the Support choice, which the basic rules list."""
    return None if state.phase == Phase.SUPPORT else solo_actions(state)


# --- The simulator's solo player ---------------------------------------------------------
def random_solo_setup(rng: random.Random, trials: int | None = None) -> StartChapter:
    """A Solo setup with 3 Grizzled from the roster (``trials``: a smaller Trials deck)."""
    roster = rng.sample(grizzled_roster(), SOLO_GRIZZLED)
    seats = tuple(Seat(g.name.split()[0], g.charm) for g in roster)
    return StartChapter("armistice", seats, "solo", trials=trials)


def _with_target(state: ChapterState, command: Command, rng: random.Random) -> Command:
    """Give a Merry Christmas a target when a Trap or Clumsy will draw it from the deck."""
    top = state.trials[0] if state.trials else None
    if top is None or not state.catalogue[top].merry_christmas:
        return command
    if (
        isinstance(command, PlayCard)
        and state.catalogue[command.card].trap
        and trap_springs(replace(state, nml=(*state.nml, command.card)))
    ):
        return replace(command, target=rng.choice(targets(state)))
    if isinstance(command, Withdraw) and has(state, state.player(command.player), HardKnock.CLUMSY):
        return replace(command, target=rng.choice(targets(state)))
    return command


def _careful(state: ChapterState, options: list[Command]) -> list[Command]:
    """Plays that add no third copy of a threat (a Trap only on a calm No Man's Land),
    Hard Knocks that do not kill, Merry Christmas."""
    player = state.active_player
    assert player is not None
    counts: Counter[str] = state.threat_counts()
    weight = state.hard_knock_weight(player)
    good: list[Command] = []
    for command in options:
        if isinstance(command, PlayCard):
            card = state.catalogue[command.card]
            calm = not card.trap or sum(counts.values()) <= 1  # a Trap draws blind
            safe = card.is_threat and calm and all(counts[t] < 2 for t in card.threats)
            if safe or (card.hard_knock and weight + card.value < 3) or card.merry_christmas:
                good.append(command)
    return good


def _mission_command(state: ChapterState, rng: random.Random) -> Command:
    options = list(solo_actions(state))
    if RefillHand() in options and rng.random() < 0.9:
        return RefillHand()
    options = [c for c in options if not isinstance(c, RefillHand)]
    leave = [c for c in options if isinstance(c, Withdraw)]
    table = solo_table(state)
    assert table is not None
    if leave and (len(leave) == len(options) or (table.hand_size == 0 and rng.random() < 0.9)):
        return leave[0]
    charms = [c for c in options if isinstance(c, UseCharm)]
    counts = state.threat_counts()
    if charms and counts and max(counts.values()) >= 2 and rng.random() < 0.7:
        return rng.choice(charms)
    good = _careful(state, options) if rng.random() < 0.97 else []
    if good:
        return rng.choice(good)
    if leave and rng.random() < 0.98:
        return leave[0]
    return rng.choice(options)


def random_solo_command(state: ChapterState, rng: random.Random) -> Command:
    """A legal Solo command at random, leaning towards sensible play (not the Support
    choice, which the simulator makes as in any chapter)."""
    if state.phase == Phase.MISSION:
        return _with_target(state, _mission_command(state, rng), rng)
    return solo_actions(state)[0]


def solo_summary(state: ChapterState, player: Player, owned: tuple[Command, ...]) -> dict[str, Any]:
    """What the active Grizzled may do, summed up from Solo's legal commands: plays from
    the single hand (its unseen cards too), and the refill right after a play."""
    table = solo_table(state)
    summary = summary_of(state, player, owned, table.hidden if table is not None else None)
    summary["refill"] = any(type(c) is RefillHand for c in owned)
    return summary
