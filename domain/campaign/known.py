"""What a campaign has learnt from the group's own box, and where each card is now.

The Armistice card texts are not public: the group describes each numbered card the first
time it appears (``describe``), and enters each Briefing and Conclusion as printed. These
queries give it back in words, for ``grizzled card N`` and ``grizzled box``.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from domain.campaign.briefing import Briefing, Conclusion, RewardRule
from domain.campaign.flow import CampaignState
from domain.cards.catalogue import (
    CardType,
    Forbid,
    HelpingHandCard,
    OrderCard,
    RecruitCard,
    Rule,
)
from domain.cards.effects import rule_words
from domain.chapter.state import ChapterState, Phase
from domain.modules.orders import order_piles
from domain.modules.recruits.state import recruit_in_play, recruit_piles
from domain.names import chapter_name


class Entry(msgspec.Struct, frozen=True):
    """One numbered card as the group described it, and where it is now."""

    number: int
    kind: str  # "Trial card", "Order of the Day", "Recruit" or "Helping Hand"
    name: str
    facts: tuple[tuple[str, str], ...]  # (what, as described), in the card's own order
    where: tuple[str, ...]  # where it is now, in words; empty: in the box


class Box(msgspec.Struct, frozen=True):
    """Everything the campaign has learnt: numbered cards, Briefings and Conclusions."""

    cards: tuple[Entry, ...]
    briefings: tuple[Briefing, ...]
    conclusions: tuple[Conclusion, ...]


def _said(*pairs: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    """The facts that were given (an empty text is not shown)."""
    return tuple((what, text) for what, text in pairs if text)


def _times(count: int, what: str) -> str:
    return f"{count} {what}" if count == 1 else f"{count} {what}s"


# --- where a card is ----------------------------------------------------------------------
def _trial_where(state: CampaignState, card: CardType) -> tuple[str, ...]:
    """Where the cards of this face are (copies of a face are alike: counted, not told
    apart), and whether one was banned."""
    found: list[str] = []
    banned = [b for b in state.bans if b.card == card.key]
    for ban in banned:
        found.append(f"one banned after {chapter_name(ban.chapter)} (from {ban.player})")
    chapter = state.chapter
    if chapter is None:
        return tuple(found)
    piles: Counter[str] = Counter()
    for player in chapter.players:
        piles[f"in {player.name}'s hand"] += player.hand.count(card.key)
        piles[f"in front of {player.name}"] += player.hard_knocks.count(card.key)
    piles["in No Man's Land"] += chapter.nml.count(card.key)
    piles["in the discard pile"] += chapter.discard.count(card.key)
    piles["in the Trials deck (seen)"] += chapter.trials.count(card.key)
    piles["in the Morale Reserve (seen)"] += chapter.morale.count(card.key)
    piles["set aside"] += chapter.set_aside.count(card.key)
    recruit = recruit_in_play(chapter)
    if recruit is not None:
        piles["in the Recruit's hand"] += recruit.hand.count(card.key)
    found += [f"{_times(n, 'card')} {where}" for where, n in piles.items() if n]
    return tuple(found)


def _briefed(state: CampaignState, number: int, deck: str) -> list[str]:
    """The Briefings whose Order (or Recruit) deck holds the card."""
    return [
        f"in the {deck} deck of the Briefing of {chapter_name(b.chapter)}"
        for b in _briefings(state)
        if number in (b.orders if deck == "Order" else b.recruits)
    ]


def _first_pile(number: int, running: str, piles: tuple[tuple[str, tuple[int, ...]], ...]) -> str:
    """``where running`` for the first pile that holds the card ('' for none)."""
    return next((f"{where} {running}" for where, numbers in piles if number in numbers), "")


def _order_where(state: CampaignState, number: int) -> tuple[str, ...]:
    found = _briefed(state, number, "Order")
    piles = order_piles(state.chapter) if state.chapter is not None else None
    if piles is not None:
        found.append(
            _first_pile(
                number,
                _running(state),
                (
                    ("in play in", piles.in_play),
                    ("discarded in", piles.discard),
                    ("in the Order deck of", piles.deck),
                ),
            )
        )
    return tuple(w for w in found if w)


def _recruit_where(state: CampaignState, number: int) -> tuple[str, ...]:
    found = _briefed(state, number, "Recruit")
    piles = recruit_piles(state.chapter) if state.chapter is not None else None
    if piles is not None:
        recruit = piles.recruit
        in_play = recruit is not None and recruit.number == number
        where = _first_pile(
            number,
            _running(state),
            (
                ("in play in", (number,) if in_play else ()),
                ("departed in", piles.departed),
                ("in the Recruit deck of", piles.deck),
            ),
        )
        if in_play and recruit is not None:
            tokens = f", {_times(recruit.tokens, 'Morale token')}" if recruit.tokens else ""
            where += f" ({_times(len(recruit.hand), 'card')}{tokens})"
        found.append(where)
    return tuple(w for w in found if w)


def _helping_hand_where(state: CampaignState, card: HelpingHandCard) -> tuple[str, ...]:
    found = [
        f"offered by the Conclusion of {chapter_name(c.chapter)}"
        for c in _conclusions(state)
        if card.number in c.offered
    ]
    for holding in state.holdings:
        if holding.number != card.number:
            continue
        got = (
            f"drawn for a One-shot game by {holding.player}"
            if holding.source == "one-shot"
            else f"earned by {holding.player} after {chapter_name(holding.chapter)}"
        )
        if holding.used_in is not None:
            found.append(f"{got}, played in {chapter_name(holding.used_in)}")
        elif card.category == "friendship":
            found.append(f"{got}, in play for the rest of the campaign")
        else:
            found.append(f"{got}, held")
    found += [
        f"not taken after {chapter_name(u.chapter)} (a Negative Point)"
        for u in state.unclaimed
        if u.number == card.number
    ]
    return tuple(found)


def _running(state: CampaignState) -> str:
    """The current chapter, named (``chapter 3``, ``Boot Camp``, ``the game``)."""
    chapter: ChapterState | None = state.chapter
    if not state.armistice:
        return "the game"
    name = chapter_name(state.chapter_number)
    return name if chapter is not None and chapter.phase != Phase.OVER else f"{name} (ended)"


def _briefings(state: CampaignState) -> list[Briefing]:
    return [state.briefings[n] for n in sorted(state.briefings)]


def _conclusions(state: CampaignState) -> list[Conclusion]:
    return [state.conclusions[n] for n in sorted(state.conclusions)]


# --- the entries ----------------------------------------------------------------------------
def _trial(state: CampaignState, number: int, card: CardType) -> Entry:
    face: tuple[tuple[str, str], ...] = (("face", card.key),)
    if card.hard_knock is not None:
        face = (("Hard Knock", card.hard_knock), ("counts as", _times(card.value, "Hard Knock")))
        if card.acts_as is not None:
            face += (("acts as", f"{card.acts_as} (the tool applies its rules)"),)
    return Entry(
        number,
        "Trial card",
        card.name,
        _said(*face, ("text", card.effect)),
        _trial_where(state, card),
    )


def _order(state: CampaignState, card: OrderCard) -> Entry:
    minimum = ", ".join(f"{players} players: {low}" for players, low in card.minimum)
    facts = _said(
        ("difficulty", card.difficulty),
        ("minimum intensity", minimum),
        ("adds", "+".join(card.threats)),
        ("lasts until", card.cancellation if card.lasting else ""),
        ("text", card.effect),
        ("the tool enforces", _enforced(card.forbids, card.rules)),
    )
    return Entry(
        card.number, "Order of the Day", card.name, facts, _order_where(state, card.number)
    )


def _recruit(state: CampaignState, card: RecruitCard) -> Entry:
    facts = _said(
        ("starting hand", _times(card.hand, "card")),
        ("on withdrawing", _times(card.morale_tokens, "Morale token")),
        ("text", card.effect),
        ("the tool enforces", _enforced(card.forbids, card.rules)),
        ("departure advantage", card.advantage),
        ("on departure the tool applies", _enforced((), card.advantage_rules)),
    )
    return Entry(card.number, "Recruit", card.name, facts, _recruit_where(state, card.number))


def _helping_hand(state: CampaignState, card: HelpingHandCard) -> Entry:
    facts = _said(
        ("category", card.category),
        ("played", card.moment),
        ("text", card.effect),
        ("the tool applies", _enforced((), card.rules)),
    )
    return Entry(card.number, "Helping Hand", card.name, facts, _helping_hand_where(state, card))


def _enforced(forbids: tuple[Forbid, ...], rules: tuple[Rule, ...]) -> str:
    """What the tool applies of a card, in words (effects vocabulary)."""
    return "; ".join([f.words for f in forbids] + [rule_words(r) for r in rules])


def card_entries(state: CampaignState, number: int) -> tuple[Entry, ...]:
    """What card ``number`` was described as (one entry per kind it was described as;
    none: not described yet), and where it is now."""
    catalogue = state.catalogue
    found: list[Entry] = []
    trial = catalogue.by_number(number)
    if trial is not None:
        found.append(_trial(state, number, trial))
    if number in catalogue.orders:
        found.append(_order(state, catalogue.orders[number]))
    if number in catalogue.recruits:
        found.append(_recruit(state, catalogue.recruits[number]))
    if number in catalogue.helping_hands:
        found.append(_helping_hand(state, catalogue.helping_hands[number]))
    return tuple(found)


def described_numbers(state: CampaignState) -> tuple[int, ...]:
    """Every card number the group has described, in order."""
    catalogue = state.catalogue
    numbers = {n for card in catalogue.cards.values() for n in card.numbers}
    numbers |= {*catalogue.orders, *catalogue.recruits, *catalogue.helping_hands}
    return tuple(sorted(numbers))


def box(state: CampaignState) -> Box:
    """Everything the campaign has learnt, numbered cards in number order."""
    cards = tuple(e for n in described_numbers(state) for e in card_entries(state, n))
    return Box(cards, tuple(_briefings(state)), tuple(_conclusions(state)))


# --- how each chapter's Helping Hands were decided ------------------------------------------
class RewardReading(msgspec.Struct, frozen=True):
    """How a chapter's Helping Hands were decided: its result and Morale left, the
    Conclusion's rule that applied (the one earning most; None when none did or no
    Conclusion was entered), and how many were earned, taken and not taken."""

    chapter: int
    result: str  # "won" or "lost"
    morale_left: int
    concluded: bool
    rule: RewardRule | None
    earned: int
    taken: int
    unclaimed: int

    def said(self) -> str:
        """In words, for ``score --explain``."""
        head = f"{chapter_name(self.chapter)}: {self.result}, {self.morale_left} Morale left"
        if self.chapter == 0:
            return f"{head}; Boot Camp earns no Helping Hand (a tutorial)"
        if not self.concluded:
            return f"{head}; no Conclusion entered yet"
        if self.rule is None:
            return f"{head}; no reward rule of its Conclusion applies: 0 earned"
        rule = self.rule
        when = "any result" if rule.result == "any" else rule.result
        return (
            f"{head}; its Conclusion's rule ({when}, at least {rule.morale_left} Morale left: "
            f"{rule.helping_hands}) earns {self.earned}: {self.taken} taken, "
            f"{self.unclaimed} not taken"
        )


def reward_readings(state: CampaignState) -> tuple[RewardReading, ...]:
    """Each ended chapter's reward reading, in the order played (Armistice only)."""
    if not state.armistice:
        return ()
    readings = []
    for ended in state.results:
        n, result = ended.number, "won" if ended.outcome == "won" else "lost"
        conclusion = state.conclusions.get(n)
        rules = [
            r
            for r in (conclusion.rewards if conclusion is not None else ())
            if r.result in (result, "any") and r.morale_left <= ended.morale_left
        ]
        rule = max(rules, key=lambda r: r.helping_hands, default=None)
        readings.append(
            RewardReading(
                n,
                result,
                ended.morale_left,
                conclusion is not None,
                rule,
                rule.helping_hands if rule is not None else 0,
                sum(1 for h in state.holdings if h.chapter == n and h.source == "award"),
                sum(1 for u in state.unclaimed if u.chapter == n),
            )
        )
    return tuple(readings)
