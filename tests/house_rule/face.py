"""The house rule's face (voice/rooms.py), from its own folder: the words of its row on
the board, the keeper move it offers (a Speech against the threat No Man's Land shows
most, the button saying why the house allows it), its event's sentence and what it says
on the board while it holds a Speech back (``BoardWords.lines``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.cards.catalogue import THREATS
from domain.chapter.commands import MakeSpeech
from voice import Move, Room
from voice.lang import _
from voice.parts import BoardWords

ROW = "house-rule"  # the row's name, as the rule shows it (rule.py)


def row_words(value: dict[str, bool], doc: dict[str, Any]) -> str:
    """``House rule: no Speech before a threat (...)``, open or waiting."""
    if value["open"]:
        return _("House rule: no Speech before a threat (open: No Man's Land holds a card)")
    return _("House rule: no Speech before a threat (a Speech waits for a card in No Man's Land)")


def rally(state: Any) -> list[Move]:
    """A Speech against the threat No Man's Land shows most, for the player whose turn it
    is, when the rules allow it now."""
    from domain.legal import legal_actions

    chapter = state.chapter
    if chapter is None or chapter.active_player is None or not chapter.nml:
        return []
    counts = Counter(t for key in chapter.nml for t in chapter.catalogue[key].threats)
    if not counts:
        return []
    threat = max(THREATS, key=lambda t: (counts[t], -THREATS.index(t)))
    command = MakeSpeech(chapter.active_player.name, threat)
    if command not in legal_actions(chapter):
        return []
    label = _("Rally against {threat} (house rule)").format(threat=threat)
    return [Move(label, ("speech", threat), command)]


def held_back(event: Any, catalogue: Any) -> str:
    """The sentence for a Speech the house rule held back."""
    return _("{player}'s Speech waits: No Man's Land is empty (house rule).").format(
        player=event.player
    )


def lines(doc: dict[str, Any], folded: bool) -> list[tuple[str, str]]:
    """Its line after the players' grid (``BoardWords.lines``) while a Speech waits: No
    Man's Land empty in a Mission."""
    if doc.get("phase") != "mission" or doc.get("no_mans_land"):
        return []
    return [("house-waits", _("   house rule: a Speech waits for a card in No Man's Land"))]


HOUSE_FACE = Room(
    "House rule",
    rows={ROW: row_words},
    narrates={"SpeechHeldBack": held_back},
    moves=rally,
    board_lines=BoardWords(lines),
)
