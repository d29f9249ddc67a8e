"""Orders of the Day's face (``voice/rooms.py``): the sentences of its events, in the
voice's words. Of the voice's layer, though in the module's folder: nothing of the domain
imports it; the voice loads it the first time it meets one of the module's events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from voice import Move, Room, Why
from voice.lang import _, threat_name
from voice.moments import MissionStart
from voice.narrate import applied_text, cards_said, enforced_words, unstopped

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.cards.catalogue import Catalogue
    from domain.modules.orders.events import OrderCancelled, OrderChosen, OrderDiscarded


def order_said(number: int, c: Catalogue) -> str:
    """``Order of the Day #21 (Dig in)``: its number, and its name once described."""
    card = c.orders.get(number)
    return _("Order of the Day #{number}").format(number=number) + (
        f" ({card.name})" if card else ""
    )


def order_text(number: int, c: Catalogue) -> str:
    """`` Order #21 says: ...``, the Order's text as the group described it, what the tool
    applies of it, and what is left to the table ('' for none)."""
    card = c.orders.get(number)
    if card is None:
        return ""
    said = [_("says: {text}").format(text=unstopped(card.effect))] if card.effect else []
    if card.lasting:
        until = unstopped(card.cancellation) or _("(not said)")
        said.append(_("lasts until: {text}").format(text=until))
    text = (
        _(" Order #{number} ").format(number=number) + _("; it ").join(said) + "." if said else ""
    )
    applied = [
        _("adds {threat} to No Man's Land").format(threat=threat_name(threat))
        for threat in card.threats
    ]
    applied += [enforced_words(card.forbids, card.rules)] if card.forbids or card.rules else []
    return text + applied_text(
        _("Order #{number}").format(number=number), applied, bool(card.effect)
    )


def chosen(e: OrderChosen, c: Catalogue) -> str:
    """``Ann keeps Order of the Day #21 (Dig in), #7 goes back on top.`` and its text."""
    back = (
        _(", #{number} goes back on top").format(number=e.returned)
        if e.returned is not None
        else ""
    )
    said = _("{player} keeps {order}{back}.").format(
        player=e.player, order=order_said(e.order, c), back=back
    )
    return said + order_text(e.order, c)


def discarded(e: OrderDiscarded, c: Catalogue) -> str:
    """``Order of the Day #21 is discarded after Support.``"""
    return _("{order} is discarded after Support.").format(order=order_said(e.order, c))


def cancelled(e: OrderCancelled, c: Catalogue) -> str:
    """``Order of the Day #21 is cancelled (its condition met). Ann draws 2 cards.``"""
    drew = (
        _(" {player} draws {cards}.").format(player=e.player, cards=cards_said(len(e.cards)))
        if e.player
        else ""
    )
    said = _("{order} is cancelled ({reason}).").format(
        order=order_said(e.order, c), reason=e.reason
    )
    return said + drew


def in_play(state: CampaignState, name: str | None) -> Any:
    """``why``'s fact: the Orders of the Day in play (None: the chapter plays none)."""
    from domain.modules.orders.state import order_piles

    piles = order_piles(state.chapter) if state.chapter is not None else None
    return None if piles is None else piles.in_play


def in_play_said(value: Any, name: str | None) -> str:
    """``Orders of the Day in play: #21, #7`` or that none is."""
    shown = ", ".join(f"#{n}" for n in value)
    if value:
        return _("Orders of the Day in play: {numbers}").format(numbers=shown)
    return _("no Order of the Day is in play")


def cancel_offered(state: Any, command: Any) -> list[Move]:
    """A lasting Order's cancellation on the keeper's page: for a condition the engine
    checks, by the withdrawn player drawing what it says; else with how it was met and, if
    it says so, who draws how many (the keeper types them)."""
    from voice.keeper import order_cancel_label

    chapter = state.chapter
    order = chapter.catalogue.orders.get(command.order)
    name = order.name if order is not None else ""
    words: tuple[str, ...] = ("order", "cancel", str(command.order))
    if command.player is not None:
        words += ("--player", command.player, "--draws", str(command.draws))
        label = order_cancel_label(command.order, name, command.player, command.draws)
        return [Move(label, words, command, "order")]
    drawers = [p.name for p in chapter.players if not p.chaplain]
    more = {"reason": True, "drawers": drawers}
    return [Move(order_cancel_label(command.order, name), words, command, "order", more)]


def cancel_summary(command: Any) -> str:
    """``Order #21 cancelled``: the log's summary of an Order's cancellation."""
    from voice.summary import order_cancelled

    return order_cancelled(command.order)


def cancel_completed(command: Any, named: Any) -> Any:
    """A cancellation whose condition the engine does not check, completed with how the
    keeper says it was met and who draws how many."""
    if command.player is not None:
        return command
    from msgspec.structs import replace

    return replace(command, reason=named.reason, player=named.player, draws=named.draws)


def mission_move(state: Any, command: Any, move: dict[str, Any]) -> dict[str, Any]:
    """A Mission start on the keeper's page keeping an Order of the Day and putting the
    other back: its words (``--order N --back N``) and its label name them."""
    from domain.modules.orders import order_kept, order_put_back
    from voice.keeper import mission_label

    number, back = order_kept(command), order_put_back(command)
    if number is None and back is None:
        return move
    words = [*move["words"], *(["--order", str(number)] if number is not None else [])]
    words += ["--back", str(back)] if back is not None else []
    orders = state.chapter.catalogue.orders
    name = orders[number].name if number in orders else ""
    label = mission_label(command.intensity, number, back, name)
    return {**move, "label": label, "words": words}


def mission_sort(command: Any) -> tuple[int, ...]:
    """Mission starts listed by the Order kept, then the one put back."""
    from domain.modules.orders import order_kept, order_put_back

    return (order_kept(command) or 0, order_put_back(command) or 0)


def mission_summary(command: Any) -> str | None:
    """``mission start 3, Order #21``: the log's summary of a start keeping an Order."""
    from domain.modules.orders import order_kept
    from voice.summary import mission_start

    number = order_kept(command)
    return None if number is None else mission_start(command.intensity, number)


def discarded_explained(chapter: Any, event: Any, number: int, seen: Sequence[Any]) -> Any:
    """``why``: an Order of the Day without a cancellation condition, discarded after
    Support (voice/decisions_table.py)."""
    from voice.decisions import Decision
    from voice.decisions_table import numbered

    name = order_said(event.order, chapter.catalogue)
    facts = _(
        "it has no cancellation condition: it lasted its Mission and leaves No Man's Land "
        "once Support is over"
    )
    entries = [number, *numbered(seen, "OrderChosen", "order", event.order)[-1:]]
    data = {"order": event.order, "lasting": False}
    what = _("{card} discarded").format(card=name)
    return Decision("orders of the day", what, facts, data, entries)


WHY = Why(
    {"orders": (in_play, in_play_said)},
    by_rule={"orders of the day": ("phase", "leader", "orders")},
    by_command={"order": ("orders",)},
)
ROOM = Room(
    "Orders of the Day",
    narrates={"OrderChosen": chosen, "OrderDiscarded": discarded, "OrderCancelled": cancelled},
    secrets={"OrderCancelled": (("cards", "player"),)},  # the cards the leader drew
    why=WHY,
    offers={"CancelOrder": cancel_offered},
    summaries={"CancelOrder": cancel_summary},
    completes={"CancelOrder": cancel_completed},
    explains={"OrderDiscarded": discarded_explained},
    mission=MissionStart(move=mission_move, sort=mission_sort, summary=mission_summary),
)
