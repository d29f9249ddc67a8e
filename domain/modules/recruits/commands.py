"""The Recruits' own commands, given by the Mission Leader on the Recruit's turn, and what
the chapter's commands carry for them (``OPTIONS``): the Briefing's Recruit deck in
``StartChapter``; in ``StartMission``, at a real table, the Recruit that enters and its
starting hand. Stored under these names, as they always were (``codec.encode_command``)."""

from __future__ import annotations

from domain.chapter.commands import (
    Choice,
    ModuleCommand,
    Option,
    Options,
    StartChapter,
    StartMission,
    Target,
    option,
    options,
)

OPTIONS = {
    "recruits": Option(StartChapter, tuple[int, ...] | None),
    "recruit": Option(StartMission, int | None),
    "recruit_hand": Option(StartMission, tuple[str, ...] | None),
}


def recruit_deck_options(deck: tuple[int, ...] | None) -> Options:
    """A chapter's setup given the Briefing's Recruit deck (None: not used)."""
    return options(recruits=deck)


def entering_recruit(number: int | None, hand: tuple[str, ...] | None = None) -> Options:
    """A Mission's start given the Recruit that enters and its starting hand."""
    return options(recruit=number, recruit_hand=hand)


def recruits_briefed(cmd: StartChapter) -> tuple[int, ...] | None:
    """The Recruit deck a chapter's setup names (None: not used)."""
    deck: tuple[int, ...] | None = option(cmd, "recruits")
    return deck


def recruit_entering(cmd: StartMission) -> int | None:
    """The Recruit the table says enters (None: the engine reads the deck's top)."""
    number: int | None = option(cmd, "recruit")
    return number


def recruit_hand_told(cmd: StartMission) -> tuple[str, ...] | None:
    """The starting hand the table says the recruit_entering Recruit draws."""
    hand: tuple[str, ...] | None = option(cmd, "recruit_hand")
    return hand


class PlayRecruitCard(ModuleCommand, frozen=True, gc=False):
    """The Mission Leader has the Recruit play a card (``drawn``: a Trap's card, ``target``:
    a Merry Christmas's Hard Knock; ``advantage``: what the leader names for the Recruit's
    advantage when this last card makes it depart)."""

    card: str
    drawn: str | None = None
    target: Target | None = None
    advantage: Choice | None = None


class WithdrawRecruit(ModuleCommand, frozen=True, gc=False):
    """The Mission Leader has the Recruit withdraw from the Mission."""
