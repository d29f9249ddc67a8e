"""What the Recruits keep on the table: the Recruit deck, the Recruit in play (a seat it adds
at the table, acting after the seat to its right) and those departed (``RecruitPiles``, the
module's record in ``ChapterState.modules``, key ``recruits``; no record: the chapter is
played without Recruits). Recruit cards are named by their printed number; what a number
means is in ``Catalogue.recruits``, as the player described it."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.chapter.piles import MODULE_TURN, Kept
from domain.chapter.state import ChapterState

KEY = "recruits"  # the Recruits' key in ``ChapterState.modules`` (and in a stored state)
RECRUIT_TURN = MODULE_TURN  # ``ChapterState.turn`` while the Recruit acts


class Recruit(msgspec.Struct, frozen=True):
    """The Recruit in play: its card, the seat it acts after, its face-up hand."""

    number: int
    after: int  # the seat of the player to its right: it acts right after them
    hand: tuple[str, ...]  # face up, sorted
    withdrew_in: int = 0  # the Mission it withdrew from (0: none)
    tokens: int = 0  # Morale tokens placed on it when it withdrew


class RecruitPiles(Kept, frozen=True):
    """The Recruits: the deck (top first when ``known``), the one in play, those gone."""

    deck: tuple[int, ...]
    known: bool = False
    recruit: Recruit | None = None
    departed: tuple[int, ...] = ()

    def cards(self) -> int:
        """The Recruit's hand: Trial cards of the chapter, not counted as in hands."""
        return len(self.recruit.hand) if self.recruit is not None else 0

    def face_up(self) -> tuple[str, ...]:
        """A Recruit's hand lies face up."""
        return self.recruit.hand if self.recruit is not None else ()

    def seated(self) -> bool:
        """A Recruit is in play."""
        return self.recruit is not None

    def seat_in_mission(self, mission: int) -> bool:
        """A Recruit is in play and has not withdrawn from this Mission."""
        recruit = self.recruit
        return recruit is not None and recruit.withdrew_in != mission

    def acting(self, board: bool = True) -> str | None:
        """The Recruit in play, as the board names it (``Recruit #n``) or a sentence does."""
        if self.recruit is None:
            return None
        return f"Recruit #{self.recruit.number}" if board else "the Recruit"

    def next_turn(self, state: ChapterState, seat: int) -> int | None:
        """Turn order with the Recruit sitting right after seat ``recruit.after``."""
        recruit = self.recruit
        if recruit is None:
            return None
        players = state.players
        n, acting = len(players), recruit.withdrew_in != state.mission
        start = recruit.after if seat == RECRUIT_TURN else seat
        for step in range(1, n + 1):
            passed = (start + step - 1) % n
            if acting and passed == recruit.after and not (seat == RECRUIT_TURN and step == 1):
                return RECRUIT_TURN
            candidate = players[(start + step) % n]
            if not candidate.chaplain and not candidate.withdrawn:
                return (start + step) % n
        return RECRUIT_TURN if acting else -1


def recruit_piles(state: ChapterState) -> RecruitPiles | None:
    """The Recruits on the table (None: the chapter is played without them)."""
    piles: Any = state.modules.get(KEY)  # (``kept_as`` without its call: asked every action)
    found: RecruitPiles | None = piles
    return found


def with_recruit_piles(state: ChapterState, piles: RecruitPiles) -> ChapterState:
    """The state with the Recruits' piles replaced."""
    return state.keeping(KEY, piles)


def recruit_in_play(state: ChapterState) -> Recruit | None:
    """The Recruit in play, if any."""
    piles = recruit_piles(state)
    return piles.recruit if piles is not None else None


def recruit_in_mission(state: ChapterState) -> bool:
    """A Recruit is in play and has not withdrawn from the current Mission."""
    piles = recruit_piles(state)
    return piles is not None and piles.seat_in_mission(state.mission)


def recruit_acts(state: ChapterState) -> bool:
    """The Recruit takes this turn (the Mission Leader chooses its action)."""
    return state.turn == RECRUIT_TURN and recruit_in_play(state) is not None
