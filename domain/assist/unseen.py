"""The unseen cards of a chapter, from public information only, and the odds of the next.

The catalogue (the box's cards with the described ones, the bans already out of it) gives
every copy of the chapter; a copy is gone from sight when it lies face up: in No Man's Land,
in the discard, as a Hard Knock in front of a player, set aside, or in a Recruit's open hand.
Every other copy is unseen: in the Trials, in the Morale
Reserve (its count is known, not its cards) or in a hand. A hand is never read, not even a
card the engine happens to know in it: odds are the same whatever the hands hold.
"""

from __future__ import annotations

from collections import Counter

from domain.assist.odds import NextCard, next_card
from domain.cards.catalogue import CardType
from domain.chapter.state import ChapterState
from domain.modules.recruits.state import recruit_in_play


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


def unseen_keys(state: ChapterState) -> tuple[str, ...]:
    """Every copy nobody can see, as keys (one per copy, in the catalogue's order); the deck
    slots are taken as unseen, so an engine that knows them tells nothing more here."""
    seen = face_up(state)
    keys: list[str] = []
    for key, card in state.catalogue.cards.items():
        keys.extend([key] * max(0, card.copies - seen[key]))
    return tuple(keys)


def hidden_places(state: ChapterState) -> int:
    """How many cards lie face down: the Trials, the Morale Reserve and every hand."""
    held = sum(record.in_hands() for record in state.modules.values())  # Solo's hand
    held += sum(p.hand_size for p in state.players)
    return len(state.trials) + len(state.morale) + held


def unseen_cards(state: ChapterState) -> tuple[CardType, ...]:
    """The unseen copies as catalogue cards."""
    cards = state.catalogue.cards
    return tuple(cards[key] for key in unseen_keys(state))


def next_draw(state: ChapterState) -> NextCard:
    """The exact odds for the next card drawn from the Trials (by a Trap, by the deal): any
    unseen copy is as likely as any other to lie on top."""
    if not state.trials:
        return next_card((), state.threat_tally())
    return next_card(unseen_cards(state), state.threat_tally())
