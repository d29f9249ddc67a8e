"""Traps with Luck's face (``voice/rooms.py``): the board's Luck row and the sentence for
a Trap a Luck symbol cancelled, in the voice's words. Of the voice's layer, though in the
module's folder: it imports the voice's words and the module's state (when it reads it),
and nothing of the domain imports it (tests/test_import_graph.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from voice import Room
from voice.lang import _, card_label

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState


def luck_row(luck: dict[str, list[str]], doc: dict[str, Any]) -> str | None:
    """``Luck: night+luck in force (cancels the next Trap); snow+luck spent`` while Traps
    are on and a Luck symbol is in No Man's Land (``luck``: the ``status`` document's)."""
    if not doc.get("traps") or not (luck.get("in_force") or luck.get("spent")):
        return None
    said = []
    if luck["in_force"]:
        said.append(
            _("{cards} in force (cancels the next Trap)").format(cards=", ".join(luck["in_force"]))
        )
    if luck["spent"]:
        said.append(_("{cards} spent on a Trap").format(cards=", ".join(luck["spent"])))
    return _("Luck: {said}").format(said=_("; ").join(said))


def trap_cancelled(e: Any, after: Sequence[Any], campaign: CampaignState | None) -> str | None:
    """The card of a Trap played from a hand (a Grizzled's or a Recruit's) that drew
    nothing while Traps are on: a Luck symbol cancelled it (Decision 1); else None."""
    chapter = campaign.chapter if campaign is not None else None
    if type(e).__name__ not in ("CardPlayed", "RecruitPlayed") or chapter is None:
        return None  # the Recruits' module is not loaded to ask
    card: str = getattr(e, "card")  # noqa: B009 (both events name their card)
    kind = chapter.catalogue.cards.get(card)
    if kind is None or not kind.trap or not chapter.rules.traps:
        return None
    drew = after and type(after[0]).__name__ == "CardDrawnAndPlayed" and after[0].cause == "trap"
    return None if drew else card


def luck_sentence(card: str, campaign: CampaignState) -> str:
    """``The Luck of night+luck cancels the Trap of rain+gas+trap: nothing is drawn.`` (the
    Luck no longer named once the Mission it was spent in has ended)."""
    from domain.modules.luck import luck_spent

    chapter = campaign.chapter
    assert chapter is not None
    label = card_label(card, chapter.catalogue)
    spent = luck_spent(chapter)
    if spent:
        return _("The Luck of {card} cancels the Trap of {trap}: nothing is drawn.").format(
            card=spent[-1], trap=label
        )
    return _("Luck cancels the Trap of {trap}: nothing is drawn.").format(trap=label)


def tells(
    e: Any, after: Sequence[Any], campaign: CampaignState | None
) -> tuple[str, str, dict[str, Any]] | None:
    """After a Trap a Luck symbol cancelled, the sentence that says so."""
    cancelled = trap_cancelled(e, after, campaign)
    if cancelled is None or campaign is None:
        return None
    return "LuckCancelledTrap", luck_sentence(cancelled, campaign), {"card": cancelled}


ROOM = Room("Traps with Luck", rows={"luck": luck_row}, tells=tells, keys=("luck",))
