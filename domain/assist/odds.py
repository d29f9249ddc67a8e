"""Exact odds for the next card drawn (by a Trap, by the deal), from public information only.

The unseen cards are what the caller counts as not visible and not known gone (the
catalogue with the box's described cards and the bans, minus the table); a hand's cards are
never an input here. Every unseen card is equally likely to be the next one drawn, so each
probability is a count over the unseen cards, kept as an exact ``Fraction``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Protocol

import msgspec

FAILING_COUNT = 3  # three identical threats in No Man's Land fail the Mission


class Unseen(Protocol):
    """What odds need of a card: its threats and whether it is a Hard Knock."""

    @property
    def threats(self) -> tuple[str, ...]: ...

    @property
    def hard_knock(self) -> str | None: ...


class NextCard(msgspec.Struct, frozen=True):
    """The chances for the next card drawn from ``unseen`` cards."""

    unseen: int
    hard_knock: Fraction
    threat: dict[str, Fraction]  # each threat: the chance the next card shows it
    fails_mission: Fraction  # the next card brings a threat to three in No Man's Land


def next_card(cards: Iterable[Unseen], active: Mapping[str, int]) -> NextCard:
    """The exact odds for the next of ``cards``, with ``active`` the threats showing in No
    Man's Land now (each threat: how many). No card unseen: every chance is 0."""
    pile = list(cards)
    total = len(pile)
    if total == 0:
        return NextCard(0, Fraction(0), {}, Fraction(0))
    knocks = sum(1 for c in pile if c.hard_knock is not None)
    showing: Counter[str] = Counter()
    failing = 0
    for card in pile:
        mine = Counter(card.threats)
        showing.update(mine.keys())
        if any(active.get(t, 0) + n >= FAILING_COUNT for t, n in mine.items()):
            failing += 1
    return NextCard(
        unseen=total,
        hard_knock=Fraction(knocks, total),
        threat={t: Fraction(n, total) for t, n in sorted(showing.items())},
        fails_mission=Fraction(failing, total),
    )
