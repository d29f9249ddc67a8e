"""The Recruits' refusals: the rule a refused Recruit's action breaks."""

from __future__ import annotations

from domain.errors import RuleViolation


class RecruitRefused(RuleViolation):
    """The Recruits' rules refuse the action (its message says why)."""

    rule = "recruits"
