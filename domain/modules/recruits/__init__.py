"""Recruits (Armistice rulebook, "Recruits", read before Chapter 3): the module's room, its
commands (``commands``), events (``events``), piles on the table (``state``: its record in
``ChapterState.modules``, the Recruit in play a seat it adds), refusals (``words``) and
rules (``rules``: ``RECRUITS``, the ``Module``). The package names only the commands,
events, state and refusals, so the card effects (``domain/modules/effects.py``) read them
without importing the rules.

After a Mission's deal a Recruit enters if none is in play, the Recruit deck is not
empty and the Trials deck holds its starting hand. It sits between the Mission Leader
and the player to their right (so in its first Mission it acts after everyone else) and
keeps that place when the leader changes; its hand is drawn face up. On its turn the
current Mission Leader chooses its action: play a card (a Threat to No Man's Land; a Hard
Knock to the Mission Leader, never to the Recruit, and not at all once the leader has
withdrawn; a Trap it springs gives a drawn Hard Knock to the leader even if withdrawn) or
withdraw (its Morale tokens go on it, stay there until it leaves, and count as cards in
hand at every Morale Drop while it is in play; its own cards never count). It is not
dealt cards, Support tiles and Speeches ignore it, a failed Mission gives it no token.
When it plays its last card it departs: the rules of its advantage the group described
apply at once for the Mission Leader (``effects.once``), the rest is text for the table.
While it is in play its effect's rules are in force, and the cards in force (an Order)
restrict its actions as a Grizzled's (``domain/modules/effects.py``). No chapter is won
while a Recruit is in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.modules import read_when_asked

if TYPE_CHECKING:
    from domain.modules.recruits.commands import (
        PlayRecruitCard,
        WithdrawRecruit,
        entering_recruit,
        recruit_deck_options,
        recruit_entering,
        recruit_hand_told,
        recruits_briefed,
    )
    from domain.modules.recruits.events import (
        RecruitArrived,
        RecruitDeparted,
        RecruitPlayed,
        RecruitWithdrew,
    )
    from domain.modules.recruits.state import (
        Recruit,
        RecruitPiles,
        recruit_acts,
        recruit_in_play,
        recruit_piles,
    )
    from domain.modules.recruits.words import RecruitRefused

__all__ = [
    "PlayRecruitCard",
    "Recruit",
    "RecruitArrived",
    "RecruitDeparted",
    "RecruitPiles",
    "RecruitPlayed",
    "RecruitRefused",
    "RecruitWithdrew",
    "WithdrawRecruit",
    "entering_recruit",
    "recruit_acts",
    "recruit_deck_options",
    "recruit_entering",
    "recruit_hand_told",
    "recruit_in_play",
    "recruit_piles",
    "recruits_briefed",
]
_WHERE = {
    "PlayRecruitCard": "commands",
    "Recruit": "state",
    "RecruitArrived": "events",
    "RecruitDeparted": "events",
    "RecruitPiles": "state",
    "RecruitPlayed": "events",
    "RecruitRefused": "words",
    "RecruitWithdrew": "events",
    "WithdrawRecruit": "commands",
    "entering_recruit": "commands",
    "recruit_acts": "state",
    "recruit_deck_options": "commands",
    "recruit_entering": "commands",
    "recruit_hand_told": "commands",
    "recruit_in_play": "state",
    "recruit_piles": "state",
    "recruits_briefed": "commands",
}  # each name's module in the package


__getattr__ = read_when_asked(__name__, _WHERE)
