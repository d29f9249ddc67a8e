"""The unseen cards of a chapter, from public information only, and the odds of the next.

What is seen and what is not, and where an unseen card may lie, is the public model's
(``public.py``): the chapter's cards less every copy lying face up (in No Man's Land, in the
discard, as a Hard Knock in front of a player, set aside, or in a Recruit's open hand); the
rest lie in the Trials, in the Morale Reserve (its count is known, not its cards) or in a
hand. A hand is never read, not even a card the engine happens to know in it: odds are the
same whatever the hands hold.
"""

from __future__ import annotations

from domain.assist.odds import NextCard, next_card, weighted_next_card
from domain.assist.public import Public, face_up, public, unseen_keys
from domain.cards.catalogue import CardType
from domain.chapter.state import ChapterState

__all__ = [
    "draws_in_mission",
    "face_up",
    "hidden_places",
    "next_draw",
    "unseen_cards",
    "unseen_keys",
]
CLUMSY = "clumsy"  # a Hard Knock that draws and plays the Trials' top card


def draws_in_mission(state: ChapterState) -> bool:
    """Whether a card can be drawn and played during a Mission: a Trap (the rookie variant
    has none), or a Clumsy player's draw."""
    if state.rules.traps:
        return True
    return any(CLUMSY in state.active_hard_knocks(p) for p in state.players)


def hidden_places(state: ChapterState) -> int:
    """How many cards lie face down: the Trials, the Morale Reserve and every hand."""
    held = sum(record.in_hands() for record in state.modules.values())  # Solo's hand
    held += sum(p.hand_size for p in state.players)
    return len(state.trials) + len(state.morale) + held


def unseen_cards(state: ChapterState) -> tuple[CardType, ...]:
    """The unseen copies as catalogue cards."""
    cards = state.catalogue.cards
    return tuple(cards[key] for key in unseen_keys(state))


def next_draw(state: ChapterState, model: Public | None = None) -> NextCard:
    """The exact odds for the next card drawn from the Trials (by a Trap, by the deal): any
    unseen copy is as likely as any other to lie on top, until a failed Mission returns known
    cards to the Trials (then the public model weighs where they may be); none when the
    chapter's cards are not known. ``model``: ``public(state)``, when the caller has it."""
    tally = state.threat_tally()
    if not state.trials:
        return next_card((), tally)
    model = public(state) if model is None else model
    if model.reason:
        return NextCard(0, 0, {}, 0, len(model.unseen), model.returned, model.reason)
    if not state.trail:
        cards = state.catalogue.cards
        return next_card((cards[key] for key in model.unseen), tally)
    return weighted_next_card(
        model.next_counts(), state.catalogue.cards, tally, len(model.unseen), model.returned
    )
