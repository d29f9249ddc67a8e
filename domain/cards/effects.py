"""The effects a group attaches to a card it describes: a small vocabulary the engine
applies, built on the rules it already has (issue 14, "Effects the engine enforces").

The words come from what the Armistice rulebook says these cards do. An Order of the Day
imposes "an advantage or restriction" for its Mission, or until its "Cancellation
condition" ("When Withdrawing, a player can draw 3 cards from the Trials Deck to discard
this Order of the Day"); a Recruit has an "Effect: special rule to be applied while this
Recruit is in play" and an "Advantage: bonus gained when the Recruit has played all of
the cards in their hand"; an Action Helping Hand "replaces the player's action", an Event
one "can be played during a specific event", a Friendship one is "used immediately and
remain[s] in play for all subsequent Chapters"; "in case of conflict with another rule,
the effects of a Helping Hand card take precedence".

Each word is written the same way everywhere: in the CLI's ``--forbid`` and ``--rule``,
in the stored description events, on the board and in the docs.

Restrictions, while the card is in force (an Order in No Man's Land, a Recruit in play):

- ``speech``: no Speech; ``charm``: no Good Luck Charm;
- ``withdraw-holding:N``: a player holding N or more cards may not withdraw;
- ``play:THREAT``: no card showing that threat may be played.

Rules while the card is in force (an Order, a Recruit's effect, a Friendship its holder
keeps for the campaign: a Friendship's ``allow`` is its holder's):

- ``allow:speech``, ``allow:withdraw``, ``allow:play``: the Hard Knocks that forbid a
  Speech (Mute), a withdrawal (Hardheaded, Prideful, Fragile) or force one (Fearful) give
  way: the action is allowed;
- ``drop-min:N``, ``drop-max:N``: the Morale Drop takes at least / at most N cards;
- ``support:none``: nobody benefits from Support this Mission (the tiles still move);
- ``support-discards:N``: the Support's beneficiary may discard up to N Hard Knocks;
- ``draw:N@withdraw``: a player who withdraws draws N cards from the Trials deck.

A cancellation condition, on a lasting Order: ``cancel:withdraw-draw:N``: a player who
has withdrawn this Mission may draw N cards to discard it (the engine checks who draws
and how many; "if the Trials Deck doesn't contain enough cards, the Order of the Day is
still cancelled").

Once, when an Action or Event Helping Hand is played (for its player) or when a Recruit
leaves (its advantage, for the Mission Leader, who decides the Recruit's actions):

- ``draw:N``: draw N cards from the Trials deck;
- ``discard:N``: discard up to N cards from hand (named when played);
- ``knock-discard``: discard one Hard Knock in front of them (named when played);
- ``tokens:N``: take N Speech tokens from the stock (as many as it holds);
- ``charm``: turn their Good Luck Charm face up again;
- ``reserve:N``: N cards from the top of the Trials deck go to the Morale Reserve.

An Event Helping Hand also names its moment: ``mission-start`` (before the Mission's
first action), ``withdraw`` (its player has withdrawn this Mission) or ``support`` (the
Support phase). A new Hard Knock may act as a known kind (``--acts-as``: its rules are
that kind's; its weight and threat are its own).

What the vocabulary cannot say stays the card's text: the tool shows it at the moment it
applies and the table records what it did with a correction. The threats an Order adds
and its minimum intensity are the card's own fields (``OrderCard.threats``,
``OrderCard.minimum``), which the engine applies.
"""

from __future__ import annotations

from domain.cards.catalogue import THREATS, Forbid, Rule
from domain.errors import N_, InvalidDescription

FORBID_SYNTAX = "speech, charm, withdraw-holding:N or play:THREAT"

ALLOWED = ("speech", "withdraw", "play")  # allow:ACTION
SUPPORT_MODES = ("none",)  # support:MODE
EVENT_MOMENTS = ("mission-start", "withdraw", "support")  # an Event Helping Hand's moment

# Which words each place of a card takes (``RuleSyntax``): while in force, once, cancel.
IN_FORCE = frozenset({"allow", "drop-min", "drop-max", "support", "support-discards", "draw"})
ONCE = frozenset({"draw", "discard", "knock-discard", "tokens", "charm", "reserve"})
FRIENDSHIP = frozenset({"allow", "drop-min", "drop-max", "support-discards"})  # they help
CANCEL = frozenset({"cancel"})

RULE_SYNTAX = {
    "in-force": "allow:speech|withdraw|play, drop-min:N, drop-max:N, support:none, "
    "support-discards:N or draw:N@withdraw",
    "once": "draw:N, discard:N, knock-discard, tokens:N, charm or reserve:N",
    "friendship": "allow:speech|withdraw|play, drop-min:N, drop-max:N or support-discards:N",
    "order": "allow:speech|withdraw|play, drop-min:N, drop-max:N, support:none, "
    "support-discards:N, draw:N@withdraw or (a lasting Order) cancel:withdraw-draw:N",
}
PLACES = {
    "in-force": IN_FORCE,
    "once": ONCE,
    "friendship": FRIENDSHIP,
    "order": IN_FORCE | CANCEL,
}


def parse_forbid(text: str) -> Forbid:
    """The restriction ``text`` names (``speech``, ``charm``, ``withdraw-holding:N``,
    ``play:THREAT``); InvalidDescription names the syntax otherwise."""
    action, colon, value = text.strip().lower().partition(":")
    if action in ("speech", "charm") and not colon:
        return Forbid(action)
    if action == "withdraw-holding" and value.isdigit() and int(value) >= 1:
        return Forbid(action, holding=int(value))
    if action == "play" and value in THREATS:
        return Forbid(action, threat=value)
    raise InvalidDescription(
        N_("{text!r} is not a restriction the engine knows ({FORBID_SYNTAX})"),
        text=text,
        FORBID_SYNTAX=FORBID_SYNTAX,
    )


def parse_forbids(texts: tuple[str, ...], what: str) -> tuple[Forbid, ...]:
    """Each restriction of a description, once each, in the order given."""
    found: list[Forbid] = []
    for text in texts:
        try:
            forbid = parse_forbid(text)
        except InvalidDescription as error:
            raise InvalidDescription(N_("{what}: {error}"), what=what, error=error) from None
        if forbid in found:
            raise InvalidDescription(
                N_("{what}: {text} is forbidden twice"), what=what, text=forbid.text
            )
        found.append(forbid)
    return tuple(found)


def _count(value: str, least: int = 1) -> int | None:
    return int(value) if value.isdigit() and least <= int(value) <= 99 else None


def _parse(text: str) -> Rule | None:
    said, at, moment = text.strip().lower().partition("@")
    word, _, value = said.partition(":")
    if at and (word != "draw" or moment != "withdraw"):
        return None  # only a draw waits for a moment: when a player withdraws
    if word == "allow":
        return Rule(word, value=value) if value in ALLOWED else None
    if word == "support":
        return Rule(word, value=value) if value in SUPPORT_MODES else None
    if word == "cancel":
        kind, _, n = value.partition(":")
        count = _count(n)
        return Rule(word, count, "withdraw-draw") if kind == "withdraw-draw" and count else None
    if word in ("charm", "knock-discard"):
        return None if value else Rule(word)
    if word in ("drop-min", "drop-max", "support-discards", "draw", "tokens", "reserve", "discard"):
        count = _count(value, 0 if word == "support-discards" else 1)
        return None if count is None else Rule(word, count, moment=moment)
    return None


def parse_rule(text: str, place: str) -> Rule:
    """The rule ``text`` names, for a ``place`` of a card (``in-force``, ``once``,
    ``friendship``, ``order``); InvalidDescription names what that place takes."""
    rule = _parse(text)
    if rule is None or rule.word not in PLACES[place]:
        raise InvalidDescription(
            N_("{text!r} is not a rule the engine knows here ({RULE_SYNTAX})"),
            text=text,
            RULE_SYNTAX=RULE_SYNTAX[place],
        )
    if place == "once" and rule.moment:
        raise InvalidDescription(
            N_("{text!r}: a card played or a departure applies at once"), text=text
        )
    if place != "once" and rule.word == "draw" and not rule.moment:
        raise InvalidDescription(
            N_("{text!r}: while in force, a draw is draw:N@withdraw"), text=text
        )
    return rule


def parse_rules(texts: tuple[str, ...], place: str, what: str) -> tuple[Rule, ...]:
    """Each rule of a description, once each, in the order given."""
    found: list[Rule] = []
    for text in texts:
        try:
            rule = parse_rule(text, place)
        except InvalidDescription as error:
            raise InvalidDescription(N_("{what}: {error}"), what=what, error=error) from None
        if any(r.word == rule.word and r.value == rule.value for r in found):
            raise InvalidDescription(N_("{what}: {word} is given twice"), what=what, word=rule.word)
        found.append(rule)
    return tuple(found)


def rule_words(rule: Rule) -> str:
    """What a rule does, as the board and the refusals say it."""
    n = rule.n
    cards = f"{n} card{'' if n == 1 else 's'}"
    match rule.word:
        case "allow":
            return {
                "speech": "a Speech is allowed whatever the Hard Knocks say",
                "withdraw": "a withdrawal is allowed whatever the Hard Knocks say",
                "play": "no Hard Knock forces a withdrawal",
            }[rule.value]
        case "drop-min":
            return f"the Morale Drop takes at least {cards}"
        case "drop-max":
            return f"the Morale Drop takes at most {cards}"
        case "support":
            return "nobody benefits from Support"
        case "support-discards":
            return (
                f"the Support's beneficiary may discard up to {n} Hard Knock{'' if n == 1 else 's'}"
            )
        case "draw":
            return f"a player who withdraws draws {cards}" if rule.moment else f"draw {cards}"
        case "cancel":
            return f"a player who has withdrawn may draw {cards} to discard it"
        case "discard":
            return f"discard up to {cards} from hand"
        case "knock-discard":
            return "discard a Hard Knock"
        case "tokens":
            return f"take {n} Speech token{'' if n == 1 else 's'}"
        case "charm":
            return "turn the Good Luck Charm face up"
        case "reserve":
            return f"{cards} from the Trials deck to the Morale Reserve"
    return rule.text
