"""Questions the table asks of a chapter: whose turn it is, whether the Recruit acts, how
many Missions a run of events started. Pure reads of the state and the events, for the
read models and the command line (which must not re-derive the rules themselves).
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.chapter.piles import RECRUIT_TURN
from domain.chapter.state import ChapterState
from domain.events import Event, MissionStarted


def recruit_acts(state: ChapterState) -> bool:
    """The Recruit takes this turn (the Mission Leader chooses its action)."""
    return state.turn == RECRUIT_TURN and state.recruit is not None


def acting_player(state: ChapterState | None) -> str | None:
    """The Grizzled whose turn it is during a Mission (None: nobody's, or the Recruit's)."""
    if state is None or state.active_player is None:
        return None
    return state.active_player.name


def whose_turn(state: ChapterState) -> str | None:
    """Who acts now, as the board shows it: a Grizzled's name, ``Recruit #n`` while the
    Recruit acts, None outside a Mission's turns."""
    recruit = state.recruit
    if recruit_acts(state) and recruit is not None:
        return f"Recruit #{recruit.number}"
    return acting_player(state)


def missions_started(events: Iterable[Event]) -> int:
    """How many Missions the events start (a MissionStarted each)."""
    return sum(1 for event in events if isinstance(event, MissionStarted))
