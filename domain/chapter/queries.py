"""Questions the table asks of a chapter: whose turn it is (a Grizzled's, or a seat a module
adds), how many Missions a run of events started. Pure reads of the state and the events, for the
read models and the command line (which must not re-derive the rules themselves).
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.chapter.piles import MODULE_TURN
from domain.chapter.state import ChapterState
from domain.events import Event, MissionStarted


def acting_player(state: ChapterState | None) -> str | None:
    """The Grizzled whose turn it is during a Mission (None: nobody's, or the Recruit's)."""
    if state is None or state.active_player is None:
        return None
    return state.active_player.name


def whose_turn(state: ChapterState) -> str | None:
    """Who acts now, as the board shows it: a Grizzled's name, the name of a seat a module
    adds while it acts (``Recruit #n``), None outside a Mission's turns."""
    if state.turn == MODULE_TURN:
        for kept in state.modules.values():
            seat = kept.acting()
            if seat is not None:
                return seat
    return acting_player(state)


def missions_started(events: Iterable[Event]) -> int:
    """How many Missions the events start (a MissionStarted each)."""
    return sum(1 for event in events if isinstance(event, MissionStarted))
