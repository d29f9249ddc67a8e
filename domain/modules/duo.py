"""Duo mode: an Armistice chapter for 2 players, each playing 2 Grizzled side by side
(armistice rulebook, "Duo mode"). The seats say who plays each Grizzled (``Seat.owner``);
the Morale Drop may take up to 7 cards; a Speech benefits only the other player's
Grizzled. ``DUO`` joins the chapter's rules at its moments (``domain.chapter.moments``):
the seating, the numbers the setup records, and the check before a Speech."""

from __future__ import annotations

from typing import Any

from domain.chapter.commands import Chance, Command, MakeSpeech, Seat, StartChapter
from domain.chapter.guards import find_player
from domain.chapter.moments import Module
from domain.chapter.state import ChapterState
from domain.errors import N_, InvalidSetup, SpeechRefused

PLAYERS = 2  # the players of a Duo chapter
GRIZZLED = 4  # the Grizzled they play, 2 each
MORALE_DROP_MAX = 7  # "the Morale Drop is at most 7 cards" (the basic rules' 6 otherwise)


def _owners(seats: tuple[Seat, ...]) -> list[str]:
    return [seat.owner or seat.name for seat in seats]


def side_by_side(seats: tuple[Seat, ...]) -> bool:
    """4 Grizzled, each of the 2 players' pair side by side (their turns consecutive)."""
    owners = _owners(seats)
    pairs = ((0, 1, 2, 3), (1, 2, 3, 0))
    return len(owners) == GRIZZLED and any(
        owners[a] == owners[b] and owners[c] == owners[d] and owners[a] != owners[c]
        for a, b, c, d in pairs
    )


def duo_seats(seats: tuple[Seat, ...]) -> bool:
    """Seats where several players share the Grizzled are Duo mode's: accepted when 2
    players play 2 Grizzled each side by side (True), refused otherwise; 2 Grizzled are
    refused with the word that 2 players play Duo mode. False: not Duo's seating."""
    if len(seats) == PLAYERS:
        raise InvalidSetup(
            N_(
                "setup: Armistice chapters are for 3 or 4 Grizzled (2 players play "
                "Duo mode with 2 Grizzled each), not {seats_count}"
            ),
            seats_count=len(seats),
        )
    players = len(set(_owners(seats)))
    if players == 1 or players == len(seats):  # one person plays them all, or one each
        return False
    if players != PLAYERS or not side_by_side(seats):
        raise InvalidSetup(
            N_("setup: in Duo mode each of the 2 players plays 2 Grizzled, side by side")
        )
    return True


def duo_numbers(cmd: StartChapter, armistice: bool, chance: Chance | None) -> dict[str, Any]:
    """A Duo chapter's Morale Drop takes up to 7 cards (the setup records it)."""
    if armistice and len(set(_owners(cmd.seats))) == PLAYERS:
        return {"morale_drop_max": MORALE_DROP_MAX}
    return {}


def refuse_own_players_discards(state: ChapterState, cmd: Command) -> None:
    """A Speech's discards: in Duo mode only the other player's Grizzled benefit."""
    if type(cmd) is not MakeSpeech or not cmd.discards or not state.rules.armistice:
        return
    speaker = find_player(state, cmd.player)
    for name, _card in cmd.discards:
        player = find_player(state, name)
        if player.owner == speaker.owner:
            raise SpeechRefused(
                N_(
                    "{player} belongs to {speaker}'s player: in Duo mode only the other "
                    "player's Grizzled benefit from a Speech"
                ),
                player=player.name,
                speaker=speaker.name,
            )


DUO = Module(
    "Duo",
    seats=duo_seats,
    decks=duo_numbers,
    before_action=refuse_own_players_discards,
)
