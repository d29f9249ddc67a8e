"""The application's refusals: one line a person reads, and the rule broken if the rules
refused (``RuleViolation.rule``, for ``why``). Every face shows the line as it is: the
command line as its one error line (exit 1), the companion on the keeper's page."""

from __future__ import annotations


class Refused(Exception):
    """Nothing was recorded: the rules, the tracker or the file refused, said in one line."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule  # the rule's id (RuleViolation.rule), for ``why``; None: the tracker's

    def __str__(self) -> str:
        return self.message


class NoCampaign(Refused):
    """The file holds no campaign yet (a face may offer to create one)."""
