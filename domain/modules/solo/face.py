"""Solo's face (``voice/rooms.py``): the sentences of its events, in the voice's words. Of
the voice's layer, though in the module's folder: nothing of the domain imports it; the
voice loads it the first time it meets one of the module's events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice import NOBODY, Room
from voice.lang import _, card_label, threat_name
from voice.narrate import cards_said

if TYPE_CHECKING:
    from domain.cards.catalogue import Catalogue
    from domain.modules.solo.rules import (
        SoloCardPlayed,
        SoloHandFilled,
        SoloMissionEnded,
        SoloRefillGivenUp,
        SoloSupportDrawn,
    )


def filled(e: SoloHandFilled, c: Catalogue) -> str:
    """``The hand is filled: 5 cards drawn.`` (at a Mission's start; else refilled)."""
    if e.cause == "mission":
        said = _("The hand is filled: {cards} drawn.")
    else:
        said = _("The hand is refilled: {cards} drawn.")
    return said.format(cards=cards_said(len(e.cards)))


def played(e: SoloCardPlayed, c: Catalogue) -> str:
    """``Ann plays night+rain from the hand.``"""
    return _("{player} plays {card} from the hand.").format(
        player=e.player, card=card_label(e.card, c)
    )


def given_up(e: SoloRefillGivenUp, c: Catalogue) -> str:
    """``No refill: ...``"""
    return _("No refill: the hand cannot be refilled again this Mission.")


def ended(e: SoloMissionEnded, c: Catalogue) -> str:
    """``The Mission is over; the token rests on night.``"""
    return _("The Mission is over; the token rests on {threat}.").format(
        threat=threat_name(e.token)
    )


def support_drawn(e: SoloSupportDrawn, c: Catalogue) -> str:
    """``Solo Support tile drawn: left; Ann benefits.``"""
    who = (
        _("{player} benefits").format(player=e.beneficiary)
        if e.beneficiary
        else _("nobody benefits")
    )
    return _("Solo Support tile drawn: {tile}; {who}.").format(tile=e.tile, who=who)


ROOM = Room(
    "Solo",
    narrates={
        "SoloHandFilled": filled,
        "SoloCardPlayed": played,
        "SoloRefillGivenUp": given_up,
        "SoloMissionEnded": ended,
        "SoloSupportDrawn": support_drawn,
    },
    secrets={"SoloHandFilled": (("cards", NOBODY),)},  # the order the hand was drawn in
)
