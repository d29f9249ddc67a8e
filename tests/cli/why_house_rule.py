"""Importing this plays a house rule whose refusal is the rules' general one (a bare
``RuleViolation``, rule "rules"): "nobody withdraws while No Man's Land is empty". The
``why`` stories run ``grizzled`` in a subprocess that imports this first, as
tests/house_rule/played.py does for its own rule."""

from __future__ import annotations

from domain import install_modules
from domain.chapter import moments
from domain.chapter.commands import Command, Withdraw
from domain.chapter.moments import Module
from domain.chapter.state import ChapterState
from domain.errors import RuleViolation


def nothing_faced(state: ChapterState) -> bool:
    """Whether No Man's Land is empty: only then may the rule refuse an action."""
    return not state.nml


def no_withdrawal_before_a_threat(state: ChapterState, cmd: Command) -> None:
    """Refuse a withdrawal while No Man's Land is empty."""
    if type(cmd) is Withdraw and nothing_faced(state):
        raise RuleViolation(f"house rule: {cmd.player} cannot withdraw before a card is played")


HOUSE_RULE = Module(
    "No withdrawal before a threat",
    restricts=nothing_faced,
    before_action=no_withdrawal_before_a_threat,
)


def _install() -> None:
    install_modules(HOUSE_RULE)


moments.LOADER = _install
if type(moments.INSTALLED) is moments.Registry:  # already installed: play it from now on
    _install()
