"""Each decision the rules take by themselves, explained from the state just before its
event (a chapter's ``ChapterState``): what was decided, its facts in words and as data,
its rule's id (voice/rulebook.py) and the log entries the facts come from (``seen``: the
chapter's entries up to the one holding the event, each its number and event records)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from voice.board import label
from voice.lang import _, ngettext
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
            f"{self.what}: {self.facts}.",
            _("  Rule ({rule}): {words} ({place}).").format(
                rule=found.rule, words=_(found.words), place=found.place()
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
REVEALED = {"SupportRevealed", "SoloSupportDrawn"}  # Support decided in the same entry


def _kept(record: Mapping[str, Any], order: int) -> bool:
    return record.get("type") == "OrderChosen" and (record.get("data") or {}).get("order") == order


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
    from domain.modules.orders.state import order_piles

    piles = order_piles(chapter)  # Orders of the Day show threats while in play
    orders = (
        [n for n in piles.in_play if threat in chapter.catalogue.orders[n].threats] if piles else []
    )
    mission = _mission(seen)
    entries = [number]
    for order in orders:  # the entry whose Mission Leader kept it
        entries += [n for n, rs in seen for r in rs if _kept(r, order)][-1:]
    for key in set(laid):
        entries += _where(mission, PLAYED, key)[-laid.count(key) :]
    for name, key in knocks:
        entries += _where(seen, PLAYED, key, name)[-1:]
    parts = [f"{', '.join(map(label, laid))} in No Man's Land"] if laid else []
    parts += [f"{name}'s {label(key)}" for name, key in knocks]
    parts += [f"Order of the Day #{n}" for n in orders]
    count = len(laid) + len(knocks) + len(orders)
    facts = f"{count} {threat} threats were active: {_and(parts)}"
    data = {
        "threat": threat,
        "count": count,
        "no_mans_land": laid,
        "hard_knocks": knocks,
        "orders": orders,
    }
    return Decision("mission failed", f"Mission {chapter.mission} failed", facts, data, entries)


def _succeeded(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    names = [p.name for p in chapter.players if not p.chaplain]
    tally = chapter.threat_tally()
    most = max(tally.values(), default=0)
    entries = [number, *_where(_mission(seen), {"PlayerWithdrew"})]
    active = f"at most {most} identical threats active" if most else "no threat active"
    facts = f"every player withdrew ({', '.join(names)}) with {active}"
    data = {"withdrew": names, "most_identical_threats": most}
    return Decision(
        "mission succeeded", f"Mission {chapter.mission} succeeded", facts, data, entries
    )


def _support(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    received: dict[str, int] = {}
    for _giver, _tile, receiver in event.gifts:
        received[receiver] = received.get(receiver, 0) + 1
    entries = [number, *_where(_mission(seen), {"PlayerWithdrew"})]
    counted = ", ".join(f"{name} {n}" for name, n in sorted(received.items())) or "none"
    selfish = sorted({giver for giver, _, receiver in event.gifts if giver == receiver})
    for name in selfish:  # a Selfish player's tile supports themselves, whatever its arrow
        entries += _given(chapter, seen, name, "selfish")
        counted += f" ({name} is Selfish: their tile supported themselves)"
    only = (
        " (the Mission failed: only tiles of players who withdrew count)"
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
    if event.beneficiary is not None:
        facts = f"tiles received: {counted}{only}; {event.beneficiary} received the most"
        if event.discards is not None:
            facts += f"; a card in force: at most {event.discards} Hard Knock(s) discarded"
        return Decision("support", f"Support to {event.beneficiary}", facts, data, entries)
    if len(tied) > 1:
        facts = f"tiles received: {counted}{only}; {_and(tied)} tie with {most} each"
        return Decision("support tie", "Support to nobody", facts, data, entries)
    if tied:  # a strict majority, cancelled by a card in force
        facts = f"tiles received: {counted}; a card in force cancels the benefit"
        return Decision("card effects", "Support to nobody", facts, data, entries)
    facts = f"no Support tile was revealed{only}"
    return Decision("support", "Support to nobody", facts, data, entries)


def _used(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    parts = [f"discards {', '.join(map(label, event.discarded))}"] if event.discarded else []
    parts += ["recovers the Good Luck Charm"] if event.charm_recovered else []
    what = " and ".join(parts) or "has nothing to take"
    chosen = not any(r.get("type") in REVEALED for r in seen[-1][1])
    how = "as chosen" if chosen else "nothing to choose: applied at once"
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
    return Decision("support", f"Support's benefit for {event.player}", facts, data, entries)


def _drop(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    from domain.cards.catalogue import HardKnock

    kind_of = chapter.catalogue.kind_of
    held = {p.name: p.hand_size for p in chapter.players if not p.chaplain}
    demoralized = [
        p.name
        for p in chapter.players
        if any(kind_of[k] == HardKnock.DEMORALIZED for k in p.hard_knocks)
    ]
    from domain.modules.solo.state import solo_table

    solo = solo_table(chapter)
    if solo is not None:  # Solo: one hand for the three Grizzled
        held = {"the hand": solo.hand_size}
    total = sum(held.values())
    least = 3 + len(demoralized)
    cap = chapter.rules.morale_drop_max
    hands = ", ".join(f"{name} {n}" for name, n in held.items())
    facts = f"{total} cards left in hands ({hands})"
    if demoralized:
        facts += f", +1 for each Demoralized player ({', '.join(demoralized)})"
    facts += f"; at least {least}" + (f", at most {cap}" if cap is not None else "")
    counted = max(total + len(demoralized), least)
    if counted != event.count and (cap is None or min(counted, cap) != event.count):
        facts += f"; a Recruit's Morale tokens or a card in force make it {event.count}"
    moved = min(event.count, len(chapter.morale))
    if moved < event.count:  # the Reserve runs out: the Monument shows
        facts += (
            f": {event.count} were due, but the Morale Reserve held only {moved}: all "
            f"{moved} move to the Trials deck and the Monument shows"
        )
    else:
        facts += (
            f": {moved} cards move to the Trials deck, "
            f"{len(chapter.morale) - moved} left in the Morale Reserve"
        )
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
    return Decision("morale drop", f"Morale Drop of {event.count}", facts, data, entries)


def _won(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    facts = "the Trials deck is empty and no card is left in any hand"
    data = {"trials": len(chapter.trials), "cards_in_hands": chapter.cards_in_hands}
    return Decision("chapter won", "Chapter won", facts, data, [number])


def _lost(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    rule_id = LOST_BY.get(event.reason, "declared" if event.reason == "declared" else "rules")
    entries = [number]
    if event.reason == "hard-knocks":
        for player in chapter.players:
            for key in player.hard_knocks:
                entries += _where(seen, PLAYED, key, player.name)[-1:]
    facts = event.detail or "the table ended it"
    data = {"reason": event.reason, "detail": event.detail}
    return Decision(rule_id, "Chapter lost", facts, data, entries)


def _drawn(chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]) -> Decision:
    drawn = label(event.card) if event.card else "nothing (the Trials deck was empty)"
    if event.cause == "clumsy":
        facts = f"{event.player} is Clumsy and withdrew: drew and played {drawn}"
        data = {"player": event.player, "cause": "clumsy", "card": event.card}
        entries = [number, *_given(chapter, seen, event.player, "clumsy")]
        return Decision("hard knock effect", "A card drawn and played", facts, data, entries)
    facts = f"the card {event.player} played has a Trap symbol: drew and played {drawn}"
    if event.cause == "recruit-trap":  # a Hard Knock it draws goes to the Mission Leader
        facts = (
            f"the card the Recruit played has a Trap symbol: drew and played {drawn}, for "
            f"{event.player}, the Mission Leader"
        )
    data = {"player": event.player, "cause": event.cause, "card": event.card}
    return Decision("trap", "A Trap sprang", facts, data, [number])


def _frenzied(
    chapter: ChapterState, event: Any, number: int, seen: Sequence[Entry]
) -> Decision | None:
    if event.cause != "frenzied":
        return None
    facts = f"{event.player} is Frenzied: drew {len(event.cards)} more cards after the deal"
    data = {"player": event.player, "cause": "frenzied", "count": len(event.cards)}
    entries = [number, *_given(chapter, seen, event.player, "frenzied")]
    return Decision("hard knock effect", "Cards drawn", facts, data, entries)


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
    facts = f"{event.player} played {label(event.card)}, a Hard Knock: it is now in front of them"
    if chapter.catalogue.kind_of.get(event.card) in THREAT_KNOCKS:
        threats = "+".join(card.threats)
        facts += f", and its {threats} counts among the active threats while they are in"
    data = {"player": event.player, "card": event.card}
    return Decision("hard knock", "A Hard Knock took effect", facts, data, [number])


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
