"""Before a Mission starts: how many cards the deal would bring into hands, and from which
intensity it would lose the chapter at once (Decision 2: "If the players ever have 13 or
more cards in hand collectively, the game is lost!"). Pure counts of the state, for the
Next line, the session's prompt and the confirmation of ``mission start``."""

from __future__ import annotations

from math import ceil

import msgspec

from domain.chapter.actions import deal_order
from domain.chapter.hardknocks import FRENZIED, has
from domain.chapter.state import ChapterState, Phase
from domain.legal import intensities, start_choices
from domain.modules.solo.state import solo_table


class DealForecast(msgspec.Struct, frozen=True):
    """``held`` cards in hands now; the least intensity the leader may set (``low``, an
    Order's minimum included) adds ``added`` (Frenzied's draw included); ``limit`` cards in
    hands lose the chapter, first reached at intensity ``losing`` (None: no deal does)."""

    held: int
    low: int
    added: int
    limit: int
    losing: int | None


def hands_after_deal(state: ChapterState, intensity: int) -> int:
    """Cards in hands once ``intensity`` cards each are dealt (the deal stops when the
    Trials deck runs out) and each Frenzied player drew their 2 cards."""
    order = deal_order(state)
    rest = len(state.trials)
    dealt = min(intensity * len(order), rest)
    rest -= dealt
    for seat in order:
        player = state.players[seat]
        if player.hard_knocks and has(state, player, FRENZIED) and rest:
            drawn = min(2, rest)
            dealt, rest = dealt + drawn, rest - drawn
    return state.cards_in_hands + dealt


def deal_forecast(state: ChapterState) -> DealForecast | None:
    """What the next deal brings into hands, while the leader prepares a Mission under a
    13-card limit (None otherwise: the base game, Solo, a Mission under way)."""
    limit = state.rules.hand_limit
    if limit is None or solo_table(state) is not None or state.phase != Phase.PREPARATION:
        return None
    lows = [span[0] for kept, _ in start_choices(state) if (span := intensities(state, kept))]
    low = min(lows) if lows else intensities(state)[0]
    most = max(low, ceil(len(state.trials) / max(1, len(deal_order(state)))))
    if state.mission == 0 and state.rules.first_intensity_exact:
        most = low  # the Briefing's intensity, and no other
    losing = next((i for i in range(low, most + 1) if hands_after_deal(state, i) >= limit), None)
    held = state.cards_in_hands
    return DealForecast(held, low, hands_after_deal(state, low) - held, limit, losing)


def third_threat(state: ChapterState, card: str) -> str | None:
    """The threat whose third active copy playing ``card`` would show, failing the Mission
    (legal, and maybe wanted: the table is told, never asked), or None."""
    kind = state.catalogue.cards.get(card)
    if kind is None:
        return None
    tally = state.threat_tally()
    for threat in kind.threats:
        if tally.get(threat, 0) + kind.threats.count(threat) >= 3:
            return threat
    return None
