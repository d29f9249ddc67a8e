"""Learning the box: Armistice cards are numbered and their texts are not public, so the
player describes each card the first time it appears and the campaign remembers it.
Describing a number again is a correction: it needs a reason and is kept in the log.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.cards.catalogue import (
    HELPING_HAND_CATEGORIES,
    ORDER_DIFFICULTIES,
    THREAT_ORDER,
    THREATS,
    CardType,
    Catalogue,
    HardKnock,
    HelpingHandCard,
    OrderCard,
    RecruitCard,
    Rule,
    hard_knock_key,
    threat_key,
)
from domain.cards.effects import EVENT_MOMENTS, parse_forbid, parse_forbids, parse_rule, parse_rules
from domain.errors import N_, InvalidDescription
from domain.events import Event, copy_fields
from domain.names import normal, skeleton


class DescribeTrialCard(msgspec.Struct, frozen=True):
    """Describe a numbered Trial card: its threats, Trap, Luck, or its Hard Knock kind."""

    number: int
    threats: tuple[str, ...] = ()
    trap: bool = False
    luck: int = 0
    hard_knock: str | None = None
    value: int = 1
    effect: str = ""
    reason: str = ""
    acts_as: str | None = None  # a new Hard Knock: the known kind whose rules it follows


class DescribeOrder(msgspec.Struct, frozen=True):
    """Describe an Order of the Day."""

    card: OrderCard
    reason: str = ""


class DescribeRecruit(msgspec.Struct, frozen=True):
    """Describe a Recruit."""

    card: RecruitCard
    reason: str = ""


class DescribeHelpingHand(msgspec.Struct, frozen=True):
    """Describe a Helping Hand."""

    card: HelpingHandCard
    reason: str = ""


DescribeCommand = DescribeTrialCard | DescribeOrder | DescribeRecruit | DescribeHelpingHand


class TrialCardDescribed(Event, frozen=True):
    """A numbered Trial card was described (``reason``: why an earlier description changed)."""

    TYPE: ClassVar[str] = "TrialCardDescribed"
    number: int
    key: str
    threats: tuple[str, ...]
    trap: bool
    luck: int
    hard_knock: str | None
    value: int
    effect: str
    reason: str
    acts_as: str | None = None  # a new Hard Knock follows that known kind's rules


class OrderDescribed(Event, frozen=True):
    """An Order of the Day was described."""

    TYPE: ClassVar[str] = "OrderDescribed"
    number: int
    name: str
    difficulty: str
    minimum: tuple[tuple[int, int], ...]
    threats: tuple[str, ...]
    lasting: bool
    cancellation: str
    effect: str
    reason: str
    forbids: tuple[str, ...] = ()  # what it forbids in play: ``Forbid.text`` (effects.py)
    rules: tuple[str, ...] = ()  # its other rules: ``Rule.text`` (effects.py)


class RecruitDescribed(Event, frozen=True):
    """A Recruit was described."""

    TYPE: ClassVar[str] = "RecruitDescribed"
    number: int
    name: str
    hand: int
    morale_tokens: int
    effect: str
    advantage: str
    reason: str
    forbids: tuple[str, ...] = ()  # what it forbids while in play (effects.py)
    rules: tuple[str, ...] = ()  # its effect's rules while in play (effects.py)
    advantage_rules: tuple[str, ...] = ()  # what its departure gives (effects.py)


class HelpingHandDescribed(Event, frozen=True):
    """A Helping Hand was described."""

    TYPE: ClassVar[str] = "HelpingHandDescribed"
    number: int
    name: str
    category: str
    effect: str
    reason: str
    rules: tuple[str, ...] = ()  # what it does (effects.py)
    moment: str = ""  # an Event card's moment (effects.py)


def _check_reason(known: bool, what: str, reason: str) -> None:
    if known and not reason.strip():
        raise InvalidDescription(
            N_("{what} is already described: changing it is a correction and needs a reason"),
            what=what,
        )


def _check_threats(threats: tuple[str, ...], what: str) -> None:
    for threat in threats:
        if threat not in THREATS:
            raise InvalidDescription(
                N_("{what}: {threat!r} is not a threat ({THREATS})"),
                what=what,
                threat=threat,
                THREATS=", ".join(THREATS),
            )
    if len(set(threats)) != len(threats):
        raise InvalidDescription(N_("{what}: a threat is named twice"), what=what)


def _positive_number(number: int, what: str) -> None:
    if number < 1:
        raise InvalidDescription(
            N_("{what}: card numbers start at 1, not {number}"), what=what, number=number
        )


def _trial(catalogue: Catalogue, cmd: DescribeTrialCard) -> TrialCardDescribed:
    what = f"Trial card #{cmd.number}"
    _positive_number(cmd.number, what)
    _check_threats(cmd.threats, what)
    if cmd.hard_knock is not None:
        kind = cmd.hard_knock.strip().lower().replace(" ", "-")
        if not kind:
            raise InvalidDescription(N_("{what}: name the Hard Knock"), what=what)
        if kind in (HardKnock.PHOBIA, HardKnock.TRAUMA) and len(cmd.threats) != 1:
            raise InvalidDescription(
                N_("{what}: a {kind} shows exactly one threat"), what=what, kind=kind
            )
        if cmd.trap or cmd.luck:
            raise InvalidDescription(
                N_("{what}: a Hard Knock has no Trap or Luck symbol"), what=what
            )
        if cmd.value < 1:
            raise InvalidDescription(
                N_("{what}: a Hard Knock counts at least 1 for the defeat"), what=what
            )
        key, value = hard_knock_key(kind, cmd.threats), cmd.value
        acts_as = _acts_as(kind, cmd.acts_as, cmd.threats, what)
    else:
        if not cmd.threats:
            raise InvalidDescription(
                N_("{what}: a Threat card shows at least one threat"), what=what
            )
        if cmd.luck < 0:
            raise InvalidDescription(N_("{what}: Luck symbols cannot be negative"), what=what)
        if cmd.acts_as is not None:
            raise InvalidDescription(
                N_("{what}: only a Hard Knock acts as another kind"), what=what
            )
        kind, key, value = None, threat_key(cmd.threats, cmd.trap, cmd.luck), 0
        acts_as = None
    _check_reason(catalogue.by_number(cmd.number) is not None, what, cmd.reason)
    threats = tuple(sorted(cmd.threats, key=THREAT_ORDER.__getitem__))
    return TrialCardDescribed(
        cmd.number,
        key,
        threats,
        cmd.trap,
        cmd.luck,
        kind,
        value,
        cmd.effect,
        cmd.reason.strip(),
        acts_as,
    )


def _acts_as(kind: str, acts_as: str | None, threats: tuple[str, ...], what: str) -> str | None:
    """The known kind a new Hard Knock follows (None: its own kind's rules, if known)."""
    if acts_as is None:
        return None
    known = acts_as.strip().lower().replace(" ", "-")
    if known not in tuple(HardKnock):
        raise InvalidDescription(
            N_("{what}: {acts_as!r} is not a Hard Knock the engine knows ({listed})"),
            what=what,
            acts_as=acts_as,
            listed=", ".join(k.value for k in HardKnock),
        )
    if known == kind:
        return None
    if known in (HardKnock.PHOBIA, HardKnock.TRAUMA) and len(threats) != 1:
        raise InvalidDescription(
            N_("{what}: acting as a {known}, it shows exactly one threat"), what=what, known=known
        )
    return known


def _check_card(card: OrderCard | RecruitCard | HelpingHandCard, what: str) -> None:
    _positive_number(card.number, what)
    if not card.name.strip():
        raise InvalidDescription(N_("{what}: give its name as printed"), what=what)


KIND_NAMES: dict[type, str] = {
    OrderCard: "Order of the Day",
    RecruitCard: "Recruit",
    HelpingHandCard: "Helping Hand",
}


def _check_look_alike(
    catalogue: Catalogue, card: OrderCard | RecruitCard | HelpingHandCard, what: str
) -> None:
    """A name that reads as another described card's but is written otherwise (other
    letters that look the same, another case or width) is a clash: the box may print one
    name on several cards, written the same each time."""
    mine, written = skeleton(card.name), normal(card.name.strip())
    named: tuple[OrderCard | RecruitCard | HelpingHandCard, ...] = (
        *catalogue.orders.values(),
        *catalogue.recruits.values(),
        *catalogue.helping_hands.values(),
    )
    for other in named:
        same = type(other) is type(card) and other.number == card.number
        if not same and skeleton(other.name) == mine and normal(other.name) != written:
            raise InvalidDescription(
                N_(
                    "{what}: its name reads as {KIND_NAMES} #{number}'s ({other!r}) but "
                    "is written otherwise: type it as the card prints it"
                ),
                what=what,
                KIND_NAMES=KIND_NAMES[type(other)],
                number=other.number,
                other=other.name,
            )


def _order(catalogue: Catalogue, cmd: DescribeOrder) -> OrderDescribed:
    card, what = cmd.card, f"Order of the Day #{cmd.card.number}"
    _check_card(card, what)
    _check_look_alike(catalogue, card, what)
    if card.difficulty not in ORDER_DIFFICULTIES:
        raise InvalidDescription(N_("{what}: difficulty is easy, normal or hard"), what=what)
    _check_threats(card.threats, what)
    for players, minimum in card.minimum:
        if players < 1 or minimum < 1:
            raise InvalidDescription(N_("{what}: minimum intensities are at least 1"), what=what)
    forbids = parse_forbids(tuple(f.text for f in card.forbids), what)  # checked, once each
    rules = parse_rules(tuple(r.text for r in card.rules), "order", what)
    if any(r.word == "cancel" for r in rules) and not card.lasting:
        raise InvalidDescription(
            N_("{what}: a cancellation condition belongs to a lasting Order (--lasting)"), what=what
        )
    _check_reason(card.number in catalogue.orders, what, cmd.reason)
    return copy_fields(
        OrderDescribed,
        card,
        name=card.name.strip(),
        reason=cmd.reason.strip(),
        forbids=tuple(f.text for f in forbids),
        rules=tuple(r.text for r in rules),
    )


def _recruit(catalogue: Catalogue, cmd: DescribeRecruit) -> RecruitDescribed:
    card, what = cmd.card, f"Recruit #{cmd.card.number}"
    _check_card(card, what)
    _check_look_alike(catalogue, card, what)
    if card.hand < 1 or card.morale_tokens < 0:
        raise InvalidDescription(
            N_("{what}: a starting hand of 1 or more, Morale tokens 0 or more"), what=what
        )
    forbids = parse_forbids(tuple(f.text for f in card.forbids), what)
    rules = parse_rules(tuple(r.text for r in card.rules), "in-force", what)
    advantage = parse_rules(tuple(r.text for r in card.advantage_rules), "once", what)
    _check_reason(card.number in catalogue.recruits, what, cmd.reason)
    return copy_fields(
        RecruitDescribed,
        card,
        name=card.name.strip(),
        reason=cmd.reason.strip(),
        forbids=tuple(f.text for f in forbids),
        rules=tuple(r.text for r in rules),
        advantage_rules=tuple(r.text for r in advantage),
    )


def _helping_hand(catalogue: Catalogue, cmd: DescribeHelpingHand) -> HelpingHandDescribed:
    card, what = cmd.card, f"Helping Hand #{cmd.card.number}"
    _check_card(card, what)
    _check_look_alike(catalogue, card, what)
    if card.category not in HELPING_HAND_CATEGORIES:
        raise InvalidDescription(
            N_("{what}: its category is action, event or friendship"), what=what
        )
    place = "friendship" if card.category == "friendship" else "once"
    rules = parse_rules(tuple(r.text for r in card.rules), place, what)
    if card.moment and card.category != "event":
        raise InvalidDescription(
            N_("{what}: only an Event card is played at a named moment"), what=what
        )
    if card.moment and card.moment not in EVENT_MOMENTS:
        raise InvalidDescription(
            N_("{what}: its moment is {EVENT_MOMENTS}"),
            what=what,
            EVENT_MOMENTS=", ".join(EVENT_MOMENTS),
        )
    _check_reason(card.number in catalogue.helping_hands, what, cmd.reason)
    name, reason = card.name.strip(), cmd.reason.strip()
    texts = tuple(r.text for r in rules)
    return copy_fields(HelpingHandDescribed, card, name=name, reason=reason, rules=texts)


def decide_describe(catalogue: Catalogue, cmd: DescribeCommand) -> Event:
    """Check a description and decide the event that records it."""
    match cmd:
        case DescribeTrialCard():
            return _trial(catalogue, cmd)
        case DescribeOrder():
            return _order(catalogue, cmd)
        case DescribeRecruit():
            return _recruit(catalogue, cmd)
        case DescribeHelpingHand():
            return _helping_hand(catalogue, cmd)


def learn(catalogue: Catalogue, event: Event) -> Catalogue:
    """The catalogue after a description event."""
    match event:
        case TrialCardDescribed():
            card = copy_fields(CardType, event)
            return catalogue.forget_number(event.number).described(event.number, card)
        case OrderDescribed():
            forbids = tuple(parse_forbid(text) for text in event.forbids)
            rules = stored_rules(event.rules, "order")
            return catalogue.learnt(copy_fields(OrderCard, event, forbids=forbids, rules=rules))
        case RecruitDescribed():
            recruit = copy_fields(
                RecruitCard,
                event,
                forbids=tuple(parse_forbid(text) for text in event.forbids),
                rules=stored_rules(event.rules, "in-force"),
                advantage_rules=stored_rules(event.advantage_rules, "once"),
            )
            return catalogue.learnt(recruit)
        case HelpingHandDescribed():
            place = "friendship" if event.category == "friendship" else "once"
            rules = stored_rules(event.rules, place)
            return catalogue.learnt(copy_fields(HelpingHandCard, event, rules=rules))
    return catalogue


def stored_rules(texts: tuple[str, ...], place: str) -> tuple[Rule, ...]:
    """The rules a stored description gives (checked when it was decided)."""
    return tuple(parse_rule(text, place) for text in texts)
