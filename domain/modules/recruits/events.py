"""The Recruits' events: a Recruit arrived, played, withdrew, departed."""

from __future__ import annotations

from typing import ClassVar

from domain.events import Event


class RecruitArrived(Event, frozen=True):
    """A Recruit entered after the deal: it acts right after ``after`` (the player to the
    Mission Leader's right) and drew ``hand`` face up from the Trials deck."""

    TYPE: ClassVar[str] = "RecruitArrived"
    recruit: int
    after: str
    hand: tuple[str, ...]


class RecruitPlayed(Event, frozen=True):
    """The Recruit played a card: a Threat to No Man's Land, a Hard Knock to the Mission
    Leader, a Merry Christmas to the discard."""

    TYPE: ClassVar[str] = "RecruitPlayed"
    recruit: int
    card: str


class RecruitWithdrew(Event, frozen=True):
    """The Recruit withdrew from the Mission; ``tokens`` Morale tokens went on it."""

    TYPE: ClassVar[str] = "RecruitWithdrew"
    recruit: int
    tokens: int


class RecruitDeparted(Event, frozen=True):
    """The Recruit played its last card and left; the table gains its advantage."""

    TYPE: ClassVar[str] = "RecruitDeparted"
    recruit: int
