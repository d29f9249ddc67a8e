"""Solo's face (``voice/rooms.py``): the sentences of its events, its row on the board, what
it adds to the Next line and to ``why``, in the voice's words. Of the voice's layer, though
in the module's folder: nothing of the domain imports it; the voice loads it the first time
it meets one of the module's events, a board with the single hand or a Solo chapter (so
its imports are light: a ``grizzled status`` loads it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from voice import NOBODY, Room
from voice.lang import _, card_label, threat_name
from voice.parts import BoardWords, Decides, NextWords

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
    from voice.narrate import cards_said

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


# --- ``why``: the decisions the rules take in Solo mode (voice/decisions_table.py) ---


def played_explained(chapter: Any, event: Any, number: int, seen: Sequence[Any]) -> Any:
    """A card played from the one hand, as from a Grizzled's: a Hard Knock takes effect, a
    Trap meets Luck."""
    from voice.decisions_table import played as from_a_hand

    return from_a_hand(chapter, event, number, seen)


def refills_over(chapter: Any, event: Any, number: int, seen: Sequence[Any]) -> Any:
    """The one hand cannot be refilled again in this Mission."""
    from voice.decisions import Decision, _mission, _where

    facts = _(
        "a card was played and the action after it was not a refill: the one hand cannot "
        "be refilled again in this Mission"
    )
    entries = [number, *_where(_mission(seen[:-1]), {"SoloCardPlayed"})[-1:]]  # the card
    return Decision("solo mode", _("No more refills"), facts, {}, entries)


def tile_explained(chapter: Any, event: Any, number: int, seen: Sequence[Any]) -> Any:
    """The solo Support tile drawn, and whom it names."""
    from domain.modules.solo.state import SOLO_TILES  # left, center, right, none
    from voice.decisions import Decision

    named = zip(SOLO_TILES, chapter.players, strict=False)  # the tiles name them in setup order
    seats = ", ".join(f"{tile} {p.name}" for tile, p in named)
    if event.beneficiary is None:
        facts = _("the solo Support tile drawn is {tile}: it names nobody, no Support").format(
            tile=event.tile
        )
        what = _("Support to nobody")
    else:
        facts = _(
            "the solo Support tile drawn is {tile}: it names {player} (the tiles name the "
            "Grizzled in setup order: {seats})"
        ).format(tile=event.tile, player=event.beneficiary, seats=seats)
        what = _("Support to {player}").format(player=event.beneficiary)
    data = {"tile": event.tile, "beneficiary": event.beneficiary}
    return Decision("solo mode", what, facts, data, [number])


# --- the board (voice/board.py) and the Next line (voice/next_step.py) ---


def piles(values: dict[str, Any], mission: int) -> dict[str, Any]:
    """The document's ``solo_hand``: the single hand's size (None: not Solo mode)."""
    return {"solo_hand": (values.get("solo") or {}).get("hand_size")}


def board_lines(doc: dict[str, Any], folded: bool) -> list[tuple[str, str]]:
    """The single hand's row (``solo``), folded or not."""
    if doc.get("solo_hand") is None:
        return []
    return [("solo", _("The single hand: {count} cards").format(count=doc["solo_hand"]))]


def allows(legal: Any) -> list[tuple[str, str]]:
    """The single hand refilled, right after a play."""
    return [("refill", _("refill the hand"))] if legal.get("refill") else []


def intensity(chapter: Any) -> tuple[int, bool] | None:
    """Every Solo Mission's intensity: the single hand filled up (None: not Solo mode)."""
    from domain.chapter.commands import StartMission
    from domain.legal import legal_actions
    from domain.modules.solo.state import solo_table

    if solo_table(chapter) is None:
        return None
    starts = {c.intensity for c in legal_actions(chapter) if isinstance(c, StartMission)}
    return min(starts), len(starts) == 1


def step(chapter: Any) -> str | None:
    """The solo Support tile to draw, when it is (None: not)."""
    from domain.chapter.state import Phase

    if chapter.phase != Phase.DRAW_SUPPORT:
        return None
    return _("draw the solo Support tile: grizzled solo-support TILE")


def held(chapter: Any) -> dict[str, int] | None:
    """``why``: the cards left in hands at a Morale Drop, one hand for the three Grizzled
    (None: not Solo mode)."""
    from domain.modules.solo.state import solo_table

    solo = solo_table(chapter)
    return None if solo is None else {_("the hand"): solo.hand_size}


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
    explains={
        "SoloCardPlayed": played_explained,
        "SoloRefillGivenUp": refills_over,
        "SoloSupportDrawn": tile_explained,
    },
    hands=("SoloCardPlayed",),  # the one hand: a Hard Knock acts, a Trap meets Luck
    board_lines=BoardWords(board_lines, allows=allows),
    next_lines=NextWords(intensity=intensity, step=step),
    piles=piles,
    decides=Decides(reveals=("SoloSupportDrawn",), held=held),
    legal_words={"refill": "refill"},  # the table session's word: the CLI's command
)
