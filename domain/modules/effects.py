"""What an Order of the Day forbids, enforced while it is in No Man's Land (issue 14,
"Effects the engine enforces"; the vocabulary is ``domain/cards/effects.py``).

An Order in play (kept for this Mission, or lasting until its condition is met) may
forbid a Speech, a Good Luck Charm, a withdrawal while holding N or more cards, or
playing a card that shows a threat. Orders stack: each one in play applies. The Orders
module checks every action about to be decided (``before_action`` in moments.py) and
``domain.legal`` asks the same check, so a forbidden action is never offered.

When an Order's restrictions conflict with a Hard Knock's, "the Order of the Day has
priority" (armistice rulebook): if the Orders forbid every action the Hard Knocks leave
the active player, the Hard Knocks give way (``knocks_yield``, asked by
``chapter.hardknocks``). An engine decision the rulebook leaves open: when the Orders
would leave no action at all even then (say every card in hand shows the forbidden
threat and the hand is too large to withdraw), the restrictions yield for that turn: the
player does what the basic rules allow. A refusal always leaves something to do.
"""

from __future__ import annotations

from domain.cards.catalogue import Forbid, OrderCard
from domain.chapter.commands import Command, MakeSpeech, PlayCard, UseCharm, Withdraw
from domain.chapter.guards import find_player
from domain.chapter.state import ChapterState
from domain.errors import RuleViolation


class OrderForbids(RuleViolation):
    """An Order of the Day in play forbids the action."""

    rule = "orders of the day"


def _hand_size(state: ChapterState, name: str) -> int:
    # Solo mode draws no Order of the Day (its Mission start refuses one): a player's hand.
    return find_player(state, name).hand_size


def forbids(state: ChapterState, forbid: Forbid, cmd: Command) -> bool:
    """Whether this restriction forbids the command now."""
    action = forbid.action
    if action == "play":
        return isinstance(cmd, PlayCard) and forbid.threat in state.catalogue[cmd.card].threats
    if action == "speech":
        return isinstance(cmd, MakeSpeech)
    if action == "charm":
        return isinstance(cmd, UseCharm)
    return isinstance(cmd, Withdraw) and _hand_size(state, cmd.player) >= forbid.holding


def forbidding(state: ChapterState, cmd: Command) -> tuple[OrderCard, Forbid] | None:
    """The first Order in No Man's Land (oldest first) that forbids the command, and how."""
    piles = state.orders
    if piles is None or not piles.in_play:
        return None
    described = state.catalogue.orders
    for number in piles.in_play:
        card = described.get(number)
        if card is None or not card.forbids:
            continue
        for forbid in card.forbids:
            if forbids(state, forbid, cmd):
                return card, forbid
    return None


def refusal(state: ChapterState, card: OrderCard, forbid: Forbid, cmd: Command) -> str:
    """``Order #21 Test order: no Speech this Mission``, with the facts that apply."""
    when = "until it is cancelled" if card.lasting else "this Mission"
    said = f"Order #{card.number} {card.name}: {forbid.words} {when}"
    if isinstance(cmd, Withdraw):
        size = _hand_size(state, cmd.player)
        said += (
            f" ({find_player(state, cmd.player).name} holds {size} card{'' if size == 1 else 's'})"
        )
    return said


def _restricting(state: ChapterState) -> bool:
    """An Order that forbids something is in No Man's Land, and it is someone's turn."""
    piles = state.orders
    if piles is None or not piles.in_play or state.active_player is None:
        return False
    described = state.catalogue.orders
    return any(described[n].forbids for n in piles.in_play if n in described)


def stuck(state: ChapterState) -> bool:
    """Whether the Orders in play forbid every action the basic rules leave the active
    player, even with the Hard Knocks giving way (then the Orders yield for this turn:
    the engine's decision, see above)."""
    from domain.legal import open_actions  # legal consults this module: imported when used

    return all(forbidding(state, c) is not None for c in open_actions(state, knocks_apply=False))


def knocks_yield(state: ChapterState) -> bool:
    """The Hard Knocks restricting the active player give way: "In case of conflict with a
    Hard Knock, the Order of the Day has priority" (armistice rulebook, Orders of the
    Day). They do when the Orders in play forbid every action the Hard Knocks leave, and
    not every action the basic rules leave (a Hardheaded player holding only forbidden
    cards may then withdraw; a Fearful one whose withdrawal an Order forbids plays on)."""
    if not _restricting(state):
        return False
    from domain.legal import open_actions  # legal consults this module: imported when used

    if any(forbidding(state, c) is None for c in open_actions(state, knocks_apply=True)):
        return False
    return not stuck(state)


def enforce_forbids(state: ChapterState, cmd: Command) -> None:
    """Before an action: refuse it when an Order in play forbids it (moments.py)."""
    found = forbidding(state, cmd)
    if found is not None and not stuck(state):
        raise OrderForbids(refusal(state, *found, cmd))
