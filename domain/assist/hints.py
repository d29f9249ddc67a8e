"""Hints for the player whose turn it is: each kind of legal action with its immediate,
certain consequence, and the warnings the table can read, from public information only.

The table is first seen as the group sees it (``public``): decks face down, every hand a
count. So a hint never depends on what a hand holds: a card "here" is any card the rules let
the player play, and what it would do follows from the board alone. Facts only: the words
are the voice's (voice/assist.py).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.assist.odds import FAILING_COUNT, NextCard
from domain.assist.places import Keys
from domain.assist.public import played_from_hand, publics_after_play
from domain.assist.unseen import next_draw
from domain.chapter.commands import MakeSpeech, PlayCard, UseCharm, Withdraw
from domain.chapter.resolution import morale_drop_size
from domain.chapter.state import ChapterState, Phase
from domain.legal import legal_actions
from domain.modules.luck import unspent_luck
from domain.modules.recruits.state import recruit_in_mission

KNOCKS_LOSING = 4  # a player with 4 Hard Knocks (Wounded counts 2) loses the chapter


class Hint(msgspec.Struct, frozen=True):
    """One hint: what it is about (``kind``) and the facts the voice words it from."""

    kind: str
    facts: dict[str, Any]


def public(state: ChapterState) -> ChapterState:
    """The table as the group sees it: every deck slot unseen, every hand only a count."""
    return replace(
        state,
        trials=(None,) * len(state.trials),
        morale=(None,) * len(state.morale),
        players=tuple(replace(p, hand=(), hidden=p.hand_size) for p in state.players),
    )


def trap_risks(state: ChapterState, seat: int, keys: Keys) -> dict[str, NextCard]:
    """Each of ``keys``, a Trap card, played now: its own threats join No Man's Land, then
    the Trials' top card is drawn and played; the odds of that card (``next_draw`` of the
    played table, the public models of them all made at once)."""
    models = publics_after_play(state, seat, keys)
    return {
        key: next_draw(played_from_hand(state, seat, key), models[key])  # (its threat_tally)
        for key in keys
    }


def _trap_hint(state: ChapterState, seat: int, keys: Keys) -> Hint:
    """One hint for the Traps the player may play: the cards that risk the same, together,
    the riskiest first."""
    risks: dict[tuple[int, int, bool, bool], list[str]] = {}
    for key, odds in trap_risks(state, seat, keys).items():
        risk = (odds.failing, odds.unseen, odds.exact, odds.uniform)
        risks.setdefault(risk, []).append(state.catalogue.cards[key].name)
    ordered = sorted(risks.items(), key=lambda r: -r[0][0] / max(1, r[0][1]))
    facts = [
        {"cards": cards, "failing": f, "unseen": u, "exact": e, "uniform": uniform}
        for (f, u, e, uniform), cards in ordered
    ]
    return Hint("play-trap", {"risks": facts})


def _plays(state: ChapterState, name: str, keys: tuple[str, ...]) -> list[Hint]:
    """What a card played now does (``keys``: the cards the rules let the player play now):
    each threat at two is a third that fails the Mission; a Trap draws the Trials' top card
    too, its own threats already in; a Hard Knock lies in front of the player."""
    player = state.player(name)
    cards = state.catalogue.cards
    hints = []
    tally = state.threat_tally()
    for threat, shown in sorted(tally.items()):
        if shown == FAILING_COUNT - 1 and any(threat in cards[k].threats for k in keys):
            hints.append(Hint("play-fails", {"threat": threat, "shown": shown}))
    luck = unspent_luck(state)  # a Luck symbol showing cancels the next Trap
    if state.rules.traps and not luck and state.trials:
        traps = []
        for key in keys:
            mine = Counter(cards[key].threats)
            third = any(tally.get(t, 0) + n >= FAILING_COUNT for t, n in mine.items())
            if cards[key].trap and not third:  # (itself a third: play-fails says so)
                traps.append(key)
        if traps:
            hints.append(_trap_hint(state, state.index(name), tuple(traps)))
    if any(cards[k].hard_knock is not None for k in keys):
        weight = state.hard_knock_weight(player)
        hints.append(Hint("play-knock", {"player": name, "weight": weight}))
    return hints


def _actions(state: ChapterState) -> list[Hint]:
    """The hints of the active player's legal actions (``legal_actions``: a move the rules
    forbid now, such as a play by a Fearful player who must withdraw, is never named)."""
    player = state.active_player
    if player is None or state.phase != Phase.MISSION:
        return []
    legal = legal_actions(state)
    mine = [c for c in legal if getattr(c, "player", None) == player.name]
    keys = tuple(sorted({c.card for c in mine if isinstance(c, PlayCard)}))
    hints = _plays(state, player.name, keys)
    if any(isinstance(c, UseCharm) for c in mine) and player.charm is not None:
        cards = state.catalogue.cards
        showing = sum(1 for k in state.nml if player.charm in cards[k].threats)
        hints.append(Hint("charm", {"threat": player.charm, "cards": showing}))
    if any(isinstance(c, MakeSpeech) for c in mine):
        hints.append(Hint("speech", {"player": player.name, "tokens": player.speech_tokens}))
    if any(isinstance(c, Withdraw) for c in mine):
        last = len(state.in_mission) == 1 and not recruit_in_mission(state)
        facts: dict[str, Any] = {"player": player.name, "last": last}
        if last and not state.trials and state.hands_played_out:  # nothing left to play
            facts |= {"won": True}
        elif last:
            facts |= {"drop": morale_drop_size(state), "morale": len(state.morale)}
        hints.append(Hint("withdraw", facts))
    return hints


def _warnings(state: ChapterState) -> list[Hint]:
    hints = []
    for threat, shown in sorted(state.threat_tally().items()):
        if shown == FAILING_COUNT - 1:
            hints.append(Hint("two-alike", {"threat": threat}))
    for player in state.card_players:
        weight = state.hard_knock_weight(player) if player.hard_knocks else 0
        if weight == KNOCKS_LOSING - 1:
            hints.append(Hint("three-knocks", {"player": player.name}))
    limit, held = state.rules.hand_limit, state.cards_in_hands
    if limit is not None and held + len(state.card_players) >= limit:  # a deal of one each
        hints.append(Hint("hand-limit", {"held": held, "limit": limit}))
    if state.phase in (Phase.PREPARATION, Phase.MISSION):  # the Drop if the Mission ended now
        drop = morale_drop_size(state)
        if drop >= len(state.morale):
            hints.append(Hint("monument", {"drop": drop, "morale": len(state.morale)}))
        elif drop + 3 >= len(state.morale):
            hints.append(Hint("morale-low", {"drop": drop, "morale": len(state.morale)}))
    return hints


def hints(state: ChapterState) -> tuple[tuple[Hint, ...], tuple[Hint, ...]]:
    """The active player's actions with their consequences, and the table's warnings."""
    seen = public(state)
    return tuple(_actions(seen)), tuple(_warnings(seen))
