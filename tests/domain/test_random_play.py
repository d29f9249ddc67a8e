"""Random legal play: whole chapters from every setup, invariants after every command.

A Hypothesis state machine plays seeded chapters one burst of commands at a time and
checks the invariants after each command; a plain test plays a thousand seeded
chapters across every setup and checks them at the end, with no shrinking to pay for.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    precondition,
    rule,
)
from msgspec.structs import replace

from domain.cards.catalogue import THREATS, Catalogue, HardKnock, base_catalogue
from domain.chapter.actions import trap_springs
from domain.chapter.commands import (
    ChooseSupport,
    Command,
    MakeSpeech,
    PlayCard,
    StartChapter,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.chapter.evolve import begin, evolve, replay
from domain.chapter.hardknocks import has
from domain.chapter.piles import RECRUIT_TURN
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState, Phase
from domain.engine import decide, execute
from domain.errors import RuleViolation
from domain.events import (
    CardsDealt,
    ChapterLost,
    ChapterStarted,
    ChapterWon,
    Event,
    SpeechMade,
    SupportTileDiscarded,
    to_record,
)
from domain.legal import legal_actions, targets
from domain.records import from_record
from domain.simulate import (
    Playthrough,
    RandomChance,
    play_chapter,
    random_command,
    random_setup,
)

CATALOGUE = base_catalogue()
FULL_DECK = Counter(CATALOGUE.deck())
DEFEATS = {"hard-knocks", "monument", "hands"}


def stored(event: Event) -> Event:
    """The event after a trip through JSON storage."""
    return from_record(json.loads(json.dumps(to_record(event))))


# --- A chapter being played ------------------------------------------------------------
@dataclass
class Chapter:
    """One chapter in play: its setup, every event so far, the state they lead to, and
    the state rebuilt from those events after a trip through storage."""

    setup: StartChapter
    rng: random.Random
    events: list[Event]
    now: ChapterState
    replayed: ChapterState

    @classmethod
    def start(
        cls, setup: StartChapter, rng: random.Random, catalogue: Catalogue = CATALOGUE
    ) -> Chapter:
        """Set the chapter up, the engine dealing itself from the seeded generator."""
        started = decide_start_chapter(setup, catalogue, RandomChance(rng))
        again = stored(started)
        assert isinstance(again, ChapterStarted)
        return cls(setup, rng, [started], begin(started, catalogue), begin(again, catalogue))

    @classmethod
    def played(
        cls, playthrough: Playthrough, rng: random.Random, catalogue: Catalogue = CATALOGUE
    ) -> Chapter:
        """A whole chapter the simulator played, rebuilt once from its stored events."""
        events = list(playthrough.events)
        again = replay([stored(e) for e in events], catalogue)
        return cls(playthrough.setup, rng, events, playthrough.state, again)

    @property
    def started(self) -> ChapterStarted:
        """The first event."""
        first = self.events[0]
        assert isinstance(first, ChapterStarted)
        return first

    def play(self) -> tuple[Command, tuple[Event, ...]]:
        """One random legal command, executed; its stored events evolve the replayed state."""
        command = random_command(self.now, self.rng)
        events, self.now = execute(self.now, command, RandomChance(self.rng))
        self.events.extend(events)
        for event in events:
            self.replayed = evolve(self.replayed, stored(event))
        return command, events


def chapter_setup(
    rng: random.Random,
    ruleset: str,
    players: int,
    variant: str = "normal",
    decks: tuple[int, int] | None = None,
) -> StartChapter:
    """A random setup; ``decks`` overrides the Trials size (and Morale size for armistice)."""
    setup = random_setup(rng, ruleset, players, variant)
    if decks is None:
        return setup
    trials, morale = decks
    if ruleset == "armistice":
        return replace(setup, trials=trials, morale=morale)
    return replace(setup, trials=trials)


# --- Invariants ------------------------------------------------------------------------
def places(state: ChapterState) -> Counter[str]:
    """Every card of the chapter wherever it lies: decks, No Man's Land, discard, players."""
    assert None not in state.trials and None not in state.morale, "the engine dealt unseen cards"
    found: Counter[str] = Counter(k for k in (*state.trials, *state.morale) if k is not None)
    found.update(state.nml)
    found.update(state.discard)
    for player in state.players:
        found.update(player.hand)
        found.update(player.hard_knocks)
    if state.recruit is not None:  # Recruits (test_module_play.py): a face-up hand
        found.update(state.recruit.hand)
    return found


def check_every_card_is_in_exactly_one_place(chapter: Chapter) -> None:
    state, started = chapter.now, chapter.started
    dealt = len(started.trials) + len(started.morale)
    found = places(state)
    assert state.total_cards == dealt
    assert sum(found.values()) == dealt
    assert not found - FULL_DECK, f"cards beyond the catalogue: {dict(found - FULL_DECK)}"
    if dealt == CATALOGUE.total:
        assert found == FULL_DECK


def check_no_count_is_negative(chapter: Chapter) -> None:
    state, started = chapter.now, chapter.started
    assert state.speech_stock >= 0
    for player in state.players:
        assert player.hidden == 0, f"{player.name} holds unseen cards in a dealt game"
        assert player.speech_tokens >= 0
        assert player.hand_size >= 0
    # Speech tokens are conserved: held, in stock, or spent (classic 2 players: returned).
    tokens = state.speech_stock + sum(p.speech_tokens for p in state.players)
    speeches = sum(isinstance(e, SpeechMade) for e in chapter.events)
    spent = 0 if state.rules.speech_tokens_return else speeches
    assert tokens + spent == started.speech_tokens
    # Support tiles are conserved: held, face down on a Grizzled, or out of the game.
    tiles = sum(len(p.tiles) + (p.played_tile is not None) for p in state.players)
    gone = sum(isinstance(e, SupportTileDiscarded) for e in chapter.events)
    assert tiles + gone == sum(len(t) for t in started.tiles)


def check_cards_lie_where_they_belong(state: ChapterState) -> None:
    assert all(CATALOGUE[k].is_threat for k in state.nml), state.nml
    for player in state.players:
        assert all(CATALOGUE[k].hard_knock is not None for k in player.hard_knocks)
        if player.chaplain:
            assert player.hand_size == 0 and not player.hard_knocks
    assert not state.players[state.leader].chaplain


def check_phase_is_consistent(state: ChapterState) -> None:
    assert (state.phase == Phase.SUPPORT) == (state.support is not None)
    assert (state.phase == Phase.OVER) == (state.outcome is not None)
    if state.phase == Phase.MISSION and state.turn == RECRUIT_TURN:
        assert state.recruit_in_mission  # the Mission Leader acts for the Recruit
    elif state.phase == Phase.MISSION:
        active = state.active_player
        assert active is not None and not active.withdrawn and not active.chaplain
    else:
        assert state.turn == -1
    if state.phase == Phase.PREPARATION:
        assert not state.nml
        assert state.morale, "a chapter goes on only while the Morale Reserve lasts"
        assert all(state.hard_knock_weight(p) < 4 for p in state.players)
        limit = state.rules.hand_limit
        assert limit is None or state.cards_in_hands < limit


def check_a_finished_chapter_is_won_or_lost_by_name(chapter: Chapter) -> None:
    state = chapter.now
    if state.phase != Phase.OVER:
        assert state.outcome is None
        return
    assert legal_actions(state) == ()
    # A chapter ends between Missions, but cards entering hands mid-Mission (an Order's
    # cancellation) lose it where it stands (Decision 2).
    assert not state.nml or state.outcome == "hands"
    last = chapter.events[-1]
    if state.outcome == "won":
        assert isinstance(last, ChapterWon)
        assert not state.trials and state.cards_in_hands == 0 and state.recruit is None
        return
    assert isinstance(last, ChapterLost) and last.reason == state.outcome
    assert state.outcome in DEFEATS and state.outcome_detail
    if state.outcome == "hard-knocks":
        assert max(state.hard_knock_weight(p) for p in state.players) >= 4
    elif state.outcome == "monument":
        assert not state.morale
    else:
        assert state.rules.armistice
        assert state.cards_in_hands >= (state.rules.hand_limit or 0)


def check_stored_events_replay_to_the_same_state(chapter: Chapter) -> None:
    assert chapter.replayed == chapter.now
    if chapter.now.phase == Phase.OVER:
        reloaded = [stored(e) for e in chapter.events]
        assert reloaded == chapter.events
        assert replay(reloaded, chapter.now.catalogue) == chapter.now


def check_the_deal(before: ChapterState, command: Command, events: tuple[Event, ...]) -> None:
    """A Mission deals ``intensity`` cards to each card player, fewer when the deck runs out."""
    if not isinstance(command, StartMission):
        return
    dealt = next(e for e in events if isinstance(e, CardsDealt))
    sizes = [len(cards) for cards in dealt.cards]
    assert len(sizes) == len(before.card_players)
    assert sum(sizes) == min(command.intensity * len(sizes), len(before.trials))
    assert sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1


def check_chapter(chapter: Chapter) -> None:
    """Every invariant of a chapter in play."""
    check_every_card_is_in_exactly_one_place(chapter)
    check_no_count_is_negative(chapter)
    check_cards_lie_where_they_belong(chapter.now)
    check_phase_is_consistent(chapter.now)
    check_a_finished_chapter_is_won_or_lost_by_name(chapter)
    check_stored_events_replay_to_the_same_state(chapter)


# --- Legal commands are accepted --------------------------------------------------------
def draws_merry_christmas(state: ChapterState, command: Command) -> bool:
    """Whether the command draws a Merry Christmas from the deck (a Trap, Clumsy)."""
    if not state.trials or not CATALOGUE[state.trials[0] or ""].merry_christmas:
        return False
    if isinstance(command, PlayCard) and CATALOGUE[command.card].trap:
        return trap_springs(replace(state, nml=(*state.nml, command.card)))
    if isinstance(command, Withdraw):
        return has(state, state.player(command.player), HardKnock.CLUMSY)
    return False


def completed(state: ChapterState, command: Command) -> Command:
    """A listed command with the one input legal_actions leaves open: the target of a
    Merry Christmas the command draws from the deck."""
    if isinstance(command, PlayCard | Withdraw) and draws_merry_christmas(state, command):
        return replace(command, target=targets(state)[0])
    return command


def check_every_legal_command_is_accepted(state: ChapterState) -> None:
    for command in legal_actions(state):
        events = decide(state, completed(state, command), RandomChance(random.Random(0)))
        assert events, f"{command} decided nothing"


TILES = (None, "left", "right", "left2", "right2")


def _candidates_in_mission(state: ChapterState) -> Iterator[Command]:
    for player in state.card_players:
        for key in CATALOGUE:
            aims = targets(state) if CATALOGUE[key].merry_christmas else (None,)
            yield from (PlayCard(player.name, key, target=aim) for aim in aims)
        for key in sorted({*state.nml, "night+shell"}):
            yield UseCharm(player.name, key)
        yield from (MakeSpeech(player.name, threat) for threat in THREATS)
        # A Panicked player's tile is chance: the table may tell it, legal_actions does not.
        panicked = has(state, player, HardKnock.PANICKED)
        for tile in TILES[:1] if panicked else TILES:
            for gone in (None, *sorted(set(player.tiles))):
                yield Withdraw(player.name, tile, gone)


def _candidates_in_support(state: ChapterState) -> Iterator[Command]:
    for player in state.players:
        knocks = player.hard_knocks
        # Armistice recovers the charm by itself: asking for it is the same command.
        asks = (False,) if state.rules.armistice else (False, True)
        for n in range(min(3, len(knocks)) + 1):
            for discard in sorted({tuple(sorted(c)) for c in combinations(knocks, n)}):
                yield from (ChooseSupport(player.name, discard, ask) for ask in asks)


def check_decide_accepts_exactly_the_legal_commands(state: ChapterState) -> None:
    """Over a broad set of candidates, decide accepts a command iff legal_actions lists it."""
    if state.phase == Phase.MISSION:
        candidates = _candidates_in_mission(state)
    elif state.phase == Phase.SUPPORT:
        candidates = _candidates_in_support(state)
    else:
        return
    listed = set(legal_actions(state))
    for command in candidates:
        try:
            decide(state, completed(state, command), RandomChance(random.Random(0)))
            accepted = True
        except RuleViolation:
            accepted = False
        assert accepted == (command in listed), (
            f"{command} is {'accepted' if accepted else 'refused'} by decide but "
            f"{'' if command in listed else 'not '}listed by legal_actions"
        )


# --- Illegal commands are refused --------------------------------------------------------
def illegal_commands(state: ChapterState) -> list[Command]:
    """Commands the rules must refuse in this state, built from its facts."""
    anyone = state.players[state.leader].name
    commands: list[Command] = [
        PlayCard("Nobody", "night+shell"),
        Withdraw(anyone, tile="up"),
    ]
    if state.phase != Phase.PREPARATION:
        commands.append(StartMission(3))
    if state.phase != Phase.SUPPORT or state.support is None:
        commands.append(ChooseSupport(anyone))
    if state.phase == Phase.PREPARATION:
        commands.append(StartMission(0))
        if state.mission == 0:
            commands.append(StartMission(state.rules.first_intensity - 1))
            if state.rules.first_intensity_exact:
                commands.append(StartMission(state.rules.first_intensity + 1))
        commands.append(PlayCard(anyone, "night+shell"))
    if state.phase == Phase.MISSION:
        commands += _illegal_in_mission(state)
    if state.phase == Phase.SUPPORT and state.support is not None:
        commands += _illegal_support(state)
    chaplain = next((p for p in state.players if p.chaplain), None)
    if chaplain is not None:
        commands.append(Withdraw(chaplain.name))
    return commands


def _illegal_in_mission(state: ChapterState) -> list[Command]:
    player = state.active_player
    assert player is not None
    commands: list[Command] = []
    for other in state.players:
        if other.name != player.name and not other.chaplain:
            # out of turn (or withdrawn), with a card they really hold when they hold one
            card = other.hand[0] if other.hand else "night+shell"
            commands += [PlayCard(other.name, card), Withdraw(other.name)]
    missing = [k for k in CATALOGUE if k not in player.hand]
    commands.append(PlayCard(player.name, missing[len(state.discard) % len(missing)]))
    if player.speech_tokens == 0:
        commands.append(MakeSpeech(player.name, "night"))
    commands.append(MakeSpeech(player.name, "hail"))
    if player.hand:
        commands.append(MakeSpeech(player.name, "night", ((player.name, player.hand[0]),)))
        commands.append(PlayCard(player.name, player.hand[0], target=(player.name, "nothing")))
    if not player.charm_up:
        commands += [UseCharm(player.name, k) for k in state.nml[:2]]
        commands.append(UseCharm(player.name, "night+shell"))
    uncharmed = [k for k in state.nml if player.charm not in CATALOGUE[k].threats]
    commands += [UseCharm(player.name, k) for k in uncharmed[:1]]
    commands.append(UseCharm(player.name, "merry-christmas"))
    return commands


def _illegal_support(state: ChapterState) -> list[Command]:
    pending = state.support
    assert pending is not None
    player = state.player(pending.player)
    others = [p for p in state.players if p.name != player.name]
    commands: list[Command] = [
        ChooseSupport(others[0].name),
        ChooseSupport(player.name, ("merry-christmas",)),
        PlayCard(player.name, "night+shell"),
    ]
    if len(player.hard_knocks) > pending.max_discards:
        commands.append(ChooseSupport(player.name, player.hard_knocks[: pending.max_discards + 1]))
    if player.charm_up:
        commands.append(ChooseSupport(player.name, (), True))
    if pending.charm_choice and player.hard_knocks:
        commands.append(ChooseSupport(player.name, player.hard_knocks[:1], True))
    return commands


def check_refused_and_nothing_changed(state: ChapterState, command: Command) -> None:
    catalogue = dict(state.catalogue.cards)  # card types are frozen: a shallow copy will do
    before = copy.deepcopy(state, {id(state.catalogue): state.catalogue})
    with pytest.raises(RuleViolation):
        decide(state, command, RandomChance(random.Random(0)))
    assert state == before, f"{command} changed the state it was refused in"
    assert state.catalogue.cards == catalogue, f"{command} changed the catalogue"


# --- The state machine ------------------------------------------------------------------
VARIANTS = ("normal", "rookie", "veteran")


@st.composite
def setups(draw: st.DrawFn) -> tuple[StartChapter, int]:
    """A setup from any ruleset, player count, variant and deck size, and the seed to play."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    if draw(st.booleans()):
        players = draw(st.integers(2, 5))
        variant = draw(st.sampled_from(VARIANTS))
        small = draw(st.none() | st.integers(4, 12))
        decks = None if small is None else (small, 0)
        return chapter_setup(rng, "classic", players, variant, decks), seed
    players = draw(st.sampled_from((2, 3, 4)))
    decks = draw(st.none() | st.tuples(st.integers(4, 25), st.integers(8, 34)))
    return chapter_setup(rng, "armistice", players, decks=decks), seed


WHOLE_CHAPTERS: list[str] = []  # outcomes of the whole chapters the machine played


class RandomChapters(RuleBasedStateMachine):
    """Seeded chapters played in bursts of random legal commands, one after another."""

    chapter: Chapter

    def begin_chapter(self, drawn: tuple[StartChapter, int]) -> None:
        setup, seed = drawn
        self.chapter = Chapter.start(setup, random.Random(seed))
        check_chapter(self.chapter)

    @initialize(drawn=setups())
    def set_up_a_chapter(self, drawn: tuple[StartChapter, int]) -> None:
        self.begin_chapter(drawn)

    @precondition(lambda self: self.chapter.now.phase == Phase.OVER)
    @rule(drawn=setups())
    def set_up_the_next_chapter(self, drawn: tuple[StartChapter, int]) -> None:
        self.begin_chapter(drawn)

    @precondition(lambda self: self.chapter.now.phase != Phase.OVER)
    @rule(burst=st.integers(1, 60))
    def play_random_legal_commands(self, burst: int) -> None:
        for _ in range(burst):
            before = self.chapter.now
            check_every_legal_command_is_accepted(before)
            check_the_deal(before, *self.chapter.play())
            check_chapter(self.chapter)
            if self.chapter.now.phase == Phase.OVER:
                return

    @rule(drawn=st.lists(setups(), min_size=1, max_size=3))
    def play_whole_chapters_to_their_end(self, drawn: list[tuple[StartChapter, int]]) -> None:
        """Whole chapters, every invariant after every command (thousands per run)."""
        for setup, seed in drawn:
            chapter = Chapter.start(setup, random.Random(seed))
            while chapter.now.phase != Phase.OVER:
                check_the_deal(chapter.now, *chapter.play())
                check_chapter(chapter)
            assert replay(chapter.events, CATALOGUE) == chapter.now
            WHOLE_CHAPTERS.append(chapter.now.outcome or "")

    @rule()
    def decide_accepts_exactly_the_legal_commands(self) -> None:
        check_decide_accepts_exactly_the_legal_commands(self.chapter.now)

    @rule(pick=st.integers(0, 100))
    def an_illegal_command_is_refused_and_records_nothing(self, pick: int) -> None:
        options = illegal_commands(self.chapter.now)
        check_refused_and_nothing_changed(self.chapter.now, options[pick % len(options)])


RandomChapters.TestCase.settings = settings(
    max_examples=200,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_random_chapters_keep_every_invariant = RandomChapters.TestCase


# --- A thousand seeded chapters -----------------------------------------------------------
# (ruleset, players, variant, (trials, morale) or None): every setup the engine supports.
SETUPS: dict[str, tuple[str, int, str, tuple[int, int] | None]] = {
    "classic-2": ("classic", 2, "normal", None),
    "classic-3": ("classic", 3, "normal", None),
    "classic-4": ("classic", 4, "normal", None),
    "classic-5": ("classic", 5, "normal", None),
    "classic-3-rookie": ("classic", 3, "rookie", None),
    "classic-4-rookie": ("classic", 4, "rookie", None),
    "classic-2-veteran": ("classic", 2, "veteran", None),
    "classic-4-veteran": ("classic", 4, "veteran", None),
    "classic-5-veteran": ("classic", 5, "veteran", None),
    "classic-2-small": ("classic", 2, "normal", (6, 0)),
    "classic-3-small": ("classic", 3, "rookie", (8, 0)),
    "classic-4-small": ("classic", 4, "normal", (10, 0)),
    "classic-5-small": ("classic", 5, "veteran", (12, 0)),
    "armistice-3": ("armistice", 3, "normal", None),
    "armistice-4": ("armistice", 4, "normal", None),
    "armistice-duo": ("armistice", 2, "normal", None),
    "armistice-3-small": ("armistice", 3, "normal", (8, 20)),
    "armistice-4-small": ("armistice", 4, "normal", (12, 30)),
    "armistice-duo-small": ("armistice", 2, "normal", (10, 25)),
}
CHAPTERS_PER_SETUP = 60  # 19 setups: 1,140 chapters


@cache
def played(name: str) -> tuple[Chapter, ...]:
    """The seeded chapters of one setup, played to the end (cached for the tally)."""
    ruleset, players, variant, decks = SETUPS[name]
    base = 1000 * list(SETUPS).index(name)
    chapters = []
    for seed in range(base, base + CHAPTERS_PER_SETUP):
        rng = random.Random(seed)
        setup = chapter_setup(rng, ruleset, players, variant, decks)
        chapters.append(Chapter.played(play_chapter(setup, rng), rng))
    return tuple(chapters)


def all_played() -> Iterator[Chapter]:
    for name in SETUPS:
        yield from played(name)


@pytest.mark.parametrize("name", list(SETUPS))
def test_seeded_chapters_end_with_every_invariant_kept(name: str) -> None:
    for chapter in played(name):
        check_chapter(chapter)
        assert chapter.now.phase == Phase.OVER
        for command in illegal_commands(chapter.now):
            check_refused_and_nothing_changed(chapter.now, command)


def test_seeded_chapters_are_won_and_lost_by_every_defeat() -> None:
    outcomes = Counter(chapter.now.outcome for chapter in all_played())
    assert set(outcomes) == {"won", *DEFEATS}, outcomes
    assert all(n >= 3 for n in outcomes.values()), outcomes


def test_both_rulesets_see_victories() -> None:
    won = {chapter.now.rules.ruleset for chapter in all_played() if chapter.now.outcome == "won"}
    assert won == {"classic", "armistice"}
