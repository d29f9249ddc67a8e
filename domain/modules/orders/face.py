"""Orders of the Day's face (``voice/rooms.py``): the sentences of its events, its lines on
the board, what it adds to the Next line and to ``why``, in the voice's words. Of the
voice's layer, though in the module's folder: nothing of the domain imports it; the voice
loads it the first time it meets one of the module's events, a board holding an Order or a
chapter playing them (so its imports are light: a ``grizzled status`` loads it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from voice import Move, Room, Why
from voice.lang import _, threat_name
from voice.moments import MissionStart
from voice.parts import BoardWords, Decides, NextWords
from voice.shown import LINE, SHORT, shown

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.cards.box import OrderDescribed
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
    from voice.narrate import applied_text, enforced_words, unstopped

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
    from voice.narrate import cards_said

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
    numbers = ", ".join(f"#{n}" for n in value)
    if value:
        return _("Orders of the Day in play: {numbers}").format(numbers=numbers)
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


# --- the board (voice/board.py): the Orders in play, from the ``status`` document ---


def piles(values: dict[str, Any], mission: int) -> dict[str, Any]:
    """The document's ``orders`` (numbers in play) and ``orders_in_play`` (each as
    described) from the rows the modules show."""
    orders = values.get("orders") or {}
    return {
        "orders": list(orders.get("in_play", [])),
        "orders_in_play": list(orders.get("cards", [])),
    }


def order_named(order: Mapping[str, Any]) -> str:
    """``Order #21 Hold the Line``: an Order of the Day in play, with its name if known."""
    name = order.get("name")
    return _("Order #{number}").format(number=order["number"]) + (
        f" {shown(name, SHORT)}" if name else ""
    )


def restricts(order: Mapping[str, Any]) -> str:
    """What an Order in play restricts, in a few words: ``adds night; no Speech`` (its text
    is shown in full when it enters play, and by ``card``); '' when the tool applies none."""
    said = (
        [_("adds {threats}").format(threats="+".join(order["threats"]))]
        if order.get("threats")
        else []
    )
    return _("; ").join(said + list(order.get("forbids") or ()))


def _said(what: str, name: str | None, text: str | None) -> str:
    """``what name: text`` on one line."""
    line = what + (f" {name}" if name else "")
    return line + (f": {text}" if text else "")


def orders_lines(doc: dict[str, Any]) -> list[str]:
    """Each Order of the Day in play with its text, what it adds and, for a lasting one,
    its cancellation condition (a board stored before the texts: the numbers)."""
    cards = doc.get("orders_in_play")
    if cards is None:
        numbers = ", ".join(f"#{n}" for n in doc.get("orders") or [])
        return (
            [_("Orders of the Day in play: {numbers}").format(numbers=numbers)] if numbers else []
        )
    lines = []
    for order in cards:
        what = _("Order of the Day #{number}").format(number=order["number"])
        lines.append(_said(what, order["name"], order["effect"]))
        if order["threats"]:
            adds = "+".join(threat_name(t) for t in order["threats"])
            lines.append(_("   adds {threats} to No Man's Land").format(threats=adds))
        if order.get("forbids"):  # a board from before the vocabulary has none
            lines.append(_("   forbids: {forbids}").format(forbids=_("; ").join(order["forbids"])))
        if order.get("rules"):
            lines.append(_("   the tool applies: {rules}").format(rules="; ".join(order["rules"])))
        if order["lasting"]:
            until = order["cancellation"] or _("(not said)")
            lines.append(_("   lasts until: {until}").format(until=until))
    return lines


def folded_lines(doc: dict[str, Any]) -> list[str]:
    """Each Order in play in a line, with what it restricts (its text behind a key)."""
    lines = []
    for order in doc.get("orders_in_play") or ():
        said = restricts(order) or _("in play")
        lasting = _(" (lasting)") if order["lasting"] else ""
        lines.append(f"{order_named(order)}: {said}{lasting}")
    return lines


def board_lines(doc: dict[str, Any], folded: bool) -> list[tuple[str, str]]:
    """The Orders in play on the board: in full (``order``), or folded (``folded``)."""
    if folded:
        return [("folded", line) for line in folded_lines(doc)]
    return [("order", line) for line in orders_lines(doc)]


def elsewhere(doc: dict[str, Any], threat: str, most: int) -> tuple[int, str]:
    """How many of ``threat``'s active threats the Orders in play show (at most ``most``):
    ``1 from Orders``."""
    count = sum(o.get("threats", []).count(threat) for o in doc.get("orders_in_play") or ())
    return min(count, most), _("{count} from Orders")


# --- the Next line (voice/next_step.py) ---


def lead(chapter: Any) -> str:
    """With Orders of the Day left in their deck, the order the Mission Leader keeps (and
    the one that goes back, when two are drawn)."""
    from domain.modules.orders.state import order_piles

    kept = order_piles(chapter)
    orders = len(kept.deck) if kept is not None else 0
    return " --order N --back N" if orders > 1 else " --order N" if orders == 1 else ""


def turn_notes(orders: Iterable[Mapping[str, Any]]) -> tuple[list[str], str]:
    """The Orders in play that may restrict a player's turn, each named with what it
    restricts in a few words (its text is shown when it enters play), and who may cancel
    a lasting one and how."""
    orders = list(orders)
    said = [
        f"{order_named(o)}" + (f": {shown(r, LINE)}" if (r := restricts(o)) else _(" in play"))
        for o in orders
    ]
    line = ""
    for order in orders:
        for may in order.get("cancel_by") or ():
            who = shown(may["player"], SHORT)
            line += _(
                "; {player} may cancel {order}: grizzled order cancel "
                "{number} -p {player} --draws {draws}"
            ).format(
                player=who, order=order_named(order), number=order["number"], draws=may["draws"]
            )
    return said, line


def turn(chapter: Any) -> tuple[list[str], str]:
    """What the Orders in play restrict of this chapter's turn."""
    from domain.modules.orders.rules import orders_in_play

    return turn_notes(orders_in_play(chapter))


def turn_on_board(doc: Mapping[str, Any]) -> tuple[list[str], str]:
    """What the Orders in play restrict of the turn, read from the board."""
    return turn_notes(doc.get("orders_in_play") or ())


# --- ``why``: the Orders' threats when a Mission failed (voice/decisions.py) ---


def threats_shown(
    chapter: Any, threat: str, seen: Sequence[Any]
) -> tuple[list[str], dict[str, Any], list[int], int]:
    """The Orders in play showing the threat (Orders of the Day show threats while in
    play) and the entries whose Mission Leader kept each."""
    from domain.modules.orders.state import order_piles
    from voice.decisions_table import numbered

    piles = order_piles(chapter)
    orders = (
        [n for n in piles.in_play if threat in chapter.catalogue.orders[n].threats] if piles else []
    )
    entries = [n for order in orders for n in numbered(seen, "OrderChosen", "order", order)[-1:]]
    parts = [_("Order of the Day #{number}").format(number=n) for n in orders]
    return parts, {"orders": orders}, entries, len(orders)


def described(e: OrderDescribed, c: Catalogue) -> str:
    """The box learnt an Order of the Day (``grizzled describe order``)."""
    from voice.narrate import corrected

    said = _("Order of the Day #{number} learnt: {name} ({difficulty}).")
    return said.format(number=e.number, name=e.name, difficulty=e.difficulty) + corrected(e.reason)


WHY = Why(
    {"orders": (in_play, in_play_said)},
    by_rule={"orders of the day": ("phase", "leader", "orders")},
    by_command={"order": ("orders",)},
)
ROOM = Room(
    "Orders of the Day",
    narrates={
        "OrderChosen": chosen,
        "OrderDiscarded": discarded,
        "OrderCancelled": cancelled,
        "OrderDescribed": described,
    },
    secrets={"OrderCancelled": (("cards", "player"),)},  # the cards the leader drew
    why=WHY,
    offers={"CancelOrder": cancel_offered},
    summaries={"CancelOrder": cancel_summary},
    completes={"CancelOrder": cancel_completed},
    explains={"OrderDiscarded": discarded_explained},
    board_lines=BoardWords(board_lines, wraps=("order",), elsewhere=elsewhere),
    next_lines=NextWords(lead=lead, turn=turn, turn_on_board=turn_on_board),
    piles=piles,
    decides=Decides(threats=threats_shown),
    mission=MissionStart(move=mission_move, sort=mission_sort, summary=mission_summary),
)
