"""The public model's records (``public.py``): where the cards failed Missions returned to
the Trials may lie (``Way``), and what the table knows of its face-down cards (``Public``).
No ``fractions`` until a chance is asked after a failure: ``odds`` before one reads counts."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from fractions import Fraction

Keys = tuple[str, ...]  # a multiset of keys, sorted
# Returned cards alike in what the table knows of them: how many lie in the shuffled part of
# the Trials, how many in each hand, and their keys (which of them lies where is uniform)
Group = tuple[int, tuple[int, ...], Keys]


def minus(keys: Keys, key: str) -> Keys:
    """``keys`` less one copy of ``key`` (which it holds)."""
    at = keys.index(key)
    return keys[:at] + keys[at + 1 :]


class Way(msgspec.Struct, frozen=True):
    """Where the returned cards still face down lie, by group (``Group``): within a group
    every assignment of its keys to its places is as likely as any other (the shuffle
    placed them; a card seen since took one key out wherever it lay)."""

    groups: tuple[Group, ...]

    def hidden(self) -> Counter[str]:
        """Every returned card still face down."""
        held: Counter[str] = Counter()
        for _, _, keys in self.groups:
            held.update(keys)
        return held

    def count(self) -> int:
        """How many returned cards are still face down."""
        return sum(len(keys) for _, _, keys in self.groups)

    def in_trials(self) -> int:
        """How many returned cards lie in the shuffled part of the Trials."""
        return sum(trials for trials, _, _ in self.groups)


class Public(msgspec.Struct, frozen=True):
    """What the table knows of the face-down cards. ``unseen``: every unseen copy, one key
    each (the chapter's cards less the seen ones); ``segments``: the Trials deck top first,
    each a number of places and whether it is the part returned cards were shuffled into
    (at most one: a later failure shuffles the whole deck); ``ways``: each way the returned
    cards may lie, with its weight (its probability is the weight over their sum).
    ``reason``: why nothing is exact (else empty)."""

    unseen: Keys
    segments: tuple[tuple[int, bool], ...]
    ways: tuple[tuple[Way, int], ...]  # each with its weight (its chance: over their sum)
    hands: tuple[int, ...]
    reason: str = ""

    @property
    def returned(self) -> int:
        """How many of the unseen copies are known to have been returned to the Trials by a
        failed Mission and may lie there (or, dealt since, in hands)."""
        return max((way.count() for way, _ in self.ways), default=0)

    def next_card(self) -> dict[str, Fraction]:
        """Each key: the exact chance it is the top card of the Trials now."""
        from fractions import Fraction

        counts, whole = self.next_counts()
        return {key: Fraction(count, whole) for key, count in counts.items()}

    def next_counts(self) -> tuple[dict[str, int], int]:
        """Each key with a chance to be the top card of the Trials now: that chance as a
        whole number over the second value (not reduced). Whole numbers are summed over the
        ways by denominator (the anonymous cards' count, a group's size: a few values), so
        neither a way nor a key costs a ``Fraction``."""
        if not self.segments:
            return {}, 1
        size, shuffled = self.segments[0]
        pool = Counter(self.unseen)
        total = sum(weight for _, weight in self.ways)
        everywhere: dict[int, int] = {}  # by anonymous count: each anonymous copy's share
        own: dict[int, Counter[str]] = {}  # by anonymous count, per key: less its held
        known: dict[int, Counter[str]] = {}  # by a group's size: its cards in the Trials
        for way, weight in self.ways:
            held = way.hidden()
            anonymous = len(self.unseen) - sum(held.values())
            inside = way.in_trials() if shuffled else 0
            if anonymous:
                each = weight * (size - inside)
                everywhere[anonymous] = everywhere.get(anonymous, 0) + each
                mine = own.setdefault(anonymous, Counter())
                for key, n in held.items():
                    mine[key] -= each * n
            if not inside:
                continue
            for trials, _, keys in way.groups:
                if trials:
                    theirs = known.setdefault(len(keys), Counter())
                    for key, n in Counter(keys).items():
                        theirs[key] += weight * trials * n
        from math import lcm

        common = lcm(*everywhere, *known)  # every denominator divides it: one division a key
        parts = [(common // n, each, own[n]) for n, each in everywhere.items()]
        parts_known = [(common // n, theirs) for n, theirs in known.items()]
        counts: dict[str, int] = {}
        for key, copies in pool.items():
            count = sum(times * (each * copies + mine[key]) for times, each, mine in parts)
            count += sum(times * theirs[key] for times, theirs in parts_known)
            if count:
                counts[key] = count
        return counts, common * size * total
