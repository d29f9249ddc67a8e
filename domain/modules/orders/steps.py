"""Orders of the Day's set-up step (``app.setup``): an Order of the Day described for the
box, as the command line's ``describe order`` and the companion's set-up page ask it. Of
the application's layer, though in the module's folder: the faces import it, nothing of
domain, voice or app does; ``app.setup.enter`` logs it as any step, by its ``command``."""

from __future__ import annotations

from typing import Any

from app.setup import ModuleStep, forbids_read, rules_read


class DescribeOrder(ModuleStep, frozen=True, kw_only=True):
    """An Order of the Day; ``forbids`` and ``rules`` in the effects vocabulary."""

    number: int
    name: str
    difficulty: str = "normal"
    minimums: tuple[tuple[int, int], ...] = ()
    threats: tuple[str, ...] = ()
    lasting: str = ""
    forbids: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    effect: str = ""
    reason: str = ""

    def command(self) -> tuple[Any, str]:
        """The box's ``DescribeOrder`` and its summary for the log."""
        from domain.cards import box, catalogue
        from voice import summary as said

        what = said.numbered("Order of the Day", self.number)
        order = catalogue.OrderCard(
            self.number,
            self.name,
            self.difficulty,
            self.minimums,
            self.threats,
            bool(self.lasting),
            self.lasting,
            self.effect,
            forbids_read(self.forbids, what),
            rules_read(self.rules, "order", what),
        )
        summary = said.described("Order of the Day", self.number)
        return box.DescribeOrder(order, self.reason), summary
