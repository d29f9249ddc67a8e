"""The Recruits' own commands, given by the Mission Leader on the Recruit's turn."""

from __future__ import annotations

from domain.chapter.commands import Choice, ModuleCommand, Target


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
