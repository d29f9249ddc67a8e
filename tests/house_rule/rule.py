"""The house rule "no Speech while No Man's Land is empty" (a Speech rallies the group
against a threat they face), as a ``Module``: its refusal's words, the moments it joins
(domain/chapter/moments.py), what it shows on the public board (``shows``: whether a
Speech is open, during a Mission) and the event it records (``recorded``: a Speech held
back when a Mission is dealt); its words and keeper move are its face (``face.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from domain.chapter.commands import Command, MakeSpeech, StartMission
from domain.chapter.moments import Module
from domain.chapter.state import ChapterState
from domain.errors import SpeechRefused
from domain.events import Event

if TYPE_CHECKING:
    from domain.chapter.outcome import Outcome


class SpeechHeldBack(Event, frozen=True):
    """A Speech the house rule holds back: a player holding a Speech token when a Mission's
    cards are dealt, No Man's Land empty. Stored as the game's events are, though
    ``domain/records.py`` lists the game's only: the module registers it (``recorded``),
    so a program that plays the rule replays it, and one that does not refuses the file."""

    TYPE: ClassVar[str] = "SpeechHeldBack"
    player: str


def held_back(o: Outcome, cmd: StartMission) -> None:
    """After the deal, No Man's Land empty: each Speech a player holds waits."""
    if nothing_faced(o.state):
        for player in o.state.players:
            if player.speech_tokens and not player.withdrawn:
                o.emit(SpeechHeldBack(player.name))


def unchanged(state: ChapterState, event: SpeechHeldBack) -> ChapterState:
    """A held-back Speech changes nothing on the table: the rule reads No Man's Land."""
    return state


def nothing_faced(state: ChapterState) -> bool:
    """Whether No Man's Land is empty: only then may the rule refuse an action."""
    return not state.nml


def no_speech_before_a_threat(state: ChapterState, cmd: Command) -> None:
    """Refuse a Speech while No Man's Land is empty."""
    if type(cmd) is MakeSpeech and nothing_faced(state):
        raise SpeechRefused(
            f"house rule: no Speech while No Man's Land is empty ({cmd.player} may make one "
            "once a card is played)"
        )


def speech_open(state: ChapterState) -> dict[str, bool] | None:
    """The house rule's row on the board during a Mission: whether a Speech is open."""
    return {"open": not nothing_faced(state)} if str(state.phase) == "mission" else None


HOUSE_RULE = Module(
    "No Speech before a threat",
    restricts=nothing_faced,
    before_action=no_speech_before_a_threat,
    shows={"house-rule": speech_open},
    after_deal=held_back,
    evolvers={SpeechHeldBack: unchanged},
    recorded=(SpeechHeldBack,),
)
