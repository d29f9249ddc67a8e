"""``SOLO``, the hooks by which Solo mode joins a chapter (``domain.chapter.moments``): it
sets up its own chapters and, once one is set up, plays every command of it. Its own file,
not the package's: importing the module's face (``face.py``, the voice's: what ``grizzled
status`` says of the single hand) loads none of the rules."""

from __future__ import annotations

from msgspec.structs import replace

from domain.cards.catalogue import Catalogue
from domain.chapter.commands import Chance, StartChapter
from domain.chapter.moments import Module
from domain.chapter.outcome import Outcome
from domain.chapter.state import ChapterState
from domain.events import ChapterStarted
from domain.modules.solo.commands import DrawSoloSupport, RefillHand
from domain.modules.solo.corrections import refuse_in_solo
from domain.modules.solo.play import solo_legal, solo_summary
from domain.modules.solo.rules import SOLO_EVOLVERS, SoloMissionEnded, decide_solo
from domain.modules.solo.setup import decide_start_solo, solo_seats
from domain.modules.solo.state import KEY, VARIANT, SoloTable, solo_set_aside, solo_shown


def solo_setup(
    cmd: StartChapter, catalogue: Catalogue, chance: Chance | None = None
) -> ChapterStarted | None:
    """A Solo chapter's setup (None: not a Solo chapter, the basic setup applies)."""
    return decide_start_solo(cmd, catalogue, chance) if cmd.variant == VARIANT else None


def lay_out_solo(state: ChapterState, event: ChapterStarted) -> ChapterState:
    """A Solo chapter starts with an empty single hand and six Hard Knocks out."""
    if event.variant != VARIANT:
        return state
    state = replace(state, set_aside=solo_set_aside(state.catalogue))
    return state.keeping(KEY, SoloTable())


def is_solo(state: ChapterState) -> bool:
    """The chapter is played in Solo mode (one hand on the table)."""
    return KEY in state.modules


def solo_support_due(o: Outcome, token: str) -> None:
    """A correction ended the Mission: the token rests on the Grizzled whose turn it
    was, and a solo Support tile is due."""
    o.emit(SoloMissionEnded(token))


SOLO = Module(
    "Solo",
    seats=solo_seats,
    setup=solo_setup,
    begin=lay_out_solo,
    variants={VARIANT: False},  # its solo tiles, no third tile
    evolvers=SOLO_EVOLVERS,
    commands={RefillHand: decide_solo, DrawSoloSupport: decide_solo},
    plays_chapter=is_solo,
    decide=decide_solo,
    legal=solo_legal,
    summary=solo_summary,
    support_phase=solo_support_due,
    keeps=(KEY, SoloTable),
    before_correction=refuse_in_solo,
    shows={"solo": solo_shown},
)
