"""Never stuck (issue 44): random play with every module and variant, and after every
decided action the one whose turn it is has a way on, or the rules ended the Mission or
the chapter.

Two checks at each position reached:

- the engine's (``legal.way_on``, which ``engine.decide`` also asks after every action):
  the legal actions are not empty during a Mission;
- the table's: the same position as the tool sees it at a real table (the Trials deck, the
  Morale Reserve and every hand unseen) accepts at least one of the moves the player's
  actual cards allow. This is where the tool once left a player stuck: an Order forbidding
  rain, Hardheaded, and a hand of rain cards nobody had seen.

``make test`` plays a bounded number of chapters; ``make never-stuck`` plays more
(``python -m tests.domain.test_never_stuck CHAPTERS``) and says how many positions it
checked.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import cache

from msgspec.structs import replace

from domain.cards.catalogue import Catalogue, Forbid, HelpingHandCard
from domain.cards.effects import parse_rules
from domain.chapter.commands import Command, StartChapter, Withdraw
from domain.chapter.evolve import begin
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState, Phase
from domain.engine import decide, execute
from domain.errors import MissingOutcome, RuleViolation
from domain.legal import legal_actions, way_on
from domain.modules.friendships import with_friendships
from domain.simulate import RandomChance, random_command
from tests.domain.module_builders import lucky_catalogue
from tests.domain.test_random_play import (
    CATALOGUE,
    chapter_setup,
    effects_catalogue,
    forbidding_catalogue,
    lucky_setup,
)

FRIENDSHIP = 990  # a synthetic Friendship Helping Hand held by the first player
RAIN_ORDER = 909  # a synthetic Order forbidding rain and withdrawing with 2 cards or more


@cache
def hands_catalogue() -> Catalogue:
    """The forbidding box, with an Order forbidding every card showing rain (the case of
    issue 44) and a Friendship Helping Hand that lifts the Hard Knocks on a withdrawal."""
    catalogue = forbidding_catalogue()
    order = catalogue.orders.get(RAIN_ORDER) or next(iter(catalogue.orders.values()))
    rain = (Forbid("play", threat="rain"), Forbid("withdraw-holding", holding=3))
    catalogue = catalogue.learnt(replace(order, forbids=rain))
    rules = parse_rules(("allow:withdraw",), "friendship", "friendship")
    return catalogue.learnt(
        HelpingHandCard(FRIENDSHIP, "Test friendship", "friendship", rules=rules)
    )


Setup = Callable[[random.Random], tuple[StartChapter, Catalogue]]


def _classic(rng: random.Random) -> tuple[StartChapter, Catalogue]:
    variant = rng.choice(("normal", "rookie", "veteran"))
    return chapter_setup(rng, "classic", rng.randint(2, 5), variant), CATALOGUE


def _armistice(players: int) -> Setup:
    return lambda rng: (chapter_setup(rng, "armistice", players), CATALOGUE)


def _modules(box: Callable[[int], Catalogue], modules: tuple[bool, bool]) -> Setup:
    def setup(rng: random.Random) -> tuple[StartChapter, Catalogue]:
        players = rng.choice((2, 3, 4))  # 2: Duo mode
        return lucky_setup(rng, players, None, modules), box(rng.randrange(64))

    return setup


def _one_shot(rng: random.Random) -> tuple[StartChapter, Catalogue]:
    """A One-shot game's chapter: Trials 30, Orders and Recruits (Morale 34: the rest of
    the synthetic box's 64 cards, where the real box's 68 leave 38)."""
    players = rng.choice((2, 3, 4))
    return lucky_setup(rng, players, (30, 34), (True, True)), effects_catalogue(rng.randrange(64))


SETUPS: dict[str, Setup] = {
    "classic": _classic,
    "armistice": _armistice(3),
    "duo": _armistice(2),
    "solo": _armistice(1),
    "orders forbidding": _modules(lambda _: hands_catalogue(), (True, False)),
    "orders and recruits forbidding": _modules(lambda _: hands_catalogue(), (True, True)),
    "orders with effects": _modules(effects_catalogue, (True, False)),
    "recruits with effects": _modules(effects_catalogue, (False, True)),
    "luck, orders and recruits": _modules(lambda _: lucky_catalogue(), (True, True)),
    "one-shot": _one_shot,
}


# --- The table's view ------------------------------------------------------------------
def at_the_table(state: ChapterState) -> ChapterState:
    """The position as the tool sees it at a real table: the decks and every hand unseen
    (the Recruit's hand is face up, Solo's single hand is its module's)."""
    players = tuple(replace(p, hand=(), hidden=p.hand_size) for p in state.players)
    return replace(
        state,
        trials=(None,) * len(state.trials),
        morale=(None,) * len(state.morale),
        players=players,
    )


def accepted(state: ChapterState, command: Command) -> bool:
    """Whether the engine takes the command (a chance outcome the table would tell, such
    as the card a Trap draws from an unseen deck, is not a refusal)."""
    try:
        decide(state, command)
    except MissingOutcome:
        return True
    except RuleViolation:
        return False
    return True


def check_a_way_on(state: ChapterState, solo: bool) -> bool:
    """The engine's check, and the table's (see the module's docstring); whether the
    table's was asked (a Grizzled's turn with cards in hand, Solo aside)."""
    assert way_on(state), f"no way on: {state.phase} turn {state.turn}"
    if state.phase != Phase.MISSION:
        return False
    moves = legal_actions(state)
    assert moves, "a Mission goes on and nobody may act"
    player = state.active_player
    if solo or player is None or not player.hand_size:
        return False
    view = at_the_table(state)
    assert any(accepted(view, m) for m in moves), (
        f"at a real table {player.name} is stuck: none of {moves[:6]} is accepted"
    )
    return True


def play(name: str, seed: int) -> Counter[str]:
    """One chapter of setup ``name`` played at random from ``seed``; what was checked."""
    rng = random.Random(seed)
    setup, catalogue = SETUPS[name](rng)
    state = begin(decide_start_chapter(setup, catalogue, RandomChance(rng)), catalogue)
    if FRIENDSHIP in catalogue.helping_hands:
        state = with_friendships(state, ((state.players[0].name, FRIENDSHIP),))
    solo, checked = name == "solo", Counter[str]()
    while state.phase != Phase.OVER:
        _, state = execute(state, random_command(state, rng), RandomChance(rng))
        checked["positions"] += 1
        checked["at the table"] += check_a_way_on(state, solo)
    checked["chapters"] += 1
    return checked


def play_all(chapters: int, base: int = 44_000) -> Counter[str]:
    """``chapters`` chapters of every setup; what was checked."""
    checked: Counter[str] = Counter()
    for name in SETUPS:
        for seed in range(base, base + chapters):
            checked += play(name, seed)
    return checked


def test_every_position_of_random_play_with_every_module_has_a_way_on() -> None:
    checked = play_all(4)
    assert checked["chapters"] == 4 * len(SETUPS)
    assert checked["positions"] >= 1_000, checked
    assert checked["at the table"] >= 500, checked


@cache
def rain_catalogue() -> Catalogue:
    """The lucky box whose every Order of the Day forbids playing a card showing rain."""
    catalogue = lucky_catalogue()
    for order in catalogue.orders.values():
        catalogue = catalogue.learnt(replace(order, forbids=(Forbid("play", threat="rain"),)))
    return catalogue


def hardheaded(state: ChapterState) -> ChapterState | None:
    """The position with a Hardheaded card in front of the player whose turn it is, when
    they hold 2 cards or more, all showing rain, and no Hard Knock (None otherwise)."""
    player, catalogue = state.active_player, state.catalogue
    if state.phase != Phase.MISSION or player is None or player.hard_knocks:
        return None
    if player.hand_size < 2 or any("rain" not in catalogue[k].threats for k in player.hand):
        return None
    if any("hardheaded" in p.hard_knocks for p in state.players) or player.charm_up:
        return None  # (a charm up may have a rain card to discard: not this case)
    return state.with_player(replace(player, hard_knocks=("hardheaded",)))


def test_an_order_forbidding_rain_lets_a_hardheaded_player_holding_rain_withdraw_at_the_table():
    """Issue 44's case, in positions random play reaches: an Order forbids rain, the
    player holds only rain cards and is Hardheaded. The Order has priority: the engine
    lets them withdraw, and so does the same position at a real table, where the tool has
    not seen their cards."""
    reached = 0
    for seed in range(44_100, 44_140):
        rng = random.Random(seed)
        setup = lucky_setup(rng, 3, None, (True, False))
        catalogue = rain_catalogue()
        state = begin(decide_start_chapter(setup, catalogue, RandomChance(rng)), catalogue)
        while state.phase != Phase.OVER:
            _, state = execute(state, random_command(state, rng), RandomChance(rng))
            stuck = hardheaded(state)
            if stuck is None or any(not isinstance(m, Withdraw) for m in legal_actions(stuck)):
                continue
            withdrawals = [m for m in legal_actions(stuck) if isinstance(m, Withdraw)]
            assert withdrawals, "the Order has priority: Hardheaded gives way"
            view = at_the_table(stuck)
            assert any(accepted(view, w) for w in withdrawals), (seed, stuck.active_player)
            reached += 1
    assert reached >= 3, reached


def main(argv: list[str]) -> None:
    """``make never-stuck``: more chapters of every setup, and how many positions."""
    chapters = int(argv[1]) if len(argv) > 1 else 100
    started = time.perf_counter()
    checked = play_all(chapters, base=440_000)
    print(
        f"never stuck: {checked['chapters']} chapters ({len(SETUPS)} setups), "
        f"{checked['positions']} positions checked, {checked['at the table']} of them also "
        f"as the tool sees a real table, in {time.perf_counter() - started:.1f} s"
    )


if __name__ == "__main__":
    main(sys.argv)
