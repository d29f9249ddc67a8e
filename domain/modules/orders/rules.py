"""Orders of the Day: their rules (see the package's docstring), queries, deciding and
evolving, and the ``Module`` that joins them to a chapter."""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

from msgspec.structs import replace

from domain.cards.effects import rule_words
from domain.chapter.commands import Chance, Command, StartChapter, StartMission
from domain.chapter.guards import find_player
from domain.chapter.moments import Module
from domain.chapter.outcome import Outcome
from domain.chapter.resolution import lost_by_hands
from domain.chapter.setup import numbered_deck
from domain.chapter.state import ChapterState, Phase, Player
from domain.errors import N_, IntensityTooLow, WrongPhase
from domain.events import ChapterStarted
from domain.modules.effects import with_drawn
from domain.modules.orders.commands import (
    OPTIONS,
    CancelOrder,
    order_kept,
    order_put_back,
    orders_briefed,
)
from domain.modules.orders.corrections import ORDER_FACTS
from domain.modules.orders.events import OrderCancelled, OrderChosen, OrderDiscarded
from domain.modules.orders.state import KEY, OrderPiles, order_piles, with_order_piles
from domain.modules.orders.words import CANCEL_REASON, OrderRefused


# --- Queries ---------------------------------------------------------------------------
def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def order_label(state: ChapterState, number: int) -> str:
    """``Order of the Day #12 (Name)``, or just the number while it is not described."""
    card = state.catalogue.orders.get(number)
    return f"Order of the Day #{number}" + (f" ({card.name})" if card else "")


def grizzled_at_table(state: ChapterState) -> int:
    """The player count an order's minimum is read for: the Grizzled (Duo: 4)."""
    return len(state.card_players)


def order_minimum(state: ChapterState, order: int | None) -> int:
    """The minimum intensity the chosen order sets (1 without an order)."""
    if order is None or order not in state.catalogue.orders:
        return 1
    return state.catalogue.orders[order].minimum_for(grizzled_at_table(state))


def _draws(piles: OrderPiles) -> list[tuple[int, ...]]:
    """The sets of cards the leader may be drawing (the known top cards are among them)."""
    if len(piles.deck) == 1:
        return [piles.deck]
    top = piles.deck[: min(piles.known, 2)]
    rest = piles.deck[len(top) :]
    if len(top) == 2:
        return [top]
    return [(*top, a) for a in rest] if top else list(combinations(rest, 2))


def order_choices(state: ChapterState) -> list[tuple[int | None, int | None]]:
    """Every (kept, put back) pair the leader may announce; ``(None, None)`` when no order
    is drawn. Only described orders can be kept (the engine needs their minimum)."""
    piles = order_piles(state)
    if piles is None or not piles.deck:
        return [(None, None)]
    if len(piles.deck) == 1:
        return [(piles.deck[0], None)] if piles.deck[0] in state.catalogue.orders else []
    pairs = {(a, b) for drawn in _draws(piles) for a, b in permutations(drawn, 2)}
    return sorted(p for p in pairs if p[0] in state.catalogue.orders)


def cancellable(state: ChapterState) -> tuple[int, ...]:
    """The lasting orders in No Man's Land, which only their condition removes."""
    piles = order_piles(state)
    if piles is None or state.phase == Phase.OVER:
        return ()
    described = state.catalogue.orders
    return tuple(n for n in piles.in_play if n in described and described[n].lasting)


def cancel_options(state: ChapterState) -> list[Command]:
    """A cancellation per lasting order (who met the condition and what they draw: open),
    or, for a condition the engine checks (``cancel:withdraw-draw:N``), one per player who
    has withdrawn this Mission, drawing N."""
    options: list[Command] = []
    for number in cancellable(state):
        rules = state.catalogue.orders[number].rules
        condition = next((r for r in rules if r.word == "cancel"), None)
        if condition is None:
            options.append(CancelOrder(number, CANCEL_REASON))
        elif state.phase == Phase.MISSION:
            drawn = min(condition.n, len(state.trials))  # what the deck can give
            options += [
                CancelOrder(number, "", p.name, drawn)
                for p in state.players
                if p.withdrawn and not p.chaplain
            ]
    return options


def orders_in_play(state: ChapterState) -> list[dict[str, Any]]:
    """Each Order of the Day in play as the group described it: number, name, text, the
    threats it adds, what it forbids (in words) and, for a lasting one, its cancellation
    condition (``status --json`` ``orders_in_play``; the name None for one not described)."""
    piles = order_piles(state)
    if piles is None:
        return []
    cards = state.catalogue.orders
    found = []
    for number in piles.in_play:
        card = cards.get(number)
        found.append(
            {
                "number": number,
                "name": card.name if card else None,
                "effect": card.effect if card else "",
                "threats": list(card.threats) if card else [],
                "lasting": card.lasting if card else False,
                "cancellation": card.cancellation if card and card.lasting else "",
                "forbids": [f.words for f in card.forbids] if card else [],
                "rules": [rule_words(r) for r in card.rules] if card else [],
                "cancel_by": _cancellers(state, number),
            }
        )
    return found


def _cancellers(state: ChapterState, number: int) -> list[dict[str, Any]]:
    """Who may cancel a lasting Order whose condition the tool checks, now, and how many
    cards they draw (its ``cancel:withdraw-draw:N``: a player who has withdrawn)."""
    return [
        {"player": c.player, "draws": c.draws}
        for c in cancel_options(state)
        if isinstance(c, CancelOrder) and c.order == number and not c.reason
    ]


def orders_shown(state: ChapterState) -> dict[str, Any] | None:
    """The ``orders`` row: the deck's size, the Orders in play and discarded (numbers) and
    each in play as described (``cards``); None: the chapter plays no Orders."""
    piles = order_piles(state)
    if piles is None:
        return None
    return {
        "deck": len(piles.deck),
        "in_play": list(piles.in_play),
        "discard": list(piles.discard),
        "cards": orders_in_play(state),
    }


# --- Deciding --------------------------------------------------------------------------
def _check_draw(state: ChapterState, piles: OrderPiles, kept: int, back: int | None) -> None:
    leader = state.players[state.leader].name
    if len(piles.deck) == 1 and back is not None:
        raise OrderRefused(
            N_(
                "only #{deck} is left in the Order of the Day deck: {leader} keeps "
                "it and puts nothing back"
            ),
            deck=piles.deck[0],
            leader=leader,
        )
    listed = ", ".join(f"#{n}" for n in piles.deck)
    for card in (kept, back):
        if card is not None and card not in piles.deck:
            raise OrderRefused(
                N_("#{card} is not in the Order of the Day deck (it holds {listed})"),
                card=card,
                listed=listed,
            )
    if len(piles.deck) == 1:
        return
    if back is None:
        raise OrderRefused(
            N_("{leader} draws 2 Orders of the Day: say which one goes back on top of the deck"),
            leader=leader,
        )
    if kept == back:
        raise OrderRefused(
            N_("{leader} keeps one order and puts the other back: not #{kept} twice"),
            leader=leader,
            kept=kept,
        )
    top = piles.deck[: min(piles.known, 2)]
    missing = [n for n in top if n not in (kept, back)]
    if missing:
        shown = " and ".join(f"#{n}" for n in top)
        raise OrderRefused(
            N_(
                "{shown} {value} on top of the Order of the Day deck: {leader} draws "
                "{value2}, not #{kept} and #{back}"
            ),
            shown=shown,
            value="is" if len(top) == 1 else "are",
            leader=leader,
            value2="it and one more card" if len(top) == 1 else "those two",
            kept=kept,
            back=back,
        )


def _check_choice(state: ChapterState, cmd: StartMission) -> None:
    piles, leader = order_piles(state), state.players[state.leader].name
    number, back = order_kept(cmd), order_put_back(cmd)
    if piles is None or not piles.deck:
        if number is not None or back is not None:
            why = "is played without Orders of the Day" if piles is None else "has no order left"
            raise OrderRefused(
                N_("this chapter {why}: {leader} draws no Order of the Day"), why=why, leader=leader
            )
        return
    if number is None:
        raise OrderRefused(
            f"{leader} draws Orders of the Day: say which one they keep"
            + (" and which goes back on top" if len(piles.deck) > 1 else "")
        )
    _check_draw(state, piles, number, back)
    if number not in state.catalogue.orders:
        raise OrderRefused(
            N_(
                "{state} is not described yet: describe it (name, minimum intensity "
                "by player count, threats, lasting) before keeping it"
            ),
            state=order_label(state, number),
        )
    first = state.mission == 0 and state.rules.first_intensity_exact
    low = order_minimum(state, number)
    if not first and cmd.intensity < low:
        raise IntensityTooLow(
            N_(
                "{leader} cannot choose intensity {intensity}: {state} sets at least "
                "{low} for {state2} Grizzled"
            ),
            leader=leader,
            intensity=cmd.intensity,
            state=order_label(state, number),
            low=low,
            state2=grizzled_at_table(state),
        )


def choose_order(o: Outcome, cmd: StartMission) -> None:
    """At the start of a Mission: check the drawn and kept orders and the minimum; reveal."""
    _check_choice(o.state, cmd)
    number = order_kept(cmd)
    if number is not None:
        o.emit(OrderChosen(o.state.players[o.state.leader].name, number, order_put_back(cmd)))


def discard_spent_orders(o: Outcome) -> None:
    """After the Support phase: orders without a cancellation condition are discarded."""
    state = o.state
    piles = order_piles(state)
    if piles is not None:
        for number in piles.in_play:
            if not state.catalogue.orders[number].lasting:
                o.emit(OrderDiscarded(number))


def decide_cancel_order(
    state: ChapterState, cmd: CancelOrder, chance: Chance | None = None
) -> Outcome:
    """A lasting order's condition is met: it leaves; a player may draw Trials cards."""
    if state.phase == Phase.OVER:
        raise WrongPhase(N_("cannot cancel an Order of the Day: the chapter is over"))
    piles = order_piles(state)
    if piles is None:
        raise OrderRefused(
            N_("this chapter is played without Orders of the Day: nothing to cancel")
        )
    label = order_label(state, cmd.order)
    if cmd.order not in piles.in_play:
        shown = ", ".join(f"#{n}" for n in piles.in_play) or "none"
        raise OrderRefused(
            N_("{label} is not in No Man's Land (orders in play: {shown})"),
            label=label,
            shown=shown,
        )
    card = state.catalogue.orders[cmd.order]
    if not card.lasting:
        raise OrderRefused(
            N_(
                "{label} has no cancellation condition: it lasts this Mission and is "
                "discarded after the Support phase"
            ),
            label=label,
        )
    condition = next((r for r in card.rules if r.word == "cancel"), None)
    reason = cmd.reason.strip()
    if not reason and condition is None:
        said = card.cancellation or "see the card"
        raise OrderRefused(
            N_("say why {label} is cancelled (its condition: {said})"), label=label, said=said
        )
    if cmd.draws < 0 or (cmd.draws and cmd.player is None):
        raise OrderRefused(
            N_("cancelling {label}: name the player who draws, and a count >= 0"), label=label
        )
    player = find_player(state, cmd.player) if cmd.player is not None else None
    if cmd.draws > len(state.trials):
        raise OrderRefused(
            N_(
                "cancelling {label}: the Trials deck holds {cards}, so {draws} "
                "cannot be drawn: name the cards actually drawn (--draws "
                "{trials_count}); the order is cancelled all the same"
            ),
            label=label,
            cards=_cards(len(state.trials)),
            draws=cmd.draws,
            trials_count=len(state.trials),
        )
    if condition is not None:
        _check_condition(state, label, condition.n, player, cmd.draws)
        reason = reason or f"{player.name if player else ''} withdrew and drew {cmd.draws}"
    if player is not None and player.chaplain:
        raise OrderRefused(N_("the Chaplain never holds cards: he cannot draw for an order"))
    # "If the Trials Deck doesn't contain enough cards, the Order of the Day is still
    # cancelled": the player draws what is left, and says so.
    cards = state.trials[: cmd.draws]
    o = Outcome(state)
    name = player.name if player is not None else None
    o.emit(OrderCancelled(cmd.order, reason, name, cards))
    lost_by_hands(o)  # the drawn cards may make 13 in hands: lost at once (Decision 2)
    return o


def _check_condition(
    state: ChapterState, label: str, draws: int, player: Player | None, drawn: int
) -> None:
    """``cancel:withdraw-draw:N``: "When Withdrawing, a player can draw N cards from the
    Trials Deck to discard this Order of the Day" (armistice rulebook's example): the
    player has withdrawn this Mission and draws exactly N ("if the Trials Deck doesn't
    contain enough cards, the Order of the Day is still cancelled": they draw what is left,
    0 from an empty deck, and name that many)."""
    said = f"{label} is cancelled by a player who has withdrawn this Mission drawing {draws} cards"
    left = min(draws, len(state.trials))  # the cards actually drawn
    if player is None or drawn != left:
        held = "" if left == draws else f" (the Trials deck holds {_cards(len(state.trials))})"
        raise OrderRefused(
            N_("{said}{held}: name them and the {left} drawn (--player, --draws {left2})"),
            said=said,
            held=held,
            left=_cards(left),
            left2=left,
        )
    if state.phase != Phase.MISSION or not player.withdrawn:
        raise OrderRefused(
            N_("{said}: {player} has not withdrawn this Mission"), said=said, player=player.name
        )


def kept_order_minimum(state: ChapterState, cmd: StartMission) -> int:
    """The minimum intensity of the order this Mission's leader keeps (1 without one)."""
    return order_minimum(state, order_kept(cmd))


def briefed_orders(cmd: StartChapter, armistice: bool, chance: Chance | None) -> dict[str, Any]:
    """At the setup: the Briefing's Order of the Day deck (None: not used)."""
    return {"orders": numbered_deck(orders_briefed(cmd), "Orders of the Day", armistice, chance)}


# --- Evolving --------------------------------------------------------------------------
def lay_out_orders(state: ChapterState, event: ChapterStarted) -> ChapterState:
    """The Order of the Day deck of the Briefing, if the chapter uses one: the engine knows
    its order exactly when it knows the Trials deck's (it dealt itself, or was told)."""
    if event.orders is None:
        return state
    known = len(event.orders) if None not in event.trials else 0
    return with_order_piles(state, OrderPiles(event.orders, known))


def _piles(state: ChapterState) -> OrderPiles:
    piles = order_piles(state)
    assert piles is not None, "an order event in a chapter without Orders of the Day"
    return piles


def _chosen(state: ChapterState, event: OrderChosen) -> ChapterState:
    piles = _piles(state)
    deck, known = list(piles.deck), piles.known
    for card in (event.order, event.returned):
        if card is not None:
            at = deck.index(card)
            del deck[at]
            known -= at < known
    if event.returned is not None:
        deck.insert(0, event.returned)
        known += 1
    in_play = (*piles.in_play, event.order)
    return with_order_piles(state, replace(piles, deck=tuple(deck), known=known, in_play=in_play))


def _leaves(piles: OrderPiles, number: int) -> OrderPiles:
    in_play = list(piles.in_play)
    in_play.remove(number)
    return replace(piles, in_play=tuple(in_play), discard=(*piles.discard, number))


def _discarded(state: ChapterState, event: OrderDiscarded) -> ChapterState:
    piles = _leaves(_piles(state), event.order)
    spent = (*(s for s in piles.spent if s[0] == state.mission), (state.mission, event.order))
    return with_order_piles(state, replace(piles, spent=spent))


def _cancelled(state: ChapterState, event: OrderCancelled) -> ChapterState:
    state = with_order_piles(state, _leaves(_piles(state), event.order))
    if event.player is None:
        return replace(state, trials=state.trials[len(event.cards) :])
    return with_drawn(state, event.player, event.cards)


ORDERS = Module(
    "Orders of the Day",
    decks=briefed_orders,
    begin=lay_out_orders,
    start_choices=order_choices,
    minimum=kept_order_minimum,
    before_deal=choose_order,
    after_support=discard_spent_orders,
    keeps=(KEY, OrderPiles),
    evolvers={OrderChosen: _chosen, OrderDiscarded: _discarded, OrderCancelled: _cancelled},
    commands={CancelOrder: decide_cancel_order},
    facts=ORDER_FACTS,
    options=OPTIONS,
    actions=cancel_options,
    shows={"orders": orders_shown},
)
