"""The decisions the rules take by themselves around the table's moves, explained as
voice/decisions.py explains a Mission's end: the Mission Leader token passing (or kept by
a Tyrannical player, or taken by one), a Luck symbol cancelling a Trap, Merry Christmas
discarding its target, a Speech (the token spent, who could answer it), the Chaplain's
withdrawal, a withdrawal an Order of the Day's priority allowed, a card's effect applied
by the tool, and the cards a One-shot game sets aside. The optional modules' own events
are explained by their rooms (``Room.explains``, in ``domain/modules/<name>/face.py``: an
Order of the Day discarded after Support, a Recruit entering, its Hard Knock going to the
Mission Leader, its Morale tokens, its departure, Solo's refills given up and its Support
tile's beneficiary), which ``explain`` asks after its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from voice.board import label
from voice.decisions import EXPLAINERS as BASIC
from voice.decisions import PLAYED, Decision, Entry, _mission, _where
from voice.lang import _, threat_name

if TYPE_CHECKING:
    from domain.chapter.state import ChapterState


def from_a_hand() -> frozenset[str]:
    """Where a card leaves a hand, whoever holds it: a Grizzled, and the hands of the
    modules' rooms (``Room.hands``: the Solo hand, a Recruit)."""
    from voice import rooms

    return frozenset({"CardPlayed"}) | rooms.hands()


def numbered(seen: Sequence[Entry], kind: str, key: str, number: int) -> list[int]:
    """The entries holding an event of ``kind`` whose ``key`` is ``number``."""
    return [
        n
        for n, records in seen
        for r in records
        if r.get("type") == kind and (r.get("data") or {}).get(key) == number
    ]


def _passed(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    former = chapter.players[chapter.leader].name
    entries = [number]
    kind_of = chapter.catalogue.kind_of
    holder = [k for p in chapter.players if p.name == event.leader for k in p.hard_knocks]
    if event.speech_token_to is None and any(kind_of.get(k) == "tyrannical" for k in holder):
        entries += _knock_given(chapter, seen, event.leader, "tyrannical")
        facts = _(
            "{player} is Tyrannical and keeps the Mission Leader token: no Speech token is "
            "handed out"
        ).format(player=event.leader)
    elif event.leader == former:
        facts = _("the chapter goes on and the token stays with {player}").format(player=former)
    else:
        facts = _(
            "the chapter goes on: the token moves from {former} to {player}, the next player "
            "to the left"
        ).format(former=former, player=event.leader)
        if event.speech_token_to is not None:
            facts += _("; {player}, the former leader, takes a Speech token").format(player=former)
            facts += _(" (the stock held {count})").format(count=chapter.speech_stock)
        else:
            facts += _("; no Speech token is left in the stock for {player}").format(player=former)
    data = {
        "former": former,
        "leader": event.leader,
        "speech_token_to": event.speech_token_to,
        "speech_stock": chapter.speech_stock,
    }
    what = _("{player} leads the next Mission").format(player=event.leader)
    return Decision("mission leader", what, facts, data, entries)


def _taken(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    former = chapter.players[chapter.leader].name
    if former == event.player:
        facts = _(
            "{player} played Tyrannical while already holding the Mission Leader token, and "
            "keeps it"
        ).format(player=event.player)
    else:
        facts = _(
            "{player} played Tyrannical: the Mission Leader token goes from {former} to "
            "{player}, who keeps it"
        ).format(player=event.player, former=former)
    data = {"player": event.player, "former": former}
    what = _("{player} takes the lead").format(player=event.player)
    return Decision("mission leader", what, facts, data, [number])


def _knock_given(chapter: ChapterState, seen: Sequence[Entry], player: str, kind: str) -> list[int]:
    """The entry that put the player's Hard Knock of ``kind`` in front of them."""
    kind_of = chapter.catalogue.kind_of
    keys = [k for p in chapter.players if p.name == player for k in p.hard_knocks]
    played = PLAYED | from_a_hand()  # a Recruit's Hard Knock goes to the Mission Leader
    return [n for key in keys if kind_of.get(key) == kind for n in _where(seen, played, key)[-1:]]


def luck_met(
    chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]
) -> Decision | None:
    """A Trap played from a hand that a Luck symbol in No Man's Land cancelled (notes,
    Decision 1); None when the card has no Trap or it sprang."""
    from msgspec.structs import replace

    from domain.modules.luck import unspent_luck

    card = chapter.catalogue.cards.get(event.card)
    if card is None or not card.trap or not chapter.rules.traps:
        return None
    free = unspent_luck(replace(chapter, nml=(*chapter.nml, event.card)))
    if not free:
        return None
    luck = free[0]
    who = getattr(event, "player", None) or _("Recruit #{number}").format(number=event.recruit)
    facts = _(
        "{player} played {card}, and {luck} in No Man's Land had a Luck symbol that had not "
        "cancelled a Trap yet: it cancels this one and is spent, nothing is drawn"
    ).format(player=who, card=label(event.card), luck=label(luck))
    entries = [number, *_where(_mission(seen), PLAYED | from_a_hand(), luck)[-1:]]
    data = {"card": event.card, "luck": luck, "player": who}
    return Decision("luck", _("A Trap cancelled"), facts, data, entries)


def played(
    chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]
) -> Decision | None:
    """A card played from a Grizzled's hand (or Solo's one hand): a Hard Knock takes
    effect, a Trap meets Luck."""
    return BASIC["CardPlayed"](chapter, event, number, seen) or luck_met(
        chapter, event, number, seen
    )


def _withdrew(
    chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]
) -> Decision | None:
    """The Chaplain's withdrawal at a Mission's preparation, or a withdrawal a Hard Knock
    forbade that gave way to the Orders in play (a player's is otherwise their move)."""
    if not any(p.chaplain and p.name == event.player for p in chapter.players):
        return _priority(chapter, event, number)
    tile = (
        _("the {tile} tile, drawn at random").format(tile=event.tile)
        if event.tile
        else _("no tile: he has none left")
    )
    facts = _("the Chaplain holds no cards: he withdraws before the Mission with {tile}").format(
        tile=tile
    )
    data = {"player": event.player, "tile": event.tile}
    return Decision("chaplain", _("The Chaplain withdrew"), facts, data, [number])


def _priority(chapter: ChapterState, event: Any, number: int) -> Decision | None:
    """A withdrawal a Hard Knock forbade, allowed because the Order of the Day has priority."""
    from domain.public import knock_gave_way
    from voice.refusal import said

    found = knock_gave_way(chapter, event.player) if chapter.phase.value == "mission" else None
    if found is None:
        return None
    knock, cards = found
    facts = (
        _(
            "{knock}; {cards} forbids every other action {player} had (every card in "
            "{player}'s hand may be one it forbids): the Order of the Day has priority and "
            "the Hard Knock gave way"
        )
        if len(cards) == 1
        else _(
            "{knock}; {cards} forbid every other action {player} had (every card in "
            "{player}'s hand may be one they forbid): the Order of the Day has priority and "
            "the Hard Knock gave way"
        )
    ).format(knock=said(knock), cards=_and_all(cards), player=event.player)
    data = {"player": event.player, "gave_way": str(knock), "orders": list(cards)}
    what = _("{player} withdrew").format(player=event.player)
    return Decision("order priority", what, facts, data, [number])


def _and_all(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + _(" and ") + names[-1]


def _speech(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    """A Speech made: the token spent, who could answer it and who discarded what."""
    speaker = next(p for p in chapter.players if p.name == event.player)
    duo = bool(speaker.owner) and chapter.rules.armistice  # the other player's Grizzled only
    others = [
        p.name
        for p in chapter.in_mission
        if p.name != event.player and not p.chaplain and not (duo and p.owner == speaker.owner)
    ]
    left = speaker.speech_tokens - 1
    discarded = dict(event.discards)
    answers = _("; ").join(
        _("{player} discarded {card}").format(player=name, card=label(discarded[name]))
        if name in discarded
        else _("{player} discarded nothing").format(player=name)
        for name in others
    )
    spent = _("{player} spent a Speech token ({left} left) on {threat}: ").format(
        player=event.player, left=left or _("none"), threat=threat_name(event.threat)
    )
    if not others:
        facts = spent + _("nobody else is still in the Mission to discard")
    elif duo:
        facts = spent + _(
            "each of the other player's Grizzled still in the Mission ({players}) may discard "
            "one card of it from hand: {answers}"
        ).format(players=_and_all(others), answers=answers)
    else:
        facts = spent + _(
            "each other player still in the Mission ({players}) may discard one card of it "
            "from hand: {answers}"
        ).format(players=_and_all(others), answers=answers)
    given = [
        n
        for n, records in seen[:-1]
        for r in records
        if r.get("type") == "LeadershipPassed"
        and (r.get("data") or {}).get("speech_token_to") == event.player
    ]
    data = {
        "player": event.player,
        "threat": event.threat,
        "tokens_left": left,
        "could_discard": others,
        "discards": {name: card for name, card in event.discards},
    }
    what = _("{player}'s Speech").format(player=event.player)
    return Decision("speech", what, facts, data, [number, *given[-1:]])


def _christmas(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    player, card = event.player, event.card
    facts = _(
        "Merry Christmas was played: {player}'s {card}, the Hard Knock the table named, is "
        "discarded"
    ).format(player=player, card=label(card))
    entries = [number, *_where(seen, PLAYED, card, player)[-1:]]
    data = {"player": player, "card": card, "cause": event.cause}
    what = _("{player}'s {card} discarded").format(player=player, card=label(card))
    return Decision("merry christmas", what, facts, data, entries)


def _set_aside(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    cards = ", ".join(map(label, event.cards))
    facts = _("{cards} taken out of the Trials for this game: {reason}").format(
        cards=cards, reason=event.reason
    )
    data = {"cards": list(event.cards), "reason": event.reason}
    return Decision("one-shot game", _("Cards set aside"), facts, data, [number])


def _effect(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    from voice.narrate import sentence

    said = sentence(event, chapter.catalogue).removeprefix(f"{event.source}: ").rstrip(".")
    facts = _("{said} (its rule as the group described it: {rule})").format(
        said=said, rule=event.rule
    )
    data = {
        "source": event.source,
        "rule": event.rule,
        "player": event.player,
        "cards": list(event.cards),
        "tokens": event.tokens,
    }
    what = _("{source}'s effect").format(source=event.source)
    return Decision("card effects", what, facts, data, [number])


def trap_played(record: Mapping[str, Any]) -> bool:
    """Whether a card left a hand with a Trap symbol (Luck may have cancelled it)."""
    card = str((record.get("data") or {}).get("card", ""))
    return "trap" in card.split("+")


def explain(
    chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]
) -> Decision | None:
    """The decision ``event`` holds, explained (here or in voice/decisions.py, or by the
    room of the module whose event it is: ``Room.explains``); None for an event the table
    decided."""
    kind = type(event).__name__
    explainer = EXPLAINERS.get(kind) or BASIC.get(kind)
    if explainer is None:
        from voice import rooms

        explainer = rooms.explainer(event)
    return explainer(chapter, event, number, seen) if explainer is not None else None


EXPLAINERS = {
    "CardPlayed": played,
    "PlayerWithdrew": _withdrew,
    "LeadershipPassed": _passed,
    "MissionLeaderTaken": _taken,
    "HardKnockDiscarded": _christmas,
    "SpeechMade": _speech,
    "CardEffect": _effect,
    "CardsSetAside": _set_aside,
}
