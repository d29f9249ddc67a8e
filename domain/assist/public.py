"""One model of the public information about the cards (issue 43): which copies are seen,
which are unseen and where each of them may lie. Odds, hints and playouts all read it.

The chapter's cards: the catalogue's copies (classic: the box's, less the bans; Armistice:
the numbered cards the group described, which are the chapter's only when there are as
many as the chapter holds: else its composition is not known and nothing is exact).
A copy is *seen* when it lies face up (``unseen.face_up``); every other copy is unseen.

Until a Mission fails, every face-down place is as likely as any other to hold any unseen
copy. After a failure the No Man's Land cards are known to lie in the Trials deck, shuffled
in among its face-down cards; deals, draws and plays then move them, unseen, into hands.
The model follows the chapter's public trail (``chapter/trail.py``) from the failure and
keeps every way the returned cards may have gone (``Way``: how many of them still lie in
the shuffled part of the Trials, and in each hand) with its exact probability. The other
unseen copies, the *anonymous* ones, lie uniformly at random in the remaining places.

"Exact" means: over every way the shuffles could have fallen (each shuffle uniform),
weighing each by how well it explains what the table saw, where a card played from a hand
is as likely to be any of that hand's cards (the choice of a card tells only that it was
held). ``tests/domain/test_assist_public.py`` checks it against brute-force enumeration.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from math import comb

import msgspec

from domain.chapter.state import ChapterState
from domain.modules.recruits.state import recruit_in_play

Keys = tuple[str, ...]  # a multiset of keys, sorted


class Way(msgspec.Struct, frozen=True):
    """Where the returned cards still face down lie: in the shuffled part of the Trials
    (``trials``) and in each seat's hand (``hands``)."""

    trials: Keys
    hands: tuple[Keys, ...]

    def hidden(self) -> Counter[str]:
        """Every returned card still face down."""
        held = Counter(self.trials)
        for hand in self.hands:
            held.update(hand)
        return held


class Public(msgspec.Struct, frozen=True):
    """What the table knows of the face-down cards. ``unseen``: every unseen copy, one key
    each (the chapter's cards less the seen ones); ``segments``: the Trials deck top first,
    each a number of places and whether it is the part returned cards were shuffled into
    (at most one: a later failure shuffles the whole deck); ``ways``: each way the returned
    cards may lie, with its probability. ``reason``: why nothing is exact (else empty)."""

    unseen: Keys
    segments: tuple[tuple[int, bool], ...]
    ways: tuple[tuple[Way, Fraction], ...]
    hands: tuple[int, ...]
    reason: str = ""

    @property
    def returned(self) -> int:
        """How many of the unseen copies are known to have been returned to the Trials by a
        failed Mission and may lie there (or, dealt since, in hands)."""
        return max((sum(way.hidden().values()) for way, _ in self.ways), default=0)

    def next_card(self) -> dict[str, Fraction]:
        """Each key: the exact chance it is the top card of the Trials now."""
        if not self.segments:
            return {}
        size, shuffled = self.segments[0]
        pool = Counter(self.unseen)
        chances: dict[str, Fraction] = {}
        for way, weight in self.ways:
            held = way.hidden()
            anonymous = pool - held
            total = sum(anonymous.values())
            known = Counter(way.trials) if shuffled else Counter()
            share_anonymous = Fraction(size - len(way.trials), size) if shuffled else Fraction(1)
            for key in pool:
                chance = Fraction(known[key], size)
                if total:
                    chance += share_anonymous * Fraction(anonymous[key], total)
                if chance:
                    chances[key] = chances.get(key, Fraction(0)) + weight * chance
        return chances


def chapter_copies(state: ChapterState) -> tuple[Counter[str], str]:
    """Every copy of the chapter's cards by key, and why it is not known ('' when it is)."""
    cards = state.catalogue.cards
    if not state.rules.armistice:
        return Counter({key: card.copies for key, card in cards.items()}), ""
    numbered = Counter({key: len(card.numbers) for key, card in cards.items() if card.numbers})
    held = state.total_cards + len(state.set_aside)
    if sum(numbered.values()) != held:
        return numbered, (
            f"the group has described {sum(numbered.values())} numbered Trial cards and this "
            f"chapter holds {held}: which cards are in it is not known"
        )
    return numbered, ""


def face_up(state: ChapterState) -> Counter[str]:
    """Copies of each key the table can see or knows are gone (never a hand's cards)."""
    seen: Counter[str] = Counter(state.nml)
    seen.update(state.discard)
    seen.update(state.set_aside)
    for player in state.players:
        seen.update(player.hard_knocks)
    recruit = recruit_in_play(state)
    if recruit is not None:  # a Recruit's hand lies face up
        seen.update(recruit.hand)
    return seen


def unseen_keys(state: ChapterState) -> Keys:
    """Every copy nobody can see, as keys (one per copy, in the catalogue's order)."""
    copies, _ = chapter_copies(state)
    seen = face_up(state)
    keys: list[str] = []
    for key in state.catalogue.cards:
        keys.extend([key] * max(0, copies[key] - seen[key]))
    return tuple(keys)


def public(state: ChapterState) -> Public:
    """The public model of the chapter's face-down cards."""
    unseen = unseen_keys(state)
    _, reason = chapter_copies(state)
    hands = tuple(p.hand_size for p in state.players)
    if not state.trail:
        segments = ((len(state.trials), False),) if state.trials else ()
        ways = ((Way((), ((),) * len(hands)), Fraction(1)),)
        return Public(unseen, segments, ways, hands, reason)
    return _Fold(state, unseen, reason).run()


def _minus(keys: Keys, key: str) -> Keys:
    at = keys.index(key)
    return keys[:at] + keys[at + 1 :]


def _subsets(keys: Keys, size: int) -> dict[Keys, int]:
    """Each sub-multiset of ``keys`` with ``size`` cards: in how many ways it is chosen."""
    counts = sorted(Counter(keys).items())
    found: dict[Keys, int] = {}

    def walk(at: int, left: int, chosen: Keys, ways: int) -> None:
        if at == len(counts):
            if left == 0:
                found[chosen] = ways
            return
        key, have = counts[at]
        for take in range(min(have, left) + 1):
            walk(at + 1, left - take, chosen + (key,) * take, ways * comb(have, take))

    walk(0, size, (), 1)
    return found


class _Fold:
    """Follows the trail from the first failed Mission to now."""

    def __init__(self, state: ChapterState, unseen: Keys, reason: str) -> None:
        trail = state.trail
        # The unseen copies just before the first failure: those seen since, back; those a
        # failure returned, out (they were seen then).
        pool = Counter(unseen)
        for entry in trail[1:]:
            if entry[0] == "play" or entry[0] == "top":
                pool[entry[-1]] += 1
        for entry in trail[1:]:
            if entry[0] == "shuffle":
                pool.subtract(entry[1:])
        start = [int(n) for n in trail[0][1:]]
        self.state, self.unseen, self.reason = state, unseen, reason
        self.pool = +pool
        self.segments: list[list[int]] = [[start[0], 0]] if start[0] else []  # size, shuffled
        self.hands = start[2:]
        self.ways: dict[Way, Fraction] = {Way((), ((),) * len(self.hands)): Fraction(1)}

    def run(self) -> Public:
        for entry in self.state.trail[1:]:
            kind, args = entry[0], entry[1:]
            if kind == "unknown":
                self.reason = self.reason or "a correction or a module moved face-down cards"
                break
            getattr(self, "_" + kind)(*args)
            if not self.ways:
                self.reason = "the record contradicts itself"
                break
        ways = tuple((w, p) for w, p in sorted(self.ways.items(), key=lambda i: repr(i[0])))
        segments = tuple((size, bool(mixed)) for size, mixed in self.segments)
        return Public(self.unseen, segments, ways, tuple(self.hands), self.reason)

    def _anonymous(self, way: Way, key: str) -> Fraction:
        """The chance an anonymous place holds ``key``, the returned cards lying as ``way``."""
        anonymous = self.pool - way.hidden()
        total = sum(anonymous.values())
        return Fraction(anonymous[key], total) if total else Fraction(0)

    def _normalised(self, ways: dict[Way, Fraction]) -> None:
        total = sum(ways.values())
        self.ways = {w: p / total for w, p in ways.items() if p} if total else {}

    def _shuffle(self, *keys: str) -> None:
        size = sum(s for s, _ in self.segments) + len(keys)
        self.segments = [[size, 1]]
        self.pool.update(keys)
        ways: dict[Way, Fraction] = {}
        for way, p in self.ways.items():
            moved = Way(tuple(sorted((*way.trials, *keys))), way.hands)
            ways[moved] = ways.get(moved, Fraction(0)) + p
        self.ways = ways

    def _drop(self, n: str) -> None:
        if int(n):
            self.segments.insert(0, [int(n), 0])

    def _deal(self, *pairs: str) -> None:
        for at in range(0, len(pairs), 2):
            seat, n = int(pairs[at]), int(pairs[at + 1])
            self.hands[seat] += n
            while n and self.segments:
                size, mixed = self.segments[0]
                take = min(n, size)
                if mixed:
                    self._dealt_from_shuffled(seat, size, take)
                self.segments[0][0] -= take
                if not self.segments[0][0]:
                    self.segments.pop(0)
                n -= take

    def _dealt_from_shuffled(self, seat: int, size: int, take: int) -> None:
        """``take`` cards off the top of the shuffled part (``size`` places) into a hand:
        which returned cards go with them, by counting."""
        ways: dict[Way, Fraction] = {}
        for way, p in self.ways.items():
            known = len(way.trials)
            for dealt in range(min(known, take) + 1):
                others = comb(size - known, take - dealt)
                if not others:
                    continue
                for chosen, count in _subsets(way.trials, dealt).items():
                    left = Counter(way.trials) - Counter(chosen)
                    hands = list(way.hands)
                    hands[seat] = tuple(sorted((*hands[seat], *chosen)))
                    moved = Way(tuple(sorted(left.elements())), tuple(hands))
                    share = Fraction(count * others, comb(size, take))
                    ways[moved] = ways.get(moved, Fraction(0)) + p * share
        self.ways = ways

    def _top(self, key: str) -> None:
        if not self.segments:
            return
        size, mixed = self.segments[0]
        ways: dict[Way, Fraction] = {}
        for way, p in self.ways.items():
            anonymous = p * self._anonymous(way, key)
            if mixed:
                anonymous *= Fraction(size - len(way.trials), size)
                if key in way.trials:
                    known = Way(_minus(way.trials, key), way.hands)
                    chance = Fraction(way.trials.count(key), size)
                    ways[known] = ways.get(known, Fraction(0)) + p * chance
            ways[way] = ways.get(way, Fraction(0)) + anonymous
        self.segments[0][0] -= 1
        if not self.segments[0][0]:
            self.segments.pop(0)
        self.pool[key] -= 1
        self._normalised(ways)

    def _play(self, seat_text: str, key: str) -> None:
        seat = int(seat_text)
        size = self.hands[seat]
        ways: dict[Way, Fraction] = {}
        for way, p in self.ways.items():
            hand = way.hands[seat]
            if size <= 0:
                continue
            anonymous = p * Fraction(size - len(hand), size) * self._anonymous(way, key)
            ways[way] = ways.get(way, Fraction(0)) + anonymous
            if key in hand:
                hands = list(way.hands)
                hands[seat] = _minus(hand, key)
                known = Way(way.trials, tuple(hands))
                chance = Fraction(hand.count(key), size)
                ways[known] = ways.get(known, Fraction(0)) + p * chance
        self.hands[seat] -= 1
        self.pool[key] -= 1
        self._normalised(ways)


def dealt(state: ChapterState, model: Public, rng: random.Random) -> ChapterState:
    """One table consistent with what is public, drawn with its probability: a way the
    returned cards lie, then the anonymous copies shuffled into every other face-down place
    (no card the engine knows in a hand is kept)."""
    from msgspec.structs import replace

    way = _drawn_way(model, rng)
    anonymous = list((Counter(model.unseen) - way.hidden()).elements())
    rng.shuffle(anonymous)
    trials: list[str] = []
    for size, shuffled in model.segments:
        part = list(way.trials) if shuffled else []
        part += [anonymous.pop() for _ in range(size - len(part))]
        if shuffled:
            rng.shuffle(part)
        trials += part
    players = []
    for player, known in zip(state.players, way.hands, strict=True):
        hand = [*known, *(anonymous.pop() for _ in range(player.hand_size - len(known)))]
        players.append(replace(player, hand=tuple(sorted(hand)), hidden=0))
    morale = tuple(anonymous.pop() for _ in range(len(state.morale)))
    return replace(state, trials=tuple(trials), players=tuple(players), morale=morale)


def _drawn_way(model: Public, rng: random.Random) -> Way:
    if len(model.ways) == 1:
        return model.ways[0][0]
    pick = rng.random()
    for way, p in model.ways:
        pick -= float(p)
        if pick < 0:
            return way
    return model.ways[-1][0]
