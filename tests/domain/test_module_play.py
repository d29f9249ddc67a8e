"""Random legal play with the Armistice modules: Orders of the Day, Recruits, both.

Seeded chapters are played to their end with the synthetic Order and Recruit cards of
``module_builders`` (test data); every invariant of ``test_random_play`` is checked after
every command, with the modules' own: every order and Recruit card in exactly one place,
only lasting orders left between Missions, a Recruit's hand never empty while it is in
play, decide accepting exactly what legal_actions lists (the Recruit's turn and the
choice of orders included), and illegal module commands refused without a trace.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from msgspec.structs import replace

from domain.chapter.commands import (
    Command,
    StartChapter,
    StartMission,
    merged,
)
from domain.chapter.state import ChapterState, Phase
from domain.engine import decide
from domain.errors import RuleViolation
from domain.events import Event
from domain.legal import intensities, legal_actions, targets
from domain.modules.orders import (
    CANCEL_REASON,
    CancelOrder,
    OrderCancelled,
    kept_orders,
    order_deck_options,
    order_piles,
)
from domain.modules.recruits import (
    PlayRecruitCard,
    RecruitArrived,
    RecruitDeparted,
    RecruitWithdrew,
    WithdrawRecruit,
    recruit_deck_options,
)
from domain.modules.recruits.state import RECRUIT_TURN, recruit_in_play, recruit_piles
from domain.simulate import RandomChance, random_setup
from tests.domain.module_builders import ORDER_NUMBERS, RECRUIT_NUMBERS, synthetic_catalogue
from tests.domain.test_random_play import (
    Chapter,
    check_chapter,
    check_decide_accepts_exactly_the_legal_commands,
    check_refused_and_nothing_changed,
    check_the_deal,
    completed,
)

# name: (players, orders, recruits, (trials, morale) or None)
MODULE_SETUPS: dict[str, tuple[int, bool, bool, tuple[int, int] | None]] = {
    "orders-3": (3, True, False, None),
    "orders-duo-small": (2, True, False, (12, 30)),
    "recruits-4": (4, False, True, None),
    "recruits-3-small": (3, False, True, (10, 30)),
    "both-3": (3, True, True, None),
    "both-4-small": (4, True, True, (14, 30)),
}
CHAPTERS_PER_SETUP = 20


def module_setup(
    rng: random.Random, players: int, orders: bool, recruits: bool, decks: tuple[int, int] | None
) -> StartChapter:
    """A random Armistice setup with the synthetic order deck and/or Recruit deck."""
    setup = random_setup(rng, "armistice", players)
    if decks is not None:
        setup = replace(setup, trials=decks[0], morale=decks[1])
    return replace(
        setup,
        options=merged(
            order_deck_options(ORDER_NUMBERS if orders else None),
            recruit_deck_options(RECRUIT_NUMBERS if recruits else None),
        ),
    )


# --- The modules' invariants -------------------------------------------------------------
def check_every_order_card_is_in_one_place(chapter: Chapter) -> None:
    state, started = chapter.now, chapter.started
    if started.orders is None:
        assert order_piles(state) is None
        return
    piles = order_piles(state)
    assert piles is not None
    assert Counter((*piles.deck, *piles.in_play, *piles.discard)) == Counter(started.orders)
    assert 0 <= piles.known <= len(piles.deck)
    assert len(piles.in_play) <= state.mission
    if state.phase == Phase.PREPARATION:
        catalogue = state.catalogue.orders
        assert all(catalogue[n].lasting for n in piles.in_play), "a spent order stayed"


def check_every_recruit_card_is_in_one_place(chapter: Chapter) -> None:
    state, started = chapter.now, chapter.started
    if started.recruits is None:
        assert recruit_piles(state) is None
        return
    piles = recruit_piles(state)
    assert piles is not None
    here = (piles.recruit.number,) if piles.recruit is not None else ()
    assert Counter((*piles.deck, *here, *piles.departed)) == Counter(started.recruits)
    arrived = sum(isinstance(e, RecruitArrived) for e in chapter.events)
    departed = sum(isinstance(e, RecruitDeparted) for e in chapter.events)
    assert arrived == departed + len(here) and departed == len(piles.departed)
    if piles.recruit is not None:
        assert piles.recruit.hand, "a Recruit with no card left should have departed"
        assert all(state.catalogue[k].key == k for k in piles.recruit.hand)


def check_module_chapter(chapter: Chapter) -> None:
    check_chapter(chapter)
    check_every_order_card_is_in_one_place(chapter)
    check_every_recruit_card_is_in_one_place(chapter)


# --- Decide accepts exactly what legal_actions lists -------------------------------------------
def _module_candidates(state: ChapterState, started_orders: tuple[int, ...]) -> Iterator[Command]:
    if state.phase == Phase.PREPARATION:
        # legal_actions lists the intensities that deal differently (deeper ones deal alike)
        for kept in (None, *started_orders):
            high = intensities(state, kept)[-1]
            for back in (None, *started_orders):
                for intensity in range(0, high + 1):
                    yield StartMission(intensity, options=kept_orders(kept, back))
    for number in started_orders:
        yield CancelOrder(number, CANCEL_REASON)
    if state.phase == Phase.MISSION:
        for key in state.catalogue:
            aims = targets(state) if state.catalogue[key].merry_christmas else (None,)
            yield from (PlayRecruitCard(key, target=aim) for aim in aims)
        yield WithdrawRecruit()


def check_decide_accepts_exactly_the_legal_module_commands(chapter: Chapter) -> None:
    state = chapter.now
    check_decide_accepts_exactly_the_legal_commands(state)
    listed = set(legal_actions(state))
    for command in _module_candidates(state, chapter.started.orders or ()):
        try:
            decide(state, completed(state, command), RandomChance(random.Random(0)))
            accepted = True
        except RuleViolation:
            accepted = False
        assert accepted == (command in listed), (
            f"{command} is {'accepted' if accepted else 'refused'} by decide but "
            f"{'' if command in listed else 'not '}listed by legal_actions"
        )


def illegal_module_commands(state: ChapterState) -> list[Command]:
    """Module commands the rules must refuse here, built from the facts."""
    commands: list[Command] = []
    if state.turn != RECRUIT_TURN:
        commands += [WithdrawRecruit(), PlayRecruitCard("night+shell")]
    recruit = recruit_in_play(state)
    if state.turn == RECRUIT_TURN and recruit is not None:
        missing = [k for k in state.catalogue if k not in recruit.hand]
        commands.append(PlayRecruitCard(missing[state.mission % len(missing)]))
    if order_piles(state) is not None:
        spent = [n for n in order_piles(state).in_play if n not in set(_lasting(state))]
        commands += [CancelOrder(n, "it is over") for n in spent]
        commands += [CancelOrder(n, "not in play") for n in order_piles(state).deck[:1]]
        if state.phase == Phase.PREPARATION and len(order_piles(state).deck) >= 2:
            commands.append(StartMission(3, options=kept_orders(order_piles(state).deck[-1], 999)))
    return commands


def _lasting(state: ChapterState) -> tuple[int, ...]:
    assert order_piles(state) is not None
    return tuple(n for n in order_piles(state).in_play if state.catalogue.orders[n].lasting)


# --- Playing ------------------------------------------------------------------------------------
def play_to_the_end(name: str, seed: int, deep_every: int = 9) -> Chapter:
    """One seeded chapter, invariants after every command; every ``deep_every``-th state
    also checks decide against legal_actions and refuses illegal module commands."""
    players, orders, recruits, decks = MODULE_SETUPS[name]
    rng = random.Random(seed)
    setup = module_setup(rng, players, orders, recruits, decks)
    chapter = Chapter.start(setup, rng, synthetic_catalogue())
    check_module_chapter(chapter)
    step = 0
    while chapter.now.phase != Phase.OVER:
        if step % deep_every == 0:
            check_decide_accepts_exactly_the_legal_module_commands(chapter)
            for command in illegal_module_commands(chapter.now):
                check_refused_and_nothing_changed(chapter.now, command)
        check_the_deal(chapter.now, *chapter.play())
        check_module_chapter(chapter)
        step += 1
    assert legal_actions(chapter.now) == ()
    return chapter


@pytest.mark.parametrize("name", list(MODULE_SETUPS))
def test_seeded_module_chapters_keep_every_invariant_to_their_end(name: str) -> None:
    base = 50_000 + 1000 * list(MODULE_SETUPS).index(name)
    for seed in range(base, base + CHAPTERS_PER_SETUP):
        play_to_the_end(name, seed)


def _events(names: tuple[str, ...], seeds: int = 40) -> Iterator[tuple[ChapterState, Event]]:
    for name in names:
        base = 70_000 + 1000 * list(MODULE_SETUPS).index(name)
        for seed in range(base, base + seeds):
            chapter = play_to_the_end(name, seed, deep_every=10_000)
            yield from ((chapter.now, e) for e in chapter.events)


def test_random_play_reaches_every_module_event_and_outcome() -> None:
    """The seeded chapters show cancellations, Recruits arriving, withdrawing, departing,
    and chapters both won and lost with the modules on."""
    seen: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    for state, event in _events(("both-3", "both-4-small", "recruits-3-small"), seeds=25):
        seen[event.TYPE] += 1
        if event.TYPE in ("ChapterWon", "ChapterLost"):
            outcomes[state.outcome or ""] += 1
    for kind in (OrderCancelled, RecruitArrived, RecruitWithdrew, RecruitDeparted):
        assert seen[kind.TYPE] >= 3, seen
    for kind in ("OrderChosen", "OrderDiscarded", "RecruitPlayed"):
        assert seen[kind] >= 3, seen
    assert outcomes["won"] >= 1 and sum(outcomes.values()) - outcomes["won"] >= 1, outcomes
