"""The Orders of the Day's facts a correction sets: an order the table put in No Man's Land
that nobody logged (from the deck or the discard), one logged there that the table
cancelled. The chapter's corrections find them in the registry (moments.py ``facts``)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.cards.catalogue import Catalogue
from domain.chapter.facts import Fact, ModuleFact
from domain.chapter.state import ChapterState
from domain.errors import N_, Formed, InvalidCorrection
from domain.events import FactCorrected
from domain.modules.orders.state import OrderPiles, order_piles, with_order_piles


def _number(state: ChapterState, value: str | int | None, fact: str) -> int:
    """The order's number as the event stores it (``#12`` or ``12``)."""
    try:
        return int(str(value).lstrip("#"))
    except ValueError:
        raise InvalidCorrection(
            N_("correction of {fact}: {value!r} is not an order number"), fact=fact, value=value
        ) from None


def _piles(state: ChapterState) -> OrderPiles:
    piles = order_piles(state)
    if piles is None:
        raise InvalidCorrection(N_("this chapter is played without Orders of the Day"))
    return piles


def _check_removed(state: ChapterState, event: FactCorrected) -> None:
    piles, number = _piles(state), int(event.value or 0)
    if number not in piles.in_play:
        shown = ", ".join(f"#{n}" for n in piles.in_play) or "none"
        raise InvalidCorrection(
            N_("#{number} is not in No Man's Land (orders in play: {shown})"),
            number=number,
            shown=shown,
        )


def _check_added(state: ChapterState, event: FactCorrected) -> None:
    piles, number = _piles(state), int(event.value or 0)
    if number in piles.in_play:
        raise InvalidCorrection(
            N_("Order of the Day #{number} is already in No Man's Land: nothing to correct"),
            number=number,
        )
    if number not in piles.deck and number not in piles.discard:
        raise InvalidCorrection(
            N_("#{number} is neither in the Order of the Day deck nor discarded"), number=number
        )
    if number not in state.catalogue.orders:
        raise InvalidCorrection(
            N_("Order of the Day #{number} is not described yet: describe it (its threats count)"),
            number=number,
        )


def _without(items: tuple[int, ...], number: int) -> tuple[int, ...]:
    left = list(items)
    left.remove(number)
    return tuple(left)


def _removed(state: ChapterState, event: FactCorrected) -> ChapterState:
    piles, number = _piles(state), int(event.value or 0)
    in_play, discard = _without(piles.in_play, number), (*piles.discard, number)
    return with_order_piles(state, replace(piles, in_play=in_play, discard=discard))


def _added(state: ChapterState, event: FactCorrected) -> ChapterState:
    piles, number = _piles(state), int(event.value or 0)
    if number in piles.deck:
        at = piles.deck.index(number)
        known = piles.known - (at < piles.known)
        piles = replace(piles, deck=_without(piles.deck, number), known=known, spent=())
    else:  # back from the discard
        piles = replace(piles, discard=_without(piles.discard, number))
    return with_order_piles(state, replace(piles, in_play=(*piles.in_play, number)))


def _label(value: str | int | None, catalogue: Catalogue) -> str:
    card = catalogue.orders.get(value) if isinstance(value, int) else None
    if card is None:
        return Formed(N_("Order of the Day #{number}"), number=value)
    return Formed(N_("Order of the Day #{number} ({name})"), number=value, name=card.name)


ORDER_FACTS = {
    "order-add": ModuleFact(
        Fact("an Order of the Day placed in No Man's Land", False, "order"),
        _number,
        _check_added,
        _added,
        N_("{v} is {a}in No Man's Land"),
        _label,
    ),
    "order-remove": ModuleFact(
        Fact("an Order of the Day cancelled (to the discard)", False, "order"),
        _number,
        _check_removed,
        _removed,
        N_("{v} is cancelled and discarded"),
        _label,
    ),
}
