"""Every chance ``odds --json`` prints is the share of every deal consistent with the public
record that draws it next, found by brute force (issue 43).

Real chapters on small decks (a catalogue of 6 to 8 cards, classic or Armistice with every
card described) are played by the engine's simulator: deals, Traps, Speeches' discards,
Merry Christmas, failed Missions whose No Man's Land goes back into the Trials, Morale
Drops. After each action the odds of the table as the group sees it are checked against
this file's own enumerator, which reads only the public events and carries every
arrangement of the face-down cards with its probability: each shuffle uniform over its
distinct orders, a card played from a hand as likely to be any of that hand's cards.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

from hypothesis import example, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.assist.hints import public
from domain.assist.unseen import next_draw
from domain.cards.catalogue import Catalogue, base_catalogue
from domain.chapter.commands import Seat, StartChapter
from domain.chapter.evolve import begin
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState, Phase
from domain.engine import execute
from domain.errors import TargetRefused
from domain.events import (
    CardDrawnAndPlayed,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    CharmUsed,
    MissionFailed,
    MissionSucceeded,
    MoraleDropped,
    SpeechMade,
)
from domain.legal import legal_actions, targets
from domain.simulate import RandomChance, random_command, with_target
from voice.assist import next_card_json

# A few real card types: threats (one with a Trap), Hard Knocks (a Phobia), Merry Christmas
KEYS = (
    "night+gas",
    "rain+gas",
    "snow+gas+trap",
    "night+rain",
    "phobia-gas",
    "fearful",
    "merry-christmas",
)
World = tuple[
    tuple[str, ...], tuple[tuple[str, ...], ...], tuple[str, ...]
]  # trials, hands, morale


def distinct_orders(cards: tuple[str, ...]) -> set[tuple[str, ...]]:
    return set(permutations(cards))


class Enumerator:
    """Every arrangement of the face-down cards consistent with the public events so far."""

    def __init__(self, deck: tuple[str, ...], trials: int, seats: tuple[str, ...]) -> None:
        orders = distinct_orders(deck)
        self.seats = seats
        self.worlds: dict[World, Fraction] = {}
        for order in orders:
            world = (order[:trials], ((),) * len(seats), order[trials:])
            self.worlds[world] = self.worlds.get(world, Fraction(0)) + Fraction(1, len(orders))
        self.nml: list[str] = []

    def _each(self, change) -> None:  # type: ignore[no-untyped-def]
        worlds: dict[World, Fraction] = {}
        for world, p in self.worlds.items():
            for after, q in change(*world):
                if q:
                    worlds[after] = worlds.get(after, Fraction(0)) + p * q
        total = sum(worlds.values())
        self.worlds = {w: p / total for w, p in worlds.items()}

    def deal(self, wants: list[tuple[int, int]]) -> None:
        """Cards off the top one at a time round the seats, each until it has its count
        (the engine deals one card at a time from the leader: every n-th card)."""
        order: list[int] = []
        left = [n for _, n in wants]
        while any(left):
            for i, (seat, _) in enumerate(wants):
                if left[i]:
                    order.append(seat)
                    left[i] -= 1

        def move(trials, hands, morale):  # type: ignore[no-untyped-def]
            hands = [list(hand) for hand in hands]
            for card, seat in zip(trials, order, strict=False):
                hands[seat].append(card)
            held = tuple(tuple(sorted(hand)) for hand in hands)
            return [((trials[len(order) :], held, morale), Fraction(1))]

        self._each(move)

    def play(self, seat: int, key: str) -> None:
        def reveal(trials, hands, morale):  # type: ignore[no-untyped-def]
            hand = hands[seat]
            if key not in hand:
                return []
            rest = list(hand)
            rest.remove(key)
            hands = (*hands[:seat], tuple(rest), *hands[seat + 1 :])
            return [((trials, hands, morale), Fraction(hand.count(key), len(hand)))]

        self._each(reveal)

    def top(self, key: str) -> None:
        self._each(lambda t, h, m: [((t[1:], h, m), Fraction(1))] if t[:1] == (key,) else [])

    def shuffle(self, returned: tuple[str, ...]) -> None:
        def shuffled(trials, hands, morale):  # type: ignore[no-untyped-def]
            orders = distinct_orders((*trials, *returned))
            return [((o, hands, morale), Fraction(1, len(orders))) for o in orders]

        self._each(shuffled)

    def drop(self, n: int) -> None:
        self._each(lambda t, h, m: [((m[:n] + t, h, m[n:]), Fraction(1))])

    def follow(self, event, catalogue: Catalogue) -> None:  # type: ignore[no-untyped-def]
        """One public event: what it did to the face-down cards and to No Man's Land."""
        seat = self.seats.index
        if isinstance(event, CardsDealt):
            self.deal([(seat(n), len(c)) for n, c in zip(event.players, event.cards, strict=True)])
        elif isinstance(event, CardsDrawn):
            self.deal([(seat(event.player), len(event.cards))])
        elif isinstance(event, CardPlayed):
            self.play(seat(event.player), event.card)
            self.nml += [event.card] if catalogue[event.card].is_threat else []
        elif isinstance(event, CardDrawnAndPlayed) and event.card is not None:
            self.top(event.card)
            self.nml += [event.card] if catalogue[event.card].is_threat else []
        elif isinstance(event, SpeechMade):
            for name, card in event.discards:
                self.play(seat(name), card)
        elif isinstance(event, CharmUsed):
            self.nml.remove(event.card)
        elif isinstance(event, MissionFailed):
            self.shuffle(tuple(self.nml))
            self.nml = []
        elif isinstance(event, MissionSucceeded):
            self.nml = []
        elif isinstance(event, MoraleDropped):
            self.drop(len(event.cards))

    def chance(self, test) -> Fraction:  # type: ignore[no-untyped-def]
        """The chance the top card of the Trials passes ``test``."""
        return sum((p for (t, _, _), p in self.worlds.items() if t and test(t[0])), Fraction(0))


def move(state: ChapterState, rng: random.Random):  # type: ignore[no-untyped-def]
    """Any legal command, half the time (given the target a Merry Christmas the engine
    will reveal needs, as a table names one: ``with_target``); else the simulator's (which
    withdraws sooner)."""
    if rng.random() < 0.5:
        return random_command(state, rng)
    return with_target(state, rng.choice(legal_actions(state)), rng)


def played(state: ChapterState, rng: random.Random, chance: RandomChance):  # type: ignore[no-untyped-def]
    """``move`` executed. A Hard Knock's target is named before the card it depends on is
    revealed (a Merry Christmas a Trap shows, a Clumsy's draw): where the engine says the
    one named is not wanted, or one is, the table names it again, as at a real table."""
    command = move(state, rng)
    try:
        return execute(state, command, chance)
    except TargetRefused:
        target = getattr(command, "target", None)
        again = replace(command, target=None if target else rng.choice(targets(state)))
        return execute(state, again, chance)


def small_chapter(
    rng: random.Random, copies: list[int], trials: int, armistice: bool
) -> ChapterState:
    base = base_catalogue().cards
    cards, number = {}, 1
    for key, n in zip(KEYS, copies, strict=True):
        if n:
            numbers = tuple(range(number, number + n)) if armistice else ()
            cards[key] = replace(base[key], copies=n, numbers=numbers)
            number += n
    catalogue = Catalogue(cards)
    total = sum(copies)
    seats = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
    command = StartChapter(
        "armistice" if armistice else "classic",
        seats,
        leader="Ann",
        trials=trials,
        morale=total - trials,
        first_intensity=1 if armistice else None,
        traps=True,
    )
    return begin(decide_start_chapter(command, catalogue, RandomChance(rng)), catalogue)


def check(state: ChapterState, record: Enumerator) -> None:
    printed = next_card_json(next_draw(public(state)))
    cards = state.catalogue.cards
    if not state.trials:
        assert printed["hard_knock"] == {"fraction": "0/1", "share": 0.0}
        return
    tally = state.threat_tally()

    def fails(key: str) -> bool:
        mine = Counter(cards[key].threats)
        return any(tally.get(t, 0) + n >= 3 for t, n in mine.items())

    expected = {
        "hard_knock": record.chance(lambda k: cards[k].hard_knock is not None),
        "fails_mission": record.chance(fails),
    }
    for what, chance in expected.items():
        assert Fraction(printed[what]["fraction"]) == chance, what
    threats = {t for card in cards.values() for t in card.threats}
    for threat in threats:
        chance = record.chance(lambda k, t=threat: t in cards[k].threats)
        shown = printed["threats"].get(threat, {"fraction": "0/1"})
        assert Fraction(shown["fraction"]) == chance, threat


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    copies=st.lists(st.integers(0, 2), min_size=len(KEYS), max_size=len(KEYS)).filter(
        lambda c: 7 <= sum(c) <= 8
    ),
    trials=st.integers(2, 4),
    armistice=st.booleans(),
)
@example(seed=219, copies=[0, 0, 2, 1, 2, 0, 2], trials=3, armistice=False)  # main: 2/5, not 1/4
@example(seed=1, copies=[0, 1, 2, 0, 2, 2, 1], trials=4, armistice=True)  # a Merry Christmas
@example(seed=317, copies=[1, 2, 2, 0, 0, 2, 0], trials=2, armistice=False)  # one not wanted
def test_every_printed_chance_is_the_share_of_the_deals_consistent_with_the_record(
    seed: int, copies: list[int], trials: int, armistice: bool
) -> None:
    rng = random.Random(seed)
    state = small_chapter(rng, copies, trials, armistice)
    deck = tuple(k for k, n in zip(KEYS, copies, strict=True) for _ in range(n))
    record = Enumerator(deck, trials, tuple(p.name for p in state.players))
    check(state, record)
    chance = RandomChance(rng)
    for _ in range(60):
        if state.phase == Phase.OVER:
            break
        events, state = played(state, rng, chance)
        for event in events:
            record.follow(event, state.catalogue)
        if state.phase != Phase.OVER:
            check(state, record)


def test_after_a_failure_the_returned_cards_are_known_to_lie_in_the_trials() -> None:
    """The enumerator itself: two cards shuffled into a Trials deck of one are on top
    two times in three, each one time in three."""
    record = Enumerator(("a", "b", "c"), 1, ("Ann",))
    record.shuffle(("x", "y"))
    assert record.chance(lambda k: k == "x") == Fraction(1, 3)


# The fold itself, on trails drawn at random over tiny decks: deals round several seats
# across a Morale Drop and the shuffled part, draws, plays, Traps' draws and later failures,
# each chance of the top card against the enumerator (which deals as the engine does).
def trail_and_record(rng: random.Random) -> tuple[list[tuple[str, ...]], Enumerator, list]:  # type: ignore[type-arg]
    deck = tuple(rng.choice(KEYS) for _ in range(rng.randint(5, 7)))
    trials = rng.randint(1, 3)
    seats = ("Ann", "Ben", "Cy")
    record = Enumerator(deck, trials, seats)
    world = list(deck)
    rng.shuffle(world)
    down = [world[:trials], [[], [], []], world[trials:]]  # the real table: trials, hands, morale
    trail: list[tuple[str, ...]] = []
    seen: list[str] = []  # face up since the last shuffle: what a failure returns

    def note(*entry: str) -> None:
        if trail:
            trail.append(entry)

    kinds = ("deal", "deal", "draw", "play", "play", "play", "top", "drop", "shuffle")
    before = [rng.choice(("deal", "play", "top")) for _ in range(rng.randint(2, 5))]
    after = [rng.choice(kinds) for _ in range(rng.randint(2, 8))]
    for kind in (*before, "shuffle", "drop", "deal", *after):  # a failure's usual sequel
        if kind in ("deal", "draw") and down[0]:
            named = rng.sample(range(3), 1 if kind == "draw" else rng.randint(2, 3))
            wants = [(s, rng.randint(1, 2)) for s in named]
            order = [s for n in range(2) for s, k in wants if n < k]  # one card at a time
            given = {s: 0 for s in named}
            for seat in order[: len(down[0])]:
                down[1][seat].append(down[0].pop(0))
                given[seat] += 1
            record.deal([(s, given[s]) for s in named])
            note("deal", *(str(x) for s in named for x in (s, given[s])))
        elif kind == "play" and any(down[1]):
            seat = rng.choice([s for s in range(3) if down[1][s]])
            key = down[1][seat].pop(rng.randrange(len(down[1][seat])))
            record.play(seat, key)
            seen.append(key)
            note("play", str(seat), key)
        elif kind == "top" and down[0]:
            key = down[0].pop(0)
            record.top(key)
            seen.append(key)
            note("top", key)
        elif kind == "drop" and down[2]:
            n = rng.randint(1, len(down[2]))
            down[0][:0], down[2] = down[2][:n], down[2][n:]
            record.drop(n)
            note("drop", str(n))
        elif kind == "shuffle" and seen:
            back = rng.sample(seen, rng.randint(1, len(seen)))
            if not trail:
                layout = (len(down[0]), len(down[2]), *(len(h) for h in down[1]))
                trail.append(("start", *(str(n) for n in layout)))
            down[0] += back
            rng.shuffle(down[0])
            record.shuffle(tuple(back))
            seen = []
            note("shuffle", *back)
    unseen = [*down[0], *(k for hand in down[1] for k in hand), *down[2]]
    return trail, record, sorted(unseen)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_fold_of_any_trail_gives_the_top_cards_chance_the_enumerator_gives(
    seed: int,
) -> None:
    from types import SimpleNamespace

    from domain.assist.returned import _Fold

    trail, record, unseen = trail_and_record(random.Random(seed))
    if not trail:
        return
    followed = _Fold(SimpleNamespace(trail=tuple(trail)), tuple(unseen))  # type: ignore[arg-type]
    followed.follow(trail[1:])
    model = followed.model(tuple(unseen), "")
    assert not model.reason
    chances = model.next_card()
    for key in set(unseen):
        assert chances.get(key, 0) == record.chance(lambda k, key=key: k == key), key
