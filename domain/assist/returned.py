"""Following the public trail from a chapter's first failed Mission (``chapter/trail.py``):
every way the returned cards may lie now, with its exact probability (``public.py``).

A way counts, for each group of returned cards, how many lie in the shuffled part of the
Trials and how many in each hand, and which keys are still face down (``places.Group``).
Which card of a group lies in which of its places is not kept: every assignment is as likely
as any other (the shuffle made them so, and a card seen since only takes one key out), so
ways that differ only in it are one. Weights are whole numbers, made relative at the end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import product
from math import comb, gcd, lcm

from domain.assist.places import Group, Keys, Public, Way, minus
from domain.chapter.state import ChapterState

CORRECTION = "a correction or a module moved face-down cards"
CONTRADICTION = "the record contradicts itself"
OLDER = "this chapter was stored before failed Missions' cards were followed"
MOST_WAYS = 500  # more ways than this to weigh: nothing is exact (each costs time)
TOO_MANY = (
    f"the cards failed Missions returned may lie in more than {MOST_WAYS:,} ways, too many "
    "to weigh exactly"
)

Groups = tuple[Group, ...]  # a way, as the fold keeps it (sorted, no empty group)


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


def _tidy(groups: Iterable[Group]) -> Groups:
    """The way's groups in one order, without the empty ones (a way's key in the fold)."""
    return tuple(sorted(group for group in groups if group[2]))


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
        start = [int(n) for n in trail[0][1:]] if trail[0][0] == "start" else [0, 0]
        self.stopped = ""  # why the trail could not be followed to its end (else empty)
        if trail[0][0] != "start":  # (codec.OLDER_RECORD)
            self.stopped = OLDER
        self.pool = +pool
        self.total = sum(self.pool.values())
        self.segments: list[list[int]] = [[start[0], 0]] if start[0] else []  # size, shuffled
        self.hands = start[2:]
        self.ways: dict[Groups, int] = {(): 1}  # each way's weight, relative to the others

    def copy(self) -> _Fold:
        """Another fold from here on (its mutable records its own)."""
        other = _Fold.__new__(_Fold)
        other.stopped = self.stopped
        other.pool = Counter(self.pool)
        other.total = self.total
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
            elif len(self.ways) > MOST_WAYS:
                self.stopped = TOO_MANY

    def model(self, unseen: Keys, reason: str) -> Public:
        """The public model where the fold is (``reason``: why nothing is exact, if known)."""
        if self.stopped in (CONTRADICTION, TOO_MANY, OLDER) or not reason:
            reason = self.stopped or reason
        found = sorted(self.ways.items()) if not self.stopped else []
        ways = tuple((Way(groups), w) for groups, w in found)
        segments = tuple((size, bool(mixed)) for size, mixed in self.segments)
        return Public(unseen, segments, ways, tuple(self.hands), reason)

    def _weighed(self, terms: list[tuple[Groups, int, int, int]]) -> None:
        """The ways from ``terms``: each a way, its weight and a factor ``num / den``; whole
        weights again (times the factors' common denominator), over their common divisor."""
        common = lcm(*{den for _, _, num, den in terms if num}) if terms else 1
        ways: dict[Groups, int] = {}
        for groups, weight, num, den in terms:
            if num:
                ways[groups] = ways.get(groups, 0) + weight * num * (common // den)
        divisor = gcd(*ways.values()) if ways else 1
        self.ways = {g: w // divisor for g, w in ways.items()} if divisor > 1 else ways

    def _shuffle(self, *keys: str) -> None:
        size = sum(s for s, _ in self.segments) + len(keys)
        self.segments = [[size, 1]]
        self.pool.update(keys)
        self.total += len(keys)
        nobody = (0,) * len(self.hands)
        ways: dict[Groups, int] = {}
        for groups, weight in self.ways.items():
            # the groups lying wholly in the Trials are shuffled in with the new one: one group
            trials, joined, kept = len(keys), list(keys), []
            for group in groups:
                if any(group[1]):
                    kept.append(group)
                else:
                    trials += group[0]
                    joined += group[2]
            moved = _tidy((*kept, (trials, nobody, tuple(sorted(joined)))))
            ways[moved] = ways.get(moved, 0) + weight
        self.ways = ways

    def _drop(self, n: str) -> None:
        if int(n):
            self.segments.insert(0, [int(n), 0])

    def _deal(self, *pairs: str) -> None:
        """Cards off the top of the Trials into hands, one at a time round the seats named
        (a deal: each hand takes every n-th card from the top; a draw: one seat)."""
        wants = [[int(pairs[at]), int(pairs[at + 1])] for at in range(0, len(pairs), 2)]
        takes = [[0] * len(wants) for _ in self.segments]  # per segment, per seat named
        segment = 0
        left = self.segments[0][0] if self.segments else 0
        while segment < len(self.segments) and any(n for _, n in wants):
            for i, want in enumerate(wants):
                if not want[1] or segment == len(self.segments):
                    continue
                takes[segment][i] += 1
                want[1] -= 1
                left -= 1
                if not left:
                    segment += 1
                    left = self.segments[segment][0] if segment < len(self.segments) else 0
        for i, (seat, _) in enumerate(wants):
            self.hands[seat] += sum(take[i] for take in takes)
        for (size, mixed), take in zip(self.segments, takes, strict=True):
            if not mixed:
                continue
            for (seat, _), n in zip(wants, take, strict=True):
                if n and len(self.ways) <= MOST_WAYS:  # (else follow stops after the deal)
                    self._dealt_from_shuffled(seat, size, n)
                    size -= n
        for at in range(len(takes) - 1, -1, -1):
            self.segments[at][0] -= sum(takes[at])
            if not self.segments[at][0]:
                self.segments.pop(at)

    def _dealt_from_shuffled(self, seat: int, size: int, take: int) -> None:
        """``take`` cards off the top of the shuffled part (``size`` places) into a hand:
        how many of each group go with them, by counting."""
        terms: list[tuple[Groups, int, int, int]] = []
        for groups, weight in self.ways.items():
            known = sum(group[0] for group in groups)
            for dealt in product(*(range(min(group[0], take) + 1) for group in groups)):
                others = comb(size - known, take - sum(dealt)) if sum(dealt) <= take else 0
                if not others:
                    continue
                count = others
                moved = []
                for (trials, hands, keys), n in zip(groups, dealt, strict=True):
                    count *= comb(trials, n)
                    if n:
                        held = list(hands)
                        held[seat] += n
                        moved.append((trials - n, tuple(held), keys))
                    else:
                        moved.append((trials, hands, keys))
                terms.append((_tidy(moved), weight, count, 1))
        self._weighed(terms)

    def _seen(
        self, key: str, groups: Groups, places: int, slot: int | None
    ) -> list[tuple[Groups, int, int]]:
        """The terms of ``key`` seen in one of ``places`` face-down places: an anonymous one
        (all but the groups' places there), or one of a group's (``slot``: which count of
        the group they are, 0 the Trials' shuffled part, else 1 + a seat; None: no group
        place is there)."""
        hidden = sum(len(keys) for _, _, keys in groups)
        anonymous = self.total - hidden
        theirs = 0
        terms = []
        for at, (trials, hands, keys) in enumerate(groups):
            here = trials if slot == 0 else hands[slot - 1] if slot is not None else 0
            theirs += here
            copies = keys.count(key)
            if not here or not copies:
                continue
            if slot:
                held = list(hands)
                held[slot - 1] -= 1
                group = (trials, tuple(held), minus(keys, key))
            else:
                group = (trials - 1, hands, minus(keys, key))
            moved = _tidy((*groups[:at], group, *groups[at + 1 :]))
            terms.append((moved, here * copies, len(keys)))
        copies = self.pool[key] - sum(keys.count(key) for _, _, keys in groups)
        if copies and anonymous and places > theirs:
            terms.append((groups, (places - theirs) * copies, anonymous))
        return terms

    def _reveal(self, key: str, places: int, slot: int | None) -> None:
        terms = [
            (moved, weight, num, den)
            for groups, weight in self.ways.items()
            for moved, num, den in self._seen(key, groups, places, slot)
        ]
        self.pool[key] -= 1
        self.total -= 1
        self._weighed(terms)

    def _top(self, key: str) -> None:
        if not self.segments:
            self.ways = {}
            return
        size, mixed = self.segments[0]
        self._reveal(key, size, 0 if mixed else None)
        self.segments[0][0] -= 1
        if not self.segments[0][0]:
            self.segments.pop(0)

    def _play(self, seat_text: str, key: str) -> None:
        seat = int(seat_text)
        if self.hands[seat] <= 0:
            self.ways = {}
            return
        self._reveal(key, self.hands[seat], 1 + seat)
        self.hands[seat] -= 1
