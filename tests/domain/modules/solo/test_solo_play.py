"""Random legal play of Solo chapters, under the invariants of test_random_play.py: every
card in exactly one place (the single hand included), no negative count, a consistent
phase, stored events that replay to the same state, exactly the legal commands accepted,
illegal ones refused without a trace, every chapter ended by a victory or a named defeat.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from domain.chapter.commands import (
    Command,
    MakeSpeech,
    PlayCard,
    StartMission,
    Withdraw,
)
from domain.chapter.state import ChapterState, Phase
from domain.modules.solo.commands import DrawSoloSupport, RefillHand
from domain.modules.solo.play import random_solo_setup
from domain.modules.solo.rules import refill_possible
from domain.modules.solo.state import SOLO_HAND, SOLO_REMOVED, SOLO_TILES, solo_table
from tests.domain.test_random_play import (
    CATALOGUE,
    Chapter,
    check_a_finished_chapter_is_won_or_lost_by_name,
    check_cards_lie_where_they_belong,
    check_decide_accepts_exactly_the_legal_commands,
    check_every_legal_command_is_accepted,
    check_no_count_is_negative,
    check_phase_is_consistent,
    check_refused_and_nothing_changed,
    check_stored_events_replay_to_the_same_state,
    illegal_commands,
)

SOLO_DECK = Counter(CATALOGUE.deck()) - Counter(SOLO_REMOVED)
CHAPTERS = 100  # about half with a full Trials deck of 30, half with a small one (wins)


def check_every_card_is_in_one_place_the_single_hand_included(chapter: Chapter) -> None:
    state, started = chapter.now, chapter.started
    assert solo_table(state) is not None and None not in state.trials and None not in state.morale
    found = Counter(k for k in (*state.trials, *state.morale) if k is not None)
    found.update(state.nml)
    found.update(state.discard)
    found.update(solo_table(state).hand)
    for player in state.players:
        assert player.hand_size == 0, f"{player.name} holds cards of their own in Solo mode"
        found.update(player.hard_knocks)
    dealt = len(started.trials) + len(started.morale)
    assert state.total_cards == dealt == sum(found.values())
    assert not found - SOLO_DECK, f"cards beyond the Solo box: {dict(found - SOLO_DECK)}"
    if dealt == SOLO_DECK.total():
        assert found == SOLO_DECK
    assert state.set_aside == SOLO_REMOVED


def check_the_solo_table(state: ChapterState) -> None:
    solo = solo_table(state)
    assert solo is not None and solo.hidden == 0
    assert solo.hand_size <= SOLO_HAND, "the single hand never holds more than 3 cards"
    assert solo.tiles and set(solo.tiles) <= set(SOLO_TILES)
    assert len(set(solo.tiles)) == len(solo.tiles)
    assert not solo.refill_due or solo.refills
    assert state.speech_stock == 0 and all(p.speech_tokens == 0 for p in state.players)
    if state.phase == Phase.DRAW_SUPPORT:
        assert state.turn == -1 and state.support is None


def check_solo_chapter(chapter: Chapter) -> None:
    """Every invariant of a Solo chapter in play."""
    check_every_card_is_in_one_place_the_single_hand_included(chapter)
    check_no_count_is_negative(chapter)
    check_cards_lie_where_they_belong(chapter.now)
    check_phase_is_consistent(chapter.now)
    check_a_finished_chapter_is_won_or_lost_by_name(chapter)
    check_stored_events_replay_to_the_same_state(chapter)
    check_the_solo_table(chapter.now)


def solo_illegal_commands(state: ChapterState) -> list[Command]:
    """The generic illegal commands (less a card the single hand does hold: the generic list
    reads players' own hands), and the Solo ones."""
    solo = solo_table(state)
    assert solo is not None
    held = set(solo.hand)
    commands = [
        c
        for c in illegal_commands(state)
        if not (isinstance(c, PlayCard) and c.card in held and state.phase == Phase.MISSION)
    ]
    if state.phase != Phase.DRAW_SUPPORT:
        commands.append(DrawSoloSupport("left"))
    else:
        gone = [t for t in SOLO_TILES if t not in solo.tiles]
        commands += [DrawSoloSupport(t) for t in gone[:1]] + [DrawSoloSupport("up")]
    if not refill_possible(state):
        commands.append(RefillHand())
    if state.phase == Phase.PREPARATION:
        commands.append(StartMission(SOLO_HAND + 1))
    player = state.active_player
    if player is not None:
        commands += [MakeSpeech(player.name, "night"), Withdraw(player.name, "left")]
        missing = [k for k in CATALOGUE if k not in held]
        commands.append(PlayCard(player.name, missing[len(state.nml) % len(missing)]))
    return commands


@cache
def played() -> tuple[Chapter, ...]:
    """Seeded Solo chapters, checked after every command; an illegal command is tried every
    third command, the costlier legal-command checks every twelfth."""
    chapters = []
    for seed in range(CHAPTERS):
        rng = random.Random(70_000 + seed)
        setup = random_solo_setup(rng, None if seed % 2 else rng.randint(6, 12))
        chapter = Chapter.start(setup, rng)
        check_solo_chapter(chapter)
        step = 0
        while chapter.now.phase != Phase.OVER:
            before = chapter.now
            if step % 12 == seed % 12:
                check_every_legal_command_is_accepted(before)
                check_decide_accepts_exactly_the_legal_commands(before)
            if step % 3 == 0:
                options = solo_illegal_commands(before)
                check_refused_and_nothing_changed(before, options[step // 3 % len(options)])
            chapter.play()
            check_solo_chapter(chapter)
            step += 1
        chapters.append(chapter)
    return tuple(chapters)


def test_seeded_solo_chapters_keep_every_invariant_after_every_command() -> None:
    for chapter in played():
        assert chapter.now.phase == Phase.OVER
        for command in solo_illegal_commands(chapter.now):
            check_refused_and_nothing_changed(chapter.now, command)


def test_seeded_solo_chapters_are_won_and_lost_and_use_every_solo_rule() -> None:
    outcomes = Counter(chapter.now.outcome for chapter in played())
    assert {"won", "monument", "hard-knocks"} <= set(outcomes), outcomes
    seen = Counter(e.TYPE for chapter in played() for e in chapter.events)
    for kind in (
        "SoloHandFilled",
        "SoloCardPlayed",
        "SoloRefillGivenUp",
        "SoloMissionEnded",
        "SoloSupportDrawn",
        "CardDrawnAndPlayed",
        "CharmUsed",
        "SupportUsed",
        "MissionFailed",
    ):
        assert seen[kind] > 0, f"no {kind} in {CHAPTERS} Solo chapters"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_simulated_solo_chapter_replays_from_its_stored_events(seed: int) -> None:
    chapter = played()[seed]
    check_stored_events_replay_to_the_same_state(chapter)
    assert chapter.now.rules.variant == "solo"
