"""The house rule "no Speech while No Man's Land is empty" (a Speech rallies the group
against a threat they face), as a ``Module``: its refusal's words, the moments it joins
(domain/chapter/moments.py) and what it shows on the public board (``shows``: whether a
Speech is open, during a Mission); its words and keeper move are its face (``face.py``)."""

from __future__ import annotations

from typing import ClassVar

from domain.chapter.commands import Command, MakeSpeech
from domain.chapter.moments import Module
from domain.chapter.state import ChapterState
from domain.errors import SpeechRefused
from domain.events import Event


class SpeechHeldBack(Event, frozen=True):
    """A Speech the house rule held back. Never recorded: ``domain/records.py`` lists the
    game's records only, so a module kept in the tests has no event it could store; the
    voice narrates it in this process (``face.py``, ``test_faces.py``)."""

    TYPE: ClassVar[str] = "SpeechHeldBack"
    player: str


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
)
