"""Each decision the rules take by themselves, explained from the state just before its
event (a chapter's ``ChapterState``): what was decided, its facts in words and as data,
its rule's id (voice/rulebook.py) and the log entries the facts come from (``seen``: the
chapter's entries up to the one holding the event, each its number and event records).

What a module adds to a decision of the game's (the threats its cards show, the Support
its events decide, the cards it holds at a Morale Drop, a card its Trap drew) its room
says (``Room.decides``, every module's room: ``voice.rooms.every``): none is named here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from voice.board import label
from voice.lang import _, detail_said, ngettext, threat_name
from voice.rulebook import rule

if TYPE_CHECKING:
    from domain.chapter.state import ChapterState

Entry = tuple[int, Sequence[Mapping[str, Any]]]  # a log entry's number and event records

# A chapter lost for a reason (ChapterLost.reason) and the rule that says so.
LOST_BY = {"hard-knocks": "hard knocks defeat", "monument": "monument", "hands": "hands"}


class Decision:
    """One decision explained: its rule's id, what the rules decided and the facts behind
    it, in words and as data, and the log entries the facts come from."""

    __slots__ = ("data", "entries", "facts", "rule", "what")

    def __init__(
        self, rule_id: str, what: str, facts: str, data: dict[str, Any], entries: list[int]
    ) -> None:
        self.rule, self.what, self.facts = rule_id, what, facts
        self.data, self.entries = data, sorted(set(entries))

    def said(self) -> dict[str, Any]:
        """The decision as --json gives it."""
        return {
            "decision": self.what,
            "rule": rule(self.rule).facts(),
            "facts": self.data,
            "because": self.facts,
            "entries": self.entries,
        }

    def lines(self) -> list[str]:
        """The decision in three lines: what and why, the rule, the entries."""
        found = rule(self.rule)
        entries = ", ".join(f"#{n}" for n in self.entries)
        return [
            _("{what}: {facts}.").format(what=self.what, facts=self.facts),
            _("  Rule ({rule}): {words} ({place}).").format(
                rule=_(found.rule), words=_(found.words), place=found.place()
            ),
            ngettext(
                "  From log entry {entries}.", "  From log entries {entries}.", len(self.entries)
            ).format(entries=entries),
        ]


def _where(
    seen: Sequence[Entry], kinds: set[str], card: str | None = None, player: str | None = None
) -> list[int]:
    """The entries (newest last) holding an event of ``kinds`` about ``card``/``player``."""
    found = []
    for number, records in seen:
        for record in records:
            data = record.get("data") or {}
            if record.get("type") not in kinds:
                continue
            if card is not None and data.get("card") != card:
                continue
            if player is not None and data.get("player") != player:
                continue
            found.append(number)
    return found


def _mission(seen: Sequence[Entry]) -> Sequence[Entry]:
    """The entries since this Mission's start (its MissionStarted), oldest first."""
    for at in range(len(seen) - 1, -1, -1):
        if any(r.get("type") == "MissionStarted" for r in seen[at][1]):
            return seen[at:]
    return seen


PLAYED = {"CardPlayed", "CardDrawnAndPlayed"}
REVEALED = {"SupportRevealed"}  # Support decided in the same entry (and ``Decides.reveals``)


def _decides() -> list[Any]:
    """What every module's room adds to the game's decisions (``Room.decides``)."""
    from voice.rooms import every

    return [room.decides for room in every() if room.decides is not None]


def _and(names: Sequence[str]) -> str:
    """``Ann, Ben and Cy``."""
    if len(names) > 1:
        return ", ".join(names[:-1]) + _(" and ") + names[-1]
    return "".join(names)


def _failed(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    from domain.chapter.state import THREAT_KNOCKS

    threat, cards = event.threat, chapter.catalogue.cards
    laid = [k for k in chapter.nml if threat in cards[k].threats]
    knocks = [
        (p.name, k)
        for p in chapter.players
        if not p.withdrawn and not p.chaplain
        for k in p.hard_knocks
        if chapter.catalogue.kind_of[k] in THREAT_KNOCKS and threat in cards[k].threats
    ]
    shown = [d.threats(chapter, threat, seen) for d in _decides() if d.threats is not None]
    mission = _mission(seen)
    entries = [number, *(n for _parts, _data, found, _count in shown for n in found)]
    for key in set(laid):
        entries += _where(mission, PLAYED, key)[-laid.count(key) :]
    for name, key in knocks:
        entries += _where(seen, PLAYED, key, name)[-1:]
    parts = (
        [_("{cards} in No Man's Land").format(cards=", ".join(map(label, laid)))] if laid else []
    )
    parts += [_("{player}'s {card}").format(player=name, card=label(key)) for name, key in knocks]
    parts += [part for found, _data, _entries, _count in shown for part in found]
    count = len(laid) + len(knocks) + sum(found for *_said, found in shown)
    facts = _("{count} {threat} threats were active: {cards}").format(
        count=count, threat=threat_name(threat), cards=_and(parts)
    )
    data = {
        "threat": threat,
        "count": count,
        "no_mans_land": laid,
        "hard_knocks": knocks,
    }
    for _parts, found, _entries, _count in shown:  # the modules' cards (Orders' numbers)
        data.update(found)
    what = _("Mission {number} failed").format(number=chapter.mission)
    return Decision("mission failed", what, facts, data, entries)


def _succeeded(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    names = [p.name for p in chapter.players if not p.chaplain]
    tally = chapter.threat_tally()
    most = max(tally.values(), default=0)
    entries = [number, *_where(_mission(seen), {"PlayerWithdrew"})]
    active = (
        _("at most {count} identical threats active").format(count=most)
        if most
        else _("no threat active")
    )
    facts = _("every player withdrew ({players}) with {active}").format(
        players=", ".join(names), active=active
    )
    data = {"withdrew": names, "most_identical_threats": most}
    what = _("Mission {number} succeeded").format(number=chapter.mission)
    return Decision("mission succeeded", what, facts, data, entries)


def _support(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    received: dict[str, int] = {}
    for _giver, _tile, receiver in event.gifts:
        received[receiver] = received.get(receiver, 0) + 1
    entries = [number, *_where(_mission(seen), {"PlayerWithdrew"})]
    counted = ", ".join(f"{name} {n}" for name, n in sorted(received.items())) or _("none")
    selfish = sorted({giver for giver, _tile, receiver in event.gifts if giver == receiver})
    for name in selfish:  # a Selfish player's tile supports themselves, whatever its arrow
        entries += _given(chapter, seen, name, "selfish")
        counted += _(" ({player} is Selfish: their tile supported themselves)").format(player=name)
    only = (
        _(" (the Mission failed: only tiles of players who withdrew count)")
        if chapter.mission_failed
        else ""
    )
    data = {
        "received": received,
        "beneficiary": event.beneficiary,
        "mission_failed": chapter.mission_failed,
        "selfish": selfish,
    }
    most = max(received.values(), default=0)
    tied = sorted(name for name, n in received.items() if n == most)
    if event.discards is not None:  # a card in force set the Hard Knocks the benefit takes
        data["discards"] = event.discards
    nobody = _("Support to nobody")
    if event.beneficiary is not None:
        facts = _("tiles received: {counted}{only}; {player} received the most").format(
            counted=counted, only=only, player=event.beneficiary
        )
        if event.discards is not None:
            facts += _("; a card in force: at most {count} Hard Knock(s) discarded").format(
                count=event.discards
            )
        what = _("Support to {player}").format(player=event.beneficiary)
        return Decision("support", what, facts, data, entries)
    if len(tied) > 1:
        facts = _("tiles received: {counted}{only}; {players} tie with {count} each").format(
            counted=counted, only=only, players=_and(tied), count=most
        )
        return Decision("support tie", nobody, facts, data, entries)
    if tied:  # a strict majority, cancelled by a card in force
        facts = _("tiles received: {counted}; a card in force cancels the benefit").format(
            counted=counted
        )
        return Decision("card effects", nobody, facts, data, entries)
    facts = _("no Support tile was revealed{only}").format(only=only)
    return Decision("support", nobody, facts, data, entries)


def _used(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    parts = (
        [_("discards {card}").format(card=", ".join(map(label, event.discarded)))]
        if event.discarded
        else []
    )
    parts += [_("recovers the Good Luck Charm")] if event.charm_recovered else []
    what = _(" and ").join(parts) or _("has nothing to take")
    revealed = REVEALED.union(*(d.reveals for d in _decides()))
    chosen = not any(r.get("type") in revealed for r in seen[-1][1])
    how = _("as chosen") if chosen else _("nothing to choose: applied at once")
    entries = [number]
    for key in event.discarded:
        entries += _where(seen, PLAYED, key, event.player)[-1:]
    data = {
        "player": event.player,
        "discarded": list(event.discarded),
        "charm_recovered": event.charm_recovered,
        "chosen": chosen,
    }
    facts = f"{event.player} {what} ({how})"
    said = _("Support's benefit for {player}").format(player=event.player)
    return Decision("support", said, facts, data, entries)


def _drop(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    from domain.cards.catalogue import HardKnock

    kind_of = chapter.catalogue.kind_of
    held = {p.name: p.hand_size for p in chapter.players if not p.chaplain}
    demoralized = [
        p.name
        for p in chapter.players
        if any(kind_of[k] == HardKnock.DEMORALIZED for k in p.hard_knocks)
    ]
    for decides in _decides():  # a module that holds the cards (Solo: one hand for three)
        found = decides.held(chapter) if decides.held is not None else None
        if found is not None:
            held = found
            break
    total = sum(held.values())
    least = 3 + len(demoralized)
    cap = chapter.rules.morale_drop_max
    hands = ", ".join(f"{name} {n}" for name, n in held.items())
    facts = _("{count} cards left in hands ({hands})").format(count=total, hands=hands)
    if demoralized:
        facts += _(", +1 for each Demoralized player ({players})").format(
            players=", ".join(demoralized)
        )
    facts += _("; at least {count}").format(count=least) + (
        _(", at most {count}").format(count=cap) if cap is not None else ""
    )
    counted = max(total + len(demoralized), least)
    if counted != event.count and (cap is None or min(counted, cap) != event.count):
        facts += _("; a Recruit's Morale tokens or a card in force make it {count}").format(
            count=event.count
        )
    moved = min(event.count, len(chapter.morale))
    if moved < event.count:  # the Reserve runs out: the Monument shows
        facts += _(
            ": {count} were due, but the Morale Reserve held only {moved}: all {moved} move to "
            "the Trials deck and the Monument shows"
        ).format(count=event.count, moved=moved)
    else:
        facts += _(
            ": {moved} cards move to the Trials deck, {left} left in the Morale Reserve"
        ).format(moved=moved, left=len(chapter.morale) - moved)
    data = {
        "count": event.count,
        "cards_in_hands": held,
        "demoralized": demoralized,
        "least": least,
        "most": cap,
        "moved": moved,
        "morale_left": len(chapter.morale) - moved,
    }
    entries = [number, *_where(_mission(seen), {"CardsDealt"})]
    what = _("Morale Drop of {count}").format(count=event.count)
    return Decision("morale drop", what, facts, data, entries)


def _won(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    facts = _("the Trials deck is empty and no card is left in any hand")
    data = {"trials": len(chapter.trials), "cards_in_hands": chapter.cards_in_hands}
    return Decision("chapter won", _("Chapter won"), facts, data, [number])


def _lost(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    rule_id = LOST_BY.get(event.reason, "declared" if event.reason == "declared" else "rules")
    entries = [number]
    if event.reason == "hard-knocks":
        for player in chapter.players:
            for key in player.hard_knocks:
                entries += _where(seen, PLAYED, key, player.name)[-1:]
    facts = detail_said(event.detail) if event.detail else _("the table ended it")
    data = {"reason": event.reason, "detail": event.detail}
    return Decision(rule_id, _("Chapter lost"), facts, data, entries)


def _drawn(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    drawn = label(event.card) if event.card else _("nothing (the Trials deck was empty)")
    if event.cause == "clumsy":
        facts = _("{player} is Clumsy and withdrew: drew and played {card}").format(
            player=event.player, card=drawn
        )
        data = {"player": event.player, "cause": "clumsy", "card": event.card}
        entries = [number, *_given(chapter, seen, event.player, "clumsy")]
        what = _("A card drawn and played")
        return Decision("hard knock effect", what, facts, data, entries)
    facts = _("the card {player} played has a Trap symbol: drew and played {card}").format(
        player=event.player, card=drawn
    )
    for decides in _decides():  # a module's Trap (a Recruit's: for the Mission Leader)
        if event.cause in decides.drawn:
            facts = decides.drawn[event.cause](event, drawn)
    data = {"player": event.player, "cause": event.cause, "card": event.card}
    return Decision("trap", _("A Trap sprang"), facts, data, [number])


def _frenzied(
    chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]
) -> Decision | None:
    if event.cause != "frenzied":
        return None
    facts = _("{player} is Frenzied: drew {count} more cards after the deal").format(
        player=event.player, count=len(event.cards)
    )
    data = {"player": event.player, "cause": "frenzied", "count": len(event.cards)}
    entries = [number, *_given(chapter, seen, event.player, "frenzied")]
    return Decision("hard knock effect", _("Cards drawn"), facts, data, entries)


def _given(chapter: ChapterState, seen: Sequence[Entry], player: str, kind: str) -> list[int]:
    """The entries that put the player's Hard Knocks of ``kind`` in front of them."""
    kind_of, entries = chapter.catalogue.kind_of, list[int]()
    if all(p.name != player for p in chapter.players):
        return entries
    for key in chapter.player(player).hard_knocks:
        if kind_of.get(key) == kind:
            entries += _where(seen, PLAYED, key, player)[-1:]
    return entries


def _knock(
    chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]
) -> Decision | None:
    from domain.chapter.state import THREAT_KNOCKS

    card = chapter.catalogue.cards.get(event.card)
    if card is None or chapter.catalogue.kind_of.get(event.card) is None:
        return None  # a Threat card: the table's own move
    facts = _("{player} played {card}, a Hard Knock: it is now in front of them").format(
        player=event.player, card=label(event.card)
    )
    if chapter.catalogue.kind_of.get(event.card) in THREAT_KNOCKS:
        threats = "+".join(threat_name(t) for t in card.threats)
        facts += _(", and its {threats} counts among the active threats while they are in").format(
            threats=threats
        )
    data = {"player": event.player, "card": event.card}
    return Decision("hard knock", _("A Hard Knock took effect"), facts, data, [number])


EXPLAINERS = {
    "MissionFailed": _failed,
    "MissionSucceeded": _succeeded,
    "SupportRevealed": _support,
    "SupportUsed": _used,
    "MoraleDropped": _drop,
    "ChapterWon": _won,
    "ChapterLost": _lost,
    "CardDrawnAndPlayed": _drawn,
    "CardsDrawn": _frenzied,
    "CardPlayed": _knock,
}
