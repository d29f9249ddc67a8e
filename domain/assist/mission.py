"""The chance a Mission succeeds at each intensity, by Monte Carlo over the engine itself.

Each playout deals the unseen cards at random into the face-down places (the Trials, the
Morale Reserve, every hand) as the public model says they may lie (``public.py``: a card a
failed Mission returned lies in the Trials, or in a hand dealt from them since), starts the
Mission at the intensity asked and plays it out with the engine's own simulator through its
end (the Support, the Morale Drop, the chapter's checks): whether it succeeded, the cards
its Drop moved and whether the chapter was lost or won in it, all over the same playouts.
The policy for the players is the simulator's (``domain/simulate.py``,
``random_command``): mostly a card that is safe (no third copy of a threat shown twice, no
Trap, no Hard Knock that would bring its player to 3), the Good Luck Charm often once two
alike show, a withdrawal when nothing is safe, a Speech now and then. Real players do
better or worse: the estimate is for that policy, stated with its 95% interval.

Randomness comes only from the ``random.Random`` the caller passes in: one seed gives one
answer.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import msgspec

from domain.assist.public import Public, public
from domain.assist.public import dealt as dealt_from
from domain.assist.unseen import hidden_places
from domain.chapter.actions import deal_order
from domain.chapter.commands import Command, StartMission
from domain.chapter.state import ChapterState, Phase
from domain.engine import execute
from domain.errors import N_, RuleViolation
from domain.events import ChapterLost, ChapterWon, MissionSucceeded, MoraleDropped
from domain.legal import intensities
from domain.modules.recruits.state import recruit_piles
from domain.simulate import RandomChance, random_command

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
PLAYOUTS = 2_000
MAX_COMMANDS = 1_000  # a Mission is far shorter: a playout that is not is cut as failed
PREPARATION, OVER = Phase.PREPARATION, Phase.OVER
Policy = Callable[[ChapterState, random.Random], Command]


class NoEstimate(RuleViolation):
    """The table cannot be dealt out again from what is public."""

    rule = "odds"


class Estimate(msgspec.Struct, frozen=True):
    """What ``playouts`` playouts of the Mission at one intensity gave: how often it
    succeeded, how many Morale cards its Morale Drop moved in all (``dropped``), how often
    the chapter was lost (``lost``) or won (``won``) within it."""

    intensity: int
    playouts: int
    successes: int
    low: float  # the 95% Wilson score interval of the chance
    high: float
    dropped: int = 0
    lost: int = 0
    won: int = 0

    @property
    def chance(self) -> float:
        """The share of playouts in which the Mission succeeded."""
        return self.successes / self.playouts if self.playouts else 0.0

    @property
    def drop(self) -> float:
        """The Morale Drop's expected size: the mean of the cards it moved."""
        return self.dropped / self.playouts if self.playouts else 0.0

    @property
    def losing(self) -> float:
        """The share of playouts in which the chapter was lost within this Mission."""
        return self.lost / self.playouts if self.playouts else 0.0


class Playout(msgspec.Struct, frozen=True):
    """One playout: whether the Mission succeeded, the cards its Morale Drop moved, and
    whether the chapter ended in it, lost or won."""

    success: bool
    dropped: int = 0
    lost: bool = False
    won: bool = False


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound near 0 and 1, unlike p ± z·se)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # no rounding past the ends
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def check_dealable(state: ChapterState) -> Public:
    """The public model of a table whose face-down places can be filled from the unseen
    copies; refuse any other."""
    if state.phase != Phase.PREPARATION:
        raise NoEstimate(N_("the chance of a Mission is asked before it starts (its preparation)"))
    modules = (state.kept("solo"), recruit_piles(state), state.kept("orders"))
    if any(played is not None for played in modules):
        raise NoEstimate(N_("Mission odds are for the game without Solo, Recruits or Orders"))
    model = public(state)
    if model.reason:
        raise NoEstimate(model.reason)
    unseen, places = len(model.unseen), hidden_places(state)
    if unseen != places:
        raise NoEstimate(
            N_(
                "{unseen} copies are unseen for {places} face-down places: the "
                "catalogue does not describe this table's cards"
            ),
            unseen=unseen,
            places=places,
        )
    return model


def dealt(state: ChapterState, rng: random.Random, model: Public | None = None) -> ChapterState:
    """One table consistent with what is public, drawn with its probability (the public
    model's ``dealt``: the cards a failed Mission returned lie where they may)."""
    return dealt_from(state, public(state) if model is None else model, rng)


def play_out(state: ChapterState, intensity: int, rng: random.Random, policy: Policy) -> Playout:
    """One playout of the Mission at ``intensity``, through its end (Support, the Morale
    Drop, the chapter's checks) until the next Mission's preparation or the chapter's end."""
    chance = RandomChance(rng)
    command: Command = StartMission(intensity)
    success = lost = won = False
    dropped = 0
    for _ in range(MAX_COMMANDS):
        events, state = execute(state, command, chance)
        for event in events:
            kind = type(event)
            if kind is MissionSucceeded:
                success = True
            elif kind is MoraleDropped:
                dropped += len(event.cards)  # type: ignore[attr-defined]
            elif kind is ChapterLost:
                lost = True
            elif kind is ChapterWon:
                won = True
        if state.phase is PREPARATION or state.phase is OVER:
            return Playout(success, dropped, lost, won)
        command = policy(state, rng)
    return Playout(False)  # (cut: counted as failed)


def succeeds(state: ChapterState, intensity: int, rng: random.Random, policy: Policy) -> bool:
    """Whether one playout of the Mission at ``intensity`` succeeds."""
    return play_out(state, intensity, rng, policy).success


def estimate(
    state: ChapterState,
    intensity: int,
    rng: random.Random,
    playouts: int = PLAYOUTS,
    policy: Policy = random_command,
    model: Public | None = None,
) -> Estimate:
    """The estimated chance of success at one intensity (``state`` checked dealable;
    ``model``: its public model, when the caller has it)."""
    model = public(state) if model is None else model
    wins = dropped = lost = won = 0
    for _ in range(playouts):
        one = play_out(dealt(state, rng, model), intensity, rng, policy)
        wins += one.success
        dropped += one.dropped
        lost += one.lost
        won += one.won
    low, high = wilson(wins, playouts)
    return Estimate(intensity, playouts, wins, low, high, dropped, lost, won)


def deck_emptied(state: ChapterState) -> tuple[int, int] | None:
    """The least intensity the leader may choose whose deal takes the whole Trials deck,
    with the deck's size (None: none does; the deal stops where the deck runs out)."""
    dealt_to = len(deal_order(state))
    for intensity in intensities(state):
        if intensity * dealt_to >= len(state.trials):
            return intensity, len(state.trials)
    return None


def mission_odds(
    state: ChapterState,
    rng: random.Random,
    playouts: int = PLAYOUTS,
    policy: Policy = random_command,
) -> tuple[Estimate, ...]:
    """The estimated chance of success at each intensity the Mission Leader may choose."""
    model = check_dealable(state)  # (one model for every intensity: a fold costs ms)
    return tuple(estimate(state, i, rng, playouts, policy, model) for i in intensities(state))
