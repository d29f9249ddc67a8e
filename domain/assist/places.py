"""The public model's records (``public.py``): where the cards a failed Mission returned to
the Trials may lie (``Way``), and what the table knows of its face-down cards (``Public``).
No ``fractions`` until a chance is asked after a failure: ``odds`` before one reads counts."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from fractions import Fraction

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
    ways: tuple[tuple[Way, Any], ...]  # each with its probability (a Fraction, or 1)
    hands: tuple[int, ...]
    reason: str = ""

    @property
    def returned(self) -> int:
        """How many of the unseen copies are known to have been returned to the Trials by a
        failed Mission and may lie there (or, dealt since, in hands)."""
        return max((sum(way.hidden().values()) for way, _ in self.ways), default=0)

    def next_card(self) -> dict[str, Fraction]:
        """Each key: the exact chance it is the top card of the Trials now."""
        from fractions import Fraction

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
