"""A random legal-play simulator over the engine: seeded, reproducible, whole chapters.

The engine deals itself here, so every card is known. Randomness comes only from the
``random.Random`` the caller passes in; the engine records each outcome in its events.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import chain

import msgspec
from msgspec.structs import replace

from domain.cards.catalogue import THREATS, Catalogue, base_catalogue, grizzled_roster
from domain.chapter.actions import deal_order, trap_springs
from domain.chapter.commands import (
    Command,
    MakeSpeech,
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    Withdraw,
)
from domain.chapter.evolve import begin
from domain.chapter.hardknocks import active, must_withdraw
from domain.chapter.resolution import TILE_STEPS
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState, Phase, Player
from domain.engine import execute
from domain.events import Event
from domain.legal import (
    charms,
    intensities,
    playable_cards,
    plays,
    restricting,
    speeches,
    support_choices,
    targets,
    withdrawals,
)
from domain.modules.orders import kept_orders
from domain.modules.play import (
    careful_order_choice,
    random_cancellation,
    random_order_choice,
    random_recruit_command,
)
from domain.modules.recruits.state import RECRUIT_TURN, recruit_in_play
from domain.modules.solo.play import random_solo_command, random_solo_setup
from domain.modules.solo.state import KEY as SOLO

# The phases asked every command, as plain names: a member looked up on its enum class costs ~0.1 µs
# in Python 3.11 (the enum metaclass's ``__getattr__`` slows every lookup on the class).
PREPARATION, SUPPORT, OVER = Phase.PREPARATION, Phase.SUPPORT, Phase.OVER


class RandomChance:
    """Chance outcomes drawn from a seeded ``random.Random``."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def shuffle(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        """The cards in a random order."""
        order = list(cards)
        self.rng.shuffle(order)
        return tuple(order)

    def pick(self, options: tuple[str, ...]) -> str:
        """One option at random."""
        return self.rng.choice(options)


def random_setup(
    rng: random.Random, ruleset: str = "classic", players: int = 4, variant: str = "normal"
) -> StartChapter:
    """A setup with ``players`` Grizzled from the roster (Armistice with 2: Duo, 4 Grizzled;
    Armistice with 1: Solo, 3 Grizzled and one hand)."""
    if ruleset == "armistice" and players == 1:
        return random_solo_setup(rng)
    duo = ruleset == "armistice" and players == 2
    roster = rng.sample(grizzled_roster(), 4 if duo else players)
    seats = tuple(
        Seat(g.name.split()[0], g.charm, owner=("Ann", "Bob")[i // 2] if duo else "")
        for i, g in enumerate(roster)
    )
    if ruleset == "armistice":
        return StartChapter(
            ruleset,
            seats,
            variant,
            trials=25,
            morale=34,
            first_intensity=rng.randint(2, 3),
            traps=rng.random() < 0.5,
        )
    return StartChapter(ruleset, seats, variant)


def _speech(state: ChapterState, player: Player, rng: random.Random) -> MakeSpeech:
    threat = rng.choice(THREATS)
    discards = []
    for other in state.in_mission:
        if other.name == player.name or (state.rules.armistice and other.owner == player.owner):
            continue
        matching = [
            k
            for k in sorted(set(other.hand))
            if threat in state.catalogue[k].threats
            and state.catalogue[k].kind in (None, "phobia", "trauma")
        ]
        if matching and rng.random() < 0.9:
            discards.append((other.name, rng.choice(matching)))
    return MakeSpeech(player.name, threat, tuple(discards))


def with_target(state: ChapterState, command: Command, rng: random.Random) -> Command:
    """Give the Merry Christmas on top of the deck a target when the engine will reveal it
    (a legal action names none: the deck's top is not known before it is drawn)."""
    if isinstance(command, PlayCard) and state.catalogue[command.card].trap:
        if trap_springs(replace(state, nml=(*state.nml, command.card))):
            return replace(command, target=rng.choice(targets(state)))
        return command
    if isinstance(command, Withdraw) and any(
        state.catalogue[k].kind == "clumsy" for k in state.player(command.player).hard_knocks
    ):
        return replace(command, target=rng.choice(targets(state)))
    return command


def _safe_cards(state: ChapterState, player: Player, crowded: set[str]) -> tuple[list[str], bool]:
    """The cards a careful player would play: safe Threats (none of the ``crowded`` threats,
    shown twice already), Hard Knocks that do not kill (in ``playable_cards``' order);
    whether a Merry Christmas is one of them."""
    weight = state.hard_knock_weight(player) if player.hard_knocks else 0
    cards = state.catalogue.cards
    safe: list[str] = []
    christmas = False
    for key in playable_cards(state, player):
        card = cards[key]
        if card.hard_knock is not None:
            good = weight + card.value < 3
        elif card.merry_christmas:  # always safe
            good = christmas = True
        else:  # a Threat: no Trap, no third copy
            good = not card.trap and (not crowded or crowded.isdisjoint(card.threats))
        if good:
            safe.append(key)
    return safe, christmas


def _sensible(
    state: ChapterState, player: Player, crowded: set[str], rng: random.Random
) -> Command | None:
    """A play a careful player would make, at random (``rng.choice`` of the plays ``plays``
    lists whose card is safe), or None when there is none."""
    safe, christmas = _safe_cards(state, player, crowded)
    if not safe:
        return None
    if not christmas and not restricting(state):
        # one play per safe card and none refused: the play ``rng.choice`` picks, built alone
        return PlayCard(player.name, rng.choice(safe))
    good = plays(state, player, safe)
    return rng.choice(good) if good else None


def _helpful(state: ChapterState, leave: list[Command], rng: random.Random) -> Command:
    """Usually the withdrawal whose tile supports the most hurt comrade."""
    if rng.random() < 0.3:
        return rng.choice(leave)
    seat, players = state.turn, state.players
    needs = []  # how much the comrade each tile supports needs it (0: no tile)
    for command in leave:
        tile = command.tile if isinstance(command, Withdraw) else None
        if tile is None:
            needs.append(0)
            continue
        target = players[(seat + TILE_STEPS[tile]) % len(players)]
        needs.append(len(target.hard_knocks) * 2 + (0 if target.charm_up else 1))
    best = max(needs)
    return rng.choice([c for c, n in zip(leave, needs, strict=True) if n == best])


def _may_speak(state: ChapterState, player: Player) -> bool:
    """Whether the player may make a Speech now."""
    speech = player.speech_tokens > 0 and not active(state, player, "mute")
    if speech and (state.modules or recruit_in_play(state) is not None):  # a card may forbid it
        speech = bool(speeches(state, player))
    return speech


def _mission_command(state: ChapterState, rng: random.Random) -> Command:
    player = state.active_player
    assert player is not None, "a player's turn in a Mission"
    # a player with no cards in hand may always withdraw (domain/chapter/hardknocks.py)
    empty = player.hand_size == 0
    if must_withdraw(state, player) or (empty and rng.random() < 0.9):
        return _helpful(state, withdrawals(state, player), rng)
    if rng.random() < 0.08 and _may_speak(state, player):
        return _speech(state, player, rng)
    # threats shown twice already: one more copy would fail the Mission
    crowded = {threat for threat, n in state.threat_tally().items() if n >= 2}
    uses = None  # the charms, asked only when needed
    if crowded:  # two alike shown: the charm is tempting
        uses = charms(state, player) if player.charm_up else []  # none once it is used
        if uses and rng.random() < 0.7:
            return rng.choice(uses)
    careful = rng.random() < 0.85
    good = _sensible(state, player, crowded, rng) if careful else None
    if good is not None:
        return good
    leave = withdrawals(state, player)
    if leave and (careful or rng.random() < 0.3):
        return _helpful(state, leave, rng)
    # The plays then the charms, in legal_actions' order, without its sorting cost.
    options = plays(state, player) + (charms(state, player) if uses is None else uses)
    if not options and not leave:  # an Order forbids the rest: a Speech is left
        return _speech(state, player, rng)
    return rng.choice(options or leave)


def _dealt(state: ChapterState, intensity: int) -> int:
    """Cards in hands once ``intensity`` cards each are dealt (Frenzied's draw aside)."""
    return state.cards_in_hands + min(intensity * len(deal_order(state)), len(state.trials))


def _fits(state: ChapterState, order: int | None) -> bool:
    """Whether the least deal this order allows leaves fewer than 13 cards in hands."""
    return _dealt(state, intensities(state, order)[0]) < (state.rules.hand_limit or 0)


def _careful_deal(state: ChapterState, span: range, intensity: int, rng: random.Random) -> int:
    """A Mission Leader mostly deals fewer cards rather than 13 or more in hands, which
    loses the chapter at once (Decision 2); the random draw is only made when it would."""
    limit = state.rules.hand_limit
    if limit is None or _dealt(state, intensity) < limit or rng.random() < 0.1:
        return intensity
    safe = [i for i in span if _dealt(state, i) < limit]
    return safe[-1] if safe else intensity


def random_command(state: ChapterState, rng: random.Random) -> Command:
    """A legal command chosen at random, leaning towards sensible play."""
    if SOLO in state.modules and state.phase != SUPPORT:  # (``solo_table``, without the call)
        return random_solo_command(state, rng)  # Solo mode (domain/modules/solo/play.py)
    if state.phase == PREPARATION:
        kept, back = random_order_choice(state, rng)  # Orders of the Day (module_play.py)
        if state.rules.hand_limit is not None:  # not an order whose minimum loses at once
            kept, back = careful_order_choice(state, (kept, back), _fits)
        span = intensities(state, kept)
        # deal the whole deck when the Peace card is in sight, else a few cards each
        whole = len(span) <= 3 and rng.random() < 0.7
        intensity = _careful_deal(state, span, span[-1] if whole else rng.choice(span[:3]), rng)
        return StartMission(intensity, options=kept_orders(kept, back))
    if state.phase == SUPPORT:
        return rng.choice(support_choices(state))
    # Recruits and Orders of the Day (module_play.py): the leader acts for the Recruit; a
    # lasting order's condition is met now and then.
    if state.turn == RECRUIT_TURN:
        return random_recruit_command(state, rng)
    if state.modules:  # a lasting Order's condition (none without Orders)
        cancellation = random_cancellation(state, rng)
        if cancellation is not None:
            return cancellation
    command = _mission_command(state, rng)
    top = state.trials[0] if state.trials else None  # what a Trap or Clumsy would reveal
    if top is not None and state.catalogue.cards[top].merry_christmas:
        return with_target(state, command, rng)
    return command


class Playthrough(msgspec.Struct, frozen=True):
    """A whole chapter: the commands, the events of each, and the final state."""

    setup: StartChapter
    commands: tuple[Command, ...]
    steps: tuple[tuple[Event, ...], ...]
    state: ChapterState

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event, the ChapterStarted first."""
        return tuple(chain.from_iterable(self.steps))


def play_chapter(
    setup: StartChapter,
    rng: random.Random,
    catalogue: Catalogue | None = None,
    max_commands: int = 10_000,
) -> Playthrough:
    """Play one chapter from setup to victory or defeat with random legal commands."""
    catalogue = catalogue or base_catalogue()
    chance = RandomChance(rng)
    started = decide_start_chapter(setup, catalogue, chance)
    state = begin(started, catalogue)
    commands: list[Command] = []
    steps: list[tuple[Event, ...]] = [(started,)]
    while state.phase != OVER:
        if len(commands) >= max_commands:
            raise RuntimeError(f"chapter did not end within {max_commands} commands")
        command = random_command(state, rng)
        events, state = execute(state, command, chance)
        commands.append(command)
        steps.append(events)
    return Playthrough(setup, tuple(commands), tuple(steps), state)


def play_many(seeds: Sequence[int], players: int = 4, ruleset: str = "classic") -> int:
    """Play one chapter per seed; the number of events produced (for benchmarks)."""
    total = 0
    for seed in seeds:
        rng = random.Random(seed)
        total += len(play_chapter(random_setup(rng, ruleset, players), rng).events)
    return total
