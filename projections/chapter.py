"""Read model ``chapter_state`` and ``chapter_players``: the board of each chapter.

A chapter's rows are its state when it was last the current chapter of the line of play:
the board now for the chapter being played, the final board for the ones before it.
Rows are built from ``domain.chapter.state.ChapterState`` only; what a module shows on the
board (its piles, its Luck, a house rule's row) is its own rows, which it gives from its
folder (``Module.shows``: ``modules``), so this file names none of the modules.
A Support tile played face down is secret until the reveal: only *whether* a player
played one is stored, and tiles held are a count (a list would give the played one away).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from domain.cards.catalogue import base_catalogue
from domain.chapter.queries import whose_turn
from domain.codec import json_text
from domain.legal import legal_summary
from domain.names import chapter_name
from domain.public import house_rules, recruit_acts, shown

if TYPE_CHECKING:
    from domain.chapter.state import ChapterState, Player


def dumps(value: Any) -> str:
    """Compact, stable JSON for a column (sorted keys, ASCII)."""
    return json_text(value, sort_keys=True)


def _counts(counter: Counter[str]) -> str:
    return dumps(dict(sorted(counter.items())))


def _nml_threats(state: ChapterState) -> Counter[str]:
    counts: Counter[str] = Counter()
    for key in state.nml:
        counts.update(state.catalogue[key].threats)
    return counts


def _legal(state: ChapterState) -> str:
    """What the player whose turn it is may do now (``domain.legal.legal_summary``), so
    the board needs no rules engine to be shown."""
    return dumps(legal_summary(state))


def with_known_cards(state: ChapterState) -> ChapterState:
    """The board with every card on it in its catalogue. A chapter that ended keeps its
    cards while the campaign may ban the last copy of one afterwards; a board restored by
    an undo carries the campaign's catalogue (``domain.codec`` stores one), so such a card
    is looked up in the base game."""
    catalogue = state.catalogue
    keys = {*state.nml, *(k for p in state.players for k in (*p.hand, *p.hard_knocks))}
    missing = [k for k in keys if k not in catalogue]
    if not missing:
        return state
    base = base_catalogue().cards
    cards = {**catalogue.cards, **{k: base[k] for k in missing if k in base}}
    return replace(state, catalogue=replace(catalogue, cards=cards))


def chapter_row(
    campaign_id: str, campaign: str, number: int, state: ChapterState, title: str = ""
) -> dict[str, Any]:
    """The ``chapter_state`` row of one chapter (``title``: its Briefing's, if any)."""
    state = with_known_cards(state)
    support = state.support
    return {
        "campaign_id": campaign_id,
        "campaign": campaign,
        "chapter": number,
        "chapter_name": chapter_name(number),
        "title": title,
        "ruleset": state.rules.ruleset,
        "variant": state.rules.variant,
        "traps": int(state.rules.traps),
        "phase": str(state.phase),
        "mission": state.mission,
        "turn": whose_turn(state),
        "recruit_turn": int(recruit_acts(state)),
        "leader": state.players[state.leader].name,
        "trials": len(state.trials),
        "morale": len(state.morale),
        "discard": len(state.discard),
        "set_aside": dumps(list(getattr(state, "set_aside", ()))),
        "cards_in_hands": state.cards_in_hands,
        "nml": dumps(list(state.nml)),
        "nml_threats": _counts(_nml_threats(state)),
        "threats": _counts(state.threat_counts()),
        "speech_stock": state.speech_stock,
        "mission_failed": int(state.mission_failed),
        "support_beneficiary": support.player if support is not None else None,
        "outcome": state.outcome,
        "outcome_detail": state.outcome_detail,
        "legal": _legal(state),
        "modules": dumps(shown(state)),
        "house_rules": "; ".join(house_rules()),
    }


def _player_row(
    base: dict[str, Any], seat: int, player: Player, state: ChapterState
) -> dict[str, Any]:
    return {
        **base,
        "seat": seat,
        "player": player.name,
        "owner": player.owner,
        "chaplain": int(player.chaplain),
        "charm": player.charm,
        "charm_up": int(player.charm_up),
        "hand_size": player.hand_size,
        "hand_known": dumps(list(player.hand)),
        "hard_knocks": dumps(list(player.hard_knocks)),
        "hard_knock_weight": state.hard_knock_weight(player),
        "speech_tokens": player.speech_tokens,
        "tiles": len(player.tiles),
        "tile_played": int(player.played_tile is not None),
        "withdrawn": int(player.withdrawn),
        "is_leader": int(seat == state.leader),
        "is_turn": int(seat == state.turn),
    }


def player_rows(
    campaign_id: str, campaign: str, number: int, state: ChapterState
) -> list[dict[str, Any]]:
    """The ``chapter_players`` rows of one chapter, in seat order."""
    base = {"campaign_id": campaign_id, "campaign": campaign, "chapter": number}
    state = with_known_cards(state)
    return [_player_row(base, seat, p, state) for seat, p in enumerate(state.players)]
