"""Exact odds for the next card drawn (by a Trap, by the deal), from public information only.

The unseen cards are what the caller counts as not visible and not known gone (the
catalogue with the box's described cards and the bans, minus the table); a hand's cards are
never an input here. Every unseen card is equally likely to be the next one drawn, so each
probability is a count over the unseen cards, read as an exact ``Fraction``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Protocol

import msgspec

if TYPE_CHECKING:
    from fractions import Fraction

FAILING_COUNT = 3  # three identical threats in No Man's Land fail the Mission


class Unseen(Protocol):
    """What odds need of a card: its threats and whether it is a Hard Knock."""

    @property
    def threats(self) -> tuple[str, ...]: ...

    @property
    def hard_knock(self) -> str | None: ...


class NextCard(msgspec.Struct, frozen=True):
    """The chances for the next card drawn from ``unseen`` cards, kept as counts of them:
    each chance is an exact ``Fraction`` of ``unseen`` made when asked (a reader that only
    prints them needs no ``fractions``, whose import of ``decimal`` costs ~9 M instructions)."""

    unseen: int  # the common denominator of every chance (the unseen cards, when all are
    # equally likely to be drawn next)
    knocks: int  # the unseen Hard Knocks
    showing: dict[str, int]  # each threat: how many unseen cards show it, in threat order
    failing: int  # the unseen cards that bring a threat to three in No Man's Land
    cards: int = -1  # the unseen cards (-1: ``unseen``); another number when they are not
    # all equally likely to be next (a failed Mission returned some to the Trials)
    returned: int = 0  # of them, those a failed Mission shuffled back into the Trials
    reason: str = ""  # why no chance is exact (the chapter's cards are not known): no count

    @property
    def exact(self) -> bool:
        """Whether the chances are known exactly (else ``reason`` says why, none is given)."""
        return not self.reason

    @property
    def uniform(self) -> bool:
        """Whether every unseen card is as likely as any other to be next."""
        return self.cards < 0 or (self.cards == self.unseen and not self.returned)

    def _of(self, count: int) -> Fraction:
        from fractions import Fraction

        return Fraction(count, self.unseen) if self.unseen else Fraction(0)

    @property
    def hard_knock(self) -> Fraction:
        """The chance the next card is a Hard Knock."""
        return self._of(self.knocks)

    @property
    def threat(self) -> dict[str, Fraction]:
        """Each threat: the chance the next card shows it."""
        return {t: self._of(n) for t, n in self.showing.items()}

    @property
    def fails_mission(self) -> Fraction:
        """The chance the next card brings a threat to three in No Man's Land."""
        return self._of(self.failing)


def next_card(cards: Iterable[Unseen], active: Mapping[str, int]) -> NextCard:
    """The exact odds for the next of ``cards``, with ``active`` the threats showing in No
    Man's Land now (each threat: how many). No card unseen: every chance is 0."""
    pile = list(cards)
    total = len(pile)
    if total == 0:
        return NextCard(0, 0, {}, 0)
    knocks = sum(1 for c in pile if c.hard_knock is not None)
    showing: Counter[str] = Counter()
    failing = 0
    for card in pile:
        mine = Counter(card.threats)
        showing.update(mine.keys())
        if any(active.get(t, 0) + n >= FAILING_COUNT for t, n in mine.items()):
            failing += 1
    return NextCard(total, knocks, dict(sorted(showing.items())), failing)


def weighted_next_card(
    chances: tuple[Mapping[str, int], int],
    cards: Mapping[str, Unseen],
    active: Mapping[str, int],
    unseen: int,
    returned: int,
) -> NextCard:
    """The odds for the next card when each key has its own exact chance (``chances``: each
    key's share of a whole, ``Public.next_counts``; of ``unseen`` cards, ``returned`` of them
    shuffled back by a failed Mission), over their least common denominator: the whole over
    the greatest divisor it shares with every share."""
    from math import gcd

    shares, whole = chances
    common = gcd(whole, *shares.values()) if shares else whole
    denominator = whole // common if shares else 1
    knocks = failing = 0
    showing: Counter[str] = Counter()
    for key, share in shares.items():
        count = share // common
        card = cards[key]
        knocks += count if card.hard_knock is not None else 0
        mine = Counter(card.threats)
        for threat in mine:
            showing[threat] += count
        if any(active.get(t, 0) + n >= FAILING_COUNT for t, n in mine.items()):
            failing += count
    return NextCard(denominator, knocks, dict(sorted(showing.items())), failing, unseen, returned)
