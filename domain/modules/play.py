"""Random legal play for the Orders of the Day and Recruits, used by ``domain.simulate``.

Every choice draws from the ``random.Random`` the simulator passes in, and only when the
chapter uses the module: a chapter without them plays exactly as before.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from msgspec.structs import replace

from domain.chapter.actions import trap_springs
from domain.chapter.commands import Command
from domain.chapter.state import ChapterState
from domain.legal import targets
from domain.modules.orders import CancelOrder
from domain.modules.orders.rules import cancel_options, cancellable, order_choices
from domain.modules.recruits import PlayRecruitCard, WithdrawRecruit
from domain.modules.recruits.rules import recruit_turn

SIMULATED_REASON = "the simulated table says its condition is met"


def random_order_choice(state: ChapterState, rng: random.Random) -> tuple[int | None, int | None]:
    """The Order of the Day the leader keeps and the one put back (None, None: no order)."""
    choices = order_choices(state)
    return choices[0] if len(choices) == 1 else rng.choice(choices)


def careful_order_choice(
    state: ChapterState,
    drawn: tuple[int | None, int | None],
    fits: Callable[[ChapterState, int | None], bool],
) -> tuple[int | None, int | None]:
    """The leader's choice, or, when the order kept does not ``fit`` (its minimum deals 13
    cards in hands), the first other choice that does (the same cards drawn, when known)."""
    if fits(state, drawn[0]):
        return drawn
    return next((pair for pair in order_choices(state) if fits(state, pair[0])), drawn)


def random_cancellation(state: ChapterState, rng: random.Random) -> CancelOrder | None:
    """Now and then a lasting order's condition is met; the active player draws 0-3 cards."""
    lasting = cancellable(state)
    if not lasting:
        return None
    player = state.active_player
    if player is None or rng.random() >= 0.15:
        return None
    number = rng.choice(lasting)
    if any(r.word == "cancel" for r in state.catalogue.orders[number].rules):
        checked = [
            c for c in cancel_options(state) if isinstance(c, CancelOrder) and c.order == number
        ]
        return rng.choice(checked) if checked else None
    drawn = min(rng.randint(0, 3), len(state.trials))  # the cards the deck can give
    return CancelOrder(number, SIMULATED_REASON, player.name, drawn)


def _safe(state: ChapterState, command: Command) -> bool:
    if not isinstance(command, PlayRecruitCard):
        return False
    card, counts = state.catalogue[command.card], state.threat_counts()
    return card.hard_knock is None and all(counts[t] < 2 for t in card.threats)


def random_recruit_command(state: ChapterState, rng: random.Random) -> Command:
    """The Mission Leader's choice for the Recruit: mostly a safe card, else any, or withdraw."""
    options = recruit_turn(state)  # what the cards in force allow it
    plays = [c for c in options if isinstance(c, PlayRecruitCard)]
    safe = [c for c in plays if _safe(state, c)]
    roll = rng.random()
    if safe and roll < 0.8:
        command: Command = rng.choice(safe)
    elif plays and (roll < 0.9 or WithdrawRecruit() not in options):
        command = rng.choice(plays)
    else:
        return WithdrawRecruit()
    assert isinstance(command, PlayRecruitCard)
    top = state.trials[0] if state.trials else None
    if top is not None and state.catalogue[top].merry_christmas and command.target is None:
        springs = state.catalogue[command.card].trap and trap_springs(
            replace(state, nml=(*state.nml, command.card))
        )
        if springs:  # the Trap draws a Merry Christmas: it needs a target
            return replace(command, target=rng.choice(targets(state)))
    return command
