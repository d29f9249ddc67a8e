"""Whether a correction can apply here: at this moment of the chapter, to a card where it
lies, a tile a player holds, a Recruit in play (a module's own fact: its check), and in
Solo mode to what the
Solo table has (one single hand, no Speech tokens, no Support tiles of the Grizzled).
"""

from __future__ import annotations

from domain.cards.catalogue import support_tile_pool
from domain.cards.notation import card_label
from domain.chapter.facts import FACTS, HAND_MOVES
from domain.chapter.guards import check_in_hand
from domain.chapter.moments import INSTALLED
from domain.chapter.state import ChapterState, Phase
from domain.errors import N_, InvalidCorrection
from domain.events import FactCorrected

DURING_A_MISSION = ("turn", "withdrawn", "mission-end", "tile-played", "nml-add", "hand-to-nml")


def check_applicable(state: ChapterState, event: FactCorrected) -> None:
    """The correction can apply at this moment, to these cards, this player, this module."""
    fact = event.fact
    if fact == "hand" and event.player is not None:
        seen = len(state.player(event.player).hand)
        if int(event.value or 0) < seen:
            raise InvalidCorrection(
                N_("{player} holds {seen} cards everyone has seen: the hand cannot be smaller"),
                player=event.player,
                seen=seen,
            )
    if fact == "nml-remove" and event.value not in state.nml:
        raise InvalidCorrection(
            N_("there is no {event} in No Man's Land to remove"), event=event.value
        )
    player = state.player(event.player) if event.player is not None else None
    if fact == "knock-remove" and player and event.value not in player.hard_knocks:
        raise InvalidCorrection(
            N_("{player} has no {event} in front of them"), player=event.player, event=event.value
        )
    if fact in DURING_A_MISSION and state.phase != Phase.MISSION:
        raise InvalidCorrection(N_("{meaning}: only during a Mission"), meaning=FACTS[fact].meaning)
    if fact == "turn" and player and player.withdrawn:
        raise InvalidCorrection(
            N_("{player} has withdrawn from the Mission: not their turn"), player=player.name
        )
    for refuse in INSTALLED.before_correction:  # what a module's table does not have (Solo)
        refuse(state, event)
    if fact.startswith("tile-"):
        _check_tile(state, event)
    elif fact in HAND_MOVES:
        _check_hand_move(state, event)
    elif fact in ("nml-add", "knock-add"):
        _check_place(state, fact, str(event.value))
        _check_not_all_face_up(state, str(event.value))
    elif fact in INSTALLED.facts:  # a module's own fact
        INSTALLED.facts[fact].check(state, event)


def _check_tile(state: ChapterState, event: FactCorrected) -> None:
    player, tile = state.player(event.player or ""), str(event.value)
    if player.chaplain and event.fact == "tile-played":
        raise InvalidCorrection(
            N_("{player} plays no Support tile of their own"), player=player.name
        )
    pool = support_tile_pool(len(state.players))
    if tile not in pool:
        raise InvalidCorrection(
            N_("the {tile} Support tiles are not used at this table"), tile=tile
        )
    if event.fact == "tile-add":
        held = sum(p.tiles.count(tile) + (p.played_tile == tile) for p in state.players)
        if held >= pool[tile]:
            raise InvalidCorrection(
                N_("all {pool} {tile} Support tiles are already held"), pool=pool[tile], tile=tile
            )
    elif event.fact == "tile-remove" and tile not in player.tiles:
        raise InvalidCorrection(
            N_("{player} holds no {tile} Support tile"), player=player.name, tile=tile
        )
    elif event.fact == "tile-played":
        if not player.withdrawn:
            raise InvalidCorrection(
                N_("{player} has not withdrawn: no tile is played yet"), player=player.name
            )
        if tile not in player.tiles and player.played_tile != tile:
            raise InvalidCorrection(
                N_("{player} holds no {tile} Support tile"), player=player.name, tile=tile
            )


def _check_hand_move(state: ChapterState, event: FactCorrected) -> None:
    check_in_hand(state, state.player(event.player or ""), str(event.value))
    _check_place(state, event.fact, str(event.value))


def _check_place(state: ChapterState, fact: str, card: str) -> None:
    """A Threat card lies in No Man's Land, a Hard Knock in front of a player."""
    kind, label = state.catalogue[card], card_label(card, state.catalogue)
    if fact in ("hand-to-nml", "nml-add") and not kind.is_threat:
        raise InvalidCorrection(
            N_("{label} is not a Threat card: it never lies in No Man's Land"), label=label
        )
    if fact in ("hand-to-knock", "knock-add") and kind.hard_knock is None:
        raise InvalidCorrection(
            N_("{label} is not a Hard Knock: it is never put in front of anyone"), label=label
        )


def _check_not_all_face_up(state: ChapterState, card: str) -> None:
    """A card nobody logged came from a hidden place: not every copy may be face up on the
    table already (in No Man's Land, the discard, in front of a player, a hand everyone
    has seen, the Recruit's, set aside). A deck the engine knows card by card is a
    simulation's: its copies are not counted here."""
    known = state.known_counts()
    in_decks = sum(1 for k in (*state.trials, *state.morale) if k == card)
    copies = state.catalogue[card].copies
    if known[card] - in_decks >= copies:
        label = card_label(card, state.catalogue)
        where = "its only copy is" if copies == 1 else f"all {copies} copies are"
        raise InvalidCorrection(
            N_("no {label} can be added: {where} already face up on the table"),
            label=label,
            where=where,
        )
