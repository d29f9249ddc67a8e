"""Following the public trail from a chapter's first failed Mission (``chapter/trail.py``):
every way the returned cards may lie now, with its exact probability (``public.py``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb

from domain.assist.places import Keys, Public, Way, minus
from domain.chapter.state import ChapterState

CORRECTION = "a correction or a module moved face-down cards"
CONTRADICTION = "the record contradicts itself"


def fold(state: ChapterState, unseen: Keys, reason: str) -> Public:
    """The public model of a chapter whose trail has begun."""
    followed = _Fold(state, unseen)
    followed.follow(state.trail[1:])
    return followed.model(unseen, reason)


def folds_after_play(
    state: ChapterState, unseen: Keys, seat: int, played: Mapping[str, tuple[Keys, str]]
) -> dict[str, Public]:
    """For each key of ``played``: the fold of ``state`` with ``("play", seat, key)`` added
    to its trail, given that played table's unseen copies and reason. The trail is followed
    once, then each play from a copy of where it ends: the same steps as each fold, since a
    played table's pool starts as ``state``'s does (its copy of the key, unseen before, is
    counted back as played). So each played table's unseen copies must be ``unseen`` (the
    unseen copies of ``state``) less one copy of its key."""
    followed = _Fold(state, unseen)
    followed.follow(state.trail[1:])
    models = {}
    for key, (unseen, reason) in played.items():
        one = followed.copy()
        one.follow([("play", str(seat), key)])
        models[key] = one.model(unseen, reason)
    return models


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

    def __init__(self, state: ChapterState, unseen: Keys) -> None:
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
        self.stopped = ""  # why the trail could not be followed to its end (else empty)
        self.pool = +pool
        self.segments: list[list[int]] = [[start[0], 0]] if start[0] else []  # size, shuffled
        self.hands = start[2:]
        self.ways: dict[Way, Fraction] = {Way((), ((),) * len(self.hands)): Fraction(1)}

    def copy(self) -> _Fold:
        """Another fold from here on (its mutable records its own)."""
        other = _Fold.__new__(_Fold)
        other.stopped = self.stopped
        other.pool = Counter(self.pool)
        other.segments = [list(segment) for segment in self.segments]
        other.hands = list(self.hands)
        other.ways = dict(self.ways)
        return other

    def follow(self, entries: Iterable[tuple[str, ...]]) -> None:
        """Each entry of the trail in turn, until one cannot be followed."""
        for entry in entries:
            if self.stopped:
                return
            kind, args = entry[0], entry[1:]
            if kind == "unknown":
                self.stopped = CORRECTION
                return
            getattr(self, "_" + kind)(*args)
            if not self.ways:
                self.stopped = CONTRADICTION

    def model(self, unseen: Keys, reason: str) -> Public:
        """The public model where the fold is (``reason``: why nothing is exact, if known)."""
        if self.stopped == CONTRADICTION or not reason:
            reason = self.stopped or reason
        ways = tuple((w, p) for w, p in sorted(self.ways.items(), key=lambda i: repr(i[0])))
        segments = tuple((size, bool(mixed)) for size, mixed in self.segments)
        return Public(unseen, segments, ways, tuple(self.hands), reason)

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
                    known = Way(minus(way.trials, key), way.hands)
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
                hands[seat] = minus(hand, key)
                known = Way(way.trials, tuple(hands))
                chance = Fraction(hand.count(key), size)
                ways[known] = ways.get(known, Fraction(0)) + p * chance
        self.hands[seat] -= 1
        self.pool[key] -= 1
        self._normalised(ways)
