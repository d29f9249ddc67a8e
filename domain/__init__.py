"""The rules of The Grizzled and its Armistice Edition, as pure functions over frozen state.

No I/O, no clock, no randomness: chance outcomes come in from outside and are recorded in
the events. The house follows the rulebooks' parts (docs/architecture.md): ``cards``,
``chapter``, ``modules``, ``campaign``; the front doors are ``engine`` (``decide`` /
``execute``), ``legal`` (``legal_actions``), ``simulate``, ``codec``, ``events`` (the
stored records), ``errors`` and ``limits``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.chapter.moments import Module


def install_modules(*house_rules: Module) -> None:
    """The one place the Armistice modules join the chapter's rules
    (domain/chapter/moments.py): Orders of the Day, Recruits, Solo and Duo, and the One-shot
    variant's setting aside of cards; then a program's own house rules, if it gives any
    (the tests' ``tests/house_rule``: a module kept out of the game as played)."""
    from domain.campaign.oneshot import ONE_SHOT
    from domain.chapter import moments
    from domain.modules import MODULES

    moments.INSTALLED.fill((*MODULES, ONE_SHOT, *house_rules))
