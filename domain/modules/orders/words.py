"""The Orders of the Day's words: the rule a refused order breaks, and the reason the legal
actions give for cancelling a lasting order."""

from __future__ import annotations

from domain.errors import RuleViolation

CANCEL_REASON = "its cancellation condition is met"  # what legal_actions lists


class OrderRefused(RuleViolation):
    """The Orders of the Day's rules refuse the command (its message says why)."""

    rule = "orders of the day"
