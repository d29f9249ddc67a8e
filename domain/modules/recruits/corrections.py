"""The Recruits' facts a correction sets: the cards the Recruit in play holds face up, and
the Morale tokens on it (counted at the Morale Drop). The chapter's corrections find them in
the registry (moments.py ``facts``); their values are read as the basic facts' are."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from domain.cards.catalogue import Catalogue
from domain.cards.notation import card_label
from domain.chapter.facts import Fact, ModuleFact, Value, cards_of
from domain.chapter.guards import check_can_reveal
from domain.chapter.state import ChapterState
from domain.errors import N_, Counted, InvalidCorrection
from domain.events import FactCorrected
from domain.limits import MORALE_TOKENS
from domain.modules.recruits.state import (
    Recruit,
    recruit_in_play,
    recruit_piles,
    with_recruit_piles,
)


def _in_play(state: ChapterState) -> Recruit:
    recruit = recruit_in_play(state)
    if recruit is None:
        raise InvalidCorrection(N_("there is no Recruit in play to correct"))
    return recruit


def _check_tokens(state: ChapterState, event: FactCorrected) -> None:
    _in_play(state)


def _check_hand(state: ChapterState, event: FactCorrected) -> None:
    recruit, hand = _in_play(state), cards_of(event.value)
    if not hand:
        raise InvalidCorrection(
            N_(
                "name the cards the Recruit holds: it departs only by playing its "
                "last card, on its turn"
            )
        )
    revealed: Counter[str] = Counter()
    for key in (Counter(hand) - Counter(recruit.hand)).elements():
        check_can_reveal(state, key, revealed)  # a card new to its hand: one not yet seen
        revealed[key] += 1


def _with_recruit(state: ChapterState, recruit: Recruit) -> ChapterState:
    piles = recruit_piles(state)
    assert piles is not None, "a Recruit correction without a Recruit"
    return with_recruit_piles(state, replace(piles, recruit=recruit))


def _hand(state: ChapterState, event: FactCorrected) -> ChapterState:
    return _with_recruit(state, replace(_in_play(state), hand=cards_of(event.value)))


def _tokens(state: ChapterState, event: FactCorrected) -> ChapterState:
    return _with_recruit(state, replace(_in_play(state), tokens=int(event.value or 0)))


def _cards_said(value: Value, catalogue: Catalogue) -> str:
    return ", ".join(card_label(k, catalogue) for k in str(value or "").split(",") if k)


def _tokens_said(value: Value, catalogue: Catalogue) -> str:
    return Counted("{count} Morale token", "{count} Morale tokens", int(value or 0))


RECRUIT_FACTS = {
    "recruit-hand": ModuleFact(
        Fact("the cards the Recruit holds face up", False, "cards"),
        None,
        _check_hand,
        _hand,
        N_("the Recruit {a}holds {v} face up"),
        _cards_said,
    ),
    "recruit-tokens": ModuleFact(
        Fact("Morale tokens on the Recruit", False, "count", MORALE_TOKENS),
        None,
        _check_tokens,
        _tokens,
        N_("the Recruit {a}carries {v}"),
        _tokens_said,
    ),
}
