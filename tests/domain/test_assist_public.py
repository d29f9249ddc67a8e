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

from hypothesis import given, settings
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
from domain.legal import legal_actions
from domain.simulate import RandomChance, random_command
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

    def deal(self, seat: int, n: int) -> None:
        def move(trials, hands, morale):  # type: ignore[no-untyped-def]
            hands = list(hands)
            hands[seat] = tuple(sorted((*hands[seat], *trials[:n])))
            return [((trials[n:], tuple(hands), morale), Fraction(1))]

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
            for name, cards in zip(event.players, event.cards, strict=True):
                self.deal(seat(name), len(cards))
        elif isinstance(event, CardsDrawn):
            self.deal(seat(event.player), len(event.cards))
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
    """Any legal command, half the time; else the simulator's (which withdraws sooner)."""
    if rng.random() < 0.5:
        return random_command(state, rng)
    return rng.choice(legal_actions(state))


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
        events, state = execute(state, move(state, rng), chance)
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
