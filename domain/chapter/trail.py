"""The public trail of the cards: what the table saw happen to the face-down cards since
the chapter's first failed Mission (issue 43).

Until a Mission fails, every face-down card is as likely as any other to be any unseen
copy, and the state says all the table knows. A failed Mission changes that: "The No Man's
Land cards are shuffled into the Trials pile and will have to be faced again" (base
rulebook, End of the Mission): those cards are public and known to lie in the Trials deck,
among its face-down cards. From then on the state keeps, in ``ChapterState.trail``, the
public moves of the face-down cards, each a tuple of strings (seats by their index):

- ``("start", trials, morale, hand, hand, ...)``: the face-down places just before the
  first failure (the Trials deck, the Morale Reserve, each seat's hand);
- ``("shuffle", key, ...)``: No Man's Land shuffled into the Trials deck;
- ``("deal", seat, n, seat, n, ...)``: the top cards of the Trials into hands, in that
  order (a deal, a card effect's draw);
- ``("play", seat, key)``: a card out of a hand, face up (played, a Speech's discard);
- ``("top", key)``: the top card of the Trials turned face up (a Trap's, Clumsy's draw);
- ``("drop", n)``: the Morale Drop, n cards of the Morale Reserve on top of the Trials;
- ``("unknown", event)``: the face-down places changed in a way not followed here (a
  correction, a module's draw): from then on nothing is exact.

The assistant reads it (``domain/assist/public.py``); the rules never do.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.chapter.state import ChapterState
from domain.events import (
    CardDrawnAndPlayed,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    Event,
    MissionFailed,
    MoraleDropped,
    SpeechMade,
)

Entry = tuple[str, ...]


def _layout(state: ChapterState) -> tuple[int, ...]:
    """The sizes of the face-down places: the Trials, the Morale Reserve, each hand."""
    return (len(state.trials), len(state.morale), *(p.hand_size for p in state.players))


def _seat(state: ChapterState, name: str) -> str | None:
    for i, player in enumerate(state.players):
        if player.name == name:
            return str(i)
    return None


def _entries(before: ChapterState, event: Event, after: ChapterState) -> list[Entry] | None:
    """The trail's entries for one event (None: not one this module follows)."""
    kind = type(event)
    if kind is MissionFailed:
        return [("shuffle", *before.nml)]
    if kind is CardsDealt or kind is CardsDrawn:
        names = event.players if kind is CardsDealt else (event.player,)  # type: ignore[attr-defined]
        piles = event.cards if kind is CardsDealt else (event.cards,)  # type: ignore[attr-defined]
        entry = ["deal"]
        for name, cards in zip(names, piles, strict=True):
            seat = _seat(before, name)
            if seat is None:
                return None
            entry += [seat, str(len(cards))]
        return [tuple(entry)]
    if kind is CardPlayed:
        seat = _seat(before, event.player)  # type: ignore[attr-defined]
        return None if seat is None else [("play", seat, event.card)]  # type: ignore[attr-defined]
    if kind is SpeechMade:
        plays = [(_seat(before, name), card) for name, card in event.discards]  # type: ignore[attr-defined]
        if any(seat is None for seat, _ in plays):
            return None
        return [("play", str(seat), card) for seat, card in plays]
    if kind is CardDrawnAndPlayed:
        card = event.card  # type: ignore[attr-defined]
        return [] if card is None else [("top", card)]
    if kind is MoraleDropped:
        return [("drop", str(len(event.cards)))]  # type: ignore[attr-defined]
    return None


def noted(before: ChapterState, event: Event, after: ChapterState) -> ChapterState:
    """``after`` with the event's public moves added to the trail (from the first failed
    Mission on); an event not followed here that moved face-down cards ends exactness."""
    entries = _entries(before, event, after)
    if entries is None:
        if _layout(before) == _layout(after):
            return after if after.trail == before.trail else replace(after, trail=before.trail)
        entries = [("unknown", type(event).__name__)]
    trail = before.trail
    if not trail:
        trail = (("start", *(str(n) for n in _layout(before))),)
    return replace(after, trail=(*trail, *entries))
