"""The card effects the engine applies (issue 14, "Effects the engine enforces"; the
vocabulary and what each word means: ``domain/cards/effects.py``).

A card is *in force* while the rulebook says its effect lasts: an Order of the Day while
it is in No Man's Land (for its Mission, or until its condition is met), a Recruit while
it is in play, a Friendship Helping Hand for the rest of the campaign once its holder has
it. Cards in force stack: each applies. This module joins the chapter's rules at the named
moments (``domain/chapter/moments.py``): before an action (what the cards forbid), when
Hard Knocks would restrict (what the cards allow), after an action (a draw when a player
withdraws), at the Support and the Morale Drop. Action and Event Helping Hands and a
Recruit's advantage apply once (``once``), through ``CardEffect`` events.

When an Order's restrictions conflict with a Hard Knock's, "the Order of the Day has
priority" (armistice rulebook): if the Orders forbid every action the Hard Knocks leave
the active player, the Hard Knocks give way (``knocks_yield``, asked by
``chapter.hardknocks``). An engine decision the rulebook leaves open: when the cards
would leave no action at all even then (say every card in hand shows the forbidden
threat and the hand is too large to withdraw), the restrictions yield for that turn: the
player does what the basic rules allow. A refusal always leaves something to do.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import msgspec
from msgspec.structs import replace

from domain.cards.catalogue import Forbid, Rule
from domain.cards.effects import rule_words
from domain.cards.notation import card_label
from domain.chapter.commands import (
    Choice,
    Command,
    MakeSpeech,
    PlayCard,
    UseCharm,
    Withdraw,
)
from domain.chapter.guards import find_player
from domain.chapter.hardknocks import withdrawal_blocker
from domain.chapter.moments import Module
from domain.chapter.outcome import Outcome
from domain.chapter.resolution import lost_by_hands
from domain.chapter.state import ChapterState, Phase, Player
from domain.errors import N_, W_, RuleViolation, Words
from domain.events import Event, Slot
from domain.modules.friendships import KEY as FRIENDSHIPS
from domain.modules.friendships import Friendships, friendships
from domain.modules.orders import order_piles
from domain.modules.recruits import PlayRecruitCard, WithdrawRecruit
from domain.modules.recruits.state import recruit_in_play, recruit_piles


class OrderForbids(RuleViolation):
    """A card in force (an Order of the Day, a Recruit) forbids the action."""

    rule = "orders of the day"


class RecruitForbids(RuleViolation):
    """The Recruit in play forbids the action (its rule, as the group described it)."""

    rule = "recruits"


def forbidden(card: InForce, said: tuple[str, dict[str, object]]) -> RuleViolation:
    """The refusal of an action a card in force forbids, under the card's own rule (its
    words' form and facts: ``refusal``)."""
    template, data = said
    return (OrderForbids if card.kind == "order" else RecruitForbids)(template, **data)


class EffectRefused(RuleViolation):
    """A card's effect cannot be applied as asked."""

    rule = "card effects"


# --- Events ----------------------------------------------------------------------------
class CardEffect(Event, frozen=True):
    """A card's rule applied once to ``player``: ``source`` names the card
    (``Order #21 Name``), ``rule`` the rule's words (``draw:2``); ``cards`` the cards it
    moved (drawn, discarded: slots, None unseen), ``tokens`` the Speech tokens taken."""

    TYPE: ClassVar[str] = "CardEffect"
    source: str
    rule: str
    player: str | None
    cards: tuple[Slot, ...] = ()
    tokens: int = 0


# --- What is in force ------------------------------------------------------------------
class InForce(msgspec.Struct, frozen=True):
    """A card whose effect lasts now: its kind (``order``, ``recruit``, ``friendship``),
    its label, how long, what it forbids and its rules; ``holder``: a Friendship's player
    (its ``allow`` is theirs only)."""

    kind: str
    label: str
    when: str
    forbids: tuple[Forbid, ...]
    rules: tuple[Rule, ...]
    holder: str | None = None
    number: int = 0  # an Order's or a Recruit's, and its name: what a refusal names
    name: str = ""


def in_force(state: ChapterState) -> Iterator[InForce]:
    """Every card in force now, Orders first (oldest first), then the Recruit, then the
    Friendships. An Order "lasts as long as the Mission itself" and is "discarded after
    the Support phase": the engine reads it as still bounding the Morale Drop that closes
    its Mission (``OrderPiles.spent``; an engine decision, docs/rules.md)."""
    catalogue, orders = state.catalogue, order_piles(state)
    if orders is not None:
        spent = tuple(n for m, n in orders.spent if m == state.mission)
        for number in (*orders.in_play, *spent):
            order = catalogue.orders.get(number)
            if order is not None and (order.forbids or order.rules):
                when = W_("until it is cancelled") if order.lasting else W_("this Mission")
                label = f"Order #{number} {order.name}"
                rules = order.rules
                yield InForce("order", label, when, order.forbids, rules, None, number, order.name)
    recruit = recruit_in_play(state)
    if recruit is not None:
        card = catalogue.recruits.get(recruit.number)
        if card is not None and (card.forbids or card.rules):
            label = f"Recruit #{card.number} {card.name}"
            when = W_("while it is in play")
            forbids, rules = card.forbids, card.rules
            yield InForce("recruit", label, when, forbids, rules, None, card.number, card.name)
    for player, number in friendships(state) if FRIENDSHIPS in state.modules else ():
        helping = catalogue.helping_hands.get(number)
        if helping is not None and helping.rules:
            label = f"Friendship #{number} {helping.name}"
            rules = helping.rules
            yield InForce("friendship", label, "for the campaign", (), rules, holder=player)


def _any_in_force(state: ChapterState) -> bool:
    """Cheap first look on the hot path: could any card be in force? (A Recruit in play:
    ``recruit_in_play(state)``, read without the property; a Friendship held: its record.)"""
    if not state.modules and recruit_piles(state) is None:  # most chapters: no module's card
        return False
    orders, recruits = order_piles(state), recruit_piles(state)
    return bool(
        (orders is not None and (orders.in_play or orders.spent))
        or (recruits is not None and recruits.recruit is not None)
        or FRIENDSHIPS in state.modules
    )


def rules_in_force(state: ChapterState, word: str) -> list[tuple[InForce, Rule]]:
    """Each rule with this word in force now, and its card (a list: most often none, at
    once, without making a generator)."""
    if not _any_in_force(state):
        return []
    return [(card, rule) for card in in_force(state) for rule in card.rules if rule.word == word]


# --- Restrictions ----------------------------------------------------------------------
def _hand_size(state: ChapterState, cmd: Command) -> int:
    if isinstance(cmd, WithdrawRecruit):
        recruit = recruit_in_play(state)
        return len(recruit.hand) if recruit is not None else 0
    assert isinstance(cmd, Withdraw)
    return find_player(state, cmd.player).hand_size


def forbids(state: ChapterState, forbid: Forbid, cmd: Command) -> bool:
    """Whether this restriction forbids the command now (a Recruit's too)."""
    action = forbid.action
    if action == "play":
        if isinstance(cmd, PlayCard | PlayRecruitCard):
            return forbid.threat in state.catalogue[cmd.card].threats
        return False
    if action == "speech":
        return isinstance(cmd, MakeSpeech)
    if action == "charm":
        return isinstance(cmd, UseCharm)
    return isinstance(cmd, Withdraw | WithdrawRecruit) and _hand_size(state, cmd) >= forbid.holding


def forbidding(state: ChapterState, cmd: Command) -> tuple[InForce, Forbid] | None:
    """The first card in force that forbids the command, and how."""
    if not _any_in_force(state):
        return None
    for card in in_force(state):
        for forbid in card.forbids:
            if forbids(state, forbid, cmd):
                return card, forbid
    return None


# What a card in force forbids, as a refusal says it (``Forbid.words``), by its action;
# a withdrawal refused says what the one withdrawing holds.
_FORBIDS = {
    "speech": N_("{what} #{number} {name}: no Speech {when}"),
    "charm": N_("{what} #{number} {name}: no Good Luck Charm {when}"),
    "play": N_("{what} #{number} {name}: no card showing {threat} played {when}"),
    "withdraw-holding": N_(
        "{what} #{number} {name}: no withdrawal while holding {holding} or more cards {when}"
    ),
    "withdrawal 1": N_(
        "{what} #{number} {name}: no withdrawal while holding {holding} or more cards {when} "
        "({who} holds 1 card)"
    ),
    "withdrawal": N_(
        "{what} #{number} {name}: no withdrawal while holding {holding} or more cards {when} "
        "({who} holds {size} cards)"
    ),
}


def refusal(
    state: ChapterState, card: InForce, forbid: Forbid, cmd: Command
) -> tuple[str, dict[str, object]]:
    """``Order #21 Hold the Line: no Speech this Mission``, with the facts that apply: the
    words' form and the facts that fill it (``domain.errors.Worded``)."""
    what = W_("Order") if card.kind == "order" else W_("Recruit")
    data: dict[str, object] = {"what": what, "number": card.number, "name": card.name}
    data.update(when=card.when, holding=forbid.holding)
    if forbid.action == "play":
        data.update(threat=Words(forbid.threat))
    form = forbid.action
    if isinstance(cmd, Withdraw | WithdrawRecruit):
        size = _hand_size(state, cmd)
        who = (
            find_player(state, cmd.player).name if isinstance(cmd, Withdraw) else W_("the Recruit")
        )
        data.update(who=who, size=size)
        form = "withdrawal 1" if size == 1 else "withdrawal"
    return _FORBIDS[form], data


def may_refuse(state: ChapterState) -> bool:
    """Whether a card that restricts is in force (an Order of the Day in No Man's Land, a
    Recruit in play): only then may ``enforce_forbids`` refuse an action (moments.py
    ``restricts``)."""
    if not state.modules and recruit_piles(state) is None:  # most chapters: no module's card
        return False
    piles, recruits = (
        order_piles(state),
        recruit_piles(state),
    )  # (``recruit_in_play(state)``: no property)
    return (piles is not None and bool(piles.in_play)) or (
        recruits is not None and recruits.recruit is not None
    )


def _restricting(state: ChapterState) -> bool:
    """A card that forbids something is in force, and it is someone's turn."""
    if state.active_player is None or not _any_in_force(state):
        return False
    return any(card.forbids for card in in_force(state))


def hidden_may_be_forbidden(state: ChapterState, player: Player) -> bool:
    """Whether the cards of the player's hand nobody has seen may all be cards the cards in
    force forbid playing: enough unseen copies of such cards remain (False without unseen
    cards). At a real table the tool does not see hands: what a player may hold, they may
    hold (an engine decision, docs/rules.md)."""
    if not player.hidden:
        return False
    known, room = state.known_counts(), 0
    for key, card in state.catalogue.cards.items():
        spare = card.copies - known[key]
        if spare > 0 and forbidding(state, PlayCard(player.name, key)) is not None:
            room += spare
    return room >= player.hidden


def _readings(state: ChapterState) -> tuple[bool, ...]:
    """The readings of the active player's hand the rules below are asked under: as the
    tool sees it (cards nobody has seen may be any card still unseen: every such play is
    open), and, when those unseen cards may all be cards the cards in force forbid
    playing, that hand (``True``: those plays left out). An action is open when some
    reading opens it: the player is taken at their word, as for a card played from an
    unseen hand (an engine decision, docs/rules.md)."""
    player = state.active_player
    if player is None or not hidden_may_be_forbidden(state, player):
        return (False,)
    return (False, True)


def _open(state: ChapterState, knocks_apply: bool, all_forbidden: bool) -> list[Command]:
    """``open_actions``, less the plays only the unseen cards could make when they are
    read as all forbidden (``all_forbidden``)."""
    from domain.legal import open_actions  # legal consults this module: imported when used

    listed = list(open_actions(state, knocks_apply=knocks_apply))
    player = state.active_player
    if not all_forbidden or player is None:
        return listed
    seen = set(player.hand)
    return [c for c in listed if not isinstance(c, PlayCard) or c.card in seen]


def _stuck_as(state: ChapterState, all_forbidden: bool) -> bool:
    left = _open(state, False, all_forbidden)
    return all(forbidding(state, c) is not None for c in left)


def stuck(state: ChapterState, cmd: Command | None = None) -> bool:
    """Whether the cards in force forbid every action the basic rules leave the active
    player, even with the Hard Knocks giving way (then they yield for this turn: the
    engine's decision, see above). Read as the tool sees the hand, every restriction
    yields; read as all forbidden (an unseen hand that may hold only cards the cards in
    force forbid: ``_readings``), only a withdrawal's: the player may leave on their word,
    the one way on that asks nothing of the hand, while the plays stay forbidden."""
    if _stuck_as(state, False):
        return True
    return isinstance(cmd, Withdraw) and True in _readings(state) and _stuck_as(state, True)


def _yield_as(state: ChapterState, all_forbidden: bool) -> bool:
    left = _open(state, True, all_forbidden)
    if any(forbidding(state, c) is None for c in left):
        return False
    return not _stuck_as(state, all_forbidden)


def knocks_yield(state: ChapterState) -> bool:
    """The Hard Knocks restricting the active player give way: "In case of conflict with a
    Hard Knock, the Order of the Day has priority" (armistice rulebook, Orders of the
    Day). They do when the cards in force forbid every action the Hard Knocks leave, and
    not every action the basic rules leave (a Hardheaded player holding only forbidden
    cards may then withdraw; a Fearful one whose withdrawal an Order forbids plays on),
    under some reading of an unseen hand (``_readings``)."""
    if not _restricting(state):
        return False
    return any(_yield_as(state, reading) for reading in _readings(state))


def gave_way(state: ChapterState, player: Player) -> tuple[str, tuple[str, ...]] | None:
    """When the Hard Knocks give way to the cards in force for this player's turn: the
    Hard Knock's restriction that gave way (its words) and the cards in force that
    forbid every action it left (their labels); None otherwise."""
    from domain.legal import open_actions  # legal consults this module: imported when used

    active = state.active_player
    if active is None or active.name != player.name or not knocks_yield(state):
        return None
    blocker = withdrawal_blocker(state, player, knocks_apply=True)
    if blocker is None:
        return None
    found = (forbidding(state, c) for c in open_actions(state, knocks_apply=True))
    labels = tuple(dict.fromkeys(f[0].label for f in found if f is not None))
    return blocker.reason, labels


def enforce_forbids(state: ChapterState, cmd: Command) -> None:
    """Before an action: refuse it when a card in force forbids it (moments.py)."""
    # most chapters play no module and hold no Friendship: nothing can be in force (a first
    # look cheaper than ``_any_in_force``'s call, before every action)
    if not state.modules and recruit_piles(state) is None:
        return
    found = forbidding(state, cmd)
    if found is not None and not stuck(state, cmd):
        raise forbidden(found[0], refusal(state, *found, cmd))


# --- Permissions -----------------------------------------------------------------------
def allows(state: ChapterState, player: Player, action: str) -> bool:
    """Whether a card in force lifts the Hard Knocks that restrict this action of this
    player (``speech``, ``withdraw``, ``play``)."""
    for card, rule in rules_in_force(state, "allow"):
        if rule.value == action and card.holder in (None, player.name):
            return True
    return False


# --- The Support and the Morale Drop ---------------------------------------------------
def support_rule(state: ChapterState) -> tuple[bool, int | None]:
    """Whether anybody benefits from this Mission's Support, and how many Hard Knocks the
    beneficiary may discard (None: as the rules say)."""
    benefits, discards = True, None
    if not _any_in_force(state):  # most chapters: no rule in force, as the rules say
        return benefits, discards
    for _card, rule in rules_in_force(state, "support"):
        benefits = benefits and rule.value != "none"
    for _card, rule in rules_in_force(state, "support-discards"):
        discards = rule.n if discards is None else max(discards, rule.n)
    return benefits, discards


def morale_drop(state: ChapterState, size: int) -> int:
    """The Morale Drop bounded by the cards in force: at least the largest ``drop-min``,
    at most the smallest ``drop-max``."""
    if not _any_in_force(state):  # most chapters: no rule in force, the size stands
        return size
    for _card, rule in rules_in_force(state, "drop-min"):
        size = max(size, rule.n)
    for _card, rule in rules_in_force(state, "drop-max"):
        size = min(size, rule.n)
    return size


# --- Drawing when withdrawing ----------------------------------------------------------
def draw_on_withdrawal(o: Outcome, cmd: Command) -> None:
    """After a withdrawal: each ``draw:N@withdraw`` in force makes the player draw N."""
    # most chapters play no module and hold no Friendship: nothing in force (``_any_in_force``'s
    # first look, asked after every action before the command's class: an ``isinstance`` that
    # fails costs ~1,000 instructions through msgspec's metaclass)
    state = o.state
    if not state.modules and recruit_piles(state) is None:
        return
    if not isinstance(cmd, Withdraw):
        return
    for card, rule in rules_in_force(o.state, "draw"):
        player = find_player(o.state, cmd.player)
        o.emit(CardEffect(card.label, rule.text, player.name, o.state.trials[: rule.n]))


# --- Once: a Helping Hand played, a Recruit's advantage ---------------------------------
def _named_cards(
    state: ChapterState, player: Player, rule: Rule, choice: Choice
) -> tuple[str, ...]:
    cards = choice.cards
    if len(cards) > rule.n:
        raise EffectRefused(
            N_("{rule}: {cards_count} cards named"), rule=rule_words(rule), cards_count=len(cards)
        )
    held = list(player.hand)
    hidden = player.hidden
    for card in cards:
        if card not in state.catalogue:
            raise EffectRefused(N_("{card!r} is not a card of this campaign"), card=card)
        if card in held:
            held.remove(card)
        elif hidden:
            hidden -= 1
        else:
            raise EffectRefused(
                N_("{player} holds no {card} to discard"),
                player=player.name,
                card=card_label(card, state.catalogue),
            )
    return cards


def once(o: Outcome, source: str, rules: tuple[Rule, ...], name: str, choice: Choice) -> None:
    """Apply a card's once-rules for ``name`` (a Helping Hand's player, the Mission Leader
    for a Recruit's advantage); what is named (``choice``) is checked against the rules."""
    used_cards = used_knock = False
    for rule in rules:
        state = o.state
        player = find_player(state, name)
        if player.chaplain and rule.word in ("draw", "discard", "knock-discard"):
            raise EffectRefused(N_("{source}: the Chaplain holds no cards"), source=source)
        match rule.word:
            case "draw" | "reserve":
                o.emit(CardEffect(source, rule.text, player.name, state.trials[: rule.n]))
            case "discard":
                used_cards = True
                cards = _named_cards(state, player, rule, choice)
                o.emit(CardEffect(source, rule.text, player.name, cards))
            case "knock-discard":
                used_knock = True
                knock = choice.knock
                if knock is None and not player.hard_knocks:
                    continue  # nothing in front of them to discard
                if knock is None and len(set(player.hard_knocks)) == 1:
                    knock = player.hard_knocks[0]
                if knock is None or knock not in player.hard_knocks:
                    held = ", ".join(player.hard_knocks) or "none"
                    raise EffectRefused(
                        N_(
                            "{source}: name the Hard Knock {player} discards (--knock; in front "
                            "of them: {held})"
                        ),
                        source=source,
                        player=player.name,
                        held=held,
                    )
                o.emit(CardEffect(source, rule.text, player.name, (knock,)))
            case "tokens":
                room = min(rule.n, state.speech_stock)
                o.emit(CardEffect(source, rule.text, player.name, tokens=room))
            case "charm":
                o.emit(CardEffect(source, rule.text, player.name))
    if choice.cards and not used_cards:
        raise EffectRefused(N_("{source} discards no card from hand: name none"), source=source)
    if choice.knock is not None and not used_knock:
        raise EffectRefused(N_("{source} discards no Hard Knock: name none"), source=source)
    lost_by_hands(o)  # a draw may make 13 cards in hands (Decision 2)


MOMENT_WORDS = {
    "mission-start": "when a Mission starts, before its first action",
    "withdraw": "once its player has withdrawn this Mission",
    "support": "during the Support phase",
}


def event_moment_now(state: ChapterState, player: Player, moment: str) -> bool:
    """Whether an Event Helping Hand's moment is now: ``mission-start`` (a Mission is on
    and nobody has acted yet), ``withdraw`` (its player has withdrawn this Mission),
    ``support`` (the Support phase)."""
    if moment == "support":
        return state.phase == Phase.SUPPORT
    if state.phase != Phase.MISSION:
        return False
    if moment == "withdraw":
        return player.withdrawn
    fresh = not state.nml and not any(p.withdrawn for p in state.players)
    return fresh and state.turn == state.leader


# --- Evolving --------------------------------------------------------------------------
def with_drawn(state: ChapterState, name: str, cards: tuple[Slot, ...]) -> ChapterState:
    """The state once ``name`` drew ``cards`` from the top of the Trials deck (seen ones
    into the known hand, unseen ones counted)."""
    state = replace(state, trials=state.trials[len(cards) :])
    if not cards:
        return state
    player = state.player(name)
    known = tuple(sorted((*player.hand, *(c for c in cards if c is not None))))
    hidden = player.hidden + sum(c is None for c in cards)
    return state.with_player(replace(player, hand=known, hidden=hidden))


def _applied(state: ChapterState, event: CardEffect) -> ChapterState:
    word = event.rule.partition(":")[0].partition("@")[0]
    name = event.player
    assert name is not None, "a card effect names its player"
    if word == "draw":
        return with_drawn(state, name, event.cards)
    if word == "reserve":
        moved = event.cards
        return replace(state, trials=state.trials[len(moved) :], morale=(*state.morale, *moved))
    player = state.player(name)
    if word == "discard":
        hand, hidden = list(player.hand), player.hidden
        for card in event.cards:
            if card in hand:
                hand.remove(card)
            else:
                hidden -= 1
        player = replace(player, hand=tuple(hand), hidden=hidden)
        discarded = tuple(c for c in event.cards if c is not None)
        return replace(state.with_player(player), discard=(*state.discard, *discarded))
    if word == "knock-discard":
        knocks = list(player.hard_knocks)
        knock = event.cards[0]
        assert knock is not None
        knocks.remove(knock)
        player = replace(player, hard_knocks=tuple(knocks))
        return replace(state.with_player(player), discard=(*state.discard, knock))
    if word == "tokens":
        player = replace(player, speech_tokens=player.speech_tokens + event.tokens)
        return replace(state.with_player(player), speech_stock=state.speech_stock - event.tokens)
    return state.with_player(replace(player, charm_up=True))  # charm


EFFECTS = Module(
    "Card effects",
    restricts=may_refuse,
    before_action=enforce_forbids,
    knocks_yield=knocks_yield,
    after_action=draw_on_withdrawal,
    morale_drop=morale_drop,
    allows=allows,
    support=support_rule,
    keeps=(FRIENDSHIPS, Friendships),
    evolvers={CardEffect: _applied},
)
