"""What no correction sets in Solo mode: the cards are in the single hand, nobody makes a
Speech, the Grizzled hold no Support tiles (moments.py ``before_correction``)."""

from __future__ import annotations

from domain.chapter.facts import HAND_MOVES
from domain.chapter.state import ChapterState
from domain.errors import N_, InvalidCorrection
from domain.events import FactCorrected
from domain.modules.solo.state import KEY

_SINGLE_HAND = "the cards are in the single hand, held by no Grizzled: undo what was logged wrong"
NOT_IN_SOLO = {
    "hand": _SINGLE_HAND,
    **dict.fromkeys(HAND_MOVES, _SINGLE_HAND),
    **dict.fromkeys(("stock", "tokens"), "nobody makes a Speech: there are no Speech tokens"),
    **dict.fromkeys(
        ("tile-add", "tile-remove", "tile-played"),
        "the Grizzled hold no Support tiles: a solo tile is drawn at the Support phase",
    ),
}


def refuse_in_solo(state: ChapterState, event: FactCorrected) -> None:
    """In a Solo chapter, refuse a correction of what the Solo table does not have."""
    if KEY in state.modules and event.fact in NOT_IN_SOLO:
        raise InvalidCorrection(
            N_("in Solo mode {NOT_IN_SOLO}"), NOT_IN_SOLO=NOT_IN_SOLO[event.fact]
        )
