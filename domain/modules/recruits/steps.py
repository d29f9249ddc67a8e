"""The Recruits' set-up step (``app.setup``): a Recruit described for the box, as the
command line's ``describe recruit`` and the companion's set-up page ask it. Of the
application's layer, though in the module's folder: the faces import it, nothing of
domain, voice or app does; ``app.setup.enter`` logs it as any step, by its ``command``."""

from __future__ import annotations

from typing import Any

from app.setup import ModuleStep, forbids_read, rules_read


class DescribeRecruit(ModuleStep, frozen=True, kw_only=True):
    """A Recruit; ``advantage_rules``: what its departure gives the Mission Leader."""

    number: int
    name: str
    hand: int = 3
    tokens: int = 1
    effect: str = ""
    advantage: str = ""
    forbids: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    advantage_rules: tuple[str, ...] = ()
    reason: str = ""

    def command(self) -> tuple[Any, str]:
        """The box's ``DescribeRecruit`` and its summary for the log."""
        from domain.cards import box, catalogue
        from voice import summary as said

        what = said.numbered("Recruit", self.number)
        recruit = catalogue.RecruitCard(
            self.number,
            self.name,
            self.hand,
            self.tokens,
            self.effect,
            self.advantage,
            forbids_read(self.forbids, what),
            rules_read(self.rules, "in-force", what),
            rules_read(self.advantage_rules, "once", what),
        )
        summary = said.described("Recruit", self.number)
        return box.DescribeRecruit(recruit, self.reason), summary
